// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How well the model's math uses the GPU, per operator and shapes: the FLOPs and bytes of each
// counted call (OpFlops.h, from record_shapes' Input Dims), the GPU time of the kernels it
// launched (LaunchedDeviceTime.h, its nested launches included), and so the achieved TFLOPS, their
// share of the peak of the op's own dtype, and the roofline (Williams et al., 2009): arithmetic
// intensity I = FLOPs / bytes, the attainable rate min(peak, I x HBM bandwidth), the op bound by
// compute where I reaches the ridge point peak / HBM, else by memory, and the achieved rate's share
// of the attainable one. The peaks and the bandwidth are the MFU table's row (Mfu.h) with the
// user's figures. Only the outermost counted op of a nest counts: aten::linear's own
// aten::addmm, aten::matmul's aten::mm, scaled_dot_product_attention's flash kernel op are the
// same FLOPs once. The sum over the window is a measured MFU's numerator, beside the 6P estimate.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

namespace detail {
class LaunchedDeviceTime;
}

// The device's roofs (Mfu.h's GPU table row, the user's figures in place); 0: unknown.
// fp8 / fp4 left at 0 are taken from the table row of the trace's first GPU by opsEfficiency().
struct RooflinePeaks
{
    double bf16Tflops = 0, tf32Tflops = 0, fp32Tflops = 0, fp64Tflops = 0;
    double hbmTBps = 0;
    double fp8Tflops = 0, fp4Tflops = 0;
};
// The compute roof an op of `dtype` runs under: bf16/fp16 the tensor peak; fp32 the FP32 peak (a
// matmul's allow_tf32 is off by default since PyTorch 1.12, so an fp32 GEMM is not on TF32),
// except a convolution's, which cuDNN runs on TF32 by default (torch.backends.cudnn.allow_tf32
// is on) where the GPU has TF32; fp64 the FP64 peak; fp8 and fp4 their tensor peaks (0 where the
// GPU has none). 0 for other dtypes.
double computePeakFor(const RooflinePeaks &peaks, const QString &dtype, bool convolution);

enum class Bound : std::uint8_t { Unknown, Compute, Memory };
const char *boundName(Bound b); // "compute", "memory"; nullptr for Unknown

struct OpEfficiencyRow
{
    QString name;
    QString shapes;      // "[[128,4096],[4096,4096],[4096]]"
    QString dtype;       // "bf16", ...; "fp8" / "fp4" also where its GEMM kernels' names say so
    std::int64_t count = 0;
    double flops = 0;    // summed over the calls
    double bytes = -1;   // -1: the dtype's size is not known
    TimeNs gpuNs = 0;    // the calls' launched GPU time
    double achievedTflops = -1; // flops / gpu time; -1 without GPU time
    double pctOfPeak = -1;      // of the dtype's peak (computePeakFor); -1 without one
    double peakTflops = -1;     // the compute roof used; -1 unknown
    double intensity = -1;      // FLOPs per byte; -1 without bytes
    double achievedTBps = -1;   // bytes / gpu time, TB/s; -1 without either
    double attainableTflops = -1; // min(peak, intensity x HBM); -1 without peak, HBM or intensity
    Bound bound = Bound::Unknown; // compute where intensity >= peak / HBM
    double pctOfRoofline = -1;  // achieved / attainable; -1 without either
};

struct OpsEfficiency
{
    std::vector<OpEfficiencyRow> ops; // most FLOPs first
    double totalFlops = 0;
    TimeNs totalGpuNs = 0;
    std::int64_t callsRead = 0;       // calls of counted op names whose args were read
    std::int64_t callsCounted = 0;    // of those, with shapes that fit their op
    RooflinePeaks peaks;              // what the rows were measured against
    QString dominantDtype;            // the dtype with the most FLOPs (the roofline chart's roof)
    double dominantPeakTflops = 0;    // computePeakFor it (convolution or not, by the most FLOPs); 0 unknown
    // The compute roof of every dtype counted whose peak is known, the dominant one first, then by
    // FLOPs; one per distinct peak (fp32 matmuls and TF32 convolutions are two).
    struct Roof
    {
        QString dtype;
        double tflops = 0;
        double flops = 0; // of the rows under it
    };
    std::vector<Roof> roofs;
};

// The counted ops that start in `window` (empty: all); a peak of 0: no shares, no roofline.
// launched: as opSummary's (OpSummary.h). An op whose launched GEMM or attention kernels are named
// as fp8 / fp4 ones (OpFlops.h, lowPrecisionOfKernel) is counted at that dtype's roof, whatever
// its inputs' types.
OpsEfficiency opsEfficiency(const Trace &trace, TimeRange window, const RooflinePeaks &peaks,
                            const detail::LaunchedDeviceTime *launched = nullptr);

} // namespace lanescope::analysis
