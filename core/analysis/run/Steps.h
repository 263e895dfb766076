// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Training steps from the profiler's ProfilerStep#N spans, CPU side and GPU side.
#include "core/model/Trace.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

// A closed-open window of trace time (model nanoseconds); empty() means "the whole trace".
struct TimeRange
{
    TimeNs from = 0, to = 0;
    bool empty() const { return to <= from; }
    bool contains(TimeNs t) const { return t >= from && t < to; }
};

struct Step
{
    QString name;      // "ProfilerStep#4"
    int number = -1;   // 4
    TimeNs start = 0;  // CPU span (user_annotation / Operator "ProfilerStep#N")
    TimeNs dur = 0;
    // GPU span: the gpu_user_annotation of the same name where Kineto wrote one, else from the first
    // to the last GPU activity launched from inside the CPU span. gpuDur < 0: nothing ran on the GPU.
    TimeNs gpuStart = 0;
    TimeNs gpuDur = -1;
    std::uint32_t track = 0, slice = 0; // the CPU slice
    TimeNs end() const { return start + dur; }
    TimeRange gpuRange() const { return gpuDur < 0 ? TimeRange{start, start + dur} : TimeRange{gpuStart, gpuStart + gpuDur}; }
};

// Sorted by CPU start. Several CPU slices of one name (nested re-annotation) count once.
std::vector<Step> findSteps(const Trace &trace);

// The step-time rule, one for every figure that divides by a step (step time, tokens/s, MFU, the
// advice's projections, the comparison's metrics and waterfall, the exported headline):
//
// Complete steps. A ProfilerStep is complete unless it is the last of two or more: Kineto closes
// the last span at the profiler's stop, not at the next step (resnet50-dataloader-optimized's
// ProfilerStep#21 runs 206 ms against 118-127 ms for #17-#20, teardown included), and Holistic
// Trace Analysis leaves the same step out of its breakdown. A trace with one step has one
// complete step.
std::vector<Step> completeSteps(const std::vector<Step> &steps);

// The steps a step time is measured on: those of `analysed` (every step, one step, or the steps
// inside a window) that are complete in the trace (`all`); where that leaves none (the trace's
// last step analysed alone), `analysed` itself, since the user asked for that step.
std::vector<Step> measuredSteps(const std::vector<Step> &all, const std::vector<Step> &analysed);

// Step time: the median CPU duration of the steps, in ns (for an even count the mean of the two
// middle ones, so exact to half a nanosecond); 0 without steps.
double medianStepNs(const std::vector<Step> &steps);
// The median of durations sorted ascending, by the same rule; 0 for none.
double medianOfSorted(const std::vector<TimeNs> &sorted);

} // namespace lanescope::analysis
