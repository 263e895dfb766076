// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gap table's kernel columns: each name fitted to its cell by GapTableModel::fitKernelName
// (template arguments left out first, then elided in the middle), so a narrow column still shows
// which kernel it is; the tooltip keeps the whole name.
#include <QStyledItemDelegate>

namespace lanescope {

class KernelNameDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lanescope
