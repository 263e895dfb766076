// SPDX-License-Identifier: GPL-3.0-or-later
// The MFU as a measure (Measure.h): "mfu", from the measured steps' median.
#include "core/analysis/run/Measure.h"

#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

namespace {

// The MFU's figures and the throughput (FigureCatalogue.h), at the measured steps' median.
std::vector<Figure> mfuFigures()
{
    using U = FigureUnit;
    using E = FigureExtent;
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    constexpr unsigned kAll = InComparison | InMetricsTable | InRanks;
    std::vector<Figure> out;
    {
        Figure &f = out.emplace_back(declareFigure("mfu_pct", U::Pct, true, E::Steps, kAll, 8, 3, 6, "mfu.mfu_pct"));
        f.value = [](const RunFigures &m) { return m.mfuPct; };
        f.rankValue = [](const RankFigures &r) { return r.mfuPct; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "MFU"),
                      QT_TRANSLATE_NOOP("figures", "Model FLOPs utilisation: 6 × parameters × tokens/s over the GPU's peak"));
    }
    {
        Figure &f = out.emplace_back(
            declareFigure("tokens_per_s_per_gpu", U::TokensPerS, true, E::Steps, kBoth, 10, 1, -1, "mfu.tokens_per_s_per_gpu"));
        f.value = [](const RunFigures &m) { return m.tokensPerSPerGpu; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Tokens/s per GPU"),
                      QT_TRANSLATE_NOOP("figures", "Tokens per step over the median step time (needs the MFU inputs of the Analysis dock)"));
    }
    {
        // A model that is no transformer: its samples (images) per step give this instead; no MFU.
        Figure &f = out.emplace_back(
            declareFigure("samples_per_s_per_gpu", U::SamplesPerS, true, E::Steps, kBoth, 11, 2, -1, "mfu.samples_per_s_per_gpu"));
        f.value = [](const RunFigures &m) { return m.samplesPerSPerGpu; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Samples/s per GPU"),
                      QT_TRANSLATE_NOOP("figures", "Samples (images) per step over the median step time (the Analysis dock's MFU panel, with samples)"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("achieved_tflops", U::Tflops, true, E::Steps, kBoth, 12, 4, -1, "mfu.achieved_tflops"));
        f.value = [](const RunFigures &m) { return m.achievedTflops; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Achieved TFLOPS"),
                      QT_TRANSLATE_NOOP("figures", "Model FLOPs per second per GPU at the median step time"));
    }
    return out;
}

} // namespace

Measure mfuMeasure()
{
    Measure m;
    m.key = "mfu";
    m.run = [](MeasureContext &c) { c.result.mfu = mfuFromTrace(c.trace, c.measured, c.options.mfu); };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const MfuResult &mfu = c.result.mfu;
        j.object("mfu", [&] {
            j.field("step_s", JsonWriter::orNull(mfu.stepS > 0, mfu.stepS));
            j.field("tokens_per_s_per_gpu", JsonWriter::orNull(mfu.tokensPerSPerGpu > 0, mfu.tokensPerSPerGpu));
            j.field("achieved_tflops", JsonWriter::orNull(mfu.valid, mfu.achievedTflops));
            j.field("peak_tflops", JsonWriter::orNull(mfu.peakTflops > 0, mfu.peakTflops));
            j.field("mfu_pct", JsonWriter::orNull(mfu.valid, mfu.mfuPct));
            if (const MeasuredFlops *flops = c.options.flops) { // only with --measure-flops: an addition, the contract's keys stay as they are
                j.field("measured_flops", flops->flops);
                j.field("measured_flops_invalid", flops->invalid); // flops args skipped: not a count of work
            }
            if (c.result.figures.samplesPerSPerGpu) // only with --samples-per-step: an addition too
                j.field("samples_per_s_per_gpu", *c.result.figures.samplesPerSPerGpu);
        });
    };
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        o.obj("mfu", [&] {
            o.b("valid", a.mfu.valid);
            o.d("step_s", a.mfu.stepS);
            o.d("tokens_per_s_per_gpu", a.mfu.tokensPerSPerGpu);
            o.d("achieved_tflops", a.mfu.achievedTflops);
            o.d("peak_tflops", a.mfu.peakTflops);
            o.d("mfu_pct", a.mfu.mfuPct);
            o.s("gpu_name", a.mfu.gpuName);
            o.s("peak_source", a.mfu.peakSource);
            o.i("world_size", a.mfu.worldSize);
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        using namespace summary;
        const SummaryObj mv = in.object(av, "mfu");
        a.mfu.valid = in.boolean(mv, "valid");
        a.mfu.stepS = in.dbl(mv, "step_s", kSeconds);
        a.mfu.tokensPerSPerGpu = in.dbl(mv, "tokens_per_s_per_gpu", kRate);
        a.mfu.achievedTflops = in.dbl(mv, "achieved_tflops", kTflops);
        a.mfu.peakTflops = in.dbl(mv, "peak_tflops", kTflops);
        a.mfu.mfuPct = in.dbl(mv, "mfu_pct", kMfuPct);
        a.mfu.gpuName = in.text(mv, "gpu_name");
        a.mfu.peakSource = in.text(mv, "peak_source");
        a.mfu.worldSize = in.i32(mv, "world_size", 1);
    };
    m.catalogueFigures = mfuFigures();
    return m;
}

} // namespace lanescope::analysis
