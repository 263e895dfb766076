#pragma once
// Training steps from the profiler's ProfilerStep#N spans, CPU side and GPU side.
#include "model/Trace.h"

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

// Mean CPU step duration in seconds (0 without steps): what the MFU calculation divides by.
double meanStepSeconds(const std::vector<Step> &steps);

} // namespace lanescope::analysis
