// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/TimelineView.h"

#include "core/annotations/LaneKey.h"
#include "widgets/analysis/AnalysisPanels.h"
#include "widgets/analysis/CriticalPathPanel.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/render/Palette.h"
#include "widgets/timeline/DetailsHtml.h"
#include "widgets/timeline/LaneMenu.h"
#include "widgets/timeline/SliceMenu.h"
#include "core/analysis/measures/collectives/CollectiveBandwidth.h"
#include "core/analysis/compare/Compare.h"
#include "core/analysis/measures/gaps/Gaps.h"

#include <QContextMenuEvent>
#include <QCursor>
#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>
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
    m_renderer.setScheme(Palette::schemeFor(palette().color(QPalette::Window)));
    verticalScrollBar()->setSingleStep(LaneLayout::kRowHeight * 2);
    setMinimumSize(400, 200);
    m_renderer.setFont(font());
    m_renderer.setLayout(&m_layout);
    m_annPainter = std::make_unique<AnnotationPainter>(m_renderer);
    m_annPainter->setFont(font());
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
    connect(session, &Session::runRenamed, this, &TimelineView::rebuild); // the lane groups carry the label
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
    connect(session, &Session::annotationsChanged, this, [this] {
        dropStaleAnnotationSelection();
        viewport()->update();
    });
    connect(s, &ViewState::memoryOverlayChanged, this, [this](bool on) {
        m_renderer.setMemoryVisible(on);
        m_layout.setMemoryBandsVisible(on); // no empty band kept while the overlay is off
        updateScrollBars();
        syncRenderer();
        m_cacheValid = false;
        viewport()->update();
    });
    connect(s, &ViewState::queueLanesChanged, this, [this](bool on) {
        m_renderer.setQueueVisible(on);
        m_layout.setQueueBandsVisible(on);
        updateScrollBars();
        syncRenderer();
        m_cacheValid = false;
        viewport()->update();
    });
    connect(s, &ViewState::highlightChanged, viewport(), qOverload<>(&QWidget::update));
    // The overlay passes (OverlayPass.h): every registered one, drawn from the session's state.
    installOverlayPasses(session);
    connect(s, &ViewState::overlayChanged, viewport(), qOverload<>(&QWidget::update));
    connect(session, &Session::analysisChanged, viewport(), qOverload<>(&QWidget::update)); // a pass may draw from it
    connect(s, &ViewState::searchChanged, viewport(), qOverload<>(&QWidget::update));
    connect(s, &ViewState::cursorChanged, viewport(), qOverload<>(&QWidget::update));
    m_renderer.setMemoryVisible(s->memoryOverlay());
    m_renderer.setQueueVisible(s->queueLanes());
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
    m_layout.setMemoryBandsVisible(state()->memoryOverlay());
    m_layout.setQueueBandsVisible(state()->queueLanes());
    m_layout.build(inputs);
    m_renderer.setRuns(std::move(runs));
    m_hover = SliceRef();
    m_flows.clear();
    m_hasDraft = false;
    dropStaleAnnotationSelection();
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
    relayoutLanes();
}

void TimelineView::relayoutLanes()
{
    updateScrollBars();
    syncRenderer();
    m_cacheValid = false;
    viewport()->update();
}

void TimelineView::setLanePinned(int lane, bool pinned)
{
    m_layout.setPinned(lane, pinned);
    relayoutLanes();
}

void TimelineView::hideLane(int lane)
{
    m_layout.setHidden(lane, true);
    relayoutLanes();
}

void TimelineView::showOnlyGroup(int group)
{
    m_layout.showOnlyGroup(group);
    verticalScrollBar()->setValue(0);
    relayoutLanes();
}

void TimelineView::showAllLanes()
{
    m_layout.showAllLanes();
    relayoutLanes();
}

void TimelineView::selectAllLike(SliceRef ref)
{
    const Trace *t = trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return;
    std::vector<const Trace *> traces;
    for (int r = 0; r < runCount(); ++r)
        traces.push_back(trace(r));
    // Matched as the comparison's differences match names ("ProfilerStep#17" marks every step).
    const QString name = analysis::normalizedName(t->strings.view(t->tracks[ref.track].nameId[ref.slice]), false);
    state()->setHighlight(buildSliceHighlight(traces, name, false));
    emit allLikeSelected();
}

