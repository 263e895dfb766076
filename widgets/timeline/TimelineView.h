#pragma once
// The timeline: lanes of slices for one or more runs (loaded traces) under one time axis, with the
// device memory curve over the GPU lanes, ProfilerStep bands under the ruler, hover tooltips,
// selection with its flow arrows, and a shift-drag time range.
//
// Drawing reads only what is visible: per lane and depth a binary search to the window, slices
// under kFoldPx folded into one drawn run per pixel column, rectangles batched by colour, and the
// result cached as an image per (window, size, scroll): hover, selection, flows and the range are
// painted over that cache without walking the events again.
#include "model/Trace.h"
#include "timeline/LaneLayout.h"
#include "timeline/TimeAxis.h"

#include <QAbstractScrollArea>
#include <QHash>
#include <QImage>

#include <memory>
#include <vector>

namespace lanescope {

class SliceClassifier;

// One slice of one run.
struct SliceRef
{
    int run = -1;
    std::uint32_t track = 0;
    std::uint32_t slice = 0;
    bool isValid() const { return run >= 0; }
    bool operator==(const SliceRef &o) const { return run == o.run && track == o.track && slice == o.slice; }
    bool operator!=(const SliceRef &o) const { return !(*this == o); }
};

// The other end of a flow arrow touching the selected slice.
struct FlowLink
{
    SliceRef other;
    bool outgoing = true; // selected -> other
    FlowKind kind = FlowKind::Other;
};

struct RunSpec
{
    std::shared_ptr<const Trace> trace;
    QString label;
};

class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    static constexpr int kHeaderWidth = 240;   // lane labels on the left
    static constexpr int kRulerHeight = 24;
    static constexpr int kStepBandHeight = 16; // ProfilerStep#N bands under the ruler
    static constexpr int kTopHeight = kRulerHeight + kStepBandHeight;
    static constexpr double kFoldPx = 3.0;     // narrower slices fold into per-pixel runs (Tracy)
    static constexpr int kMinTextPx = 28;      // narrower slices carry no name
    static constexpr double kZoomToSliceMargin = 0.1; // of the slice's duration, each side
    static constexpr double kKeyZoomFactor = 0.8;     // W zooms in by this, S out by its inverse
    static constexpr double kKeyPanFraction = 0.15;   // A/D pan by this much of the width

    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    void setTrace(std::shared_ptr<const Trace> trace); // one run; null clears
    void setRuns(std::vector<RunSpec> runs);
    int runCount() const { return int(m_runs.size()); }
    const Trace *trace(int run = 0) const;
    const LaneLayout &laneLayout() const { return m_layout; }
    QString laneLabel(SliceRef ref) const;

    // The window, in absolute trace nanoseconds of `run` (runs are aligned on their first event).
    const TimeAxis &axis() const { return m_axis; }
    double visibleStartNs(int run = 0) const;
    double visibleEndNs(int run = 0) const;
    void setVisibleRange(double startNs, double endNs, int run = 0);
    void fitAll();
    void zoomAbout(double lanePx, double factor); // lanePx: x from the left edge of the lanes area
    void panPx(double dx);
    void zoomToSlice(SliceRef ref);
    void ensureVisible(SliceRef ref); // scrolls and, when needed, moves the window to show ref

    SliceRef selectedSlice() const { return m_selected; }
    void selectSlice(SliceRef ref, bool follow = false);
    const std::vector<FlowLink> &selectedFlows() const { return m_flows; }
    SliceRef hoveredSlice() const { return m_hover; }

    bool hasTimeRange() const { return m_rangeActive; }
    double timeRangeStartNs(int run = 0) const; // absolute
    double timeRangeEndNs(int run = 0) const;
    void setTimeRange(double startNs, double endNs, int run = 0);
    void clearTimeRange();

    void setMemoryOverlayVisible(bool on);
    bool memoryOverlayVisible() const { return m_memoryOverlay; }

