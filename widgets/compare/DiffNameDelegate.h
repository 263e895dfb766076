// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Differences tables' name column: each name whole where it fits, else without the words its
// family shares (DistinctNames.h compactNames), else elided in the middle around what tells it from
// the other rows (DistinctNames.h fitColumn), so a narrow column does not show two rows the same;
// the tooltip keeps the whole name.
#include "widgets/compare/DistinctNames.h"

#include <QStyledItemDelegate>

namespace lanescope {

class DiffNameDelegate : public QStyledItemDelegate
{
public:
    explicit DiffNameDelegate(QObject *parent = nullptr);
    // The text a cell `width` pixels wide shows for `index`, its column read whole (a test reads
    // what the user reads).
    static QString shownText(const QModelIndex &index, const QFontMetrics &fm, int width);
    // The pixels the view's style keeps either side of a cell's text.
    static int textMargins(const QWidget *widget);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    FittedColumn m_names;
};

} // namespace lanescope
