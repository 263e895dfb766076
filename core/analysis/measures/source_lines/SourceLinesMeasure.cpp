// SPDX-License-Identifier: GPL-3.0-or-later
// Where the Python time goes as a measure (Measure.h): every Python frame's calls, CPU time and
// launched GPU time in the analysed CPU window: "source_lines_scope" and "source_lines", one row per
// file:line function by launched GPU time then CPU time, "my code only" unless allFrames. Left out,
// as module_summary is, where the trace has no Python frames (recorded without with_stack).
#include "core/analysis/run/Measure.h"

#include "core/util/JsonWriter.h"

namespace lanescope::analysis {

Measure sourceLinesMeasure()
{
    Measure m;
    m.key = "source_lines";
    m.run = [](MeasureContext &c) {
        c.result.sourceLines = sourceLines(c.trace, c.cpuRange, &c.launched()); // empty at once without Python frames
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const AnalysisResult &r = c.result;
        if (r.sourceLines.pythonSlices == 0)
            return;
        const SourceLines s = c.options.allFrames ? r.sourceLines : myCodeOnly(r.sourceLines);
        j.object("source_lines_scope", [&] {
            j.field("my_code_only", s.myCodeOnly);
            j.field("rows_total", std::int64_t(s.lines.size()));
            j.field("python_frames", s.pythonSlices);
            j.field("python_cpu_us", c.usDur(s.pythonCpuNs));
            j.field("python_gpu_us", c.usDur(s.pythonGpuNs));
            j.field("truncated", s.truncated || s.tooDeep > 0);
        });
        j.array("source_lines", [&] {
            for (std::size_t k = 0; k < s.lines.size() && k < c.options.top; ++k) {
                const SourceLine &l = s.lines[k];
                j.object([&] {
                    j.field("file", l.file);
                    j.field("line", l.line);
                    j.field("function", l.function);
                    j.field("origin", frameOriginName(l.origin));
                    j.field("calls", l.calls);
                    j.field("cpu_total_us", c.usDur(l.cpuTotalNs));
                    j.field("cpu_self_us", c.usDur(l.cpuSelfNs));
                    j.field("gpu_us", c.usDur(l.gpuNs));
                    j.field("gpu_self_us", c.usDur(l.gpuSelfNs));
                });
            }
        });
    };
    return m;
}

} // namespace lanescope::analysis
