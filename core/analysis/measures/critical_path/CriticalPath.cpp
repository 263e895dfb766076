// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/critical_path/CriticalPath.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/CriticalPathText.h"
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <algorithm>
#include <limits>
#include <map>
#include <queue>
#include <unordered_map>

namespace lanescope::analysis {

namespace {

// A kernel that starts this much later than both its launch call's return and its stream's
// previous activity waited on something else than its own stream and its launch.
constexpr TimeNs kHeldNs = 20'000; // 20 µs: above launch latency and back-to-back kernel jitter

// How far back along a stream the previous activity is looked for (past annotations, cuda_sync).
constexpr std::size_t kPrevScan = 64;

// At most this many events of a step are read back from the file for their args (the waits and
// the cudaEventRecord calls they name); past it, waits are inferred from the times alone.
constexpr std::size_t kMaxArgReads = 20'000;

constexpr std::uint64_t keyOf(std::uint32_t track, std::uint32_t slice) { return (std::uint64_t(track) << 32) | slice; }

struct Edge
{
    std::uint32_t from = 0, to = 0;
    TimeNs weight = 0;
    PathPart part = PathPart::Idle;
    std::uint32_t track = 0, fromTrack = 0;
    std::int64_t slice = -1;
};

struct ChainEvent
{
    TimeNs ts = 0;
    bool end = false;
    TimeNs other = 0; // the slice's other end, for the order of events at one time
    std::uint32_t track = 0, slice = 0;
};

struct GpuItem
{
    TimeNs start = 0, end = 0;
    std::uint32_t startNode = 0, endNode = 0;
    std::uint32_t track = 0, slice = 0;
};

// A wait Kineto names on the GPU (PyTorch 2.3+): a cuda_sync "Stream Wait Event" on the waiting
// stream (cudaStreamWaitEvent) or an "Event Sync" (cudaEventSynchronize), its args naming the
// cudaEventRecord (wait_on_cuda_event_record_corr_id) and the stream it recorded (wait_on_stream).
struct NamedWait
{
    std::uint32_t track = 0, slice = 0;
    detail::EvidenceIndex::Source call; // the cudaStreamWaitEvent / cudaEventSynchronize
    bool streamWait = true;
};

struct SyncCall
{
    std::uint32_t track = 0, slice = 0;
    std::uint32_t startNode = 0, endNode = 0;
    std::int64_t caller = -1, outer = -1; // slices on `callerTrack`/`outerTrack`
    std::uint32_t callerTrack = 0, outerTrack = 0;
    std::int64_t streamTrack = -1; // the GPU track its cuda_sync event names, -1 any
    bool reported = true;          // a synchronisation (PathSync), not a cudaFree
};

class Builder
{
public:
    Builder(const detail::EvidenceIndex &ix, const Step &step, bool hasSlice = true)
        : m_ix(ix), m_t(ix.trace), m_step(step), m_hasSlice(hasSlice)
    {
    }

    CriticalPath run()
    {
        CriticalPath cp;
        cp.step = m_step;
        cp.lengthNs = m_step.dur;
        m_from = m_step.start;
        m_to = m_step.end();
        if (m_step.track >= m_t.tracks.size() || (m_hasSlice && m_step.slice >= m_t.tracks[m_step.track].size())) {
            cp.error = criticalPathText::spanMissing();
            return cp;
        }
        if (!buildChain() || !buildGpu()) {
            cp.error = criticalPathText::tooManyEvents(kCriticalPathMaxEvents, m_step.name);
            return cp;
        }
        linkSyncs();
        std::vector<std::uint32_t> pathEdges;
        if (!longestPath(&pathEdges)) {
            cp.error = criticalPathText::noPath(m_step.name);
            return cp;
        }
        fill(cp, pathEdges);
        cp.valid = true;
        return cp;
    }

private:
    const detail::EvidenceIndex &m_ix;
    const Trace &m_t;
    const Step &m_step;
    bool m_hasSlice = true; // false: a window, no slice of m_step.track encloses the path
    TimeNs m_from = 0, m_to = 0;
    std::vector<TimeNs> m_nodes;
    std::vector<Edge> m_edges;
    std::uint32_t m_source = 0, m_sink = 0;
    std::unordered_map<std::uint64_t, std::uint32_t> m_callStart; // runtime call -> its start node
    std::vector<SyncCall> m_syncs;
    std::unordered_map<std::uint32_t, std::size_t> m_syncByEnd; // end node -> m_syncs index
    std::vector<GpuItem> m_gpu;                                 // every activity, by track then start
    std::vector<NamedWait> m_namedWaits;
    std::size_t m_events = 0;

