// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Model FLOPs utilisation: step time -> tokens/s per GPU -> achieved TFLOPS (6 x params x tokens/s,
// the usual forward + backward FLOPs of a dense transformer) -> percent of the GPU's dense
// bf16/fp16 tensor peak. Also the FLOPs PyTorch itself counted where ops carry `flops` args.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <string_view>
#include <vector>

namespace lanescope::analysis {

struct GpuPeak
{
    std::string_view match;  // case-insensitive substring of deviceProperties[].name
    double tflops;           // dense (no sparsity) bf16 / fp16 tensor-core peak
    std::string_view source; // the datasheet the number comes from
    // The roofline's other figures (OpsEfficiency.h) and the collectives' link (CollectiveBandwidth.h);
    // 0 where the datasheet gives none. `specSource` names the datasheet they come from.
    double tf32Tflops = 0; // dense TF32 tensor-core peak (0: the GPU has no TF32)
    double fp32Tflops = 0; // FP32 without TF32: NVIDIA's CUDA cores, AMD's FP32 matrix (MFMA) peak
    double fp64Tflops = 0; // FP64, the tensor/matrix figure where the GPU has one (cuBLAS/rocBLAS use it)
    double hbmTBps = 0;    // device memory bandwidth, TB/s (1e12 bytes/s)
    double linkGBps = 0;   // interconnect per direction, GB/s: what nccl-tests' busbw approaches
    std::string_view link;       // "NVLink4", "PCIe Gen4 x16", "Infinity Fabric"
    std::string_view specSource; // the datasheet of tf32 ... linkGBps
    // Dense (no sparsity) FP8 and FP4 tensor peaks, 0 where the GPU has no such tensor cores, and
    // the datasheet they come from. Low-precision GEMMs are measured against them (OpsEfficiency.h).
    double fp8Tflops = 0;
    double fp4Tflops = 0;
    std::string_view lowPrecisionSource = {};
};
// First match wins (more specific spellings first).
const std::vector<GpuPeak> &gpuPeakTable();
const GpuPeak *peakForGpu(const QString &deviceName);

// The figures of a table row a user can replace (Edit > Preferences), in the editor's order.
enum class GpuSpec : int { Bf16Tflops, Fp8Tflops, Fp4Tflops, Tf32Tflops, Fp32Tflops, Fp64Tflops, HbmTBps, LinkGBps };
constexpr int kGpuSpecCount = 8;
double specOf(const GpuPeak &row, GpuSpec spec); // the row's own figure (0: none)

// The figures a user may put in place of a row's: finite, and within a range no GPU leaves by a
// factor of ten (up to 100,000 TFLOPS or GB/s, 1,000 TB/s of memory). `inf` or 1e308 would read
// as an MFU of 0 %, a tiny figure as one of millions; such a figure is ignored (the table's is
// used) wherever overrides are read.
struct FigureRange
{
    double min, max;
};
FigureRange plausibleRange(GpuSpec spec);
bool isPlausibleFigure(GpuSpec spec, double v);

// A user's own figures for one table row (the GUI's Preferences keep them): the row's match and the
// figures to use in place of the row's, each > 0 where the user set it (and only a plausible one
// is used: isPlausibleFigure). Core only reads them; where they are stored is the caller's business.
struct PeakOverride
{
    QString match;           // GpuPeak::match of the row
    double tflops = 0;       // bf16/fp16 (the MFU's peak)
    double tf32Tflops = 0, fp32Tflops = 0, fp64Tflops = 0;
    double hbmTBps = 0, linkGBps = 0;
    double fp8Tflops = 0, fp4Tflops = 0;

