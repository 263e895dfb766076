// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/TimelineRenderer.h"

#include "widgets/render/GapCauseStyle.h"
#include "widgets/render/Palette.h"
#include "widgets/render/StepLabel.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

constexpr int kColours = int(SliceClass::Count) * Palette::kShades;
// The longest name a slice's label is made from (name()); past it, an ellipsis.
constexpr qsizetype kMaxDrawnNameChars = 512;

// Surfaces and lines: Palette::chrome() of the scheme set (setScheme).

} // namespace

TimelineRenderer::TimelineRenderer()
{
    m_batches.resize(kColours);
    setFont(QFont());
}

void TimelineRenderer::setRuns(std::vector<RenderRun> runs)
{
    m_runs = std::move(runs);
    m_cache.assign(m_runs.size(), {});
    for (std::size_t r = 0; r < m_runs.size(); ++r) {
        m_cache[r].names.assign(m_runs[r].trace->strings.size(), QString());
        m_cache[r].nameWidth.assign(m_runs[r].trace->strings.size(), -1);
    }
    m_elided.clear();
    m_density.reset(m_runs.size());
    m_queueSeries.assign(m_runs.size(), {});
    m_queuePeak.assign(m_runs.size(), {});
    m_queueBuilt.assign(m_runs.size(), false);
    m_counterIndex.assign(m_runs.size(), {});
}

const std::vector<analysis::QueuePoint> &TimelineRenderer::queueSeries(int run, std::uint32_t track)
{
    static const std::vector<analysis::QueuePoint> none;
    if (run < 0 || std::size_t(run) >= m_runs.size() || !m_runs[std::size_t(run)].trace)
        return none;
    if (!m_queueBuilt[std::size_t(run)]) {
        auto &series = m_queueSeries[std::size_t(run)];
        series = analysis::queueSeriesByTrack(*m_runs[std::size_t(run)].trace);
        auto &peaks = m_queuePeak[std::size_t(run)];
        peaks.assign(series.size(), 1);
        for (std::size_t k = 0; k < series.size(); ++k)
            for (const analysis::QueuePoint &q : series[k])
                peaks[k] = std::max(peaks[k], q.length);
        m_queueBuilt[std::size_t(run)] = true;
    }
    const auto &series = m_queueSeries[std::size_t(run)];
    return track < series.size() ? series[track] : none;
}

void TimelineRenderer::paintQueues(QPainter &p)
{
    const auto &lanes = m_layout->lanes();
    const int h = m_size.height(), width = m_size.width() - kHeaderWidth;
    if (width <= 0)
        return;
    const double ppn = m_axis.pxPerNs();
    const QColor line = Palette::color(SliceClass::Memory, 0, m_scheme).darker(130);
    QColor fill = line;
    fill.setAlpha(70);
    for (int li = 0; li < int(lanes.size()); ++li) {
        const Lane &lane = lanes[std::size_t(li)];
        if (lane.queueHeight <= 0 || !m_layout->isLaneVisible(li))
            continue;
        const int bottom = laneTop(li) + lane.height - 2, top = bottom - lane.queueHeight + 4;
        if (top >= h || bottom <= kTopHeight)
            continue;
        const std::vector<analysis::QueuePoint> &pts = queueSeries(lane.run, lane.track);
        p.setPen(QPen(m_chrome->grid, 1, Qt::DotLine));
        p.drawLine(kHeaderWidth, bottom, kHeaderWidth + width, bottom);
        if (pts.empty())
            continue;
        const std::int32_t peak = m_queuePeak[std::size_t(lane.run)][lane.track]; // the whole trace's: a stable scale
        const double scale = double(bottom - top) / double(peak);
        const double origin = double(m_runs[std::size_t(lane.run)].base) + m_axis.start;
        const TimeNs tA = TimeNs(std::floor(origin)), tB = TimeNs(std::ceil(origin + m_axis.range));
        // Per pixel column the highest length in it (many changes to a column fold into one):
        // the value in force entering the column, and every change inside it.
        auto it = std::upper_bound(pts.begin(), pts.end(), tA, [](TimeNs t, const analysis::QueuePoint &q) { return t < q.ts; });
        std::int32_t current = it == pts.begin() ? 0 : std::prev(it)->length;
        std::vector<std::int32_t> column(std::size_t(std::max(width, 1)), 0);
        int from = 0;
        for (; it != pts.end() && it->ts <= tB; ++it) {
            const int c = int(std::clamp(std::floor((double(it->ts) - origin) * ppn), 0.0, double(width - 1)));
            for (int k = from; k <= c; ++k)
                column[std::size_t(k)] = std::max(column[std::size_t(k)], current);
            current = it->length;
            column[std::size_t(c)] = std::max(column[std::size_t(c)], current);
            from = c;
        }
        for (int k = from; k < width; ++k)
            column[std::size_t(k)] = std::max(column[std::size_t(k)], current);
        QPolygonF poly;
        poly.reserve(2 * width + 2);
        poly.append(QPointF(kHeaderWidth, bottom));
        for (int k = 0; k < width; ++k) {
            const double y = bottom - scale * double(column[std::size_t(k)]);
            poly.append(QPointF(kHeaderWidth + k, y));
            poly.append(QPointF(kHeaderWidth + k + 1, y));
        }
        poly.append(QPointF(kHeaderWidth + width, bottom));
        p.setPen(QPen(line, 1));
        p.setBrush(fill);
        p.drawPolygon(poly);
        p.setPen(m_chrome->darkText);
        p.setFont(m_sliceFont);
        p.drawText(QPoint(kHeaderWidth + 4, top + QFontMetrics(m_sliceFont).ascent() - 2),
                   tr("queue, max %1").arg(peak));
    }
    p.setBrush(Qt::NoBrush);
}

void TimelineRenderer::setFont(const QFont &font)
{
    m_font = font;
    m_sliceFont = font;
    m_sliceFont.setPixelSize(11);
    for (RunCache &c : m_cache)
        std::fill(c.nameWidth.begin(), c.nameWidth.end(), -1);
    m_elided.clear();
}

void TimelineRenderer::setViewport(QSize size, double windowStart, double windowRange, int scrollY)
{
    m_size = size;
    m_scroll = scrollY;
    m_axis.start = windowStart;
    m_axis.range = windowRange;
    m_axis.width = std::max(1, size.width() - kHeaderWidth);
}

// --- geometry ------------------------------------------------------------------------------------

double TimelineRenderer::relNs(int run, TimeNs t) const
{
    return run >= 0 && run < int(m_runs.size()) ? double(t - m_runs[std::size_t(run)].base) : double(t);
}

TimeNs TimelineRenderer::absNs(int run, double rel) const
{
    const TimeNs base = run >= 0 && run < int(m_runs.size()) ? m_runs[std::size_t(run)].base : 0;
    return base + TimeNs(std::floor(rel));
}

QRect TimelineRenderer::lanesRect() const
{
    return QRect(kHeaderWidth, kTopHeight, std::max(0, m_size.width() - kHeaderWidth), std::max(0, m_size.height() - kTopHeight));
}

int TimelineRenderer::laneTop(int lane) const { return kTopHeight + m_layout->lanes()[std::size_t(lane)].y - m_scroll; }

int TimelineRenderer::rowTop(const Lane &lane, int depth) const
{
    return kTopHeight + lane.y - m_scroll + LaneLayout::kLanePad + depth * LaneLayout::kRowHeight;
}

QRect TimelineRenderer::laneRect(int lane) const
{
    if (!m_layout || lane < 0 || lane >= int(m_layout->lanes().size()) || !m_layout->isLaneVisible(lane))
        return {};
    return QRect(kHeaderWidth, laneTop(lane), lanesRect().width(), m_layout->lanes()[std::size_t(lane)].height);
}

