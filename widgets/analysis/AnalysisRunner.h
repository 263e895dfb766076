// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs core's analyze() off the UI thread for the analysis dock, the latest request only
// (LatestRunner).
#include "core/analysis/run/Analysis.h"
#include "widgets/analysis/LatestRunner.h"

#include <memory>

namespace lanescope {

using AnalysisResultPtr = std::shared_ptr<const analysis::AnalysisResult>;

class AnalysisRunner : public LatestRunner
{
    Q_OBJECT
public:
    using LatestRunner::LatestRunner;

    // Analyses `trace` with `options`; a null trace cancels what is pending and hands out nothing.
    void request(std::shared_ptr<const Trace> trace, const analysis::AnalysisOptions &options);

signals:
    void finished(const lanescope::AnalysisResultPtr &result);

protected:
    void deliver(const Result &result) override;
};

} // namespace lanescope
