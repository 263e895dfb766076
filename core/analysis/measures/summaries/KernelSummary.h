// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the GPU time goes, per kernel name: what Nsight Systems' "CUDA GPU Kernel Summary" and the
// TensorBoard profiler plugin's Kernel view list. Every GPU activity (kernels, copies, memsets) in
// the window, grouped by its name (template arguments folded on request, as the comparison's
// differences fold them): calls, total, mean, median, min, max, share of the GPU time in the window,
// the streams it ran on and its class. A pure function of a Trace.
#include "core/analysis/run/KernelClass.h"
#include "core/analysis/run/Steps.h"

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
    std::uint32_t longestTrack = 0, longestSlice = 0; // the longest call (the first of equals)
};

// How a kernel was launched, from its args (CUPTI's grid, block, registers per thread, shared
// memory); fields the trace does not carry stay unset (-1 / empty).
struct KernelLaunchShape
{
    std::vector<std::int64_t> grid, block;
    std::int64_t registersPerThread = -1;
    std::int64_t sharedMemoryBytes = -1;
    bool any() const { return !grid.empty() || !block.empty() || registersPerThread >= 0 || sharedMemoryBytes >= 0; }
};
// Read from the file (one object: a few ms for a .json.gz); nothing when it cannot be read.
KernelLaunchShape kernelLaunchShape(const Trace &trace, std::uint32_t track, std::uint32_t slice);
// The launch shape of each row's longest call, read in file order (one pass over a .json.gz).
std::vector<KernelLaunchShape> kernelLaunchShapes(const Trace &trace, const std::vector<KernelSummaryRow> &rows);
// "grid 128×1×1, block 256×1×1, 96 registers/thread, 85.5 KiB shared"; empty for none.
QString launchShapeText(const KernelLaunchShape &shape);

struct KernelSummaryOptions
{
    TimeRange window;         // empty: the whole trace; else activities that start in it
    bool foldTemplates = false;
};

// Largest total first (then by name).
std::vector<KernelSummaryRow> kernelSummary(const Trace &trace, const KernelSummaryOptions &options = {});

} // namespace lanescope::analysis
