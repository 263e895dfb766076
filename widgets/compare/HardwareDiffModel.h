// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's "Hardware use" differences (ComparisonResult::hardware, CompareHardware.h): per
// collective its median bus bandwidth, per operator and shapes its achieved TFLOPS, per owner the
// memory it holds at the peak. Columns: the
// figure, each run's value, each later run's change against the baseline in percent (green where
// the hardware is used better). Rows in the core's order: each kind by the GPU time (bytes) behind it.
#include "core/analysis/compare/Compare.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace lanescope {

class HardwareDiffModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit HardwareDiffModel(QObject *parent = nullptr);
    void setComparison(const analysis::ComparisonResult *result); // null clears; keeps its own copy

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    int runs() const { return int(m_labels.size()); }
    int valueColumn(int run) const { return 1 + run; }
    int changeColumn(int run) const { return run == 0 ? -1 : runs() + run; }
    // "All-gather bus bandwidth (GB/s)", "aten::mm [[…]] bf16 (TFLOPS)".
    QString figureText(int row) const;

private:
    QStringList m_labels;
    std::vector<analysis::HardwareDiffRow> m_rows;
};

} // namespace lanescope
