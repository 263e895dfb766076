// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The picture of the timeline, painted with any QPainter (a widget, a QImage, a QSvgGenerator, a
// QPdfWriter). What it paints depends only on its inputs: the runs (trace, view index, base), a
// lane layout, the time window, the target size (logical pixels; the device pixel ratio is the
// paint device's), a vertical scroll offset, the font and the overlay state. The lanes area is
// the target width less the header column, so a 3,840 px picture of a window puts every slice at
// the same relative position as a 960 px one.
//
// Passes, in order: grid, slices, memory curve (paintBase also draws lane headers, ruler and step
// bands); then paintOverlay: the gap mark and its evidence, hover, selection, the overlay passes
// (OverlayPass.h) in z order, flows, time range.
// Drawing reads only what is visible: per lane and depth a binary search to the window, slices
// under kFoldPx folded into one drawn run per pixel column (Tracy), rectangles batched by colour
// (Qt Creator's TrackPainter), text batched by ink.
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/analysis/measures/queue/QueueLength.h"
#include "widgets/render/CounterLanes.h"
#include "widgets/render/DensityStrip.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/render/OverlayPass.h"
#include "widgets/render/Palette.h"
#include "widgets/render/MemoryBand.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/render/SliceRef.h"
#include "widgets/render/TimeAxis.h"
#include "widgets/render/TraceViewIndex.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QHash>
#include <QPointF>
#include <QRect>
#include <QSize>

#include <array>
#include <limits>
#include <memory>
#include <vector>

class QPainter;

namespace lanescope {

struct RenderRun
{
    const Trace *trace = nullptr;
    const TraceViewIndex *index = nullptr;
    TimeNs base = 0; // absolute ns at axis 0
};

// What is drawn over the cached base picture.
struct RenderOverlay
{
    SliceRef selected, hover;
    std::vector<FlowLink> flows; // of `selected`
    bool rangeActive = false;
    double rangeA = 0, rangeB = 0; // axis ns
    int gapRun = -1;               // >= 0: mark this gap (its lane, its evidence)
    analysis::Gap gap;
    // The slices of one name in every run (a row of the comparison's differences), outlined.
    std::shared_ptr<const SliceHighlight> highlight;
    // The search's matches: drawn in their own colours, everything else in the lanes dimmed.
    std::shared_ptr<const SliceHighlight> search;
    // The cursor line through every run's lanes, axis ns; NaN: none.
    double cursorNs = std::numeric_limits<double>::quiet_NaN();
    // The session's overlay passes that draw now (OverlayPass.h: the critical path, the ghost of a
    // replayed step, ...), in z order.
    std::vector<OverlayLayer> layers;
};

class TimelineRenderer
{
    // The strings were the timeline widget's before the renderer moved out of it: same context.
    Q_DECLARE_TR_FUNCTIONS(lanescope::TimelineView)
public:
    static constexpr int kHeaderWidth = 240; // lane labels on the left
    static constexpr int kRulerHeight = 24;
    static constexpr int kStepBandHeight = 16; // ProfilerStep#N bands under the ruler
    static constexpr int kTopHeight = kRulerHeight + kStepBandHeight;
    static constexpr double kFoldPx = 3.0; // narrower slices fold into per-pixel runs (Tracy)
    static constexpr int kMinTextPx = 28;  // narrower slices carry no name

    TimelineRenderer();

