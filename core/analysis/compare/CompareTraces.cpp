// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/compare/CompareTraces.h"

#include "core/util/Parallel.h"

#include <QCoreApplication>

#include <thread>

namespace lanescope::analysis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

} // namespace

TracesComparison compareTraces(const std::vector<TraceRun> &runs, const AnalysisOptions &options,
                               const CompareOptions &compare)
{
    TracesComparison out;
    const std::size_t n = runs.size();
    // One aligned step (scopeToStep): each run is analysed on its own step at the baseline's position.
    std::vector<int> stepOf(n, -1);
    if (compare.scopeToStep) {
        std::vector<std::vector<Step>> steps(n);
        runOnThreads(n, [&](std::size_t i) { steps[i] = findSteps(*runs[i].trace); });
        std::vector<const Trace *> traces;
        std::vector<const std::vector<Step> *> stepPtrs;
        for (std::size_t i = 0; i < n; ++i) {
            traces.push_back(runs[i].trace);
            stepPtrs.push_back(&steps[i]);
        }
        const Alignment a = alignRuns(traces, stepPtrs, compare.align);
        if (!a.error.isEmpty()) {
            out.error = a.error;
            return out;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (a.runs[i].stepIndex < 0) {
                out.error = Text::tr("%1 has no complete step at position %2, where the baseline has ProfilerStep#%3")
                                .arg(runs[i].label)
                                .arg(a.position + 1)
                                .arg(compare.align.baselineStep);
                return out;
            }
            stepOf[i] = a.runs[i].stepNumber;
        }
    }
    out.analyses.resize(n);
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < n; ++i) {
        if (!compare.scopeToStep && runs[i].analysis && servesWholeTrace(*runs[i].analysis, options)) {
            out.analyses[i] = *runs[i].analysis;
            ++out.reused;
        } else {
            todo.push_back(i);
        }
    }
    runOnThreads(todo.size(), [&](std::size_t k) {
        const std::size_t i = todo[k];
        AnalysisOptions o = options;
        o.step = stepOf[i];
        out.analyses[i] = analyze(*runs[i].trace, o);
    });
    std::vector<CompareRun> cr;
    for (std::size_t i = 0; i < n; ++i)
        cr.push_back({runs[i].label, runs[i].path, runs[i].trace, &out.analyses[i], runs[i].job});
    out.result = compareRuns(cr, compare);
    if (!out.result.error.isEmpty())
        out.error = out.result.error;
    return out;
}

} // namespace lanescope::analysis
