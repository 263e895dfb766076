// SPDX-License-Identifier: GPL-3.0-or-later
// Serialized AllGathers (FSDP limit_all_gathers=True, no prefetch): the compute stream waits for
// a layer's AllGather at (nearly) every layer boundary.
#include "core/analysis/advice/AdviceRule.h"
#include "core/analysis/text/Format.h"

#include <QCoreApplication>
#include <QLocale>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

class FsdpAllGathersRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "fsdp_limit_all_gathers"; }
    std::vector<std::string_view> needs() const override { return {"gaps"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const AdviceContext::GapEvidence ag = c.gapsOf(GapCause::CommWait, QStringLiteral("AllGather"));
        if (ag.count < M::kAllGatherWaitsPerStep * c.perStep() || c.share(ag.union_) < M::kAllGatherSharePct)
            return std::nullopt;
        Advice a = advice(Text::tr("Serialized AllGathers: let FSDP prefetch (limit_all_gathers=False, backward_prefetch=BACKWARD_PRE, forward_prefetch=True)"),
                          (ag.count == 1 ? Text::tr("the compute stream waited for an AllGather %n time (%1 per step), %2 = %3 %4; longest wait %5",
                                                    nullptr, ag.count)
                                         : Text::tr("the compute stream waited for an AllGather %n times (%1 per step), %2 = %3 %4; longest wait %5",
                                                    nullptr, ag.count))
                              .arg(QLocale().toString(double(ag.count) / c.perStep(), 'f', 1))
                              .arg(formatDuration(ag.union_), figure::pct(c.share(ag.union_)), c.ofAnalysed(), formatDuration(ag.longest->dur)),
                          ag.longestRange());
        AdviceContext::listGaps(a, GapCause::CommWait, ag.count, QStringLiteral("AllGather"));
        c.project(a, ag.union_);
        return a;
    }
};

} // namespace

const AdviceRule &fsdpAllGathersRule()
{
    static const FsdpAllGathersRule rule;
    return rule;
}

} // namespace lanescope::analysis
