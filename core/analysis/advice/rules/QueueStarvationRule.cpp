// SPDX-License-Identifier: GPL-3.0-or-later
// A starved launch queue: the CPU never gets ahead of the main stream, whose queue sits empty for
// much of the time, and no rule before it names why the GPU idles. The catch-all for host-side
// work between launches (synchronisations, logging, Python).
#include "core/analysis/advice/AdviceRule.h"
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

class QueueStarvationRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "queue_starvation"; }
    std::vector<std::string_view> needs() const override { return {"launch"}; } // the queue lengths
    bool onlyWhenNoneBefore() const override { return true; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const StreamQueue *main = nullptr; // the stream with the most launches
        for (const StreamQueue &q : *c.inputs().queueLengths)
            if (!main || q.count > main->count)
                main = &q;
        if (!main)
            return std::nullopt;
        const double emptyPct = main->spanNs > 0 ? 100.0 * double(main->emptyNs) / double(main->spanNs) : 0.0;
        TimeNs idleNs = 0;
        for (const TimeRange &r : c.idleWindows())
            idleNs += r.to - r.from;
        const TimeNs starved = std::min(main->emptyNs, idleNs);
        if (emptyPct < M::kQueueEmptyPct || main->mean >= M::kQueueMeanBelow || c.share(starved) < M::kQueueEmptyPct)
            return std::nullopt;
        Advice a = advice(Text::tr("Starved launch queue: let the CPU run ahead of the GPU; take synchronisations (.item(), .cpu(), printing tensors) out of the step, copy with non_blocking=True, move logging and data preparation off the launching thread"),
                          Text::tr("stream %1's launch queue was empty %2 of the time (%3 of %4), %5 operations deep on average; while it was empty the GPU computed nothing for at most %6 = %7 %8")
                              .arg(main->stream)
                              .arg(figure::pct(emptyPct), formatDuration(main->emptyNs), formatDuration(main->spanNs))
                              .arg(main->mean, 0, 'f', 2)
                              .arg(formatDuration(starved), figure::pct(c.share(starved)), c.ofAnalysed()),
                          TimeRange{});
        c.project(a, starved);
        return a;
    }
};

} // namespace

const AdviceRule &queueStarvationRule()
{
    static const QueueStarvationRule rule;
    return rule;
}

} // namespace lanescope::analysis
