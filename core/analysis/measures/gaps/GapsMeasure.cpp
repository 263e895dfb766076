// SPDX-License-Identifier: GPL-3.0-or-later
// The listed gaps as a measure (Measure.h): "gaps", at the options' threshold and kernels.
#include "core/analysis/run/Measure.h"

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
    return m;
}

} // namespace lanescope::analysis
