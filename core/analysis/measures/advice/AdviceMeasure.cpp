// SPDX-License-Identifier: GPL-3.0-or-later
// The advice as a measure (Measure.h): "advice", from the measures it reads, each item's gain
// replayed on the critical path's step; and compute idle as the advice measures it
// (AnalysisResult::computeIdle).
#include "core/analysis/run/AnalysisJson.h"

#include "core/analysis/advice/CpuDataLoader.h"
#include "core/analysis/measures/replay/AdviceReplay.h"
#include "core/analysis/text/Format.h"
#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

void writeAdviceJson(JsonWriter &j, const Advice &a)
{
    j.field("id", a.id);
    j.field("title", a.title);
    j.field("evidence", a.evidence);
    // What the fix is worth (additions to the contract's keys).
    j.field("explained_us", double(a.explainedNs) / 1000.0);
    j.field("projected_step_s", JsonWriter::orNull(a.projectedStepS > 0, a.projectedStepS));
    j.field("projected_mfu_pct", JsonWriter::orNull(a.projectedMfuPct > 0, a.projectedMfuPct));
    // "replay": the step replayed with the fix; "bound": what the explained waits are worth at
    // most; null: not projected.
    if (a.projectedStepS <= 0)
        j.field("projection", nullptr);
    else
        j.field("projection", a.projectionReplayed ? "replay" : "bound");
}

namespace {

// Compute idle as the advice measures it, as a figure (FigureCatalogue.h).
std::vector<Figure> computeIdleFigures()
{
    std::vector<Figure> out;
    Figure &f = out.emplace_back(declareFigure("compute_idle_pct", FigureUnit::Pct, false, FigureExtent::Steps,
                                               InComparison | InMetricsTable, 9, 5, -1, nullptr));
    f.value = [](const RunFigures &m) { return m.computeIdlePct; };
    setFigureText(f, QT_TRANSLATE_NOOP("figures", "Compute-stream idle"),
                  QT_TRANSLATE_NOOP("figures", "Share of the analysed time (the steps' CPU spans) in which no compute stream runs a "
                                               "kernel: the Analysis dock's lead figure, and the one the advice measures"));
    return out;
}

} // namespace