QMenu *TimelineView::createContextMenu(QPoint pos, QWidget *parent)
{
    const int layoutY = pos.y() - kTopHeight + verticalScrollBar()->value();
    if (pos.y() < kTopHeight)
        return nullptr;
    const SliceRef ref = sliceAt(pos);
    const int lane = ref.isValid() ? m_layout.laneOfTrack(ref.run, ref.track) : m_layout.laneAt(layoutY);
    const int group = lane < 0 ? m_layout.groupHeaderAt(layoutY) : -1;
    if (!ref.isValid() && lane < 0 && group < 0) {
        if (m_layout.memoryBandAt(layoutY) < 0)
            return nullptr;
        // The memory band's own menu: how it draws.
        auto *menu = new QMenu(parent);
        QAction *stack = menu->addAction(tr("Stacked by Owner"));
        stack->setObjectName(QStringLiteral("memoryStackedAction"));
        stack->setCheckable(true);
        stack->setChecked(memoryStacked());
        stack->setStatusTip(tr("Split the allocated memory by who allocated it: forward, backward, optimizer, FSDP all-gather, before the trace"));
        connect(stack, &QAction::toggled, this, &TimelineView::setMemoryStacked);
        return menu;
    }
    auto *menu = new QMenu(parent);
    if (ref.isValid()) {
        addSliceActions(menu, this, ref);
        menu->addSeparator();
    }
    addLaneActions(menu, this, lane, group);
    return menu;
}

void TimelineView::setMemoryStacked(bool on)
{
    if (on == m_renderer.memoryStacked())
        return;
    m_renderer.setMemoryStacked(on);
    m_cacheValid = false;
    viewport()->update();
    emit memoryStackedChanged(on);
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
    lines << tr("Start: %1").arg(details::startText(m_renderer.relNs(ref.run, trk.start[ref.slice]), details::timeResolutionNs(trk.start, trk.dur)));
    lines << tr("Category: %1 (%2)").arg(t->category(trk.catId[ref.slice]), Palette::label(cls));
    lines << (trk.kind == TrackKind::Gpu ? tr("Stream: %1") : tr("Thread: %1")).arg(laneLabel(ref));
    const QString step = stepAt(ref.run, trk.start[ref.slice]);
    if (!step.isEmpty())
        lines << tr("Step: %1").arg(step);
    // A communication kernel: the collective and its bus bandwidth (nccl-tests' busbw over this
    // rank's duration), as the Details panel gives it. Reads the kernel's args (and maybe its
    // record_param_comms op's) back from the file: once per hover pause, not per mouse move.
    if (trk.kind == TrackKind::Gpu && cls == SliceClass::Communication) {
        if (const auto x = analysis::collectiveTransfer(*t, ref.track, ref.slice)) {
            const QLocale locale;
            if (x->busbwGBps >= 0)
                lines << tr("%1, %2: bus bandwidth %3 GB/s")
                             .arg(x->collective, locale.formattedDataSize(x->bytes, 2, QLocale::DataSizeIecFormat),
                                  locale.toString(x->busbwGBps, 'f', 1));
            else if (x->bytes >= 0)
                lines << tr("%1, %2").arg(x->collective, locale.formattedDataSize(x->bytes, 2, QLocale::DataSizeIecFormat));
            else
                lines << x->collective;
        }
    }
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
        m_annPainter->setFont(font());
        m_cacheValid = false;
    }
    if (event->type() == QEvent::PaletteChange) {
        // The theme changed (Preferences, or the system's): the timeline's own palette follows.
        m_renderer.setScheme(Palette::schemeFor(palette().color(QPalette::Window)));
        m_cacheValid = false;
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

void TimelineView::setCriticalPathVisible(bool on) { CriticalPathPass::of(session())->setOn(on); }

bool TimelineView::criticalPathVisible() const { return CriticalPathPass::of(session())->isOn(); }

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
    o.search = state()->search();
    o.cursorNs = state()->cursor();
    o.layers = state()->overlayLayers();
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
    paintAnnotations(p);
}

