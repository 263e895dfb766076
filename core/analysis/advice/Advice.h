// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Advice with evidence: what to change, why the trace says so, where in the trace to look, and
// what the change is worth at most. Each rule stays silent unless the trace shows its problem with
// at least the evidence below (AdviceMinimum), and every share of time it states is measured on the
// union of the intervals it counts (streams idle at the same time count once), so never above 100 %.
#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/analysis/measures/idle_breakdown/IdleBreakdown.h"
#include "core/analysis/measures/launches/LaunchStats.h"
#include "core/analysis/measures/memory/Memory.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/measures/queue/QueueLength.h"
#include "core/analysis/measures/temporal/Temporal.h"

namespace lanescope::analysis {

struct Advice
{
    QString id;       // stable: "fsdp_limit_all_gathers", "allocator_churn", "cpu_bound_launch",
                      // "launch_bound", "dataloader", "queue_starvation", "low_mfu_busy_gpu",
                      // "sync_on_critical_path"
    QString title;    // the change to make
    QString evidence; // the numbers behind it, each share with its denominator
    TimeRange where;  // the clearest instance in the trace (model time)

    // What the fix is worth: the idle time this advice explains (the union of its gaps inside the
    // analysed windows), no more than the critical path spends on what the fix removes where the
    // path is known (AdviceInputs::criticalPath), taken out of every step. An upper bound: once
    // these waits are gone something else may stall instead. projectedStepS <= 0: not projected (no steps, or a rule
    // that explains no idle time); projectedMfuPct <= 0: MFU unknown.
    TimeNs explainedNs = 0;
    double stepS = 0, projectedStepS = 0;
    double mfuPct = 0, projectedMfuPct = 0;
    // Where the arithmetic bound's sentence ("without these waits: step A -> B at most …") begins in
    // evidence, -1 for none: a replay of the fix (replay/AdviceReplay.h) replaces it with its own.
    qsizetype boundTextAt = -1;
    // The projection is a replay of the step with the fix applied (replay/AdviceReplay.h), not the
    // arithmetic bound above: surfaces say "replayed" rather than "at most".
    bool projectionReplayed = false;

