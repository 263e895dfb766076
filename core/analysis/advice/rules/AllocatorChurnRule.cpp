// SPDX-License-Identifier: GPL-3.0-or-later
// Allocator churn: the caching allocator keeps returning memory to the driver and asking for it
// again inside the steps (cudaFree synchronises the device). Both halves of the cycle must be
// there, repeatedly: frees alone (the allocator trimming once) are not churn.
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

class AllocatorChurnRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "allocator_churn"; }
    std::vector<std::string_view> needs() const override { return {"memory"}; }
    // The allocator-caused gaps count where they are known; the driver calls' CPU time alone may
    // carry the rule.
    std::vector<std::string_view> uses() const override { return {"gaps"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const MemorySummary &memory = *c.inputs().memory;
        const AdviceContext::GapEvidence al = c.gapsOf(GapCause::Allocator);
        std::vector<TimeRange> spikes;
        for (const AllocatorSpike &s : memory.spikes)
            spikes.push_back(TimeRange{s.start, s.end});
        TimeNs spikeCpu = 0;
        for (const AllocatorSpike &s : memory.spikes)
            spikeCpu += s.cpuTime;
        const int perStep = c.perStep();
        const std::int64_t minCalls = std::max<std::int64_t>(M::kAllocatorCallsMin, std::int64_t(M::kAllocatorCallsPerStep) * perStep);
        const bool cycle = memory.mallocCalls >= minCalls && memory.freeCalls >= minCalls;
        const TimeNs spikeShareNs = std::min(spikeCpu, unionWithin(spikes, c.windows())); // CPU time, within the windows
        if (!cycle || (c.share(al.union_) < M::kAllocatorSharePct && c.share(spikeShareNs) < M::kAllocatorSharePct))
            return std::nullopt;
        TimeRange where = al.longestRange();
        if (where.empty() && !memory.spikes.empty())
            where = TimeRange{memory.spikes.front().start, memory.spikes.front().end};
        Advice a = advice(Text::tr("Allocator churn: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or max_split_size_mb:512)"),
                          (perStep == 1 ? Text::tr("%1 cudaMalloc and %2 cudaFree calls in %n step; %3 compute-stream gaps during them, %4 = %5 %6", nullptr, perStep)
                                        : Text::tr("%1 cudaMalloc and %2 cudaFree calls in %n steps; %3 compute-stream gaps during them, %4 = %5 %6", nullptr, perStep))
                              .arg(memory.mallocCalls)
                              .arg(memory.freeCalls)
                              .arg(al.count)
                              .arg(formatDuration(al.union_), figure::pct(c.share(al.union_)), c.ofAnalysed()),
                          where);
        AdviceContext::listGaps(a, GapCause::Allocator, al.count);
        c.project(a, al.union_);
        return a;
    }
};

} // namespace

const AdviceRule &allocatorChurnRule()
{
    static const AllocatorChurnRule rule;
    return rule;
}

} // namespace lanescope::analysis
