// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's differences by name: GPU kernels, CPU operators, or GEMM gaps by cause. Columns:
// the name, each run's count (the view may hide these: each time's tooltip has it), each run's time (total, or per ProfilerStep when the runs recorded
// different numbers of steps), and each later run's delta against the baseline. Rows come sorted
// by impact (the largest |delta| first, as the CLI lists them); the view may sort by any column.
#include "core/analysis/compare/Compare.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace lanescope {

class NameDiffModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Kind { Kernels, Operators, Gaps };
    // CompactRole (column 0): the shown name without the words its family shares
    // (DistinctNames.h compactNames), for the delegate to show where the whole does not fit.
    enum Role { SortRole = Qt::UserRole + 1, NameRole, CompactRole };

    explicit NameDiffModel(Kind kind, QObject *parent = nullptr);
    void setComparison(const analysis::ComparisonResult *result); // null clears; keeps its own copy
    void setPerStep(bool on);
    bool perStep() const { return m_perStep; }
    Kind kind() const { return m_kind; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    int runs() const { return int(m_labels.size()); }
    int countColumn(int run) const { return 1 + run; }
    int timeColumn(int run) const { return 1 + runs() + run; }
    int deltaColumn(int run) const { return run == 0 ? -1 : 1 + 2 * runs() + run - 1; }
    // Kernels and operators: the normalised name, as SliceHighlight matches it. Gaps: the cause key.
    QString nameAt(int row) const;
    // What heads run `run`'s columns: its label when every label is short, else "A", "B", ….
    static QString runKey(int run, const QStringList &labels);
    // "A: resnet50-nw0-baseline (baseline) · B: …" where letters head the columns; else empty.
    QString keyLegend() const;

private:
    struct Row
    {
        QString name, display;
        QString compact;
        std::vector<std::int64_t> count;
        std::vector<double> totalNs;                 // or the per-step figure, when m_perStep
        std::vector<std::optional<double>> perStepNs;
    };
    double timeOf(const Row &r, int run, bool *known) const;

    Kind m_kind;
    bool m_perStep = false;
    QStringList m_labels;
    std::vector<Row> m_rows;
};

} // namespace lanescope
