// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/GapColumnFit.h"

#include "widgets/analysis/GapTableModel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace lanescope {

GapColumnFit::GapColumnFit(QTableView *view)
    : QObject(view)
    , m_view(view)
{
    view->viewport()->installEventFilter(this);
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

int GapColumnFit::contentWidth(int column) const
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
        w = std::max(w, fm.horizontalAdvance(m->index(r, column).data().toString()));
    return w + 2 * fm.averageCharWidth() + 4; // the cell's margins
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
    for (int c : {GapTableModel::DeviceColumn, GapTableModel::StreamColumn, GapTableModel::StartColumn, GapTableModel::DurationColumn,
                  GapTableModel::CauseColumn}) {
        // The header's text without the room of a sort arrow it rarely shows: narrow numbers stay narrow.
        const QString title = m_view->model() ? m_view->model()->headerData(c, Qt::Horizontal).toString() : QString();
        const int w = std::max(h->fontMetrics().horizontalAdvance(title) + 12, contentWidth(c));
        if (c != GapTableModel::CauseColumn) // the cause's width is the dock's: the longest label
            h->resizeSection(c, w);
        fixed += h->sectionSize(c);
    }
    // Shared, in the order they give way.
    std::vector<int> shared = {GapTableModel::BeforeColumn, GapTableModel::AfterColumn, GapTableModel::EvidenceColumn,
                               GapTableModel::GemmBeforeColumn, GapTableModel::GemmAfterColumn};
    const int left = std::max(0, width - fixed);
    std::size_t shown = shared.size();
    while (shown > 2 && left < int(shown) * kMinShared)
        --shown;
    const int each = std::max(16, left / int(std::max<std::size_t>(shown, 1))); // a sliver rather than a scroll bar
    for (std::size_t i = 0; i < shared.size(); ++i) {
        h->setSectionHidden(shared[i], i >= shown);
        if (i < shown)
            h->resizeSection(shared[i], each);
    }
    m_fitting = false;
}

} // namespace lanescope
