// SPDX-License-Identifier: GPL-3.0-or-later
// The listed gaps as a measure (Measure.h): "gaps", at the options' threshold and kernels.
#include "core/analysis/run/Measure.h"

#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

namespace lanescope::analysis {

Measure gapsMeasure()
{
    Measure m;
    m.key = "gaps";
    m.run = [](MeasureContext &c) {
        GapOptions go = c.options.gaps;
        if (!c.range.empty())
            go.range = c.range;
        go.windows = c.scope;
        c.result.gaps = findGaps(c.index, go);
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        j.array("gaps", [&] {
            for (const auto &g : c.result.gaps)
                j.object([&] {
                    j.field("device", g.device);
                    j.field("stream", g.stream);
                    j.field("start_us", c.us(g.start));
                    j.field("dur_us", c.usDur(g.dur));
                    j.field("before", g.before);
                    j.field("after", g.after);
                    j.field("cause", gapCauseName(g.cause));
                    j.field("evidence", g.evidence);
                });
        });
    };
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        o.arr("gaps", [&] {
            for (const Gap &g : a.gaps)
                o.obj(nullptr, [&] {
                    o.i("device", g.device);
                    o.i("stream", g.stream);
                    o.i("track", g.track);
                    o.i("start", g.start);
                    o.i("dur", g.dur);
                    o.s("before", g.before);
                    o.s("after", g.after);
                    o.s("gemm_before", g.gemmBefore);
                    o.s("gemm_after", g.gemmAfter);
                    o.b("between_gemms", g.betweenGemms);
                    o.i("cause", int(g.cause));
                    o.s("evidence", g.evidence);
                    o.s("collective", g.collective);
                    o.i("evidence_track", g.evidenceTrack);
                    o.i("evidence_slice", g.evidenceSlice);
                });
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        for (const summary::SummaryObj &v : in.objects(av, "gaps")) {
            Gap g;
            g.device = in.i32(v, "device", -1);
            g.stream = in.i64(v, "stream");
            g.track = in.u32(v, "track");
            g.start = in.i64(v, "start");
            g.dur = in.i64(v, "dur");
            g.before = in.text(v, "before");
            g.after = in.text(v, "after");
            g.gemmBefore = in.text(v, "gemm_before");
            g.gemmAfter = in.text(v, "gemm_after");
            g.betweenGemms = in.boolean(v, "between_gemms");
            g.cause = GapCause(in.i64(v, "cause", int(GapCause::Other), 0, int(GapCause::Other)));
            g.evidence = in.text(v, "evidence");
            g.collective = in.text(v, "collective");
            g.evidenceTrack = in.i64(v, "evidence_track", -1);
            g.evidenceSlice = in.u32(v, "evidence_slice");
            a.gaps.push_back(std::move(g));
        }
    };
    return m;
}

} // namespace lanescope::analysis
