// SPDX-License-Identifier: GPL-3.0-or-later
// The model's math per op and shapes as a measure (Measure.h; traces recorded with record_shapes):
// FLOPs, launched GPU time, achieved TFLOPS over the measured steps, the roofline from the GPU
// table's row, and the FLOPs over the steps' time as a measured MFU beside the 6P estimate:
// "ops_efficiency".
#include "core/analysis/run/Measure.h"

#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

Measure opsEfficiencyMeasure()
{
    Measure m;
    m.key = "ops_efficiency";
    m.needs = {"mfu"}; // the peak and the GPU
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        const std::vector<Step> &measured = c.measured;
        // Over the steps the step time is measured on (Steps.h), so the measured MFU divides their
        // FLOPs by the time they ran in, as the 6P estimate does.
        TimeRange opsWindow = c.cpuRange;
        if (!measured.empty())
            opsWindow = {measured.front().start, measured.back().end()};
        // The roofs: the MFU's peak (a --peak-tflops or the user's figure included) for bf16/fp16, the
        // table row's other figures with the user's in place.
        const ResolvedPeak device = resolvePeak(r.mfu.gpuName, c.options.mfu.peakOverrides);
        RooflinePeaks roofs{r.mfu.peakTflops, device.tf32Tflops, device.fp32Tflops, device.fp64Tflops, device.hbmTBps};
        // The low-precision roofs from the same resolved row, so a user's FP8/FP4 figure (Preferences,
        // peak overrides) reaches the roofline as the other figures do.
        roofs.fp8Tflops = device.fp8Tflops;
        roofs.fp4Tflops = device.fp4Tflops;
        r.opsEfficiency = opsEfficiency(c.trace, opsWindow, roofs, &c.launched());
        if (!measured.empty() && r.mfu.peakTflops > 0 && r.opsEfficiency.totalFlops > 0 && opsWindow.to > opsWindow.from)
            r.measuredMfuPct = 100.0 * r.opsEfficiency.totalFlops / double(opsWindow.to - opsWindow.from) / 1e3 / r.mfu.peakTflops;
        if (r.measuredMfuPct > 100) {
            // The counted ops alone outran the peak: the peak is wrong (a --peak-tflops too low), not
            // the GPU. No share of it, and a word why.
            r.warnings << QCoreApplication::translate("analysis", "the counted operators ran at %1 TFLOPS over the steps, above the peak of %2 TFLOPS: the peak is too low, so no measured MFU")
                              .arg(r.opsEfficiency.totalFlops / double(opsWindow.to - opsWindow.from) / 1e3, 0, 'f', 1)
                              .arg(r.mfu.peakTflops, 0, 'f', 1);
            r.measuredMfuPct = -1;
        }
    };
    // The roofline is null where the GPU, its peak for the dtype or the bytes are unknown.
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const OpsEfficiency &oe = c.result.opsEfficiency;
        const std::size_t top = c.options.top;
        const auto orNull = [](double v) { return JsonWriter::orNull(v >= 0, v); };
        j.object("ops_efficiency", [&] {
            j.field("total_flops", oe.totalFlops);
            j.field("measured_mfu_pct", JsonWriter::orNull(c.result.measuredMfuPct >= 0, c.result.measuredMfuPct));
            j.field("calls_read", oe.callsRead);
            j.field("calls_counted", oe.callsCounted);
            j.field("hbm_tbps", JsonWriter::orNull(oe.peaks.hbmTBps > 0, oe.peaks.hbmTBps));
            // One compute roof per data type the counted operators ran in (bf16, fp8, fp32...), the
            // one with the most FLOPs first: the roofline's roofs.
            j.array("roofs", [&] {
                for (const auto &roof : oe.roofs)
                    j.object([&] {
                        j.field("dtype", roof.dtype);
                        j.field("peak_tflops", roof.tflops);
                        j.field("flops", roof.flops);
                    });
            });
            j.array("ops", [&] {
                for (std::size_t k = 0; k < oe.ops.size() && k < top; ++k) {
                    const OpEfficiencyRow &op = oe.ops[k];
                    j.object([&] {
                        j.field("name", op.name);
                        j.field("shapes", op.shapes);
                        j.field("dtype", op.dtype);
                        j.field("count", op.count);
                        j.field("flops", op.flops);
                        j.field("bytes", JsonWriter::orNull(op.bytes >= 0, op.bytes));
                        j.field("gpu_us", c.usDur(op.gpuNs));
                        j.field("achieved_tflops", JsonWriter::orNull(op.achievedTflops >= 0, op.achievedTflops));
                        j.field("pct_of_peak", JsonWriter::orNull(op.pctOfPeak >= 0, op.pctOfPeak));
                        j.field("peak_tflops", orNull(op.peakTflops));
                        if (const char *b = boundName(op.bound))
                            j.field("bound", b);
                        else
                            j.field("bound", nullptr);
                        j.field("intensity", orNull(op.intensity));
                        j.field("achieved_tbps", orNull(op.achievedTBps));
                        j.field("pct_of_roofline", orNull(op.pctOfRoofline));
                    });
                }
            });
        });
    };
    return m;
}

} // namespace lanescope::analysis
