// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Preferences' GPU table: core's built-in rows (analysis::gpuPeakTable()), each with its peaks
// (bf16/fp16, FP8, FP4, TF32, FP32, FP64), memory bandwidth and interconnect per direction, and the user's own
// figure in place of any of them. A figure of the user's is shown in bold with Lanescope's beside it
// (the last column); Reset puts the selected rows (or all) back to the table.
#include "core/analysis/measures/mfu/Mfu.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace lanescope {

class PeakTableEditor : public QWidget
{
    Q_OBJECT
public:
    // PeakColumn + int(GpuSpec): one editable column per figure, in GpuSpec's order.
    enum Column { GpuColumn, PeakColumn, Fp8Column, Fp4Column, Tf32Column, Fp32Column, Fp64Column, HbmColumn, LinkColumn, TableColumn, ColumnCount };
    static int columnOf(analysis::GpuSpec spec) { return PeakColumn + int(spec); }

    explicit PeakTableEditor(const analysis::PeakOverrides &overrides, QWidget *parent = nullptr);

    analysis::PeakOverrides overrides() const;
    // Row of a table entry by its match ("A100"), -1 when core has none.
    int rowOf(const QString &match) const;
    // A user's figure for a row (<= 0: back to the table), as an edit of the cell does: the bf16
    // peak, or any figure.
    void setPeak(int row, double tflops);
    void setFigure(int row, analysis::GpuSpec spec, double value);
    bool isOverridden(int row) const; // any figure of the row
    bool isOverridden(int row, analysis::GpuSpec spec) const;
    void resetSelected();
    void resetAll();

    QTableWidget *table() const { return m_table; }

    // Figures that were not taken (analysis::isPlausibleFigure: not finite, or out of range),
    // each named with the table's figure used instead; shown under the table until the next edit.
    // `stored`: those found in the settings (PeakOverrideStore::ignored()).
    void showIgnored(const QStringList &stored);
    QString warning() const;

private:
    void showRow(int row); // the row's text and look from its value
    // The table's own figure in the cell when `value` is not plausible (and not 0, "table"); true
    // when the value was taken.
    bool takeFigure(QTableWidgetItem *cell, double value);
    QTableWidget *m_table;
    QLabel *m_warning;
    QPushButton *m_reset;
    QPushButton *m_resetAll;
    bool m_updating = false;
};

} // namespace lanescope
