// SPDX-License-Identifier: GPL-3.0-or-later
// The temporal breakdown as a measure (Measure.h): "temporal" and "comm_comp_overlap_pct".
#include "core/analysis/run/Measure.h"

#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

Measure temporalMeasure()
{
    Measure m;
    m.key = "temporal";
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        TemporalOptions to;
        to.range = c.range;
        to.htaCompatible = c.options.htaCompatible;
        to.definition = c.options.definition;
        r.temporal = temporalBreakdown(c.trace, to);
        if (r.temporal.activities == 0 && !c.trace.legacyProfiler && !c.trace.unrecognisedDeviceWork) // said already
            r.warnings << (c.range.empty()
                               ? QCoreApplication::translate("analysis", "no GPU activity: the trace records no kernels, copies or memsets, so the GPU breakdown, gaps and MFU are empty")
                               : QCoreApplication::translate("analysis", "no GPU activity in the analysed window"));
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const TemporalBreakdown &t = c.result.temporal;
        j.object("temporal", [&] {
            // Which events counted as GPU time (an addition to the contract's keys): "lanescope", or
            // "hta" with --hta (every event carrying args.stream, as Holistic Trace Analysis counts).
            j.field("definition", gpuTimeDefinitionName(t.definition));
            j.field("idle_pct", t.idlePct);
            j.field("compute_pct", t.computePct);
            j.field("non_compute_pct", t.nonComputePct);
            j.field("idle_us", c.usDur(t.idle));
            j.field("compute_us", c.usDur(t.compute));
            j.field("non_compute_us", c.usDur(t.nonCompute));
        });
        j.field("comm_comp_overlap_pct", t.commCompOverlapPct);
    };
    return m;
}

} // namespace lanescope::analysis
