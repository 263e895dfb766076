#pragma once
// The activity summary of a collapsed group: per pixel column, the busy fraction of the group's
// busiest lane (the time its top-level slices cover in that column), so a collapsed process reads
// "busy here, idle there" instead of an empty row.
//
// Each column costs one binary search per lane over the view index's depth-0 ends and a prefix sum
// of their durations (B(t), the busy time before t, is a lookup), so a frame is O(width * lanes *
// log n) whatever the trace's size. The prefix sums are built on first use per track and kept.
#include "render/TraceViewIndex.h"

#include <cstdint>
#include <vector>

namespace lanescope {

class DensityStrip
{
public:
    void reset(std::size_t runs) { m_prefix.assign(runs, {}); }

    // Per column x of [0, width): -1 where no slice of the tracks touches [origin + x * nsPerPx,
    // origin + (x + 1) * nsPerPx) (absolute ns), else the largest busy fraction of one track, in
    // [0, 1] (an instant counts as touching with 0 busy time).
    std::vector<float> columns(int run, const Trace &trace, const TraceViewIndex &index, const std::vector<std::uint32_t> &tracks,
                               double origin, double nsPerPx, int width);

private:
    const std::vector<TimeNs> &prefix(int run, const Trace &trace, const TraceViewIndex &index, std::uint32_t track);
    std::vector<std::vector<std::vector<TimeNs>>> m_prefix; // [run][track]: sum of the first k depth-0 durations
};

} // namespace lanescope
