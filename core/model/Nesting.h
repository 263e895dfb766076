// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The slices enclosing one slice of a lane, innermost first: its ancestors by depth
// (Track::depth), found walking back over the sorted starts. Bounded whatever the lane holds: at
// most maxFrames ancestors and maxSteps slices looked at.
#include "core/model/Trace.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// Calls visit(j) for each ancestor j of slice i, innermost first, until it returns false or
// maxSteps slices have been looked at (a caller that wants one near ancestor stops early).
template <typename Visit>
void forEachEnclosing(const Track &trk, std::size_t i, std::size_t maxSteps, Visit visit)
{
    if (i >= trk.size())
        return;
    int want = int(trk.depth[i]) - 1;
    const TimeNs end = trk.end(i);
    for (std::size_t j = i, steps = 0; j-- > 0 && want >= 0 && steps < maxSteps; ++steps) {
        if (trk.depth[j] != want || trk.end(j) < end)
            continue;
        --want; // the ancestor at this depth; its parent next
        if (!visit(std::uint32_t(j)))
            return;
    }
}

inline std::vector<std::uint32_t> enclosingSlices(const Track &trk, std::size_t i, std::size_t maxFrames = 64,
                                                  std::size_t maxSteps = 1'000'000)
{
    std::vector<std::uint32_t> out;
    forEachEnclosing(trk, i, maxSteps, [&](std::uint32_t j) {
        out.push_back(j);
        return out.size() < maxFrames;
    });
    return out;
}

} // namespace lanescope
