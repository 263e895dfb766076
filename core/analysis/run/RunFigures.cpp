// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/RunFigures.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/KernelClass.h"
#include "core/analysis/run/Measure.h"

namespace lanescope::analysis {

namespace {
std::optional<double> known(bool ok, double v) { return ok ? std::optional<double>(v) : std::nullopt; }
} // namespace

RunFigures runFigures(const Trace &t, const AnalysisResult &a, const AnalysisOptions &options,
                      int stepsAnalysed, const std::vector<Step> &measured)
{
    RunFigures f;
    FigureScope &s = f.scope;
    s.window = a.analysed;
    s.step = options.step;
    s.stepsAnalysed = stepsAnalysed;
    s.stepsMeasured = int(measured.size());
    s.gapThresholdNs = options.gaps.minGap;
    s.gapKernels = options.gaps.kernels;
    s.definition = options.definition;

    if (!measured.empty())
        f.stepTimeNs = medianStepNs(measured);
    // MFU from the same step time (mfuFromTrace was given the same measured steps).
    const MfuResult &m = a.mfu;
    f.peakTflops = m.peakTflops;
    if (m.stepS > 0 && m.samplesPerSPerGpu > 0)
        f.samplesPerSPerGpu = m.samplesPerSPerGpu;
    if (m.stepS > 0 && m.tokensPerSPerGpu > 0) {
        f.tokensPerSPerGpu = m.tokensPerSPerGpu;
        f.achievedTflops = m.achievedTflops;
        f.mfuPct = known(m.valid, m.mfuPct);
    }

    const TemporalBreakdown &tb = a.temporal;
    f.idlePct = tb.idlePct;
    f.computePct = tb.computePct;
    f.nonComputePct = tb.nonComputePct;
    f.commCompOverlapPct = tb.commCompOverlapPct;
    f.exposedCommNs = tb.communication - tb.overlap;
    if (a.computeIdle.analysedNs > 0)
        f.computeIdlePct = a.computeIdle.idlePct;
    for (const Gap &g : a.gaps) {
        ++f.gapCount;
        f.gapTotalNs += g.dur;
        ++f.gapCountByCause[int(g.cause)];
        f.gapTotalByCause[int(g.cause)] += g.dur;
    }
    f.peakAllocatedBytes = known(a.memory.peakAllocated >= 0, double(a.memory.peakAllocated));
    f.peakReservedBytes = known(a.memory.peakReserved >= 0, double(a.memory.peakReserved));
    f.mallocCalls = a.memory.mallocCalls;
    f.freeCalls = a.memory.freeCalls;

    f.hostWaitSharePct = a.idleBreakdown.hostWaitSharePct();
    f.launches = a.launchStats.launches;
    f.launchDelayMedianNs = a.launchStats.medianDelayNs;
    if (a.criticalPath.valid) {
        f.criticalPathStep = a.criticalPath.step.name;
        f.criticalPathNs = a.criticalPath.partsNs;
    }

    // The figures the measures add to the catalogue (Measure.h), under their keys.
    for (const Measure *measure : measureCatalogue().measures())
        for (const MeasureFigure &mf : measure->figures)
            if (mf.value)
                if (const std::optional<double> v = mf.value(a))
                    f.measureFigures[mf.key] = *v;

    const TimeRange w = a.analysed;
    for (const Track &tr : t.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t c = tr.catId[i];
            const CategoryClass cc = c < t.categoryClass.size() ? t.categoryClass[c] : CategoryClass::Other;
            if (isGpuActivity(cc) && (w.empty() || w.contains(tr.start[i])))
                ++f.kernelCount;
        }
    }
    return f;
}

} // namespace lanescope::analysis
