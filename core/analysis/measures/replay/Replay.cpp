// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/replay/Replay.h"

#include "core/analysis/text/FigureText.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace lanescope::analysis::replay {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

constexpr TimeNs kOff = std::numeric_limits<TimeNs>::min();

// The edge's offset under the fixes, kOff where the fix removes the edge.
TimeNs offsetOf(const ReplayEdge &e, const FixSet &f)
{
    if (e.flags & kAgEarly)
        return f.fsdp ? e.offset : kOff;
    switch (e.kind) {
    case EdgeKind::SyncWait:
        // FSDP's rate limiter is the AllGather fix's to remove, not the synchronisation advice's:
        // the user did not write that wait, and two advice must not claim one gain.
        if (e.flags & kAgGate)
            return f.fsdp ? kOff : e.offset;
        if ((e.flags & kAllocCall) && f.allocator)
            return kOff;
        if ((e.flags & kSyncCall) && f.sync)
            return kOff;
        return e.offset;
    case EdgeKind::CallCost:
        if ((e.flags & kAllocCall) && f.allocator)
            return 0;
        if ((e.flags & kLaunchCall) && f.launch)
            return std::min(e.offset, kGraphLaunchNs);
        return e.offset;
    case EdgeKind::Think:
    case EdgeKind::Cross:
    case EdgeKind::Source:
    case EdgeKind::Sink: {
        const TimeNs o = f.dataLoader ? e.offset - e.dataLoaderNs : e.offset;
        if ((e.flags & kLaunchPair) && f.launch && o < kLaunchGapMaxNs)
            return 0;
        return o;
    }
    case EdgeKind::Gpu:
        if ((e.flags & kGemm) && f.gemmPct > 0)
            return TimeNs(std::llround(double(e.offset) * (1.0 - f.gemmPct / 100.0)));
        if ((e.flags & kComm) && f.commPct > 0)
            return TimeNs(std::llround(double(e.offset) * (1.0 - f.commPct / 100.0)));
        return e.offset;
    case EdgeKind::Launch:
    case EdgeKind::Stream:
    case EdgeKind::Wait: return e.offset;
    }
    return e.offset;
}

PathPart partOf(const ReplayEdge &e)
{
    switch (e.kind) {
    case EdgeKind::CallCost:
    case EdgeKind::Think:
    case EdgeKind::Cross: return PathPart::Cpu;
    case EdgeKind::SyncWait:
    case EdgeKind::Wait: return PathPart::Sync;
    case EdgeKind::Launch: return PathPart::LaunchDelay;
    case EdgeKind::Gpu: return (e.flags & kComm) ? PathPart::Communication : PathPart::GpuCompute;
    case EdgeKind::Stream:
    case EdgeKind::Source:
    case EdgeKind::Sink: return PathPart::Idle;
    }
    return PathPart::Idle;
}

// In-edges by node, and one order of the nodes in which every edge runs forward (the measured
// times order them; equal times by dependency; a cycle of zero-length edges is cut at its
// earliest node).
struct Prepared
{
    std::vector<std::uint32_t> inOffset, inEdges, order;
};