Measure adviceMeasure()
{
    Measure m;
    m.key = "advice";
    m.needs = {"temporal", "gaps", "mfu", "memory", "launch", "critical_path"};
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        const std::vector<Step> &measured = c.measured;
        // Advice looks at every compute-stream gap of a millisecond or more, whatever the listed
        // gaps' filter, so changing the table's threshold does not change the advice.
        GapOptions fine;
        fine.minGap = kAdviceGapNs;
        fine.kernels = GapKernels::All;
        fine.range = c.range;
        fine.windows = c.scope;
        const std::vector<Gap> fineGaps = findGaps(c.index, fine);
        AdviceInputs ai;
        // Per step and of the analysed time: the measured steps, so that a share or a projection
        // divides by the steps the step time is the median of.
        ai.steps = &measured;
        ai.temporal = &r.temporal;
        ai.memory = &r.memory;
        ai.mfu = &r.mfu;
        ai.gaps = &fineGaps;
        // Shares are of the analysed steps; without steps, of the GPU's busy span (advise() falls back
        // to it when no window is given).
        ai.windows = c.scope;
        ai.computeBusy = computeIntervals(c.trace, c.range);
        ai.hostWaits = hostWaitIntervals(c.index, kAdviceGapNs, c.range);
        ai.graphLaunchCalls = c.index.graphLaunchCalls;
        ai.idleBreakdown = &r.idleBreakdown;
        ai.launchStats = &r.launchStats;
        ai.queueLengths = &r.queueLengths;
        ai.criticalPath = &r.criticalPath;
        ai.index = &c.index;
        r.advice = advise(ai);
        // The advice counts its gaps at its own threshold (kAdviceGapNs, every kernel); where the gap
        // table's filter keeps another number of them, it says how many the table lists, so that the
        // two counts read as what they are.
        const GapOptions &go = c.options.gaps;
        for (Advice &a : r.advice) {
            if (!a.listsGaps)
                continue;
            int listed = 0;
            TimeNs listedNs = 0;
            for (const Gap &g : r.gaps)
                if (g.cause == a.gapCause && (a.gapCollective.isEmpty() || g.collective.contains(a.gapCollective, Qt::CaseInsensitive))) {
                    ++listed;
                    listedNs += g.dur;
                }
            if (listed == a.gapCount)
                continue;
            // Said before the projection's sentence, which a replay replaces (Advice::boundTextAt).
            const QString note = (go.kernels == GapKernels::Gemm
                                   ? QCoreApplication::translate("analysis", "; %n of them listed in the gaps table (%1 or more, between GEMMs), %2", nullptr, listed)
                                   : QCoreApplication::translate("analysis", "; %n of them listed in the gaps table (%1 or more), %2", nullptr, listed))
                                  .arg(formatDuration(go.minGap), formatDuration(listedNs));
            if (a.boundTextAt >= 0 && a.boundTextAt <= a.evidence.size()) {
                a.evidence.insert(a.boundTextAt, note);
                a.boundTextAt += note.size();
            } else {
                a.evidence += note;
            }
        }
        // A trace without device activity (CPU only): the step's own wait in the DataLoader.
        if (std::optional<Advice> dl = cpuDataLoaderAdvice(c.index, measured, std::int64_t(r.temporal.activities), medianStepNs(measured) / 1e9))
            insertByGain(r.advice, std::move(*dl));
        // What each fix is worth is a replay of the critical path's step with the fix applied
        // (replay/AdviceReplay.h): the projections above are bounds the replay replaces, advice whose
        // replay gains under 2 % of the step is dropped, and the rest is ordered by replayed gain.
        // Where the step cannot be replayed (no step, over the event bound) the bounds stay.
        const Step *replayed = r.criticalPath.valid ? &r.criticalPath.step : criticalPathStep(measured, c.options.step, nullptr);
        if (!r.advice.empty() && replayed)
            replay::replayAdvice(r.advice, c.index, *replayed, r.mfu.valid ? r.mfu.mfuPct : -1.0, medianStepNs(measured) / 1e9);
        r.computeIdle = computeIdle(ai, r.gaps);
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        j.array("advice", [&] {
            for (const auto &a : c.result.advice)
                j.object([&] { writeAdviceJson(j, a); });
        });
    };
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &r) {
        o.arr("advice", [&] {
            for (const Advice &ad : r.advice)
                o.obj(nullptr, [&] {
                    o.s("id", ad.id);
                    o.s("title", ad.title);
                    o.s("evidence", ad.evidence);
                    o.i("where_from", ad.where.from);
                    o.i("where_to", ad.where.to);
                    o.i("explained_ns", ad.explainedNs);
                    o.d("step_s", ad.stepS);
                    o.d("projected_step_s", ad.projectedStepS);
                    o.d("mfu_pct", ad.mfuPct);
                    o.d("projected_mfu_pct", ad.projectedMfuPct);
                    o.b("projection_replayed", ad.projectionReplayed);
                });
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &r) {
        using namespace summary;
        for (const SummaryObj &v : in.objects(av, "advice")) {
            Advice ad;
            ad.id = in.text(v, "id");
            ad.title = in.text(v, "title");
            ad.evidence = in.text(v, "evidence");
            ad.where = TimeRange{in.i64(v, "where_from"), in.i64(v, "where_to")};
            ad.explainedNs = in.i64(v, "explained_ns");
            ad.stepS = in.dbl(v, "step_s", kSeconds);
            ad.projectedStepS = in.dbl(v, "projected_step_s", kSeconds);
            ad.mfuPct = in.dbl(v, "mfu_pct", kMfuPct);
            ad.projectedMfuPct = in.dbl(v, "projected_mfu_pct", kMfuPct);
            ad.projectionReplayed = in.boolean(v, "projection_replayed"); // false in a summary written before it
            r.advice.push_back(std::move(ad));
        }
    };
    m.catalogueFigures = computeIdleFigures();
    return m;
}

} // namespace lanescope::analysis
