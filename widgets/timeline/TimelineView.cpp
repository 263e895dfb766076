#include "timeline/TimelineView.h"

#include "render/GapCauseStyle.h"
#include "render/Palette.h"
#include "timeline/DetailsHtml.h"

#include <QCursor>
#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

TimelineView::TimelineView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    qRegisterMetaType<lanescope::SliceRef>();
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    verticalScrollBar()->setSingleStep(LaneLayout::kRowHeight * 2);
    setMinimumSize(400, 200);
    m_renderer.setFont(font());
    m_renderer.setLayout(&m_layout);
    setSession(nullptr);
}

TimelineView::~TimelineView()
{
    Session *s = m_session.data();
    if (s && s != &m_ownSession) {
        s->disconnect(this);
        s->state()->disconnect(this);
    }
}

void TimelineView::setSession(Session *session)
{
    if (!session)
        session = &m_ownSession;
    if (session == m_session.data())
        return;
    if (Session *old = m_session.data()) {
        old->disconnect(this);
        old->state()->disconnect(this);
    }
    m_session = session;
    ViewState *s = session->state();
    if (session != &m_ownSession)
        connect(session, &QObject::destroyed, this, [this] { setSession(nullptr); });
    connect(session, &Session::runsChanged, this, &TimelineView::rebuild);
    connect(session, &Session::offsetsChanged, this, [this] {
        rebuild();
    });
    connect(s, &ViewState::windowChanged, this, &TimelineView::onWindowChanged);
    connect(s, &ViewState::selectionChanged, this, &TimelineView::onSelectionChanged);
    connect(s, &ViewState::timeRangeChanged, this, [this] {
        viewport()->update();
        if (m_drag != Drag::Range) // a drag in this view tells the window once, at its release
            emit timeRangeChanged();
    });
    connect(s, &ViewState::gapChanged, this, [this](int run) { onGapChanged(run); });
    connect(s, &ViewState::memoryOverlayChanged, this, [this](bool on) {
        m_renderer.setMemoryVisible(on);
        m_cacheValid = false;
        viewport()->update();
    });
    connect(s, &ViewState::highlightChanged, viewport(), qOverload<>(&QWidget::update));
    connect(s, &ViewState::cursorChanged, viewport(), qOverload<>(&QWidget::update));
    m_renderer.setMemoryVisible(s->memoryOverlay());
    rebuild();
    onSelectionChanged(s->selectedSlice());
}

void TimelineView::setTrace(std::shared_ptr<const Trace> trace) { sess().setTrace(std::move(trace)); }

void TimelineView::setRuns(std::vector<RunSpec> runs)
{
    std::vector<SessionRun> out;
    for (RunSpec &spec : runs) {
        SessionRun r;
        r.label = spec.label;
        r.trace = std::move(spec.trace);
        out.push_back(std::move(r));
    }
    sess().setRuns(std::move(out));
}

void TimelineView::rebuild()
{
    std::vector<LaneLayout::RunInput> inputs;
    std::vector<RenderRun> runs;
    for (int i = 0; i < sess().runCount(); ++i) {
        const SessionRun &r = sess().run(i);
        inputs.push_back({r.trace.get(), r.label, m_gpuOnly});
        runs.push_back({r.trace.get(), r.index.get(), r.base()});
    }
    m_layout.build(inputs);
    m_renderer.setRuns(std::move(runs));
    m_hover = SliceRef();
    m_flows.clear();
    verticalScrollBar()->setValue(0);
    updateScrollBars();
    syncRenderer();
    m_cacheValid = false;
    viewport()->update();
}

void TimelineView::setGpuLanesOnly(bool on)
{
    if (on == m_gpuOnly)
        return;
    m_gpuOnly = on;
    rebuild();
}

QString TimelineView::laneLabel(SliceRef ref) const
{
    const int lane = m_layout.laneOfTrack(ref.run, ref.track);
    return lane >= 0 ? m_layout.lanes()[std::size_t(lane)].label : QString();
}

double TimelineView::lanesWidth() const { return std::max(1, viewport()->width() - kHeaderWidth); }

void TimelineView::syncRenderer()
{
    m_renderer.setViewport(viewport()->size(), state()->windowStart(), state()->windowRange(), verticalScrollBar()->value());
}

void TimelineView::onWindowChanged()
{
    syncRenderer();
    m_cacheValid = false;
    viewport()->update();
    emit visibleRangeChanged(state()->windowStart(), state()->windowRange());
}

double TimelineView::visibleStartNs(int run) const { return double(base(run)) + state()->windowStart(); }

double TimelineView::visibleEndNs(int run) const { return visibleStartNs(run) + state()->windowRange(); }

