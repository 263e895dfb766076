// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/analysis: every device activity with the call that launched it, per stream —
// the input of the idle breakdown, the launch statistics and the queue length. Holistic Trace
// Analysis' definitions (the hta flag) and ours differ in which launch calls count, in the time
// resolution and in which activities are looked at; LaunchSet and ActivityView say how.
#include "core/analysis/run/Steps.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace lanescope::analysis {

namespace detail {
class EvidenceIndex;
}

// Which figures a runtime call's name counts for (bits).
enum LaunchSet : std::uint8_t {
    // HTA's get_cuda_kernel_launch_stats: cudaLaunchKernel, cudaLaunchKernelExC, cudaMemcpyAsync,
    // cudaMemsetAsync and MTIA's "runFunction - job_prep_and_submit_for_execution".
    kHtaLaunchStats = 1,
    // HTA's queue length (TraceSymbolTable.get_runtime_launch_events_mask): the above, the driver's
    // cuLaunchKernel(Ex) and five HIP calls — but not hipModuleLaunchKernel.
    kHtaQueue = 2,
    // Ours: every call that enqueues work on a stream — CUDA runtime and driver, HIP (ROCm) and
    // MTIA's runtime (runFunction and its enqueueCommand memcpy*Async copies).
    kLanescopeLaunch = 4,
    // A graph launch (cudaGraphLaunch, cuGraphLaunch, hipGraphLaunch): one call enqueues every
    // kernel, copy and memset of the graph, each carrying the call's correlation id. Ours counts
    // each of them as a launch of that call; HTA looks for none of these calls.
    kGraphLaunch = 8,
};
std::uint8_t launchSetsOf(std::string_view callName);

struct LaunchOptions
{
    // HTA's definitions exactly: its launch sets, whole microseconds where the file has fractions,
    // its last-ProfilerStep rule, every activity of the trace; time intervals as HTA subtracts them.
    bool hta = false;
    bool htaCompatible = true; // with hta: rounding and the last-step rule (off when a window is set)
    // Only activities starting inside (model time); empty: all. Ours: the analysed steps.
    TimeRange window;
};

// One device activity (kernel, copy, memset; MTIA's ccp events) and the call that launched it.
struct LaunchedActivity
{
    TimeNs start = 0, end = 0;            // the activity (whole µs when rounded; end may precede start then)
    TimeNs callStart = -1, callEnd = -1;  // its launching call; -1: none linked
    std::uint32_t track = 0, slice = 0;   // the activity
    std::uint32_t callTrack = 0, callSlice = 0;
    std::uint8_t sets = 0;                // LaunchSet bits of the call's name; 0 without a call
    bool hasCall() const { return callStart >= 0; }
};

struct StreamActivities
{
    int device = -1;         // -1 with hta: HTA groups by the stream number alone
    std::int64_t stream = -1;
    bool computes = false;               // runs computation kernels (not only NCCL, copies, memsets)
    // With a window, only the activities that end inside it or later and start before its end; the
    // stream's work before them ended by endBefore (hasBefore: there was some).
    bool hasBefore = false;
    TimeNs endBefore = 0;
    std::vector<LaunchedActivity> items; // by start (stable)
};

struct ActivityView
{
    std::vector<StreamActivities> streams; // by device, then stream
    bool rounding = false;                 // whole microseconds, as HTA reads fractional timestamps
    bool lastStepExcluded = false;         // HTA's rule: activities launched from the last step are left out
};

ActivityView launchedActivities(const detail::EvidenceIndex &ix, const LaunchOptions &options);

// Whether any timed event of the trace has a fractional microsecond (pandas then reads float64
// columns and HTA rounds every start up and every end down).
bool anyFractionalMicrosecond(const Trace &trace);

// The window the default figures cover: `range` if set, else the analysed steps' GPU spans from
// the first one's start to the last one's end, else (no steps) the whole trace (empty).
TimeRange launchWindow(TimeRange range, const std::vector<Step> &measured);

// pandas' Series.quantile (linear interpolation) of ascending values; q in [0, 1].
double linearQuantile(const std::vector<TimeNs> &sorted, double q);
// The same of values in any order, by selection (reorders them; linear time).
double selectQuantile(std::vector<TimeNs> &values, double q);

} // namespace lanescope::analysis
