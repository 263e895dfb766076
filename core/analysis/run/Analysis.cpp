// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/Analysis.h"

#include "core/analysis/run/Measure.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis {

namespace {

// What every measure is given (Measure.h): the analysed window, the steps in it, the measured
// steps and their spans, the annotation's instance and the CPU window, resolved once. False, with
// result.error set, when the options name a step or an annotation the trace does not have.
bool resolveScope(MeasureContext &c)
{
    const AnalysisOptions &options = c.options;
    AnalysisResult &r = c.result;
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
            return false;
        }
    } else if (!options.annotation.isEmpty()) {
        // An annotation's instance (AnalysisRange.h): its GPU span, as a step's, and the steps inside it.
        annotated = resolveRange(c.trace, r.steps, RangeRequest{-1, {}, options.annotation, options.instance});
        if (!annotated.ok()) {
            r.error = annotated.error;
            return false;
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

    // One step time for the MFU, the advice's projections and the figures: the median of the
    // complete steps analysed (Steps.h).
    std::vector<Step> measured = measuredSteps(r.steps, stepsInScope);
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
    // A step's operators run in its CPU span, its kernels in its GPU span.
    TimeRange cpuRange = range;
    if (options.step >= 0 && !stepsInScope.empty())
        cpuRange = {stepsInScope.front().start, stepsInScope.front().end()};
    else if (!options.annotation.isEmpty())
        cpuRange = annotated.cpu();

    c.range = range;
    c.stepsInScope = std::move(stepsInScope);
    c.measured = std::move(measured);
    c.scope = std::move(scope);
    c.annotated = std::move(annotated);
    c.cpuRange = cpuRange;
    return true;
}

} // namespace

AnalysisResult analyze(const Trace &trace, const AnalysisOptions &options)
{
    AnalysisResult r;
    r.options = options;
    const detail::EvidenceIndex ix(trace);
    r.steps = ix.steps;
    MeasureContext c(trace, options, ix, r);
    if (!resolveScope(c))
        return r;
    // The trace's own warnings first; each measure appends its own, in the run order.
    r.warnings = trace.warnings;
    for (const Measure *m : measureRunOrder())
        m->run(c);
    r.figures = runFigures(trace, r, options, int(c.stepsInScope.size()), c.measured);
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
