// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/replay/ReplayGraph.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace lanescope::analysis::replay {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

// An activity that starts this much later than both its launch call's return and its stream's
// previous activity waited on another stream (the critical path's rule, CriticalPath.cpp).
constexpr TimeNs kHeldNs = 20'000;
// Without a launch the stream ran dry for, the nominal launch latency (call start to activity start).
constexpr TimeNs kDefaultLaunchNs = 5'000;
// How many AllGather kernels' args are read back from the file for their output size.
constexpr std::size_t kMaxAllGatherReads = 64;
// How many calls after a blocking call its AllGather launch may come (FSDP's _unshard: the rate
// limiter's cudaEventSynchronize, then record_param_comms' allocation and the NCCL launch).
constexpr std::size_t kGateLookahead = 16;

constexpr std::uint64_t keyOf(std::uint32_t track, std::uint32_t slice) { return (std::uint64_t(track) << 32) | slice; }

enum class ItemKind : std::uint8_t { Other, Sync, Malloc, Free };

struct Item
{
    std::uint32_t track = 0, slice = 0;
    TimeNs start = 0, end = 0;
    std::uint32_t startNode = 0, endNode = 0;
    ItemKind kind = ItemKind::Other;
    bool launches = false;
    bool agLaunch = false;        // launches an AllGather
    std::int64_t streamTrack = -1; // the GPU track its cuda_sync event names, -1 any
    std::int64_t waited = -1;     // blocking: the activity it waited for (index into acts)
    std::int64_t waitEdge = -1;   // its SyncWait edge
};

struct Act
{
    std::uint32_t track = 0, slice = 0;
    TimeNs start = 0, end = 0;
    std::uint32_t startNode = 0, endNode = 0;
    std::int64_t item = -1; // the launching call (index into items)
    int device = -1;
};

class Builder
{
public:
    Builder(const detail::EvidenceIndex &ix, const Step &step) : m_ix(ix), m_t(ix.trace), m_step(step) {}

