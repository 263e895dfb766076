// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs analysis::compareTraces() off the UI thread for the comparison dock: every run analysed with
// the analysis dock's options, then the comparison; the latest request only (LatestRunner). The
// traces are held by shared pointer for the run's duration, so removing a run from the session
// while it is analysed is safe.
#include "core/analysis/compare/CompareTraces.h"
#include "widgets/analysis/LatestRunner.h"
#include "core/io/FolderLoad.h"

#include <memory>

namespace lanescope {

struct ComparisonInput
{
    std::vector<std::shared_ptr<const Trace>> traces;
    QStringList labels, paths;
    // Per run: a folder's ranks (SessionRun::job), null for a trace. The run's trace is one of them.
    std::vector<std::shared_ptr<const std::vector<RankFile>>> jobs;
    // Per run: the analysis the session holds (null: none yet); reused where it serves.
    std::vector<std::shared_ptr<const analysis::AnalysisResult>> analyses;
    analysis::AnalysisOptions options;
    analysis::CompareOptions compare;
};

using ComparisonPtr = std::shared_ptr<const analysis::TracesComparison>;

class ComparisonRunner : public LatestRunner
{
    Q_OBJECT
public:
    using LatestRunner::LatestRunner;

    void request(ComparisonInput input); // fewer than two traces: cancels, hands out nothing

signals:
    void finished(const lanescope::ComparisonPtr &result);

protected:
    void deliver(const Result &result) override;
};

} // namespace lanescope
