// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/KernelNameDelegate.h"

#include "widgets/analysis/GapTableModel.h"

#include <QApplication>
#include <QStyle>

namespace lanescope {

void KernelNameDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = Qt::ElideMiddle;
    if (option->rect.width() <= 0) // a size hint: the whole text
        return;
    const QWidget *w = option->widget;
    const QStyle *style = w ? w->style() : QApplication::style();
    // The item view styles put this margin either side of a cell's text.
    const int margin = (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, w) + 1) * 2;
    option->text = GapTableModel::fitKernelName(option->text, option->fontMetrics, option->rect.width() - margin);
}

} // namespace lanescope