    void setRuns(std::vector<RenderRun> runs); // forgets cached names
    const std::vector<RenderRun> &runs() const { return m_runs; }
    void setLayout(const LaneLayout *layout) { m_layout = layout; }
    const LaneLayout *layout() const { return m_layout; }
    void setFont(const QFont &font);
    // Light or dark surfaces and fills (Palette::Scheme); the widget follows its palette.
    void setScheme(Palette::Scheme scheme)
    {
        m_scheme = scheme;
        m_chrome = &Palette::chrome(scheme);
    }
    Palette::Scheme scheme() const { return m_scheme; }
    // Zoomed out, collapsed and searched frames read the view index's level-of-detail summary
    // (TraceViewIndex::Lod) instead of walking slices; the picture is the same either way. Off:
    // the slice walk (kept for the benchmark's side-by-side figures and the equality tests).
    void setLevelOfDetail(bool on) { m_lod = on; }
    bool levelOfDetail() const { return m_lod; }
    void setMemoryVisible(bool on) { m_memory = on; }
    bool memoryVisible() const { return m_memory; }
    // The memory bands' allocated bytes as stacked areas by owner phase (analysis/MemoryOwners.h),
    // where the trace's [memory] events carry addresses.
    void setMemoryStacked(bool on) { m_memoryStacked = on; }
    bool memoryStacked() const { return m_memoryStacked; }
    // Each GPU stream's launch queue in the strip LaneLayout keeps under its lane (Lane::queueHeight);
    // the series are computed on first use per run (analysis::queueSeriesByTrack).
    void setQueueVisible(bool on) { m_queue = on; }
    bool queueVisible() const { return m_queue; }
    // The queue series the strip of this run's track draws (empty: none); builds the run's on first use.
    const std::vector<analysis::QueuePoint> &queueSeries(int run, std::uint32_t track);
    // The picture's size in logical pixels, the window on the axis and the vertical scroll.
    void setViewport(QSize size, double windowStart, double windowRange, int scrollY);
    QSize size() const { return m_size; }
    int scrollY() const { return m_scroll; }
    const TimeAxis &axis() const { return m_axis; }

    // Geometry, in picture coordinates.
    QRect lanesRect() const;
    int laneTop(int lane) const;
    QRect laneRect(int lane) const;
    QRectF sliceRect(SliceRef ref) const;
    SliceRef sliceAt(QPoint pos) const;
    int groupHeaderAt(QPoint pos) const;
    // The memory band of a GPU group (LaneLayout: under its lanes): the top of its axis, where
    // `bytes` sits (NaN without a band), its spikes, and the values under a point of it.
    double memoryScaleBytes(int group) const;
    double memoryY(int group, double bytes) const;
    int memorySpikes(int group) const;
    bool memoryFrame(int group, MemoryBand::Frame *frame) const;
    struct MemoryReadout
    {
        int group = -1, run = -1;
        MemoryBand::Value value; // value.t: absolute ns of the run
    };
    MemoryReadout memoryAt(QPoint pos) const; // group -1: pos is not over a band's plot
    // A counter lane (LaneLayout::counterLanes()): where it is drawn and its scale, and the value
    // under a point of it.
    bool counterFrame(int counterLane, CounterLanes::Frame *frame) const;
    struct CounterReadout
    {
        int lane = -1, run = -1;   // lane: into LaneLayout::counterLanes()
        CounterLanes::Value value; // value.t: absolute ns of the run
    };
    CounterReadout counterAt(QPoint pos) const; // lane -1: pos is not over a counter lane
    // Where a collapsed group's activity strip is drawn (empty when the group is expanded).
    QRect densityStripRect(int group) const;
    QPointF flowAnchor(SliceRef ref) const;
    double relNs(int run, TimeNs t) const; // absolute -> axis
    TimeNs absNs(int run, double rel) const;

    void paintBase(QPainter &p);
    void paintOverlay(QPainter &p, const RenderOverlay &overlay);
    void paint(QPainter &p, const RenderOverlay &overlay)
    {
        paintBase(p);
        paintOverlay(p, overlay);
    }

    // The slice classes the last paintBase drew, for a legend of what appears.
    const std::array<bool, std::size_t(SliceClass::Count)> &drawnClasses() const { return m_drawn; }
    // The marked gap's chip ("comm wait · 16.7 ms"), where paintOverlay() draws it; empty without
    // a gap mark. Labels of findings keep off it (AnnotationPainter::setReserved).
    QRectF gapChipRect(const RenderOverlay &o) const;
    static QString gapChipText(const analysis::Gap &gap); // "data loader · 57.3 ms"
    bool drewMemory() const { return m_drewMemory; }
    bool drewCounters() const { return m_drewCounters; } // a counter lane's curve
    bool drewSpikes() const { return m_drewSpikes; }
    bool drewReserved() const { return m_drewReserved; } // a reserved line (not every trace records it)

private:
    struct RunCache
    {
        std::vector<QString> names; // lazily converted
        std::vector<int> nameWidth; // lazily measured, -1 unknown
    };
    const QString &name(int run, StringId id);
    const QString &elided(int run, StringId name, int avail);
    int rowTop(const Lane &lane, int depth) const;