    std::uint32_t node(TimeNs ts)
    {
        m_nodes.push_back(ts);
        return std::uint32_t(m_nodes.size() - 1);
    }
    void edge(std::uint32_t from, std::uint32_t to, TimeNs weight, PathPart part, std::uint32_t track, std::uint32_t fromTrack,
              std::int64_t slice)
    {
        if (m_nodes[to] < m_nodes[from]) // only forward in time: the lengths then add up
            return;
        m_edges.push_back(Edge{from, to, weight, part, track, fromTrack, slice});
    }
    CategoryClass cat(const Track &tr, std::size_t i) const { return m_ix.categoryOf(tr, i); }
    // Calls that block the CPU until the GPU is done: the synchronisations, and cudaFree (and
    // hipFree), which synchronises the device implicitly (HTA does not count it: a cudaFree that
    // waits would read as CPU work).
    bool blocks(StringId name) const
    {
        const detail::CallKind k = m_ix.callKind[name];
        return k == detail::CallKind::Sync || (k == detail::CallKind::Free && m_t.strings.view(name).find("Host") == std::string_view::npos);
    }
    bool countEvents(std::size_t n)
    {
        m_events += n;
        return m_events <= kCriticalPathMaxEvents;
    }

    // Slices of `tr` inside [m_from, m_to]: [first, last).
    std::pair<std::size_t, std::size_t> inside(const Track &tr) const
    {
        const auto first = std::size_t(std::lower_bound(tr.start.begin(), tr.start.end(), m_from) - tr.start.begin());
        return {first, tr.upperBoundStart(m_to)};
    }

