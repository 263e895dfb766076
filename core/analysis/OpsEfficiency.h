// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How well the model's math uses the GPU, per operator and shapes: the FLOPs and bytes of each
// counted call (OpFlops.h, from record_shapes' Input Dims), the GPU time of the kernels it
// launched (LaunchedDeviceTime.h, its nested launches included), and so the achieved TFLOPS and
// their share of the GPU's dense bf16/fp16 peak (the MFU table's row; other dtypes have no peak
// there yet, so no share). Only the outermost counted op of a nest counts: aten::linear's own
// aten::addmm, aten::matmul's aten::mm, scaled_dot_product_attention's flash kernel op are the
// same FLOPs once. The sum over the window is a measured MFU's numerator, beside the 6P estimate.
#include "core/analysis/Steps.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

namespace detail {
class LaunchedDeviceTime;
}

struct OpEfficiencyRow
{
    QString name;
    QString shapes;      // "[[128,4096],[4096,4096],[4096]]"
    QString dtype;       // "bf16", ...
    std::int64_t count = 0;
    double flops = 0;    // summed over the calls
    double bytes = -1;   // -1: the dtype's size is not known
    TimeNs gpuNs = 0;    // the calls' launched GPU time
    double achievedTflops = -1; // flops / gpu time; -1 without GPU time
    double pctOfPeak = -1;      // of the bf16/fp16 peak; -1 for other dtypes or without a peak
};

struct OpsEfficiency
{
    std::vector<OpEfficiencyRow> ops; // most FLOPs first
    double totalFlops = 0;
    TimeNs totalGpuNs = 0;
    std::int64_t callsRead = 0;       // calls of counted op names whose args were read
    std::int64_t callsCounted = 0;    // of those, with shapes that fit their op
};

// The counted ops that start in `window` (empty: all); peakTflops <= 0: no shares.
// launched: as opSummary's (OpSummary.h).
OpsEfficiency opsEfficiency(const Trace &trace, TimeRange window, double peakTflops,
                            const detail::LaunchedDeviceTime *launched = nullptr);

} // namespace lanescope::analysis
