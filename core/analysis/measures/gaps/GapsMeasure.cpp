// SPDX-License-Identifier: GPL-3.0-or-later
// The listed gaps as a measure (Measure.h): "gaps", at the options' threshold and kernels.
#include "core/analysis/run/Measure.h"

#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/SummaryJson.h"
#include "core/analysis/text/FigureText.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

#include <array>
#include <string>

namespace lanescope::analysis {

namespace {

// The key strings of the rows by cause ("gap_comm_wait_us"): built once and never moved, so a
// Figure's key can point into them.
const std::array<std::string, 6> &gapCauseKeys()
{
    static const std::array<std::string, 6> k = [] {
        std::array<std::string, 6> out;
        for (int c = 0; c < 6; ++c)
            out[std::size_t(c)] = std::string("gap_") + gapCauseName(GapCause(c)) + "_us";
        return out;
    }();
    return k;
}

// The listed gaps' figures (FigureCatalogue.h): their count and total, and by cause.
std::vector<Figure> gapsFigures()
{
    using U = FigureUnit;
    using E = FigureExtent;
    using Value = std::optional<double>;
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    constexpr unsigned kAll = InComparison | InMetricsTable | InRanks;
    std::vector<Figure> out;
    {
        Figure &f = out.emplace_back(declareFigure("gap_count", U::Count, false, E::Window, kBoth, 5, 11, -1, nullptr));
        f.value = [](const RunFigures &m) { return Value(double(m.gapCount)); };
        // Named by the threshold and filter the gaps were listed with (the baseline's).
        f.label = [](const FigureScope &s) { return figure::gapScope(s); };
        f.description = [] {
            return QCoreApplication::translate("figures", "Gaps the analysis lists: compute-stream idle of at least the Analysis "
                                                          "dock's threshold within GEMM to GEMM windows");
        };
    }
    {
        Figure &f = out.emplace_back(declareFigure("gap_total_us", U::Ms, false, E::Window, kAll, 6, 12, 3, nullptr));
        // `analyze DIR` wrote a rank's (and the job's) total as "gaps_total_us".
        f.alias = "gaps_total_us";
        f.value = [](const RunFigures &m) { return Value(double(m.gapTotalNs)); };
        // Unknown for a rank without GPU activity.
        f.rankValue = [](const RankFigures &r) {
            return r.analysis.temporal.activities > 0 ? Value(double(r.gapTotalNs)) : std::nullopt;
        };
        f.label = [](const FigureScope &s) { return QCoreApplication::translate("figures", "%1, total").arg(figure::gapScope(s)); };
        f.description = [] { return QCoreApplication::translate("figures", "Summed length of the listed gaps"); };
    }
    // The listed gaps by cause, "count × total" (the comparison's JSON has them as rows of their
    // own, "gaps": not among its metrics), last in the catalogue. Their label and description are
    // the cause's own (a GUI's), so core gives a plain one.
    for (int c = 0; c < 6; ++c) {
        Figure &f = out.emplace_back(
            declareFigure(gapCauseKeys()[std::size_t(c)].c_str(), U::Ms, false, E::Window, InMetricsTable, 30 + c, 13 + c, -1, nullptr));
        f.gapCause = c;
        f.value = [c](const RunFigures &m) { return Value(double(m.gapTotalByCause[c])); };
        f.count = [c](const RunFigures &m) { return Value(double(m.gapCountByCause[c])); };
        const char *name = gapCauseName(GapCause(c));
        f.label = [name](const FigureScope &) { return QCoreApplication::translate("figures", "  gaps: %1").arg(QLatin1String(name)); };
        f.description = [name] {
            return QCoreApplication::translate("figures", "Listed gaps whose cause is: %1 — count × total").arg(QLatin1String(name));
        };
    }
    return out;
}

} // namespace

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
    m.catalogueFigures = gapsFigures();
    return m;
}

} // namespace lanescope::analysis