    // The CPU chain: the step's thread and the launching threads of its process, merged.
    bool buildChain()
    {
        const Track &stepTrack = m_t.tracks[m_step.track];
        std::vector<ChainEvent> ev;
        for (std::uint32_t k = 0; k < m_t.tracks.size(); ++k) {
            const Track &tr = m_t.tracks[k];
            if (tr.kind != TrackKind::Cpu || tr.pid != stepTrack.pid || tr.pidLabel != stepTrack.pidLabel)
                continue;
            const auto [first, last] = inside(tr);
            bool launches = k == m_step.track;
            for (std::size_t i = first; i < last && !launches; ++i)
                launches = cat(tr, i) == CategoryClass::Runtime;
            if (!launches)
                continue;
            if (!countEvents(2 * (last - first)))
                return false;
            for (std::size_t i = first; i < last; ++i) {
                // Zero-length slices hold no time of the path (and their end would sort before their start).
                if (tr.dur[i] <= 0 || tr.end(i) > m_to || isGpuCategory(cat(tr, i)))
                    continue;
                if (m_hasSlice && k == m_step.track && i == m_step.slice)
                    continue; // the source and the sink, placed first and last below
                ev.push_back(ChainEvent{tr.start[i], false, tr.end(i), k, std::uint32_t(i)});
                ev.push_back(ChainEvent{tr.end(i), true, tr.start[i], k, std::uint32_t(i)});
            }
        }
        // A window that starts inside ops of its thread: they are open at its start, and their
        // ends inside the window are events of the chain.
        std::vector<std::uint32_t> around;
        if (!m_hasSlice) {
            around = slicesAround(m_t, m_step.track, m_from);
            for (const std::uint32_t i : around)
                if (stepTrack.end(i) <= m_to)
                    ev.push_back(ChainEvent{stepTrack.end(i), true, stepTrack.start[i], m_step.track, i});
        }
        // At one time: ends before starts; inner ends (later start) first, outer starts (later end) first.
        std::sort(ev.begin(), ev.end(), [](const ChainEvent &a, const ChainEvent &b) {
            if (a.ts != b.ts)
                return a.ts < b.ts;
            if (a.end != b.end)
                return a.end;
            if (a.other != b.other)
                return a.other > b.other;
            return a.track != b.track ? a.track < b.track : a.slice < b.slice;
        });

        m_source = node(m_from);
        struct Open
        {
            std::uint32_t track, slice;
        };
        std::vector<Open> open;
        if (m_hasSlice)
            open.push_back(Open{m_step.track, m_step.slice});
        for (const std::uint32_t i : around)
            open.push_back(Open{m_step.track, i});
        std::uint32_t prev = m_source;
        auto segment = [&](std::uint32_t to) {
            const Open &in = open.empty() ? Open{m_step.track, m_hasSlice ? m_step.slice : 0} : open.back();
            const Track &tr = m_t.tracks[in.track];
            const bool blocking = !open.empty() && blocks(tr.nameId[in.slice]);
            const TimeNs len = m_nodes[to] - m_nodes[prev];
            if (open.empty())
                edge(prev, to, 0, PathPart::Idle, in.track, in.track, -1);
            else if (blocking)
                edge(prev, to, 0, PathPart::Sync, in.track, in.track, in.slice);
            else
                edge(prev, to, len, PathPart::Cpu, in.track, in.track, in.slice);
            prev = to;
        };
        for (const ChainEvent &e : ev) {
            const std::uint32_t n = node(e.ts);
            segment(n);
            const Track &tr = m_t.tracks[e.track];
            const bool runtime = cat(tr, e.slice) == CategoryClass::Runtime;
            if (!e.end) {
                if (runtime)
                    m_callStart[keyOf(e.track, e.slice)] = n;
                if (runtime && blocks(tr.nameId[e.slice])) {
                    SyncCall s;
                    s.reported = m_ix.callKind[tr.nameId[e.slice]] == detail::CallKind::Sync;
                    s.track = e.track;
                    s.slice = e.slice;
                    s.startNode = n;
                    // The op that called it: the innermost open one that is not a runtime call.
                    for (std::size_t k = open.size(); k-- > 0;) {
                        const Track &ot = m_t.tracks[open[k].track];
                        if (cat(ot, open[k].slice) == CategoryClass::Runtime)
                            continue;
                        if (s.caller < 0) {
                            s.caller = open[k].slice;
                            s.callerTrack = open[k].track;
                        } else {
                            s.outer = open[k].slice;
                            s.outerTrack = open[k].track;
                            break;
                        }
                    }
                    m_syncs.push_back(s);
                }
                open.push_back(Open{e.track, e.slice});
            } else {
                for (std::size_t k = open.size(); k-- > 0;)
                    if (open[k].track == e.track && open[k].slice == e.slice) {
                        open.erase(open.begin() + std::ptrdiff_t(k));
                        break;
                    }
                if (runtime && blocks(tr.nameId[e.slice]))
                    for (std::size_t k = m_syncs.size(); k-- > 0;)
                        if (m_syncs[k].track == e.track && m_syncs[k].slice == e.slice) {
                            m_syncs[k].endNode = n;
                            m_syncByEnd[n] = k;
                            break;
                        }
            }
        }
        m_sink = node(m_to);
        segment(m_sink);
        // A sync call cut by the step's end has no end node: not a synchronisation of this step.
        m_syncs.erase(std::remove_if(m_syncs.begin(), m_syncs.end(), [&](const SyncCall &s) { return s.endNode == 0; }),
                      m_syncs.end());
        m_syncByEnd.clear();
        for (std::size_t k = 0; k < m_syncs.size(); ++k)
            m_syncByEnd[m_syncs[k].endNode] = k;
        return true;
    }

    // The previous activity on the stream before slice i (past annotations and cuda_sync events).
    std::int64_t previousActivity(const Track &tr, std::size_t i) const
    {
        for (std::size_t k = i, n = 0; k-- > 0 && n < kPrevScan; ++n)
            if (isGpuActivity(cat(tr, k)))
                return std::int64_t(k);
        return -1;
    }

