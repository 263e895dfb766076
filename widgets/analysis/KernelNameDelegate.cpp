// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/KernelNameDelegate.h"

#include "widgets/analysis/GapTableModel.h"

#include <QApplication>
#include <QStyle>

namespace lanescope {

KernelNameDelegate::KernelNameDelegate(QObject *parent, Names names)
    : QStyledItemDelegate(parent)
    , m_mode(names)
    , m_names(this, -1)
{
}

QString KernelNameDelegate::distinctText(const QModelIndex &index, const QFontMetrics &fm, int width)
{
    return FittedColumn(nullptr, -1).shown(index, fm, width);
}

int KernelNameDelegate::textMargins(const QWidget *w)
{
    const QStyle *style = w ? w->style() : QApplication::style();
    // The item view styles put this margin either side of a cell's text.
    return (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, w) + 1) * 2;
}

void KernelNameDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = Qt::ElideMiddle;
    if (option->rect.width() <= 0) // a size hint: the whole text
        return;
    const int width = option->rect.width() - textMargins(option->widget);
    option->text = m_mode == Names::Distinct ? m_names.shown(index, option->fontMetrics, width)
                                             : GapTableModel::fitKernelName(option->text, option->fontMetrics, width);
}

} // namespace lanescope
