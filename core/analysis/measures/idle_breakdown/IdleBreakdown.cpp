// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/idle_breakdown/IdleBreakdown.h"

#include <algorithm>

namespace lanescope::analysis {

IdleBreakdown idleBreakdown(const ActivityView &view, const LaunchOptions &o)
{
    IdleBreakdown r;
    const TimeRange w = o.window;
    for (const StreamActivities &s : view.streams) {
        StreamIdle si;
        si.device = s.device;
        si.stream = s.stream;
        si.computes = s.computes;
        bool any = s.hasBefore;
        TimeNs prevEnd = s.endBefore; // HTA: the previous row's end; ours: the latest end so far
        for (const LaunchedActivity &a : s.items) {
            if (!any) {
                any = true;
                prevEnd = a.end;
                continue;
            }
            const bool counted = w.empty() || w.contains(a.start);
            if (counted) {
                // Inside a window, the gap before its first activity counts from the window's start.
                const TimeNs from = w.empty() ? prevEnd : std::max(prevEnd, w.from);
                const TimeNs gap = o.hta ? a.start - from : std::max<TimeNs>(0, a.start - from);
                ++si.gaps;
                if (a.hasCall() && a.callStart > prevEnd)
                    si.hostWait += gap;
                else if (a.start - prevEnd < kKernelWaitNs)
                    si.kernelWait += gap;
                else
                    si.other += gap;
            }
            prevEnd = o.hta ? a.end : std::max(prevEnd, a.end);
        }
        if (!any || (!o.hta && si.gaps == 0)) // HTA lists a stream of one activity, with no idle time
            continue;
        si.idle = si.hostWait + si.kernelWait + si.other;
        r.idle += si.idle;
        r.hostWait += si.hostWait;
        if (si.computes) {
            r.computeIdle += si.idle;
            r.computeHostWait += si.hostWait;
        }
        r.streams.push_back(si);
    }
    return r;
}

} // namespace lanescope::analysis