void TimelineView::setVisibleRange(double startNs, double endNs, int run)
{
    state()->setWindow(startNs - double(base(run)), endNs - startNs);
}

void TimelineView::fitAll() { state()->fitAll(); }

void TimelineView::zoomAbout(double lanePx, double factor) { state()->zoomAbout(lanesWidth(), lanePx, factor); }

void TimelineView::panPx(double dx) { state()->panPx(lanesWidth(), dx); }

void TimelineView::zoomToSlice(SliceRef ref)
{
    const Trace *t = trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return;
    const Track &trk = t->tracks[ref.track];
    const double s = m_renderer.relNs(ref.run, trk.start[ref.slice]);
    const double d = std::max<double>(double(trk.dur[ref.slice]), 1.0);
    state()->setWindow(s - d * kZoomToSliceMargin, d * (1 + 2 * kZoomToSliceMargin));
}

void TimelineView::ensureVisible(SliceRef ref)
{
    const Trace *t = trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return;
    const Track &trk = t->tracks[ref.track];
    const int lane = m_layout.laneOfTrack(ref.run, ref.track);
    if (lane < 0)
        return;
    const Lane &l = m_layout.lanes()[std::size_t(lane)];
    if (m_layout.groups()[std::size_t(l.group)].collapsed)
        setGroupCollapsed(l.group, false);
    // Horizontal: keep the zoom when the slice fits, centre it when it is (partly) outside.
    const double s = m_renderer.relNs(ref.run, trk.start[ref.slice]);
    const double d = double(trk.dur[ref.slice]);
    const double range = state()->windowRange();
    if (d > range * 0.9)
        zoomToSlice(ref);
    else if (s < state()->windowStart() || s + d > state()->windowEnd())
        state()->setWindow(s + d / 2 - range / 2, range);
    // Vertical: the slice's row inside the lanes area.
    const int depth = trk.depth[ref.slice];
    const int rowY = l.y + LaneLayout::kLanePad + depth * LaneLayout::kRowHeight;
    const int visibleH = viewport()->height() - kTopHeight;
    QScrollBar *sb = verticalScrollBar();
    if (rowY < sb->value() || rowY + LaneLayout::kRowHeight > sb->value() + visibleH)
        sb->setValue(std::max(0, rowY - visibleH / 3));
}

void TimelineView::selectSlice(SliceRef ref, bool follow)
{
    const Trace *t = trace(ref.run);
    if (ref.isValid() && (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size()))
        ref = SliceRef();
    state()->setSelectedSlice(ref);
    if (follow && ref.isValid())
        ensureVisible(ref);
}

void TimelineView::onSelectionChanged(SliceRef ref)
{
    const Trace *t = trace(ref.run);
    m_flows = t ? flowsOf(*t, ref) : std::vector<FlowLink>();
    viewport()->update();
    emit selectionChanged(ref);
}

double TimelineView::timeRangeStartNs(int run) const { return double(base(run)) + state()->timeRangeStart(); }

double TimelineView::timeRangeEndNs(int run) const { return double(base(run)) + state()->timeRangeEnd(); }

void TimelineView::setTimeRange(double startNs, double endNs, int run)
{
    state()->setTimeRange(startNs - double(base(run)), endNs - double(base(run)));
}

void TimelineView::clearTimeRange() { state()->clearTimeRange(); }

void TimelineView::onGapChanged(int run)
{
    if (run >= 0) {
        const int lane = highlightLane();
        if (lane >= 0) {
            const int group = m_layout.lanes()[std::size_t(lane)].group;
            if (m_layout.groups()[std::size_t(group)].collapsed)
                setGroupCollapsed(group, false);
            const QRect r = laneRect(lane);
            const QRect area = lanesRect();
            if (r.top() < area.top() || r.bottom() > area.bottom())
                verticalScrollBar()->setValue(verticalScrollBar()->value() + r.top() - area.top() - area.height() / 4);
        }
    }
    viewport()->update();
}

int TimelineView::highlightLane() const
{
    return hasHighlight() ? m_layout.laneOfTrack(state()->gapRun(), state()->gap().track) : -1;
}

QString TimelineView::highlightLabel() const
{
    return hasHighlight() ? GapCauseStyle::label(state()->gap().cause) : QString();
}

void TimelineView::setGroupCollapsed(int group, bool collapsed)
{
    m_layout.setCollapsed(group, collapsed);
    updateScrollBars();
    syncRenderer();
    m_cacheValid = false;
    viewport()->update();
}

QString TimelineView::stepAt(int run, TimeNs t) const
{
    const auto &st = steps(run);
    auto it = std::upper_bound(st.begin(), st.end(), t, [](TimeNs v, const Step &s) { return v < s.start; });
    if (it == st.begin())
        return {};
    --it;
    return t < it->end ? it->name : QString();
}

