// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gap table's columns fitted to the table's width, so a dock of any width shows its columns
// without scrolling sideways: the number columns and the cause at their contents' width, the kernel
// and evidence columns sharing what is left (each at least kMinShared px), and while even that does
// not fit, the last of them hidden in turn (GEMM after, GEMM before, evidence: the row's details
// below the table name the evidence). Refitted as the table is resized or refilled; a column the
// user widens by hand keeps that width until the next resize.
#include <QObject>

class QTableView;

namespace lanescope {

class GapColumnFit : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMinShared = 90;

    explicit GapColumnFit(QTableView *view); // a child of the view
    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int contentWidth(int column) const;
    QTableView *m_view;
    bool m_fitting = false;
};

} // namespace lanescope
