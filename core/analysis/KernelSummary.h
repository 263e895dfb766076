#pragma once
// Where the GPU time goes, per kernel name: what Nsight Systems' "CUDA GPU Kernel Summary" and the
// TensorBoard profiler plugin's Kernel view list. Every GPU activity (kernels, copies, memsets) in
// the window, grouped by its name (template arguments folded on request, as the comparison's
// differences fold them): calls, total, mean, median, min, max, share of the GPU time in the window,
// the streams it ran on and its class. A pure function of a Trace.
#include "core/analysis/KernelClass.h"
#include "core/analysis/Steps.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

struct KernelSummaryRow
{
    QString name;        // as the trace spells it (folded: normalizedName(name, true))
    KernelClass cls = KernelClass::OtherCompute;
    std::int64_t count = 0;
    TimeNs totalNs = 0, minNs = 0, maxNs = 0;
    double meanNs = 0, medianNs = 0; // median: of the calls' durations (the mean of the two middle ones for an even count)
    double gpuTimePct = 0;           // totalNs over every row's totalNs: the rows add up to 100
    std::vector<std::int64_t> streams; // the streams it ran on (Track::streamId), ascending
};

struct KernelSummaryOptions
{
    TimeRange window;         // empty: the whole trace; else activities that start in it
    bool foldTemplates = false;
};

// Largest total first (then by name).
std::vector<KernelSummaryRow> kernelSummary(const Trace &trace, const KernelSummaryOptions &options = {});

} // namespace lanescope::analysis
