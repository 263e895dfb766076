// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gap table's columns fitted to the table's width, so a dock of any width shows its columns
// without scrolling sideways: the number columns at their contents' width, the cause at the
// longest cause's while there is room (else at the causes shown), the kernel and evidence columns
// sharing what is left (each at least kMinShared px and its header's width), and while even that
// does not fit, the last of them hidden in turn (GEMM after, GEMM before, evidence: the row's
// details below the table name the evidence). Every shown header whole, the sorted column's beside
// its arrow. Refitted as the table is resized, refilled or sorted; a column the user widens by
// hand keeps that width until the next resize.
#include <QObject>
#include <QString>

#include <functional>

class QFontMetrics;

class QTableView;

namespace lanescope {

class GapColumnFit : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMinShared = 90;
    static constexpr int kKernelWidth = 200; // px a kernel column wants at most for a name

    explicit GapColumnFit(QTableView *view); // a child of the view
    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int contentWidth(int column) const;
    int kernelWidth(int column) const; // the names on screen as the kernel column shows them
    // The widest of the rows on screen as `shown` spells each, with the cell's margins.
    int widestCell(int column, const std::function<QString(const QString &, const QFontMetrics &)> &shown) const;
    int headerWidth(int column) const; // the header's text whole (beside the sort arrow where shown)
    QTableView *m_view;
    int m_causeWidth; // the cause column's width while there is room: the dock's, the longest cause's
    bool m_fitting = false;
};

} // namespace lanescope