    bool buildGpu()
    {
        // Per device, every activity of the step by end time: what a held kernel waited on.
        std::map<int, std::vector<std::size_t>> byDevice;
        std::unordered_map<std::uint64_t, std::int64_t> syncStream; // sync call -> the GPU track of its cuda_sync event
        for (std::uint32_t g = 0; g < m_t.tracks.size(); ++g) {
            const Track &tr = m_t.tracks[g];
            if (tr.kind != TrackKind::Gpu)
                continue;
            const auto [first, last] = inside(tr);
            if (!countEvents(2 * (last - first)))
                return false;
            for (std::size_t i = first; i < last; ++i) {
                const CategoryClass cc = cat(tr, i);
                if (!isGpuActivity(cc)) {
                    // A cuda_sync event ("Stream Sync") says which stream its call waited for.
                    detail::EvidenceIndex::Source src;
                    if (cc != CategoryClass::GpuAnnotation && m_ix.launchOf(g, std::uint32_t(i), &src)) {
                        syncStream[keyOf(src.track, src.slice)] = tr.tid >= 0 ? std::int64_t(m_ix.streamLane(g)) : -1;
                        const std::string_view name = m_t.strings.view(tr.nameId[i]);
                        if (name == "Stream Wait Event" || name == "Event Sync")
                            m_namedWaits.push_back(NamedWait{g, std::uint32_t(i), src, name == "Stream Wait Event"});
                    }
                    continue;
                }
                if (tr.end(i) > m_to)
                    continue;
                GpuItem it;
                it.start = tr.start[i];
                it.end = tr.end(i);
                it.startNode = node(it.start);
                it.endNode = node(it.end);
                it.track = g;
                it.slice = std::uint32_t(i);
                byDevice[tr.device].push_back(m_gpu.size());
                m_gpu.push_back(it);
            }
        }
        for (SyncCall &s : m_syncs)
            if (auto it = syncStream.find(keyOf(s.track, s.slice)); it != syncStream.end())
                s.streamTrack = it->second;
        for (auto &[device, v] : byDevice)
            std::sort(v.begin(), v.end(), [&](std::size_t a, std::size_t b) { return m_gpu[a].end < m_gpu[b].end; });
        const std::vector<std::int64_t> waitOn = namedWaits();

        for (std::size_t j = 0; j < m_gpu.size(); ++j) {
            const GpuItem &k = m_gpu[j];
            const Track &tr = m_t.tracks[k.track];
            const std::int64_t prevSlice = previousActivity(tr, k.slice);
            const TimeNs prevEnd = prevSlice >= 0 ? tr.end(std::size_t(prevSlice)) : -1;
            const bool prevHere = j > 0 && m_gpu[j - 1].track == k.track && std::int64_t(m_gpu[j - 1].slice) == prevSlice;

            detail::EvidenceIndex::Source src;
            const bool launched = m_ix.launchOf(k.track, k.slice, &src);
            const auto callNode = launched ? m_callStart.find(keyOf(src.track, src.slice)) : m_callStart.end();
            const bool callHere = callNode != m_callStart.end();
            const TimeNs callStart = launched ? m_t.tracks[src.track].start[src.slice] : -1;
            const TimeNs callEnd = launched ? m_t.tracks[src.track].end(src.slice) : -1;
            // Held: started well after its stream's previous work and its launch were done. What
            // it waited on: the activity of another stream of its device that ended last before it.
            TimeNs syncEnd = -1;
            if (waitOn[j] >= 0) {
                // The wait the trace names (cudaStreamWaitEvent on a cudaEventRecord): that one.
                const GpuItem &w = m_gpu[std::size_t(waitOn[j])];
                edge(w.endNode, k.startNode, 0, PathPart::Sync, k.track, w.track, std::int64_t(w.slice));
                syncEnd = w.end;
            } else if (k.start - std::max(prevEnd, callEnd) > kHeldNs) {
                const std::vector<std::size_t> &dev = byDevice[tr.device];
                auto it = std::upper_bound(dev.begin(), dev.end(), k.start,
                                           [&](TimeNs v, std::size_t x) { return v < m_gpu[x].end; });
                while (it != dev.begin()) {
                    --it;
                    const GpuItem &w = m_gpu[*it];
                    if (w.end < k.start - kCommWaitSlackNs)
                        break;
                    if (w.track == k.track)
                        continue;
                    edge(w.endNode, k.startNode, 0, PathPart::Sync, k.track, w.track, std::int64_t(w.slice));
                    syncEnd = w.end;
                    break;
                }
            }
            // HTA: the stream had run dry when the call was made (nothing queued, the previous
            // activity over) and no wait on another stream ended after it: the launch is what the
            // kernel waited for.
            const bool launchBound = launched && (prevSlice < 0 || prevEnd <= callStart) && syncEnd < callStart;
            if (callHere)
                edge(callNode->second, k.startNode, launchBound ? k.start - callStart : 0, PathPart::LaunchDelay, k.track,
                     src.track, std::int64_t(k.slice));
            else
                edge(m_source, k.startNode, 0, PathPart::Idle, k.track, k.track, -1);
            if (prevHere) {
                const TimeNs gap = k.start - prevEnd;
                const bool kernelKernel = !launchBound && gap < kKernelKernelDelayNs && syncEnd < prevEnd;
                edge(m_gpu[j - 1].endNode, k.startNode, kernelKernel ? gap : 0, PathPart::Idle, k.track, k.track, -1);
            }
            const bool comm = m_ix.classes.of(tr, k.slice) == KernelClass::Communication;
            edge(k.startNode, k.endNode, k.end - k.start, comm ? PathPart::Communication : PathPart::GpuCompute, k.track, k.track,
                 std::int64_t(k.slice));
            if (j + 1 == m_gpu.size() || m_gpu[j + 1].track != k.track)
                edge(k.endNode, m_sink, 0, PathPart::Idle, k.track, k.track, -1);
        }
        return true;
    }

