// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/CompactTable.h"

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
    if (!m_breakLines || role != Qt::DisplayRole || index.column() == 0 || v.userType() != QMetaType::QString)
        return v;
    QString s = v.toString().trimmed();
    s.replace(QStringLiteral(" × "), QStringLiteral(" ×\n"));
    s.replace(QStringLiteral(" ("), QStringLiteral("\n("));
    return s;
}

} // namespace lanescope
