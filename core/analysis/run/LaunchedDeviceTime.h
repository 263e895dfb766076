// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The device time each CPU slice launched: for every runtime call (cudaLaunchKernel, hipMemcpyAsync,
// cudaGraphLaunch, ...) the summed durations of the GPU activities linked to it by a launch flow
// (ac2g) or, where Kineto wrote none, by args.correlation. A GPU activity counts once, for the
// last launch linked to it (as EvidenceIndex::launchOf), so the totals add up to the GPU time of
// the activities that have a launch. Shared by the operator and module summaries.
#include "core/model/Trace.h"

#include <vector>

namespace lanescope::analysis::detail {

class LaunchedDeviceTime
{
public:
    explicit LaunchedDeviceTime(const Trace &trace);
    // Device ns launched by slice `slice` of CPU track `track`; 0 for anything else.
    TimeNs of(std::size_t track, std::size_t slice) const
    {
        return track < m_ns.size() && !m_ns[track].empty() ? m_ns[track][slice] : 0;
    }
    bool anyOn(std::size_t track) const { return track < m_ns.size() && !m_ns[track].empty(); }

private:
    std::vector<std::vector<TimeNs>> m_ns; // [track][slice]; empty for tracks that launched nothing
};

} // namespace lanescope::analysis::detail
