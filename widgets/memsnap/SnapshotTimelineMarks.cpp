// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/memsnap/SnapshotTimelineMarks.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/memsnap/SnapshotModels.h"
#include "widgets/render/Palette.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace figure = analysis::figure;

namespace {
constexpr double kMarkHalf = 4.5;  // a mark's half width, px
constexpr double kHitPx = 6;       // how near the pointer must be for a mark's tooltip
constexpr double kFoldPx = 3;      // marks of one kind closer than this are one mark
constexpr double kLineGapPx = 12;  // fragmentation lines through the lanes only where marks are this far apart
} // namespace

SnapshotTimelineMarks::SnapshotTimelineMarks(TimelineView *view)
    : QWidget(view->viewport())
    , m_view(view)
{
    setObjectName(QStringLiteral("snapshotTimelineMarks"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setGeometry(view->viewport()->rect());
    view->viewport()->installEventFilter(this);
    auto repaint = [this] { update(); };
    connect(view->state(), &ViewState::windowChanged, this, repaint);
    connect(view->state(), &ViewState::memoryOverlayChanged, this, [this] { QTimer::singleShot(0, this, qOverload<>(&QWidget::update)); });
    connect(view->verticalScrollBar(), &QScrollBar::valueChanged, this, repaint);
    connect(view->session(), &Session::runsChanged, this, repaint);
    connect(view->session(), &Session::offsetsChanged, this, repaint);
    hide();
}

void SnapshotTimelineMarks::setSnapshot(LoadedSnapshotPtr snapshot, const SnapshotPlacement &placement)
{
    m_snapshot = std::move(snapshot);
    m_placement = placement;
    m_hasMoment = false;
    setVisible(m_snapshot && placement.aligned());
    raise();
    update();
}

void SnapshotTimelineMarks::setMoment(std::int64_t us)
{
    m_moment = us;
    m_hasMoment = true;
    update();
}

QColor SnapshotTimelineMarks::fragmentationColor() { return QColor(0xd0, 0x1c, 0x3c); }

int SnapshotTimelineMarks::runOfTrace() const
{
    if (!m_placement.trace)
        return -1;
    for (int r = 0; r < m_view->runCount(); ++r)
        if (m_view->trace(r) == m_placement.trace.get())
            return r;
    return -1;
}

int SnapshotTimelineMarks::group() const
{
    const int run = runOfTrace();
    if (run < 0)
        return -1;
    const LaneLayout &layout = m_view->laneLayout();
    const int g = layout.groupOfDevice(run, m_placement.alignment.device);
    if (g >= 0)
        return g;
    // The snapshot numbers the devices of its own process; a rank's trace may name its GPU
    // otherwise: the run's first GPU group with a memory band, else its first GPU group.
    int firstGpu = -1;
    for (int i = 0; i < int(layout.groups().size()); ++i) {
        const LaneGroup &lg = layout.groups()[std::size_t(i)];
        if (lg.run != run || !lg.gpu)
            continue;
        if (lg.hasMemory)
            return i;
        if (firstGpu < 0)
            firstGpu = i;
    }
    return firstGpu;
}

int SnapshotTimelineMarks::markCount(Kind kind) const
{
    int n = 0;
    for (const Mark &m : m_marks)
        if (m.kind == kind)
            n += m.count;
    return n;
}

void SnapshotTimelineMarks::layoutMarks()
{
    m_marks.clear();
    m_momentX = -1;
    const int run = runOfTrace();
    const int g = group();
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_placement.alignment.device) : nullptr;
    if (!m_placement.aligned() || run < 0 || g < 0 || !h)
        return;
    const QRect lanes = m_view->lanesRect();
    // Where: the memory band's plot, else the bottom of the group's lanes (or its collapsed strip).
    const LaneLayout &layout = m_view->laneLayout();
    const LaneGroup &lg = layout.groups()[std::size_t(g)];
    double top = NAN, bottom = NAN, lanesTop = NAN;
    for (int lane : lg.lanes) {
        if (!layout.isLaneVisible(lane))
            continue;
        const QRect lr = m_view->laneRect(lane);
        if (lr.height() <= 0)
            continue;
        lanesTop = std::isnan(lanesTop) ? lr.top() : std::min<double>(lanesTop, lr.top());
        bottom = std::isnan(bottom) ? lr.bottom() : std::max<double>(bottom, lr.bottom());
    }
    const double bandBottom = m_view->memoryY(g, 0);
    if (!std::isnan(bandBottom)) {
        bottom = bandBottom;
        top = m_view->memoryY(g, m_view->memoryScaleBytes(g));
    } else if (const QRect strip = m_view->densityStripRect(g); !strip.isEmpty()) {
        bottom = strip.bottom();
        lanesTop = strip.top();
    }
    if (std::isnan(bottom))
        return; // the group is hidden
    if (std::isnan(top))
        top = bottom - 14;
    if (std::isnan(lanesTop))
        lanesTop = top;
    m_bandTop = top;
    m_bandBottom = bottom;
    m_lanesTop = std::max<double>(lanesTop, lanes.top());
    if (bottom < lanes.top() || top > lanes.bottom() + 1)
        return; // scrolled away

    const double t0 = m_view->visibleStartNs(run), t1 = m_view->visibleEndNs(run);
    const double pxPerNs = double(lanes.width()) / std::max(t1 - t0, 1.0);
    const memsnap::SnapshotAlignment &a = m_placement.alignment;
    auto xOf = [&](std::int64_t us) { return lanes.left() + (double(a.toTraceNs(us)) - t0) * pxPerNs; };
    auto add = [&](Kind kind, std::int64_t us, double y, int index) {
        const double x = xOf(us);
        if (x < lanes.left() - kMarkHalf || x > lanes.right() + kMarkHalf)
            return;
        // Marks of a kind closer than kFoldPx share one: the events under it counted.
        for (auto it = m_marks.rbegin(); it != m_marks.rend() && std::abs(it->at.x() - x) < kFoldPx; ++it)
            if (it->kind == kind) {
                ++it->count;
                return;
            }
        m_marks.push_back(Mark{kind, QPointF(x, y), us, 1, index});
    };
    const double yAlloc = bottom - kMarkHalf - 1, yFree = bottom - kMarkHalf - 1;
    for (std::size_t i = 0; i < h->segmentEvents.size(); ++i) {
        const memsnap::SegmentEvent &e = h->segmentEvents[i];
        add(e.malloc() ? Kind::SegmentAlloc : Kind::SegmentFree, e.timeUs, e.malloc() ? yAlloc : yFree, int(i));
    }
    for (std::size_t i = 0; i < h->fragmentation.size(); ++i)
        add(Kind::Fragmentation, h->fragmentation[i].timeUs, top + kMarkHalf + 1, int(i));
    for (std::size_t i = 0; i < h->ooms.size(); ++i)
        add(Kind::Oom, h->ooms[i].timeUs, top + kMarkHalf + 1, int(i));
    if (m_hasMoment) {
        const double x = xOf(m_moment);
        if (x >= lanes.left() && x <= lanes.right())
            m_momentX = x;
    }
}

void SnapshotTimelineMarks::paintEvent(QPaintEvent *)
{
    layoutMarks();
    if (m_marks.empty() && m_momentX < 0)
        return;
    QPainter p(this);
    p.setClipRect(m_view->lanesRect());
    p.setRenderHint(QPainter::Antialiasing);
    const QColor alloc = Palette::memoryReserved().darker(130), freed = QColor(0x60, 0x66, 0x70);
    // Zoomed out, a line per fragmentation event would hide the lanes: only where they stand apart.
    double closest = 1e9, lastX = -1e9;
    for (const Mark &m : m_marks)
        if (m.kind == Kind::Fragmentation || m.kind == Kind::Oom) {
            closest = std::min(closest, m.at.x() - lastX);
            lastX = m.at.x();
        }
    const bool linesThrough = closest >= kLineGapPx;
    for (const Mark &m : m_marks) {
        const double x = m.at.x(), y = m.at.y();
        switch (m.kind) {
        case Kind::SegmentAlloc: {
            const QPointF tri[3] = {{x - kMarkHalf, y + kMarkHalf}, {x + kMarkHalf, y + kMarkHalf}, {x, y - kMarkHalf}};
            p.setPen(QPen(Qt::white, 1));
            p.setBrush(alloc);
            p.drawPolygon(tri, 3);
            break;
        }
        case Kind::SegmentFree: {
            const QPointF tri[3] = {{x - kMarkHalf, y - kMarkHalf}, {x + kMarkHalf, y - kMarkHalf}, {x, y + kMarkHalf}};
            p.setPen(QPen(Qt::white, 1));
            p.setBrush(freed);
            p.drawPolygon(tri, 3);
            break;
        }
        case Kind::Fragmentation:
        case Kind::Oom: {
            if (linesThrough) {
                QColor line = fragmentationColor();
                line.setAlpha(150);
                p.setPen(QPen(line, 1, Qt::DashLine));
                p.drawLine(QPointF(x, m_lanesTop), QPointF(x, m_bandBottom));
            }
            const QPointF diamond[4] = {{x, y - kMarkHalf - 1}, {x + kMarkHalf + 1, y}, {x, y + kMarkHalf + 1}, {x - kMarkHalf - 1, y}};
            p.setPen(QPen(Qt::white, 1));
            p.setBrush(m.kind == Kind::Oom ? QColor(Qt::black) : fragmentationColor());
            p.drawPolygon(diamond, 4);
            break;
        }
        }
    }
    if (m_momentX >= 0) {
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(palette().color(QPalette::Highlight), 1.5, Qt::DashLine));
        p.drawLine(QPointF(m_momentX, m_lanesTop), QPointF(m_momentX, m_bandBottom));
    }
}

