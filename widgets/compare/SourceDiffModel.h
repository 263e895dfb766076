// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's differences by line of Python (analysis::compareSourceLines, baseline against
// each later run): which lines launch more GPU time or take more CPU time. Columns: the line and
// its function, each run's launched GPU time, each later run's change of it, each run's CPU time,
// each later run's change of it (ms). Rows in the core's order for the last run: the lines that
// got slower first, those that got faster last. SortRole the raw numbers (ns).
#include "core/analysis/measures/source_lines/SourceLines.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace lanescope {

class SourceDiffModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1, NameRole };

    explicit SourceDiffModel(QObject *parent = nullptr);
    // Each run's source lines (run 0 the baseline; null: not analysed yet, its figures empty),
    // measured the same way (all folded or none). Fewer than two: no rows.
    void setRuns(const QStringList &labels, std::vector<std::shared_ptr<const analysis::SourceLines>> lines);
    const std::vector<std::shared_ptr<const analysis::SourceLines>> &runLines() const { return m_lines; }

    struct Row
    {
        QString file;
        int line = 0;
        QString function;
        std::vector<int> rowOf;     // per run: its row in that run's lines, -1 where absent
        std::vector<TimeNs> gpu, cpu; // per run (cpu: total)
    };
    const std::vector<Row> &rows() const { return m_rows; }

    int runs() const { return int(m_labels.size()); }
    int gpuColumn(int run) const { return 2 + run; }
    int gpuDeltaColumn(int run) const { return run == 0 ? -1 : 2 + runs() + run - 1; }
    int cpuColumn(int run) const { return 2 + 2 * runs() - 1 + run; }
    int cpuDeltaColumn(int run) const { return run == 0 ? -1 : 2 + 3 * runs() - 1 + run - 1; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    QStringList m_labels;
    std::vector<std::shared_ptr<const analysis::SourceLines>> m_lines;
    std::vector<Row> m_rows;
};

} // namespace lanescope