QRectF TimelineRenderer::sliceRect(SliceRef ref) const
{
    if (!m_layout || ref.run < 0 || ref.run >= int(m_runs.size()))
        return {};
    const Trace *t = m_runs[std::size_t(ref.run)].trace;
    if (ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return {};
    const int lane = m_layout->laneOfTrack(ref.run, ref.track);
    if (lane < 0 || !m_layout->isLaneVisible(lane))
        return {};
    const Track &trk = t->tracks[ref.track];
    const double x0 = m_axis.toPx(relNs(ref.run, trk.start[ref.slice]));
    const double w = double(trk.dur[ref.slice]) * m_axis.pxPerNs();
    return QRectF(kHeaderWidth + x0, rowTop(m_layout->lanes()[std::size_t(lane)], trk.depth[ref.slice]), std::max(w, 1.0),
                  LaneLayout::kRowHeight - 1);
}

SliceRef TimelineRenderer::sliceAt(QPoint pos) const
{
    if (!m_layout || pos.x() < kHeaderWidth || pos.y() < kTopHeight)
        return {};
    const int ly = pos.y() - kTopHeight + m_scroll;
    const int lane = m_layout->laneAt(ly);
    if (lane < 0)
        return {};
    const Lane &l = m_layout->lanes()[std::size_t(lane)];
    const int depth = (ly - l.y - LaneLayout::kLanePad) / LaneLayout::kRowHeight;
    if (ly - l.y < LaneLayout::kLanePad || depth >= l.rows)
        return {};
    const RenderRun &rr = m_runs[std::size_t(l.run)];
    const Track &trk = rr.trace->tracks[l.track];
    const auto &levels = rr.index->depths(l.track);
    if (std::size_t(depth) >= levels.size())
        return {};
    const auto &idx = levels[std::size_t(depth)].idx;
    const double rel = m_axis.toNs(pos.x() - kHeaderWidth);
    const double tol = 3 * m_axis.nsPerPx(); // tiny kernels stay clickable when zoomed out
    const double t = double(rr.base) + rel;
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

int TimelineRenderer::groupHeaderAt(QPoint pos) const
{
    if (!m_layout || pos.y() < kTopHeight)
        return -1;
    return m_layout->groupHeaderAt(pos.y() - kTopHeight + m_scroll);
}

bool TimelineRenderer::memoryFrame(int group, MemoryBand::Frame *f) const
{
    if (!m_layout || group < 0 || group >= int(m_layout->groups().size()))
        return false;
    const LaneGroup &g = m_layout->groups()[std::size_t(group)];
    if (!g.gpu || g.memoryHeight <= 0 || g.run < 0 || g.run >= int(m_runs.size()))
        return false;
    const RenderRun &rr = m_runs[std::size_t(g.run)];
    const TraceViewIndex::MemoryCurve *mc = rr.index->memoryOf(g.memoryDevice);
    if (!mc)
        return false;
    f->band = QRect(kHeaderWidth, kTopHeight + g.memoryY - m_scroll, std::max(0, m_size.width() - kHeaderWidth), g.memoryHeight);
    f->origin = double(rr.base) + m_axis.start;
    f->pxPerNs = m_axis.pxPerNs();
    f->deviceTotal = MemoryBand::deviceTotal(*rr.trace, g.memoryDevice);
    f->axisTop = MemoryBand::axisTop(*mc, f->deviceTotal);
    f->traceEnd = rr.trace->maxTs;
    f->font = m_font;
    f->chrome = m_chrome;
    f->stacked = m_memoryStacked;
    return true;
}

double TimelineRenderer::memoryScaleBytes(int group) const
{
    MemoryBand::Frame f;
    return memoryFrame(group, &f) ? f.axisTop : std::nan("");
}

TimelineRenderer::MemoryReadout TimelineRenderer::memoryAt(QPoint pos) const
{
    MemoryReadout out;
    if (!m_layout || pos.x() < kHeaderWidth || pos.y() < kTopHeight || !m_memory)
        return out;
    const int group = m_layout->memoryBandAt(pos.y() - kTopHeight + m_scroll);
    MemoryBand::Frame f;
    if (group < 0 || !memoryFrame(group, &f))
        return out;
    const LaneGroup &g = m_layout->groups()[std::size_t(group)];
    const double t = f.origin + double(pos.x() - kHeaderWidth) / f.pxPerNs;
    out.value = MemoryBand::valueAt(*m_runs[std::size_t(g.run)].index->memoryOf(g.memoryDevice), f.traceEnd, TimeNs(std::floor(t)), f.stacked);
    out.group = group;
    out.run = g.run;
    return out;
}

int TimelineRenderer::memorySpikes(int group) const
{
    if (!m_layout || group < 0 || group >= int(m_layout->groups().size()))
        return 0;
    const LaneGroup &g = m_layout->groups()[std::size_t(group)];
    const TraceViewIndex::MemoryCurve *mc = m_runs[std::size_t(g.run)].index->memoryOf(g.memoryDevice);
    return g.gpu && mc ? int(mc->spikes.size()) : 0;
}

const CounterLanes::Index &TimelineRenderer::counterIndex(int run, std::uint32_t series) const
{
    auto &perRun = m_counterIndex[std::size_t(run)];
    const Trace &t = *m_runs[std::size_t(run)].trace;
    if (perRun.size() != t.counters.size())
        perRun.assign(t.counters.size(), nullptr);
    if (!perRun[series])
        perRun[series] = std::make_shared<const CounterLanes::Index>(t.counters[series]);
    return *perRun[series];
}

bool TimelineRenderer::counterFrame(int counterLane, CounterLanes::Frame *f) const
{
    if (!m_layout || counterLane < 0 || counterLane >= int(m_layout->counterLanes().size()))
        return false;
    const CounterLane &c = m_layout->counterLanes()[std::size_t(counterLane)];
    if (c.run < 0 || c.run >= int(m_runs.size()) || !m_runs[std::size_t(c.run)].trace
        || c.series >= m_runs[std::size_t(c.run)].trace->counters.size())
        return false;
    const RenderRun &rr = m_runs[std::size_t(c.run)];
    f->band = QRect(kHeaderWidth, kTopHeight + c.y - m_scroll, std::max(0, m_size.width() - kHeaderWidth), c.height);
    f->origin = double(rr.base) + m_axis.start;
    f->pxPerNs = m_axis.pxPerNs();
    f->traceEnd = rr.trace->maxTs;
    f->scale = CounterLanes::scaleOf(counterIndex(c.run, c.series), c.unit);
    const auto &inGroup = m_layout->groups()[std::size_t(c.group)].counters;
    f->color = CounterLanes::colorOf(int(std::find(inGroup.begin(), inGroup.end(), counterLane) - inGroup.begin()));
    f->font = m_font;
    f->chrome = m_chrome;
    return true;
}

TimelineRenderer::CounterReadout TimelineRenderer::counterAt(QPoint pos) const
{
    CounterReadout out;
    if (!m_layout || pos.x() < kHeaderWidth || pos.y() < kTopHeight)
        return out;
    const int lane = m_layout->counterLaneAt(pos.y() - kTopHeight + m_scroll);
    CounterLanes::Frame f;
    if (lane < 0 || !counterFrame(lane, &f))
        return out;
    const CounterLane &c = m_layout->counterLanes()[std::size_t(lane)];
    const double t = f.origin + double(pos.x() - kHeaderWidth) / f.pxPerNs;
    out.lane = lane;
    out.run = c.run;
    out.value = CounterLanes::valueAt(m_runs[std::size_t(c.run)].trace->counters[c.series], f.traceEnd, TimeNs(std::floor(t)));
    return out;
}

double TimelineRenderer::memoryY(int group, double bytes) const
{
    MemoryBand::Frame f;
    return memoryFrame(group, &f) ? f.yOf(bytes) : std::nan("");
}

QPointF TimelineRenderer::flowAnchor(SliceRef ref) const
{
    const QRectF r = sliceRect(ref);
    if (r.isNull()) {
        // Lane collapsed or not shown: point at the group header.
        const int lane = m_layout ? m_layout->laneOfTrack(ref.run, ref.track) : -1;
        if (lane < 0)
            return {};
        const LaneGroup &g = m_layout->groups()[std::size_t(m_layout->lanes()[std::size_t(lane)].group)];
        const Track &trk = m_runs[std::size_t(ref.run)].trace->tracks[ref.track];
        return QPointF(kHeaderWidth + m_axis.toPx(relNs(ref.run, trk.start[ref.slice])),
                       kTopHeight + g.y - m_scroll + LaneLayout::kGroupHeaderHeight / 2.0);
    }
    // Arrows leave a launch at its start and arrive at the kernel's start (as chrome://tracing).
    return QPointF(r.left(), r.center().y());
}

// --- base passes ---------------------------------------------------------------------------------

void TimelineRenderer::paintBase(QPainter &p)
{
    m_drawn.fill(false);
    m_drewMemory = m_drewSpikes = m_drewReserved = false;
    m_drewCounters = false;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(QRect(QPoint(0, 0), m_size), m_chrome->background);
    if (!m_layout || m_runs.empty() || m_size.width() <= kHeaderWidth) {
        p.restore();
        return;
    }
    p.setClipRect(QRect(kHeaderWidth, kTopHeight, m_size.width() - kHeaderWidth, m_size.height() - kTopHeight));
    paintGrid(p);
    paintSlices(p);
    paintCounters(p);
    if (m_queue)
        paintQueues(p);
    if (m_memory)
        paintMemory(p);
    p.setClipping(false);
    paintHeaders(p);
    paintRuler(p);
    p.restore();
}

void TimelineRenderer::paintGrid(QPainter &p)
{
    const int w = m_size.width(), h = m_size.height();
    const int lanesW = w - kHeaderWidth;
    const auto &lanes = m_layout->lanes();
    int visIndex = 0;
    for (int li = 0; li < int(lanes.size()); ++li) {
        if (!m_layout->isLaneVisible(li))
            continue;
        const int top = laneTop(li);
        ++visIndex;
        if (top >= h || top + lanes[std::size_t(li)].height <= kTopHeight)
            continue;
        if (visIndex % 2 == 0)
            p.fillRect(QRect(kHeaderWidth, top, lanesW, lanes[std::size_t(li)].height), m_chrome->laneAlt);
    }
    p.setPen(m_chrome->grid);
    for (const auto &tk : m_axis.ticks())
        if (tk.labelled)
            p.drawLine(QPointF(kHeaderWidth + tk.px, kTopHeight), QPointF(kHeaderWidth + tk.px, h));
}

void TimelineRenderer::paintSlices(QPainter &p)
{
    const int h = m_size.height();
    const auto &lanes = m_layout->lanes();
    for (auto &b : m_batches)
        b.clear();
    m_darkText.clear();
    m_lightText.clear();
    for (int li = 0; li < int(lanes.size()); ++li) {
        if (!m_layout->isLaneVisible(li))
            continue;
        const int top = laneTop(li);
        if (top >= h || top + lanes[std::size_t(li)].height <= kTopHeight)
            continue;
        paintLaneSlices(lanes[std::size_t(li)], top);
    }
    p.setPen(Qt::NoPen);
    for (int c = 0; c < kColours; ++c) {
        if (m_batches[std::size_t(c)].empty())
            continue;
        m_drawn[std::size_t(c / Palette::kShades)] = true;
        p.setBrush(Palette::color(SliceClass(c / Palette::kShades), c % Palette::kShades, m_scheme));
        p.drawRects(m_batches[std::size_t(c)].data(), int(m_batches[std::size_t(c)].size()));
    }
    p.setFont(m_sliceFont);
    p.setPen(m_chrome->darkText);
    for (const TextItem &t : m_darkText)
        p.drawText(t.pos, t.text);
    p.setPen(m_chrome->lightText);
    for (const TextItem &t : m_lightText)
        p.drawText(t.pos, t.text);
}

const QString &TimelineRenderer::name(int run, StringId id)
{
    std::vector<QString> &names = m_cache[std::size_t(run)].names;
    static const QString none;
    if (id >= names.size())
        return none;
    QString &n = names[id];
    if (n.isNull()) {
        // A bounded prefix: a damaged trace's 100 MB kernel name was decoded, measured and shaped
        // whole (tens of seconds, thousands of glyph warnings) for a label that shows a few dozen
        // characters; the Details panel has the whole name.
        const std::string_view v = m_runs[std::size_t(run)].trace->strings.view(id);
        constexpr std::size_t kMaxBytes = std::size_t(kMaxDrawnNameChars) * 4; // UTF-8: up to 4 bytes a character
        n = QString::fromUtf8(v.data(), qsizetype(std::min(v.size(), kMaxBytes)));
        if (v.size() > kMaxBytes || n.size() > kMaxDrawnNameChars)
            n = n.left(kMaxDrawnNameChars) + QChar(0x2026);
        if (n.isNull())
            n = QLatin1String(""); // an empty name, cached as such
    }
    return n;
}

const QString &TimelineRenderer::elided(int run, StringId nameId, int avail)
{
    const int bucket = avail / 8;
    const quint64 key = (quint64(run & 0xFF) << 56) | (quint64(nameId) << 16) | quint64(bucket & 0xFFFF);
    auto it = m_elided.find(key);
    if (it == m_elided.end()) {
        const QFontMetrics fm(m_sliceFont);
        QString e = fm.elidedText(name(run, nameId), Qt::ElideRight, bucket * 8);
        if (e.size() <= 1) // a lone ellipsis says nothing
            e.clear();
        if (m_elided.size() > 200000)
            m_elided.clear();
        it = m_elided.insert(key, e);
    }
    return *it;
}

void TimelineRenderer::paintLaneSlices(const Lane &lane, int laneTopY)
{
    const RenderRun &rr = m_runs[std::size_t(lane.run)];
    RunCache &cache = m_cache[std::size_t(lane.run)];
    const Track &trk = rr.trace->tracks[lane.track];
    const auto &levels = rr.index->depths(lane.track);
    const SliceClassifier &cls = rr.index->classifier();
    const int width = m_size.width() - kHeaderWidth, height = m_size.height();
    const double ppn = m_axis.pxPerNs();
    const double nspp = m_axis.nsPerPx();
    const double origin = double(rr.base) + m_axis.start; // absolute ns at x = 0
    const TimeNs tA = TimeNs(std::floor(origin));
    const TimeNs tB = TimeNs(std::ceil(origin + m_axis.range));
    const QFontMetrics fm(m_sliceFont);
    const int rowH = LaneLayout::kRowHeight;
    const int textBase = (rowH - 1 + fm.ascent() - fm.descent()) / 2;
    const TimeNs *starts = trk.start.data();
    const DurationColumn &durs = trk.dur;

    const bool lod = m_lod;
    for (std::size_t d = 0; d < levels.size(); ++d) {
        const int y = laneTopY + LaneLayout::kLanePad + int(d) * rowH;
        if (y >= height || y + rowH <= kTopHeight)
            continue;
        const TraceViewIndex::DepthIndex &L = levels[d];
        const std::uint32_t *idx = L.idx.data();
        const TimeNs *ends = L.end.data();
        const std::size_t n = L.idx.size();
        // The same walk either way; the level of detail answers its questions (the first slice
        // ending after t; a slice's start, duration and colour) from the Lod's buckets and compact
        // columns instead of a binary search over every end and the track's scattered columns.
        std::size_t k = lod ? L.upper(tA) : std::size_t(std::upper_bound(ends, ends + n, tA) - ends);
        // A row with many more slices in the window than columns: what the folds will ask (the first
        // slice ending after each column's left edge, and its start, duration and colour) answered
        // for every column edge at once, before the walk. The questions are independent, so their
        // cache misses overlap instead of queueing one behind the other along the walk.
        constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
        const int lastEdge = width + 2;
        const bool edges = lod && L.upper(tB) - k > 4 * std::size_t(width); // else the folds' own questions cost less
        if (edges) {
            m_edges.resize(std::size_t(lastEdge) + 1);
            for (int c = 0; c <= lastEdge; ++c)
                m_edges[std::size_t(c)].k = L.upper(TimeNs(std::ceil(origin + c * nspp)));
            for (ColumnEdge &e : m_edges)
                if (e.k < n) {
                    e.dur = L.durOf(e.k, trk);
                    e.start = ends[e.k] - e.dur;
                    e.colour = L.lod.colour[e.k];
                }
        }
        std::size_t edge = kNone; // k is m_edges[edge].k: its start, duration and colour are there
        int foldColour = -1;
        std::size_t foldIndex = 0;
        while (k < n) {
            TimeNs s, dur;
            int colour;
            if (edge != kNone) {
                const ColumnEdge &e = m_edges[edge];
                s = e.start;
                dur = e.dur;
                colour = e.colour;
            } else if (lod) {
                dur = L.durOf(k, trk);
                s = ends[k] - dur;
                colour = L.lod.colour[k];
            } else {
                const std::uint32_t i = idx[k];
                s = starts[i];
                dur = durs[i];
                colour = int(cls.classOf(trk.catId[i], trk.nameId[i])) * Palette::kShades + SliceClassifier::shadeOf(trk.nameId[i]);
            }
            if (s >= tB)
                break;
            const double x0 = (double(s) - origin) * ppn;
            const double x1 = x0 + double(dur) * ppn;
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
                    const StringId nid = trk.nameId[idx[k]];
                    int dummy = -1;
                    int &nw = nid < cache.nameWidth.size() ? cache.nameWidth[nid] : dummy;
                    if (nw < 0)
                        nw = fm.horizontalAdvance(name(lane.run, nid));
                    const QString &text = nw <= avail ? name(lane.run, nid) : elided(lane.run, nid, avail);
                    if (!text.isEmpty()) {
                        const int tw = std::min(nw, avail);
                        // Centred in the visible part of the slice when the name fits, else left.
                        const int tx = nw <= avail ? int(vx0 + (vx1 - vx0 - tw) / 2) : int(vx0) + 3;
                        const SliceClass c = SliceClass(colour / Palette::kShades);
                        const int shade = colour % Palette::kShades;
                        auto &texts = Palette::textColor(c, shade, m_scheme).lightness() > 128 ? m_lightText : m_darkText;
                        texts.push_back({QPoint(kHeaderWidth + tx, y + textBase), text});
                    }
                }
                ++k;
                edge = kNone;
                continue;
            }
            // Fold: this pixel column (or the few columns the slice touches) drawn once, then
            // everything that ends inside it skipped (a galloping search, or the Lod's bucket).
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
            if (edges && col1 >= 0 && col1 <= lastEdge) {
                // The edge's answer, unless this slice itself ends after it (then the next one).
                const std::size_t kt = m_edges[std::size_t(col1)].k;
                edge = kt > k ? std::size_t(col1) : kNone;
                k = std::max(k + 1, kt);
                continue;
            }
            edge = kNone;
            const TimeNs tNext = TimeNs(std::ceil(origin + col1 * nspp));
            if (lod) {
                k = std::max(k + 1, L.upper(tNext));
                continue;
            }
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

template <class LaneFn>
void TimelineRenderer::forEachHitLane(const SliceHighlight &h, LaneFn &&fn) const
{
    const int height = m_size.height();
    const auto &lanes = m_layout->lanes();
    for (int li = 0; li < int(lanes.size()); ++li) {
        const Lane &lane = lanes[std::size_t(li)];
        if (lane.run < 0 || std::size_t(lane.run) >= h.runs.size() || lane.run >= int(m_runs.size()))
            continue;
        const auto &tracks = h.runs[std::size_t(lane.run)];
        if (lane.track >= tracks.size() || tracks[lane.track].slices.empty() || !m_layout->isLaneVisible(li))
            continue;
        const int top = laneTop(li);
        if (top >= height || top + lane.height <= kTopHeight)
            continue;
        fn(lane, m_runs[std::size_t(lane.run)], tracks[lane.track]);
    }
}

TimelineRenderer::HitWindow TimelineRenderer::hitWindow(const RenderRun &rr, const SliceHighlight::TrackHits &hits) const
{
    HitWindow w;
    w.origin = double(rr.base) + m_axis.start;
    w.from = TimeNs(std::floor(w.origin)) - hits.maxDur;
    w.to = TimeNs(std::ceil(w.origin + m_axis.range));
    return w;
}

template <class Hit>
void TimelineRenderer::forEachHitOfLane(const Lane &lane, const RenderRun &rr, const SliceHighlight::TrackHits &hits, Hit &&hit) const
{
    const int width = m_size.width() - kHeaderWidth;
    const double ppn = m_axis.pxPerNs();
    const Track &trk = rr.trace->tracks[lane.track];
    const HitWindow w = hitWindow(rr, hits);
    auto it = std::lower_bound(hits.slices.begin(), hits.slices.end(), w.from,
                               [&](std::uint32_t i, TimeNs t) { return trk.start[i] < t; });
    for (; it != hits.slices.end() && trk.start[*it] < w.to; ++it) {
        const std::uint32_t i = *it;
        const double x0 = (double(trk.start[i]) - w.origin) * ppn;
        const double x1 = std::max(x0 + double(trk.dur[i]) * ppn, x0 + 1);
        if (x1 < 0 || x0 > width)
            continue;
        hit(i, x0, x1, std::min<std::size_t>(trk.depth[i], std::size_t(lane.rows)));
    }
}

template <class NewLane, class Hit>
void TimelineRenderer::forEachHitInWindow(const SliceHighlight &h, NewLane &&newLane, Hit &&hit) const
{
    forEachHitLane(h, [&](const Lane &lane, const RenderRun &rr, const SliceHighlight::TrackHits &hits) {
        newLane(lane, rr);
        forEachHitOfLane(lane, rr, hits, hit);
    });
}

void TimelineRenderer::paintHighlight(QPainter &p, const SliceHighlight &h)
{
    // Every match in the window, outlined; matches narrower than a pixel (NCCL kernels zoomed out)
    // merge into one mark per pixel column and row, so the cost is bounded by the picture's size.
    const int width = m_size.width() - kHeaderWidth;
    std::vector<QRectF> marks;
    const Lane *lane = nullptr;
    std::vector<double> lastRight;
    forEachHitInWindow(
        h,
        [&](const Lane &l, const RenderRun &) {
            lane = &l;
            lastRight.assign(std::size_t(l.rows) + 1, -1e9);
        },
        [&](std::uint32_t, double x0, double x1, std::size_t d) {
            const double y = rowTop(*lane, int(d));
            if (x0 <= lastRight[d] + 1 && !marks.empty() && marks.back().y() == y) {
                marks.back().setRight(std::max(marks.back().right(), x1 + kHeaderWidth));
            } else {
                marks.emplace_back(QPointF(kHeaderWidth + std::max(x0, -2.0), y),
                                   QPointF(kHeaderWidth + std::min(x1, double(width) + 2), y + LaneLayout::kRowHeight - 1));
            }
            lastRight[d] = x1;
        });
    if (marks.empty())
        return;
    p.save();
    p.setBrush(Qt::NoBrush);
    // Two strokes, dark under light, so the mark reads on every slice colour.
    p.setPen(QPen(QColor(0, 0, 0, 200), 3));
    p.drawRects(marks.data(), int(marks.size()));
    p.setPen(QPen(Palette::searchMatch(), 1.5));
    p.drawRects(marks.data(), int(marks.size()));
    p.restore();
}

void TimelineRenderer::paintSearch(QPainter &p, const SliceHighlight &matches)
{
    // The rest veiled, then every match in the window painted again in its own colour with a dark
    // edge; as in paintHighlight, matches narrower than a pixel merge per column and row, so the
    // cost is bounded by the picture, not by the number of matches.
    const int width = m_size.width() - kHeaderWidth;
    const auto &lanes = m_layout->lanes();
    QColor veil = m_chrome->background; // towards the background, light or dark scheme alike
    veil.setAlpha(170);
    for (int li = 0; li < int(lanes.size()); ++li) // the lanes only: group titles stay readable
        if (m_layout->isLaneVisible(li))
            p.fillRect(laneRect(li), veil);
    const QFontMetrics fm(m_sliceFont);
    const int textBase = (LaneLayout::kRowHeight - 1 + fm.ascent() - fm.descent()) / 2;
    p.save();
    p.setFont(m_sliceFont);
    const Lane *lane = nullptr;
    const RenderRun *rr = nullptr;
    std::vector<int> lastCol;
    auto newLane = [&](const Lane &l, const RenderRun &r) {
        lane = &l;
        rr = &r;
        lastCol.assign(std::size_t(l.rows) + 1, std::numeric_limits<int>::min());
    };
    auto hit = [&](std::uint32_t i, double x0, double x1, std::size_t d) {
        const int col = int(std::floor(x0));
        if (x1 - x0 < 2 && col == lastCol[d])
            return; // this pixel of this row already shows a match
        lastCol[d] = col;
        const Track &trk = rr->trace->tracks[lane->track];
        const int y = rowTop(*lane, int(d));
        const QRectF r(QPointF(kHeaderWidth + std::max(x0, -2.0), y),
                       QPointF(kHeaderWidth + std::min(x1, double(width) + 2), y + LaneLayout::kRowHeight - 1));
        const SliceClass c = rr->index->classifier().classOf(trk.catId[i], trk.nameId[i]);
        const int shade = SliceClassifier::shadeOf(trk.nameId[i]);
        p.fillRect(r, Palette::color(c, shade, m_scheme));
        if (r.width() >= 4) { // an edge on narrow marks would turn a dense row black
            p.setPen(QPen(QColor(0, 0, 0, 190), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(0, 0, -1, -1));
        }
        const int avail = int(std::min(r.right(), double(m_size.width())) - std::max(r.left(), double(kHeaderWidth))) - 6;
        if (avail >= kMinTextPx - 6) {
            const QString &text = elided(lane->run, trk.nameId[i], avail);
            if (!text.isEmpty()) {
                p.setPen(Palette::textColor(c, shade, m_scheme));
                p.drawText(QPoint(int(std::max(r.left(), double(kHeaderWidth))) + 3, y + textBase), text);
            }
        }
    };
    if (!m_lod) {
        forEachHitInWindow(matches, newLane, hit);
        p.restore();
        return;
    }
    // The level of detail: per lane and depth (rows do not overlap, and within a row the hits come
    // in the same order), after a hit at column col the next hit to look at is the first starting
    // in a later column, found by a galloping search over the depth's hits (SliceHighlight::
    // TrackHits::byDepth); of those skipped, all start in col, and only the last can be 2 px wide
    // (a wide one ends past col + 1 and the depth's next slice starts after it): it is drawn. The
    // rest would have been skipped one by one as narrow marks in an already marked column.
    const double ppn = m_axis.pxPerNs();
    forEachHitLane(matches, [&](const Lane &l, const RenderRun &run, const SliceHighlight::TrackHits &hits) {
        newLane(l, run);
        if (hits.byDepth.empty() || hits.byDepth.size() > std::size_t(l.rows)) { // not built, or rows merged
            forEachHitOfLane(l, run, hits, hit);
            return;
        }
        const Track &trk = run.trace->tracks[l.track];
        const HitWindow w = hitWindow(run, hits);
        const double origin = w.origin;
        const TimeNs tA = w.from, tB = w.to;
        for (std::size_t d = 0; d < hits.byDepth.size(); ++d) {
            const std::vector<std::uint32_t> &H = hits.byDepth[d];
            const std::size_t n = H.size();
            auto xOf = [&](std::size_t q) { return (double(trk.start[H[q]]) - origin) * ppn; };
            std::size_t q = std::size_t(std::lower_bound(H.begin(), H.end(), tA, [&](std::uint32_t i, TimeNs t) { return trk.start[i] < t; })
                                        - H.begin());
            while (q < n && trk.start[H[q]] < tB) {
                const std::uint32_t i = H[q];
                const double x0 = xOf(q);
                const double x1 = std::max(x0 + double(trk.dur[i]) * ppn, x0 + 1);
                ++q;
                if (x1 < 0 || x0 > width)
                    continue;
                hit(i, x0, x1, d);
                // Skip to the first hit starting in a later column than this one's.
                const double next = std::floor(x0) + 1;
                std::size_t lo = q, hi = q, step = 1;
                while (hi < n && xOf(hi) < next) {
                    lo = hi + 1;
                    hi = lo + step;
                    step <<= 1;
                }
                hi = std::min(hi, n);
                while (lo < hi) {
                    const std::size_t m = lo + (hi - lo) / 2;
                    if (xOf(m) < next)
                        lo = m + 1;
                    else
                        hi = m;
                }
                if (lo > q) { // hits [q, lo) start in this column: the last may be wide
                    const std::uint32_t j = H[lo - 1];
                    const double w0 = xOf(lo - 1), w1 = std::max(w0 + double(trk.dur[j]) * ppn, w0 + 1);
                    if (w1 - w0 >= 2 && trk.start[j] < tB && !(w1 < 0 || w0 > width))
                        hit(j, w0, w1, d);
                    q = lo;
                }
            }
        }
    });
    p.restore();
}

void TimelineRenderer::paintCursor(QPainter &p, double axisNs)
{
    const int w = m_size.width(), h = m_size.height();
    const double x = kHeaderWidth + m_axis.toPx(axisNs);
    if (x < kHeaderWidth || x > w)
        return;
    p.save();
    p.setPen(QPen(QColor(0xD0, 0x30, 0x30, 200), 1));
    p.drawLine(QPointF(x, kRulerHeight), QPointF(x, h));
    QFont f = m_font;
    f.setPixelSize(11);
    p.setFont(f);
    const QFontMetrics fm(f);
    const QString text = TimeAxis::formatPrecise(axisNs, m_axis.nsPerPx()); // to the pixel: "14.389 012 s"
    const int tw = fm.horizontalAdvance(text) + 8;
    const double tx = std::min(x + 3, double(w - tw));
    const QRectF box(tx, kRulerHeight + 1, tw, fm.height() + 2);
    p.fillRect(box, QColor(0xD0, 0x30, 0x30));
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
}

void TimelineRenderer::paintMemory(QPainter &p)
{
    const int height = m_size.height();
    for (int gi = 0; gi < int(m_layout->groups().size()); ++gi) {
        const LaneGroup &g = m_layout->groups()[std::size_t(gi)];
        MemoryBand::Frame f;
        if (g.collapsed || !memoryFrame(gi, &f) || f.band.bottom() < kTopHeight || f.band.top() > height)
            continue;
        const MemoryBand::Drawn d = MemoryBand::paint(p, *m_runs[std::size_t(g.run)].index->memoryOf(g.memoryDevice), f);
        m_drewMemory |= d.curve;
        m_drewSpikes |= d.spikes;
        m_drewReserved |= d.reserved;
    }
}

void TimelineRenderer::paintCounters(QPainter &p)
{
    const int height = m_size.height();
    const auto &groups = m_layout->groups();
    for (int k = 0; k < int(m_layout->counterLanes().size()); ++k) {
        const CounterLane &c = m_layout->counterLanes()[std::size_t(k)];
        const LaneGroup &g = groups[std::size_t(c.group)];
        // Off screen first: a lane's min/max tree is built only once it is seen.
        const int top = kTopHeight + c.y - m_scroll;
        CounterLanes::Frame f;
        if (g.collapsed || g.hidden || top + c.height < kTopHeight || top > height || !counterFrame(k, &f))
            continue;
        p.setPen(m_chrome->separator);
        p.drawLine(f.band.left(), f.band.bottom(), f.band.right(), f.band.bottom());
        m_drewCounters |= CounterLanes::paint(p, m_runs[std::size_t(c.run)].trace->counters[c.series], counterIndex(c.run, c.series), f);
    }
}

void TimelineRenderer::paintCounterHeaders(QPainter &p)
{
    const int w = m_size.width(), height = m_size.height();
    const auto &groups = m_layout->groups();
    for (int k = 0; k < int(m_layout->counterLanes().size()); ++k) {
        const CounterLane &c = m_layout->counterLanes()[std::size_t(k)];
        const LaneGroup &g = groups[std::size_t(c.group)];
        // Off screen first: a lane's min/max tree is built only once it is seen.
        const int top = kTopHeight + c.y - m_scroll;
        CounterLanes::Frame f;
        if (g.collapsed || g.hidden || top + c.height < kTopHeight || top > height || !counterFrame(k, &f))
            continue;
        const QRect cell(0, f.band.top(), kHeaderWidth, f.band.height());
        p.setPen(m_chrome->separator);
        p.drawLine(0, cell.bottom(), w, cell.bottom());
        CounterLanes::paintHeader(p, cell, c.label, c.unit, f);
    }
}

void TimelineRenderer::paintMemoryReadouts(QPainter &p, double axisNs)
{
    const int height = m_size.height();
    for (int gi = 0; gi < int(m_layout->groups().size()); ++gi) {
        const LaneGroup &g = m_layout->groups()[std::size_t(gi)];
        MemoryBand::Frame f;
        if (g.collapsed || !memoryFrame(gi, &f) || f.band.bottom() < kTopHeight || f.band.top() > height)
            continue;
        MemoryBand::paintReadout(p, *m_runs[std::size_t(g.run)].index->memoryOf(g.memoryDevice), f, double(m_runs[std::size_t(g.run)].base) + axisNs);
    }
}

QRect TimelineRenderer::densityStripRect(int group) const
{
    if (!m_layout || group < 0 || group >= int(m_layout->groups().size()))
        return {};
    const LaneGroup &g = m_layout->groups()[std::size_t(group)];
    // Not for Kineto's bookkeeping group (Spans, Traces): its one profiler span covers the whole
    // trace, so a strip would read as a solid bar of work.
    if (!g.collapsed || g.lanes.empty() || g.defaultCollapsed)
        return {};
    // Right of the title (the whole title stays readable), in the lanes' time coordinates.
    QFont bold = m_font;
    bold.setPixelSize(12);
    bold.setBold(true);
    const int lanes = int(g.lanes.size() + g.counters.size());
    const QString title = g.title + (lanes == 1 ? tr("  (%n lane)", nullptr, lanes) : tr("  (%n lanes)", nullptr, lanes));
    const int titleRight = 20 + QFontMetrics(bold).horizontalAdvance(title) + 12;
    const int left = std::max(kHeaderWidth, titleRight);
    const int top = kTopHeight + g.y - m_scroll;
    return QRect(left, top + 4, std::max(0, m_size.width() - left), LaneLayout::kGroupHeaderHeight - 8);
}

void TimelineRenderer::paintDensity(QPainter &p, int group, QRect strip)
{
    const LaneGroup &g = m_layout->groups()[std::size_t(group)];
    const RenderRun &rr = m_runs[std::size_t(g.run)];
    std::vector<std::uint32_t> tracks;
    tracks.reserve(g.lanes.size());
    for (int l : g.lanes)
        tracks.push_back(m_layout->lanes()[std::size_t(l)].track);
    // Columns of the lanes area, so the strip lines up with the time axis; drawn from strip.left().
    const int lanesW = m_size.width() - kHeaderWidth;
    const int skip = strip.left() - kHeaderWidth;
    const std::vector<float> cols = m_density.columns(g.run, *rr.trace, *rr.index, tracks, double(rr.base) + m_axis.start,
                                                      m_axis.nsPerPx(), lanesW, m_lod);
    p.fillRect(strip, m_chrome->laneAlt);
    const QColor ink = Palette::color(g.gpu ? SliceClass::OtherKernel : SliceClass::CpuOp, 0, m_scheme);
    std::vector<QRect> bars;
    for (int x = std::max(0, skip); x < lanesW; ++x) {
        const float f = cols[std::size_t(x)];
        if (f < 0)
            continue;
        // At least 2 px where anything ran: a column with one short kernel still shows.
        const int h = std::max(2, int(std::lround(double(f) * strip.height())));
        bars.emplace_back(kHeaderWidth + x, strip.bottom() + 1 - h, 1, h);
    }
    p.setPen(Qt::NoPen);
    p.setBrush(ink);
    p.drawRects(bars.data(), int(bars.size()));
    p.setBrush(Qt::NoBrush);
}

void TimelineRenderer::paintHeaders(QPainter &p)
{
    const int w = m_size.width(), h = m_size.height();
    p.setClipRect(QRect(0, kTopHeight, w, h - kTopHeight));
    p.fillRect(QRect(0, kTopHeight, kHeaderWidth, h - kTopHeight), m_chrome->headerBg);
    QFont f = m_font;
    f.setPixelSize(12);
    const QFontMetrics fm(f);
    QFont bold = f;
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const auto &lanes = m_layout->lanes();
    const auto &groups = m_layout->groups();
    p.setFont(f);
    for (int li = 0; li < int(lanes.size()); ++li) {
        if (!m_layout->isLaneVisible(li))
            continue;
        const Lane &l = lanes[std::size_t(li)];
        const int top = laneTop(li);
        if (top >= h || top + l.height <= kTopHeight)
            continue;
        p.setPen(m_chrome->separator);
        p.drawLine(0, top + l.height - 1, w, top + l.height - 1);
        p.setPen(m_chrome->label);
        // A pinned lane sits above every group: its own says where it comes from.
        const QString label = l.pinned ? groups[std::size_t(l.group)].title + QStringLiteral(" · ") + l.label : l.label;
        const QString text = fm.elidedText(label, Qt::ElideMiddle, kHeaderWidth - 26);
        p.drawText(QRect(18, top, kHeaderWidth - 22, std::min(l.height, LaneLayout::kRowHeight + 2 * LaneLayout::kLanePad)),
                   Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    for (int gi = 0; gi < int(groups.size()); ++gi) {
        const LaneGroup &g = groups[std::size_t(gi)];
        const int top = kTopHeight + g.y - m_scroll;
        if (g.hidden || top >= h || top + LaneLayout::kGroupHeaderHeight + (g.collapsed ? 0 : g.lanesHeight) <= kTopHeight)
            continue;
        const QRect r(0, top, w, LaneLayout::kGroupHeaderHeight);
        p.fillRect(r, m_chrome->groupBg);
        p.setPen(m_chrome->border);
        p.drawLine(r.bottomLeft(), r.bottomRight());
        // Disclosure triangle.
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(m_chrome->label);
        const QPointF c(10, top + LaneLayout::kGroupHeaderHeight / 2.0);
        if (g.collapsed)
            p.drawPolygon(QPolygonF({c + QPointF(-3, -5), c + QPointF(-3, 5), c + QPointF(4, 0)}));
        else
            p.drawPolygon(QPolygonF({c + QPointF(-5, -3), c + QPointF(5, -3), c + QPointF(0, 4)}));
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setBrush(Qt::NoBrush);
        p.setFont(bold);
        p.setPen(m_chrome->label);
        QString title = g.title;
        // Counter lanes are lanes to the reader: a process of counters only is not "0 lanes".
        const int laneCount = int(g.lanes.size() + g.counters.size());
        if (g.collapsed)
            title += laneCount == 1 ? tr("  (%n lane)", nullptr, 1) : tr("  (%n lanes)", nullptr, laneCount);
        p.drawText(r.adjusted(20, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, bfm.elidedText(title, Qt::ElideRight, w - 30));
        p.setFont(f);
        // A collapsed group: its activity right of the title, not an empty row.
        const QRect strip = densityStripRect(gi);
        if (strip.width() > 0)
            paintDensity(p, gi, strip);
        // The memory band's header cell: its name and axis.
        MemoryBand::Frame mf;
        if (m_memory && !g.collapsed && memoryFrame(gi, &mf) && mf.band.top() < h && mf.band.bottom() >= kTopHeight) {
            const QRect cell(0, mf.band.top(), kHeaderWidth, mf.band.height());
            p.setPen(m_chrome->separator);
            p.drawLine(0, cell.bottom(), w, cell.bottom());
            const TraceViewIndex::MemoryCurve *mc = m_runs[std::size_t(g.run)].index->memoryOf(g.memoryDevice);
            MemoryBand::Legend legend{mc->hasReserved, int(mc->spikes.size())};
            if (mf.stacked)
                legend.phases = MemoryBand::phasesShown(*mc);
            MemoryBand::paintAxis(p, cell, tr("GPU %1 memory").arg(g.device), mf, legend);
            p.setFont(f);
        }
    }
    paintCounterHeaders(p);
    if (m_layout->pinnedHeight() > 0) { // the pinned band ends in a heavier line
        p.setPen(QPen(QColor(0x80, 0x88, 0x96), 2));
        const int y = kTopHeight + m_layout->pinnedHeight() - m_scroll - 1;
        p.drawLine(0, y, w, y);
    }
    p.setPen(m_chrome->border);
    p.drawLine(kHeaderWidth - 1, kTopHeight, kHeaderWidth - 1, h);
    p.setClipping(false);
}

void TimelineRenderer::paintRuler(QPainter &p)
{
    const int w = m_size.width();
    p.fillRect(QRect(0, 0, w, kTopHeight), m_chrome->rulerBg);
    QFont f = m_font;
    f.setPixelSize(11);
    p.setFont(f);
    const QFontMetrics fm(f);
    const double step = m_axis.tickStep();
    p.setClipRect(QRect(kHeaderWidth, 0, w - kHeaderWidth, kTopHeight));
    const auto ticks = m_axis.ticks();
    const auto labels = TimeAxis::tickLabels(ticks, step); // "+200 µs" from an anchor at deep zoom
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        const auto &tk = ticks[i];
        const int x = kHeaderWidth + int(std::lround(tk.px));
        p.setPen(m_chrome->minorTick);
        p.drawLine(x, kRulerHeight - (tk.labelled ? 9 : 4), x, kRulerHeight - 1);
        if (tk.labelled) {
            p.setPen(m_chrome->label);
            p.drawText(x + 3, kRulerHeight - 8, labels[i]);
        }
    }
    // ProfilerStep bands (of the first run that has them).
    const int bandTop = kRulerHeight;
    bool anySteps = false;
    for (int run = 0; run < int(m_runs.size()); ++run) {
        const RenderRun &rr = m_runs[std::size_t(run)];
        const auto &steps = rr.index->steps();
        if (steps.empty())
            continue;
        anySteps = true;
        const double origin = double(rr.base) + m_axis.start;
        const double ppn = m_axis.pxPerNs();
        auto it = std::partition_point(steps.begin(), steps.end(), [&](const TraceViewIndex::Step &s) { return double(s.end) < origin; });
        int lastX = std::numeric_limits<int>::min();
        for (; it != steps.end() && double(it->start) <= origin + m_axis.range; ++it) {
            const double x0 = (double(it->start) - origin) * ppn, x1 = (double(it->end) - origin) * ppn;
            const int ix0 = kHeaderWidth + int(std::floor(x0));
            if (x1 - x0 < 2 && ix0 == lastX)
                continue;
            lastX = ix0;
            const int ix1 = kHeaderWidth + int(std::ceil(std::min(x1, double(w))));
            const QRect r(std::max(ix0, kHeaderWidth - 1), bandTop + 1, std::max(1, ix1 - std::max(ix0, kHeaderWidth - 1) - 1), kStepBandHeight - 2);
            const bool odd = (it - steps.begin()) % 2;
            p.fillRect(r, m_chrome->stepBand[odd ? 0 : 1]);
            // "ProfilerStep#12", else "#12" where the band is narrow: the number tells them apart.
            const QString label = stepBandLabel(it->name, fm, r.width() - 6);
            if (!label.isEmpty()) {
                p.setPen(m_chrome->label);
                p.drawText(r.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
            }
        }
        break;
    }
    p.setClipping(false);
    p.setPen(m_chrome->border);
    p.drawLine(0, kTopHeight - 1, w, kTopHeight - 1);
    p.fillRect(QRect(0, 0, kHeaderWidth - 1, kTopHeight - 1), m_chrome->headerBg);
    p.setPen(m_chrome->label);
    p.drawText(QRect(8, 0, kHeaderWidth - 16, kRulerHeight), Qt::AlignVCenter | Qt::AlignLeft,
               tr("window %1").arg(TimeAxis::formatTime(m_axis.range)));
    if (anySteps)
        p.drawText(QRect(8, kRulerHeight, kHeaderWidth - 16, kStepBandHeight), Qt::AlignVCenter | Qt::AlignLeft, tr("steps"));
    p.setPen(m_chrome->border);
    p.drawLine(kHeaderWidth - 1, 0, kHeaderWidth - 1, kTopHeight);
}

// --- overlay passes ------------------------------------------------------------------------------

void TimelineRenderer::paintOverlay(QPainter &p, const RenderOverlay &o)
{
    if (!m_layout)
        return;
    const int w = m_size.width(), h = m_size.height();
    p.save();
    paintGap(p, o);
    p.setClipRect(QRect(kHeaderWidth, kTopHeight, w - kHeaderWidth, h - kTopHeight));
    if (o.search)
        paintSearch(p, *o.search);
    if (o.hover.isValid() && o.hover != o.selected) {
        const QRectF r = sliceRect(o.hover);
        if (!r.isNull()) {
            p.setPen(QPen(QColor(0, 0, 0, 150), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(0, 0, -1, -1));
        }
    }
    if (o.selected.isValid()) {
        const QRectF r = sliceRect(o.selected);
        if (!r.isNull()) {
            // White outside dark: the outline reads on a dark kernel and on a pale operator alike.
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(Qt::white, 5));
            p.drawRect(r.adjusted(-2, -2, 1, 1));
            p.setPen(QPen(Palette::selection(), 2));
            p.drawRect(r.adjusted(-2, -2, 1, 1));
        }
    }
    if (o.highlight)
        paintHighlight(p, *o.highlight);
    for (const OverlayLayer &layer : o.layers)
        if (layer.drawing) {
            p.save(); // a pass leaves pen, brush, font and clip as it found them
            layer.drawing->paint(p, *this);
            p.restore();
        }
    paintFlows(p, o);
    p.setClipping(false);
    if (!std::isnan(o.cursorNs)) {
        if (m_memory)
            paintMemoryReadouts(p, o.cursorNs);
        paintCursor(p, o.cursorNs);
    }
    if (o.rangeActive) {
        const double a = std::min(o.rangeA, o.rangeB), b = std::max(o.rangeA, o.rangeB);
        const double xa = kHeaderWidth + m_axis.toPx(a), xb = kHeaderWidth + m_axis.toPx(b);
        const QRectF r(QPointF(std::max<double>(xa, kHeaderWidth), 0), QPointF(std::min<double>(xb, w), h));
        p.setClipRect(QRect(kHeaderWidth, 0, w - kHeaderWidth, h));
        p.fillRect(r, Palette::rangeSelection());
        p.setPen(QPen(QColor(0x30, 0x70, 0xE0), 1));
        p.drawLine(QPointF(xa, 0), QPointF(xa, h));
        p.drawLine(QPointF(xb, 0), QPointF(xb, h));
        QFont f = m_font;
        f.setPixelSize(11);
        f.setBold(true);
        p.setFont(f);
        const QFontMetrics fm(f);
        const QString text = TimeAxis::formatTime(b - a);
        const int tw = fm.horizontalAdvance(text) + 10;
        const QRectF box((xa + xb) / 2 - tw / 2.0, kTopHeight + 2, tw, fm.height() + 2);
        p.fillRect(box, QColor(0x30, 0x70, 0xE0));
        p.setPen(Qt::white);
        p.drawText(box, Qt::AlignCenter, text);
        p.setClipping(false);
    }
    p.restore();
}

void TimelineRenderer::paintGap(QPainter &p, const RenderOverlay &o)
{
    if (o.gapRun < 0 || o.gapRun >= int(m_runs.size()))
        return;
    const analysis::Gap &gap = o.gap;
    const int w = m_size.width(), h = m_size.height();
    const QColor color = GapCauseStyle::color(gap.cause);
    const double xa = kHeaderWidth + m_axis.toPx(relNs(o.gapRun, gap.start));
    const double xb = std::max(xa + 2.0, kHeaderWidth + m_axis.toPx(relNs(o.gapRun, gap.end())));
    QRectF r(QPointF(xa, kTopHeight), QPointF(xb, h));
    const int lane = m_layout->laneOfTrack(o.gapRun, gap.track);
    if (lane >= 0 && m_layout->isLaneVisible(lane)) {
        const QRect lr = laneRect(lane);
        r.setTop(lr.top());
        r.setBottom(lr.bottom());
    }
    p.save();
    p.setClipRect(QRect(kHeaderWidth, kTopHeight, w - kHeaderWidth, h - kTopHeight));
    QColor fill = color;
    fill.setAlpha(60);
    p.fillRect(r, fill);
    p.setPen(QPen(color, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.adjusted(1, 1, -1, -1));
    // What explains it (the collective it waited for, the late launch): outlined in the cause's
    // colour and tied to the gap by a dashed line, so the picture reads "this idle, because that".
    if (gap.evidenceTrack >= 0) {
        const SliceRef ev{o.gapRun, std::uint32_t(gap.evidenceTrack), gap.evidenceSlice};
        const QRectF er = sliceRect(ev);
        if (!er.isNull()) {
            p.setRenderHint(QPainter::Antialiasing, true);
            p.setPen(QPen(color, 2));
            p.drawRect(er.adjusted(-1, -1, 1, 1));
            p.setPen(QPen(color, 1.5, Qt::DashLine));
            // Where the two overlap in time (a collective running through the gap): a vertical
            // tie in the middle of the overlap; else from the evidence's nearer end to the gap.
            const double lo = std::max({er.left(), xa, double(kHeaderWidth)});
            const double hi = std::min({er.right(), xb, double(w)});
            const bool below = er.center().y() > r.center().y();
            if (lo < hi) {
                const double x = (lo + hi) / 2;
                p.drawLine(QPointF(x, below ? er.top() - 1 : er.bottom() + 1), QPointF(x, below ? r.bottom() : r.top()));
            } else {
                const bool left = er.right() < xa;
                p.drawLine(QPointF(std::clamp(left ? er.right() : er.left(), double(kHeaderWidth), double(w)), er.center().y()),
                           QPointF(std::clamp(left ? xa : xb, double(kHeaderWidth), double(w)), r.center().y()));
            }
            p.setRenderHint(QPainter::Antialiasing, false);
        }
    }
    p.setFont(gapChipFont());
    const QRectF box = gapChipRect(o);
    p.fillRect(box, color);
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, gapChipText(gap));
    p.restore();
}

QFont TimelineRenderer::gapChipFont() const
{
    QFont f = m_font;
    f.setPixelSize(11);
    f.setBold(true);
    return f;
}

QString TimelineRenderer::gapChipText(const analysis::Gap &gap)
{
    return QStringLiteral("%1 · %2").arg(GapCauseStyle::label(gap.cause), TimeAxis::formatTime(double(gap.dur)));
}

QRectF TimelineRenderer::gapChipRect(const RenderOverlay &o) const
{
    if (!m_layout || o.gapRun < 0 || o.gapRun >= int(m_runs.size()))
        return {};
    const analysis::Gap &gap = o.gap;
    const int w = m_size.width(), h = m_size.height();
    const double xa = kHeaderWidth + m_axis.toPx(relNs(o.gapRun, gap.start));
    const double xb = std::max(xa + 2.0, kHeaderWidth + m_axis.toPx(relNs(o.gapRun, gap.end())));
    QRectF r(QPointF(xa, kTopHeight), QPointF(xb, h));
    const int lane = m_layout->laneOfTrack(o.gapRun, gap.track);
    if (lane >= 0 && m_layout->isLaneVisible(lane)) {
        const QRect lr = laneRect(lane);
        r.setTop(lr.top());
        r.setBottom(lr.bottom());
    }
    const QFontMetrics fm(gapChipFont());
    const int tw = fm.horizontalAdvance(gapChipText(gap)) + 10;
    // Above the lane when there is room, else inside its top edge; kept on screen horizontally.
    const double x = std::clamp((xa + xb) / 2 - tw / 2.0, double(kHeaderWidth), double(std::max(kHeaderWidth, w - tw)));
    double y = r.top() - fm.height() - 4;
    if (y < kTopHeight)
        y = r.top() + 2;
    return QRectF(x, y, tw, fm.height() + 2);
}

void TimelineRenderer::paintFlows(QPainter &p, const RenderOverlay &o)
{
    if (!o.selected.isValid() || o.flows.empty())
        return;
    p.setRenderHint(QPainter::Antialiasing, true);
    const QPointF self = flowAnchor(o.selected);
    for (const FlowLink &f : o.flows) {
        const QPointF other = flowAnchor(f.other);
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

} // namespace lanescope
