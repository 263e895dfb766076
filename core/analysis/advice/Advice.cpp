// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/advice/Advice.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/text/Format.h"
#include "core/analysis/measures/launches/LaunchEvents.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

QString pctText(double v) { return figure::pct(v); }

std::vector<TimeRange> merged(std::vector<TimeRange> v)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](const TimeRange &r) { return r.empty(); }), v.end());
    std::sort(v.begin(), v.end(), [](const TimeRange &a, const TimeRange &b) { return a.from < b.from; });
    std::vector<TimeRange> out;
    for (const TimeRange &r : v) {
        if (!out.empty() && r.from <= out.back().to)
            out.back().to = std::max(out.back().to, r.to);
        else
            out.push_back(r);
    }
    return out;
}

struct Evidence
{
    int count = 0;
    TimeNs union_ = 0;          // union of the intervals inside the analysed windows
    const Gap *longest = nullptr;
    std::vector<TimeRange> intervals;
};

template <typename Pred>
Evidence gapsWhere(const std::vector<Gap> &gaps, const std::vector<TimeRange> &windows, Pred pred)
{
    Evidence e;
    for (const Gap &g : gaps) {
        if (!pred(g))
            continue;
        ++e.count;
        e.intervals.push_back(TimeRange{g.start, g.end()});
        if (!e.longest || g.dur > e.longest->dur)
            e.longest = &g;
    }
    e.union_ = unionWithin(e.intervals, windows);
    return e;
}

TimeRange rangeOf(const Gap *g) { return g ? TimeRange{g->start, g->end()} : TimeRange{}; }

// The time the advice takes its shares of (AdviceInputs::windows, or the GPU's busy span).
std::vector<TimeRange> analysedWindows(const AdviceInputs &in)
{
    std::vector<TimeRange> windows = in.windows;
    if (windows.empty() && in.temporal && in.temporal->span > 0)
        windows.push_back(TimeRange{in.temporal->spanStart, in.temporal->spanEnd});
    return merged(std::move(windows));
}

TimeNs totalLength(const std::vector<TimeRange> &disjoint)
{
    TimeNs t = 0;
    for (const TimeRange &r : disjoint)
        t += r.to - r.from;
    return t;
}

std::vector<TimeRange> idleWindowsOf(const AdviceInputs &in, const std::vector<TimeRange> &windows)
{
    return in.computeBusy.empty() ? windows : subtractIntervals(windows, in.computeBusy);
}

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

// The path's time in launching: its launch-delay part and its CPU time inside the calls that
// enqueue GPU work (what CUDA graphs take away).
TimeNs launchOnPath(const CriticalPath &cp, const detail::EvidenceIndex &ix)
{
    TimeNs t = 0;
    for (const PathSegment &g : cp.segments) {
        if (g.part == PathPart::LaunchDelay) {
            t += g.to - g.from;
        } else if (g.part == PathPart::Cpu && g.slice >= 0 && g.track < ix.trace.tracks.size()) {
            const Track &tr = ix.trace.tracks[g.track];
            if (std::size_t(g.slice) < tr.size() && (launchSetsOf(ix.trace.strings.view(tr.nameId[std::size_t(g.slice)])) & kLanescopeLaunch))
                t += g.to - g.from;
        }
    }
    return t;
}

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

void listGaps(Advice &a, GapCause cause, int count, const QString &collective = {})
{
    a.listsGaps = true;
    a.gapCause = cause;
    a.gapCount = count;
    a.gapCollective = collective;
}

} // namespace

TimeNs unionWithin(std::vector<TimeRange> intervals, std::vector<TimeRange> windows)
{
    const std::vector<TimeRange> a = merged(std::move(intervals)), w = merged(std::move(windows));
    TimeNs t = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < w.size()) {
        const TimeNs s = std::max(a[i].from, w[j].from), e = std::min(a[i].to, w[j].to);
        if (e > s)
            t += e - s;
        if (a[i].to < w[j].to)
            ++i;
        else
            ++j;
    }
    return t;
}

