// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Model FLOPs utilisation: step time -> tokens/s per GPU -> achieved TFLOPS (6 x params x tokens/s,
// the usual forward + backward FLOPs of a dense transformer) -> percent of the GPU's dense
// bf16/fp16 tensor peak. Also the FLOPs PyTorch itself counted where ops carry `flops` args.
#include "core/analysis/Steps.h"

#include <QString>

#include <string_view>
#include <vector>

namespace lanescope::analysis {

struct GpuPeak
{
    std::string_view match;  // case-insensitive substring of deviceProperties[].name
    double tflops;           // dense (no sparsity) bf16 / fp16 tensor-core peak
    std::string_view source; // the datasheet the number comes from
};
// First match wins (more specific spellings first).
const std::vector<GpuPeak> &gpuPeakTable();
const GpuPeak *peakForGpu(const QString &deviceName);

// A user's own figure for one table row (the GUI's Preferences keep them): the row's match and the
// TFLOPS to use in its place. Core only reads them; where they are stored is the caller's business.
struct PeakOverride
{
    QString match; // GpuPeak::match of the row
    double tflops = 0;
};
using PeakOverrides = std::vector<PeakOverride>;

// The row for a device (first match, as peakForGpu) with the user's override of that row applied.
struct ResolvedPeak
{
    const GpuPeak *row = nullptr; // null: no row matches (tflops 0)
    double tflops = 0;
    bool overridden = false; // tflops is the user's, not the row's
};
ResolvedPeak resolvePeak(const QString &deviceName, const PeakOverrides &overrides);
// The override of a row, 0 when the user has none.
double overrideFor(std::string_view match, const PeakOverrides &overrides);

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
};
MeasuredFlops measuredFlops(const Trace &trace, TimeRange range = {});

} // namespace lanescope::analysis
