#include "compare/ComparisonRunner.h"

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
                runs.push_back({in->labels.value(int(i)), in->paths.value(int(i)), in->traces[i].get(), std::nullopt});
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
