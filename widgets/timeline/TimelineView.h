// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The timeline widget: lanes of slices for the runs of a Session under one time axis, drawn by
// TimelineRenderer (widgets/render) and cached as an image per (window, size, scroll). The widget
// routes input (zoom, pan, scroll, clicks, drags, hover tooltips) into the session's shared
// ViewState and follows that state, so any number of views of one session move together; hover,
// selection, flows, the time range and the gap mark are painted over the cache without walking
// the events again.
#include "core/annotations/Annotation.h"
#include "core/annotations/AnnotationSet.h"
#include "widgets/annotations/AnnotationTool.h"
#include "core/model/Trace.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/view/Session.h"
#include "widgets/render/SliceRef.h"
#include "widgets/render/TimeAxis.h"
#include "widgets/render/TimelineRenderer.h"
#include "widgets/timeline/KeyZoomRamp.h"

#include <QAbstractScrollArea>
#include <QMenu>
#include <QImage>
#include <QPointer>

#include <cmath>
#include <memory>
#include <vector>

namespace lanescope {

class AnnotationPainter;

struct RunSpec
{
    std::shared_ptr<const Trace> trace;
    QString label;
};

class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    static constexpr int kHeaderWidth = TimelineRenderer::kHeaderWidth;
    static constexpr int kRulerHeight = TimelineRenderer::kRulerHeight;
    static constexpr int kStepBandHeight = TimelineRenderer::kStepBandHeight;
    static constexpr int kTopHeight = TimelineRenderer::kTopHeight;
    static constexpr double kZoomToSliceMargin = 0.1; // of the slice's duration, each side
    static constexpr double kKeyZoomFactor = KeyZoomRamp::kPressFactor; // one W press zooms in by this, S out
    static constexpr double kWheelZoomFactor = 0.75;  // one Ctrl+wheel notch (120 units) zooms in by this
    static constexpr double kKeyPanFraction = 0.15;   // A/D pan by this much of the width

    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    // The session shown (not owned; null goes back to the view's own). Without one the view has a
    // private session, which setTrace/setRuns fill.
    void setSession(Session *session);
    Session *session() const { return &sess(); }
    ViewState *state() const { return sess().state(); }

    void setTrace(std::shared_ptr<const Trace> trace); // one run; null clears (on the session)
    void setRuns(std::vector<RunSpec> runs);
    int runCount() const { return sess().runCount(); }
    const Trace *trace(int run = 0) const { return sess().trace(run); }
    const LaneLayout &laneLayout() const { return m_layout; }
    QString laneLabel(SliceRef ref) const;

    // The window, in absolute trace nanoseconds of `run`.
    const TimeAxis &axis() const { return m_renderer.axis(); }
    double visibleStartNs(int run = 0) const;
    double visibleEndNs(int run = 0) const;
    void setVisibleRange(double startNs, double endNs, int run = 0);
    void fitAll();
    void zoomAbout(double lanePx, double factor); // lanePx: x from the left edge of the lanes area
    void panPx(double dx);
    void zoomToSlice(SliceRef ref);
    void ensureVisible(SliceRef ref); // scrolls and, when needed, moves the window to show ref

    SliceRef selectedSlice() const { return state()->selectedSlice(); }
    void selectSlice(SliceRef ref, bool follow = false);
    const std::vector<FlowLink> &selectedFlows() const { return m_flows; }
    SliceRef hoveredSlice() const { return m_hover; }

    bool hasTimeRange() const { return state()->hasTimeRange(); }
    double timeRangeStartNs(int run = 0) const; // absolute
    double timeRangeEndNs(int run = 0) const;
    void setTimeRange(double startNs, double endNs, int run = 0);
    void clearTimeRange();

    void setMemoryOverlayVisible(bool on) { state()->setMemoryOverlay(on); }
    // The memory bands stacked by owner phase (forward, backward, optimizer, ...; MemoryBand).
    void setMemoryStacked(bool on);
    bool memoryStacked() const { return m_renderer.memoryStacked(); }
    bool memoryOverlayVisible() const { return state()->memoryOverlay(); }
    void setQueueLanesVisible(bool on) { state()->setQueueLanes(on); }
    bool queueLanesVisible() const { return state()->queueLanes(); }
    // The critical path of each analysed run's step, drawn over the lanes.
    // (The critical path's overlay pass, CriticalPathPass.)
    void setCriticalPathVisible(bool on);
    bool criticalPathVisible() const;