Prepared prepare(const ReplayGraph &g)
{
    Prepared p;
    const std::size_t n = g.nodeTime.size();
    p.inOffset.assign(n + 1, 0);
    std::vector<std::uint32_t> outOffset(n + 1, 0), indeg(n, 0);
    for (const ReplayEdge &e : g.edges) {
        ++p.inOffset[e.to + 1];
        ++outOffset[e.from + 1];
        ++indeg[e.to];
    }
    for (std::size_t i = 0; i < n; ++i) {
        p.inOffset[i + 1] += p.inOffset[i];
        outOffset[i + 1] += outOffset[i];
    }
    p.inEdges.resize(g.edges.size());
    std::vector<std::uint32_t> outEdges(g.edges.size());
    {
        std::vector<std::uint32_t> fi(p.inOffset.begin(), p.inOffset.end() - 1), fo(outOffset.begin(), outOffset.end() - 1);
        for (std::uint32_t k = 0; k < g.edges.size(); ++k) {
            p.inEdges[fi[g.edges[k].to]++] = k;
            outEdges[fo[g.edges[k].from]++] = k;
        }
    }
    std::vector<std::uint32_t> byTime(n);
    for (std::uint32_t i = 0; i < n; ++i)
        byTime[i] = i;
    std::sort(byTime.begin(), byTime.end(), [&](std::uint32_t a, std::uint32_t b) {
        return g.nodeTime[a] != g.nodeTime[b] ? g.nodeTime[a] < g.nodeTime[b] : a < b;
    });
    using Item = std::pair<TimeNs, std::uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> ready;
    for (std::uint32_t i = 0; i < n; ++i)
        if (indeg[i] == 0)
            ready.push({g.nodeTime[i], i});
    std::vector<char> done(n, 0);
    std::size_t forced = 0;
    p.order.reserve(n);
    while (p.order.size() < n) {
        std::uint32_t u;
        if (!ready.empty()) {
            u = ready.top().second;
            ready.pop();
            if (done[u])
                continue;
        } else {
            while (forced < n && done[byTime[forced]])
                ++forced;
            u = byTime[forced];
        }
        done[u] = 1;
        p.order.push_back(u);
        for (std::uint32_t a = outOffset[u]; a < outOffset[u + 1]; ++a) {
            const std::uint32_t to = g.edges[outEdges[a]].to;
            if (!done[to] && --indeg[to] == 0)
                ready.push({g.nodeTime[to], to});
        }
    }
    return p;
}

ReplayRun run(const ReplayGraph &g, const Prepared &p, const FixSet &f)
{
    ReplayRun r;
    const std::size_t n = g.nodeTime.size();
    r.nodeTime.assign(n, 0);
    std::vector<std::int64_t> pred(n, -1);
    std::vector<char> done(n, 0);
    for (const std::uint32_t u : p.order) {
        TimeNs best = kOff;
        for (std::uint32_t a = p.inOffset[u]; a < p.inOffset[u + 1]; ++a) {
            const ReplayEdge &e = g.edges[p.inEdges[a]];
            if (!done[e.from])
                continue; // an edge the order had to cut
            const TimeNs off = offsetOf(e, f);
            if (off == kOff)
                continue;
            const TimeNs t = r.nodeTime[e.from] + off;
            if (t > best) {
                best = t;
                pred[u] = p.inEdges[a];
            }
        }
        // A node nothing leads to keeps its measured time (the window's start).
        r.nodeTime[u] = best == kOff ? g.nodeTime[u] : best;
        done[u] = 1;
    }
    const TimeNs start = r.nodeTime[g.source];
    r.projectedNs = r.nodeTime[g.sink] - start;
    // The replayed critical path: back from the window's end along the edges that set each time.
    std::size_t guard = 0;
    std::uint32_t v = g.sink;
    while (v != g.source && pred[v] >= 0 && guard++ <= g.edges.size()) {
        const ReplayEdge &e = g.edges[std::size_t(pred[v])];
        r.partsNs[std::size_t(partOf(e))] += r.nodeTime[e.to] - r.nodeTime[e.from];
        v = e.from;
    }
    if (v != g.source)
        r.partsNs[std::size_t(PathPart::Idle)] += r.nodeTime[v] - start;
    return r;
}

} // namespace

ReplayRun simulate(const ReplayGraph &graph, const FixSet &fixes)
{
    return run(graph, prepare(graph), fixes);
}

