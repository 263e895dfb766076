// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/TraceViewIndex.h"

#include "core/analysis/FigureText.h"

#include "core/analysis/Steps.h"

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
    }

    // ProfilerStep#N bands: the CPU spans of the steps as the analysis finds them, so the
    // timeline and the analysis dock always agree on what a step is.
    const std::vector<analysis::Step> found = steps ? std::vector<analysis::Step>() : analysis::findSteps(t);
    const std::vector<analysis::Step> &stepList = steps ? *steps : found;
    for (const analysis::Step &st : stepList)
        m_steps.push_back({st.start, st.start + st.dur, st.name});

    // Memory: one curve per accelerator device, a min/max pyramid for zoomed-out columns, and the
    // spikes as core/analysis/MemorySpikes.h defines them.
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

std::size_t TraceViewIndex::heapBytes() const
{
    std::size_t n = 0;
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
