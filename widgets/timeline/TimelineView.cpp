#include "timeline/TimelineView.h"

#include "analysis/Steps.h"
#include "timeline/DetailsHtml.h"
#include "timeline/Palette.h"

#include <QCursor>
#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

constexpr int kColours = int(SliceClass::Count) * Palette::kShades;
constexpr int kMemoryFan = 32; // samples per block of the memory min/max pyramid

const QColor kBackground(0xFF, 0xFF, 0xFF);
const QColor kLaneAlt(0xF6, 0xF7, 0xF9);
const QColor kHeaderBg(0xEF, 0xF1, 0xF5);
const QColor kGroupBg(0xE2, 0xE6, 0xEE);
const QColor kGrid(0xE6, 0xE8, 0xEC);
const QColor kLabel(0x30, 0x33, 0x38);
const QColor kRulerBg(0xFA, 0xFB, 0xFC);

QFont sliceFont(const QFont &base)
{
    QFont f = base;
    f.setPixelSize(11);
    return f;
}

// Durations for people: "1.25 ms", "830 ns".
QString formatDuration(double ns) { return TimeAxis::formatTime(ns); }

QString formatBytes(double bytes)
{
    const double gb = bytes / 1e9;
    if (gb >= 10)
        return QStringLiteral("%1 GB").arg(gb, 0, 'f', 0);
    if (gb >= 1)
        return QStringLiteral("%1 GB").arg(gb, 0, 'f', 1);
    return QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'f', 0);
}

} // namespace

struct MemAgg
{
    std::int64_t aMin = std::numeric_limits<std::int64_t>::max(), aMax = std::numeric_limits<std::int64_t>::min();
    std::int64_t rMin = std::numeric_limits<std::int64_t>::max(), rMax = std::numeric_limits<std::int64_t>::min();
    void add(std::int64_t a, std::int64_t r)
    {
        aMin = std::min(aMin, a);
        aMax = std::max(aMax, a);
        rMin = std::min(rMin, r);
        rMax = std::max(rMax, r);
    }
    void add(const MemAgg &o)
    {
        aMin = std::min(aMin, o.aMin);
        aMax = std::max(aMax, o.aMax);
        rMin = std::min(rMin, o.rMin);
        rMax = std::max(rMax, o.rMax);
    }
    bool empty() const { return aMax < aMin; }
};

struct TimelineView::MemoryCurve
{
    int device = -1;
    const MemorySeries *series = nullptr;
    std::vector<TimeNs> ts;                  // sample times (copied for a tight binary search)
    std::vector<std::vector<MemAgg>> levels; // levels[k][j]: samples [j*F^(k+1), (j+1)*F^(k+1))
    double scaleBytes = 1;
    bool hasReserved = false;
    struct Spike
    {
        TimeNs start, end;
        std::int64_t bytes;
        std::int64_t peak; // Total Allocated at the spike
    };
    std::vector<Spike> spikes;

    MemAgg query(std::size_t a, std::size_t b) const
    {
        MemAgg acc;
        const auto &s = series->samples;
        auto addSample = [&](std::size_t i) { acc.add(s[i].allocated, s[i].reserved); };
        const std::size_t F = kMemoryFan;
        if (b <= a)
            return acc;
        if (b - a <= 2 * F || levels.empty()) {
            for (; a < b; ++a)
                addSample(a);
            return acc;
        }
        while (a % F && a < b)
            addSample(a++);
        while (b % F && a < b)
            addSample(--b);
        a /= F;
        b /= F;
        std::size_t lvl = 0;
        while (a < b) {
            const auto &L = levels[lvl];
            if (lvl + 1 < levels.size() && b - a > 2 * F) {
                while (a % F && a < b)
                    acc.add(L[a++]);
                while (b % F && a < b)
                    acc.add(L[--b]);
                a /= F;
                b /= F;
                ++lvl;
            } else {
                for (; a < b; ++a)
                    acc.add(L[a]);
            }
        }
        return acc;
    }
};

struct TimelineView::RunData
{
    std::shared_ptr<const Trace> trace;
    QString label;
    TimeNs base = 0; // the run's first event sits at axis time 0
    std::unique_ptr<SliceClassifier> cls;
    // Per track and depth, the slices at that depth in start order. Slices of one depth never
    // overlap (the loader nests by a stack), so their ends are sorted too: the first visible slice
    // is one binary search away even when it started long before the window.
    struct DepthIndex
    {
        std::vector<std::uint32_t> idx; // slice indices in start order
        std::vector<TimeNs> end;        // their ends, contiguous: the searches stay in cache
    };
    std::vector<std::vector<DepthIndex>> byDepth;
    std::vector<TimeNs> maxDur;
    std::vector<Step> steps;
    std::vector<MemoryCurve> memory;
    std::vector<QString> names; // lazily converted names
    std::vector<int> nameWidth; // lazily measured, -1 unknown

    const QString &name(StringId id)
    {
        if (id >= names.size())
            return names[0];
        QString &n = names[id];
        if (n.isNull())
            n = trace->name(id);
        return n;
    }
};

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
    m_batches.resize(kColours);
    setMinimumSize(400, 200);
}

TimelineView::~TimelineView() = default;

void TimelineView::setTrace(std::shared_ptr<const Trace> trace)
{
    std::vector<RunSpec> runs;
    if (trace)
        runs.push_back({std::move(trace), QString()});
    setRuns(std::move(runs));
}

void TimelineView::setRuns(std::vector<RunSpec> runs)
{
    m_highlight = Highlight(); // it belonged to the previous runs
    m_runs.clear();
    for (RunSpec &spec : runs) {
        auto rd = std::make_unique<RunData>();
        rd->trace = std::move(spec.trace);
        rd->label = spec.label;
        m_runs.push_back(std::move(rd));
    }
    m_selected = m_hover = SliceRef();
    m_flows.clear();
    m_rangeActive = false;
    rebuild();
}

const Trace *TimelineView::trace(int run) const
{
    return run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->trace.get() : nullptr;
}

