// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The slices enclosing one slice of a lane, innermost first: its ancestors by depth
// (Track::depth), found walking back over the sorted starts. Bounded whatever the lane holds: at
// most maxFrames ancestors and maxSteps slices looked at.
#include "core/model/Trace.h"

#include <cstdint>
#include <vector>

namespace lanescope {

inline std::vector<std::uint32_t> enclosingSlices(const Track &trk, std::size_t i, std::size_t maxFrames = 64,
                                                  std::size_t maxSteps = 1'000'000)
{
    std::vector<std::uint32_t> out;
    if (i >= trk.size())
        return out;
    int want = int(trk.depth[i]) - 1;
    const TimeNs end = trk.end(i);
    for (std::size_t j = i, steps = 0; j-- > 0 && want >= 0 && steps < maxSteps && out.size() < maxFrames; ++steps) {
        if (trk.depth[j] != want || trk.end(j) < end)
            continue;
        --want; // the ancestor at this depth; its parent next
        out.push_back(std::uint32_t(j));
    }
    return out;
}

} // namespace lanescope
