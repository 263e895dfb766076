// SPDX-License-Identifier: GPL-3.0-or-later
// CPU-bound launches: the GPU keeps running dry because the CPU cannot enqueue fast enough.
#include "core/analysis/advice/AdviceRule.h"
#include "core/analysis/text/Format.h"

#include <QCoreApplication>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

class CpuBoundLaunchRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "cpu_bound_launch"; }
    // The host waits under the gaps' threshold (AdviceInputs::hostWaits) are found with the gaps.
    std::vector<std::string_view> needs() const override { return {"gaps"}; }
    std::vector<std::string_view> uses() const override { return {"critical_path"}; }
    // launch_bound names the same symptom more precisely, with the same remedy.
    std::vector<std::string_view> yieldsTo() const override { return {"launch_bound"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const AdviceInputs &in = c.inputs();
        const AdviceContext::GapEvidence hl = c.gapsOf(GapCause::HostLaunch);
        std::vector<TimeRange> waits = in.hostWaits;
        waits.insert(waits.end(), hl.intervals.begin(), hl.intervals.end());
        const int count = int(in.hostWaits.size()) + hl.count;
        const TimeNs wait = unionWithin(waits, c.idleWindows());
        if (count < M::kHostWaitsPerStep * c.perStep() || c.share(wait) < M::kHostWaitSharePct)
            return std::nullopt;
        // A trace that already replays CUDA graphs is told something else than to capture one.
        const bool graphs = in.graphLaunchCalls > 0;
        Advice a = advice(graphs ? Text::tr("CPU-bound launches between CUDA graph replays: capture more of the step in the graph, or move CPU work off the launching thread")
                                 : Text::tr("CPU-bound kernel launches: capture the step with CUDA graphs or compile it with torch.compile (mode=\"reduce-overhead\")"),
                          (count == 1 ? Text::tr("a compute stream ran dry %n time before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5",
                                                 nullptr, count)
                                      : Text::tr("a compute stream ran dry %n times before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5",
                                                 nullptr, count))
                              .arg(hl.count)
                              .arg(formatDuration(kAdviceGapNs), formatDuration(wait), figure::pct(c.share(wait)), c.ofAnalysed()),
                          hl.longestRange());
        if (graphs)
            a.evidence += Text::tr("; the trace already has %1 cudaGraphLaunch calls").arg(in.graphLaunchCalls);
        AdviceContext::listGaps(a, GapCause::HostLaunch, hl.count);
        TimeNs explained = wait;
        if (c.path() && in.index)
            explained = c.boundByPath(a, wait, c.launchOnPath(), Text::tr("launching kernels"));
        c.project(a, explained);
        return a;
    }
};

} // namespace

const AdviceRule &cpuBoundLaunchRule()
{
    static const CpuBoundLaunchRule rule;
    return rule;
}

} // namespace lanescope::analysis
