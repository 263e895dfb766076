// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/Analysis.h"

#include "core/analysis/advice/CpuDataLoader.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/Format.h"
#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/analysis/measures/replay/AdviceReplay.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis {

AnalysisResult analyze(const Trace &trace, const AnalysisOptions &options)
{
    AnalysisResult r;
    r.options = options;
    const detail::EvidenceIndex ix(trace);
    r.steps = ix.steps;

    TimeRange range = options.range;
    std::vector<Step> stepsInScope = r.steps;
    AnalysisRange annotated;
    if (options.step >= 0) {
        range = {};
        stepsInScope.clear();
        for (const Step &s : r.steps)
            if (s.number == options.step) {
                range = s.gpuRange();
                stepsInScope.push_back(s);
            }
        if (range.empty()) {
            r.error = QCoreApplication::translate("analysis", "the trace has no ProfilerStep#%1").arg(options.step);
            return r;
        }
    } else if (!options.annotation.isEmpty()) {
        // An annotation's instance (AnalysisRange.h): its GPU span, as a step's, and the steps inside it.
        annotated = resolveRange(trace, r.steps, RangeRequest{-1, {}, options.annotation, options.instance});
        if (!annotated.ok()) {
            r.error = annotated.error;
            return r;
        }
        range = annotated.span.gpuRange();
        stepsInScope.clear();
        for (const Step &s : r.steps)
            if (s.start >= annotated.span.start && s.end() <= annotated.span.end())
                stepsInScope.push_back(s);
    } else if (!range.empty()) {
        stepsInScope.clear();
        for (const Step &s : r.steps)
            if (s.start >= range.from && s.end() <= range.to)
                stepsInScope.push_back(s);
    }
    r.analysed = range;

    TemporalOptions to;
    to.range = range;
    to.htaCompatible = options.htaCompatible;
    to.definition = options.definition;
    r.temporal = temporalBreakdown(trace, to);
    r.warnings = trace.warnings;
    if (r.temporal.activities == 0 && !trace.legacyProfiler && !trace.unrecognisedDeviceWork) // said already
        r.warnings << (range.empty()
                           ? QCoreApplication::translate("analysis", "no GPU activity: the trace records no kernels, copies or memsets, so the GPU breakdown, gaps and MFU are empty")
                           : QCoreApplication::translate("analysis", "no GPU activity in the analysed window"));

    // One step time for the MFU, the advice's projections and the figures: the median of the
    // complete steps analysed (Steps.h).
    const std::vector<Step> measured = measuredSteps(r.steps, stepsInScope);
    // One scope for every count and total: the measured steps' CPU spans (which hold the
    // data-loading waits between the GPU's step boundaries), the time compute idle and the advice
    // take their shares of; without steps, the analysed window.
    // Between one step's CPU span and the next the loop runs its own code (fetching the next
    // batch, a few microseconds to milliseconds): that sliver belongs to the steps too, or a gap
    // across the boundary would be cut there.
    std::vector<TimeRange> scope;
    for (std::size_t k = 0; k < measured.size(); ++k) {
        TimeRange w{measured[k].start, measured[k].end()};
        if (k + 1 < measured.size())
            w.to = std::max(w.to, measured[k + 1].start);
        scope.push_back(w);
    }

    GapOptions go = options.gaps;
    if (!range.empty())
        go.range = range;
    go.windows = scope;
    r.gaps = findGaps(ix, go);
    r.mfu = mfuFromTrace(trace, measured, options.mfu);
    r.memory = memorySummary(ix);
    r.memoryOwners = memoryOwners(trace, r.memory, r.steps);
    r.warnings << memoryOwnersWarnings(r.memoryOwners);

    // Launches, queue depth and the idle breakdown: one view of the launched activities.
    LaunchOptions lo;
    lo.hta = options.definition == GpuTimeDefinition::Hta;
    lo.htaCompatible = options.htaCompatible;
    lo.window = lo.hta ? range : launchWindow(range, measured);
    {
        const ActivityView view = launchedActivities(ix, lo);
        r.idleBreakdown = idleBreakdown(view, lo);
        r.launchStats = launchStats(trace, view, lo);
        r.queueLengths = queueLengths(view, lo);
        r.warnings << clockSkewWarnings(r.launchStats, r.queueLengths);
    }

    // Advice looks at every compute-stream gap of a millisecond or more, whatever the listed
    // gaps' filter, so changing the table's threshold does not change the advice.
    GapOptions fine;
    fine.minGap = kAdviceGapNs;
    fine.kernels = GapKernels::All;
    fine.range = range;
    fine.windows = scope;
    const std::vector<Gap> fineGaps = findGaps(ix, fine);
    bool medianStep = false;
    if (!options.annotation.isEmpty()) {
        r.criticalPath = criticalPath(ix, annotated);
    } else if (const Step *s = criticalPathStep(measured, options.step, &medianStep)) {
        r.criticalPath = criticalPath(ix, *s);
        r.criticalPath.medianStep = medianStep;
    } else if (!options.range.empty()) {
        // A window without a complete step in it (or a trace without steps): the window's path.
        r.criticalPath = criticalPath(ix, resolveRange(trace, r.steps, RangeRequest{-1, options.range, {}, 0}));
    }
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
    ai.windows = scope;
    ai.computeBusy = computeIntervals(trace, range);
    ai.hostWaits = hostWaitIntervals(ix, kAdviceGapNs, range);
    ai.graphLaunchCalls = ix.graphLaunchCalls;
    ai.idleBreakdown = &r.idleBreakdown;
    ai.launchStats = &r.launchStats;
    ai.queueLengths = &r.queueLengths;
    ai.criticalPath = &r.criticalPath;
    ai.index = &ix;
    r.advice = advise(ai);
    // The advice counts its gaps at its own threshold (kAdviceGapNs, every kernel); where the gap
    // table's filter keeps another number of them, it says how many the table lists, so that the
    // two counts read as what they are.
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
    if (std::optional<Advice> dl = cpuDataLoaderAdvice(ix, measured, std::int64_t(r.temporal.activities), medianStepNs(measured) / 1e9))
        insertByGain(r.advice, std::move(*dl));
    // What each fix is worth is a replay of the critical path's step with the fix applied
    // (replay/AdviceReplay.h): the projections above are bounds the replay replaces, advice whose
    // replay gains under 2 % of the step is dropped, and the rest is ordered by replayed gain.
    // Where the step cannot be replayed (no step, over the event bound) the bounds stay.
    const Step *replayed = r.criticalPath.valid ? &r.criticalPath.step : criticalPathStep(measured, options.step, nullptr);
    if (!r.advice.empty() && replayed)
        replay::replayAdvice(r.advice, ix, *replayed, r.mfu.valid ? r.mfu.mfuPct : -1.0, medianStepNs(measured) / 1e9);
    r.computeIdle = computeIdle(ai, r.gaps);
    r.figures = runFigures(trace, r, options, int(stepsInScope.size()), measured);
    // A step's operators run in its CPU span, its kernels in its GPU span.
    TimeRange cpuRange = range;
    if (options.step >= 0 && !stepsInScope.empty())
        cpuRange = {stepsInScope.front().start, stepsInScope.front().end()};
    else if (!options.annotation.isEmpty())
        cpuRange = annotated.cpu();
    const detail::LaunchedDeviceTime launched(trace); // shared by the summaries and the operators' efficiency
    r.summaries = timeSummaries(trace, range, cpuRange, options.opsByInputShapes, &launched);
    r.sourceLines = sourceLines(trace, cpuRange, &launched); // empty at once without Python frames
    r.collectives = collectiveBandwidth(trace, range);
    // Over the steps the step time is measured on (Steps.h), so the measured MFU divides their
    // FLOPs by the time they ran in, as the 6P estimate does.
    TimeRange opsWindow = cpuRange;
    if (!measured.empty())
        opsWindow = {measured.front().start, measured.back().end()};
    // The roofs: the MFU's peak (a --peak-tflops or the user's figure included) for bf16/fp16, the
    // table row's other figures with the user's in place.
    const ResolvedPeak device = resolvePeak(r.mfu.gpuName, options.mfu.peakOverrides);
    RooflinePeaks roofs{r.mfu.peakTflops, device.tf32Tflops, device.fp32Tflops, device.fp64Tflops, device.hbmTBps};
    r.opsEfficiency = opsEfficiency(trace, opsWindow, roofs, &launched);
    r.collectives.linkGBps = device.linkGBps > 0 ? device.linkGBps : -1;
    if (!measured.empty() && r.mfu.peakTflops > 0 && r.opsEfficiency.totalFlops > 0 && opsWindow.to > opsWindow.from)
        r.measuredMfuPct = 100.0 * r.opsEfficiency.totalFlops / double(opsWindow.to - opsWindow.from) / 1e3 / r.mfu.peakTflops;
    if (r.measuredMfuPct > 100) {
        // The counted ops alone outran the peak: the peak is wrong (a --peak-tflops too low), not
        // the GPU. No share of it, and a word why.
        r.warnings << QCoreApplication::translate("analysis", "the counted operators ran at %1 TFLOPS over the steps, above the peak of %2 TFLOPS: the peak is too low, so no measured MFU")
                          .arg(r.opsEfficiency.totalFlops / double(opsWindow.to - opsWindow.from) / 1e3, 0, 'f', 1)
                          .arg(r.mfu.peakTflops, 0, 'f', 1);
        r.measuredMfuPct = -1;
    }
    return r;
}

namespace {
bool samePeakOverrides(const PeakOverrides &a, const PeakOverrides &b)
{
    return a == b; // every figure of every row
}
} // namespace

bool servesWholeTrace(const AnalysisResult &result, const AnalysisOptions &options)
{
    return result.error.isEmpty() && result.options.range.empty() && result.options.step < 0 && result.options.annotation.isEmpty()
        && sameMeasures(result.options, options);
}

bool sameMeasures(const AnalysisOptions &a, const AnalysisOptions &b)
{
    return a.gaps.minGap == b.gaps.minGap && a.gaps.kernels == b.gaps.kernels && a.mfu.params == b.mfu.params
        && a.mfu.tokensPerStep == b.mfu.tokensPerStep && a.mfu.tokensGlobal == b.mfu.tokensGlobal && a.mfu.items == b.mfu.items
        && a.mfu.peakTflops == b.mfu.peakTflops && samePeakOverrides(a.mfu.peakOverrides, b.mfu.peakOverrides)
        && a.htaCompatible == b.htaCompatible && a.definition == b.definition && a.opsByInputShapes == b.opsByInputShapes;
}

} // namespace lanescope::analysis
