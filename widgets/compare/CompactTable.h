// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A table as a narrow dock shows it: where the model offers a short header (ShortHeaderRole), the
// view shows it and the full one becomes the tooltip; a cell's figure and its count or share go
// on lines of their own ("17 ×" / "1,183.7 ms", "−2,111.0 ms" / "(−64.1 %)"), and a delta's 95 %
// interval under it whatever the runs (its label and two ends on lines of their own where lines
// break: "[95 %:" / "−33.5 to" / "−27.0 %]"). The Comparison
// dock's Metrics table fits three runs this way, while the model itself (the report, Copy Table)
// keeps its one-line cells and full labels.
#include <QIdentityProxyModel>

namespace lanescope {

class CompactTable : public QIdentityProxyModel
{
    Q_OBJECT
public:
    static constexpr int ShortHeaderRole = Qt::UserRole + 40;
    // A cell's interval as its narrow form ("[+2.5, +8.9]", the unit the line above gives): where a
    // source model has one, a narrow table shows it on one line instead of breaking the long one.
    static constexpr int ShortIntervalRole = Qt::UserRole + 41;
    using QIdentityProxyModel::QIdentityProxyModel;
    // Cells on lines of their own only where the columns would not fit otherwise (three runs and
    // more); the short headers stay either way. Takes effect with the source's next reset.
    void setBreakLines(bool on) { m_breakLines = on; }
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QVariant data(const QModelIndex &index, int role) const override;

private:
    bool m_breakLines = true;
};

} // namespace lanescope
