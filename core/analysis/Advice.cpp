#include "analysis/Advice.h"

#include "analysis/Format.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

QString pctText(double v) { return QStringLiteral("%1%").arg(v, 0, 'f', 1); }

struct CauseTotal
{
    int count = 0;
    TimeNs total = 0;
    const Gap *longest = nullptr;
};

template <typename Pred>
CauseTotal totalOf(const std::vector<Gap> &gaps, Pred pred)
{
    CauseTotal c;
    for (const Gap &g : gaps) {
        if (!pred(g))
            continue;
        ++c.count;
        c.total += g.dur;
        if (!c.longest || g.dur > c.longest->dur)
            c.longest = &g;
    }
    return c;
}

TimeRange rangeOf(const Gap *g) { return g ? TimeRange{g->start, g->end()} : TimeRange{}; }

} // namespace

std::vector<Advice> advise(const AdviceInputs &in)
{
    std::vector<Advice> out;
    const std::vector<Gap> noGaps;
    const std::vector<Gap> &gaps = in.gaps ? *in.gaps : noGaps;
    const double analysed = double(std::max<TimeNs>(in.analysedNs, 1));
    const int stepCount = in.steps ? std::max<int>(1, int(in.steps->size())) : 1;
    auto share = [&](TimeNs t) { return 100.0 * double(t) / analysed; };

    // Serialized AllGathers (FSDP limit_all_gathers=True, no prefetch): the compute stream waits for
    // a layer's AllGather at (nearly) every layer boundary. A few waits per step (the first layer,
    // which nothing can prefetch) are normal; two or more per step taking 5% of the time are not.
    {
        const CauseTotal ag = totalOf(gaps, [](const Gap &g) {
            return g.cause == GapCause::CommWait && g.collective.contains(QLatin1String("AllGather"), Qt::CaseInsensitive);
        });
        if (ag.count >= 2 * stepCount && share(ag.total) >= 5.0) {
            out.push_back(Advice{
                QStringLiteral("fsdp_limit_all_gathers"),
                Text::tr("Serialized AllGathers: let FSDP prefetch (limit_all_gathers=False, backward_prefetch=BACKWARD_PRE, forward_prefetch=True)"),
                Text::tr("the compute stream waited for an AllGather %1 times (%2 per step), %3 in all = %4 of the analysed time; longest wait %5")
                    .arg(ag.count)
                    .arg(double(ag.count) / stepCount, 0, 'f', 1)
                    .arg(formatDuration(ag.total), pctText(share(ag.total)), formatDuration(ag.longest->dur)),
                rangeOf(ag.longest)});
        }
    }

    // Allocator churn: the caching allocator keeps returning memory to the driver and asking again
    // inside the steps (cudaFree synchronises the device), visible as allocator-caused gaps.
    if (in.memory) {
        const CauseTotal al = totalOf(gaps, [](const Gap &g) { return g.cause == GapCause::Allocator; });
        TimeNs spikeCpu = 0;
        for (const AllocatorSpike &s : in.memory->spikes)
            spikeCpu += s.cpuTime;
        const std::int64_t calls = in.memory->mallocCalls + in.memory->freeCalls;
        if ((al.count > 0 && share(al.total) >= 1.0) || (calls >= 2 * stepCount && share(spikeCpu) >= 1.0)) {
            TimeRange where = rangeOf(al.longest);
            if (where.empty() && !in.memory->spikes.empty())
                where = TimeRange{in.memory->spikes.front().start, in.memory->spikes.front().end};
            out.push_back(Advice{
                QStringLiteral("allocator_churn"),
                Text::tr("Allocator churn: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or max_split_size_mb:512)"),
                Text::tr("%1 cudaMalloc and %2 cudaFree calls in %3 steps; %4 compute-stream gaps during them, %5 = %6 of the analysed time")
                    .arg(in.memory->mallocCalls)
                    .arg(in.memory->freeCalls)
                    .arg(stepCount)
                    .arg(al.count)
                    .arg(formatDuration(al.total), pctText(share(al.total))),
                where});
        }
    }

    // CPU-bound launches: the GPU keeps running dry because the CPU cannot enqueue fast enough.
    {
        const CauseTotal hl = totalOf(gaps, [](const Gap &g) { return g.cause == GapCause::HostLaunch; });
        const TimeNs wait = in.hostWaitNs + hl.total;
        if (share(wait) >= 10.0) {
            out.push_back(Advice{
                QStringLiteral("cpu_bound_launch"),
                Text::tr("CPU-bound kernel launches: capture the step with CUDA graphs or compile it with torch.compile (mode=\"reduce-overhead\")"),
                Text::tr("the compute stream sat idle %1 (%2 of the analysed time) waiting for the CPU to launch the next kernel")
                    .arg(formatDuration(wait), pctText(share(wait))),
                rangeOf(hl.longest)});
        }
    }

    // Data loading on the training thread.
    {
        const CauseTotal dl = totalOf(gaps, [](const Gap &g) { return g.cause == GapCause::DataLoader; });
        if (dl.count > 0 && share(dl.total) >= 5.0) {
            out.push_back(Advice{
                QStringLiteral("dataloader"),
                Text::tr("Input-bound: give the DataLoader more workers (num_workers), pin_memory=True and persistent_workers=True"),
                Text::tr("the GPU idled %1 times while the DataLoader fetched a batch, %2 = %3 of the analysed time; longest %4")
                    .arg(dl.count)
                    .arg(formatDuration(dl.total), pctText(share(dl.total)), formatDuration(dl.longest->dur)),
                rangeOf(dl.longest)});
        }
    }

    // Busy GPU, low MFU: the time goes to work that is not the model's GEMMs (recomputation,
    // unfused elementwise kernels).
    if (in.mfu && in.mfu->valid && in.temporal && in.temporal->span > 0 && in.mfu->mfuPct < 40.0
        && in.temporal->computePct >= 80.0) {
        out.push_back(Advice{
            QStringLiteral("low_mfu_busy_gpu"),
            Text::tr("GPU busy but MFU low: reduce recomputation (selective activation checkpointing) and fuse elementwise kernels (torch.compile)"),
            Text::tr("the GPU computes %1 of the time, yet MFU is %2 (%3 of %4 TFLOPS)")
                .arg(pctText(in.temporal->computePct), pctText(in.mfu->mfuPct))
                .arg(in.mfu->achievedTflops, 0, 'f', 1)
                .arg(in.mfu->peakTflops, 0, 'f', 0),
            TimeRange{in.temporal->spanStart, in.temporal->spanEnd}});
    }
    // Every piece of advice points somewhere: where no single gap stands for it, the analysed span.
    for (Advice &a : out)
        if (a.where.empty() && in.temporal)
            a.where = TimeRange{in.temporal->spanStart, in.temporal->spanEnd};
    return out;
}

} // namespace lanescope::analysis