    // The gaps this advice counts, for the dock's gap table to list exactly them: every compute
    // stream's gaps of at least kAdviceGapNs (GEMM filter off) of cause gapCause, and where
    // gapCollective is set only those waiting on a collective whose name contains it.
    // gapCount: how many (cited in the evidence); 0 with listsGaps false: the rule counts no gaps.
    bool listsGaps = false;
    GapCause gapCause = GapCause::Other;
    QString gapCollective{};
    int gapCount = 0;
};

// The least evidence each rule needs before it speaks ("per step": times the number of steps
// analysed, at least once). Shares are percent of the analysed time.
namespace AdviceMinimum {
constexpr int kAllGatherWaitsPerStep = 2;      // a wait or two per step (the first layer) is normal
constexpr double kAllGatherSharePct = 5.0;
constexpr int kAllocatorCallsPerStep = 1;      // cudaMalloc and cudaFree each, at least this often ...
constexpr int kAllocatorCallsMin = 2;          // ... and at least this many: a churn is a cycle
constexpr double kAllocatorSharePct = 1.0;     // allocator-caused idle time, or driver-call CPU time
constexpr int kHostWaitsPerStep = 2;           // repeated stalls, not one slow launch
constexpr double kHostWaitSharePct = 10.0;
constexpr double kDataLoaderStallsPerStep = 0.5; // at least every other step
constexpr double kDataLoaderSharePct = 5.0;
constexpr double kLowMfuPct = 40.0;            // MFU below this ...
constexpr double kBusyComputePct = 80.0;       // ... while the GPU computes at least this share
constexpr int kLaunchesPerStep = 100;          // launch_bound: at least this many launches per step ...
constexpr double kShortKernelsPct = 50.0;      // ... most of them shorter on the GPU than their launch call ...
constexpr double kLaunchHostWaitPct = 50.0;    // ... host wait at least half of the streams' idle time ...
constexpr double kLaunchBoundSharePct = 10.0;  // ... and the most-waiting stream's host wait this share
constexpr double kQueueEmptyPct = 20.0;        // queue_starvation: the main stream's queue empty this share ...
constexpr double kQueueMeanBelow = 2.0;        // ... and on average under two operations deep
// Synchronisations on the critical path: what they cost the path (blocked in them, then the path
// until it is back on the GPU, no longer than each call waited) in the step it was measured on, at
// least this long ...
constexpr TimeNs kSyncOnPathMinNs = 1'000'000; // 1 ms
constexpr double kSyncOnPathSharePct = 0.2;     // ... and at least this share of that step
} // namespace AdviceMinimum

struct AdviceInputs
{
    const std::vector<Step> *steps = nullptr; // the steps analysed
    const TemporalBreakdown *temporal = nullptr;
    const MemorySummary *memory = nullptr;
    const MfuResult *mfu = nullptr;
    // Gaps of every compute stream at a fine threshold (kAdviceGapNs), GEMM filter off.
    const std::vector<Gap> *gaps = nullptr;
    // The time the shares are taken of: the analysed steps (their CPU spans, which hold the
    // data-loading waits between the GPU's step boundaries). Empty: the GPU's busy span.
    std::vector<TimeRange> windows;
    // Idle time below kAdviceGapNs where the next launch came after the stream ran dry
    // (hostWaitIntervals), every compute stream's.
    std::vector<TimeRange> hostWaits;
    std::int64_t graphLaunchCalls = 0; // cudaGraphLaunch calls: the step already replays CUDA graphs
    // When the GPU computed (computeIntervals): a gap of one stream while another computes is not
    // lost time, so the idle time each rule explains is counted outside these. Empty: not known.
    std::vector<TimeRange> computeBusy;
    // Launch statistics, the idle breakdown and the queue lengths over the analysed steps (the
    // launch_bound and queue_starvation rules); null: not known.
    const IdleBreakdown *idleBreakdown = nullptr;
    const LaunchStats *launchStats = nullptr;
    const std::vector<StreamQueue> *queueLengths = nullptr;
    // The critical path of one step (CriticalPath.h); nullptr or invalid: not known. Where it is
    // known, no rule explains more of a step than the path spends on what its fix removes (the
    // synchronisations, the data loader, the launches), and its evidence says so.
    const CriticalPath *criticalPath = nullptr;
    // The trace's CPU-side facts (Evidence.h): the names of the path's CPU slices, the data loader's
    // spans. nullptr: the path's parts are not attributed (only its sync part is used).
    const detail::EvidenceIndex *index = nullptr;
};

// The fine gap threshold the advice rules look at: long enough to be a stall, not launch jitter.
constexpr TimeNs kAdviceGapNs = 1'000'000; // 1 ms

// Largest projected gain first (Advice::stepS - projectedStepS), then the advice without a projection.
std::vector<Advice> advise(const AdviceInputs &in);

// Compute idle, measured as the advice measures its shares: the time of the analysed windows
// (AdviceInputs::windows, or the GPU's busy span) during which no GPU computed (outside
// computeBusy), and how much of that lies inside the listed gaps (the table's threshold and
// filter). One figure, computed here, for the dock's header, its breakdown and its advice. It
// differs by definition from TemporalBreakdown::idle (all GPU activity, copies and communication
// included, over the GPU's span).
struct ComputeIdle
{
    TimeNs analysedNs = 0; // the denominator: the analysed steps' CPU spans, or the GPU's busy span
    int steps = 0;         // steps analysed (0: the denominator is the GPU's busy span)
    TimeNs idleNs = 0;
    double idlePct = 0;
    TimeNs inGapsNs = 0;   // of idleNs, inside the listed gaps
    double inGapsPct = 0;  // of the analysed time
    int gaps = 0;          // the listed gaps
};
ComputeIdle computeIdle(const AdviceInputs &in, const std::vector<Gap> &listedGaps);

// Total length of the union of the intervals, clipped to the union of the windows.
TimeNs unionWithin(std::vector<TimeRange> intervals, std::vector<TimeRange> windows);
// The union of `from` less the union of `minus`, as sorted disjoint intervals.
std::vector<TimeRange> subtractIntervals(std::vector<TimeRange> from, std::vector<TimeRange> minus);

} // namespace lanescope::analysis