    // The waits the trace names, as HTA pairs them (_get_cuda_event_record_df,
    // _get_cuda_stream_wait_event_df): the work a cudaEventRecord marks is the last activity
    // launched on its stream before it; a stream wait holds the next activity launched on the
    // waiting stream after the cudaStreamWaitEvent; an Event Sync is the CPU waiting for that work
    // (a GPU-to-CPU edge to its call's end, added here). Returns, per activity, the activity it
    // waits on (-1: none named).
    std::vector<std::int64_t> namedWaits()
    {
        std::vector<std::int64_t> waitOn(m_gpu.size(), -1);
        if (m_namedWaits.empty() || !m_t.source)
            return waitOn;
        // The cudaEventRecord calls of the chain, and the waits, read back in file order.
        struct Read
        {
            std::uint64_t offset;
            std::int64_t wait; // index into m_namedWaits, -1: a cudaEventRecord
            std::uint32_t track, slice;
        };
        std::vector<Read> reads;
        for (std::size_t w = 0; w < m_namedWaits.size(); ++w) {
            const NamedWait &nw = m_namedWaits[w];
            reads.push_back({m_t.tracks[nw.track].fileOffset[nw.slice], std::int64_t(w), nw.track, nw.slice});
        }
        for (const auto &[key, nodeIx] : m_callStart) {
            const std::uint32_t t = std::uint32_t(key >> 32), i = std::uint32_t(key & 0xffffffffu);
            if (m_t.strings.view(m_t.tracks[t].nameId[i]) == "cudaEventRecord")
                reads.push_back({m_t.tracks[t].fileOffset[i], -1, t, i});
        }
        if (reads.size() > kMaxArgReads)
            return waitOn;
        std::sort(reads.begin(), reads.end(), [](const Read &a, const Read &b) { return a.offset < b.offset; });
        std::unordered_map<std::int64_t, TimeNs> recordAt; // correlation -> the cudaEventRecord's start
        struct Named
        {
            std::int64_t record = -1, stream = -1;
        };
        std::vector<Named> named(m_namedWaits.size());
        SourceReader reader(*m_t.source);
        for (const Read &r : reads) {
            const EventDetails d = readEventDetails(m_t, reader, r.offset, EventParts::ArgsOnly);
            if (!d.ok)
                return waitOn; // the file changed: times alone
            if (r.wait < 0) {
                if (d.args.contains(QStringLiteral("correlation")))
                    recordAt[d.args.value(QStringLiteral("correlation")).toLongLong()] = m_t.tracks[r.track].start[r.slice];
            } else {
                Named &n = named[std::size_t(r.wait)];
                n.record = d.args.value(QStringLiteral("wait_on_cuda_event_record_corr_id"), -1).toLongLong();
                n.stream = d.args.value(QStringLiteral("wait_on_stream"), -1).toLongLong();
            }
        }
        // Per GPU track, its activities by the start of their launch call.
        std::unordered_map<std::uint32_t, std::vector<std::pair<TimeNs, std::size_t>>> byLaunch;
        for (std::size_t j = 0; j < m_gpu.size(); ++j) {
            detail::EvidenceIndex::Source src;
            if (m_ix.launchOf(m_gpu[j].track, m_gpu[j].slice, &src))
                byLaunch[m_gpu[j].track].push_back({m_t.tracks[src.track].start[src.slice], j});
        }
        for (auto &[track, v] : byLaunch)
            std::sort(v.begin(), v.end());
        for (std::size_t w = 0; w < m_namedWaits.size(); ++w) {
            const NamedWait &nw = m_namedWaits[w];
            const auto rec = recordAt.find(named[w].record);
            if (rec == recordAt.end() || named[w].stream < 0)
                continue;
            // The recorded stream: the GPU track of that stream on the waiting event's device.
            const int device = m_t.tracks[nw.track].device;
            std::int64_t srcTrack = -1;
            for (std::uint32_t g = 0; g < m_t.tracks.size() && srcTrack < 0; ++g)
                if (m_t.tracks[g].kind == TrackKind::Gpu && m_t.tracks[g].device == device && m_t.tracks[g].streamId() == named[w].stream
                    && byLaunch.count(g))
                    srcTrack = g;
            if (srcTrack < 0)
                continue;
            const auto &onSrc = byLaunch[std::uint32_t(srcTrack)];
            auto before = std::lower_bound(onSrc.begin(), onSrc.end(), std::make_pair(rec->second, std::size_t(0)));
            if (before == onSrc.begin())
                continue;
            const std::size_t src = std::prev(before)->second;
            if (!nw.streamWait) {
                // Event Sync: the CPU's cudaEventSynchronize waited for that work.
                for (const SyncCall &sc : m_syncs)
                    if (sc.track == nw.call.track && sc.slice == nw.call.slice)
                        edge(m_gpu[src].endNode, sc.endNode, 0, PathPart::Sync, sc.track, m_gpu[src].track, std::int64_t(sc.slice));
                continue;
            }
            const auto waiting = byLaunch.find(nw.track);
            if (waiting == byLaunch.end())
                continue;
            const TimeNs waitCall = m_t.tracks[nw.call.track].start[nw.call.slice];
            auto next = std::upper_bound(waiting->second.begin(), waiting->second.end(),
                                         std::make_pair(waitCall, std::numeric_limits<std::size_t>::max()));
            if (next != waiting->second.end())
                waitOn[next->second] = std::int64_t(src);
        }
        return waitOn;
    }