void TimelineView::rebuild()
{
    double spanEnd = 0;
    std::vector<LaneLayout::RunInput> inputs;
    for (auto &rdp : m_runs) {
        RunData &rd = *rdp;
        const Trace &t = *rd.trace;
        rd.base = t.minTs;
        spanEnd = std::max(spanEnd, double(t.maxTs - t.minTs));
        rd.cls = std::make_unique<SliceClassifier>(t);
        rd.names.assign(t.strings.size(), QString());
        rd.nameWidth.assign(t.strings.size(), -1);
        rd.byDepth.assign(t.tracks.size(), {});
        rd.maxDur.assign(t.tracks.size(), 0);
        for (std::size_t ti = 0; ti < t.tracks.size(); ++ti) {
            const Track &trk = t.tracks[ti];
            auto &levels = rd.byDepth[ti];
            std::vector<std::uint32_t> counts(std::size_t(trk.maxDepth) + 1, 0);
            TimeNs md = 0;
            for (std::size_t i = 0; i < trk.size(); ++i) {
                ++counts[std::min<std::size_t>(trk.depth[i], trk.maxDepth)];
                md = std::max(md, trk.dur[i]);
            }
            rd.maxDur[ti] = md;
            levels.resize(counts.size());
            for (std::size_t d = 0; d < counts.size(); ++d) {
                levels[d].idx.reserve(counts[d]);
                levels[d].end.reserve(counts[d]);
            }
            for (std::size_t i = 0; i < trk.size(); ++i) {
                auto &L = levels[std::min<std::size_t>(trk.depth[i], trk.maxDepth)];
                L.idx.push_back(std::uint32_t(i));
                L.end.push_back(trk.start[i] + trk.dur[i]);
            }
        }

        // ProfilerStep#N bands: the CPU spans of the steps as the analysis finds them, so the
        // timeline and the analysis dock always agree on what a step is.
        rd.steps.clear();
        for (const analysis::Step &st : analysis::findSteps(t))
            rd.steps.push_back({st.start, st.start + st.dur, st.name});

        // Memory: one curve per CUDA device, a min/max pyramid for zoomed-out columns, and spikes:
        // an allocation of at least a twentieth of the peak (and >= 64 MiB) freed again within
        // 20 ms — allocator churn that shows as a needle on the curve.
        rd.memory.clear();
        for (const MemorySeries &ms : t.memory) {
            if (ms.deviceType != 1 || ms.samples.empty())
                continue;
            MemoryCurve mc;
            mc.device = ms.deviceId;
            mc.series = &ms;
            const auto &s = ms.samples;
            mc.ts.reserve(s.size());
            std::int64_t peak = 1;
            for (std::size_t i = 0; i < s.size(); ++i) {
                mc.ts.push_back(s[i].ts);
                peak = std::max({peak, s[i].allocated, s[i].reserved});
                mc.hasReserved |= s[i].reserved >= 0;
            }
            // Scale: the peak plus 5 % headroom (a curve flat at its peak must not hide under the
            // lane's top edge), rounded up to a round number of bytes.
            const double want = double(peak) * 1.05;
            const double p10 = std::pow(10.0, std::floor(std::log10(want)));
            double scale = p10;
            for (double m : {1.0, 1.2, 1.6, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
                if (p10 * m >= want) {
                    scale = p10 * m;
                    break;
                }
            mc.scaleBytes = scale;
            std::vector<MemAgg> level;
            for (std::size_t j = 0; j < s.size(); j += kMemoryFan) {
                MemAgg a;
                for (std::size_t i = j; i < std::min(s.size(), j + kMemoryFan); ++i)
                    a.add(s[i].allocated, s[i].reserved);
                level.push_back(a);
            }
            while (level.size() > 1) {
                std::vector<MemAgg> up;
                for (std::size_t j = 0; j < level.size(); j += kMemoryFan) {
                    MemAgg a;
                    for (std::size_t i = j; i < std::min(level.size(), j + kMemoryFan); ++i)
                        a.add(level[i]);
                    up.push_back(a);
                }
                mc.levels.push_back(std::move(level));
                level = std::move(up);
            }
            mc.levels.push_back(std::move(level));
            const std::int64_t threshold = std::max<std::int64_t>(64ll << 20, peak / 20);
            constexpr TimeNs kWindow = 20'000'000;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (s[i].bytes < threshold)
                    continue;
                for (std::size_t j = i + 1; j < s.size() && j < i + 256 && s[j].ts - s[i].ts <= kWindow; ++j)
                    if (s[j].bytes == -s[i].bytes) {
                        mc.spikes.push_back({s[i].ts, s[j].ts, s[i].bytes, s[i].allocated});
                        break;
                    }
            }
            rd.memory.push_back(std::move(mc));
        }
        inputs.push_back({&t, rd.label});
    }
    m_layout.build(inputs);

    m_axis.spanStart = 0;
    m_axis.spanEnd = std::max(spanEnd, 1000.0);
    m_elided.clear();
    updateAxisWidth();
    m_axis.fitAll();
    verticalScrollBar()->setValue(0);
    updateScrollBars();
    axisChanged();
}

QString TimelineView::laneLabel(SliceRef ref) const
{
    const int lane = m_layout.laneOfTrack(ref.run, ref.track);
    return lane >= 0 ? m_layout.lanes()[std::size_t(lane)].label : QString();
}

double TimelineView::relNs(int run, TimeNs t) const
{
    return run >= 0 && run < int(m_runs.size()) ? double(t - m_runs[std::size_t(run)]->base) : double(t);
}

TimeNs TimelineView::absNs(int run, double rel) const
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->base : 0;
    return base + TimeNs(std::floor(rel));
}

double TimelineView::visibleStartNs(int run) const
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->base : 0;
    return double(base) + m_axis.start;
}

double TimelineView::visibleEndNs(int run) const { return visibleStartNs(run) + m_axis.range; }

void TimelineView::setVisibleRange(double startNs, double endNs, int run)
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->base : 0;
    m_axis.setWindow(startNs - double(base), endNs - startNs);
    axisChanged();
}

void TimelineView::fitAll()
{
    m_axis.fitAll();
    axisChanged();
}

void TimelineView::zoomAbout(double lanePx, double factor)
{
    m_axis.zoomAbout(lanePx, factor);
    axisChanged();
}

void TimelineView::panPx(double dx)
{
    m_axis.panPx(dx);
    axisChanged();
}

void TimelineView::zoomToSlice(SliceRef ref)
{
    const Trace *t = trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return;
    const Track &trk = t->tracks[ref.track];
    const double s = relNs(ref.run, trk.start[ref.slice]);
    const double d = std::max<double>(double(trk.dur[ref.slice]), 1.0);
    m_axis.setWindow(s - d * kZoomToSliceMargin, d * (1 + 2 * kZoomToSliceMargin));
    axisChanged();
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
    const double s = relNs(ref.run, trk.start[ref.slice]);
    const double d = double(trk.dur[ref.slice]);
    if (d > m_axis.range * 0.9) {
        zoomToSlice(ref);
    } else if (s < m_axis.start || s + d > m_axis.end()) {
        m_axis.setWindow(s + d / 2 - m_axis.range / 2, m_axis.range);
        axisChanged();
    }
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
    m_flows.clear();
    if (ref.isValid()) {
        for (const Flow &f : t->flows) {
            if (f.fromTrack == ref.track && f.fromSlice == ref.slice)
                m_flows.push_back({SliceRef{ref.run, f.toTrack, f.toSlice}, true, f.kind});
            else if (f.toTrack == ref.track && f.toSlice == ref.slice)
                m_flows.push_back({SliceRef{ref.run, f.fromTrack, f.fromSlice}, false, f.kind});
        }
    }
    const bool changed = ref != m_selected;
    m_selected = ref;
    if (follow && ref.isValid())
        ensureVisible(ref);
    viewport()->update();
    if (changed)
        emit selectionChanged(ref);
}

