// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Differences tables' name column: each name whole where it fits, else without the words its
// family shares (DistinctNames.h compactNames), so a narrow column does not show two rows the
// same; the tooltip keeps the whole name.
#include <QStyledItemDelegate>

namespace lanescope {

class DiffNameDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    // The text a cell `width` pixels wide shows for `index` (a test reads what the user reads).
    static QString shownText(const QModelIndex &index, const QFontMetrics &fm, int width);
    // The pixels the view's style keeps either side of a cell's text.
    static int textMargins(const QWidget *widget);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lanescope