WhatIf whatIf(const ReplayGraph &g, const std::vector<Fix> &fixes, double measuredMfuPct)
{
    WhatIf w;
    w.step = g.step;
    w.stepNs = g.stepNs;
    w.events = g.events;
    w.peakBytes = g.peakBytes;
    if (!g.valid) {
        w.error = g.error;
        return w;
    }
    const Prepared p = prepare(g);
    const ReplayRun base = run(g, p, FixSet{});
    w.replayedNs = base.projectedNs;
    w.partsNs = base.partsNs;
    auto project = [&](const FixSet &set, const QString &id, ReplayRun *keep) {
        ReplayRun r = run(g, p, set);
        FixProjection fp;
        fp.id = id;
        // Replayed against the unchanged replay, applied to the measured step (they agree within
        // the tested 2 %; exactly where every offset is measured).
        fp.projectedNs = std::max<TimeNs>(0, w.stepNs - (base.projectedNs - r.projectedNs));
        fp.gainNs = w.stepNs - fp.projectedNs;
        fp.projectedMfuPct = measuredMfuPct > 0 && fp.projectedNs > 0 ? measuredMfuPct * double(w.stepNs) / double(fp.projectedNs) : -1;
        fp.projectedPeakBytes = g.peakBytes;
        if (set.fsdp && g.peakBytes >= 0 && g.allGatherGates > 0 && g.allGatherBytes > 0)
            fp.projectedPeakBytes = g.peakBytes + g.allGatherBytes;
        // The parts the replayed path lost, scaled to the gain: a path that sheds 65 ms of GPU
        // compute and runs 65 ms longer through the CPU instead removed nothing.
        TimeNs shed = 0;
        for (int k = 0; k < kPathParts; ++k) {
            fp.removedPartsNs[std::size_t(k)] = std::max<TimeNs>(0, base.partsNs[std::size_t(k)] - r.partsNs[std::size_t(k)]);
            shed += fp.removedPartsNs[std::size_t(k)];
        }
        const TimeNs gain = std::max<TimeNs>(0, base.projectedNs - r.projectedNs);
        if (shed > gain)
            for (TimeNs &v : fp.removedPartsNs)
                v = shed > 0 ? TimeNs(std::llround(double(v) * double(gain) / double(shed))) : 0;
        if (keep)
            *keep = std::move(r);
        return fp;
    };
    FixSet all;
    QStringList ids;
    for (const Fix &f : fixes) {
        FixSet one;
        one.add(f);
        all.add(f);
        ids << f.id;
        w.fixes.push_back(project(one, f.id, nullptr));
    }
    ReplayRun combined;
    w.combined = project(all, ids.join(QLatin1Char(',')), &combined);
    w.activities.reserve(g.activities.size());
    for (const ReplayActivity &a : g.activities)
        w.activities.push_back(ProjectedActivity{a.track, a.slice, g.nodeTime[a.startNode], g.nodeTime[a.endNode],
                                                 combined.nodeTime[a.startNode], combined.nodeTime[a.endNode]});

    if (all.fsdp) {
        if (g.allGatherGates == 0)
            w.warnings << Text::tr("fsdp_limit_all_gathers: no blocking call holds back an AllGather in %1; the replay changes nothing")
                              .arg(w.step.name);
        else if (g.allGatherBytes <= 0)
            w.warnings << Text::tr("fsdp_limit_all_gathers: the AllGathers' output size is not in the trace; the projected peak memory leaves it out");
    }
    for (const FixProjection *fp : {&w.combined}) {
        if (g.deviceMemoryBytes > 0 && fp->projectedPeakBytes > g.deviceMemoryBytes)
            w.warnings << Text::tr("%1: the projected peak memory, %2, exceeds the device's %3: the change would run out of memory")
                              .arg(fp->id, figure::bytes(double(fp->projectedPeakBytes)), figure::bytes(double(g.deviceMemoryBytes)));
    }
    for (const FixProjection &fp : w.fixes)
        if (fp.id == QLatin1String("dataloader") && fp.gainNs == 0)
            w.warnings << Text::tr("dataloader: no data-loader wait on the step's critical path; the replay changes nothing");
    const double drift = w.stepNs > 0 ? 100.0 * std::abs(double(w.replayedNs - w.stepNs)) / double(w.stepNs) : 0;
    if (drift > 2.0)
        w.warnings << Text::tr("the unchanged replay takes %1 against the measured %2: its projections are approximate")
                          .arg(figure::ms(double(w.replayedNs)), figure::ms(double(w.stepNs)));
    w.valid = true;
    return w;
}

} // namespace lanescope::analysis::replay