double TimelineView::timeRangeStartNs(int run) const
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->base : 0;
    return double(base) + std::min(m_rangeA, m_rangeB);
}

double TimelineView::timeRangeEndNs(int run) const
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->base : 0;
    return double(base) + std::max(m_rangeA, m_rangeB);
}

void TimelineView::setTimeRange(double startNs, double endNs, int run)
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->base : 0;
    m_rangeA = startNs - double(base);
    m_rangeB = endNs - double(base);
    m_rangeActive = true;
    viewport()->update();
    emit timeRangeChanged();
}

void TimelineView::clearTimeRange()
{
    if (!m_rangeActive)
        return;
    m_rangeActive = false;
    viewport()->update();
    emit timeRangeChanged();
}

void TimelineView::setMemoryOverlayVisible(bool on)
{
    if (m_memoryOverlay == on)
        return;
    m_memoryOverlay = on;
    m_cacheValid = false;
    viewport()->update();
}

void TimelineView::setGroupCollapsed(int group, bool collapsed)
{
    m_layout.setCollapsed(group, collapsed);
    updateScrollBars();
    m_cacheValid = false;
    viewport()->update();
}

// --- geometry ------------------------------------------------------------------------------------

QRect TimelineView::lanesRect() const
{
    const QSize s = viewport()->size();
    return QRect(kHeaderWidth, kTopHeight, std::max(0, s.width() - kHeaderWidth), std::max(0, s.height() - kTopHeight));
}

int TimelineView::laneTop(int lane) const
{
    return kTopHeight + m_layout.lanes()[std::size_t(lane)].y - verticalScrollBar()->value();
}

int TimelineView::rowTop(const Lane &lane, int depth) const
{
    return kTopHeight + lane.y - verticalScrollBar()->value() + LaneLayout::kLanePad + depth * LaneLayout::kRowHeight;
}

QRect TimelineView::laneRect(int lane) const
{
    if (lane < 0 || lane >= int(m_layout.lanes().size()) || !m_layout.isLaneVisible(lane))
        return {};
    const Lane &l = m_layout.lanes()[std::size_t(lane)];
    return QRect(kHeaderWidth, laneTop(lane), lanesRect().width(), l.height);
}

QRectF TimelineView::sliceRect(SliceRef ref) const
{
    const Trace *t = trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return {};
    const int lane = m_layout.laneOfTrack(ref.run, ref.track);
    if (lane < 0 || !m_layout.isLaneVisible(lane))
        return {};
    const Track &trk = t->tracks[ref.track];
    const double x0 = m_axis.toPx(relNs(ref.run, trk.start[ref.slice]));
    const double w = double(trk.dur[ref.slice]) * m_axis.pxPerNs();
    return QRectF(kHeaderWidth + x0, rowTop(m_layout.lanes()[std::size_t(lane)], trk.depth[ref.slice]), std::max(w, 1.0),
                  LaneLayout::kRowHeight - 1);
}

SliceRef TimelineView::sliceAt(QPoint pos) const
{
    if (pos.x() < kHeaderWidth || pos.y() < kTopHeight)
        return {};
    const int ly = pos.y() - kTopHeight + verticalScrollBar()->value();
    const int lane = m_layout.laneAt(ly);
    if (lane < 0)
        return {};
    const Lane &l = m_layout.lanes()[std::size_t(lane)];
    const int depth = (ly - l.y - LaneLayout::kLanePad) / LaneLayout::kRowHeight;
    if (ly - l.y < LaneLayout::kLanePad || depth >= l.rows)
        return {};
    const RunData &rd = *m_runs[std::size_t(l.run)];
    const Track &trk = rd.trace->tracks[l.track];
    const auto &idx = rd.byDepth[l.track][std::size_t(depth)].idx;
    const double rel = m_axis.toNs(pos.x() - kHeaderWidth);
    const double tol = 3 * m_axis.nsPerPx(); // tiny kernels stay clickable when zoomed out
    const double t = double(rd.base) + rel;
    auto endOf = [&](std::uint32_t i) { return double(trk.start[i] + trk.dur[i]); };
    auto it = std::partition_point(idx.begin(), idx.end(), [&](std::uint32_t i) { return endOf(i) < t - tol; });
    SliceRef best;
    double bestDist = std::numeric_limits<double>::max();
    for (int n = 0; it != idx.end() && n < 3; ++it, ++n) {
        const double s = double(trk.start[*it]), e = endOf(*it);
        if (s > t + tol)
            break;
        const double dist = t < s ? s - t : t > e ? t - e : 0;
        if (dist < bestDist) {
            bestDist = dist;
            best = SliceRef{l.run, l.track, *it};
        }
    }
    return best;
}

double TimelineView::memoryScaleBytes(int group) const
{
    if (group < 0 || group >= int(m_layout.groups().size()))
        return std::nan("");
    const LaneGroup &g = m_layout.groups()[std::size_t(group)];
    for (const MemoryCurve &mc : m_runs[std::size_t(g.run)]->memory)
        if (mc.device == g.device)
            return mc.scaleBytes;
    return std::nan("");
}

int TimelineView::memorySpikes(int group) const
{
    if (group < 0 || group >= int(m_layout.groups().size()))
        return 0;
    const LaneGroup &g = m_layout.groups()[std::size_t(group)];
    for (const MemoryCurve &mc : m_runs[std::size_t(g.run)]->memory)
        if (mc.device == g.device)
            return int(mc.spikes.size());
    return 0;
}

double TimelineView::memoryY(int group, double bytes) const
{
    const double scale = memoryScaleBytes(group);
    if (std::isnan(scale))
        return scale;
    const LaneGroup &g = m_layout.groups()[std::size_t(group)];
    const double top = kTopHeight + g.y + LaneLayout::kGroupHeaderHeight - verticalScrollBar()->value() + 4;
    const double bottom = top - 4 + g.lanesHeight - 1;
    return bottom - bytes / scale * (bottom - top);
}

QString TimelineView::stepAt(int run, TimeNs t) const
{
    if (run < 0 || run >= int(m_runs.size()))
        return {};
    const auto &steps = m_runs[std::size_t(run)]->steps;
    auto it = std::upper_bound(steps.begin(), steps.end(), t, [](TimeNs v, const Step &s) { return v < s.start; });
    if (it == steps.begin())
        return {};
    --it;
    return t < it->end ? it->name : QString();
}

const std::vector<TimelineView::Step> &TimelineView::steps(int run) const
{
    static const std::vector<Step> none;
    return run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)]->steps : none;
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
    const SliceClass cls = m_runs[std::size_t(ref.run)]->cls->classOf(trk, ref.slice);
    QStringList lines;
    lines << name;
    lines << tr("Duration: %1").arg(formatDuration(double(trk.dur[ref.slice])));
    lines << tr("Start: %1").arg(TimeAxis::formatTime(relNs(ref.run, trk.start[ref.slice])));
    lines << tr("Category: %1 (%2)").arg(t->category(trk.catId[ref.slice]), Palette::label(cls));
    lines << (trk.kind == TrackKind::Gpu ? tr("Stream: %1") : tr("Thread: %1")).arg(laneLabel(ref));
    const QString step = stepAt(ref.run, trk.start[ref.slice]);
    if (!step.isEmpty())
        lines << tr("Step: %1").arg(step);
    return lines.join(QLatin1Char('\n'));
}

