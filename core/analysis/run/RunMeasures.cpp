// SPDX-License-Identifier: GPL-3.0-or-later
// Two members of `analyze --json` that belong to the run rather than to one measure, kept in the
// catalogue so that the JSON's order is the catalogue's: "steps" (resolved by analyze() before any
// measure runs: every measure reads them) and "warnings" (what each measure appended).
#include "core/analysis/run/Measure.h"

#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

namespace lanescope::analysis {

Measure stepsMeasure()
{
    Measure m;
    m.key = "steps";
    m.run = [](MeasureContext &) {}; // analyze() resolves the steps first
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        j.array("steps", [&] {
            for (const auto &s : c.result.steps)
                j.object([&] {
                    j.field("name", s.name);
                    j.field("start_us", c.us(s.start));
                    j.field("dur_us", c.usDur(s.dur));
                });
        });
    };
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        o.arr("steps", [&] {
            for (const Step &st : a.steps)
                o.obj(nullptr, [&] {
                    o.s("name", st.name);
                    o.i("number", st.number);
                    o.i("start", st.start);
                    o.i("dur", st.dur);
                    o.i("gpu_start", st.gpuStart);
                    o.i("gpu_dur", st.gpuDur);
                    o.i("track", st.track);
                    o.i("slice", st.slice);
                });
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        for (const summary::SummaryObj &v : in.objects(av, "steps")) {
            Step st;
            st.name = in.text(v, "name");
            st.number = in.i32(v, "number", -1);
            st.start = in.i64(v, "start");
            st.dur = in.i64(v, "dur");
            st.gpuStart = in.i64(v, "gpu_start");
            st.gpuDur = in.i64(v, "gpu_dur", -1);
            st.track = in.u32(v, "track");
            st.slice = in.u32(v, "slice");
            a.steps.push_back(st);
        }
    };
    return m;
}

Measure warningsMeasure()
{
    Measure m;
    m.key = "warnings";
    m.run = [](MeasureContext &) {}; // the trace's warnings, then each measure's
    // What the trace cannot show (legacy exporter, unrecognised device work, no GPU activity).
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        j.array("warnings", [&] {
            for (const QString &w : c.result.warnings)
                j.value(w);
        });
    };
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        o.arr("warnings", [&] {
            for (const QString &wn : a.warnings)
                o.str(wn);
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) { a.warnings = in.strings(av, "warnings"); };
    return m;
}

} // namespace lanescope::analysis
