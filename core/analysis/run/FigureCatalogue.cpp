// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/FigureCatalogue.h"

#include "core/analysis/compare/Compare.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/Measure.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <string>

namespace lanescope::analysis {

namespace {

// lupdate files these under "figures", the context looked up at run time (as FigureText.cpp's).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(figures)
};

using Value = std::optional<double>;

Value known(bool ok, double v) { return ok ? Value(v) : std::nullopt; }

// The key strings of the generated rows ("gap_comm_wait_us", "critical_path_cpu_us"): built once
// and never moved, so a Figure's key can point into them.
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

const std::array<std::string, kPathParts> &pathPartKeys()
{
    static const std::array<std::string, kPathParts> k = [] {
        std::array<std::string, kPathParts> out;
        for (int p = 0; p < kPathParts; ++p)
            out[std::size_t(p)] = std::string("critical_path_") + pathPartName(PathPart(p)) + "_us";
        return out;
    }();
    return k;
}

const std::array<std::string, kPathParts> &pathPartPaths()
{
    static const std::array<std::string, kPathParts> k = [] {
        std::array<std::string, kPathParts> out;
        for (int p = 0; p < kPathParts; ++p)
            out[std::size_t(p)] = std::string("critical_path.parts_us.") + pathPartName(PathPart(p));
        return out;
    }();
    return k;
}

std::vector<Figure> build()
{
    std::vector<Figure> out;
    // One figure: key, unit, direction, extent, surfaces, Metrics table row, Ranks column,
    // `analyze --json` path; the caller adds the getters and the text.
    const auto add = [&](const char *key, FigureUnit unit, bool higher, FigureExtent extent, unsigned surfaces, int tableOrder,
                         int rankOrder, const char *analyzePath) -> Figure & {
        Figure f;
        f.key = key;
        f.unit = unit;
        f.higherIsBetter = higher;
        f.extent = extent;
        f.surfaces = surfaces;
        f.tableOrder = tableOrder;
        f.rankOrder = rankOrder;
        f.analyzePath = analyzePath;
        out.push_back(std::move(f));
        return out.back();
    };
    const auto text = [](Figure &f, const char *label, const char *description) {
        f.label = [label](const FigureScope &) { return Text::tr(label); };
        f.description = [description] { return Text::tr(description); };
    };
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    constexpr unsigned kAll = InComparison | InMetricsTable | InRanks;
    using U = FigureUnit;
    using E = FigureExtent;
    // A rank's figures are unknown without GPU activity (the temporal breakdown is empty there).
    const auto gpu = [](const RankFigures &r) { return r.analysis.temporal.activities > 0; };

    // docs/architecture.md's keys, in its order.
    {
        Figure &f = add("step_time_us", U::Ms, false, E::Steps, kAll, 0, 0, nullptr);
        f.value = [](const RunFigures &m) { return m.stepTimeNs; };
        f.rankValue = [](const RankFigures &r) { return r.stepTimeNs; };
        text(f, QT_TRANSLATE_NOOP("figures", "Step time"),
             QT_TRANSLATE_NOOP("figures", "Median CPU duration of the complete ProfilerSteps (the last step of two or more is left "
                                          "out: the profiler closes it at its stop)"));
    }
    {
        Figure &f = add("idle_pct", U::Pct, false, E::Window, kAll, 6, 1, "temporal.idle_pct");
        f.value = [](const RunFigures &m) { return Value(m.idlePct); };
        f.rankValue = [gpu](const RankFigures &r) { return known(gpu(r), r.analysis.temporal.idlePct); };
        text(f, QT_TRANSLATE_NOOP("figures", "All-GPU idle"),
             QT_TRANSLATE_NOOP("figures", "Share of the analysed GPU time with no kernel, copy or memset on any stream (Holistic "
                                          "Trace Analysis' temporal breakdown, whole trace)"));
    }
    {
        Figure &f = add("compute_pct", U::Pct, true, E::Window, kBoth, 7, -1, "temporal.compute_pct");
        f.value = [](const RunFigures &m) { return Value(m.computePct); };
        text(f, QT_TRANSLATE_NOOP("figures", "GPU compute"),
             QT_TRANSLATE_NOOP("figures", "Share of GPU time in computation kernels (GEMM, attention, elementwise…)"));
    }
    {
        Figure &f = add("non_compute_pct", U::Pct, false, E::Window, kBoth, 8, -1, "temporal.non_compute_pct");
        f.value = [](const RunFigures &m) { return Value(m.nonComputePct); };
        text(f, QT_TRANSLATE_NOOP("figures", "GPU non-compute"),
             QT_TRANSLATE_NOOP("figures", "Share of GPU time in communication and memory kernels with no computation at the same time"));
    }
    {
        Figure &f = add("comm_comp_overlap_pct", U::Pct, true, E::Window, kAll, 9, 2, "comm_comp_overlap_pct");
        f.value = [](const RunFigures &m) { return Value(m.commCompOverlapPct); };
        // A rank without communication has no overlap to speak of.
        f.rankValue = [gpu](const RankFigures &r) {
            return known(gpu(r) && r.analysis.temporal.communication > 0, r.analysis.temporal.commCompOverlapPct);
        };
        text(f, QT_TRANSLATE_NOOP("figures", "Comm–compute overlap"),
             QT_TRANSLATE_NOOP("figures", "Share of communication time that overlaps computation (higher hides more of it)"));
    }
    {
        Figure &f = add("gap_count", U::Count, false, E::Window, kBoth, 11, -1, nullptr);
        f.value = [](const RunFigures &m) { return Value(double(m.gapCount)); };
        // Named by the threshold and filter the gaps were listed with (the baseline's).
        f.label = [](const FigureScope &s) { return figure::gapScope(s); };
        f.description = [] {
            return Text::tr("Gaps the analysis lists: compute-stream idle of at least the Analysis dock's threshold within GEMM "
                            "to GEMM windows");
        };
    }
    {
        Figure &f = add("gap_total_us", U::Ms, false, E::Window, kAll, 12, 3, nullptr);
        // `analyze DIR` wrote a rank's (and the job's) total as "gaps_total_us".
        f.alias = "gaps_total_us";
        f.value = [](const RunFigures &m) { return Value(double(m.gapTotalNs)); };
        f.rankValue = [gpu](const RankFigures &r) { return known(gpu(r), double(r.gapTotalNs)); };
        f.label = [](const FigureScope &s) { return Text::tr("%1, total").arg(figure::gapScope(s)); };
        f.description = [] { return Text::tr("Summed length of the listed gaps"); };
    }
    {
        Figure &f = add("peak_allocated_bytes", U::Bytes, false, E::Trace, kAll, 19, 5, "memory.peak_allocated_bytes");
        f.value = [](const RunFigures &m) { return m.peakAllocatedBytes; };
        f.rankValue = [](const RankFigures &r) {
            return known(r.analysis.memory.peakAllocated >= 0, double(r.analysis.memory.peakAllocated));
        };
        text(f, QT_TRANSLATE_NOOP("figures", "Peak allocated"),
             QT_TRANSLATE_NOOP("figures", "Highest memory allocated by tensors on the trace's GPU"));
    }
    {
        Figure &f = add("mfu_pct", U::Pct, true, E::Steps, kAll, 3, 6, "mfu.mfu_pct");
        f.value = [](const RunFigures &m) { return m.mfuPct; };
        f.rankValue = [](const RankFigures &r) { return r.mfuPct; };
        text(f, QT_TRANSLATE_NOOP("figures", "MFU"),
             QT_TRANSLATE_NOOP("figures", "Model FLOPs utilisation: 6 × parameters × tokens/s over the GPU's peak"));
    }
    // The rest of the comparison's table.
    {
        Figure &f = add("compute_idle_pct", U::Pct, false, E::Steps, kBoth, 5, -1, nullptr);
        f.value = [](const RunFigures &m) { return m.computeIdlePct; };
        text(f, QT_TRANSLATE_NOOP("figures", "Compute-stream idle"),
             QT_TRANSLATE_NOOP("figures", "Share of the analysed time (the steps' CPU spans) in which no compute stream runs a "
                                          "kernel: the Analysis dock's lead figure, and the one the advice measures"));
    }
    {
        Figure &f = add("tokens_per_s_per_gpu", U::TokensPerS, true, E::Steps, kBoth, 1, -1, "mfu.tokens_per_s_per_gpu");
        f.value = [](const RunFigures &m) { return m.tokensPerSPerGpu; };
        text(f, QT_TRANSLATE_NOOP("figures", "Tokens/s per GPU"),
             QT_TRANSLATE_NOOP("figures", "Tokens per step over the median step time (needs the MFU inputs of the Analysis dock)"));
    }
    {
        // A model that is no transformer: its samples (images) per step give this instead; no MFU.
        Figure &f = add("samples_per_s_per_gpu", U::SamplesPerS, true, E::Steps, kBoth, 2, -1, "mfu.samples_per_s_per_gpu");
        f.value = [](const RunFigures &m) { return m.samplesPerSPerGpu; };
        text(f, QT_TRANSLATE_NOOP("figures", "Samples/s per GPU"),
             QT_TRANSLATE_NOOP("figures", "Samples (images) per step over the median step time (the Analysis dock's MFU panel, with samples)"));
    }
    {
        Figure &f = add("achieved_tflops", U::Tflops, true, E::Steps, kBoth, 4, -1, "mfu.achieved_tflops");
        f.value = [](const RunFigures &m) { return m.achievedTflops; };
        text(f, QT_TRANSLATE_NOOP("figures", "Achieved TFLOPS"),
             QT_TRANSLATE_NOOP("figures", "Model FLOPs per second per GPU at the median step time"));
    }
    {
        Figure &f = add("exposed_comm_us", U::Ms, false, E::Window, kAll, 10, 4, nullptr);
        f.value = [](const RunFigures &m) { return Value(double(m.exposedCommNs)); };
        f.rankValue = [gpu](const RankFigures &r) { return known(gpu(r), double(r.exposedCommNs)); };
        text(f, QT_TRANSLATE_NOOP("figures", "Exposed communication"),
             QT_TRANSLATE_NOOP("figures", "Communication time not overlapped by any computation"));
    }
    {
        Figure &f = add("peak_reserved_bytes", U::Bytes, false, E::Trace, kBoth, 20, -1, "memory.peak_reserved_bytes");
        f.value = [](const RunFigures &m) { return m.peakReservedBytes; };
        text(f, QT_TRANSLATE_NOOP("figures", "Peak reserved"),
             QT_TRANSLATE_NOOP("figures", "Highest memory the caching allocator held from the driver"));
    }
    {
        Figure &f = add("alloc_calls", U::Count, false, E::Trace, kBoth, 21, -1, "memory.alloc_calls");
        f.value = [](const RunFigures &m) { return Value(double(m.mallocCalls)); };
        text(f, QT_TRANSLATE_NOOP("figures", "cudaMalloc calls"),
             QT_TRANSLATE_NOOP("figures", "Calls to cudaMalloc (the caching allocator growing on the critical path)"));
    }
    {
        Figure &f = add("free_calls", U::Count, false, E::Trace, kBoth, 22, -1, "memory.free_calls");
        f.value = [](const RunFigures &m) { return Value(double(m.freeCalls)); };
        text(f, QT_TRANSLATE_NOOP("figures", "cudaFree calls"),
             QT_TRANSLATE_NOOP("figures", "Calls to cudaFree (the allocator releasing blocks, often with a sync)"));
    }
    {
        Figure &f = add("kernel_count", U::Count, false, E::Window, kBoth, 23, -1, nullptr);
        f.value = [](const RunFigures &m) { return Value(double(m.kernelCount)); };
        text(f, QT_TRANSLATE_NOOP("figures", "GPU activities"), QT_TRANSLATE_NOOP("figures", "Kernels, copies and memsets in the whole trace"));
    }
    // Why the GPU waits on the CPU (IdleBreakdown.h, LaunchStats.h).
    {
        Figure &f = add("host_wait_pct", U::Pct, false, E::Steps, kBoth, 24, -1, nullptr);
        f.value = [](const RunFigures &m) { return m.hostWaitSharePct; };
        text(f, QT_TRANSLATE_NOOP("figures", "Host wait"),
             QT_TRANSLATE_NOOP("figures", "Share of the compute streams' idle time spent waiting for the CPU to launch the next "
                                          "kernel (Holistic Trace Analysis' idle time breakdown; over the analysed steps)"));
    }
    {
        Figure &f = add("launches", U::Count, false, E::Steps, kBoth, 25, -1, "launch.launches");
        f.value = [](const RunFigures &m) { return Value(double(m.launches)); };
        text(f, QT_TRANSLATE_NOOP("figures", "Kernel launches"),
             QT_TRANSLATE_NOOP("figures", "GPU activities matched to the call that launched them (CUDA, HIP and MTIA runtime calls)"));
    }
    {
        Figure &f = add("launch_delay_median_us", U::Us, false, E::Steps, kBoth, 26, -1, "launch.launch_delay_median_us");
        f.value = [](const RunFigures &m) { return m.launchDelayMedianNs; };
        text(f, QT_TRANSLATE_NOOP("figures", "Launch delay, median"),
             QT_TRANSLATE_NOOP("figures", "From the end of the launch call to the start of its kernel, the median over the launches"));
    }
    // The critical path of one step per run (the median complete step, or the step analysed): its
    // parts add up to that step's length.
    for (int p = 0; p < kPathParts; ++p) {
        const auto part = PathPart(p);
        Figure &f = add(pathPartKeys()[std::size_t(p)].c_str(), U::Ms, false, E::Steps, kBoth, 27 + p, -1,
                        pathPartPaths()[std::size_t(p)].c_str());
        f.pathPart = p;
        f.value = [p](const RunFigures &m) {
            return m.criticalPathNs ? Value(double((*m.criticalPathNs)[std::size_t(p)])) : std::nullopt;
        };
        f.label = [part](const FigureScope &) { return Text::tr("  critical path: %1").arg(pathPartLabel(part)); };
        f.description = [part] {
            return Text::tr("Time the critical path of the run's step (its step: the median complete one, or the one "
                            "analysed) spends as %1; the six parts add up to that step's length")
                .arg(pathPartLabel(part));
        };
    }
    // A folder run (a job of rank traces): the job's own figures; the figures above are the rank's
    // it is compared through. Unknown for a run that is one trace.
    {
        Figure &f = add("job_step_time_us", U::Ms, false, E::Steps, kBoth, 33, -1, nullptr);
        f.jobValue = [](const JobRunFigures &j) { return j.jobStepTimeNs; };
        text(f, QT_TRANSLATE_NOOP("figures", "Job step time"),
             QT_TRANSLATE_NOOP("figures", "A folder of rank traces: the median job step, from the first rank's start to the last rank's end"));
    }
    {
        Figure &f = add("job_gap_total_us", U::Ms, false, E::Window, kBoth, 34, -1, nullptr);
        f.jobValue = [](const JobRunFigures &j) { return Value(double(j.jobGapTotalNs)); };
        text(f, QT_TRANSLATE_NOOP("figures", "Job GEMM gaps, total"),
             QT_TRANSLATE_NOOP("figures", "A folder of rank traces: the listed gaps of every rank, summed"));
    }
    {
        Figure &f = add("straggler_wait_us_per_step", U::Ms, false, E::Steps, kBoth, 35, -1, nullptr);
        f.jobValue = [](const JobRunFigures &j) { return j.stragglerWaitPerStepNs; };
        text(f, QT_TRANSLATE_NOOP("figures", "Waits on stragglers"),
             QT_TRANSLATE_NOOP("figures", "A folder of rank traces: per step, every rank's wait at a collective for the last rank to arrive, summed"));
    }
    // The listed gaps by cause, "count × total" (the comparison's JSON has them as rows of their
    // own, "gaps": not among its metrics). Their label and description are the cause's own
    // (a GUI's), so core gives a plain one.
    for (int c = 0; c < 6; ++c) {
        Figure &f = add(gapCauseKeys()[std::size_t(c)].c_str(), U::Ms, false, E::Window, InMetricsTable, 13 + c, -1, nullptr);
        f.gapCause = c;
        f.value = [c](const RunFigures &m) { return Value(double(m.gapTotalByCause[c])); };
        f.count = [c](const RunFigures &m) { return Value(double(m.gapCountByCause[c])); };
        const char *name = gapCauseName(GapCause(c));
        f.label = [name](const FigureScope &) { return Text::tr("  gaps: %1").arg(QLatin1String(name)); };
        f.description = [name] { return Text::tr("Listed gaps whose cause is: %1 — count × total").arg(QLatin1String(name)); };
    }
    // The figures the measures add (Measure.h, MeasureFigure), in the measure catalogue's order,
    // after every figure above in the Metrics table; RunFigures::measureFigures holds their values.
    // Their key and path point into the catalogue's measures, which never move.
    int tableOrder = 0, rankOrder = 0;
    for (const Figure &f : out) {
        tableOrder = std::max(tableOrder, f.tableOrder + 1);
        rankOrder = std::max(rankOrder, f.rankOrder + 1);
    }
    for (const Measure *m : measureCatalogue().measures()) {
        for (const MeasureFigure &mf : m->figures) {
            // A key the catalogue has already (a figure above or another measure's) keeps its first figure.
            if (mf.key.empty() || !mf.value
                || std::any_of(out.begin(), out.end(), [&](const Figure &g) { return mf.key == g.key || (g.alias && mf.key == g.alias); }))
                continue;
            const unsigned surfaces = mf.surfaces & (InComparison | InMetricsTable | InRanks);
            Figure &f = add(mf.key.c_str(), mf.unit, mf.higherIsBetter, mf.extent, surfaces,
                            (surfaces & InMetricsTable) ? tableOrder++ : -1, (surfaces & InRanks) ? rankOrder++ : -1,
                            mf.analyzePath.empty() ? nullptr : mf.analyzePath.c_str());
            const std::string key = mf.key;
            f.value = [key](const RunFigures &run) {
                const auto it = run.measureFigures.find(key);
                return it == run.measureFigures.end() ? std::nullopt : Value(it->second);
            };
            // A rank's value from its own analysis (read back from its summary in a merge).
            if (surfaces & InRanks)
                f.rankValue = [value = mf.value](const RankFigures &r) { return value(r.analysis); };
            text(f, mf.label, mf.description);
        }
    }
    return out;
}

} // namespace

const std::vector<Figure> &figureCatalogue()
{
    static const std::vector<Figure> figures = build();
    return figures;
}

const Figure *findFigure(std::string_view key)
{
    for (const Figure &f : figureCatalogue())
        if (key == f.key || (f.alias && key == f.alias))
            return &f;
    return nullptr;
}

const std::vector<const Figure *> &figuresOn(FigureSurface surface)
{
    const auto make = [](FigureSurface s) {
        std::vector<const Figure *> v;
        for (const Figure &f : figureCatalogue())
            if (f.on(s))
                v.push_back(&f);
        if (s == InMetricsTable)
            std::stable_sort(v.begin(), v.end(), [](const Figure *a, const Figure *b) { return a->tableOrder < b->tableOrder; });
        else if (s == InRanks)
            std::stable_sort(v.begin(), v.end(), [](const Figure *a, const Figure *b) { return a->rankOrder < b->rankOrder; });
        return v;
    };
    static const std::vector<const Figure *> comparison = make(InComparison), table = make(InMetricsTable), ranks = make(InRanks);
    return surface == InMetricsTable ? table : surface == InRanks ? ranks : comparison;
}

} // namespace lanescope::analysis