// --- axis, scrolling -----------------------------------------------------------------------------

void TimelineView::updateAxisWidth()
{
    const double w = std::max(1, viewport()->width() - kHeaderWidth);
    if (w == m_axis.width)
        return;
    // Keep the same window across resizes: nsPerPx changes, the visible time does not.
    m_axis.width = w;
}

void TimelineView::updateScrollBars()
{
    const int visibleH = std::max(0, viewport()->height() - kTopHeight);
    verticalScrollBar()->setRange(0, std::max(0, m_layout.totalHeight() - visibleH));
    verticalScrollBar()->setPageStep(std::max(1, visibleH));
}

void TimelineView::axisChanged()
{
    m_cacheValid = false;
    viewport()->update();
    emit visibleRangeChanged();
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateAxisWidth();
    updateScrollBars();
    m_cacheValid = false;
}

void TimelineView::scrollContentsBy(int, int)
{
    m_cacheValid = false;
    viewport()->update();
}

// --- painting ------------------------------------------------------------------------------------

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QSize size = viewport()->size();
    const qreal dpr = viewport()->devicePixelRatioF();
    if (!m_cacheValid || m_cacheSize != size || m_cacheStart != m_axis.start || m_cacheRange != m_axis.range
        || m_cacheScroll != verticalScrollBar()->value() || m_cache.devicePixelRatio() != dpr) {
        if (m_cache.size() != size * dpr) {
            m_cache = QImage(size * dpr, QImage::Format_ARGB32_Premultiplied);
            m_cache.setDevicePixelRatio(dpr);
        }
        QPainter cp(&m_cache);
        drawBase(cp, size);
        m_cacheValid = true;
        m_cacheSize = size;
        m_cacheStart = m_axis.start;
        m_cacheRange = m_axis.range;
        m_cacheScroll = verticalScrollBar()->value();
    }
    p.drawImage(QPoint(0, 0), m_cache);
    drawOverlay(p, size);
}

void TimelineView::renderTo(QPainter &p, QSize size)
{
    drawBase(p, size);
    drawOverlay(p, size);
}

QImage TimelineView::renderFrame()
{
    QImage img(viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&img);
    renderTo(p, img.size());
    return img;
}

void TimelineView::drawBase(QPainter &p, QSize size)
{
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(QRect(QPoint(0, 0), size), kBackground);
    const int w = size.width(), h = size.height();
    const int lanesW = w - kHeaderWidth;
    if (m_runs.empty() || lanesW <= 0)
        return;

    // Lane backgrounds and the labelled-tick grid.
    const auto ticks = m_axis.ticks();
    p.setClipRect(QRect(kHeaderWidth, kTopHeight, lanesW, h - kTopHeight));
    const auto &lanes = m_layout.lanes();
    int visIndex = 0;
    for (int li = 0; li < int(lanes.size()); ++li) {
        if (!m_layout.isLaneVisible(li))
            continue;
        const int top = laneTop(li);
        ++visIndex;
        if (top >= h || top + lanes[std::size_t(li)].height <= kTopHeight)
            continue;
        if (visIndex % 2 == 0)
            p.fillRect(QRect(kHeaderWidth, top, lanesW, lanes[std::size_t(li)].height), kLaneAlt);
    }
    p.setPen(kGrid);
    for (const auto &tk : ticks)
        if (tk.labelled)
            p.drawLine(QPointF(kHeaderWidth + tk.px, kTopHeight), QPointF(kHeaderWidth + tk.px, h));

    // Slices, lane by lane, into per-colour batches; then one drawRects per colour.
    for (auto &b : m_batches)
        b.clear();
    m_darkText.clear();
    m_lightText.clear();
    for (int li = 0; li < int(lanes.size()); ++li) {
        if (!m_layout.isLaneVisible(li))
            continue;
        const int top = laneTop(li);
        if (top >= h || top + lanes[std::size_t(li)].height <= kTopHeight)
            continue;
        drawLaneSlices(p, lanes[std::size_t(li)], top, lanesW, h);
    }
    p.setPen(Qt::NoPen);
    for (int c = 0; c < kColours; ++c) {
        if (m_batches[std::size_t(c)].empty())
            continue;
        p.setBrush(Palette::color(SliceClass(c / Palette::kShades), c % Palette::kShades));
        p.drawRects(m_batches[std::size_t(c)].data(), int(m_batches[std::size_t(c)].size()));
    }
    p.setFont(sliceFont(font()));
    p.setPen(QColor(0x20, 0x20, 0x20));
    for (const TextItem &t : m_darkText)
        p.drawText(t.pos, t.text);
    p.setPen(Qt::white);
    for (const TextItem &t : m_lightText)
        p.drawText(t.pos, t.text);

    if (m_memoryOverlay)
        drawMemory(p, lanesW, h);
    p.setClipping(false);

    drawHeaders(p, size);
    drawRuler(p, size);
}

const QString &TimelineView::elided(int run, StringId name, int avail)
{
    const int bucket = avail / 8;
    const quint64 key = (quint64(run & 0xFF) << 56) | (quint64(name) << 16) | quint64(bucket & 0xFFFF);
    auto it = m_elided.find(key);
    if (it == m_elided.end()) {
        const QFontMetrics fm(sliceFont(font()));
        QString e = fm.elidedText(m_runs[std::size_t(run)]->name(name), Qt::ElideRight, bucket * 8);
        if (e.size() <= 1) // a lone ellipsis says nothing
            e.clear();
        if (m_elided.size() > 200000)
            m_elided.clear();
        it = m_elided.insert(key, e);
    }
    return *it;
}