    // The gap picked in the analysis, drawn on its own stream (Gap::track) with its cause and the
    // slice that explains it (Gap::evidenceTrack/evidenceSlice); the lane is scrolled into view.
    void showGap(int run, const analysis::Gap &gap) { state()->setGap(run, gap); }
    // The idle gap of a GPU compute stream under a viewport point: the analysis' own gap there
    // when it has one (above its threshold), else the gap measured there now, however short
    // (its cause and evidence as the analysis gives them). False on a slice, a CPU lane, before
    // the stream's first kernel or after its last, or where another stream kept the device busy.
    bool gapAt(QPoint viewportPos, int *run, analysis::Gap *gap) const;
    void clearHighlight() { state()->clearGap(); }
    bool hasHighlight() const { return state()->hasGap(); }
    int highlightLane() const; // -1: none, or the gap's lane is not laid out
    QString highlightLabel() const;

    void setGroupCollapsed(int group, bool collapsed);
    // Only the GPU groups of every run (the compute lanes of a comparison next to each other).
    void setGpuLanesOnly(bool on);
    bool gpuLanesOnly() const { return m_gpuOnly; }
    // The lane menu (LaneMenu.h): by lane and group key in the layout, for every run that has it.
    void setLanePinned(int lane, bool pinned);
    void hideLane(int lane);
    void showOnlyGroup(int group);
    void showAllLanes();
    // The slice menu's Select All Like This: every slice of ref's name in every run outlined (the
    // session's highlight, which the Time Range panel sums up).
    void selectAllLike(SliceRef ref);
    // The menu a right-click at pos (viewport) opens: a slice's actions and its lane's, a lane's or
    // a group header's; null over nothing. The caller owns it.
    QMenu *createContextMenu(QPoint pos, QWidget *parent = nullptr);

    // Geometry in viewport coordinates (for tests and overlays).
    QRect lanesRect() const { return m_renderer.lanesRect(); }
    QRect laneRect(int lane) const { return m_renderer.laneRect(lane); }
    QRectF sliceRect(SliceRef ref) const { return m_renderer.sliceRect(ref); }
    SliceRef sliceAt(QPoint viewportPos) const { return m_renderer.sliceAt(viewportPos); }
    // The memory overlay of a GPU group: its scale and where `bytes` sits (NaN without a curve).
    double memoryScaleBytes(int group) const { return m_renderer.memoryScaleBytes(group); }
    double memoryY(int group, double bytes) const { return m_renderer.memoryY(group, bytes); }
    int memorySpikes(int group) const { return m_renderer.memorySpikes(group); }
    // The memory band's values under a point (what its tooltip and the cursor's read-out say).
    TimelineRenderer::MemoryReadout memoryAt(QPoint viewportPos) const { return m_renderer.memoryAt(viewportPos); }
    // A counter lane's value under a point (its tooltip), and where a value sits in a lane (NaN: none).
    TimelineRenderer::CounterReadout counterAt(QPoint viewportPos) const { return m_renderer.counterAt(viewportPos); }
    double counterY(int counterLane, double value) const
    {
        CounterLanes::Frame f;
        return m_renderer.counterFrame(counterLane, &f) ? f.yOf(value) : std::nan("");
    }
    QRect densityStripRect(int group) const { return m_renderer.densityStripRect(group); }

    // Name of the ProfilerStep the time (absolute ns of run) falls in, or empty.
    QString stepAt(int run, TimeNs t) const;
    using Step = TraceViewIndex::Step;
    const std::vector<Step> &steps(int run = 0) const;

    // The overlay as on screen (selection, flows, range, gap), for exports of what is shown.
    RenderOverlay overlay() const;
    // Draws a whole frame (no cache) of the current state at the viewport's size: the benchmark
    // uses it. renderFrame() is what paintEvent shows, cache included.
    void renderTo(QPainter &p, QSize size);
    QImage renderFrame();
    void invalidateCache() { m_cacheValid = false; }
    // The renderer's level-of-detail path (TimelineRenderer::setLevelOfDetail); on by default.
    void setLevelOfDetail(bool on)
    {
        m_renderer.setLevelOfDetail(on);
        m_cacheValid = false;
    }
    QString tooltipText(SliceRef ref) const;

