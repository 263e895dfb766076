// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What drawing one trace needs beyond the trace itself, built once per trace (off the UI thread,
// in the load job) and then immutable, so every view, export and comparison of that trace shares
// one copy: per track and depth the slices in start order with their end times (one binary search
// to the first visible slice), each slice's colour class, the ProfilerStep bands, and per device a
// min/max pyramid of the memory curve with its spikes.
//
// The index points into its Trace (memory samples): keep the Trace alive as long as the index.
#include "core/analysis/MemoryOwners.h"
#include "core/analysis/MemorySpikes.h"
#include "core/analysis/Steps.h"
#include "core/model/Trace.h"
#include "widgets/render/Palette.h"

#include <QString>

#include <limits>
#include <memory>
#include <vector>

namespace lanescope {

// Min and max of allocated and reserved bytes over a run of samples.
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

class TraceViewIndex
{
public:
    static constexpr int kMemoryFan = 32; // samples per block of the memory min/max pyramid

    // Slices of one depth of one track never overlap (the loader nests by a stack), so their ends
    // are sorted too: the first visible slice is one binary search away even when it started long
    // before the window.
    struct DepthIndex
    {
        std::vector<std::uint32_t> idx; // slice indices in start order
        std::vector<TimeNs> end;        // their ends, contiguous: the searches stay in cache
    };
    struct Step
    {
        TimeNs start, end;
        QString name;
    };
    struct MemoryCurve
    {
        int device = -1;
        const MemorySeries *series = nullptr;
        std::vector<TimeNs> ts;                  // sample times (copied for a tight binary search)
        std::vector<std::vector<MemAgg>> levels; // levels[k][j]: samples [j*F^(k+1), (j+1)*F^(k+1))
        double scaleBytes = 1;                   // the top of the lane: the peak + 5 %, rounded
        bool hasReserved = false;
        std::vector<analysis::MemorySpike> spikes;
        // The curve split by owner phase (analysis/MemoryOwners.h); series null where the trace's
        // events carry no addresses (nothing to stack).
        analysis::MemoryPhaseCurve phases;
        MemAgg query(std::size_t a, std::size_t b) const; // samples [a, b)
    };

    // steps: the trace's ProfilerSteps where the caller found them already (the run set does, at
    // load); null: found here.
    static std::shared_ptr<const TraceViewIndex> build(const Trace &trace, const std::vector<analysis::Step> *steps = nullptr);
    explicit TraceViewIndex(const Trace &trace, const std::vector<analysis::Step> *steps = nullptr); // prefer build()

    const SliceClassifier &classifier() const { return m_classifier; }
    const std::vector<DepthIndex> &depths(std::uint32_t track) const { return m_byDepth[track]; }
    TimeNs maxDuration(std::uint32_t track) const { return m_maxDur[track]; }
    const std::vector<Step> &steps() const { return m_steps; }
    const std::vector<MemoryCurve> &memory() const { return m_memory; }
    const MemoryCurve *memoryOf(int device) const;
    std::size_t trackCount() const { return m_byDepth.size(); }
    std::size_t heapBytes() const; // what the index itself holds, for the benchmarks

private:
    SliceClassifier m_classifier;
    std::vector<std::vector<DepthIndex>> m_byDepth;
    std::vector<TimeNs> m_maxDur;
    std::vector<Step> m_steps;
    std::vector<MemoryCurve> m_memory;
};

} // namespace lanescope