void TimelineView::drawLaneSlices(QPainter &, const Lane &lane, int laneTopY, int width, int height)
{
    RunData &rd = *m_runs[std::size_t(lane.run)];
    const Track &trk = rd.trace->tracks[lane.track];
    const auto &levels = rd.byDepth[lane.track];
    const double ppn = m_axis.pxPerNs();
    const double nspp = m_axis.nsPerPx();
    const double origin = double(rd.base) + m_axis.start; // absolute ns at x = 0
    const TimeNs tA = TimeNs(std::floor(origin));
    const TimeNs tB = TimeNs(std::ceil(origin + m_axis.range));
    const QFontMetrics fm(sliceFont(font()));
    const int rowH = LaneLayout::kRowHeight;
    const int textBase = (rowH - 1 + fm.ascent() - fm.descent()) / 2;
    const TimeNs *starts = trk.start.data();
    const TimeNs *durs = trk.dur.data();

    for (std::size_t d = 0; d < levels.size(); ++d) {
        const int y = laneTopY + LaneLayout::kLanePad + int(d) * rowH;
        if (y >= height || y + rowH <= kTopHeight)
            continue;
        const std::uint32_t *idx = levels[d].idx.data();
        const TimeNs *ends = levels[d].end.data();
        const std::size_t n = levels[d].idx.size();
        std::size_t k = std::size_t(std::upper_bound(ends, ends + n, tA) - ends);
        int foldColour = -1;
        std::size_t foldIndex = 0;
        while (k < n) {
            const std::uint32_t i = idx[k];
            const TimeNs s = starts[i];
            if (s >= tB)
                break;
            const double x0 = (double(s) - origin) * ppn;
            const double x1 = x0 + double(durs[i]) * ppn;
            const SliceClass cls = rd.cls->classOf(trk.catId[i], trk.nameId[i]);
            const int shade = SliceClassifier::shadeOf(trk.nameId[i]);
            const int colour = int(cls) * Palette::kShades + shade;
            auto &batch = m_batches[std::size_t(colour)];
            if (x1 - x0 >= kFoldPx) {
                const int ix0 = int(std::max(-2.0, std::floor(x0)));
                const int ix1 = int(std::min(double(width + 2), std::ceil(x1)));
                int bw = ix1 - ix0;
                if (x1 - x0 >= 5 && x1 <= width + 1)
                    bw -= 1; // a hairline gap shows where one slice ends and the next begins
                batch.emplace_back(kHeaderWidth + ix0, y, bw, rowH - 1);
                foldColour = -1;
                const double vx0 = std::max(x0, 0.0), vx1 = std::min(x1, double(width));
                const int avail = int(vx1 - vx0) - 6;
                if (avail >= kMinTextPx - 6) {
                    const StringId nid = trk.nameId[i];
                    int &nw = rd.nameWidth[nid < rd.nameWidth.size() ? nid : 0];
                    if (nw < 0)
                        nw = fm.horizontalAdvance(rd.name(nid));
                    const QString &text = nw <= avail ? rd.name(nid) : elided(lane.run, nid, avail);
                    if (!text.isEmpty()) {
                        const int tw = std::min(nw, avail);
                        // Centred in the visible part of the slice when the name fits, else left.
                        const int tx = nw <= avail ? int(vx0 + (vx1 - vx0 - tw) / 2) : int(vx0) + 3;
                        auto &texts = Palette::textColor(cls, shade).lightness() > 128 ? m_lightText : m_darkText;
                        texts.push_back({QPoint(kHeaderWidth + tx, y + textBase), text});
                    }
                }
                ++k;
                continue;
            }
            // Fold: this pixel column (or the few columns the slice touches) drawn once, then
            // everything that ends inside it skipped with a galloping search.
            const int col0 = int(std::floor(x0));
            const int col1 = std::max(col0 + 1, int(std::ceil(x1)));
            if (foldColour == colour && batch[foldIndex].right() + 1 >= kHeaderWidth + col0) {
                QRect &r = batch[foldIndex];
                r.setRight(std::max(r.right(), kHeaderWidth + col1 - 1));
            } else {
                foldColour = colour;
                foldIndex = batch.size();
                batch.emplace_back(kHeaderWidth + std::max(col0, -1), y, col1 - std::max(col0, -1), rowH - 1);
            }
            const TimeNs tNext = TimeNs(std::ceil(origin + col1 * nspp));
            std::size_t lo = k + 1, hi = lo, step = 1;
            while (hi < n && ends[hi] <= tNext) {
                lo = hi + 1;
                hi = lo + step;
                step <<= 1;
            }
            hi = std::min(hi, n);
            k = std::size_t(std::upper_bound(ends + lo, ends + hi, tNext) - ends);
        }
    }
}

void TimelineView::drawMemory(QPainter &p, int width, int height)
{
    const auto &groups = m_layout.groups();
    for (int gi = 0; gi < int(groups.size()); ++gi) {
        const LaneGroup &g = groups[std::size_t(gi)];
        if (!g.gpu || g.collapsed || !g.hasMemory)
            continue;
        RunData &rd = *m_runs[std::size_t(g.run)];
        const MemoryCurve *mc = nullptr;
        for (const MemoryCurve &c : rd.memory)
            if (c.device == g.device)
                mc = &c;
        if (!mc)
            continue;
        const double top = memoryY(gi, mc->scaleBytes);
        const double bottom = memoryY(gi, 0);
        if (bottom < kTopHeight || top > height)
            continue;
        const double yScale = (bottom - top) / mc->scaleBytes;
        const double origin = double(rd.base) + m_axis.start;
        const double ppn = m_axis.pxPerNs(), nspp = m_axis.nsPerPx();
        const auto &s = mc->series->samples;
        const auto &ts = mc->ts;
        const std::size_t i0 = std::size_t(std::lower_bound(ts.begin(), ts.end(), TimeNs(std::floor(origin))) - ts.begin());
        const std::size_t i1 = std::size_t(std::upper_bound(ts.begin(), ts.end(), TimeNs(std::ceil(origin + m_axis.range))) - ts.begin());
        QPolygonF alloc, reserved;
        auto yOf = [&](double bytes) { return bottom - bytes * yScale; };
        const double L = kHeaderWidth;
        if (i1 - i0 <= std::size_t(width)) {
            // Few samples: the exact step function.
            std::int64_t a = i0 > 0 ? s[i0 - 1].allocated : -1, r = i0 > 0 ? s[i0 - 1].reserved : -1;
            if (a >= 0) {
                alloc << QPointF(L, yOf(double(a)));
                reserved << QPointF(L, yOf(double(r)));
            }
            for (std::size_t i = i0; i < i1; ++i) {
                const double x = L + (double(s[i].ts) - origin) * ppn;
                if (a >= 0) {
                    alloc << QPointF(x, yOf(double(a)));
                    reserved << QPointF(x, yOf(double(r)));
                }
                a = s[i].allocated;
                r = s[i].reserved;
                alloc << QPointF(x, yOf(double(a)));
                reserved << QPointF(x, yOf(double(r)));
            }
            if (a >= 0) {
                // The last value holds until the trace ends.
                const double xe = i1 < s.size() ? L + width
                                                : std::min(L + width, L + (double(rd.trace->maxTs) - origin) * ppn);
                alloc << QPointF(xe, yOf(double(a)));
                reserved << QPointF(xe, yOf(double(r)));
            }
        } else {
            // Many samples: per pixel column the largest value (peaks must not vanish), from the
            // min/max pyramid, so a zoomed-out frame costs O(width log n), not O(samples).
            std::size_t i = i0;
            std::int64_t heldA = i0 > 0 ? s[i0 - 1].allocated : 0, heldR = i0 > 0 ? s[i0 - 1].reserved : 0;
            const double traceEnd = double(rd.trace->maxTs);
            for (int x = 0; x < width && origin + x * nspp <= traceEnd; ++x) {
                const TimeNs tEnd = TimeNs(std::ceil(origin + (x + 1) * nspp));
                const std::size_t j = std::size_t(std::lower_bound(ts.begin() + std::ptrdiff_t(i), ts.begin() + std::ptrdiff_t(i1), tEnd) - ts.begin());
                MemAgg agg = mc->query(i, j);
                if (i > 0 || j > i)
                    agg.add(heldA, heldR);
                if (!agg.empty()) {
                    alloc << QPointF(L + x, yOf(double(agg.aMax)));
                    reserved << QPointF(L + x, yOf(double(agg.rMax)));
                }
                if (j > i) {
                    heldA = s[j - 1].allocated;
                    heldR = s[j - 1].reserved;
                }
                i = j;
            }
        }
        p.setRenderHint(QPainter::Antialiasing, false);
        if (alloc.size() >= 2) {
            QPolygonF area = alloc;
            area << QPointF(alloc.last().x(), bottom) << QPointF(alloc.first().x(), bottom);
            QColor fill = Palette::memoryAllocated();
            fill.setAlpha(40);
            p.setPen(Qt::NoPen);
            p.setBrush(fill);
            p.drawPolygon(area);
            p.setBrush(Qt::NoBrush);
            // Cosmetic 1 px pens: aliased polylines take the raster engine's fast line path (a wider
            // pen goes through the stroker, ~10x slower for a 2000-point curve).
            p.setPen(QPen(Palette::memoryAllocated(), 0));
            p.drawPolyline(alloc);
            p.drawPolyline(alloc.translated(0, -1));
            if (mc->hasReserved) {
                p.setPen(QPen(Palette::memoryReserved(), 0));
                p.drawPolyline(reserved);
                p.drawPolyline(reserved.translated(0, 1));
            }
        }
        // Spikes: one marker per pixel column.
        {
            const auto &sp = mc->spikes;
            auto it = std::lower_bound(sp.begin(), sp.end(), TimeNs(std::floor(origin)),
                                       [](const MemoryCurve::Spike &a, TimeNs t) { return a.start < t; });
            int lastX = std::numeric_limits<int>::min();
            QColor c = Palette::memorySpike();
            p.setPen(QPen(c, 1));
            QPolygonF tri;
            for (; it != sp.end() && double(it->start) <= origin + m_axis.range; ++it) {
                const int x = int(L + (double(it->start) - origin) * ppn);
                if (x == lastX)
                    continue;
                lastX = x;
                const double yTop = yOf(double(it->peak));
                p.drawLine(QPointF(x, yTop), QPointF(x, bottom));
                p.setBrush(c);
                p.drawPolygon(QPolygonF({QPointF(x - 4, top - 3), QPointF(x + 4, top - 3), QPointF(x, top + 4)}));
            }
            p.setBrush(Qt::NoBrush);
        }
        // The scale: a dotted line at its top, labelled in the group's header row (not over slices).
        p.setPen(QPen(QColor(0, 0, 0, 60), 1, Qt::DotLine));
        p.drawLine(QPointF(L, top), QPointF(L + width, top));
    }
}

