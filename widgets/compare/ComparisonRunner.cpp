// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/ComparisonRunner.h"

#include "core/analysis/job/JobRun.h"
#include "core/analysis/job/Ranks.h"

namespace lanescope {

void ComparisonRunner::request(ComparisonInput input)
{
    if (input.traces.size() < 2) {
        submit(nullptr, nullptr);
        return;
    }
    auto in = std::make_shared<const ComparisonInput>(std::move(input));
    submit(
        [in]() -> Result {
            std::vector<analysis::TraceRun> runs;
            for (std::size_t i = 0; i < in->traces.size(); ++i)
                runs.push_back({in->labels.value(int(i)), in->paths.value(int(i)), in->traces[i].get(), std::nullopt,
                                i < in->analyses.size() ? in->analyses[i] : nullptr});
            // A folder run: its job measured under the same options, every time they change (the
            // job_* rows follow the gap threshold like the rest), as lanescope-cli compare does.
            for (std::size_t i = 0; i < in->traces.size() && i < in->jobs.size(); ++i) {
                if (!in->jobs[i])
                    continue;
                analysis::JobOptions jo;
                jo.analysis = in->options;
                const analysis::JobResult job = analysis::analyzeJob(*in->jobs[i], jo);
                int rank = -1;
                for (const RankFile &r : *in->jobs[i])
                    if (r.trace.get() == in->traces[i].get())
                        rank = r.rank;
                const analysis::JobRunPick pick = analysis::pickJobRun(job, rank);
                if (pick.error.isEmpty())
                    runs[i].job = pick.figures;
            }
            return std::make_shared<const analysis::TracesComparison>(analysis::compareTraces(runs, in->options, in->compare));
        },
        [](const QString &message) -> Result {
            auto r = std::make_shared<analysis::TracesComparison>();
            r->error = tr("internal error in the comparison: %1").arg(message);
            return r;
        });
}

void ComparisonRunner::deliver(const Result &result)
{
    emit finished(std::static_pointer_cast<const analysis::TracesComparison>(result));
}

} // namespace lanescope
