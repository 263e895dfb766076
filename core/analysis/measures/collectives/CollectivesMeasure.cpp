// SPDX-License-Identifier: GPL-3.0-or-later
// How fast each collective moved its data as a measure (Measure.h): nccl-tests' algbw and busbw
// (GB/s) of each communication kernel in the analysed window, against the GPU's link where the
// GPU table knows it: "collectives" (the kernels: the first `top`; every kind and size).
#include "core/analysis/run/Measure.h"

#include "core/util/JsonWriter.h"

namespace lanescope::analysis {

Measure collectivesMeasure()
{
    Measure m;
    m.key = "collectives";
    m.needs = {"mfu"}; // the GPU the MFU names, for its link
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        r.collectives = collectiveBandwidth(c.trace, c.range);
        const ResolvedPeak device = resolvePeak(r.mfu.gpuName, c.options.mfu.peakOverrides);
        r.collectives.linkGBps = device.linkGBps > 0 ? device.linkGBps : -1;
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const CollectiveBandwidth &cb = c.result.collectives;
        const std::size_t top = c.options.top;
        const auto orNull = [](double v) { return JsonWriter::orNull(v >= 0, v); };
        j.object("collectives", [&] {
            j.array("kernels", [&] {
                for (std::size_t k = 0; k < cb.kernels.size() && k < top; ++k) {
                    const CollectiveTransfer &x = cb.kernels[k];
                    j.object([&] {
                        j.field("name", x.kernel);
                        j.field("ts_us", c.us(x.start));
                        j.field("collective", collectiveKindName(x.kind));
                        j.field("collective_name", x.collective); // as the trace spells it
                        j.field("group_size", JsonWriter::orNullCount(x.groupSize >= 0, x.groupSize));
                        j.field("bytes", JsonWriter::orNullCount(x.bytes >= 0, x.bytes));
                        j.field("dtype", x.dtype);
                        j.field("dur_us", c.usDur(x.dur));
                        j.field("algbw_gbps", orNull(x.algbwGBps));
                        j.field("busbw_gbps", orNull(x.busbwGBps));
                        j.field("link_gbps", orNull(cb.linkGBps));
                        j.field("busbw_pct_of_link", orNull(busbwPctOfLink(x.busbwGBps, cb.linkGBps)));
                        j.field("size_from", x.bytes < 0 ? "none" : x.sizeFromCpuOp ? "cpu_op" : "kernel");
                    });
                }
            });
            j.array("by_type", [&] {
                for (const CollectiveTypeRow &row : cb.byType)
                    j.object([&] {
                        j.field("collective", collectiveKindName(row.kind));
                        j.field("bytes", JsonWriter::orNullCount(row.bytes >= 0, row.bytes));
                        j.field("group_size", JsonWriter::orNullCount(row.groupSize >= 0, row.groupSize));
                        j.field("count", row.count);
                        j.field("total_us", c.usDur(row.totalNs));
                        j.field("busbw_median_gbps", orNull(row.busbwMedianGBps));
                        j.field("busbw_best_gbps", orNull(row.busbwBestGBps));
                        j.field("link_gbps", orNull(cb.linkGBps));
                        // The median's share: the typical call, as the row's busbw_median_gbps.
                        j.field("busbw_pct_of_link", orNull(busbwPctOfLink(row.busbwMedianGBps, cb.linkGBps)));
                    });
            });
        });
    };
    return m;
}

} // namespace lanescope::analysis
