// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/advice/CpuDataLoader.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/text/Format.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

} // namespace

std::vector<TimeNs> cpuDataLoaderWaits(const detail::EvidenceIndex &index, const std::vector<Step> &steps)
{
    std::vector<TimeNs> out;
    out.reserve(steps.size());
    for (const Step &s : steps) {
        std::vector<TimeRange> waits;
        index.dataLoader.overlapping(s.start, s.end(), [&](const detail::CpuSpan &d) {
            // The step's own thread: a loader's wait elsewhere does not hold the step.
            if (d.track == s.track)
                waits.push_back(TimeRange{std::max(d.start, s.start), std::min(d.end, s.end())});
        });
        out.push_back(unionWithin(std::move(waits), {TimeRange{s.start, s.end()}}));
    }
    return out;
}

std::optional<Advice> cpuDataLoaderAdvice(const detail::EvidenceIndex &index, const std::vector<Step> &steps,
                                          std::int64_t deviceActivities, double stepS)
{
    namespace M = AdviceMinimum;
    if (deviceActivities > 0 || steps.empty() || stepS <= 0)
        return std::nullopt; // with device activity the GPU-gap rule speaks for the data loader
    const std::vector<TimeNs> waits = cpuDataLoaderWaits(index, steps);
    TimeNs total = 0, stepsNs = 0;
    int waited = 0;
    std::vector<TimeNs> rest; // each step without its wait
    for (std::size_t k = 0; k < steps.size(); ++k) {
        total += waits[k];
        stepsNs += steps[k].dur;
        waited += waits[k] > 0;
        rest.push_back(steps[k].dur - waits[k]);
    }
    const double sharePct = stepsNs > 0 ? 100.0 * double(total) / double(stepsNs) : 0;
    if (waited == 0 || waited < M::kDataLoaderStallsPerStep * double(steps.size()) || sharePct < M::kDataLoaderSharePct)
        return std::nullopt;
    // The longest wait, for "where".
    TimeRange where;
    for (const Step &s : steps)
        index.dataLoader.overlapping(s.start, s.end(), [&](const detail::CpuSpan &d) {
            if (d.track == s.track && d.end - d.start > where.to - where.from)
                where = TimeRange{d.start, d.end};
        });
    std::sort(rest.begin(), rest.end());
    Advice a;
    a.id = QStringLiteral("dataloader");
    a.title = Text::tr("Input-bound: give the DataLoader more workers (num_workers), pin_memory=True and persistent_workers=True");
    a.explainedNs = total;
    a.stepS = stepS;
    a.projectedStepS = std::max(medianOfSorted(rest) / 1e9, 1e-9);
    a.where = where;
    const int n = int(steps.size());
    a.evidence = (n == 1 ? Text::tr("the step's thread waited for the DataLoader to load a batch in %1 of %n step, %2 = %3 of the step (%4); longest %5", nullptr, n)
                         : Text::tr("the step's thread waited for the DataLoader to load a batch in %1 of %n steps, %2 = %3 of the steps (%4); longest %5", nullptr, n))
                     .arg(waited)
                     .arg(formatDuration(total), figure::pct(sharePct), formatDuration(stepsNs), formatDuration(where.to - where.from));
    a.boundTextAt = a.evidence.size();
    a.evidence += QStringLiteral("; ")
        + Text::tr("without these waits: step %1 -> %2 (the rest of each step unchanged)")
              .arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9));
    return a;
}

void insertByGain(std::vector<Advice> &advice, Advice a)
{
    const auto gain = [](const Advice &x) { return x.projectedStepS > 0 ? x.stepS - x.projectedStepS : -1.0; };
    const double g = gain(a);
    auto at = std::find_if(advice.begin(), advice.end(), [&](const Advice &x) { return gain(x) < g; });
    advice.insert(at, std::move(a));
}

} // namespace lanescope::analysis
