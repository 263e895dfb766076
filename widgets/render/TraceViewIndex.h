// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What drawing one trace needs beyond the trace itself, built once per trace (off the UI thread,
// in the load job) and then immutable, so every view, export and comparison of that trace shares
// one copy: per track and depth the slices in start order with their end times (one binary search
// to the first visible slice) and their level-of-detail summary (DepthIndex::Lod), each slice's
// colour class, the ProfilerStep bands, and per device a min/max pyramid of the memory curve with
// its spikes.
//
// The index points into its Trace (memory samples): keep the Trace alive as long as the index.
#include "core/analysis/measures/memory_owners/MemoryOwners.h"
#include "core/analysis/measures/memory/MemorySpikes.h"
#include "core/analysis/run/Steps.h"
#include "core/model/Trace.h"
#include "widgets/render/Palette.h"

#include <QString>

#include <algorithm>
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
    //
    // The level-of-detail summary (Lod) is what a zoomed-out, collapsed or searched frame reads
    // instead of the slices: a frame asks, per pixel column edge t, for the first slice that ends
    // after t, its start, duration and colour, and (density strips) the work time before it. On
    // the slices themselves each such question is a binary search over every end of the depth and
    // five loads scattered over the track's columns: tens of cache misses per column, ~4 ms of a
    // 1920 px frame of the 1 GB tile on a quiet machine, three times that on a busy one. The Lod
    // answers each from a power-of-two time bucket (one load: the first slice of the bucket) and a
    // few neighbouring entries of compact per-slice columns (end, duration, colour), the work time
    // from a sample every kBusyEvery buckets, so a frame touches memory in proportion to its
    // pixels, not to the slices in view.
    // The answers are the same numbers, so the picture is the same pixel for pixel.
    struct Lod
    {
        static constexpr std::uint32_t kFarDur = 0xFFFFFFFFu; // dur does not fit: read the track's
        static constexpr std::size_t kSlicesPerBucket = 4;    // on average, over the depth's span
        static constexpr std::size_t kBusyEvery = 4;          // buckets per busy/work sample
        TimeNs t0 = 0;  // bucket b covers [t0 + b * 2^shift, t0 + (b + 1) * 2^shift)
        int shift = -1; // -1: no buckets (an empty depth)
        std::vector<std::uint32_t> first; // [b]: the first slice (depth order) ending after bucket b's start; [B] = n
        std::vector<TimeNs> busy;         // [b / kBusyEvery]: the work time (durations, annotations as 0) of slices [0, first[b])
        std::vector<std::uint32_t> work;  // [b / kBusyEvery]: how many of slices [0, first[b]) are work (not annotations)
        std::vector<std::uint32_t> dur;   // per slice: its duration, kFarDur when >= 2^32 - 1 ns
        std::vector<std::uint8_t> colour; // per slice: int(SliceClass) * Palette::kShades + shade
        std::uint32_t workTotal = 0;
    };
    struct DepthIndex
    {
        std::vector<std::uint32_t> idx; // slice indices in start order
        std::vector<TimeNs> end;        // their ends, contiguous: the searches stay in cache
        Lod lod;

        std::size_t size() const { return idx.size(); }
        // The bucket of t (clamped to the first and the last), and the first slice (depth order)
        // whose end is after t: std::upper_bound over `end`, searched within t's bucket only.
        std::size_t bucketOf(TimeNs t) const
        {
            if (t <= lod.t0 || lod.shift < 0)
                return 0;
            return std::min<std::size_t>(std::size_t((t - lod.t0) >> lod.shift), lod.first.size() - 1);
        }
        std::size_t upper(TimeNs t) const;
        TimeNs durOf(std::size_t k, const Track &trk) const
        {
            const std::uint32_t d = lod.dur[k];
            return d == Lod::kFarDur ? trk.dur[idx[k]] : TimeNs(d);
        }
        TimeNs startOf(std::size_t k, const Track &trk) const { return end[k] - durOf(k, trk); }
        bool isWork(std::size_t k) const { return lod.colour[k] / Palette::kShades != int(SliceClass::Annotation); }
        // Over slices [0, k): their work time and how many are work (DensityStrip's sums), counted
        // from bucket b's sample (any b; the one k was found in costs the fewest loads).
        void sumsBefore(std::size_t k, std::size_t b, const Track &trk, TimeNs *busy, std::uint32_t *work) const;
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
    std::size_t lodBytes() const; // of heapBytes(), the level-of-detail summaries (Lod)

private:
    SliceClassifier m_classifier;
    std::vector<std::vector<DepthIndex>> m_byDepth;
    std::vector<TimeNs> m_maxDur;
    std::vector<Step> m_steps;
    std::vector<MemoryCurve> m_memory;
};

} // namespace lanescope
