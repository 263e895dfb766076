// SPDX-License-Identifier: GPL-3.0-or-later
// Launch-bound: the kernels are so small that launching them takes longer than running them, and
// the streams idle mostly waiting for the host. The more specific diagnosis of cpu_bound_launch's
// symptom, with the same remedy: where it speaks, cpu_bound_launch is not asked.
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

class LaunchBoundRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "launch_bound"; }
    std::vector<std::string_view> needs() const override { return {"launch"}; }
    std::vector<std::string_view> uses() const override { return {"critical_path"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const AdviceInputs &in = c.inputs();
        const LaunchStats &l = *in.launchStats;
        const IdleBreakdown &ib = *in.idleBreakdown;
        // Compute streams only: an NCCL stream idles between collectives waiting for the host by design.
        const StreamIdle *most = nullptr; // the compute stream that waited longest on the host
        for (const StreamIdle &si : ib.streams)
            if (si.computes && (!most || si.hostWait > most->hostWait))
                most = &si;
        const double hostWaitPct = ib.hostWaitSharePct().value_or(0);
        // One stream's gaps never overlap: its host wait is a union, at most the analysed time.
        const TimeNs wait = most ? std::min(std::max<TimeNs>(most->hostWait, 0), c.analysedNs()) : 0;
        if (!most || l.launches < std::int64_t(M::kLaunchesPerStep) * c.perStep() || l.gpuShorterPct() < M::kShortKernelsPct
            || hostWaitPct < M::kLaunchHostWaitPct || c.share(wait) < M::kLaunchBoundSharePct)
            return std::nullopt;
        const bool graphs = in.graphLaunchCalls > 0;
        TimeRange where;
        if (!l.worst.empty()) {
            const Launch &w = l.worst.front();
            where = TimeRange{w.start - w.delay - w.cpuDur, w.start + std::max<TimeNs>(w.gpuDur, 1)};
        }
        Advice a = advice(graphs ? Text::tr("Launch-bound between CUDA graph replays: capture more of the step in the graph, or fuse the small kernels (torch.compile)")
                                 : Text::tr("Launch-bound: the kernels are shorter than their launches; capture the step with CUDA graphs or compile it with torch.compile (mode=\"reduce-overhead\")"),
                          Text::tr("%1 of %2 launches (%3) ran shorter on the GPU than their launch call on the CPU (median kernel %4, median call %5); "
                                   "host wait is %6 of the compute streams' idle time; stream %7 waited on the host %8 = %9 %10")
                              .arg(figure::count(double(l.gpuShorterThanCpu)), figure::count(double(l.launches)), figure::pct(l.gpuShorterPct()),
                                   figure::us(l.medianGpuNs.value_or(0)), figure::us(l.medianCpuNs.value_or(0)), figure::pct(hostWaitPct))
                              .arg(most->stream)
                              .arg(formatDuration(wait), figure::pct(c.share(wait)), c.ofAnalysed()),
                          where);
        if (graphs)
            a.evidence += Text::tr("; the trace already has %1 cudaGraphLaunch calls").arg(in.graphLaunchCalls);
        TimeNs explained = wait;
        if (c.path() && in.index)
            explained = c.boundByPath(a, wait, c.launchOnPath(), Text::tr("launching kernels"));
        c.project(a, explained);
        return a;
    }
};

} // namespace

const AdviceRule &launchBoundRule()
{
    static const LaunchBoundRule rule;
    return rule;
}

} // namespace lanescope::analysis
