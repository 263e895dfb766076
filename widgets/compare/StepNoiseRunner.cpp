// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/StepNoiseRunner.h"

namespace lanescope {

const analysis::ChangeStats *StepNoise::change(int run, std::string_view key) const
{
    if (run < 1 || run >= int(changes.size()))
        return nullptr;
    const auto it = changes[std::size_t(run)].find(key);
    return it == changes[std::size_t(run)].end() ? nullptr : &it->second;
}

double StepNoise::baselineMedian(std::string_view key) const
{
    if (samples.empty())
        return 0;
    const std::vector<double> *s = samples.front().of(key);
    return s ? analysis::sampleMedian(*s) : 0;
}

StepNoise measureStepNoise(const StepNoiseInput &input)
{
    StepNoise out;
    out.labels = input.labels;
    for (std::size_t i = 0; i < input.traces.size(); ++i) {
        std::vector<const Trace *> traces;
        for (const auto &t : input.traces[i])
            traces.push_back(t.get());
        out.samples.push_back(analysis::stepSamples(traces, input.options, i < input.mfu.size() ? input.mfu[i] : std::nullopt));
    }
    out.changes = analysis::judgeRuns(out.samples);
    for (const analysis::StepSamples &s : out.samples) {
        std::map<std::string, TrendPoint, std::less<>> points;
        for (const char *key : analysis::kPerStepFigureKeys) {
            const std::vector<double> &v = *s.of(key);
            TrendPoint p;
            if (!v.empty())
                p.median = analysis::sampleMedian(v);
            if (const auto ci = analysis::medianCi95(v)) {
                p.low = ci->first;
                p.high = ci->second;
            }
            points[key] = p;
        }
        out.trend.push_back(std::move(points));
    }
    return out;
}

void StepNoiseRunner::request(StepNoiseInput input)
{
    if (input.traces.size() < 2) {
        submit(nullptr, nullptr);
        return;
    }
    auto in = std::make_shared<const StepNoiseInput>(std::move(input));
    submit([in]() -> Result { return std::make_shared<const StepNoise>(measureStepNoise(*in)); },
           [](const QString &) -> Result { return std::make_shared<const StepNoise>(); });
}

void StepNoiseRunner::deliver(const Result &result) { emit finished(std::static_pointer_cast<const StepNoise>(result)); }

} // namespace lanescope
