// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/CompactTable.h"

#include <QRegularExpression>

namespace lanescope {

QVariant CompactTable::headerData(int section, Qt::Orientation o, int role) const
{
    if (!sourceModel() || o != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QIdentityProxyModel::headerData(section, o, role);
    const QVariant shortText = sourceModel()->headerData(section, o, ShortHeaderRole);
    if (!shortText.isValid())
        return QIdentityProxyModel::headerData(section, o, role);
    if (role == Qt::DisplayRole)
        return shortText;
    const QVariant tip = sourceModel()->headerData(section, o, Qt::ToolTipRole);
    return tip.isValid() ? tip : sourceModel()->headerData(section, o, Qt::DisplayRole);
}

QVariant CompactTable::data(const QModelIndex &index, int role) const
{
    const QVariant v = QIdentityProxyModel::data(index, role);
    if (role != Qt::DisplayRole || index.column() == 0 || v.userType() != QMetaType::QString)
        return v;
    QString s = v.toString().trimmed();
    // A delta's interval ("−53.4 ms (−30.2 %)  [95 %: −33.5 to −27.0 %]") on a line of its own
    // whatever the runs: on one line it doubled the column, and two runs needed a sideways scroll.
    const qsizetype bracket = s.indexOf(QStringLiteral("  ["));
    if (bracket >= 0) {
        QString interval = s.mid(bracket + 2);
        s.truncate(bracket);
        const QString shortInterval = m_breakLines ? sourceModel()->data(mapToSource(index), ShortIntervalRole).toString() : QString();
        if (!shortInterval.isEmpty()) {
            interval = shortInterval; // "[−33.5, −27.0]": one line as narrow as the figures above it
        } else if (m_breakLines) { // else its two ends under its label ("[95 %:" / "−33.5 to" / "−27.0 %]")
            const qsizetype colon = interval.indexOf(QRegularExpression(QStringLiteral("[:：]")));
            if (colon > 0) {
                QString figures = interval.mid(colon + 1).trimmed();
                // The upper end: the last figure, after a space.
                for (qsizetype i = figures.size() - 2; i > 0; --i)
                    if (figures[i] == QLatin1Char(' ')
                        && (figures[i + 1].isDigit() || figures[i + 1] == QChar(0x2212) || figures[i + 1] == QLatin1Char('+'))) {
                        figures = figures.left(i) + QLatin1Char('\n') + figures.mid(i + 1);
                        break;
                    }
                interval = interval.left(colon + 1) + QLatin1Char('\n') + figures;
            }
        }
        s += QLatin1Char('\n') + interval;
    }
    if (!m_breakLines)
        return s;
    s.replace(QStringLiteral(" × "), QStringLiteral(" ×\n"));
    s.replace(QStringLiteral(" ("), QStringLiteral("\n("));
    return s;
}

} // namespace lanescope
