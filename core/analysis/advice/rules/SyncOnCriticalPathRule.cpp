// SPDX-License-Identifier: GPL-3.0-or-later
// A synchronisation on the critical path: the CPU blocks until the GPU is done, then the GPU
// waits while the CPU refills the queue. What it costs is what the path spends there
// (syncCostOnPath), never more than the call waited for the CPU work after it.
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

// What a user wrote to cause a synchronisation: ".item()" for aten::item / _local_scalar_dense,
// ".cpu() / .to()" for a copy to the host, else the op's name (or the call's, called from Python).
QString syncCause(const PathSync &s)
{
    for (const QString &op : {s.outerOp, s.op}) {
        if (op == QLatin1String("aten::item") || op == QLatin1String("aten::_local_scalar_dense"))
            return QStringLiteral(".item()");
        if (op == QLatin1String("aten::to") || op == QLatin1String("aten::_to_copy") || op == QLatin1String("aten::copy_"))
            return QStringLiteral(".cpu() / .to()");
    }
    return s.op.isEmpty() ? s.call : s.op;
}

// What a synchronisation costs the critical path, from the path's own segments: the path's sync
// edges inside the call (blocked), then the path's time after it until it is back on the GPU (the
// CPU catching up, the launch that refills the drained queue), but no more of that than the call
// waited: the CPU was that far ahead of the GPU, so without the wait at most that much of its
// work would have run beside the GPU's. A CPU-bound step (the CPU never ahead) gains only the
// blocked time.
TimeNs syncCostOnPath(const CriticalPath &cp, const PathSync &s)
{
    TimeNs blocked = 0, after = 0;
    std::size_t next = cp.segments.size();
    // The segments are in time order and back to back: start at the one the call begins in.
    const auto first = std::lower_bound(cp.segments.begin(), cp.segments.end(), s.where.from,
                                        [](const PathSegment &g, TimeNs v) { return g.to <= v; });
    for (std::size_t k = std::size_t(first - cp.segments.begin()); k < cp.segments.size(); ++k) {
        const PathSegment &g = cp.segments[k];
        if (g.from >= s.where.to) {
            next = k;
            break;
        }
        if (g.part == PathPart::Sync)
            blocked += std::max<TimeNs>(0, std::min(g.to, s.where.to) - std::max(g.from, s.where.from));
    }
    for (std::size_t k = next; k < cp.segments.size(); ++k) {
        const PathSegment &g = cp.segments[k];
        if (g.part == PathPart::GpuCompute || g.part == PathPart::Communication || g.part == PathPart::Sync)
            break;
        after += g.to - g.from;
    }
    return blocked + std::min(after, std::max<TimeNs>(0, s.where.to - s.where.from));
}

class SyncOnCriticalPathRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "sync_on_critical_path"; }
    std::vector<std::string_view> needs() const override { return {"critical_path"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const CriticalPath &cp = *c.path();
        TimeNs cost = 0, worstCost = -1;
        const PathSync *worst = nullptr;
        for (const PathSync &s : cp.syncs) {
            const TimeNs one = syncCostOnPath(cp, s);
            cost += one;
            if (one > worstCost) {
                worstCost = one;
                worst = &s;
            }
        }
        const double stepShare = 100.0 * double(cost) / double(cp.lengthNs);
        if (!worst || cost < M::kSyncOnPathMinNs || stepShare < M::kSyncOnPathSharePct)
            return std::nullopt;
        const QString cause = syncCause(*worst);
        const QString caller = worst->op.isEmpty() ? worst->call : Text::tr("%1 in %2").arg(worst->call, worst->op);
        const int count = int(cp.syncs.size());
        Advice a = advice(Text::tr("Synchronisation on the critical path: %1 makes the CPU wait for the GPU; take it out of the step (keep the value on the GPU, read it every few steps, copy with non_blocking=True)")
                              .arg(cause),
                          (count == 1 ? Text::tr("the critical path of %1 runs through %n synchronisation, the costliest %2 (%3): the path spends %4 blocked in it or refilling the GPU's queue after it, no longer than the call waited = %5 of the step (%6; the path's sync part is %7)",
                                                 nullptr, count)
                                      : Text::tr("the critical path of %1 runs through %n synchronisations, the costliest %2 (%3): the path spends %4 blocked in them or refilling the GPU's queue after them, no longer than each call waited = %5 of the step (%6; the path's sync part is %7)",
                                                 nullptr, count))
                              .arg(cp.step.name, caller, cause, formatDuration(cost), figure::pct(stepShare), formatDuration(cp.lengthNs),
                                   formatDuration(cp.part(PathPart::Sync))),
                          worst->where);
        // Measured on one step, taken as every step's.
        c.project(a, cost * TimeNs(c.perStep()));
        return a;
    }
};

} // namespace

const AdviceRule &syncOnCriticalPathRule()
{
    static const SyncOnCriticalPathRule rule;
    return rule;
}

} // namespace lanescope::analysis
