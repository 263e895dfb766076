// SPDX-License-Identifier: GPL-3.0-or-later
// Where the time goes as a measure (Measure.h): kernels in the analysed GPU span, operators and
// modules in the analysed CPU span: "summary_windows_us", "kernel_summary", "op_summary" and
// "module_summary" (additions to the contract's keys; the first `top` rows of each).
#include "core/analysis/run/Measure.h"

#include "core/util/JsonWriter.h"

#include <algorithm>

namespace lanescope::analysis {

Measure summariesMeasure()
{
    Measure m;
    m.key = "summaries";
    m.run = [](MeasureContext &c) {
        c.result.summaries = timeSummaries(c.trace, c.range, c.cpuRange, c.options.opsByInputShapes, &c.launched());
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const TimeSummaries &sum = c.result.summaries;
        const std::size_t top = c.options.top;
        // Each window null for the whole trace.
        j.object("summary_windows_us", [&] {
            const auto window = [&](const char *key, TimeRange w) {
                if (w.empty())
                    j.field(key, nullptr);
                else
                    j.array(key, [&] {
                        j.value(c.us(w.from));
                        j.value(c.us(w.to));
                    });
            };
            window("kernels", sum.gpuWindow);
            window("operators", sum.cpuWindow);
        });
        const std::vector<KernelSummaryRow> written(sum.kernels.begin(), sum.kernels.begin() + std::ptrdiff_t(std::min(top, sum.kernels.size())));
        const std::vector<KernelLaunchShape> shapes = kernelLaunchShapes(c.trace, written);
        j.array("kernel_summary", [&] {
            for (std::size_t k = 0; k < written.size(); ++k) {
                const KernelSummaryRow &row = written[k];
                j.object([&] {
                    j.field("name", row.name);
                    j.field("class", kernelClassName(row.cls));
                    j.field("count", row.count);
                    j.field("total_us", c.usDur(row.totalNs));
                    j.field("mean_us", row.meanNs / 1000.0);
                    j.field("median_us", row.medianNs / 1000.0);
                    j.field("min_us", c.usDur(row.minNs));
                    j.field("max_us", c.usDur(row.maxNs));
                    j.field("gpu_time_pct", row.gpuTimePct);
                    j.array("streams", [&] { for (std::int64_t s : row.streams) j.value(s); });
                    // The longest call's launch, where the trace records it (CUPTI's kernel args).
                    const KernelLaunchShape &ls = shapes[k];
                    if (ls.any())
                        j.object("launch", [&] {
                            if (!ls.grid.empty())
                                j.array("grid", [&] { for (std::int64_t x : ls.grid) j.value(x); });
                            if (!ls.block.empty())
                                j.array("block", [&] { for (std::int64_t x : ls.block) j.value(x); });
                            if (ls.registersPerThread >= 0)
                                j.field("registers_per_thread", ls.registersPerThread);
                            if (ls.sharedMemoryBytes >= 0)
                                j.field("shared_memory_bytes", ls.sharedMemoryBytes);
                        });
                    else
                        j.field("launch", nullptr);
                });
            }
        });
        j.array("op_summary", [&] {
            for (std::size_t k = 0; k < sum.ops.rows.size() && k < top; ++k) {
                const OpSummaryRow &row = sum.ops.rows[k];
                j.object([&] {
                    j.field("name", row.name);
                    j.field("category", row.category);
                    if (c.result.options.opsByInputShapes)
                        j.field("input_shapes", row.inputShapes);
                    else
                        j.field("input_shapes", nullptr);
                    j.field("count", row.count);
                    j.field("total_us", c.usDur(row.totalNs));
                    j.field("self_us", c.usDur(row.selfNs));
                    j.field("device_us", c.usDur(row.deviceNs));
                    j.field("device_self_us", c.usDur(row.deviceSelfNs));
                });
            }
        });
        if (!sum.modules.nodes.empty())
            j.array("module_summary", [&] {
                for (std::size_t k = 0; k < sum.modules.nodes.size() && k < top; ++k) {
                    const ModuleNode &n = sum.modules.nodes[k];
                    j.object([&] {
                        j.field("path", n.path);
                        j.field("name", n.name);
                        j.field("depth", n.depth);
                        j.field("count", n.count);
                        j.field("cpu_us", c.usDur(n.cpuNs));
                        j.field("device_us", c.usDur(n.deviceNs));
                    });
                }
            });
    };
    return m;
}

} // namespace lanescope::analysis
