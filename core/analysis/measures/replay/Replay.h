// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Replaying a step's dependency graph (ReplayGraph.h) with fixes applied (Fixes.h): every node
// starts at the latest of its predecessors' times plus the edge's offset, each offset as the
// trace measured it unless a fix changes it:
//
//   dataloader              the CPU time inside data-loader spans is 0 (the batch is ready when asked);
//   sync_on_critical_path   blocking calls do not wait for the device (their own few µs remain),
//                           but for FSDP's rate limiter (fsdp_limit_all_gathers' to remove);
//   allocator_churn         cudaMalloc / cudaFree cost nothing and do not wait for the device;
//   launch_bound, cpu_bound_launch
//                           launches as with CUDA graphs: a launch call costs kGraphLaunchNs and the
//                           CPU time between two launches is 0 (where under kLaunchGapMaxNs);
//   gemm_faster:X, comm_faster:X
//                           GEMM / collective activities take X % less time (a collective's
//                           duration on one rank includes its wait for the peers: kept otherwise);
//   fsdp_limit_all_gathers  a blocking call that holds back an AllGather waits for what the
//                           previous such call waited for (one unit more gathered in flight); the
//                           peak memory rises by one AllGather's output (the step's median).
//
// The unchanged replay reproduces the measured step: the graph's offsets are measured so that it
// does (ReplayGraph.h), and tests check it on every real trace with steps.
#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/measures/replay/Fixes.h"
#include "core/analysis/measures/replay/ReplayGraph.h"

#include <array>

namespace lanescope::analysis::replay {

// A launch under CUDA graphs: what a kernel node costs the CPU (a cudaGraphLaunch of a few hundred
// kernels takes some hundreds of µs; about 2 µs a kernel on current drivers).
constexpr TimeNs kGraphLaunchNs = 2'000;
// CPU time between two launches shorter than this is launch overhead a graph removes (the Python
// and dispatcher work of the ops); longer is other work (HTA's kernel-kernel delay threshold,
// 1.5 ms: past it the GPU waits on something else than the next launch), kept.
constexpr TimeNs kLaunchGapMaxNs = 1'500'000;

// One replay of the graph.
struct ReplayRun
{
    TimeNs projectedNs = 0;                  // the window's end less its start, replayed
    std::array<TimeNs, kPathParts> partsNs{}; // the replayed critical path, by part (sums to projectedNs)
    std::vector<TimeNs> nodeTime;            // every node's replayed time
};

ReplayRun simulate(const ReplayGraph &graph, const FixSet &fixes);

// What one fix (or the combination) projects.
struct FixProjection
{
    QString id;                  // the fix id, or the ids joined by "," for the combination
    TimeNs projectedNs = 0;
    double projectedMfuPct = -1; // measured MFU x step / projected step; -1 when MFU is unknown
    std::int64_t projectedPeakBytes = -1; // -1 unknown
    // What the replayed critical path lost by part, scaled to add up to the replayed gain at most.
    std::array<TimeNs, kPathParts> removedPartsNs{};
    TimeNs gainNs = 0; // the measured step less projectedNs
};

// Where a device activity would run under the combined fixes (a ghost of the replayed step).
struct ProjectedActivity
{
    std::uint32_t track = 0, slice = 0;
    TimeNs start = 0, end = 0;           // measured
    TimeNs projectedStart = 0, projectedEnd = 0;
};

struct WhatIf
{
    bool valid = false;
    QString error;
    Step step;
    TimeNs stepNs = 0;     // measured
    TimeNs replayedNs = 0; // the unchanged replay
    std::array<TimeNs, kPathParts> partsNs{}; // the unchanged replay's critical path
    std::int64_t peakBytes = -1;
    std::vector<FixProjection> fixes; // one per fix, in the order given
    FixProjection combined;
    std::vector<ProjectedActivity> activities; // under the combination
    QStringList warnings;
    std::size_t events = 0;
};

// measuredMfuPct <= 0: MFU unknown.
WhatIf whatIf(const ReplayGraph &graph, const std::vector<Fix> &fixes, double measuredMfuPct);

} // namespace lanescope::analysis::replay
