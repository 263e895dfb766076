// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The activity summary of a collapsed group: per pixel column, the busy fraction of the group's
// busiest lane (the time its slices cover in that column), so a collapsed process reads "busy here,
// idle there" instead of an empty row. Annotations (ProfilerStep#N, record_function ranges) weigh
// nothing: on a Kineto CPU thread they cover every step and would show it busy throughout. A
// lane's fraction is that of its busiest depth (slices nest, so a depth's cover is within the
// union of the lane's work).
//
// Each column edge asks, per lane and depth, for the first slice ending after it and the work time
// and count before that slice. With the level of detail (the default) the view index's Lod answers
// from the edge's time bucket and a few neighbouring entries (TraceViewIndex::DepthIndex::upper,
// busyBefore, workBefore): a frame costs O(width * lanes * depths), shared by every view. Without
// it (the old path, kept for the benchmark's side-by-side figure): three binary searches over the
// depth's ends and starts and prefix sums of durations and counts, built on first use per track
// and view and kept. Both give the same numbers.
#include "widgets/render/TraceViewIndex.h"

#include <cstdint>
#include <vector>

namespace lanescope {

class DensityStrip
{
public:
    void reset(std::size_t runs) { m_sums.assign(runs, {}); }

    // Per column x of [0, width): -1 where no slice of the tracks touches [origin + x * nsPerPx,
    // origin + (x + 1) * nsPerPx) (absolute ns), else the largest busy fraction of one track, in
    // [0, 1] (an instant counts as touching with 0 busy time; annotations do not count).
    std::vector<float> columns(int run, const Trace &trace, const TraceViewIndex &index, const std::vector<std::uint32_t> &tracks,
                               double origin, double nsPerPx, int width, bool levelOfDetail = true);

private:
    struct DepthSums
    {
        std::vector<TimeNs> busy;         // [k]: durations of the first k slices, annotations as 0
        std::vector<std::uint32_t> count; // [k]: how many of the first k are not annotations
    };
    const std::vector<DepthSums> &sums(int run, const Trace &trace, const TraceViewIndex &index, std::uint32_t track);
    std::vector<std::vector<std::vector<DepthSums>>> m_sums; // [run][track][depth], empty until used
};

} // namespace lanescope