    // --- Annotations ------------------------------------------------------------------
    // Drawn over the overlay from the session's sets. The view only routes input: a drawing tool's
    // press/drag/release and Select's move, delete, double-click and context menu come out as the
    // signals below, and whoever owns the undo stack (AnnotationEditor) changes the model.
    struct AnnotationRef
    {
        int run = -1;
        annotations::AnnotationSet::Id id = 0;
        bool isValid() const { return run >= 0 && id != 0; }
        bool operator==(const AnnotationRef &o) const { return run == o.run && id == o.id; }
        bool operator!=(const AnnotationRef &o) const { return !(*this == o); }
    };
    void setAnnotationTool(AnnotationTool tool);
    AnnotationTool annotationTool() const { return m_tool; }
    void setAnnotationColor(annotations::Color color) { m_annColor = color; } // of new drawings
    annotations::Color annotationColor() const { return m_annColor; }
    AnnotationRef selectedAnnotation() const { return m_selAnn; }
    void selectAnnotation(AnnotationRef ref);
    const AnnotationPainter &annotationPainter() const { return *m_annPainter; }
    // The anchor a drawing tool would put at pos (viewport): the lane there (of `run`, or of any run
    // when run < 0; *runOut says which), the time under the mouse relative to the run's minTs, the
    // height in rows. False over no lane.
    bool anchorAt(QPoint pos, int run, annotations::Anchor *out, int *runOut = nullptr) const;
    // pos moved up onto the lowest lane when it lies below every lane; else pos itself.
    QPoint belowLastLane(QPoint pos) const;
    // The topmost annotation under pos (viewport); invalid when none.
    AnnotationRef annotationAt(QPoint pos) const;

signals:
    void memoryStackedChanged(bool on);
    void selectionChanged(lanescope::SliceRef ref);
    void sliceDoubleClicked(lanescope::SliceRef ref); // after zooming to it (the window analyses an annotation)
    void gapClicked(int run, const lanescope::analysis::Gap &gap); // a click in an empty stretch selected it
    void timeRangeChanged(); // set, moved or cleared
    void visibleRangeChanged(double startNs, double rangeNs); // axis ns
    void annotationToolChanged(lanescope::AnnotationTool tool);
    void annotationSelectionChanged();
    void annotationCreated(int run, const lanescope::annotations::Annotation &annotation);
    void annotationEdited(int run, const lanescope::annotations::Annotation &before,
                          const lanescope::annotations::Annotation &after); // moved or resized
    void annotationDeleteRequested(int run, quint64 id);
    void annotationTextEditRequested(int run, quint64 id);
    void annotationMenuRequested(int run, quint64 id, QPoint globalPos);
    void findRequested(const QString &name); // the slice menu's Find Similar: that exact name
    void allLikeSelected(); // Select All Like This: the window shows the Time Range panel's figures

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override; // ends a held W/S (KeyZoomRamp)
    void focusOutEvent(QFocusEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuild();          // the session's runs changed
    void syncRenderer();     // window, size, scroll into the renderer
    void updateScrollBars();
    void onWindowChanged();
    void onSelectionChanged(SliceRef ref);
    void onGapChanged(int run);
    void relayoutLanes(); // after the layout's lanes moved (collapse, pin, hide)
    double lanesWidth() const;
    TimeNs base(int run) const { return sess().base(run); }
    Session &sess() const
    {
        Session *s = m_session.data();
        return s ? *s : m_ownSession;
    }

    mutable Session m_ownSession; // shown when no session is set (setTrace fills it)
    QPointer<Session> m_session;  // follows a session deleted before the view back to its own
    LaneLayout m_layout;
    TimelineRenderer m_renderer;
    bool m_gpuOnly = false;

    SliceRef m_hover;
    std::vector<FlowLink> m_flows;
    KeyZoomRamp m_zoomRamp; // W/S zoom faster while held

    // Annotations: drawing a new one, moving (or resizing) the selected one; m_draft is drawn in
    // the model's stead until the release hands it out.
    enum class Grip { All, A, B, Label };
    void paintAnnotations(QPainter &p);
    // A callout's text box at topLeft kept as its label anchor (a time and a lane of run).
    void anchorLabel(int run, annotations::Annotation &a, QPointF topLeft) const;
    void convertPixelLabels();
    bool m_convertQueued = false;
    bool pressAnnotationTool(QPoint pos);
    bool pressSelectAnnotation(QPoint pos);
    annotations::Annotation draftAt(QPoint pos) const;   // the new drawing from m_pressPos to pos
    annotations::Annotation movedTo(QPoint pos) const;   // m_dragOrigin dragged from m_pressPos to pos
    TimeNs relTime(int run, double viewportX) const;     // run-relative ns under x
    void updateToolCursor();
    void dropStaleAnnotationSelection();
    std::unique_ptr<AnnotationPainter> m_annPainter;
    AnnotationTool m_tool = AnnotationTool::Select;
    annotations::Color m_annColor = annotations::Color::Orange;
    AnnotationRef m_selAnn;
    int m_draftRun = -1;
    bool m_hasDraft = false;
    annotations::Annotation m_draft, m_dragOrigin;
    Grip m_grip = Grip::All;

    enum class Drag { None, Pan, Range, Draw, MoveAnnotation } m_drag = Drag::None;
    QPoint m_pressPos, m_lastPos;
    bool m_moved = false;
    double m_rangeAnchor = 0; // axis ns where a shift-drag began

    // Geometry cache: the base layer for one (window, size, scroll).
    QImage m_cache;
    bool m_cacheValid = false;
    double m_cacheStart = 0, m_cacheRange = 0;
    int m_cacheScroll = -1;
    QSize m_cacheSize;
};

} // namespace lanescope
