// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Kernel launch statistics, Holistic Trace Analysis' get_cuda_kernel_launch_stats
// (hta/analyzers/cuda_kernel_analysis.py): every device activity linked by correlation to a launch
// call, with the call's duration (cpu), the activity's (gpu) and the launch delay = activity
// start - (call start + call duration), clipped at 0.
//
// Where we differ by default (LaunchOptions::hta off): HIP and MTIA copies count too (LaunchSet;
// HTA finds no launch at all on ROCm traces); a call that enqueues several activities (MTIA's
// copies: one dma_request per chunk) is one launch, measured to its first activity, where HTA
// counts every pair — except a graph launch, which is a launch of each of its activities;
// exact times over the analysed steps.
#include "core/analysis/measures/launches/LaunchEvents.h"
#include "core/analysis/measures/queue/QueueLength.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace lanescope::analysis {

constexpr TimeNs kRuntimeOutlierNs = 50'000;      // HTA's runtime_cutoff: a call over 50 µs
constexpr TimeNs kLaunchDelayOutlierNs = 100'000; // HTA's launch_delay_cutoff: a delay over 100 µs
constexpr int kWorstLaunches = 10;

struct Launch
{
    std::uint32_t track = 0, slice = 0;         // the device activity
    std::uint32_t callTrack = 0, callSlice = 0; // the launching call
    TimeNs start = 0;                           // the activity's start (model time)
    TimeNs cpuDur = 0, gpuDur = 0, delay = 0;
    QString name;                               // the activity's (filled for the worst launches)
};

struct LaunchStats
{
    std::int64_t launches = 0;
    // Ours: graph launch calls with an activity inside the window, and the activities they
    // launched (each also one of `launches`, its delay measured from the graph launch call; the
    // call counts once in runtimeOutliers and medianCpuNs, and gpuShorterThanCpu leaves them out).
    std::int64_t graphLaunches = 0, graphKernels = 0;
    std::int64_t gpuShorterThanCpu = 0; // activities that ran shorter than the call that launched them
    std::int64_t runtimeOutliers = 0;   // calls over kRuntimeOutlierNs
    std::int64_t delayOutliers = 0;     // delays over kLaunchDelayOutlierNs
    std::optional<double> medianDelayNs, p95DelayNs; // pandas' linear quantile; unknown without launches
    std::optional<double> medianGpuNs, medianCpuNs;  // for the advice: how small the kernels are
    std::vector<Launch> worst;          // the kWorstLaunches longest delays, longest first
    // Activities that start before their launch call does: the CPU's and the GPU's clocks
    // disagree (skew), so their delay reads 0 (clipped) and says nothing; clockSkewWarnings().
    std::int64_t startBeforeLaunch = 0;
    double gpuShorterPct() const { return launches > 0 ? 100.0 * double(gpuShorterThanCpu) / double(launches) : 0.0; }
};

LaunchStats launchStats(const Trace &trace, const ActivityView &view, const LaunchOptions &options);

// One line for the analysis' warnings where kernels start before their launch (stats and the
// queues' StreamQueue::startBeforeLaunch, naming the stream with the most); empty otherwise.
QStringList clockSkewWarnings(const LaunchStats &stats, const std::vector<StreamQueue> &queues);

} // namespace lanescope::analysis