    // A marked interval on one GPU stream (an idle gap the analysis found), with a label saying
    // why, drawn over the lanes until cleared. Times are absolute ns of `run`. The stream's lane
    // is scrolled into view; if the trace has no such lane the mark spans all lanes.
    void setHighlight(double startNs, double endNs, int device, int stream, const QString &label,
                      const QColor &color, int run = 0);
    void clearHighlight();
    bool hasHighlight() const { return m_highlight.active; }
    int highlightLane() const { return m_highlight.lane; } // -1: all lanes
    QString highlightLabel() const { return m_highlight.label; }

    void setGroupCollapsed(int group, bool collapsed);

    // Geometry in viewport coordinates (for tests and overlays).
    QRect lanesRect() const; // the area right of the headers and under the ruler
    QRect laneRect(int lane) const;
    QRectF sliceRect(SliceRef ref) const;
    SliceRef sliceAt(QPoint viewportPos) const;
    // The memory overlay of a GPU group: its scale and where `bytes` sits (NaN without a curve).
    double memoryScaleBytes(int group) const;
    double memoryY(int group, double bytes) const;
    int memorySpikes(int group) const; // allocations of >= 1/20 of the peak freed within 20 ms

    // Name of the ProfilerStep the time (absolute ns of run) falls in, or empty.
    QString stepAt(int run, TimeNs t) const;
    // All ProfilerStep bands of a run, absolute ns.
    struct Step
    {
        TimeNs start, end;
        QString name;
    };
    const std::vector<Step> &steps(int run = 0) const;

    // Draws a whole frame (no cache) of the current state at the viewport's size: the benchmark and
    // exports use it. renderFrame() is what paintEvent shows, cache included.
    void renderTo(QPainter &p, QSize size);
    QImage renderFrame();
    void invalidateCache() { m_cacheValid = false; }
    QString tooltipText(SliceRef ref) const;

signals:
    void selectionChanged(lanescope::SliceRef ref);
    void timeRangeChanged(); // set, moved or cleared
    void visibleRangeChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    struct RunData;
    struct MemoryCurve;

    void rebuild();
    void updateScrollBars();
    void updateAxisWidth();
    void axisChanged();
    double relNs(int run, TimeNs t) const; // absolute -> axis ns
    TimeNs absNs(int run, double rel) const;
    int laneTop(int lane) const;           // viewport y of a lane's top
    int rowTop(const Lane &lane, int depth) const;

    void drawBase(QPainter &p, QSize size);
    void drawLaneSlices(QPainter &p, const Lane &lane, int laneTopY, int width, int height);
    void drawMemory(QPainter &p, int width, int height);
    void drawHeaders(QPainter &p, QSize size);
    void drawRuler(QPainter &p, QSize size);
    void drawOverlay(QPainter &p, QSize size);
    void drawFlows(QPainter &p, QSize size);
    QPointF flowAnchor(SliceRef ref, bool arrowEnd) const;
    const QString &elided(int run, StringId name, int avail);

    LaneLayout m_layout;
    std::vector<std::unique_ptr<RunData>> m_runs;
    TimeAxis m_axis;

    SliceRef m_selected, m_hover;
    std::vector<FlowLink> m_flows;
    bool m_rangeActive = false;
    double m_rangeA = 0, m_rangeB = 0; // axis ns
    bool m_memoryOverlay = true;
    struct Highlight
    {
        bool active = false;
        double a = 0, b = 0; // axis ns
        int lane = -1;
        QString label;
        QColor color;
    } m_highlight;
    void drawHighlight(QPainter &p, QSize size);

    enum class Drag { None, Pan, Range } m_drag = Drag::None;
    QPoint m_pressPos, m_lastPos;
    bool m_moved = false;

    // Geometry cache: the base layer for one (window, size, scroll).
    QImage m_cache;
    bool m_cacheValid = false;
    double m_cacheStart = 0, m_cacheRange = 0;
    int m_cacheScroll = -1;
    QSize m_cacheSize;

    QHash<quint64, QString> m_elided; // (run, name, width bucket) -> elided name
    std::vector<std::vector<QRect>> m_batches; // per colour, reused between frames
    struct TextItem
    {
        QPoint pos;
        QString text;
    };
    std::vector<TextItem> m_darkText, m_lightText;
};

} // namespace lanescope

Q_DECLARE_METATYPE(lanescope::SliceRef)