    // GPU to CPU: each blocking call waited for the last activity that ended while it blocked.
    void linkSyncs()
    {
        std::vector<std::size_t> byEnd(m_gpu.size());
        for (std::size_t j = 0; j < byEnd.size(); ++j)
            byEnd[j] = j;
        std::sort(byEnd.begin(), byEnd.end(), [&](std::size_t a, std::size_t b) { return m_gpu[a].end < m_gpu[b].end; });
        for (const SyncCall &s : m_syncs) {
            const TimeNs callStart = m_nodes[s.startNode], callEnd = m_nodes[s.endNode];
            auto it = std::upper_bound(byEnd.begin(), byEnd.end(), callEnd, [&](TimeNs v, std::size_t x) { return v < m_gpu[x].end; });
            while (it != byEnd.begin()) {
                --it;
                const GpuItem &w = m_gpu[*it];
                if (w.end < callStart)
                    break;
                if (s.streamTrack >= 0 && std::int64_t(w.track) != s.streamTrack)
                    continue;
                edge(w.endNode, s.endNode, 0, PathPart::Sync, s.track, w.track, std::int64_t(s.slice));
                break;
            }
        }
    }

    // The heaviest path from the source to the sink. Nodes are taken in dependency order, earliest
    // first; where only edges of zero length close a cycle, the earliest node left goes first.
    bool longestPath(std::vector<std::uint32_t> *out)
    {
        const std::size_t n = m_nodes.size();
        std::vector<std::uint32_t> offset(n + 1, 0), indeg(n, 0);
        for (const Edge &e : m_edges) {
            ++offset[e.from + 1];
            ++indeg[e.to];
        }
        for (std::size_t i = 0; i < n; ++i)
            offset[i + 1] += offset[i];
        std::vector<std::uint32_t> adj(m_edges.size());
        {
            std::vector<std::uint32_t> fillAt(offset.begin(), offset.end() - 1);
            for (std::uint32_t k = 0; k < m_edges.size(); ++k)
                adj[fillAt[m_edges[k].from]++] = k;
        }
        std::vector<std::uint32_t> order(n);
        for (std::uint32_t i = 0; i < n; ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return m_nodes[a] != m_nodes[b] ? m_nodes[a] < m_nodes[b] : a < b;
        });
        using Item = std::pair<TimeNs, std::uint32_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> ready;
        for (std::uint32_t i = 0; i < n; ++i)
            if (indeg[i] == 0)
                ready.push({m_nodes[i], i});
        std::vector<TimeNs> best(n, -1);
        std::vector<std::int64_t> pred(n, -1);
        std::vector<char> done(n, 0);
        best[m_source] = 0;
        std::size_t processed = 0, forced = 0;
        while (processed < n) {
            std::uint32_t u;
            if (!ready.empty()) {
                u = ready.top().second;
                ready.pop();
                if (done[u])
                    continue;
            } else {
                while (forced < n && done[order[forced]])
                    ++forced;
                u = order[forced];
            }
            done[u] = 1;
            ++processed;
            for (std::uint32_t a = offset[u]; a < offset[u + 1]; ++a) {
                const Edge &e = m_edges[adj[a]];
                if (done[e.to])
                    continue;
                if (best[u] >= 0 && best[u] + e.weight > best[e.to]) {
                    best[e.to] = best[u] + e.weight;
                    pred[e.to] = adj[a];
                }
                if (--indeg[e.to] == 0)
                    ready.push({m_nodes[e.to], e.to});
            }
        }
        if (best[m_sink] < 0)
            return false;
        for (std::uint32_t v = m_sink; v != m_source;) {
            if (pred[v] < 0)
                return false;
            out->push_back(std::uint32_t(pred[v]));
            v = m_edges[std::size_t(pred[v])].from;
        }
        std::reverse(out->begin(), out->end());
        return true;
    }

