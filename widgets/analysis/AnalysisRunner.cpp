// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/AnalysisRunner.h"

namespace lanescope {

void AnalysisRunner::request(std::shared_ptr<const Trace> trace, const analysis::AnalysisOptions &options)
{
    if (!trace) {
        submit(nullptr, nullptr);
        return;
    }
    submit([trace, options]() -> Result { return std::make_shared<const analysis::AnalysisResult>(analysis::analyze(*trace, options)); },
           [](const QString &message) -> Result {
               auto r = std::make_shared<analysis::AnalysisResult>();
               r->error = tr("internal error in the analysis: %1").arg(message);
               return r;
           });
}

void AnalysisRunner::deliver(const Result &result)
{
    emit finished(std::static_pointer_cast<const analysis::AnalysisResult>(result));
}

} // namespace lanescope
