// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/TraceViewIndex.h"

#include "core/analysis/text/FigureText.h"

#include "core/analysis/run/Steps.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

MemAgg TraceViewIndex::MemoryCurve::query(std::size_t a, std::size_t b) const
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

std::size_t TraceViewIndex::DepthIndex::upper(TimeNs t) const
{
    const std::size_t n = end.size();
    if (n == 0 || t < lod.t0)
        return 0; // every slice ends at or after t0 > t
    const std::size_t b = bucketOf(t);
    if (b + 1 >= lod.first.size())
        return n; // past the last bucket: past every end
    // Ends before first[b] are at most the bucket's start <= t; first[b + 1] ends after its end > t.
    // A branch-free upper bound within the bucket (its few ends, where the answer lies).
    const TimeNs *p = end.data() + lod.first[b];
    std::size_t len = lod.first[b + 1] - lod.first[b];
    while (len > 1) {
        const std::size_t half = len / 2;
        p = p[half - 1] <= t ? p + half : p;
        len -= half;
    }
    if (len == 1 && *p <= t)
        ++p;
    return std::size_t(p - end.data());
}

void TraceViewIndex::DepthIndex::sumsBefore(std::size_t k, std::size_t b, const Track &trk, TimeNs *busy,
                                            std::uint32_t *work) const
{
    std::size_t m = lod.first[b - b % Lod::kBusyEvery];
    TimeNs bs = lod.busy[b / Lod::kBusyEvery];
    std::uint32_t w = lod.work[b / Lod::kBusyEvery];
    for (; m < k; ++m)
        if (isWork(m)) {
            bs += durOf(m, trk);
            ++w;
        }
    for (; m > k; --m)
        if (isWork(m - 1)) {
            bs -= durOf(m - 1, trk);
            --w;
        }
    *busy = bs;
    *work = w;
}

namespace {

// The level-of-detail summary of one depth (TraceViewIndex::Lod): per slice its duration and colour,
// per power-of-two time bucket the first slice ending after the bucket's start and the work before it.
void buildLod(TraceViewIndex::DepthIndex &d, const Track &trk, const SliceClassifier &cls)
{
    using Lod = TraceViewIndex::Lod;
    Lod &lod = d.lod;
    const std::size_t n = d.idx.size();
    lod.dur.resize(n);
    lod.colour.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = d.idx[k];
        const TimeNs dur = trk.dur[i];
        lod.dur[k] = dur >= 0 && dur < TimeNs(Lod::kFarDur) ? std::uint32_t(dur) : Lod::kFarDur;
        lod.colour[k] = std::uint8_t(int(cls.classOf(trk.catId[i], trk.nameId[i])) * Palette::kShades
                                     + SliceClassifier::shadeOf(trk.nameId[i]));
    }
    if (n == 0)
        return;
    // Buckets: the smallest power of two that spreads the depth's span over at most n / 4 of them.
    lod.t0 = trk.start[d.idx[0]];
    const TimeNs last = std::max(d.end[n - 1], lod.t0);
    const std::uint64_t span = std::uint64_t(last - lod.t0) + 1;
    const std::uint64_t target = std::max<std::uint64_t>(1, n / Lod::kSlicesPerBucket);
    int shift = 0;
    while (shift < 62 && (span >> shift) > target)
        ++shift;
    lod.shift = shift;
    const std::size_t buckets = std::size_t(std::uint64_t(last - lod.t0) >> shift) + 1;
    lod.first.resize(buckets + 1);
    lod.busy.resize(buckets / Lod::kBusyEvery + 1);
    lod.work.resize(buckets / Lod::kBusyEvery + 1);
    std::size_t k = 0;
    TimeNs busy = 0;
    std::uint32_t work = 0;
    for (std::size_t b = 0; b <= buckets; ++b) {
        const TimeNs bound = b == buckets ? std::numeric_limits<TimeNs>::max() : lod.t0 + (TimeNs(b) << shift);
        for (; k < n && d.end[k] <= bound; ++k)
            if (d.isWork(k)) {
                busy += d.durOf(k, trk);
                ++work;
            }
        lod.first[b] = std::uint32_t(k);
        if (b % Lod::kBusyEvery == 0) {
            lod.busy[b / Lod::kBusyEvery] = busy;
            lod.work[b / Lod::kBusyEvery] = work;
        }
    }
    lod.workTotal = work;
}

} // namespace