void TimelineView::drawHeaders(QPainter &p, QSize size)
{
    const int w = size.width(), h = size.height();
    p.setClipRect(QRect(0, kTopHeight, w, h - kTopHeight));
    p.fillRect(QRect(0, kTopHeight, kHeaderWidth, h - kTopHeight), kHeaderBg);
    QFont f = font();
    f.setPixelSize(12);
    const QFontMetrics fm(f);
    QFont bold = f;
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const auto &lanes = m_layout.lanes();
    const auto &groups = m_layout.groups();
    p.setFont(f);
    for (int li = 0; li < int(lanes.size()); ++li) {
        if (!m_layout.isLaneVisible(li))
            continue;
        const Lane &l = lanes[std::size_t(li)];
        const int top = laneTop(li);
        if (top >= h || top + l.height <= kTopHeight)
            continue;
        p.setPen(QColor(0xD5, 0xD9, 0xE0));
        p.drawLine(0, top + l.height - 1, w, top + l.height - 1);
        p.setPen(kLabel);
        const QString text = fm.elidedText(l.label, Qt::ElideMiddle, kHeaderWidth - 26);
        p.drawText(QRect(18, top, kHeaderWidth - 22, std::min(l.height, LaneLayout::kRowHeight + 2 * LaneLayout::kLanePad)),
                   Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    for (int gi = 0; gi < int(groups.size()); ++gi) {
        const LaneGroup &g = groups[std::size_t(gi)];
        const int top = kTopHeight + g.y - verticalScrollBar()->value();
        if (top >= h || top + LaneLayout::kGroupHeaderHeight + (g.collapsed ? 0 : g.lanesHeight) <= kTopHeight)
            continue;
        const QRect r(0, top, w, LaneLayout::kGroupHeaderHeight);
        p.fillRect(r, kGroupBg);
        p.setPen(QColor(0xC8, 0xCD, 0xD6));
        p.drawLine(r.bottomLeft(), r.bottomRight());
        // Disclosure triangle.
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(kLabel);
        const QPointF c(10, top + LaneLayout::kGroupHeaderHeight / 2.0);
        if (g.collapsed)
            p.drawPolygon(QPolygonF({c + QPointF(-3, -5), c + QPointF(-3, 5), c + QPointF(4, 0)}));
        else
            p.drawPolygon(QPolygonF({c + QPointF(-5, -3), c + QPointF(5, -3), c + QPointF(0, 4)}));
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setBrush(Qt::NoBrush);
        p.setFont(bold);
        p.setPen(kLabel);
        QString title = g.title;
        if (g.collapsed)
            title += tr("  (%n lane(s))", nullptr, int(g.lanes.size()));
        p.drawText(r.adjusted(20, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, bfm.elidedText(title, Qt::ElideRight, w - 30));
        p.setFont(f);
        const double scale = memoryScaleBytes(gi);
        if (m_memoryOverlay && !g.collapsed && !std::isnan(scale)) {
            // Right-aligned key of the memory curve: "memory 0–16 GB ▬ allocated ▬ reserved".
            const QString a = tr("allocated"), rs = tr("reserved"), head = tr("memory, top = %1").arg(formatBytes(scale));
            int x = w - 12 - fm.horizontalAdvance(rs);
            const int cy = top + LaneLayout::kGroupHeaderHeight / 2;
            p.setPen(kLabel);
            p.drawText(QPoint(x, cy + fm.ascent() / 2 - 1), rs);
            p.fillRect(QRect(x - 18, cy - 1, 14, 3), Palette::memoryReserved());
            x -= 26 + fm.horizontalAdvance(a);
            p.drawText(QPoint(x, cy + fm.ascent() / 2 - 1), a);
            p.fillRect(QRect(x - 18, cy - 1, 14, 3), Palette::memoryAllocated());
            x -= 26 + fm.horizontalAdvance(head);
            p.drawText(QPoint(x, cy + fm.ascent() / 2 - 1), head);
        }
    }
    p.setPen(QColor(0xC8, 0xCD, 0xD6));
    p.drawLine(kHeaderWidth - 1, kTopHeight, kHeaderWidth - 1, h);
    p.setClipping(false);
}

void TimelineView::drawRuler(QPainter &p, QSize size)
{
    const int w = size.width();
    p.fillRect(QRect(0, 0, w, kTopHeight), kRulerBg);
    QFont f = font();
    f.setPixelSize(11);
    p.setFont(f);
    const QFontMetrics fm(f);
    const double step = m_axis.tickStep();
    p.setClipRect(QRect(kHeaderWidth, 0, w - kHeaderWidth, kTopHeight));
    for (const auto &tk : m_axis.ticks()) {
        const int x = kHeaderWidth + int(std::lround(tk.px));
        p.setPen(QColor(0x90, 0x96, 0xA0));
        p.drawLine(x, kRulerHeight - (tk.labelled ? 9 : 4), x, kRulerHeight - 1);
        if (tk.labelled) {
            p.setPen(kLabel);
            p.drawText(x + 3, kRulerHeight - 8, TimeAxis::formatTime(tk.ns, step));
        }
    }
    // ProfilerStep bands (of the first run that has them).
    const int bandTop = kRulerHeight;
    for (int run = 0; run < int(m_runs.size()); ++run) {
        const RunData &rd = *m_runs[std::size_t(run)];
        if (rd.steps.empty())
            continue;
        const double origin = double(rd.base) + m_axis.start;
        const double ppn = m_axis.pxPerNs();
        auto it = std::partition_point(rd.steps.begin(), rd.steps.end(), [&](const Step &s) { return double(s.end) < origin; });
        int lastX = std::numeric_limits<int>::min();
        for (; it != rd.steps.end() && double(it->start) <= origin + m_axis.range; ++it) {
            const double x0 = (double(it->start) - origin) * ppn, x1 = (double(it->end) - origin) * ppn;
            const int ix0 = kHeaderWidth + int(std::floor(x0));
            if (x1 - x0 < 2 && ix0 == lastX)
                continue;
            lastX = ix0;
            const int ix1 = kHeaderWidth + int(std::ceil(std::min(x1, double(w))));
            const QRect r(std::max(ix0, kHeaderWidth - 1), bandTop + 1, std::max(1, ix1 - std::max(ix0, kHeaderWidth - 1) - 1), kStepBandHeight - 2);
            const bool odd = (it - rd.steps.begin()) % 2;
            p.fillRect(r, odd ? QColor(0xC9, 0xD6, 0xEA) : QColor(0xDD, 0xE6, 0xF3));
            if (r.width() > 40) {
                p.setPen(kLabel);
                p.drawText(r.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                           fm.elidedText(it->name, Qt::ElideRight, r.width() - 6));
            }
        }
        break;
    }
    p.setClipping(false);
    p.setPen(QColor(0xC8, 0xCD, 0xD6));
    p.drawLine(0, kTopHeight - 1, w, kTopHeight - 1);
    p.fillRect(QRect(0, 0, kHeaderWidth - 1, kTopHeight - 1), kHeaderBg);
    p.setPen(kLabel);
    p.drawText(QRect(8, 0, kHeaderWidth - 16, kRulerHeight), Qt::AlignVCenter | Qt::AlignLeft,
               tr("window %1").arg(formatDuration(m_axis.range)));
    if (!steps().empty())
        p.drawText(QRect(8, kRulerHeight, kHeaderWidth - 16, kStepBandHeight), Qt::AlignVCenter | Qt::AlignLeft, tr("steps"));
    p.setPen(QColor(0xC8, 0xCD, 0xD6));
    p.drawLine(kHeaderWidth - 1, 0, kHeaderWidth - 1, kTopHeight);
}

QPointF TimelineView::flowAnchor(SliceRef ref, bool arrowEnd) const
{
    const QRectF r = sliceRect(ref);
    if (r.isNull()) {
        // Lane collapsed or not shown: point at the group header.
        const int lane = m_layout.laneOfTrack(ref.run, ref.track);
        if (lane < 0)
            return {};
        const LaneGroup &g = m_layout.groups()[std::size_t(m_layout.lanes()[std::size_t(lane)].group)];
        const Track &trk = trace(ref.run)->tracks[ref.track];
        return QPointF(kHeaderWidth + m_axis.toPx(relNs(ref.run, trk.start[ref.slice])),
                       kTopHeight + g.y - verticalScrollBar()->value() + LaneLayout::kGroupHeaderHeight / 2.0);
    }
    // Arrows leave a launch at its start and arrive at the kernel's start (as chrome://tracing).
    Q_UNUSED(arrowEnd);
    return QPointF(r.left(), r.center().y());
}

void TimelineView::drawFlows(QPainter &p, QSize)
{
    if (!m_selected.isValid() || m_flows.empty())
        return;
    p.setRenderHint(QPainter::Antialiasing, true);
    const QPointF self = flowAnchor(m_selected, false);
    for (const FlowLink &f : m_flows) {
        const QPointF other = flowAnchor(f.other, true);
        const QPointF from = f.outgoing ? self : other, to = f.outgoing ? other : self;
        const double dx = std::max(30.0, std::abs(to.x() - from.x()) / 2);
        QPainterPath path(from);
        path.cubicTo(from + QPointF(dx, 0), to - QPointF(dx, 0), to);
        p.setPen(QPen(Palette::flowArrow(), 1.6));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        // Arrowhead, pointing along the curve's last tangent (horizontal, rightwards).
        p.setBrush(Palette::flowArrow());
        p.setPen(Qt::NoPen);
        p.drawPolygon(QPolygonF({to, to + QPointF(-8, -4), to + QPointF(-8, 4)}));
        p.drawEllipse(from, 2.5, 2.5);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
}

void TimelineView::setHighlight(double startNs, double endNs, int device, int stream, const QString &label,
                                const QColor &color, int run)
{
    m_highlight.active = true;
    m_highlight.a = relNs(run, TimeNs(startNs));
    m_highlight.b = relNs(run, TimeNs(endNs));
    m_highlight.label = label;
    m_highlight.color = color;
    m_highlight.lane = -1;
    const auto &lanes = m_layout.lanes();
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        const Lane &lane = lanes[i];
        const Trace *t = trace(lane.run);
        if (lane.run != run || !t || lane.track >= t->tracks.size())
            continue;
        const Track &tr = t->tracks[lane.track];
        if (tr.kind == TrackKind::Gpu && tr.device == device && tr.tid == stream) {
            m_highlight.lane = int(i);
            break;
        }
    }
    if (m_highlight.lane >= 0) {
        const int group = lanes[std::size_t(m_highlight.lane)].group;
        setGroupCollapsed(group, false);
        const QRect r = laneRect(m_highlight.lane);
        const QRect area = lanesRect();
        if (r.top() < area.top() || r.bottom() > area.bottom())
            verticalScrollBar()->setValue(verticalScrollBar()->value() + r.top() - area.top() - area.height() / 4);
    }
    viewport()->update();
}

void TimelineView::clearHighlight()
{
    if (!m_highlight.active)
        return;
    m_highlight = Highlight();
    viewport()->update();
}

void TimelineView::drawHighlight(QPainter &p, QSize size)
{
    if (!m_highlight.active)
        return;
    const int w = size.width(), h = size.height();
    const double xa = kHeaderWidth + m_axis.toPx(m_highlight.a);
    const double xb = std::max(xa + 2.0, kHeaderWidth + m_axis.toPx(m_highlight.b));
    QRectF r(QPointF(xa, kTopHeight), QPointF(xb, h));
    if (m_highlight.lane >= 0) {
        const QRect lane = laneRect(m_highlight.lane);
        r.setTop(lane.top());
        r.setBottom(lane.bottom());
    }
    p.save();
    p.setClipRect(QRect(kHeaderWidth, kTopHeight, w - kHeaderWidth, h - kTopHeight));
    QColor fill = m_highlight.color;
    fill.setAlpha(60);
    p.fillRect(r, fill);
    p.setPen(QPen(m_highlight.color, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.adjusted(1, 1, -1, -1));
    if (!m_highlight.label.isEmpty()) {
        QFont f = font();
        f.setPixelSize(11);
        f.setBold(true);
        p.setFont(f);
        const QFontMetrics fm(f);
        const QString text = QStringLiteral("%1 · %2").arg(m_highlight.label, formatDuration(m_highlight.b - m_highlight.a));
        const int tw = fm.horizontalAdvance(text) + 10;
        // Above the lane when there is room, else inside its top edge; kept on screen horizontally.
        double x = std::clamp((xa + xb) / 2 - tw / 2.0, double(kHeaderWidth), double(std::max(kHeaderWidth, w - tw)));
        double y = r.top() - fm.height() - 4;
        if (y < kTopHeight)
            y = r.top() + 2;
        const QRectF box(x, y, tw, fm.height() + 2);
        p.fillRect(box, m_highlight.color);
        p.setPen(Qt::white);
        p.drawText(box, Qt::AlignCenter, text);
    }
    p.restore();
}

void TimelineView::drawOverlay(QPainter &p, QSize size)
{
    const int w = size.width(), h = size.height();
    drawHighlight(p, size);
    p.setClipRect(QRect(kHeaderWidth, kTopHeight, w - kHeaderWidth, h - kTopHeight));
    if (m_hover.isValid() && m_hover != m_selected) {
        const QRectF r = sliceRect(m_hover);
        if (!r.isNull()) {
            p.setPen(QPen(QColor(0, 0, 0, 150), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(0, 0, -1, -1));
        }
    }
    if (m_selected.isValid()) {
        const QRectF r = sliceRect(m_selected);
        if (!r.isNull()) {
            p.setPen(QPen(Palette::selection(), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(-1, -1, 0, 0));
        }
    }
    drawFlows(p, size);
    p.setClipping(false);
    if (m_rangeActive) {
        const double a = std::min(m_rangeA, m_rangeB), b = std::max(m_rangeA, m_rangeB);
        const double xa = kHeaderWidth + m_axis.toPx(a), xb = kHeaderWidth + m_axis.toPx(b);
        const QRectF r(QPointF(std::max<double>(xa, kHeaderWidth), 0), QPointF(std::min<double>(xb, w), h));
        p.setClipRect(QRect(kHeaderWidth, 0, w - kHeaderWidth, h));
        p.fillRect(r, Palette::rangeSelection());
        p.setPen(QPen(QColor(0x30, 0x70, 0xE0), 1));
        p.drawLine(QPointF(xa, 0), QPointF(xa, h));
        p.drawLine(QPointF(xb, 0), QPointF(xb, h));
        QFont f = font();
        f.setPixelSize(11);
        f.setBold(true);
        p.setFont(f);
        const QFontMetrics fm(f);
        const QString text = formatDuration(b - a);
        const int tw = fm.horizontalAdvance(text) + 10;
        const QRectF box((xa + xb) / 2 - tw / 2.0, kTopHeight + 2, tw, fm.height() + 2);
        p.fillRect(box, QColor(0x30, 0x70, 0xE0));
        p.setPen(Qt::white);
        p.drawText(box, Qt::AlignCenter, text);
        p.setClipping(false);
    }
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
        zoomAbout(std::clamp(x, 0.0, m_axis.width), factor);
        event->accept();
        return;
    }
    if ((event->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        panPx(-d / 120.0 * m_axis.width * 0.1);
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event); // plain wheel scrolls the lanes
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    const QPoint cursor = viewport()->mapFromGlobal(QCursor::pos());
    const double anchor = viewport()->rect().contains(cursor) && cursor.x() >= kHeaderWidth ? cursor.x() - kHeaderWidth
                                                                                             : m_axis.width / 2;
    switch (event->key()) {
    case Qt::Key_W:
        zoomAbout(anchor, kKeyZoomFactor);
        break;
    case Qt::Key_S:
        zoomAbout(anchor, 1 / kKeyZoomFactor);
        break;
    case Qt::Key_A:
        panPx(-m_axis.width * kKeyPanFraction);
        break;
    case Qt::Key_D:
        panPx(m_axis.width * kKeyPanFraction);
        break;
    case Qt::Key_F:
    case Qt::Key_Home:
        if (event->key() == Qt::Key_F && m_selected.isValid())
            zoomToSlice(m_selected); // as in Perfetto: F frames the selection
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
    if (event->button() != Qt::LeftButton) {
        m_drag = Drag::None;
        return;
    }
    if (m_pressPos.y() < kTopHeight || m_pressPos.x() < kHeaderWidth) {
        m_drag = Drag::None;
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Range;
        m_rangeA = m_rangeB = m_axis.toNs(m_pressPos.x() - kHeaderWidth);
        m_rangeActive = true;
        viewport()->update();
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
        m_rangeB = m_axis.toNs(std::clamp<double>(pos.x() - kHeaderWidth, 0, m_axis.width));
        viewport()->update();
    } else if (m_drag == Drag::None) {
        const SliceRef h = sliceAt(pos);
        if (h != m_hover) {
            m_hover = h;
            viewport()->update();
        }
    }
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
    if (pos.y() >= kTopHeight) {
        const int group = m_layout.groupHeaderAt(pos.y() - kTopHeight + verticalScrollBar()->value());
        if (group >= 0) {
            setGroupCollapsed(group, !m_layout.groups()[std::size_t(group)].collapsed);
            return;
        }
    }
    for (const FlowLink &f : m_flows) {
        const QPointF end = flowAnchor(f.other, true);
        if (QLineF(end, QPointF(pos)).length() <= 6) {
            selectSlice(f.other, true);
            return;
        }
    }
    if (pos.x() >= kHeaderWidth && pos.y() >= kTopHeight) {
        selectSlice(sliceAt(pos));
        if (m_rangeActive)
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
    if (m_hover.isValid()) {
        m_hover = SliceRef();
        viewport()->update();
    }
    QAbstractScrollArea::leaveEvent(event);
}

} // namespace lanescope