    QString sliceName(std::uint32_t track, std::int64_t slice) const
    {
        if (slice < 0)
            return {};
        return m_t.name(m_t.tracks[track].nameId[std::size_t(slice)]);
    }

    void fill(CriticalPath &cp, const std::vector<std::uint32_t> &pathEdges)
    {
        for (const std::uint32_t k : pathEdges) {
            const Edge &e = m_edges[k];
            PathSegment s{m_nodes[e.from], m_nodes[e.to], e.part, e.track, e.fromTrack, e.slice};
            cp.partsNs[std::size_t(e.part)] += s.to - s.from;
            if (s.to == s.from && s.track == s.fromTrack)
                continue; // nothing to draw
            if (!cp.segments.empty()) {
                PathSegment &b = cp.segments.back();
                if (b.to == s.from && b.part == s.part && b.track == s.track && b.fromTrack == s.fromTrack && b.slice == s.slice) {
                    b.to = s.to;
                    continue;
                }
            }
            cp.segments.push_back(s);
        }

        // Culprits: time on the path by kind and name.
        std::map<std::pair<int, StringId>, PathCulprit> groups;
        for (const PathSegment &s : cp.segments) {
            if (s.part == PathPart::Idle || s.slice < 0 || s.to <= s.from)
                continue;
            // A wait on another stream is the waited-on kernel's; other edges the slice's of their track.
            const bool onFrom = s.part == PathPart::Sync && s.fromTrack != s.track && m_t.tracks[s.track].kind == TrackKind::Gpu;
            const std::uint32_t track = onFrom ? s.fromTrack : s.track;
            const StringId name = m_t.tracks[track].nameId[std::size_t(s.slice)];
            PathCulprit &c = groups[{int(s.part), name}];
            c.part = s.part;
            c.ns += s.to - s.from;
            ++c.count;
            if (c.where.empty() || s.to - s.from > c.where.to - c.where.from) {
                c.where = TimeRange{s.from, s.to};
                c.track = track;
                c.slice = s.slice;
            }
        }
        std::vector<PathCulprit> all;
        for (auto &[key, c] : groups) {
            c.name = m_t.name(key.second);
            all.push_back(std::move(c));
        }
        std::stable_sort(all.begin(), all.end(), [](const PathCulprit &a, const PathCulprit &b) { return a.ns > b.ns; });
        if (all.size() > 2)
            all.resize(2);
        cp.culprits = std::move(all);

        // Synchronisations the path runs through, and what each cost it: the blocked time just
        // before its end (the sync edges leading there) and the time after it until the path is
        // back on the GPU.
        std::vector<std::size_t> hits;
        for (std::size_t k = 0; k < pathEdges.size(); ++k)
            if (auto it = m_syncByEnd.find(m_edges[pathEdges[k]].to); it != m_syncByEnd.end() && m_syncs[it->second].reported)
                hits.push_back(k);
        for (std::size_t h = 0; h < hits.size(); ++h) {
            const std::size_t k = hits[h];
            const SyncCall &s = m_syncs[m_syncByEnd[m_edges[pathEdges[k]].to]];
            PathSync p;
            p.call = sliceName(s.track, s.slice);
            if (s.caller >= 0)
                p.op = sliceName(s.callerTrack, s.caller);
            if (s.outer >= 0)
                p.outerOp = sliceName(s.outerTrack, s.outer);
            p.where = TimeRange{m_nodes[s.startNode], m_nodes[s.endNode]};
            p.track = s.track;
            p.slice = s.slice;
            const std::size_t floor = h > 0 ? hits[h - 1] + 1 : 0;
            for (std::size_t b = k + 1; b-- > floor;) {
                const Edge &e = m_edges[pathEdges[b]];
                if (e.part != PathPart::Sync)
                    break;
                p.costNs += m_nodes[e.to] - m_nodes[e.from];
            }
            const std::size_t ceiling = h + 1 < hits.size() ? hits[h + 1] : pathEdges.size();
            for (std::size_t a = k + 1; a < ceiling; ++a) {
                const Edge &e = m_edges[pathEdges[a]];
                if (e.part == PathPart::GpuCompute || e.part == PathPart::Communication || e.part == PathPart::Sync)
                    break;
                p.costNs += m_nodes[e.to] - m_nodes[e.from];
            }
            cp.syncs.push_back(p);
        }
    }
};

} // namespace

