// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Preferences' GPU peak-TFLOPS table: core's built-in rows (analysis::gpuPeakTable()) with the
// user's own figure in place of any of them. An overridden row is shown in bold with Lanescope's
// figure beside it; Reset puts the selected rows (or all) back to the table.
#include "core/analysis/Mfu.h"

#include <QWidget>

class QPushButton;
class QTableWidget;

namespace lanescope {

class PeakTableEditor : public QWidget
{
    Q_OBJECT
public:
    enum Column { GpuColumn, PeakColumn, TableColumn, ColumnCount };

    explicit PeakTableEditor(const analysis::PeakOverrides &overrides, QWidget *parent = nullptr);

    analysis::PeakOverrides overrides() const;
    // Row of a table entry by its match ("A100"), -1 when core has none.
    int rowOf(const QString &match) const;
    // A user's figure for a row (<= 0: back to the table), as an edit of the cell does.
    void setPeak(int row, double tflops);
    bool isOverridden(int row) const;
    void resetSelected();
    void resetAll();

    QTableWidget *table() const { return m_table; }

private:
    void showRow(int row); // the row's text and look from its value
    QTableWidget *m_table;
    QPushButton *m_reset;
    QPushButton *m_resetAll;
    bool m_updating = false;
};

} // namespace lanescope