    ReplayGraph run()
    {
        ReplayGraph g;
        g.step = m_step;
        g.stepNs = m_step.dur;
        m_from = m_step.start;
        m_to = m_step.end();
        if (m_step.track >= m_t.tracks.size() || m_t.tracks[m_step.track].kind != TrackKind::Cpu || m_to <= m_from) {
            g.error = Text::tr("the window's CPU thread is not in the trace");
            return g;
        }
        m_g = &g;
        g.source = node(m_from);
        if (!collectItems() || !collectActivities()) {
            g.error = Text::tr("more than %1 events in %2: no replay (its graph would take more than about %3 MB)")
                          .arg(figure::count(double(kReplayMaxEvents)), m_step.name.isEmpty() ? Text::tr("the window") : m_step.name)
                          .arg(kReplayMaxEvents / 10'000);
            return g;
        }
        g.sink = node(m_to);
        gpuEdges();
        syncWaits();
        cpuEdges();
        allGatherGates();
        memory();
        g.events = m_events;
        for (const Act &a : m_acts)
            g.activities.push_back(ReplayActivity{a.track, a.slice, a.startNode, a.endNode});
        g.valid = true;
        return g;
    }

private:
    const detail::EvidenceIndex &m_ix;
    const Trace &m_t;
    const Step &m_step;
    ReplayGraph *m_g = nullptr;
    TimeNs m_from = 0, m_to = 0;
    std::size_t m_events = 0;
    std::vector<std::uint32_t> m_threads;        // CPU tracks in the graph
    std::vector<std::vector<std::size_t>> m_byThread; // per m_threads entry: its items in order
    std::vector<Item> m_items;
    std::unordered_map<std::uint64_t, std::size_t> m_itemOf; // call -> items index
    std::vector<Act> m_acts; // by track, then start
    std::unordered_map<std::uint32_t, std::vector<detail::CpuSpan>> m_dataLoader; // per thread, merged, sorted

    std::uint32_t node(TimeNs t)
    {
        m_g->nodeTime.push_back(t);
        return std::uint32_t(m_g->nodeTime.size() - 1);
    }
    void edge(std::uint32_t from, std::uint32_t to, TimeNs offset, EdgeKind kind, std::uint16_t flags = 0, TimeNs dataLoaderNs = 0)
    {
        m_g->edges.push_back(ReplayEdge{from, to, offset, std::min(dataLoaderNs, std::max<TimeNs>(offset, 0)), kind, flags});
    }
    bool count(std::size_t n)
    {
        m_events += n;
        return m_events <= kReplayMaxEvents;
    }
    CategoryClass cat(const Track &tr, std::size_t i) const { return m_ix.categoryOf(tr, i); }

    // CPU time of `track` inside data-loader spans between a and b.
    TimeNs dataLoaderIn(std::uint32_t track, TimeNs a, TimeNs b) const
    {
        const auto it = m_dataLoader.find(track);
        if (it == m_dataLoader.end() || b <= a)
            return 0;
        TimeNs sum = 0;
        for (const detail::CpuSpan &s : it->second)
            if (s.end > a && s.start < b)
                sum += std::min(s.end, b) - std::max(s.start, a);
        return sum;
    }

    bool collectItems()
    {
        const Track &stepTrack = m_t.tracks[m_step.track];
        for (std::uint32_t k = 0; k < m_t.tracks.size(); ++k) {
            const Track &tr = m_t.tracks[k];
            if (tr.kind != TrackKind::Cpu || tr.pid != stepTrack.pid || tr.pidLabel != stepTrack.pidLabel)
                continue;
            const auto first = std::size_t(std::lower_bound(tr.start.begin(), tr.start.end(), m_from) - tr.start.begin());
            const std::size_t last = tr.upperBoundStart(m_to);
            std::vector<std::size_t> mine;
            TimeNs openEnd = m_from;
            for (std::size_t i = first; i < last; ++i) {
                if (cat(tr, i) != CategoryClass::Runtime || tr.dur[i] < 0 || tr.end(i) > m_to || tr.start[i] < openEnd)
                    continue; // nested in the previous call (cudaLaunchKernel inside cudaGraphLaunch) or cut by the window
                if (!count(2))
                    return false;
                Item it;
                it.track = k;
                it.slice = std::uint32_t(i);
                it.start = tr.start[i];
                it.end = tr.end(i);
                openEnd = it.end;
                const StringId name = tr.nameId[i];
                switch (m_ix.callKind[name]) {
                case detail::CallKind::Sync: it.kind = ItemKind::Sync; break;
                case detail::CallKind::Malloc: it.kind = ItemKind::Malloc; break;
                case detail::CallKind::Free:
                    // cudaFree synchronises the device (cudaFreeHost does not wait for it).
                    it.kind = m_t.strings.view(name).find("Host") == std::string_view::npos ? ItemKind::Free : ItemKind::Malloc;
                    break;
                default: break;
                }
                it.startNode = node(it.start);
                it.endNode = node(it.end);
                m_itemOf[keyOf(k, it.slice)] = m_items.size();
                mine.push_back(m_items.size());
                m_items.push_back(it);
            }
            if (mine.empty() && k != m_step.track)
                continue;
            m_threads.push_back(k);
            m_byThread.push_back(std::move(mine));
        }
        // Data-loader spans of those threads, merged (nested spellings count once).
        m_ix.dataLoader.overlapping(m_from, m_to, [&](const detail::CpuSpan &s) {
            if (std::find(m_threads.begin(), m_threads.end(), s.track) != m_threads.end())
                m_dataLoader[s.track].push_back(detail::CpuSpan{std::max(s.start, m_from), std::min(s.end, m_to), s.track, s.slice, s.name});
        });
        for (auto &[track, v] : m_dataLoader) {
            std::sort(v.begin(), v.end(), [](const detail::CpuSpan &a, const detail::CpuSpan &b) { return a.start < b.start; });
            std::vector<detail::CpuSpan> merged;
            for (const detail::CpuSpan &s : v) {
                if (!merged.empty() && s.start <= merged.back().end)
                    merged.back().end = std::max(merged.back().end, s.end);
                else
                    merged.push_back(s);
            }
            v = std::move(merged);
        }
        return true;
    }

    bool collectActivities()
    {
        for (std::uint32_t g = 0; g < m_t.tracks.size(); ++g) {
            const Track &tr = m_t.tracks[g];
            if (tr.kind != TrackKind::Gpu)
                continue;
            // Activities overlapping the window, then those launched from it that ran after it.
            std::size_t i = std::size_t(std::lower_bound(tr.start.begin(), tr.start.end(), m_from) - tr.start.begin());
            for (std::size_t back = 0; i > 0 && back < 64 && tr.end(i - 1) > m_from; ++back)
                --i; // activities that began before the window and ran into it (few: a stream runs one at a time)
            for (; i < tr.size(); ++i) {
                const CategoryClass cc = cat(tr, i);
                detail::EvidenceIndex::Source src;
                const bool launched = cc != CategoryClass::GpuAnnotation && m_ix.launchOf(g, std::uint32_t(i), &src);
                const auto item = launched ? m_itemOf.find(keyOf(src.track, src.slice)) : m_itemOf.end();
                if (tr.start[i] >= m_to && item == m_itemOf.end()) {
                    // Past the window: only work its calls launched; the first that is not ends the stream's part.
                    if (isGpuActivity(cc))
                        break;
                    continue;
                }
                if (tr.end(i) <= m_from && item == m_itemOf.end())
                    continue;
                if (!isGpuActivity(cc)) {
                    // A cuda_sync event ("Stream Sync") names the stream its call waited for.
                    if (item != m_itemOf.end() && tr.tid >= 0)
                        m_items[item->second].streamTrack = m_ix.streamLane(g);
                    continue;
                }
                if (!count(2))
                    return false;
                Act a;
                a.track = g;
                a.slice = std::uint32_t(i);
                a.start = tr.start[i];
                a.end = tr.end(i);
                a.device = tr.device;
                a.startNode = node(a.start);
                a.endNode = node(a.end);
                if (item != m_itemOf.end()) {
                    a.item = std::int64_t(item->second);
                    Item &it = m_items[item->second];
                    it.launches = true;
                    if (collectiveName(m_t.strings.view(tr.nameId[i])) == "AllGather")
                        it.agLaunch = true;
                }
                m_acts.push_back(a);
            }
        }
        return true;
    }

    void gpuEdges()
    {
        // The nominal launch latency: the median call-start-to-activity-start where the stream was
        // idle when the call was made (nothing but the launch held the activity).
        std::vector<TimeNs> idleLaunches;
        for (std::size_t j = 0; j < m_acts.size(); ++j) {
            const Act &a = m_acts[j];
            if (a.item < 0)
                continue;
            const Item &it = m_items[std::size_t(a.item)];
            const bool prevHere = j > 0 && m_acts[j - 1].track == a.track;
            if (!prevHere || m_acts[j - 1].end <= it.start)
                idleLaunches.push_back(a.start - it.start);
        }
        TimeNs nominal = kDefaultLaunchNs;
        if (!idleLaunches.empty()) {
            std::nth_element(idleLaunches.begin(), idleLaunches.begin() + std::ptrdiff_t(idleLaunches.size() / 2), idleLaunches.end());
            nominal = std::max<TimeNs>(0, idleLaunches[idleLaunches.size() / 2]);
        }
        m_g->nominalLaunchNs = nominal;

        // Per device, activities by end: what a held activity waited on.
        std::map<int, std::vector<std::size_t>> byDevice;
        for (std::size_t j = 0; j < m_acts.size(); ++j)
            byDevice[m_acts[j].device].push_back(j);
        for (auto &[device, v] : byDevice)
            std::sort(v.begin(), v.end(), [&](std::size_t a, std::size_t b) { return m_acts[a].end < m_acts[b].end; });

        for (std::size_t j = 0; j < m_acts.size(); ++j) {
            const Act &a = m_acts[j];
            const bool prevHere = j > 0 && m_acts[j - 1].track == a.track;
            const TimeNs prevEnd = prevHere ? m_acts[j - 1].end : -1;
            const Item *call = a.item >= 0 ? &m_items[std::size_t(a.item)] : nullptr;
            std::int64_t waitOn = -1;
            if (a.start - std::max(prevEnd, call ? call->end : m_from) > kHeldNs) {
                const std::vector<std::size_t> &dev = byDevice[a.device];
                auto it = std::upper_bound(dev.begin(), dev.end(), a.start, [&](TimeNs v, std::size_t x) { return v < m_acts[x].end; });
                while (it != dev.begin()) {
                    --it;
                    const Act &w = m_acts[*it];
                    if (w.end < a.start - kCommWaitSlackNs)
                        break;
                    if (w.track != a.track) {
                        waitOn = std::int64_t(*it);
                        break;
                    }
                }
            }
            // The latest of the candidates set the start: that edge carries the measured delay.
            const TimeNs tPrev = prevHere ? prevEnd : -1;
            const TimeNs tCall = call ? call->start : -1;
            const TimeNs tWait = waitOn >= 0 ? m_acts[std::size_t(waitOn)].end : -1;
            const TimeNs tSource = call || prevHere ? -1 : m_from;
            const TimeNs latest = std::max({tPrev, tCall, tWait, tSource});
            if (prevHere)
                edge(m_acts[j - 1].endNode, a.startNode, tPrev == latest ? a.start - tPrev : 0, EdgeKind::Stream);
            if (call)
                edge(call->startNode, a.startNode, tCall == latest ? a.start - tCall : std::min(a.start - tCall, nominal), EdgeKind::Launch);
            if (waitOn >= 0)
                edge(m_acts[std::size_t(waitOn)].endNode, a.startNode, tWait == latest ? a.start - tWait : 0, EdgeKind::Wait);
            if (tSource >= 0)
                edge(m_g->source, a.startNode, a.start - m_from, EdgeKind::Source);
            const KernelClass kc = m_ix.classes.of(m_t.tracks[a.track], a.slice);
            edge(a.startNode, a.endNode, a.end - a.start, EdgeKind::Gpu,
                 kc == KernelClass::Gemm ? kGemm : kc == KernelClass::Communication ? kComm : 0);
            // The window's end comes no earlier than the device work, less what ran past it.
            if (j + 1 == m_acts.size() || m_acts[j + 1].track != a.track)
                edge(a.endNode, m_g->sink, std::min<TimeNs>(0, m_to - a.end), EdgeKind::Sink);
        }
    }

    // A blocking call waited for the last activity that ended while it blocked (on the stream its
    // cuda_sync event names).
    void syncWaits()
    {
        std::vector<std::size_t> byEnd(m_acts.size());
        for (std::size_t j = 0; j < byEnd.size(); ++j)
            byEnd[j] = j;
        std::sort(byEnd.begin(), byEnd.end(), [&](std::size_t a, std::size_t b) { return m_acts[a].end < m_acts[b].end; });
        for (Item &s : m_items) {
            if (s.kind != ItemKind::Sync && s.kind != ItemKind::Free)
                continue;
            auto it = std::upper_bound(byEnd.begin(), byEnd.end(), s.end, [&](TimeNs v, std::size_t x) { return v < m_acts[x].end; });
            while (it != byEnd.begin()) {
                --it;
                const Act &w = m_acts[*it];
                if (w.end < s.start)
                    break;
                if (s.streamTrack >= 0 && std::int64_t(w.track) != s.streamTrack)
                    continue;
                s.waited = std::int64_t(*it);
                break;
            }
        }
    }

    void cpuEdges()
    {
        // Every item by end, for the latest call of another thread that ended before one starts.
        std::vector<std::size_t> byEnd(m_items.size());
        for (std::size_t j = 0; j < byEnd.size(); ++j)
            byEnd[j] = j;
        std::sort(byEnd.begin(), byEnd.end(), [&](std::size_t a, std::size_t b) { return m_items[a].end < m_items[b].end; });

        for (std::size_t t = 0; t < m_threads.size(); ++t) {
            const std::uint32_t track = m_threads[t];
            const bool stepThread = track == m_step.track;
            TimeNs prevEnd = m_from;
            std::uint32_t prevNode = m_g->source;
            bool prevLaunch = false;
            for (const std::size_t k : m_byThread[t]) {
                Item &it = m_items[k];
                // The latest call of another thread that ended before this one started, where later
                // than this thread's previous call: this call waited for that thread.
                std::int64_t cross = -1;
                auto pos = std::upper_bound(byEnd.begin(), byEnd.end(), it.start, [&](TimeNs v, std::size_t x) { return v < m_items[x].end; });
                if (pos != byEnd.begin()) {
                    const Item &c = m_items[*std::prev(pos)];
                    if (c.track != track && c.end > prevEnd && c.end <= it.start)
                        cross = std::int64_t(*std::prev(pos));
                }
                const std::uint16_t pair = prevLaunch && it.launches ? kLaunchPair : 0;
                if (cross >= 0) {
                    const Item &c = m_items[std::size_t(cross)];
                    edge(c.endNode, it.startNode, it.start - c.end, EdgeKind::Cross, c.launches && it.launches ? kLaunchPair : 0,
                         dataLoaderIn(track, c.end, it.start));
                    edge(prevNode, it.startNode, 0, EdgeKind::Think, pair);
                } else if (prevNode == m_g->source && !stepThread) {
                    // Another thread's first call, after nothing of this window: where it was.
                    edge(prevNode, it.startNode, it.start - prevEnd, EdgeKind::Source);
                } else {
                    edge(prevNode, it.startNode, it.start - prevEnd, EdgeKind::Think, pair, dataLoaderIn(track, prevEnd, it.start));
                }
                // The call itself; a blocking one lasts until its wait is over, then its own tail.
                const std::uint16_t what = (it.launches ? kLaunchCall : 0)
                    | (it.kind == ItemKind::Sync ? kSyncCall : it.kind == ItemKind::Malloc || it.kind == ItemKind::Free ? kAllocCall : 0);
                if (it.waited >= 0) {
                    const Act &w = m_acts[std::size_t(it.waited)];
                    const TimeNs tail = it.end - std::max(w.end, it.start);
                    edge(it.startNode, it.endNode, tail, EdgeKind::CallCost, what);
                    it.waitEdge = std::int64_t(m_g->edges.size());
                    edge(w.endNode, it.endNode, tail, EdgeKind::SyncWait, what);
                } else {
                    edge(it.startNode, it.endNode, it.end - it.start, EdgeKind::CallCost, what);
                }
                prevEnd = it.end;
                prevNode = it.endNode;
                prevLaunch = it.launches;
            }
            // The window ends where its own thread does; other threads only come before it.
            edge(prevNode, m_g->sink, stepThread ? m_to - prevEnd : 0, stepThread ? EdgeKind::Think : EdgeKind::Sink,
                 stepThread ? kDataLoaderEnd : 0, stepThread ? dataLoaderIn(track, prevEnd, m_to) : 0);
        }
    }

    // FSDP's rate limiter (limit_all_gathers=True): a blocking call just before an AllGather's
    // launch holds the gather back until earlier compute is done. Under fsdp_limit_all_gathers
    // each such call waits instead for what the previous one waited for: one unit's gather more
    // in flight, as FSDP's prefetch issues it.
    void allGatherGates()
    {
        for (std::size_t t = 0; t < m_threads.size(); ++t) {
            const std::vector<std::size_t> &mine = m_byThread[t];
            std::int64_t prevWaited = -1;
            for (std::size_t p = 0; p < mine.size(); ++p) {
                const Item &s = m_items[mine[p]];
                if (s.kind != ItemKind::Sync || s.waited < 0)
                    continue;
                bool gate = false;
                for (std::size_t q = p + 1; q < mine.size() && q <= p + kGateLookahead; ++q) {
                    const Item &n = m_items[mine[q]];
                    if (n.kind == ItemKind::Sync)
                        break;
                    if (n.agLaunch) {
                        gate = true;
                        break;
                    }
                }
                if (!gate)
                    continue;
                ++m_g->allGatherGates;
                // Its wait edge becomes the gate.
                if (s.waitEdge >= 0)
                    m_g->edges[std::size_t(s.waitEdge)].flags |= kAgGate;
                const TimeNs tail = s.end - std::max(m_acts[std::size_t(s.waited)].end, s.start);
                if (prevWaited >= 0)
                    edge(m_acts[std::size_t(prevWaited)].endNode, s.endNode, tail, EdgeKind::SyncWait, kSyncCall | kAgEarly);
                prevWaited = s.waited;
            }
        }
        if (m_g->allGatherGates > 0)
            allGatherBytes();
    }

    static int dtypeBytes(const QString &dtype)
    {
        const QString d = dtype.toLower();
        if (d.contains(QLatin1String("double")) || d.contains(QLatin1String("long")) || d.contains(QLatin1String("64")))
            return 8;
        if (d.contains(QLatin1String("bfloat16")) || d.contains(QLatin1String("half")) || d.contains(QLatin1String("16")))
            return 2;
        if (d.contains(QLatin1String("byte")) || d.contains(QLatin1String("char")) || d.contains(QLatin1String("bool"))
            || d.contains(QLatin1String("8")))
            return 1;
        return 4;
    }

    // An AllGather's output (the median of the step's), from its kernels' args ("Out msg nelems" x the dtype's size).
    void allGatherBytes()
    {
        if (!m_t.source)
            return;
        std::vector<std::pair<std::uint64_t, std::size_t>> reads;
        for (std::size_t j = 0; j < m_acts.size() && reads.size() < kMaxAllGatherReads; ++j) {
            const Track &tr = m_t.tracks[m_acts[j].track];
            if (collectiveName(m_t.strings.view(tr.nameId[m_acts[j].slice])) == "AllGather")
                reads.push_back({tr.fileOffset[m_acts[j].slice], j});
        }
        std::sort(reads.begin(), reads.end());
        SourceReader reader(*m_t.source);
        std::vector<std::int64_t> sizes;
        for (const auto &[offset, j] : reads) {
            const EventDetails d = readEventDetails(m_t, reader, offset, EventParts::ArgsOnly);
            if (!d.ok)
                break;
            bool ok = false;
            const std::int64_t n = d.args.value(QStringLiteral("Out msg nelems")).toLongLong(&ok);
            if (!ok || n <= 0 || n > (std::int64_t(1) << 50))
                continue;
            sizes.push_back(n * dtypeBytes(d.args.value(QStringLiteral("dtype")).toString()));
        }
        // The unit gathered early is a typical one (a layer), not the embedding's larger gather.
        if (!sizes.empty()) {
            std::nth_element(sizes.begin(), sizes.begin() + std::ptrdiff_t(sizes.size() / 2), sizes.end());
            m_g->allGatherBytes = sizes[sizes.size() / 2];
        }
    }

    // Device memory at its highest in the window (the allocator's totals), and the device's size.
    void memory()
    {
        int device = -1;
        for (const Act &a : m_acts)
            if (a.device >= 0) {
                device = a.device;
                break;
            }
        for (const DeviceInfo &d : m_t.devices)
            if (d.id == device || (device < 0 && m_g->deviceMemoryBytes == 0))
                m_g->deviceMemoryBytes = d.totalGlobalMem;
        for (const MemorySeries &s : m_t.memory) {
            if (!isAcceleratorMemory(s.deviceType) || (device >= 0 && s.deviceId >= 0 && s.deviceId != device))
                continue;
            auto it = std::lower_bound(s.samples.begin(), s.samples.end(), m_from,
                                       [](const MemorySample &m, TimeNs v) { return m.ts < v; });
            std::int64_t peak = it != s.samples.begin() ? std::prev(it)->allocated : -1;
            for (; it != s.samples.end() && it->ts < m_to; ++it)
                peak = std::max(peak, it->allocated);
            m_g->peakBytes = std::max(m_g->peakBytes, peak);
        }
    }
};

} // namespace

ReplayGraph buildReplayGraph(const detail::EvidenceIndex &index, const Step &step)
{
    return Builder(index, step).run();
}

ReplayGraph buildReplayGraph(const detail::EvidenceIndex &index, TimeRange window)
{
    // The window's own thread: the CPU thread with the most runtime calls in it.
    const Trace &t = index.trace;
    std::uint32_t best = UINT32_MAX;
    std::size_t bestCalls = 0;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        const auto first = std::size_t(std::lower_bound(tr.start.begin(), tr.start.end(), window.from) - tr.start.begin());
        const std::size_t last = tr.upperBoundStart(window.to);
        if (last <= first)
            continue;
        std::size_t calls = 0;
        for (std::size_t i = first; i < last; ++i)
            calls += index.categoryOf(tr, i) == CategoryClass::Runtime ? 1 : 0;
        if (best == UINT32_MAX || calls > bestCalls) {
            best = k;
            bestCalls = calls;
        }
    }
    Step s;
    s.start = window.from;
    s.dur = window.to - window.from;
    s.track = best == UINT32_MAX ? std::uint32_t(t.tracks.size()) : best;
    return Builder(index, s).run();
}

} // namespace lanescope::analysis::replay