std::vector<TimeRange> subtractIntervals(std::vector<TimeRange> from, std::vector<TimeRange> minus)
{
    const std::vector<TimeRange> a = merged(std::move(from)), b = merged(std::move(minus));
    std::vector<TimeRange> out;
    std::size_t j = 0;
    for (TimeRange r : a) {
        while (j < b.size() && b[j].to <= r.from)
            ++j;
        for (std::size_t k = j; k < b.size() && b[k].from < r.to; ++k) {
            if (b[k].from > r.from)
                out.push_back(TimeRange{r.from, b[k].from});
            r.from = std::max(r.from, b[k].to);
        }
        if (r.to > r.from)
            out.push_back(r);
    }
    return out;
}

std::vector<Advice> advise(const AdviceInputs &in)
{
    namespace M = AdviceMinimum;
    std::vector<Advice> out;
    const std::vector<Gap> noGaps;
    const std::vector<Gap> &gaps = in.gaps ? *in.gaps : noGaps;
    const int steps = in.steps ? int(in.steps->size()) : 0;
    const int perStep = std::max(1, steps); // "per step" minimums on a trace without steps: once

    const std::vector<TimeRange> windows = analysedWindows(in);
    const TimeNs analysedNs = totalLength(windows);
    const double analysed = double(std::max<TimeNs>(analysedNs, 1));
    // Where a stall costs anything: inside the analysed time, while the GPU computed nothing.
    const std::vector<TimeRange> idleWindows = idleWindowsOf(in, windows);
    auto share = [&](TimeNs t) { return 100.0 * double(t) / analysed; };
    // The denominator, said with every share.
    const QString ofAnalysed = steps > 0
        ? (steps == 1 ? Text::tr("of the analysed time (%n step, %1)", nullptr, steps) : Text::tr("of the analysed time (%n steps, %1)", nullptr, steps))
              .arg(formatDuration(analysedNs))
        : Text::tr("of the analysed time (the GPU's busy span, %1)").arg(formatDuration(analysedNs));

    // What taking `explained` out of every step is worth (an upper bound).
    const bool canProject = in.mfu && in.mfu->stepS > 0 && steps > 0;
    auto project = [&](Advice &a, TimeNs explained) {
        a.explainedNs = explained;
        if (!canProject || explained <= 0)
            return;
        a.stepS = in.mfu->stepS;
        a.projectedStepS = std::max(a.stepS - double(explained) / 1e9 / steps, 1e-9);
        QString gain;
        if (in.mfu->valid && in.mfu->mfuPct > 0) {
            a.mfuPct = in.mfu->mfuPct;
            a.projectedMfuPct = a.mfuPct * a.stepS / a.projectedStepS; // MFU scales with 1 / step time
            gain = Text::tr("without these waits: step %1 -> %2, MFU %3 -> %4 at most (an upper bound: something else may stall instead)")
                       .arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9),
                            figure::pct(a.mfuPct), figure::pct(a.projectedMfuPct));
        } else {
            gain = Text::tr("without these waits: step %1 -> %2 at most (an upper bound: something else may stall instead)")
                       .arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9));
        }
        a.boundTextAt = a.evidence.size();
        a.evidence += QStringLiteral("; ") + gain;
    };

    // What the critical path says a fix can take off a step: `onPath` of its one step, taken as
    // every step's. Where the path is known, a rule explains no more than that, and says so.
    const CriticalPath *path = in.criticalPath && in.criticalPath->valid && in.criticalPath->lengthNs > 0 ? in.criticalPath : nullptr;
    auto boundByPath = [&](Advice &a, TimeNs explained, TimeNs onPath, const QString &what) {
        a.evidence += Text::tr("; the critical path of %1 spends %2 %3 (%4 of the step)")
                          .arg(path->step.name, formatDuration(onPath), what, pctText(100.0 * double(onPath) / double(path->lengthNs)));
        return std::min(explained, onPath * TimeNs(perStep));
    };

    // Serialized AllGathers (FSDP limit_all_gathers=True, no prefetch): the compute stream waits for
    // a layer's AllGather at (nearly) every layer boundary.
    {
        const Evidence ag = gapsWhere(gaps, idleWindows, [](const Gap &g) {
            return g.cause == GapCause::CommWait && g.collective.contains(QLatin1String("AllGather"), Qt::CaseInsensitive);
        });
        if (ag.count >= M::kAllGatherWaitsPerStep * perStep && share(ag.union_) >= M::kAllGatherSharePct) {
            Advice a{QStringLiteral("fsdp_limit_all_gathers"),
                     Text::tr("Serialized AllGathers: let FSDP prefetch (limit_all_gathers=False, backward_prefetch=BACKWARD_PRE, forward_prefetch=True)"),
                     (ag.count == 1 ? Text::tr("the compute stream waited for an AllGather %n time (%1 per step), %2 = %3 %4; longest wait %5",
                                               nullptr, ag.count)
                                    : Text::tr("the compute stream waited for an AllGather %n times (%1 per step), %2 = %3 %4; longest wait %5",
                                               nullptr, ag.count))
                         .arg(QLocale().toString(double(ag.count) / perStep, 'f', 1))
                         .arg(formatDuration(ag.union_), pctText(share(ag.union_)), ofAnalysed, formatDuration(ag.longest->dur)),
                     rangeOf(ag.longest)};
            listGaps(a, GapCause::CommWait, ag.count, QStringLiteral("AllGather"));
            project(a, ag.union_);
            out.push_back(std::move(a));
        }
    }

    // Allocator churn: the caching allocator keeps returning memory to the driver and asking for it
    // again inside the steps (cudaFree synchronises the device). Both halves of the cycle must be
    // there, repeatedly: frees alone (the allocator trimming once) are not churn.
    if (in.memory) {
        const Evidence al = gapsWhere(gaps, idleWindows, [](const Gap &g) { return g.cause == GapCause::Allocator; });
        std::vector<TimeRange> spikes;
        for (const AllocatorSpike &s : in.memory->spikes)
            spikes.push_back(TimeRange{s.start, s.end});
        TimeNs spikeCpu = 0;
        for (const AllocatorSpike &s : in.memory->spikes)
            spikeCpu += s.cpuTime;
        const std::int64_t minCalls = std::max<std::int64_t>(M::kAllocatorCallsMin, std::int64_t(M::kAllocatorCallsPerStep) * perStep);
        const bool cycle = in.memory->mallocCalls >= minCalls && in.memory->freeCalls >= minCalls;
        const TimeNs spikeShareNs = std::min(spikeCpu, unionWithin(spikes, windows)); // CPU time, within the windows
        if (cycle && (share(al.union_) >= M::kAllocatorSharePct || share(spikeShareNs) >= M::kAllocatorSharePct)) {
            TimeRange where = rangeOf(al.longest);
            if (where.empty() && !in.memory->spikes.empty())
                where = TimeRange{in.memory->spikes.front().start, in.memory->spikes.front().end};
            Advice a{QStringLiteral("allocator_churn"),
                     Text::tr("Allocator churn: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or max_split_size_mb:512)"),
                     (perStep == 1 ? Text::tr("%1 cudaMalloc and %2 cudaFree calls in %n step; %3 compute-stream gaps during them, %4 = %5 %6", nullptr, perStep)
                                   : Text::tr("%1 cudaMalloc and %2 cudaFree calls in %n steps; %3 compute-stream gaps during them, %4 = %5 %6", nullptr, perStep))
                         .arg(in.memory->mallocCalls)
                         .arg(in.memory->freeCalls)
                         .arg(al.count)
                         .arg(formatDuration(al.union_), pctText(share(al.union_)), ofAnalysed),
                     where};
            listGaps(a, GapCause::Allocator, al.count);
            project(a, al.union_);
            out.push_back(std::move(a));
        }
    }

    // Launch-bound: the kernels are so small that launching them takes longer than running them,
    // and the streams idle mostly waiting for the host. The more specific diagnosis of
    // cpu_bound_launch's symptom, with the same remedy: when it speaks, cpu_bound_launch does not.
    bool launchBound = false;
    if (in.launchStats && in.idleBreakdown) {
        const LaunchStats &l = *in.launchStats;
        const IdleBreakdown &ib = *in.idleBreakdown;
        // Compute streams only: an NCCL stream idles between collectives waiting for the host by design.
        const StreamIdle *most = nullptr; // the compute stream that waited longest on the host
        for (const StreamIdle &si : ib.streams)
            if (si.computes && (!most || si.hostWait > most->hostWait))
                most = &si;
        const double hostWaitPct = ib.hostWaitSharePct().value_or(0);
        // One stream's gaps never overlap: its host wait is a union, at most the analysed time.
        const TimeNs wait = most ? std::min(std::max<TimeNs>(most->hostWait, 0), analysedNs) : 0;
        if (most && l.launches >= std::int64_t(M::kLaunchesPerStep) * perStep && l.gpuShorterPct() >= M::kShortKernelsPct
            && hostWaitPct >= M::kLaunchHostWaitPct && share(wait) >= M::kLaunchBoundSharePct) {
            launchBound = true;
            const bool graphs = in.graphLaunchCalls > 0;
            TimeRange where;
            if (!l.worst.empty()) {
                const Launch &w = l.worst.front();
                where = TimeRange{w.start - w.delay - w.cpuDur, w.start + std::max<TimeNs>(w.gpuDur, 1)};
            }
            Advice a{QStringLiteral("launch_bound"),
                     graphs ? Text::tr("Launch-bound between CUDA graph replays: capture more of the step in the graph, or fuse the small kernels (torch.compile)")
                            : Text::tr("Launch-bound: the kernels are shorter than their launches; capture the step with CUDA graphs or compile it with torch.compile (mode=\"reduce-overhead\")"),
                     Text::tr("%1 of %2 launches (%3) ran shorter on the GPU than their launch call on the CPU (median kernel %4, median call %5); "
                              "host wait is %6 of the compute streams' idle time; stream %7 waited on the host %8 = %9 %10")
                         .arg(figure::count(double(l.gpuShorterThanCpu)), figure::count(double(l.launches)), pctText(l.gpuShorterPct()),
                              figure::us(l.medianGpuNs.value_or(0)), figure::us(l.medianCpuNs.value_or(0)), pctText(hostWaitPct))
                         .arg(most->stream)
                         .arg(formatDuration(wait), pctText(share(wait)), ofAnalysed),
                     where};
            if (graphs)
                a.evidence += Text::tr("; the trace already has %1 cudaGraphLaunch calls").arg(in.graphLaunchCalls);
            TimeNs explained = wait;
            if (path && in.index)
                explained = boundByPath(a, wait, launchOnPath(*path, *in.index), Text::tr("launching kernels"));
            project(a, explained);
            out.push_back(std::move(a));
        }
    }

    // CPU-bound launches: the GPU keeps running dry because the CPU cannot enqueue fast enough.
    if (!launchBound) {
        const Evidence hl = gapsWhere(gaps, idleWindows, [](const Gap &g) { return g.cause == GapCause::HostLaunch; });
        std::vector<TimeRange> waits = in.hostWaits;
        waits.insert(waits.end(), hl.intervals.begin(), hl.intervals.end());
        const int count = int(in.hostWaits.size()) + hl.count;
        const TimeNs wait = unionWithin(waits, idleWindows);
        if (count >= M::kHostWaitsPerStep * perStep && share(wait) >= M::kHostWaitSharePct) {
            // A trace that already replays CUDA graphs is told something else than to capture one.
            const bool graphs = in.graphLaunchCalls > 0;
            Advice a{QStringLiteral("cpu_bound_launch"),
                     graphs ? Text::tr("CPU-bound launches between CUDA graph replays: capture more of the step in the graph, or move CPU work off the launching thread")
                            : Text::tr("CPU-bound kernel launches: capture the step with CUDA graphs or compile it with torch.compile (mode=\"reduce-overhead\")"),
                     (count == 1 ? Text::tr("a compute stream ran dry %n time before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5",
                                            nullptr, count)
                                 : Text::tr("a compute stream ran dry %n times before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5",
                                            nullptr, count))
                         .arg(hl.count)
                         .arg(formatDuration(kAdviceGapNs), formatDuration(wait), pctText(share(wait)), ofAnalysed),
                     rangeOf(hl.longest)};
            if (graphs)
                a.evidence += Text::tr("; the trace already has %1 cudaGraphLaunch calls").arg(in.graphLaunchCalls);
            listGaps(a, GapCause::HostLaunch, hl.count);
            TimeNs explained = wait;
            if (path && in.index)
                explained = boundByPath(a, wait, launchOnPath(*path, *in.index), Text::tr("launching kernels"));
            project(a, explained);
            out.push_back(std::move(a));
        }
    }

    // Data loading on the training thread.
    {
        const Evidence dl = gapsWhere(gaps, idleWindows, [](const Gap &g) { return g.cause == GapCause::DataLoader; });
        if (dl.count > 0 && dl.count >= M::kDataLoaderStallsPerStep * perStep && share(dl.union_) >= M::kDataLoaderSharePct) {
            Advice a{QStringLiteral("dataloader"),
                     Text::tr("Input-bound: give the DataLoader more workers (num_workers), pin_memory=True and persistent_workers=True"),
                     (dl.count == 1 ? Text::tr("the GPU idled %n time while the DataLoader fetched a batch, %1 = %2 %3; longest %4", nullptr, dl.count)
                                    : Text::tr("the GPU idled %n times while the DataLoader fetched a batch, %1 = %2 %3; longest %4", nullptr, dl.count))
                         .arg(formatDuration(dl.union_), pctText(share(dl.union_)), ofAnalysed, formatDuration(dl.longest->dur)),
                     rangeOf(dl.longest)};
            listGaps(a, GapCause::DataLoader, dl.count);
            TimeNs explained = dl.union_;
            if (path && in.index)
                explained = boundByPath(a, dl.union_, dataLoaderOnPath(*path, *in.index), Text::tr("in the DataLoader"));
            project(a, explained);
            out.push_back(std::move(a));
        }
    }

    // A starved launch queue: the CPU never gets ahead of the main stream, whose queue sits empty
    // for much of the time, and no rule above names why the GPU idles. The catch-all for host-side
    // work between launches (synchronisations, logging, Python).
    if (out.empty() && in.queueLengths && !in.queueLengths->empty()) {
        const StreamQueue *main = nullptr; // the stream with the most launches
        for (const StreamQueue &q : *in.queueLengths)
            if (!main || q.count > main->count)
                main = &q;
        const double emptyPct = main->spanNs > 0 ? 100.0 * double(main->emptyNs) / double(main->spanNs) : 0.0;
        const TimeNs starved = std::min(main->emptyNs, totalLength(idleWindows));
        if (emptyPct >= M::kQueueEmptyPct && main->mean < M::kQueueMeanBelow && share(starved) >= M::kQueueEmptyPct) {
            Advice a{QStringLiteral("queue_starvation"),
                     Text::tr("Starved launch queue: let the CPU run ahead of the GPU; take synchronisations (.item(), .cpu(), printing tensors) out of the step, copy with non_blocking=True, move logging and data preparation off the launching thread"),
                     Text::tr("stream %1's launch queue was empty %2 of the time (%3 of %4), %5 operations deep on average; while it was empty the GPU computed nothing for at most %6 = %7 %8")
                         .arg(main->stream)
                         .arg(pctText(emptyPct), formatDuration(main->emptyNs), formatDuration(main->spanNs))
                         .arg(main->mean, 0, 'f', 2)
                         .arg(formatDuration(starved), pctText(share(starved)), ofAnalysed),
                     TimeRange{}};
            project(a, starved);
            out.push_back(std::move(a));
        }
    }

    // A synchronisation on the critical path: the CPU blocks until the GPU is done, then the GPU
    // waits while the CPU refills the queue. What it costs is what the path spends there
    // (syncCostOnPath), never more than the call waited for the CPU work after it.
    if (path) {
        const CriticalPath &cp = *path;
        TimeNs cost = 0, worstCost = -1;
        const PathSync *worst = nullptr;
        for (const PathSync &s : cp.syncs) {
            const TimeNs c = syncCostOnPath(cp, s);
            cost += c;
            if (c > worstCost) {
                worstCost = c;
                worst = &s;
            }
        }
        const double stepShare = 100.0 * double(cost) / double(cp.lengthNs);
        if (worst && cost >= M::kSyncOnPathMinNs && stepShare >= M::kSyncOnPathSharePct) {
            const QString cause = syncCause(*worst);
            const QString caller = worst->op.isEmpty() ? worst->call : Text::tr("%1 in %2").arg(worst->call, worst->op);
            const int count = int(cp.syncs.size());
            Advice a{QStringLiteral("sync_on_critical_path"),
                     Text::tr("Synchronisation on the critical path: %1 makes the CPU wait for the GPU; take it out of the step (keep the value on the GPU, read it every few steps, copy with non_blocking=True)")
                         .arg(cause),
                     (count == 1 ? Text::tr("the critical path of %1 runs through %n synchronisation, the costliest %2 (%3): the path spends %4 blocked in it or refilling the GPU's queue after it, no longer than the call waited = %5 of the step (%6; the path's sync part is %7)",
                                            nullptr, count)
                                 : Text::tr("the critical path of %1 runs through %n synchronisations, the costliest %2 (%3): the path spends %4 blocked in them or refilling the GPU's queue after them, no longer than each call waited = %5 of the step (%6; the path's sync part is %7)",
                                            nullptr, count))
                         .arg(cp.step.name, caller, cause, formatDuration(cost), pctText(stepShare), formatDuration(cp.lengthNs),
                              formatDuration(cp.part(PathPart::Sync))),
                     worst->where};
            // Measured on one step, taken as every step's.
            project(a, cost * TimeNs(perStep));
            out.push_back(std::move(a));
        }
    }

    // Busy GPU, low MFU: the time goes to work that is not the model's GEMMs (recomputation,
    // unfused elementwise kernels). No idle time to take out: no projection.
    if (in.mfu && in.mfu->valid && in.temporal && in.temporal->span > 0 && in.mfu->mfuPct < M::kLowMfuPct
        && in.temporal->computePct >= M::kBusyComputePct) {
        out.push_back(Advice{
            QStringLiteral("low_mfu_busy_gpu"),
            Text::tr("GPU busy but MFU low: reduce recomputation (selective activation checkpointing) and fuse elementwise kernels (torch.compile)"),
            Text::tr("the GPU computes %1 of its busy span (%2), yet MFU is %3 (%4 of %5 TFLOPS)")
                .arg(pctText(in.temporal->computePct), formatDuration(in.temporal->span), pctText(in.mfu->mfuPct))
                .arg(in.mfu->achievedTflops, 0, 'f', 1)
                .arg(in.mfu->peakTflops, 0, 'f', 0),
            TimeRange{in.temporal->spanStart, in.temporal->spanEnd}});
    }
    // Every piece of advice points somewhere: where no single gap stands for it, the analysed span.
    for (Advice &a : out)
        if (a.where.empty() && in.temporal)
            a.where = TimeRange{in.temporal->spanStart, in.temporal->spanEnd};
    // Largest projected gain first (the step time a fix takes off); advice without a projection
    // after, in the order the rules run.
    std::stable_sort(out.begin(), out.end(), [](const Advice &a, const Advice &b) {
        const double ga = a.projectedStepS > 0 ? a.stepS - a.projectedStepS : -1;
        const double gb = b.projectedStepS > 0 ? b.stepS - b.projectedStepS : -1;
        return ga > gb;
    });
    return out;
}

ComputeIdle computeIdle(const AdviceInputs &in, const std::vector<Gap> &listedGaps)
{
    ComputeIdle c;
    const std::vector<TimeRange> windows = analysedWindows(in);
    const std::vector<TimeRange> idle = idleWindowsOf(in, windows);
    c.analysedNs = totalLength(windows);
    c.steps = in.steps ? int(in.steps->size()) : 0;
    c.idleNs = totalLength(idle);
    std::vector<TimeRange> gaps;
    gaps.reserve(listedGaps.size());
    for (const Gap &g : listedGaps)
        gaps.push_back(TimeRange{g.start, g.end()});
    c.inGapsNs = unionWithin(std::move(gaps), idle);
    c.gaps = int(listedGaps.size());
    if (c.analysedNs > 0) {
        c.idlePct = 100.0 * double(c.idleNs) / double(c.analysedNs);
        c.inGapsPct = 100.0 * double(c.inGapsNs) / double(c.analysedNs);
    }
    return c;
}

} // namespace lanescope::analysis