std::shared_ptr<const TraceViewIndex> TraceViewIndex::build(const Trace &trace, const std::vector<analysis::Step> *steps)
{
    return std::make_shared<const TraceViewIndex>(trace, steps);
}

TraceViewIndex::TraceViewIndex(const Trace &t, const std::vector<analysis::Step> *steps)
    : m_classifier(t)
{
    m_byDepth.assign(t.tracks.size(), {});
    m_maxDur.assign(t.tracks.size(), 0);
    for (std::size_t ti = 0; ti < t.tracks.size(); ++ti) {
        const Track &trk = t.tracks[ti];
        auto &levels = m_byDepth[ti];
        std::vector<std::uint32_t> counts(std::size_t(trk.maxDepth) + 1, 0);
        TimeNs md = 0;
        for (std::size_t i = 0; i < trk.size(); ++i) {
            ++counts[std::min<std::size_t>(trk.depth[i], trk.maxDepth)];
            md = std::max(md, trk.dur[i]);
        }
        m_maxDur[ti] = md;
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
        for (DepthIndex &d : levels)
            buildLod(d, trk, m_classifier);
    }

    // ProfilerStep#N bands: the CPU spans of the steps as the analysis finds them, so the
    // timeline and the analysis dock always agree on what a step is.
    const std::vector<analysis::Step> found = steps ? std::vector<analysis::Step>() : analysis::findSteps(t);
    const std::vector<analysis::Step> &stepList = steps ? *steps : found;
    for (const analysis::Step &st : stepList)
        m_steps.push_back({st.start, st.start + st.dur, st.name});

    // Memory: one curve per accelerator device, a min/max pyramid for zoomed-out columns, and the
    // spikes as core/analysis/measures/memory/MemorySpikes.h defines them.
    std::vector<analysis::MemoryPhaseCurve> phases = analysis::memoryPhaseCurves(t, stepList);
    for (const MemorySeries &ms : t.memory) {
        if (!isAcceleratorMemory(ms.deviceType) || ms.samples.empty())
            continue;
        MemoryCurve mc;
        mc.device = ms.deviceId;
        mc.series = &ms;
        const auto &s = ms.samples;
        mc.ts.reserve(s.size());
        std::int64_t peak = 1;
        for (const MemorySample &m : s) {
            mc.ts.push_back(m.ts);
            peak = std::max({peak, m.allocated, m.reserved});
            mc.hasReserved |= m.reserved >= 0;
        }
        // Scale: the peak plus 5 % headroom (a curve flat at its peak must not hide under the
        // lane's top edge), rounded up to a round number of the binary unit the axis reads in.
        mc.scaleBytes = analysis::figure::roundUpBytes(double(peak) * 1.05);
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
        mc.spikes = analysis::findMemorySpikes(ms);
        for (analysis::MemoryPhaseCurve &pc : phases)
            if (pc.series == &ms)
                mc.phases = std::move(pc);
        m_memory.push_back(std::move(mc));
    }
}

const TraceViewIndex::MemoryCurve *TraceViewIndex::memoryOf(int device) const
{
    for (const MemoryCurve &mc : m_memory)
        if (mc.device == device)
            return &mc;
    return nullptr;
}

std::size_t TraceViewIndex::lodBytes() const
{
    std::size_t n = 0;
    for (const auto &levels : m_byDepth)
        for (const DepthIndex &d : levels)
            n += d.lod.first.capacity() * sizeof(std::uint32_t) + d.lod.busy.capacity() * sizeof(TimeNs)
                + d.lod.work.capacity() * sizeof(std::uint32_t) + d.lod.dur.capacity() * sizeof(std::uint32_t)
                + d.lod.colour.capacity();
    return n;
}

std::size_t TraceViewIndex::heapBytes() const
{
    std::size_t n = lodBytes();
    for (const auto &levels : m_byDepth)
        for (const DepthIndex &d : levels)
            n += d.idx.capacity() * sizeof(std::uint32_t) + d.end.capacity() * sizeof(TimeNs);
    for (const MemoryCurve &mc : m_memory) {
        n += mc.ts.capacity() * sizeof(TimeNs) + mc.spikes.capacity() * sizeof(analysis::MemorySpike)
            + mc.phases.phase.capacity() + mc.phases.checkpoints.capacity() * sizeof(mc.phases.checkpoints[0]);
        for (const auto &l : mc.levels)
            n += l.capacity() * sizeof(MemAgg);
    }
    return n;
}

} // namespace lanescope