const std::vector<TimelineView::Step> &TimelineView::steps(int run) const
{
    static const std::vector<Step> none;
    const TraceViewIndex *idx = sess().index(run);
    return idx ? idx->steps() : none;
}

QString TimelineView::tooltipText(SliceRef ref) const
{
    const Trace *t = trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return {};
    const Track &trk = t->tracks[ref.track];
    QString name = t->name(trk.nameId[ref.slice]);
    if (name.size() > 160)
        name = name.left(157) + QStringLiteral("…");
    const SliceClass cls = sess().index(ref.run)->classifier().classOf(trk, ref.slice);
    QStringList lines;
    lines << name;
    lines << tr("Duration: %1").arg(TimeAxis::formatTime(double(trk.dur[ref.slice])));
    lines << tr("Start: %1").arg(TimeAxis::formatTime(m_renderer.relNs(ref.run, trk.start[ref.slice])));
    lines << tr("Category: %1 (%2)").arg(t->category(trk.catId[ref.slice]), Palette::label(cls));
    lines << (trk.kind == TrackKind::Gpu ? tr("Stream: %1") : tr("Thread: %1")).arg(laneLabel(ref));
    const QString step = stepAt(ref.run, trk.start[ref.slice]);
    if (!step.isEmpty())
        lines << tr("Step: %1").arg(step);
    return lines.join(QLatin1Char('\n'));
}

// --- scrolling, painting -------------------------------------------------------------------------

void TimelineView::updateScrollBars()
{
    const int visibleH = std::max(0, viewport()->height() - kTopHeight);
    verticalScrollBar()->setRange(0, std::max(0, m_layout.totalHeight() - visibleH));
    verticalScrollBar()->setPageStep(std::max(1, visibleH));
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    // The window stays the same across resizes: the scale changes, the visible time does not.
    updateScrollBars();
    syncRenderer();
    m_cacheValid = false;
}

void TimelineView::scrollContentsBy(int, int)
{
    syncRenderer();
    m_cacheValid = false;
    viewport()->update();
}

void TimelineView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_renderer.setFont(font());
        m_cacheValid = false;
    }
    QAbstractScrollArea::changeEvent(event);
}

RenderOverlay TimelineView::overlay() const
{
    RenderOverlay o;
    o.selected = selectedSlice();
    o.hover = m_hover;
    o.flows = m_flows;
    o.rangeActive = state()->hasTimeRange();
    o.rangeA = state()->timeRangeStart();
    o.rangeB = state()->timeRangeEnd();
    o.gapRun = state()->gapRun();
    o.gap = state()->gap();
    o.highlight = state()->highlight();
    o.cursorNs = state()->cursor();
    return o;
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QSize size = viewport()->size();
    const qreal dpr = viewport()->devicePixelRatioF();
    syncRenderer();
    if (!m_cacheValid || m_cacheSize != size || m_cacheStart != state()->windowStart() || m_cacheRange != state()->windowRange()
        || m_cacheScroll != verticalScrollBar()->value() || m_cache.devicePixelRatio() != dpr) {
        if (m_cache.size() != size * dpr) {
            m_cache = QImage(size * dpr, QImage::Format_ARGB32_Premultiplied);
            m_cache.setDevicePixelRatio(dpr);
        }
        QPainter cp(&m_cache);
        m_renderer.paintBase(cp);
        m_cacheValid = true;
        m_cacheSize = size;
        m_cacheStart = state()->windowStart();
        m_cacheRange = state()->windowRange();
        m_cacheScroll = verticalScrollBar()->value();
    }
    p.drawImage(QPoint(0, 0), m_cache);
    m_renderer.paintOverlay(p, overlay());
}

void TimelineView::renderTo(QPainter &p, QSize size)
{
    m_renderer.setViewport(size, state()->windowStart(), state()->windowRange(), verticalScrollBar()->value());
    m_renderer.paint(p, overlay());
    syncRenderer();
}

QImage TimelineView::renderFrame()
{
    QImage img(viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&img);
    renderTo(p, img.size());
    return img;
}

