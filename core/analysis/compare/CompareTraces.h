// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// From loaded traces to a comparison, as `lanescope-cli compare` and the comparison dock both do
// it: each run analysed with the same options (on a thread of its own), scoped to the aligned step
// when CompareOptions::scopeToStep asks for one step, then compareRuns(). One function, so the
// command line and the window cannot disagree about what a comparison measures.
#include "core/analysis/compare/Compare.h"

#include <QString>

#include <memory>

#include <vector>

namespace lanescope::analysis {

struct TraceRun
{
    QString label, path;
    const Trace *trace = nullptr;
    std::optional<JobRunFigures> job = std::nullopt; // a folder of rank traces, compared through the rank in trace
    // An analysis of the run that exists already (the window's): used as it is where it serves
    // (servesWholeTrace, and the comparison is of whole traces), so nothing is measured twice.
    std::shared_ptr<const AnalysisResult> analysis = nullptr;
};

struct TracesComparison
{
    std::vector<AnalysisResult> analyses; // per run, in run order
    int reused = 0;                       // of those, analyses the runs came with (TraceRun::analysis)
    ComparisonResult result;
    QString error; // the aligned step is missing somewhere; result is empty then
};

TracesComparison compareTraces(const std::vector<TraceRun> &runs, const AnalysisOptions &options,
                               const CompareOptions &compare);

} // namespace lanescope::analysis
