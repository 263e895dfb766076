// SPDX-License-Identifier: GPL-3.0-or-later
// Data loading on the training thread: the GPU idles while the DataLoader fetches the next batch
// (num_workers=0, or too few workers). A trace without device activity is judged apart, on the
// step's own wait (CpuDataLoader.h).
#include "core/analysis/advice/AdviceRule.h"
#include "core/analysis/run/Evidence.h"
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

// The path's CPU time inside the DataLoader's spans on the same thread (what more workers take away).
TimeNs dataLoaderOnPath(const CriticalPath &cp, const detail::EvidenceIndex &ix)
{
    std::vector<TimeRange> on;
    for (const PathSegment &g : cp.segments) {
        if (g.part != PathPart::Cpu || g.to <= g.from)
            continue;
        ix.dataLoader.overlapping(g.from, g.to, [&](const detail::CpuSpan &d) {
            if (d.track == g.track)
                on.push_back(TimeRange{std::max(d.start, g.from), std::min(d.end, g.to)});
        });
    }
    return unionWithin(std::move(on), {TimeRange{cp.step.start, cp.step.end()}});
}

class DataLoaderRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "dataloader"; }
    std::vector<std::string_view> needs() const override { return {"gaps"}; }
    std::vector<std::string_view> uses() const override { return {"critical_path"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const AdviceContext::GapEvidence dl = c.gapsOf(GapCause::DataLoader);
        if (dl.count == 0 || dl.count < M::kDataLoaderStallsPerStep * c.perStep() || c.share(dl.union_) < M::kDataLoaderSharePct)
            return std::nullopt;
        Advice a = advice(Text::tr("Input-bound: give the DataLoader more workers (num_workers), pin_memory=True and persistent_workers=True"),
                          (dl.count == 1 ? Text::tr("the GPU idled %n time while the DataLoader fetched a batch, %1 = %2 %3; longest %4", nullptr, dl.count)
                                         : Text::tr("the GPU idled %n times while the DataLoader fetched a batch, %1 = %2 %3; longest %4", nullptr, dl.count))
                              .arg(formatDuration(dl.union_), figure::pct(c.share(dl.union_)), c.ofAnalysed(), formatDuration(dl.longest->dur)),
                          dl.longestRange());
        AdviceContext::listGaps(a, GapCause::DataLoader, dl.count);
        TimeNs explained = dl.union_;
        if (c.path() && c.inputs().index)
            explained = c.boundByPath(a, dl.union_, dataLoaderOnPath(*c.path(), *c.inputs().index), Text::tr("in the DataLoader"));
        c.project(a, explained);
        return a;
    }
};

} // namespace

const AdviceRule &dataLoaderRule()
{
    static const DataLoaderRule rule;
    return rule;
}

} // namespace lanescope::analysis
