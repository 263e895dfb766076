// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Kernel name columns. The gap table's (Names::Own): each name fitted to its cell by
// GapTableModel::fitKernelName (template arguments left out first, then elided in the middle), so
// a narrow column still shows which kernel it is. A list of different kernels (Names::Distinct,
// Time spent): the column fitted together (DistinctNames.h FittedColumn), so different kernels
// never read alike ("vectorized_elementwise_kernel<…>" on many rows). The tooltip keeps the whole name.
#include "widgets/compare/DistinctNames.h"

#include <QStyledItemDelegate>

namespace lanescope {

class KernelNameDelegate : public QStyledItemDelegate
{
public:
    enum class Names { Own, Distinct };
    explicit KernelNameDelegate(QObject *parent = nullptr, Names names = Names::Own);
    // The text a Names::Distinct cell `width` pixels wide shows for `index`, its column read whole
    // (a test reads what the user reads).
    static QString distinctText(const QModelIndex &index, const QFontMetrics &fm, int width);
    // The pixels the view's style keeps either side of a cell's text.
    static int textMargins(const QWidget *widget);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    Names m_mode;
    FittedColumn m_names;
};

} // namespace lanescope
