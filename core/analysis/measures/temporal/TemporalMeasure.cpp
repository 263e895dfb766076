// SPDX-License-Identifier: GPL-3.0-or-later
// The temporal breakdown as a measure (Measure.h): "temporal" and "comm_comp_overlap_pct".
#include "core/analysis/run/Measure.h"

#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

namespace {

// The temporal breakdown's figures (FigureCatalogue.h), and the window's GPU activities counted.
std::vector<Figure> temporalFigures()
{
    using U = FigureUnit;
    using E = FigureExtent;
    using Value = std::optional<double>;
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    constexpr unsigned kAll = InComparison | InMetricsTable | InRanks;
    // A rank's figures are unknown without GPU activity (the temporal breakdown is empty there).
    const auto gpu = [](const RankFigures &r) { return r.analysis.temporal.activities > 0; };
    std::vector<Figure> out;
    {
        Figure &f = out.emplace_back(declareFigure("idle_pct", U::Pct, false, E::Window, kAll, 1, 6, 1, "temporal.idle_pct"));
        f.value = [](const RunFigures &m) { return Value(m.idlePct); };
        f.rankValue = [gpu](const RankFigures &r) { return gpu(r) ? Value(r.analysis.temporal.idlePct) : std::nullopt; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "All-GPU idle"),
                      QT_TRANSLATE_NOOP("figures", "Share of the analysed GPU time with no kernel, copy or memset on any stream (Holistic "
                                                   "Trace Analysis' temporal breakdown, whole trace)"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("compute_pct", U::Pct, true, E::Window, kBoth, 2, 7, -1, "temporal.compute_pct"));
        f.value = [](const RunFigures &m) { return Value(m.computePct); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "GPU compute"),
                      QT_TRANSLATE_NOOP("figures", "Share of GPU time in computation kernels (GEMM, attention, elementwise…)"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("non_compute_pct", U::Pct, false, E::Window, kBoth, 3, 8, -1, "temporal.non_compute_pct"));
        f.value = [](const RunFigures &m) { return Value(m.nonComputePct); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "GPU non-compute"),
                      QT_TRANSLATE_NOOP("figures", "Share of GPU time in communication and memory kernels with no computation at the same time"));
    }
    {
        Figure &f = out.emplace_back(
            declareFigure("comm_comp_overlap_pct", U::Pct, true, E::Window, kAll, 4, 9, 2, "comm_comp_overlap_pct"));
        f.value = [](const RunFigures &m) { return Value(m.commCompOverlapPct); };
        // A rank without communication has no overlap to speak of.
        f.rankValue = [gpu](const RankFigures &r) {
            return gpu(r) && r.analysis.temporal.communication > 0 ? Value(r.analysis.temporal.commCompOverlapPct) : std::nullopt;
        };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Comm–compute overlap"),
                      QT_TRANSLATE_NOOP("figures", "Share of communication time that overlaps computation (higher hides more of it)"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("exposed_comm_us", U::Ms, false, E::Window, kAll, 13, 10, 4, nullptr));
        f.value = [](const RunFigures &m) { return Value(double(m.exposedCommNs)); };
        f.rankValue = [gpu](const RankFigures &r) { return gpu(r) ? Value(double(r.exposedCommNs)) : std::nullopt; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Exposed communication"),
                      QT_TRANSLATE_NOOP("figures", "Communication time not overlapped by any computation"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("kernel_count", U::Count, false, E::Window, kBoth, 17, 23, -1, nullptr));
        f.value = [](const RunFigures &m) { return Value(double(m.kernelCount)); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "GPU activities"),
                      QT_TRANSLATE_NOOP("figures", "Kernels, copies and memsets in the whole trace"));
    }
    return out;
}

} // namespace

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
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        const TemporalBreakdown &t = a.temporal;
        o.obj("temporal", [&] {
            o.i("span_start", t.spanStart);
            o.i("span_end", t.spanEnd);
            o.i("span", t.span);
            o.i("idle", t.idle);
            o.i("compute", t.compute);
            o.i("non_compute", t.nonCompute);
            o.i("communication", t.communication);
            o.i("overlap", t.overlap);
            o.d("idle_pct", t.idlePct);
            o.d("compute_pct", t.computePct);
            o.d("non_compute_pct", t.nonComputePct);
            o.d("comm_comp_overlap_pct", t.commCompOverlapPct);
            o.u("activities", t.activities);
            o.u("stream_events", t.streamEvents);
            o.i("definition", int(t.definition));
            o.b("last_step_excluded", t.lastStepExcluded);
            o.b("microsecond_rounding", t.microsecondRounding);
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        using namespace summary;
        const SummaryObj v = in.object(av, "temporal");
        TemporalBreakdown &t = a.temporal;
        t.spanStart = in.i64(v, "span_start");
        t.spanEnd = in.i64(v, "span_end");
        t.span = in.i64(v, "span", 0, 0, kMaxNsInt);
        t.idle = in.i64(v, "idle", 0, 0, kMaxNsInt);
        t.compute = in.i64(v, "compute", 0, 0, kMaxNsInt);
        t.nonCompute = in.i64(v, "non_compute", 0, 0, kMaxNsInt);
        t.communication = in.i64(v, "communication", 0, 0, kMaxNsInt);
        t.overlap = in.i64(v, "overlap", 0, 0, kMaxNsInt);
        t.idlePct = in.dbl(v, "idle_pct", kShare);
        t.computePct = in.dbl(v, "compute_pct", kShare);
        t.nonComputePct = in.dbl(v, "non_compute_pct", kShare);
        t.commCompOverlapPct = in.dbl(v, "comm_comp_overlap_pct", kShare);
        t.activities = std::size_t(in.u64(v, "activities"));
        t.streamEvents = std::size_t(in.u64(v, "stream_events"));
        t.definition = in.i64(v, "definition", 0, 0, 1) == int(GpuTimeDefinition::Hta) ? GpuTimeDefinition::Hta : GpuTimeDefinition::Lanescope;
        t.lastStepExcluded = in.boolean(v, "last_step_excluded");
        t.microsecondRounding = in.boolean(v, "microsecond_rounding");
    };
    m.catalogueFigures = temporalFigures();
    return m;
}

} // namespace lanescope::analysis