    double value(GpuSpec spec) const;
    void setValue(GpuSpec spec, double v);
    bool any() const; // some figure set
    friend bool operator==(const PeakOverride &a, const PeakOverride &b)
    {
        return a.match == b.match && a.tflops == b.tflops && a.tf32Tflops == b.tf32Tflops && a.fp32Tflops == b.fp32Tflops
            && a.fp64Tflops == b.fp64Tflops && a.hbmTBps == b.hbmTBps && a.linkGBps == b.linkGBps
            && a.fp8Tflops == b.fp8Tflops && a.fp4Tflops == b.fp4Tflops;
    }
    friend bool operator!=(const PeakOverride &a, const PeakOverride &b) { return !(a == b); }
};
using PeakOverrides = std::vector<PeakOverride>;

// The row for a device (first match, as peakForGpu) with the user's override of that row applied.
struct ResolvedPeak
{
    const GpuPeak *row = nullptr; // null: no row matches (every figure 0)
    double tflops = 0;            // bf16/fp16
    bool overridden = false;      // tflops is the user's, not the row's
    double tf32Tflops = 0, fp32Tflops = 0, fp64Tflops = 0; // 0: unknown
    double hbmTBps = 0, linkGBps = 0;
    double fp8Tflops = 0, fp4Tflops = 0; // 0: unknown, or the GPU has none
};
ResolvedPeak resolvePeak(const QString &deviceName, const PeakOverrides &overrides);
// The same for a GPU of a trace by its id (deviceProperties[].id; the first device where the trace
// does not list that id, as the MFU reads the first).
ResolvedPeak resolveDevicePeak(const Trace &trace, int device, const PeakOverrides &overrides);
// The override of a row's bf16 peak (or of another figure), 0 when the user has none.
double overrideFor(std::string_view match, const PeakOverrides &overrides);
double overrideFor(std::string_view match, const PeakOverrides &overrides, GpuSpec spec);

// What the per-step count counts. Tokens: a transformer's, from which MFU follows (6 x params x
// tokens/s). Samples (images, sequences): a ResNet's batch; the throughput alone, as the 6P rule
// holds for dense transformers only.
enum class StepItems { Tokens, Samples };

struct MfuInputs
{
    double params = 0;         // model parameters
    double tokensPerStep = 0;  // tokens (or samples, `items`) processed per step ...
    bool tokensGlobal = false; // ... by all GPUs together (divided by the world size), else per GPU
    double peakTflops = 0;     // > 0: overrides the table
    PeakOverrides peakOverrides; // where peakTflops is 0: the table with these rows replaced
    StepItems items = StepItems::Tokens;
};

struct MfuResult
{
    bool valid = false; // false: not enough inputs (no params, no steps, unknown GPU without a peak)
    double stepS = 0;
    double tokensPerSPerGpu = 0;
    double samplesPerSPerGpu = 0; // StepItems::Samples: the throughput, no MFU
    double achievedTflops = 0;
    double peakTflops = 0;
    double mfuPct = 0;
    QString gpuName;    // from deviceProperties
    QString peakSource; // table entry's datasheet, or "user"
    int worldSize = 1;
};

// The calculator alone: no trace.
MfuResult computeMfu(double params, double tokensPerSPerGpu, double peakTflops);
// From a trace: the step time of `steps` (medianStepNs: pass the measured steps, measuredSteps()),
// the world size and GPU named in the trace.
MfuResult mfuFromTrace(const Trace &trace, const std::vector<Step> &steps, const MfuInputs &inputs);

// Sum of the `flops` args PyTorch writes on matrix-multiply and convolution ops when profiling
// with with_flops=True. Reads args from the file (slow path): only call it when asked.
struct MeasuredFlops
{
    double flops = 0;
    std::size_t opsRead = 0, opsWithFlops = 0;
    // `flops` args that are no count of work, skipped (not in flops nor opsWithFlops): not a
    // number, negative, not finite, or more than kMaxOpFlops.
    std::size_t invalid = 0;
};
// One operator's FLOPs above this (10^18, a thousand seconds of a 1 PFLOPS GPU) is no measurement.
constexpr double kMaxOpFlops = 1e18;
MeasuredFlops measuredFlops(const Trace &trace, TimeRange range = {});

} // namespace lanescope::analysis
