// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/GapColumnFit.h"

#include "widgets/analysis/GapTableModel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableView>

#include <algorithm>
#include <functional>

namespace lanescope {

GapColumnFit::GapColumnFit(QTableView *view)
    : QObject(view)
    , m_view(view)
    , m_causeWidth(view->horizontalHeader()->sectionSize(GapTableModel::CauseColumn))
{
    view->viewport()->installEventFilter(this);
    // The sorted column's header makes room for its arrow.
    connect(view->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &GapColumnFit::fit);
    if (QAbstractItemModel *m = view->model()) {
        connect(m, &QAbstractItemModel::modelReset, this, &GapColumnFit::fit);
        connect(m, &QAbstractItemModel::layoutChanged, this, &GapColumnFit::fit);
        connect(m, &QAbstractItemModel::rowsInserted, this, &GapColumnFit::fit);
    }
}

bool GapColumnFit::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fit();
    return QObject::eventFilter(watched, event);
}

int GapColumnFit::widestCell(int column, const std::function<QString(const QString &, const QFontMetrics &)> &shown) const
{
    // The rows on screen (and a few more), as the user sees them; not the whole table.
    const QAbstractItemModel *m = m_view->model();
    if (!m)
        return 0;
    const int first = std::max(0, m_view->rowAt(0));
    const int last = std::min(m->rowCount(), first + 80);
    const QFontMetrics fm = m_view->fontMetrics();
    int w = 0;
    for (int r = first; r < last; ++r)
        w = std::max(w, fm.horizontalAdvance(shown(m->index(r, column).data().toString(), fm)));
    return w + 2 * fm.averageCharWidth() + 4; // the cell's margins
}

int GapColumnFit::contentWidth(int column) const
{
    return widestCell(column, [](const QString &text, const QFontMetrics &) { return text; });
}

int GapColumnFit::headerWidth(int column) const
{
    const QHeaderView *h = m_view->horizontalHeader();
    const QString title = m_view->model() ? m_view->model()->headerData(column, Qt::Horizontal).toString() : QString();
    const int text = h->fontMetrics().horizontalAdvance(title);
    // The style's label rectangle in a section of a first guess: what it lacks is added (the
    // margins, and the arrow's room where the section shows it: "Start (ms" was cut so).
    QStyleOptionHeader opt;
    opt.initFrom(h);
    opt.state |= QStyle::State_Horizontal;
    opt.orientation = Qt::Horizontal;
    opt.section = column;
    opt.text = title;
    if (h->isSortIndicatorShown() && h->sortIndicatorSection() == column)
        opt.sortIndicator = h->sortIndicatorOrder() == Qt::AscendingOrder ? QStyleOptionHeader::SortDown : QStyleOptionHeader::SortUp;
    const int guess = text + 2 * h->style()->pixelMetric(QStyle::PM_HeaderMargin, &opt, h);
    opt.rect = QRect(0, 0, guess, std::max(h->height(), h->sizeHint().height()));
    const int label = h->style()->subElementRect(QStyle::SE_HeaderLabel, &opt, h).width();
    return guess + std::max(0, text - label);
}

int GapColumnFit::kernelWidth(int column) const
{
    return widestCell(column, [](const QString &text, const QFontMetrics &fm) {
        return GapTableModel::fitKernelName(text, fm, kKernelWidth);
    });
}

void GapColumnFit::fit()
{
    if (m_fitting)
        return;
    m_fitting = true;
    QHeaderView *h = m_view->horizontalHeader();
    const int width = m_view->viewport()->width();
    // Fixed: at the wider of the header's text and the rows on screen.
    int fixed = 0;
    for (int c : {GapTableModel::DeviceColumn, GapTableModel::StreamColumn, GapTableModel::StartColumn, GapTableModel::DurationColumn}) {
        h->resizeSection(c, std::max(headerWidth(c), contentWidth(c)));
        fixed += h->sectionSize(c);
    }
    // Shared, in the order they give way; each at least its header's width.
    const std::vector<int> shared = {GapTableModel::BeforeColumn, GapTableModel::AfterColumn, GapTableModel::EvidenceColumn,
                                     GapTableModel::GemmBeforeColumn, GapTableModel::GemmAfterColumn};
    // Each at least its header's width (floor); the kernel columns want room for the names on
    // screen as fitKernelName shows them in kKernelWidth px (want), so they keep "vectorized_
    // elementwise_kernel" whole where the evidence and GEMM columns can give way.
    std::vector<int> floor, need;
    for (int c : shared) {
        floor.push_back(std::max(kMinShared, headerWidth(c)));
        int want = floor.back();
        if (c == GapTableModel::BeforeColumn || c == GapTableModel::AfterColumn)
            want = std::max(want, kernelWidth(c));
        need.push_back(want);
    }
    const auto needed = [&](std::size_t n) {
        int sum = 0;
        for (std::size_t i = 0; i < n; ++i)
            sum += need[i];
        return sum;
    };
    // The cause at the longest cause's width where that leaves the two kernel columns room, else
    // at the causes on screen (with their swatch).
    const int icon = m_view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_view);
    const int causeMin = std::max(headerWidth(GapTableModel::CauseColumn), contentWidth(GapTableModel::CauseColumn) + icon + 4);
    const int cause = std::clamp(width - fixed - needed(2), std::min(causeMin, m_causeWidth), m_causeWidth);
    h->resizeSection(GapTableModel::CauseColumn, cause);
    fixed += cause;
    const int left = std::max(0, width - fixed);
    std::size_t shown = shared.size();
    while (shown > 2 && left < needed(shown))
        --shown;
    // What is left above their needs, shared equally; short of them, each at its floor and what
    // is left above the floors shared by what they want more; short of the floors, by floor (a
    // sliver rather than a scroll bar).
    const int total = needed(shown);
    int floors = 0;
    for (std::size_t i = 0; i < shown; ++i)
        floors += floor[i];
    for (std::size_t i = 0; i < shared.size(); ++i) {
        h->setSectionHidden(shared[i], i >= shown);
        if (i >= shown)
            continue;
        int w = 0;
        if (left >= total)
            w = need[i] + (left - total) / int(shown);
        else if (left >= floors)
            w = floor[i] + (total > floors ? int(double(left - floors) * (need[i] - floor[i]) / (total - floors)) : 0);
        else
            w = std::max(16, int(double(left) * floor[i] / std::max(1, floors)));
        h->resizeSection(shared[i], w);
    }
    m_fitting = false;
}

} // namespace lanescope
