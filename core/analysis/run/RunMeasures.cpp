// SPDX-License-Identifier: GPL-3.0-or-later
// Two members of `analyze --json` that belong to the run rather than to one measure, kept in the
// catalogue so that the JSON's order is the catalogue's: "steps" (resolved by analyze() before any
// measure runs: every measure reads them) and "warnings" (what each measure appended).
#include "core/analysis/run/Measure.h"

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
    return m;
}

} // namespace lanescope::analysis