void TimelineView::renderTo(QPainter &p, QSize size)
{
    m_renderer.setViewport(size, state()->windowStart(), state()->windowRange(), verticalScrollBar()->value());
    m_renderer.paint(p, overlay());
    paintAnnotations(p);
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
        const TimelineRenderer::MemoryReadout mem = m_renderer.memoryAt(he->pos());
        if (ref.isValid()) {
            QToolTip::showText(he->globalPos(), details::tooltipText(tooltipText(ref)), viewport());
        } else if (const TimelineRenderer::CounterReadout ctr = m_renderer.counterAt(he->pos()); ctr.value.valid) {
            // A counter lane: its value at the time under the mouse.
            const CounterLane &c = m_layout.counterLanes()[std::size_t(ctr.lane)];
            const QString text = tr("%1: %2\nat %3").arg(c.label, CounterLanes::formatValue(ctr.value.value, c.unit),
                                                       TimeAxis::formatTime(m_renderer.relNs(ctr.run, ctr.value.t)));
            QToolTip::showText(he->globalPos(), details::tooltipText(text), viewport());
        } else if (mem.value.valid) {
            // The memory band: the allocator's totals at the time under the mouse.
            const QString text = tr("%1\nat %2").arg(MemoryBand::readoutText(mem.value),
                                                    TimeAxis::formatTime(m_renderer.relNs(mem.run, mem.value.t)));
            QToolTip::showText(he->globalPos(), details::tooltipText(text), viewport());
        } else {
            const int layoutY = he->pos().y() - kTopHeight + verticalScrollBar()->value();
            const int lane = he->pos().x() < kHeaderWidth ? m_layout.laneAt(layoutY) : -1;
            const int counter = he->pos().x() < kHeaderWidth && lane < 0 ? m_layout.counterLaneAt(layoutY) : -1;
            if (lane >= 0)
                QToolTip::showText(he->globalPos(), details::tooltipText(m_layout.lanes()[std::size_t(lane)].tooltip), viewport());
            else if (counter >= 0) // a counter's header: its whole name (the cell elides a long one)
                QToolTip::showText(he->globalPos(), details::tooltipText(m_layout.counterLanes()[std::size_t(counter)].label), viewport());
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
        // Perfetto-like: Ctrl+wheel zooms about the cursor; 120 units (one notch) = kWheelZoomFactor.
        const double factor = std::pow(kWheelZoomFactor, delta.y() / 120.0);
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
        zoomAbout(anchor, m_zoomRamp.step(event->key(), event->isAutoRepeat(), event->timestamp()));
        break;
    case Qt::Key_S:
        zoomAbout(anchor, 1 / m_zoomRamp.step(event->key(), event->isAutoRepeat(), event->timestamp()));
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
        if (m_tool != AnnotationTool::Select) // first back to Select, then clear as before
            setAnnotationTool(AnnotationTool::Select);
        else if (m_selAnn.isValid())
            selectAnnotation({});
        else {
            clearTimeRange();
            selectSlice(SliceRef());
        }
        break;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        if (!m_selAnn.isValid()) {
            QAbstractScrollArea::keyPressEvent(event);
            return;
        }
        emit annotationDeleteRequested(m_selAnn.run, m_selAnn.id);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineView::keyReleaseEvent(QKeyEvent *event)
{
    if (!event->isAutoRepeat() && (event->key() == Qt::Key_W || event->key() == Qt::Key_S))
        m_zoomRamp.release();
    QAbstractScrollArea::keyReleaseEvent(event);
}

void TimelineView::focusOutEvent(QFocusEvent *event)
{
    m_zoomRamp.release(); // the key's release goes elsewhere
    QAbstractScrollArea::focusOutEvent(event);
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    m_pressPos = m_lastPos = event->position().toPoint();
    m_moved = false;
    if (event->button() != Qt::LeftButton || m_pressPos.y() < kTopHeight || m_pressPos.x() < kHeaderWidth) {
        m_drag = Drag::None;
        return;
    }
    if (m_tool != AnnotationTool::Select) {
        m_drag = pressAnnotationTool(m_pressPos) ? Drag::Draw : Drag::None;
        return;
    }
    if (!(event->modifiers() & Qt::ShiftModifier) && pressSelectAnnotation(m_pressPos)) {
        m_drag = Drag::MoveAnnotation;
        return;
    }
    if (m_selAnn.isValid())
        selectAnnotation({}); // a press elsewhere drops the annotation's selection
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
    } else if (m_drag == Drag::Draw) {
        m_draft = draftAt(pos);
        viewport()->update();
    } else if (m_drag == Drag::MoveAnnotation) {
        if (m_moved) {
            m_draft = movedTo(pos);
            m_hasDraft = true;
            viewport()->update();
        }
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
    updateToolCursor();
    if (event->button() != Qt::LeftButton)
        return;
    if (drag == Drag::Draw) {
        const annotations::Annotation a = draftAt(pos);
        m_hasDraft = false;
        viewport()->update();
        // Two-point kinds need a drag; a callout and a marker are placed by a click.
        const bool twoPoint = a.kind == annotations::Kind::Arrow || a.kind == annotations::Kind::Rect
            || a.kind == annotations::Kind::Range;
        if (!twoPoint || m_moved)
            emit annotationCreated(m_draftRun, a);
        return;
    }
    if (drag == Drag::MoveAnnotation) {
        const bool changed = m_hasDraft && !m_draft.sameContent(m_dragOrigin);
        const annotations::Annotation after = m_draft;
        m_hasDraft = false;
        viewport()->update();
        if (changed)
            emit annotationEdited(m_draftRun, m_dragOrigin, after);
        return;
    }
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
        const SliceRef ref = sliceAt(pos);
        selectSlice(ref);
        clearTimeRange();
        // A click in an empty stretch of a GPU stream selects the gap: marked with its cause as
        // the Analysis dock marks one, and told in Details.
        int run = -1;
        analysis::Gap gap;
        if (!ref.isValid() && gapAt(pos, &run, &gap)) {
            showGap(run, gap);
            emit gapClicked(run, gap);
        }
    }
}

bool TimelineView::gapAt(QPoint pos, int *runOut, analysis::Gap *out) const
{
    if (pos.x() < kHeaderWidth || pos.y() < kTopHeight || sliceAt(pos).isValid())
        return false;
    const int lane = m_layout.laneAt(pos.y() - kTopHeight + m_renderer.scrollY());
    if (lane < 0)
        return false;
    const Lane &l = m_layout.lanes()[std::size_t(lane)];
    const Trace *t = trace(l.run);
    if (!t || l.track >= t->tracks.size() || t->tracks[l.track].kind != TrackKind::Gpu)
        return false;
    const Track &trk = t->tracks[l.track];
    const TimeNs at = base(l.run) + TimeNs(std::llround(axis().toNs(pos.x() - kHeaderWidth)));
    auto pick = [&](const std::vector<analysis::Gap> &gaps) {
        for (const analysis::Gap &g : gaps)
            if (g.track == l.track && g.start <= at && at < g.end()) {
                *runOut = l.run;
                *out = g;
                return true;
            }
        return false;
    };
    if (const auto &a = sess().run(l.run).analysis; a && pick(a->gaps))
        return true;
    // Shorter than the analysis' threshold: measured now over the stretch between the stream's
    // last activity that ends before the click and the click (a gap starts inside it).
    TimeNs prevEnd = std::numeric_limits<TimeNs>::min();
    bool after = false;
    for (std::size_t i = 0; i < trk.size(); ++i) {
        // gpu_user_annotation spans lie over the kernels on the stream's track: not activity.
        if (t->category(trk.catId[i]).contains(QLatin1String("annotation"), Qt::CaseInsensitive))
            continue;
        if (trk.start[i] > at) {
            after = true;
            continue;
        }
        prevEnd = std::max(prevEnd, trk.end(i));
    }
    if (!after || prevEnd == std::numeric_limits<TimeNs>::min() || prevEnd > at)
        return false;
    analysis::GapOptions o;
    o.minGap = 1;
    o.kernels = analysis::GapKernels::All;
    o.range = {prevEnd, at + 1};
    return pick(analysis::findGaps(*t, o));
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (m_tool == AnnotationTool::Select && event->button() == Qt::LeftButton) {
        const AnnotationRef hit = annotationAt(event->position().toPoint());
        if (hit.isValid()) {
            selectAnnotation(hit);
            emit annotationTextEditRequested(hit.run, hit.id);
            return;
        }
    }
    if (m_tool != AnnotationTool::Select)
        return; // a double click while drawing is two clicks of the tool
    const SliceRef ref = sliceAt(event->position().toPoint());
    if (!ref.isValid())
        return;
    selectSlice(ref);
    zoomToSlice(ref);
    emit sliceDoubleClicked(ref);
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

// --- annotations ----------------------------------------------------------------------

void TimelineView::setAnnotationTool(AnnotationTool tool)
{
    if (tool == m_tool)
        return;
    m_tool = tool;
    m_drag = Drag::None;
    m_hasDraft = false;
    updateToolCursor();
    viewport()->update();
    emit annotationToolChanged(tool);
}

void TimelineView::updateToolCursor()
{
    if (m_tool == AnnotationTool::Select)
        viewport()->unsetCursor();
    else
        viewport()->setCursor(Qt::CrossCursor);
}

void TimelineView::selectAnnotation(AnnotationRef ref)
{
    const annotations::AnnotationSet *set = sess().annotations(ref.run);
    if (ref.isValid() && (!set || !set->find(ref.id)))
        ref = AnnotationRef();
    if (ref == m_selAnn)
        return;
    m_selAnn = ref;
    viewport()->update();
    emit annotationSelectionChanged();
}

void TimelineView::dropStaleAnnotationSelection()
{
    const annotations::AnnotationSet *set = sess().annotations(m_selAnn.run);
    if (m_selAnn.isValid() && (!set || !set->find(m_selAnn.id))) {
        m_selAnn = AnnotationRef();
        emit annotationSelectionChanged();
    }
}

TimeNs TimelineView::relTime(int run, double viewportX) const
{
    // axis = absolute - base and base = minTs - offset, so relative to minTs: axis - offset.
    const double axisNs = axis().toNs(viewportX - kHeaderWidth);
    const TimeNs offset = run >= 0 && run < runCount() ? sess().run(run).offsetNs : 0;
    return TimeNs(std::llround(axisNs - double(offset)));
}

bool TimelineView::anchorAt(QPoint pos, int run, annotations::Anchor *out, int *runOut) const
{
    const int layoutY = pos.y() - kTopHeight + verticalScrollBar()->value();
    const int lane = m_layout.laneAt(layoutY);
    const int band = lane < 0 ? m_layout.memoryBandAt(layoutY) : -1;
    if (band >= 0) {
        // Over the memory band: anchored to the curve (memory:<device>, y in bytes).
        const LaneGroup &g = m_layout.groups()[std::size_t(band)];
        MemoryBand::Frame f;
        if ((run >= 0 && g.run != run) || !m_renderer.memoryFrame(band, &f))
            return false;
        const double plotH = f.plotBottom() - f.plotTop();
        out->lane = g.memoryKey;
        out->y = std::clamp((f.plotBottom() - pos.y()) / plotH, 0.0, 1.0) * f.axisTop;
        out->t = relTime(g.run, pos.x());
        if (runOut)
            *runOut = g.run;
        return true;
    }
    if (lane < 0)
        return false;
    const Lane &l = m_layout.lanes()[std::size_t(lane)];
    if (run >= 0 && l.run != run)
        return false;
    const double maxRows = std::max(0.0, double(l.height - 2 * LaneLayout::kLanePad) / LaneLayout::kRowHeight);
    out->lane = l.key;
    out->y = std::clamp(double(layoutY - l.y - LaneLayout::kLanePad) / LaneLayout::kRowHeight, 0.0, maxRows);
    out->t = relTime(l.run, pos.x());
    if (runOut)
        *runOut = l.run;
    return true;
}

QPoint TimelineView::belowLastLane(QPoint pos) const
{
    int bottom = -1;
    for (const Lane &l : m_layout.lanes())
        if (!l.hidden && !l.pinned && l.height > 0)
            bottom = std::max(bottom, l.y + l.height);
    const int layoutY = pos.y() - kTopHeight + verticalScrollBar()->value();
    if (bottom <= 0 || layoutY < bottom)
        return pos;
    return QPoint(pos.x(), bottom - 1 + kTopHeight - verticalScrollBar()->value());
}

TimelineView::AnnotationRef TimelineView::annotationAt(QPoint pos) const
{
    for (int run = runCount() - 1; run >= 0; --run) { // later runs' drawings are on top
        const annotations::AnnotationSet *set = sess().annotations(run);
        if (!set || set->isEmpty())
            continue;
        if (const auto id = m_annPainter->hitTest(run, *set, QPointF(pos)))
            return {run, id};
    }
    return {};
}

bool TimelineView::pressAnnotationTool(QPoint pos)
{
    using annotations::Kind;
    annotations::Annotation a;
    a.color = m_annColor;
    int run = -1;
    switch (m_tool) {
    case AnnotationTool::Select: return false;
    case AnnotationTool::Marker: {
        const SliceRef ref = sliceAt(pos);
        const Trace *t = trace(ref.run);
        if (!ref.isValid() || !t)
            return false;
        const Track &trk = t->tracks[ref.track];
        const int lane = m_layout.laneOfTrack(ref.run, ref.track);
        if (lane < 0)
            return false;
        a.kind = Kind::Marker;
        a.a = {trk.start[ref.slice] - t->minTs, m_layout.laneKey(lane), trk.depth[ref.slice] + 0.5};
        a.b = {trk.start[ref.slice] + trk.dur[ref.slice] - t->minTs, m_layout.laneKey(lane), trk.depth[ref.slice] + 0.5};
        run = ref.run;
        break;
    }
    case AnnotationTool::Range: {
        annotations::Anchor at;
        if (!anchorAt(pos, -1, &at, &run)) {
            const int g = m_layout.groupHeaderAt(pos.y() - kTopHeight + verticalScrollBar()->value());
            if (g < 0)
                return false;
            run = m_layout.groups()[std::size_t(g)].run;
        }
        a.kind = Kind::Range;
        a.a.t = a.b.t = relTime(run, pos.x());
        break;
    }
    case AnnotationTool::Callout:
    case AnnotationTool::Arrow:
    case AnnotationTool::Rect:
        // Below the last lane (the empty space under the groups): anchored to the last lane, at
        // its bottom, rather than dropped without a word.
        if (!anchorAt(pos, -1, &a.a, &run) && !anchorAt(belowLastLane(pos), -1, &a.a, &run))
            return false;
        a.kind = m_tool == AnnotationTool::Callout ? Kind::Callout : m_tool == AnnotationTool::Arrow ? Kind::Arrow : Kind::Rect;
        if (a.kind != Kind::Callout) // a callout has one anchor (its file has no "b")
            a.b = a.a;
        break;
    }
    m_draftRun = run;
    m_draft = a;
    m_dragOrigin = a;
    m_hasDraft = true;
    viewport()->update();
    return true;
}

annotations::Annotation TimelineView::draftAt(QPoint pos) const
{
    using annotations::Kind;
    annotations::Annotation a = m_dragOrigin;
    const QPoint clamped(std::clamp(pos.x(), kHeaderWidth, viewport()->width() - 1), std::clamp(pos.y(), kTopHeight, viewport()->height() - 1));
    switch (a.kind) {
    case Kind::Callout: {
        if ((pos - m_pressPos).manhattanLength() >= 3) { // dragged: the text box goes where the mouse is
            a.labelDx = pos.x() - m_pressPos.x();
            a.labelDy = pos.y() - m_pressPos.y();
        }
        // Kept as a time and a lane (the pixel offset stays as the fallback where that lane is not shown).
        QPointF point;
        if (m_annPainter->anchorPoint(m_draftRun, a.a, &point))
            anchorLabel(m_draftRun, a, point + QPointF(a.labelDx, a.labelDy));
        break;
    }
    case Kind::Range: a.b.t = relTime(m_draftRun, clamped.x()); break;
    case Kind::Arrow:
    case Kind::Rect: {
        annotations::Anchor b;
        if (anchorAt(clamped, m_draftRun, &b)) {
            a.b = b;
        } else { // over another run or a header: the press's lane, the mouse's time
            a.b = a.a;
            a.b.t = relTime(m_draftRun, clamped.x());
            a.b.y = clamped.y() > m_pressPos.y() ? 1e9 : 0; // clamped to the lane's edge when drawn
            const int lane = m_layout.laneOfKey(m_draftRun, a.a.lane);
            if (lane >= 0)
                a.b.y = a.b.y > 0 ? double(m_layout.lanes()[std::size_t(lane)].height - 2 * LaneLayout::kLanePad) / LaneLayout::kRowHeight : 0;
        }
        break;
    }
    case Kind::Marker: break;
    }
    return a;
}

bool TimelineView::pressSelectAnnotation(QPoint pos)
{
    using annotations::Kind;
    const AnnotationRef hit = annotationAt(pos);
    if (!hit.isValid())
        return false;
    const annotations::Annotation *a = sess().annotations(hit.run)->find(hit.id);
    const AnnotationPainter::Shape s = m_annPainter->shape(hit.run, *a);
    const QPointF p(pos);
    constexpr double kGrip = 6;
    m_grip = Grip::All;
    if (a->kind == Kind::Callout && s.label.contains(p))
        m_grip = Grip::Label;
    else if (a->kind == Kind::Arrow || a->kind == Kind::Rect) {
        if (QLineF(s.a, p).length() <= kGrip)
            m_grip = Grip::A;
        else if (QLineF(s.b, p).length() <= kGrip)
            m_grip = Grip::B;
    } else if (a->kind == Kind::Range) {
        if (std::abs(s.a.x() - p.x()) <= kGrip)
            m_grip = Grip::A;
        else if (std::abs(s.b.x() - p.x()) <= kGrip)
            m_grip = Grip::B;
    }
    selectAnnotation(hit);
    m_draftRun = hit.run;
    m_dragOrigin = *a;
    m_draft = *a;
    m_hasDraft = false; // drawn in the model's stead once the mouse moves
    return true;
}

void TimelineView::anchorLabel(int run, annotations::Annotation &a, QPointF topLeft) const
{
    annotations::Anchor at;
    if (!m_annPainter->labelAnchorAt(run, topLeft, &at))
        return;
    a.hasLabel = true;
    a.label = at;
}

void TimelineView::convertPixelLabels()
{
    // A callout of a file written before labels had anchors: its text box as it is drawn now
    // (its pixel offset from the point, at this zoom and size) kept as a time and a lane, so it
    // stays there at every other one. Only callouts whose point is in view: the zoom they are
    // looked at is the nearest to the one they were placed at.
    m_convertQueued = false;
    const QRectF lanes = lanesRect();
    for (int run = 0; run < runCount(); ++run) {
        annotations::AnnotationSet *set = sess().annotations(run);
        if (!set)
            continue;
        std::vector<annotations::Annotation> converted;
        for (const annotations::Annotation &a : set->items()) {
            if (a.kind != annotations::Kind::Callout || a.hasLabel || a.finding)
                continue;
            const AnnotationPainter::Shape s = m_annPainter->shape(run, a);
            if (!s.visible || s.label.isEmpty() || !lanes.contains(s.a))
                continue;
            annotations::Annotation c = a;
            anchorLabel(run, c, s.label.topLeft());
            if (c.hasLabel)
                converted.push_back(std::move(c));
        }
        if (converted.empty())
            continue;
        for (const annotations::Annotation &c : converted)
            set->modify(c);
        sess().notifyAnnotationsChanged(run); // saved in the new form
    }
}

annotations::Annotation TimelineView::movedTo(QPoint pos) const
{
    using annotations::Kind;
    annotations::Annotation a = m_dragOrigin;
    const QPoint d = pos - m_pressPos;
    const AnnotationPainter::Shape s = m_annPainter->shape(m_draftRun, m_dragOrigin);
    if (a.kind == Kind::Callout && (m_grip == Grip::Label || m_grip == Grip::All)) {
        // The text box goes with the mouse, from where it is drawn, and is kept as a time and a
        // lane (the pixel offset, the fallback, is from the point: it changes with the label only).
        if (m_grip == Grip::Label) {
            a.labelDx += d.x();
            a.labelDy += d.y();
        }
        if (!s.label.isEmpty())
            anchorLabel(m_draftRun, a, s.label.topLeft() + QPointF(d));
        if (m_grip == Grip::Label)
            return a;
    }
    const TimeNs dt = TimeNs(std::llround(d.x() * axis().nsPerPx()));
    // An anchor moves by the drag in time (exactly) and onto the lane under its moved point; in
    // its own lane by the drag's rows, so a sideways drag leaves its height as it was.
    auto move = [&](annotations::Anchor &anchor, QPointF at) {
        anchor.t += dt;
        if (a.kind == Kind::Range || d.y() == 0)
            return;
        annotations::Anchor moved;
        if (!anchorAt((at + QPointF(d)).toPoint(), m_draftRun, &moved))
            return;
        if (moved.lane != anchor.lane || annotations::LaneKey::parseMemory(anchor.lane, nullptr))
            anchor.y = moved.y;
        else
            anchor.y = std::max(0.0, anchor.y + double(d.y()) / LaneLayout::kRowHeight);
        anchor.lane = moved.lane;
        if (a.kind == Kind::Marker)
            anchor.y = std::floor(anchor.y) + 0.5;
    };
    if (m_grip != Grip::B)
        move(a.a, s.a);
    if (m_grip != Grip::A && a.kind != Kind::Callout) {
        if (a.kind == Kind::Marker) { // a marker keeps its slice's length and row
            a.b.t += dt;
            a.b.lane = a.a.lane;
            a.b.y = a.a.y;
        } else {
            move(a.b, s.b);
        }
    }
    return a;
}

void TimelineView::paintAnnotations(QPainter &p)
{
    std::vector<const annotations::AnnotationSet *> sets;
    for (int run = 0; run < runCount(); ++run)
        sets.push_back(sess().annotations(run));
    // The drawing in progress, on top of the model (not a copy of it per frame: a sidecar may
    // hold hundreds of thousands).
    AnnotationPainter::Draft draft;
    if (m_hasDraft && m_draftRun >= 0 && m_draftRun < runCount())
        draft = {m_draftRun, &m_draft, m_drag == Drag::MoveAnnotation};
    // The marked gap's chip stays readable: no finding's label over it.
    const QRectF chip = m_renderer.gapChipRect(overlay());
    m_annPainter->setReserved(chip.isEmpty() ? std::vector<QRectF>() : std::vector<QRectF>{chip});
    m_annPainter->paint(p, sets, draft);
    // Callouts of an earlier file with a pixel offset in view: converted after this frame.
    if (!m_convertQueued && m_drag == Drag::None)
        for (const annotations::AnnotationSet *set : sets) {
            if (!set)
                continue;
            const bool pixelOffset = std::any_of(set->items().begin(), set->items().end(), [](const annotations::Annotation &a) {
                return a.kind == annotations::Kind::Callout && !a.hasLabel && !a.finding;
            });
            if (pixelOffset) {
                m_convertQueued = true;
                QTimer::singleShot(0, this, &TimelineView::convertPixelLabels);
                break;
            }
        }

    // The selection: a dashed frame around what is drawn, with grips at the anchors.
    const annotations::AnnotationSet *set = m_selAnn.isValid() ? sets[std::size_t(m_selAnn.run)] : nullptr;
    const annotations::Annotation *a = set ? set->find(m_selAnn.id) : nullptr;
    if (a && draft.a && draft.replaces && draft.run == m_selAnn.run && draft.a->id == a->id)
        a = draft.a; // the selection follows the drag
    if (!a)
        return;
    const AnnotationPainter::Shape s = m_annPainter->shape(m_selAnn.run, *a);
    if (!s.visible)
        return;
    QRectF frame = s.body.united(QRectF(s.a, s.b).normalized());
    if (!s.label.isEmpty())
        frame = frame.united(s.label);
    p.save();
    p.setClipRect(lanesRect());
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor ink = palette().color(QPalette::Highlight);
    p.setPen(QPen(ink, 1, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(frame.adjusted(-3, -3, 3, 3));
    p.setPen(QPen(Qt::white, 1));
    p.setBrush(ink);
    for (const QPointF &g : {s.a, s.b})
        p.drawRect(QRectF(g - QPointF(3, 3), QSizeF(6, 6)));
    p.restore();
}

void TimelineView::contextMenuEvent(QContextMenuEvent *event)
{
    const AnnotationRef hit = annotationAt(event->pos());
    if (!hit.isValid()) {
        // A slice's, a lane's or a group's menu (SliceMenu.h, LaneMenu.h).
        std::unique_ptr<QMenu> menu(createContextMenu(event->pos(), this));
        if (!menu) {
            QAbstractScrollArea::contextMenuEvent(event);
            return;
        }
        menu->exec(event->globalPos());
        event->accept();
        return;
    }
    selectAnnotation(hit);
    emit annotationMenuRequested(hit.run, hit.id, event->globalPos());
    event->accept();
}

} // namespace lanescope
