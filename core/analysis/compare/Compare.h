// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Comparing runs: a baseline and one or more runs after a change, each an immutable
// Trace with its AnalysisResult. Pure functions: step alignment, the metrics table and its deltas
// against run 0, the step-time waterfall, kernel and CPU-operator differences by name, and the
// warnings that say when runs are not comparable as they stand. `lanescope-cli compare` prints
// the result; the comparison view shows it.
//
// Complete steps and the step time: analysis/Steps.h (completeSteps, medianStepNs), the rule every
// figure follows.
//
// The waterfall. Each run's step time is split into parts that add up to it exactly, and a part's
// delta is the run's part less the baseline's, so the parts' deltas add up to the step-time delta
// exactly. The split is of the median step(s) (the one or two complete steps the median is taken
// from; with two, the mean of their splits): the step's CPU window [start, start + dur) is cut
// into disjoint time, each instant given to the first that holds:
//   1. "compute": some computation kernel runs (HTA's computation kernels, any GPU of the trace);
//   2. a gap cause ("comm_wait", "dataloader", "allocator", "sync", "host_launch", "other", in that
//      order where gaps of two streams overlap): a compute stream sits in a gap of at least
//      waterfallGapNs (1 ms, the advice's threshold, every kernel kind) with that cause;
//   3. "communication_memory": some other GPU activity runs (NCCL, copies, memsets);
//   4. "idle_short": nothing runs and no gap of 1 ms or more explains it (launch jitter, the
//      edges of the window).
// Every figure is an integer number of nanoseconds, or half of one with two median steps, held
// in a double: such values add and subtract exactly, so the sums above hold to the last bit.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/compare/CompareHardware.h"
#include "core/analysis/text/Names.h" // normalizedName, which the differences group by

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace lanescope::analysis {

enum class AlignMode : std::uint8_t { Step, Start };

struct AlignOptions
{
    AlignMode mode = AlignMode::Step;
    int position = 0;      // which complete step the runs are aligned on (0: the first)
    int baselineStep = -1; // >= 0: ProfilerStep#N of run 0; its position among run 0's complete steps wins
};

// Where one run sits on the shared axis.
struct RunAlignment
{
    int stepIndex = -1;    // index into the run's steps (AnalysisResult::steps); -1: trace start
    int stepNumber = -1;   // that step's ProfilerStep number (runs number their steps differently)
    TimeNs anchor = 0;     // model time the run is aligned on: the step's CPU start, or minTs
    // Added to the run's times relative to its first event (SessionRun::offsetNs): the anchors of
    // every run then fall on the same axis time, run 0's.
    TimeNs offsetNs = 0;
    bool fellBack = false; // asked to align on a step it does not have: aligned on its start
};

struct Alignment
{
    AlignMode mode = AlignMode::Step;
    int position = -1; // complete-step position used; -1 when aligned on trace start
    std::vector<RunAlignment> runs;
    QStringList warnings; // a run without that many complete steps: aligned on its start instead
    QString error;        // baselineStep names no complete step of run 0
};

// By position among complete steps: step k of one run is step k of another, whatever the numbers.
Alignment alignRuns(const std::vector<const Trace *> &traces, const std::vector<const std::vector<Step> *> &steps,
                    const AlignOptions &options = {});

// A folder of rank traces as one run of a comparison (a baseline folder against an
// optimized folder). The run's timeline, metrics, waterfall and differences are those of one of its ranks
// (analysis/JobRun.h picks it: rank 0 unless the user names another); these are the job's own
// figures beside them.
struct JobRunFigures
{
    int ranks = 0;
    int worldSize = -1;
    int rank = -1;                             // the rank the run is compared through
    int slowestRank = -1;                      // the job's slowest rank (longest median step)
    std::optional<double> jobStepTimeNs;       // median job step: the first rank's start to the last rank's end
    std::optional<double> stragglerWaitPerStepNs; // per step, the sum of every rank's wait on the last to arrive
    TimeNs jobGapTotalNs = 0;                  // every rank's listed gaps
    std::int64_t jobGapCount = 0;
};

struct CompareRun
{
    QString label; // "baseline"
    QString path;
    const Trace *trace = nullptr;
    const AnalysisResult *analysis = nullptr; // of the whole trace, or of the aligned step (scopeToStep)
    std::optional<JobRunFigures> job = std::nullopt; // set for a folder of rank traces
};

struct CompareOptions
{
    AlignOptions align;
    bool scopeToStep = false;   // only the aligned step of each run (needs align.mode == Step)
    bool foldTemplates = false; // for the kernel and operator differences
    TimeNs waterfallGapNs = kAdviceGapNs;
};

// One run of the comparison: who it is, and its figures as its analysis measured them
// (AnalysisResult::figures, RunFigures.h: the comparison computes none of its own). std::nullopt:
// unknown (no MFU inputs, no memory events, no steps).
struct RunMetrics : RunFigures
{
    QString label, path, gpu;
    int worldSize = -1;
    int steps = 0, completeSteps = 0;
    std::optional<JobRunFigures> job; // a folder of rank traces (CompareRun::job)
};

// One figure of the metrics table against run 0. pct: 100 x delta / |baseline|, unknown where the
// baseline is 0 or unknown.
struct MetricDelta
{
    const char *key = "";      // "step_time_us": the JSON key (docs/architecture.md), also the unit
    bool higherIsBetter = false;
    std::optional<double> value, delta, pct;
};

struct DeltaRow
{
    QString label;
    std::vector<MetricDelta> metrics; // the contract's keys first, in its order, then the others
};

// The table's figures of one run (the figure catalogue's InComparison figures, FigureCatalogue.h),
// in the order DeltaRow uses (value only). withJob: a comparison
// with a folder among its runs; the job's figures ("job_step_time_us", "job_gap_total_us",
// "straggler_wait_us_per_step") follow, unknown for a run that is one trace.
std::vector<MetricDelta> metricValues(const RunMetrics &m, bool withJob = false);
// Whether any run of the comparison is a folder of rank traces.
bool hasJobRuns(const std::vector<RunMetrics> &runs);

struct WaterfallPart
{
    const char *name = ""; // "compute", "comm_wait", ..., "communication_memory", "idle_short"
    double deltaNs = 0;    // run's part less the baseline's
    // What the baseline's replay projected for the fix of this cause (waterfallFixOf): the
    // baseline's advice of that fix, its projected step less its step (<= 0), and the fix's id.
    // Unset where the part has no fix or the baseline shows no such advice (its replay gained
    // under 2 % of the step, or the rule did not speak).
    std::optional<double> projectedDeltaNs;
    QString projectedBy;
};

// The advice ids whose fix removes a waterfall part's time (a gap cause), first that the baseline
// shows wins: "comm_wait" -> fsdp_limit_all_gathers, "host_launch" -> launch_bound or
// cpu_bound_launch, "allocator" -> allocator_churn, "sync" -> sync_on_critical_path,
// "dataloader" -> dataloader. Empty for the other parts.
QStringList waterfallFixesOf(const char *partName);

struct Waterfall
{
    QString label;
    double fromNs = 0, toNs = 0; // the baseline's and the run's step time
    std::vector<WaterfallPart> parts; // sum(parts.deltaNs) == toNs - fromNs, exactly
};

// A run's step split into the waterfall's parts (names as WaterfallPart), summing to stepNs.
struct StepSplit
{
    double stepNs = 0;
    std::vector<std::pair<const char *, double>> parts;
};

// Count and total time per normalised name in each run; delta against run 0.
struct NameDiffRow
{
    QString name;
    std::vector<std::int64_t> count;
    std::vector<TimeNs> totalNs;
    std::vector<TimeNs> deltaNs;              // totalNs[i] - totalNs[0]
    // totalNs over the run's ProfilerSteps (1 with scopeToStep): comparable where the runs
    // recorded different numbers of steps. Unknown without steps.
    std::vector<std::optional<double>> perStepNs;
    TimeNs impact() const;                    // largest |deltaNs|: the sort key
};

// GEMM gaps by cause as rows of their own ("comm_wait: 195 -> 9, 3.30 s -> 0.20 s").
struct GapDiffRow
{
    GapCause cause = GapCause::Other;
    std::vector<std::int64_t> count;
    std::vector<TimeNs> totalNs, deltaNs;
};

struct ComparisonResult
{
    Alignment alignment;
    std::vector<RunMetrics> runs;
    std::vector<StepSplit> splits;    // per run; empty parts without complete steps
    std::vector<DeltaRow> deltas;     // one per run after the first
    // One per run after the first, where both it and the baseline have a step time and GPU activity.
    std::vector<Waterfall> waterfall;
    std::vector<NameDiffRow> kernels; // every name, largest impact first
    std::vector<NameDiffRow> ops;
    std::vector<GapDiffRow> gaps;     // every cause, in GapCause order
    std::vector<HardwareDiffRow> hardware; // busbw per collective, TFLOPS per op shape (CompareHardware.h)
    QStringList warnings;
    QString error; // alignment failed (a named step that run 0 lacks, a run without the aligned step)
};

ComparisonResult compareRuns(const std::vector<CompareRun> &runs, const CompareOptions &options = {});

// The waterfall split of one run's median step(s); exposed for tests and the comparison view.
StepSplit splitMedianStep(const Trace &trace, const std::vector<Step> &complete, TimeNs gapNs = kAdviceGapNs);

} // namespace lanescope::analysis