    void paintGrid(QPainter &p);
    void paintSlices(QPainter &p);
    void paintLaneSlices(const Lane &lane, int laneTopY);
    void paintMemory(QPainter &p);
    void paintCounters(QPainter &p);
    void paintCounterHeaders(QPainter &p);
    // The min/max tree of a run's counter series, built on first use.
    const CounterLanes::Index &counterIndex(int run, std::uint32_t series) const;
    void paintQueues(QPainter &p);
    void paintMemoryReadouts(QPainter &p, double axisNs);
    void paintDensity(QPainter &p, int group, QRect strip);
    void paintHeaders(QPainter &p);
    void paintRuler(QPainter &p);
    QFont gapChipFont() const;
    void paintGap(QPainter &p, const RenderOverlay &o);
    void paintFlows(QPainter &p, const RenderOverlay &o);
    void paintHighlight(QPainter &p, const SliceHighlight &h);
    void paintSearch(QPainter &p, const SliceHighlight &matches);
    // The walk paintHighlight and paintSearch share: for each visible lane on screen that has hits,
    // newLane(lane, run) once, then hit(i, x0, x1, depth) for each of its hits in the window (slice
    // index, x from the lanes' left edge, x1 at least x0 + 1, depth capped at the lane's rows).
    template <class NewLane, class Hit>
    void forEachHitInWindow(const SliceHighlight &h, NewLane &&newLane, Hit &&hit) const;
    // Its two halves, which the search's level of detail also walks by: fn(lane, run, hits) for each
    // visible lane on screen that has hits; the hits of one lane in the window, in start order.
    template <class LaneFn>
    void forEachHitLane(const SliceHighlight &h, LaneFn &&fn) const;
    template <class Hit>
    void forEachHitOfLane(const Lane &lane, const RenderRun &rr, const SliceHighlight::TrackHits &hits, Hit &&hit) const;
    // The lane's window on its run's clock: x = (start - origin) * px/ns; the hits starting in
    // [from, to) can show (from reaches back by the longest hit).
    struct HitWindow
    {
        double origin = 0;
        TimeNs from = 0, to = 0;
    };
    HitWindow hitWindow(const RenderRun &rr, const SliceHighlight::TrackHits &hits) const;
    void paintCursor(QPainter &p, double axisNs);

    std::vector<RenderRun> m_runs;
    std::vector<RunCache> m_cache;
    const LaneLayout *m_layout = nullptr;
    QFont m_font, m_sliceFont;
    bool m_memory = true;
    bool m_lod = true;
    bool m_memoryStacked = false;
    bool m_queue = false;
    // Per run (built on first use), per track: the launch queue's series.
    std::vector<std::vector<std::vector<analysis::QueuePoint>>> m_queueSeries;
    std::vector<std::vector<std::int32_t>> m_queuePeak; // per run, per track: the series' highest length
    std::vector<bool> m_queueBuilt;
    Palette::Scheme m_scheme = Palette::Scheme::Light;
    const Palette::Chrome *m_chrome = &Palette::chrome(Palette::Scheme::Light);
    QSize m_size{1, 1};
    int m_scroll = 0;
    TimeAxis m_axis;

    QHash<quint64, QString> m_elided; // (run, name, width bucket) -> elided name
    std::vector<std::vector<QRect>> m_batches; // per colour, reused between frames
    // The level of detail's answers for one depth row at every pixel column edge c: the first slice
    // ending after ceil(origin + c * nsPerPx) and its start, duration and colour (paintLaneSlices).
    struct ColumnEdge
    {
        std::size_t k;
        TimeNs start, dur;
        int colour;
    };
    std::vector<ColumnEdge> m_edges;
    struct TextItem
    {
        QPoint pos;
        QString text;
    };
    std::vector<TextItem> m_darkText, m_lightText;
    DensityStrip m_density; // prefix sums per track, built on first use
    std::array<bool, std::size_t(SliceClass::Count)> m_drawn{};
    bool m_drewMemory = false, m_drewSpikes = false, m_drewReserved = false;
    bool m_drewCounters = false;
    // Per run, per counter series: its min/max tree (counterIndex), built on first use.
    mutable std::vector<std::vector<std::shared_ptr<const CounterLanes::Index>>> m_counterIndex;
};

} // namespace lanescope
