// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The whole analysis of one trace in one call: what `lanescope-cli analyze` prints and the
// analysis dock shows. A pure function of an immutable Trace; safe to run off the UI thread, and
// the result is a plain value to hand across.
#include "core/analysis/advice/Advice.h"
#include "core/analysis/measures/collectives/CollectiveBandwidth.h"
#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/analysis/measures/idle_breakdown/IdleBreakdown.h"
#include "core/analysis/measures/launches/LaunchStats.h"
#include "core/analysis/measures/memory/Memory.h"
#include "core/analysis/measures/memory_owners/MemoryOwners.h"
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/measures/queue/QueueLength.h"
#include "core/analysis/run/RunFigures.h"
#include "core/analysis/measures/source_lines/SourceLines.h"
#include "core/analysis/run/Steps.h"
#include "core/analysis/measures/temporal/Temporal.h"
#include "core/analysis/measures/summaries/TimeSummaries.h"

#include <any>
#include <map>
#include <string>

namespace lanescope::analysis {

struct AnalysisOptions
{
    GapOptions gaps;      // threshold and GEMM filter for the listed gaps
    MfuInputs mfu;        // params and tokens per step; MFU stays invalid without them
    TimeRange range;      // non-empty: analyse only this window (model time) ...
    int step = -1;        // ... or only ProfilerStep#step (its GPU span); overrides range
    // ... or only the instance-th occurrence (0-based) of the annotation (or any CPU slice) named
    // `annotation` (AnalysisRange.h): its GPU span, and its critical path; overrides range.
    QString annotation;
    int instance = 0;
    bool htaCompatible = true;
    // What counts as GPU time in the temporal breakdown and the overlap: ours, or Holistic Trace
    // Analysis' (any event with args.stream; analyze --hta, the dock's "HTA definition").
    GpuTimeDefinition definition = GpuTimeDefinition::Lanescope;
    // The operator summary per (name, input shapes): reads each operator's args from the file
    // (analyze --op-shapes, the dock's "Group by input shape").
    bool opsByInputShapes = false;
};

struct AnalysisResult
{
    std::vector<Step> steps; // all steps of the trace
    TimeRange analysed;      // empty: the whole trace
    TemporalBreakdown temporal;
    std::vector<Gap> gaps;
    MfuResult mfu;
    MemorySummary memory;
    // Who holds the memory (MemoryOwners.h): allocations paired with their frees, by owning op and
    // phase, over the whole trace; its peak is memory's.
    MemoryOwners memoryOwners;
    std::vector<Advice> advice;
    // The critical path of one step (CriticalPath.h): the step analysed alone, else the
    // median-length complete step analysed; the annotation analysed; without a complete step in
    // the analysed window, the window's. Invalid without steps, annotation or window.
    CriticalPath criticalPath;
    // Compute idle as the advice measures it, and its part in the listed gaps (computeIdle()).
    ComputeIdle computeIdle;
    // Why the GPU waits on the CPU (IdleBreakdown.h, LaunchStats.h, QueueLength.h): HTA's
    // definitions with GpuTimeDefinition::Hta, ours (the analysed steps) otherwise.
    IdleBreakdown idleBreakdown;
    LaunchStats launchStats;
    std::vector<StreamQueue> queueLengths;
    // What the figures cannot show, for `analyze --json` "warnings" and the analysis dock: the
    // trace's own warnings (Trace::warnings: truncation, legacy format, unrecognised device work),
    // then the analysis' (no GPU activity in what was analysed).
    QStringList warnings;
    QString error;           // set when the options name a step the trace does not have
    // The figures every surface reads (RunFigures.h), with their scope.
    RunFigures figures;
    // Where the time goes (kernels, operators, modules) in the analysed windows.
    TimeSummaries summaries;
    // Each communication kernel's size and bandwidth in the analysed window.
    CollectiveBandwidth collectives;
    // The model's math per op and shapes (record_shapes), over the analysed steps (or the window
    // without steps): FLOPs, launched GPU time, achieved TFLOPS; and the FLOPs over the steps'
    // time as a measured MFU, beside the 6P estimate (-1: no steps, no peak or no counted op).
    OpsEfficiency opsEfficiency;
    double measuredMfuPct = -1;
    // Every Python frame's calls, CPU time and launched GPU time in the analysed CPU window
    // (SourceLines.h), not folded: myCodeOnly(sourceLines) is the "my code only" view.
    SourceLines sourceLines;
    // The results of measures that have no member above (Measure.h), by the measure's key: a new
    // measure keeps its result here (measureResult<T>() reads it back) rather than growing this
    // struct. The measures above keep their typed members for the surfaces that read them.
    std::map<std::string, std::any> measures;
    AnalysisOptions options; // what it was measured with: whoever holds it can tell whether it serves
};

// Whether `result` measured the whole trace the way `options` asks (sameMeasures, no window, no
// step): a comparison of whole traces reuses such an analysis instead of running it again.
bool servesWholeTrace(const AnalysisResult &result, const AnalysisOptions &options);

AnalysisResult analyze(const Trace &trace, const AnalysisOptions &options = {});

// True when a and b measure the same way (gap threshold and kernels, MFU inputs, GPU-time
// definition), whatever window or step each analyses: the docks that follow the analysis dock's
// options re-run only when this changes.
bool sameMeasures(const AnalysisOptions &a, const AnalysisOptions &b);

} // namespace lanescope::analysis