// --- input ---------------------------------------------------------------------------------------

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(event);
        const SliceRef ref = sliceAt(he->pos());
        if (ref.isValid()) {
            QToolTip::showText(he->globalPos(), details::tooltipText(tooltipText(ref)), viewport());
        } else {
            const int lane = he->pos().x() < kHeaderWidth ? m_layout.laneAt(he->pos().y() - kTopHeight + verticalScrollBar()->value()) : -1;
            if (lane >= 0)
                QToolTip::showText(he->globalPos(), details::tooltipText(m_layout.lanes()[std::size_t(lane)].tooltip), viewport());
            else
                QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPoint delta = event->angleDelta();
    const double x = event->position().x() - kHeaderWidth;
    if (event->modifiers() & Qt::ControlModifier) {
        // Perfetto-like: Ctrl+wheel zooms about the cursor; 120 units (one notch) = 15 %.
        const double factor = std::pow(0.85, delta.y() / 120.0);
        zoomAbout(std::clamp(x, 0.0, lanesWidth()), factor);
        event->accept();
        return;
    }
    if ((event->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        panPx(-d / 120.0 * lanesWidth() * 0.1);
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event); // plain wheel scrolls the lanes
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    const QPoint cursor = viewport()->mapFromGlobal(QCursor::pos());
    const double anchor = viewport()->rect().contains(cursor) && cursor.x() >= kHeaderWidth ? cursor.x() - kHeaderWidth
                                                                                             : lanesWidth() / 2;
    switch (event->key()) {
    case Qt::Key_W:
        zoomAbout(anchor, kKeyZoomFactor);
        break;
    case Qt::Key_S:
        zoomAbout(anchor, 1 / kKeyZoomFactor);
        break;
    case Qt::Key_A:
        panPx(-lanesWidth() * kKeyPanFraction);
        break;
    case Qt::Key_D:
        panPx(lanesWidth() * kKeyPanFraction);
        break;
    case Qt::Key_F:
    case Qt::Key_Home:
        if (event->key() == Qt::Key_F && selectedSlice().isValid())
            zoomToSlice(selectedSlice()); // as in Perfetto: F frames the selection
        else
            fitAll();
        break;
    case Qt::Key_Escape:
        clearTimeRange();
        selectSlice(SliceRef());
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    m_pressPos = m_lastPos = event->position().toPoint();
    m_moved = false;
    if (event->button() != Qt::LeftButton || m_pressPos.y() < kTopHeight || m_pressPos.x() < kHeaderWidth) {
        m_drag = Drag::None;
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Range;
        m_rangeAnchor = axis().toNs(m_pressPos.x() - kHeaderWidth);
        state()->setTimeRange(m_rangeAnchor, m_rangeAnchor);
    } else {
        m_drag = Drag::Pan;
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (m_drag != Drag::None && (pos - m_pressPos).manhattanLength() >= 3)
        m_moved = true;
    if (m_drag == Drag::Pan && m_moved) {
        viewport()->setCursor(Qt::ClosedHandCursor);
        const QPoint d = pos - m_lastPos;
        if (d.x() != 0)
            panPx(-d.x());
        if (d.y() != 0)
            verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
    } else if (m_drag == Drag::Range) {
        state()->setTimeRange(m_rangeAnchor, axis().toNs(std::clamp<double>(pos.x() - kHeaderWidth, 0, lanesWidth())));
    } else if (m_drag == Drag::None) {
        const SliceRef h = sliceAt(pos);
        if (h != m_hover) {
            m_hover = h;
            viewport()->update();
        }
    }
    // The cursor line follows the mouse over the lanes, through every run (one shared axis).
    if (pos.x() >= kHeaderWidth && pos.y() >= kRulerHeight)
        state()->setCursor(axis().toNs(pos.x() - kHeaderWidth));
    else
        state()->setCursor(std::numeric_limits<double>::quiet_NaN());
    m_lastPos = pos;
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    const Drag drag = m_drag;
    m_drag = Drag::None;
    viewport()->unsetCursor();
    if (event->button() != Qt::LeftButton)
        return;
    if (drag == Drag::Range) {
        if (m_moved)
            emit timeRangeChanged();
        else
            clearTimeRange();
        return;
    }
    if (m_moved)
        return;
    // A click: a group header toggles its group; an arrow's far end jumps there; a slice selects.
    const int group = m_renderer.groupHeaderAt(pos);
    if (group >= 0) {
        setGroupCollapsed(group, !m_layout.groups()[std::size_t(group)].collapsed);
        return;
    }
    for (const FlowLink &f : m_flows) {
        const QPointF end = m_renderer.flowAnchor(f.other);
        if (QLineF(end, QPointF(pos)).length() <= 6) {
            selectSlice(f.other, true);
            return;
        }
    }
    if (pos.x() >= kHeaderWidth && pos.y() >= kTopHeight) {
        selectSlice(sliceAt(pos));
        clearTimeRange();
    }
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const SliceRef ref = sliceAt(event->position().toPoint());
    if (!ref.isValid())
        return;
    selectSlice(ref);
    zoomToSlice(ref);
}

void TimelineView::leaveEvent(QEvent *event)
{
    state()->setCursor(std::numeric_limits<double>::quiet_NaN());
    if (m_hover.isValid()) {
        m_hover = SliceRef();
        viewport()->update();
    }
    QAbstractScrollArea::leaveEvent(event);
}

} // namespace lanescope