QString SnapshotTimelineMarks::toolTipAt(QPoint pos) const
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_placement.alignment.device) : nullptr;
    if (!h || !isVisible())
        return {};
    const Mark *best = nullptr;
    double bestD = kHitPx;
    for (const Mark &m : m_marks) {
        const double d = std::hypot(m.at.x() - pos.x(), m.at.y() - pos.y());
        if (d <= bestD) {
            bestD = d;
            best = &m;
        }
    }
    if (!best)
        return {};
    QString text;
    switch (best->kind) {
    case Kind::SegmentAlloc:
    case Kind::SegmentFree: {
        const memsnap::SegmentEvent &e = h->segmentEvents[std::size_t(best->index)];
        text = tr("%1 of %2 (snapshot)").arg(QString::fromLatin1(memsnap::actionName(e.action)), figure::bytes(double(e.size)));
        if (e.requestSize >= 0)
            text += QLatin1Char('\n') + tr("for a request of %1 at %2").arg(figure::bytes(double(e.requestSize)), m_snapshot->snapshot->stackSummary(e.requestStack));
        break;
    }
    case Kind::Fragmentation:
        text = tr("Fragmentation: %1").arg(SegmentEventModel::fragmentationText(h->fragmentation[std::size_t(best->index)]));
        break;
    case Kind::Oom:
        text = SegmentEventModel::oomText(h->ooms[std::size_t(best->index)]);
        break;
    }
    if (best->count > 1)
        text += QLatin1Char('\n') + tr("(%n events of this kind under this pixel)", nullptr, best->count); // count > 1
    return text;
}

bool SnapshotTimelineMarks::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport()) {
        switch (event->type()) {
        case QEvent::Resize:
            setGeometry(m_view->viewport()->rect());
            break;
        case QEvent::MouseButtonRelease:
            // A group collapsed or expanded by a click moves the band: look again once it is laid out.
            QTimer::singleShot(0, this, qOverload<>(&QWidget::update));
            break;
        case QEvent::ToolTip:
            if (isVisible()) {
                auto *he = static_cast<QHelpEvent *>(event);
                const QString text = toolTipAt(he->pos());
                if (!text.isEmpty()) {
                    QToolTip::showText(he->globalPos(), text, m_view->viewport());
                    return true;
                }
            }
            break;
        default: break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace lanescope
