// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/DiffNameDelegate.h"

#include "widgets/compare/DistinctNames.h"
#include "widgets/compare/NameDiffModel.h"

#include <QApplication>
#include <QStyle>

namespace lanescope {

DiffNameDelegate::DiffNameDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_names(this, NameDiffModel::CompactRole)
{
}

QString DiffNameDelegate::shownText(const QModelIndex &index, const QFontMetrics &fm, int width)
{
    return FittedColumn(nullptr, NameDiffModel::CompactRole).shown(index, fm, width);
}

int DiffNameDelegate::textMargins(const QWidget *w)
{
    const QStyle *style = w ? w->style() : QApplication::style();
    return (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, w) + 1) * 2;
}

void DiffNameDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (option->rect.width() <= 0) // a size hint: the whole text
        return;
    option->text = m_names.shown(index, option->fontMetrics, option->rect.width() - textMargins(option->widget));
}

} // namespace lanescope
