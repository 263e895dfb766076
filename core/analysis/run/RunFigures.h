// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One run's figures: every number a user reads about a run (step time, tokens/s, TFLOPS, MFU, the
// GPU breakdown, overlap, exposed communication, the listed gaps by cause, memory peaks), computed
// once by analyze() for one set of options, with the scope each was measured over as data. The
// analysis dock, the MFU panel, the advice, the comparison's metrics and waterfall, the exported
// headline, the report and `lanescope-cli analyze/compare/export --json` read these values; none
// computes its own. FigureText.h spells them, one way for every surface.
#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/analysis/run/Steps.h"
#include "core/analysis/measures/temporal/Temporal.h"

#include <QString>

#include <array>
#include <map>
#include <optional>
#include <string>

namespace lanescope::analysis {

// What the figures were measured over.
struct FigureScope
{
    TimeRange window;      // the analysed window (model time); empty: the whole trace
    int step = -1;         // >= 0: ProfilerStep#step alone (window is its GPU span)
    int stepsAnalysed = 0; // ProfilerSteps inside what was analysed
    int stepsMeasured = 0; // those the step time is the median of (measuredSteps: complete ones)
    TimeNs gapThresholdNs = 0;          // the listed gaps: at least this long ...
    GapKernels gapKernels = GapKernels::Gemm; // ... between these kernels
    GpuTimeDefinition definition = GpuTimeDefinition::Lanescope;
};

struct RunFigures
{
    FigureScope scope;
    std::optional<double> stepTimeNs; // median of the measured steps (exact to half a nanosecond)
    std::optional<double> tokensPerSPerGpu, achievedTflops, mfuPct; // need the MFU inputs
    std::optional<double> samplesPerSPerGpu; // samples (images) per step given instead of tokens: no MFU
    double peakTflops = 0;
    double idlePct = 0, computePct = 0, nonComputePct = 0, commCompOverlapPct = 0; // all-GPU, HTA's
    // The analysis dock's lead figure (AnalysisResult::computeIdle): the analysed time in which no
    // compute stream computes. Unknown without GPU activity.
    std::optional<double> computeIdlePct;
    TimeNs exposedCommNs = 0; // communication not overlapped by computation (HTA's merged intervals)
    // The listed gaps (scope.gapThresholdNs and scope.gapKernels), in total and by cause (index:
    // GapCause).
    std::int64_t gapCount = 0;
    TimeNs gapTotalNs = 0;
    std::int64_t gapCountByCause[6] = {};
    TimeNs gapTotalByCause[6] = {};
    std::optional<double> peakAllocatedBytes, peakReservedBytes;
    std::int64_t mallocCalls = 0, freeCalls = 0;
    std::int64_t kernelCount = 0; // GPU activities (kernels, copies, memsets) starting in the window
    // Why the GPU waits on the CPU (AnalysisResult::idleBreakdown, launchStats): host wait as a
    // share of every stream's idle time, the launches and their median launch delay.
    std::optional<double> hostWaitSharePct;
    std::int64_t launches = 0;
    std::optional<double> launchDelayMedianNs;
    // The critical path of one step (AnalysisResult::criticalPath): its step and its parts (index:
    // PathPart), which add up to the step's length. Unknown without steps.
    QString criticalPathStep;
    std::optional<std::array<TimeNs, kPathParts>> criticalPathNs;
    // The figures a measure contributes (Measure.h, MeasureFigure), by figure key, in their base
    // unit; a key that is absent is unknown for this run.
    std::map<std::string, double> measureFigures;
};

struct AnalysisResult;
struct AnalysisOptions;
// The figures of a finished analysis (analyze() calls it; exposed for tests).
RunFigures runFigures(const Trace &trace, const AnalysisResult &result, const AnalysisOptions &options,
                      int stepsAnalysed, const std::vector<Step> &measured);

} // namespace lanescope::analysis
