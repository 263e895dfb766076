// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/SourceDiffModel.h"

#include "widgets/analysis/TimeSummaryModels.h" // summaryMs
#include "widgets/compare/DeltaColour.h"
#include "widgets/compare/NameDiffModel.h"      // runKey

#include <QHash>
#include <QLocale>

namespace lanescope {

SourceDiffModel::SourceDiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SourceDiffModel::setRuns(const QStringList &labels, std::vector<std::shared_ptr<const analysis::SourceLines>> lines)
{
    beginResetModel();
    m_labels.clear();
    m_lines.clear();
    m_rows.clear();
    const int n = int(std::min<qsizetype>(labels.size(), qsizetype(lines.size())));
    if (n >= 2 && lines.front()) {
        m_labels = labels.mid(0, n);
        m_lines.assign(lines.begin(), lines.begin() + n);
        // Baseline against each later run; a line is one row whichever runs have it.
        QHash<QString, int> rowByKey;
        const auto key = [](const analysis::SourceLineDelta &d) {
            return d.file + QLatin1Char('\n') + QString::number(d.line) + QLatin1Char('\n') + d.function;
        };
        std::vector<Row> rows;
        std::vector<int> lastOrder; // rows in the core's order for the last run
        for (int run = 1; run < n; ++run) {
            if (!m_lines[std::size_t(run)])
                continue;
            const std::vector<analysis::SourceLineDelta> deltas = analysis::compareSourceLines(*m_lines.front(), *m_lines[std::size_t(run)]);
            lastOrder.clear();
            for (const analysis::SourceLineDelta &d : deltas) {
                const QString k = key(d);
                auto it = rowByKey.find(k);
                if (it == rowByKey.end()) {
                    Row r;
                    r.file = d.file;
                    r.line = d.line;
                    r.function = d.function;
                    r.rowOf.assign(std::size_t(n), -1);
                    r.gpu.assign(std::size_t(n), 0);
                    r.cpu.assign(std::size_t(n), 0);
                    r.rowOf[0] = d.rowA;
                    r.gpu[0] = d.gpuA;
                    r.cpu[0] = d.cpuTotalA;
                    it = rowByKey.insert(k, int(rows.size()));
                    rows.push_back(std::move(r));
                }
                Row &r = rows[std::size_t(*it)];
                r.rowOf[std::size_t(run)] = d.rowB;
                r.gpu[std::size_t(run)] = d.gpuB;
                r.cpu[std::size_t(run)] = d.cpuTotalB;
                lastOrder.push_back(*it);
            }
        }
        // The last run's order first, then lines only earlier runs had.
        std::vector<char> placed(rows.size(), 0);
        for (int i : lastOrder)
            if (!placed[std::size_t(i)]) {
                placed[std::size_t(i)] = 1;
                m_rows.push_back(rows[std::size_t(i)]);
            }
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (!placed[i])
                m_rows.push_back(std::move(rows[i]));
    }
    endResetModel();
}

int SourceDiffModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int SourceDiffModel::columnCount(const QModelIndex &parent) const
{
    // Line, function, then per run: GPU; per later run: its change; per run: CPU; per later run: its change.
    return parent.isValid() || runs() < 2 ? 0 : 2 + 4 * runs() - 2;
}

QVariant SourceDiffModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    const int c = index.column();
    const QString location = r.file.isEmpty() ? QString() : QStringLiteral("%1:%2").arg(r.file).arg(r.line);
    if (role == NameRole)
        return location + QLatin1Char(' ') + r.function;
    if (role == Qt::ToolTipRole && c <= 1)
        return location.isEmpty() ? r.function : location + QLatin1Char('\n') + r.function;
    if (role == Qt::TextAlignmentRole)
        return c <= 1 ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter)) : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    // Which figure the column is: run and kind.
    int run = -1;
    bool gpu = true, delta = false;
    for (int k = 0; k < runs() && run < 0; ++k) {
        if (c == gpuColumn(k))
            run = k;
        else if (c == gpuDeltaColumn(k))
            run = k, delta = true;
        else if (c == cpuColumn(k))
            run = k, gpu = false;
        else if (c == cpuDeltaColumn(k))
            run = k, gpu = false, delta = true;
    }
    const std::vector<TimeNs> &v = gpu ? r.gpu : r.cpu;
    const TimeNs value = run < 0 ? 0 : delta ? v[std::size_t(run)] - v[0] : v[std::size_t(run)];
    if (role == SortRole) {
        if (c == 0)
            return location.isEmpty() ? r.function : location;
        if (c == 1)
            return r.function;
        return qlonglong(value);
    }
    if (role == Qt::ForegroundRole && delta) {
        const QString shown = summaryMs(std::abs(value));
        return readsAsZero(shown) ? QVariant() : deltaForeground(value < 0 ? 1 : -1); // less time is better
    }
    if (role == Qt::ToolTipRole && run >= 0 && r.rowOf[std::size_t(run)] < 0)
        return tr("Not in %1").arg(m_labels.value(run));
    if (role != Qt::DisplayRole)
        return {};
    if (c == 0)
        return location;
    if (c == 1)
        return r.function;
    if (!delta)
        return r.rowOf[std::size_t(run)] < 0 ? QStringLiteral("–") : summaryMs(value);
    const QString magnitude = summaryMs(std::abs(value));
    if (readsAsZero(magnitude))
        return magnitude; // no sign where the change does not show at this precision
    return (value > 0 ? QStringLiteral("+") : QStringLiteral("−")) + magnitude;
}

QVariant SourceDiffModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || runs() < 2)
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        if (section == 0)
            return tr("Line");
        if (section == 1)
            return tr("Function");
        for (int k = 0; k < runs(); ++k) {
            const QString key = NameDiffModel::runKey(k, m_labels), label = m_labels.value(k);
            if (section == gpuColumn(k))
                return role == Qt::DisplayRole ? tr("GPU %1 (ms)").arg(key)
                                               : tr("GPU time launched from the line in %1").arg(label);
            if (section == gpuDeltaColumn(k))
                return role == Qt::DisplayRole ? tr("Δ GPU %1").arg(key)
                                               : tr("The change of the line's launched GPU time in %1 against the baseline (ms)").arg(label);
            if (section == cpuColumn(k))
                return role == Qt::DisplayRole ? tr("CPU %1 (ms)").arg(key) : tr("The line's calls' CPU time in %1").arg(label);
            if (section == cpuDeltaColumn(k))
                return role == Qt::DisplayRole ? tr("Δ CPU %1").arg(key)
                                               : tr("The change of the line's CPU time in %1 against the baseline (ms)").arg(label);
        }
    }
    return {};
}

} // namespace lanescope