const char *pathPartName(PathPart p)
{
    switch (p) {
    case PathPart::Cpu: return "cpu";
    case PathPart::GpuCompute: return "gpu_compute";
    case PathPart::Communication: return "communication";
    case PathPart::LaunchDelay: return "launch_delay";
    case PathPart::Sync: return "sync";
    case PathPart::Idle: return "idle";
    }
    return "idle";
}

PathPart CriticalPath::dominant() const
{
    int best = 0;
    for (int k = 1; k < kPathParts; ++k)
        if (partsNs[std::size_t(k)] > partsNs[std::size_t(best)])
            best = k;
    return PathPart(best);
}

const Step *criticalPathStep(const std::vector<Step> &measured, int scopedStep, bool *median)
{
    if (median)
        *median = false;
    if (measured.empty())
        return nullptr;
    if (scopedStep >= 0) {
        for (const Step &s : measured)
            if (s.number == scopedStep)
                return &s;
    }
    std::vector<const Step *> byLength;
    for (const Step &s : measured)
        byLength.push_back(&s);
    std::stable_sort(byLength.begin(), byLength.end(), [](const Step *a, const Step *b) { return a->dur < b->dur; });
    if (median)
        *median = measured.size() > 1;
    return byLength[(byLength.size() - 1) / 2];
}

CriticalPath criticalPath(const detail::EvidenceIndex &index, const Step &step)
{
    return Builder(index, step).run();
}

CriticalPath criticalPath(const detail::EvidenceIndex &index, const AnalysisRange &range)
{
    CriticalPath cp;
    if (!range.ok()) {
        cp.error = range.error;
        return cp;
    }
    cp = Builder(index, range.span, range.hasSlice).run();
    cp.scope = range.kind;
    cp.instance = range.instance;
    cp.instances = range.instances;
    return cp;
}

} // namespace lanescope::analysis
