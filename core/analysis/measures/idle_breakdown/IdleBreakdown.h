// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Why a stream sat idle, gap by gap, in Holistic Trace Analysis' three categories
// (hta/analyzers/breakdown_analysis.py, _analyze_idle_time_for_stream): the gap before an activity
// on a stream is
//  - host wait when the call that launched the activity started after the stream's previous work
//    ended: the CPU did not enqueue fast enough;
//  - else kernel wait when the gap is shorter than kKernelWaitNs: back-to-back launch overhead;
//  - else other (waiting on another stream's event, a collective, a synchronisation...).
// HTA's docstring gives the 30 in ns; its code compares it with the trace's microseconds, so 30 µs.
// Our gap causes (Gaps.h) split "other" further: a comm_wait gap is "other" here.
//
// Where we differ by default (LaunchOptions::hta off): the analysed steps only; exact times; a gap
// runs from the latest end of everything before it on the stream (HTA subtracts the previous
// row's end, so overlapping copies on one stream give negative idle time that HTA sums in).
#include "core/analysis/measures/launches/LaunchEvents.h"

#include <optional>

namespace lanescope::analysis {

constexpr TimeNs kKernelWaitNs = 30'000;

struct StreamIdle
{
    int device = -1;            // -1 with hta (HTA groups by stream number)
    std::int64_t stream = -1;
    bool computes = false;      // the stream runs computation kernels (StreamActivities::computes)
    TimeNs idle = 0, hostWait = 0, kernelWait = 0, other = 0; // idle = the three summed
    std::int64_t gaps = 0;      // gaps counted (every activity after the stream's first)
    double sharePct(TimeNs part) const { return idle != 0 ? 100.0 * double(part) / double(idle) : 0.0; }
};

struct IdleBreakdown
{
    std::vector<StreamIdle> streams;
    TimeNs idle = 0, hostWait = 0;               // every stream's, summed
    TimeNs computeIdle = 0, computeHostWait = 0; // the compute streams' (StreamIdle::computes), summed
    // The headline figure (RunFigures, the Metrics table, the advice): host wait as a share of the
    // compute streams' idle time — an NCCL stream idles between collectives waiting for the host by
    // design. Unknown (nullopt) without compute-stream idle time.
    std::optional<double> hostWaitSharePct() const
    {
        return computeIdle > 0 ? std::optional<double>(100.0 * double(computeHostWait) / double(computeIdle)) : std::nullopt;
    }
};

IdleBreakdown idleBreakdown(const ActivityView &view, const LaunchOptions &options);

} // namespace lanescope::analysis
