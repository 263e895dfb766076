// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memsnap/SnapshotAnalysis.h"

#include "core/analysis/text/FigureText.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace lanescope::memsnap {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(memsnap)
};

constexpr std::int64_t kMiB = 1024 * 1024;
// PyTorch's caching allocator: requests up to 1 MiB (kSmallSize) are served from the small pool
// of 2 MiB segments (kSmallBuffer); larger ones from the large pool.
constexpr std::int64_t kSmallSize = kMiB;
constexpr std::int64_t kSmallBuffer = 2 * kMiB;
// max_split_size_mb must be more than 20 (kLargeBuffer / 1 MiB): PyTorch refuses smaller values.
constexpr int kMinMaxSplitMb = 21;

struct LiveAlloc
{
    std::int64_t size = 0;
    std::int64_t stream = 0;
    StackId stack = 0;
    std::int64_t toUs = 0;
    std::uint32_t toPos = 0;
    bool after = false;
};

struct LiveSeg
{
    std::int64_t size = 0;
    std::int64_t stream = 0;
    StackId stack = 0;
    bool large = true, expandable = false;
    std::int64_t toUs = 0;
    std::uint32_t toPos = 0;
    bool after = false;
};

// The trace's sizes are the requested bytes; the block behind a request is rounded up to 512
// bytes (kMinBlockSize).
std::int64_t blockSize(std::int64_t requested) { return std::max<std::int64_t>(512, (requested + 511) / 512 * 512); }

// A gap between blocks that is a free block of the cache. In the large pool a block is split
// only when more than 1 MiB would be left, and every block there serves a request over 1 MiB, so
// a free block is always larger than 1 MiB: a smaller gap is the unsplit tail of the allocation
// before it, not free memory.
bool freeGap(std::int64_t gap, bool large) { return large ? gap > kSmallSize : gap > 0; }

struct CacheState
{
    std::int64_t freeBytes = 0, largest = 0;
    std::uint64_t visited = 0; // segments and allocations looked at (the diagnosis' work budget)
    void add(std::int64_t gap, bool large)
    {
        if (!freeGap(gap, large))
            return;
        freeBytes += gap;
        largest = std::max(largest, gap);
    }
};

// The free space inside the live segments of one pool and stream (stream < 0: every stream).
CacheState cacheState(const std::map<std::uint64_t, LiveSeg> &segs, const std::map<std::uint64_t, LiveAlloc> &allocs,
                      bool large, std::int64_t stream)
{
    CacheState c;
    for (const auto &[addr, s] : segs) {
        ++c.visited;
        if (s.large != large || (stream >= 0 && s.stream != stream))
            continue;
        const std::uint64_t end = addr + std::uint64_t(s.size);
        std::uint64_t at = addr;
        for (auto it = allocs.lower_bound(addr); it != allocs.end() && it->first < end; ++it) {
            ++c.visited;
            if (it->first > at)
                c.add(std::int64_t(it->first - at), large);
            at = std::max(at, it->first + std::uint64_t(blockSize(it->second.size)));
        }
        if (end > at)
            c.add(std::int64_t(end - at), large);
    }
    return c;
}

bool growsReserved(Action a) { return a == Action::SegmentAlloc || a == Action::SegmentMap; }
bool shrinksReserved(Action a) { return a == Action::SegmentFree || a == Action::SegmentUnmap; }

// The fragmentation and OOM diagnosis looks at the cache at each segment action: with millions of
// them and of live segments (a hostile file) that is quadratic, so it stops after this much work
// (segments and allocations visited), said in a warning. Real snapshots use a small part of it.
constexpr std::uint64_t kDiagnosisBudget = 100'000'000;

DeviceHistory deviceHistory(const MemorySnapshot &snap, int device, const std::vector<std::uint32_t> &segmentIndices,
                            const DeviceTrace *trace, QStringList *warnings)
{
    static const std::vector<TraceEntry> none;
    const std::vector<TraceEntry> &e = trace ? trace->entries : none;
    const auto n = std::uint32_t(std::min<std::size_t>(e.size(), 0xfffffff0u));
    DeviceHistory h;
    h.device = device;
    h.entries = n;
    auto timeOf = [&](std::uint32_t i) { return e[i].hasTime ? e[i].timeUs : std::int64_t(i); };
    h.beginUs = n ? timeOf(0) : 0;
    h.endUs = n ? timeOf(n - 1) : 0;

    // The end state.
    std::map<std::uint64_t, LiveSeg> segs;
    std::map<std::uint64_t, LiveAlloc> allocs;
    for (const std::uint32_t si : segmentIndices) {
        const Segment &s = snap.segments[si];
        LiveSeg ls{s.totalSize, s.stream, s.stack, s.large, s.expandable, h.endUs, n + 1, true};
        segs[s.address] = ls;
        for (std::uint32_t b = s.firstBlock; b < s.firstBlock + s.blockCount && b < snap.blocks.size(); ++b) {
            const Block &bl = snap.blocks[b];
            // The trace counts requested bytes: the block's requested_size where recorded.
            if (bl.state == BlockState::ActiveAllocated || bl.state == BlockState::ActivePendingFree)
                allocs[bl.address] = LiveAlloc{bl.requestedSize > 0 ? bl.requestedSize : bl.size, s.stream, bl.stack,
                                               h.endUs, n + 1, true};
        }
    }

    // Backwards: undo each action; what is undone becomes a finished life.
    int inconsistent = 0;
    for (std::uint32_t k = n; k-- > 0;) {
        const TraceEntry &t = e[k];
        const std::int64_t at = timeOf(k);
        switch (t.action) {
        case Action::Alloc: {
            auto it = allocs.find(t.addr);
            if (it == allocs.end()) {
                ++inconsistent;
                break;
            }
            const LiveAlloc &a = it->second;
            h.allocations.push_back(AllocationSpan{t.addr, a.size, t.stream, at, a.toUs, t.stack ? t.stack : a.stack,
                                                   false, a.after, k + 1, a.toPos});
            allocs.erase(it);
            break;
        }
        case Action::FreeCompleted:
            if (!allocs.emplace(t.addr, LiveAlloc{t.size, t.stream, t.stack, at, k + 1, false}).second)
                ++inconsistent;
            break;
        case Action::SegmentAlloc:
        case Action::SegmentMap: {
            auto it = segs.find(t.addr);
            if (it != segs.end() && it->second.size == t.size) {
                const LiveSeg &s = it->second;
                h.segments.push_back(SegmentSpan{t.addr, t.size, t.stream, at, s.toUs, t.stack ? t.stack : s.stack, false,
                                                 s.after, s.large, s.expandable || t.action == Action::SegmentMap, k + 1,
                                                 s.toPos});
                segs.erase(it);
                break;
            }
            // An expandable segment grew by [addr, addr + size): the end state shows it as one
            // segment, and later unmaps as pieces. Carve the range out of whatever pieces cover
            // it: each overlap becomes a life starting here, what lies outside stays.
            const std::uint64_t from = t.addr, to = t.addr + std::uint64_t(std::max<std::int64_t>(t.size, 0));
            auto p = segs.upper_bound(from);
            if (p != segs.begin())
                --p;
            std::int64_t carved = 0;
            while (p != segs.end() && p->first < to) {
                const std::uint64_t pa = p->first, pe = pa + std::uint64_t(p->second.size);
                if (pe <= from) {
                    ++p;
                    continue;
                }
                const LiveSeg s = p->second;
                p = segs.erase(p);
                const std::uint64_t cf = std::max(pa, from), ct = std::min(pe, to);
                h.segments.push_back(SegmentSpan{cf, std::int64_t(ct - cf), t.stream, at, s.toUs, t.stack ? t.stack : s.stack,
                                                 false, s.after, s.large, true, k + 1, s.toPos});
                carved += std::int64_t(ct - cf);
                if (pa < cf) {
                    LiveSeg left = s;
                    left.size = std::int64_t(cf - pa);
                    segs.emplace(pa, left);
                }
                if (ct < pe) {
                    LiveSeg right = s;
                    right.size = std::int64_t(pe - ct);
                    p = segs.emplace(ct, right).first;
                    ++p;
                }
            }
            if (carved != t.size)
                ++inconsistent;
            break;
        }
        case Action::SegmentFree:
        case Action::SegmentUnmap:
            if (!segs.emplace(t.addr, LiveSeg{t.size, t.stream, 0, t.size != kSmallBuffer,
                                               t.action == Action::SegmentUnmap, at, k + 1, false})
                     .second)
                ++inconsistent;
            break;
        default:
            break;
        }
    }
    // What is left was alive before the window.
    std::int64_t allocated = 0, reserved = 0;
    for (const auto &[addr, a] : allocs) {
        h.allocations.push_back(AllocationSpan{addr, a.size, a.stream, h.beginUs, a.toUs, a.stack, true, a.after, 0, a.toPos});
        allocated += a.size;
    }
    for (const auto &[addr, s] : segs) {
        h.segments.push_back(SegmentSpan{addr, s.size, s.stream, h.beginUs, s.toUs, s.stack, true, s.after, s.large,
                                         s.expandable, 0, s.toPos});
        reserved += s.size;
    }
    h.inconsistent = inconsistent > 0;
    if (inconsistent)
        *warnings << (inconsistent == 1 ? Text::tr("device %1: %n action disagrees with the segments at the end (a cut or merged trace?)",
                                                   nullptr, inconsistent)
                                        : Text::tr("device %1: %n actions disagree with the segments at the end (a cut or merged trace?)",
                                                   nullptr, inconsistent))
                         .arg(device);
    auto byFrom = [](const auto &a, const auto &b) { return a.fromPos != b.fromPos ? a.fromPos < b.fromPos : a.addr < b.addr; };
    std::sort(h.allocations.begin(), h.allocations.end(), byFrom);
    std::sort(h.segments.begin(), h.segments.end(), byFrom);

    // Forwards: the curves, the segment events and the fragmentation diagnosis, replaying the
    // lives found above (allocations and segments alive at each position).
    std::vector<std::uint32_t> nextAlloc(n + 1, n);
    for (std::uint32_t k = n; k-- > 0;)
        nextAlloc[k] = e[k].action == Action::Alloc ? k : nextAlloc[k + 1];
    segs.clear();
    allocs.clear();
    for (const SegmentSpan &s : h.segments)
        if (s.fromPos == 0)
            segs[s.addr] = LiveSeg{s.size, s.stream, s.stack, s.large, s.expandable, s.toUs, s.toPos, s.after};
    for (const AllocationSpan &a : h.allocations)
        if (a.fromPos == 0)
            allocs[a.addr] = LiveAlloc{a.size, a.stream, a.stack, a.toUs, a.toPos, a.after};
    std::size_t nextSeg = 0, nextAl = 0;
    while (nextSeg < h.segments.size() && h.segments[nextSeg].fromPos == 0)
        ++nextSeg;
    while (nextAl < h.allocations.size() && h.allocations[nextAl].fromPos == 0)
        ++nextAl;

    h.curve.push_back(MemoryPoint{h.beginUs, allocated, reserved, 0});
    h.peakAllocated = allocated;
    h.peakReserved = reserved;
    h.peakAllocatedAt = h.peakReservedAt = h.beginUs;
    std::uint32_t attemptStart = 0;
    std::int64_t attemptAllocated = allocated, attemptReserved = reserved;
    bool inAttempt = false;
    CacheState attemptState; // the cache before the attempt's segment_frees, for its request
    bool attemptMeasured = false;
    std::uint64_t work = 0;
    std::int64_t diagnosedUntilUs = -1; // where the budget ran out
    for (std::uint32_t k = 0; k < n; ++k) {
        const TraceEntry &t = e[k];
        const std::int64_t at = timeOf(k);
        if (work >= kDiagnosisBudget && diagnosedUntilUs < 0)
            diagnosedUntilUs = at;
        // An allocation attempt's segment_frees (PyTorch releases cached segments and retries)
        // and its segment_alloc are judged against the cache as it was before the first of them.
        const bool segmentStep = shrinksReserved(t.action) || growsReserved(t.action);
        if (segmentStep && !inAttempt) {
            inAttempt = true;
            attemptStart = k;
            attemptAllocated = allocated;
            attemptReserved = reserved;
            // The attempt's request is the alloc that follows it: measure the cache for it now.
            attemptMeasured = false;
            if (nextAlloc[k] < n && work < kDiagnosisBudget) {
                const TraceEntry &r = e[nextAlloc[k]];
                attemptState = cacheState(segs, allocs, blockSize(r.size) > kSmallSize, r.stream);
                work += attemptState.visited;
                attemptMeasured = true;
            }
        }
        if (segmentStep) {
            SegmentEvent ev;
            ev.timeUs = at;
            ev.entry = k;
            ev.action = t.action;
            ev.addr = t.addr;
            ev.size = t.size;
            ev.stream = t.stream;
            if (nextAlloc[k + 1] < n) {
                const TraceEntry &r = e[nextAlloc[k + 1]];
                ev.requestSize = r.size;
                ev.requestStack = r.stack;
                ev.requestUs = timeOf(nextAlloc[k + 1]);
            }
            h.segmentEvents.push_back(ev);
            if (growsReserved(t.action))
                ++h.segmentAllocs;
            else
                ++h.segmentFrees;
        }
        if (t.action == Action::SegmentAlloc && nextAlloc[k + 1] < n && attemptMeasured) {
            const TraceEntry &r = e[nextAlloc[k + 1]];
            const std::int64_t want = blockSize(r.size);
            const CacheState &c = attemptState;
            if (c.freeBytes >= want && c.largest < want) {
                FragmentationEvent f;
                f.device = device;
                f.timeUs = timeOf(attemptStart);
                f.entry = k;
                f.requested = want;
                f.freeInCache = c.freeBytes;
                f.largestFreeBlock = c.largest;
                f.reserved = attemptReserved;
                f.allocated = attemptAllocated;
                f.segmentSize = t.size;
                f.stream = r.stream;
                f.requestStack = r.stack;
                h.fragmentation.push_back(f);
            }
        }
        if (!segmentStep)
            inAttempt = false;
        if (t.action == Action::Oom) {
            const bool large = blockSize(t.size) > kSmallSize;
            const CacheState c = work < kDiagnosisBudget ? cacheState(segs, allocs, large, t.stream) : CacheState();
            work += c.visited;
            h.ooms.push_back(OomEvent{device, at, k, t.size, std::int64_t(t.addr), reserved, allocated, c.freeBytes,
                                      c.largest, t.stack});
        }

        // Apply the entry: the lives starting or ending at position k + 1.
        bool changed = false;
        switch (t.action) {
        case Action::Alloc: allocated += t.size; changed = true; break;
        case Action::FreeCompleted: allocated -= t.size; changed = true; break;
        case Action::SegmentAlloc: case Action::SegmentMap: reserved += t.size; changed = true; break;
        case Action::SegmentFree: case Action::SegmentUnmap: reserved -= t.size; changed = true; break;
        default: break;
        }
        if (t.action == Action::FreeCompleted)
            allocs.erase(t.addr);
        if (shrinksReserved(t.action))
            segs.erase(t.addr);
        while (nextSeg < h.segments.size() && h.segments[nextSeg].fromPos <= k + 1) {
            const SegmentSpan &s = h.segments[nextSeg++];
            segs[s.addr] = LiveSeg{s.size, s.stream, s.stack, s.large, s.expandable, s.toUs, s.toPos, s.after};
        }
        while (nextAl < h.allocations.size() && h.allocations[nextAl].fromPos <= k + 1) {
            const AllocationSpan &a = h.allocations[nextAl++];
            allocs[a.addr] = LiveAlloc{a.size, a.stream, a.stack, a.toUs, a.toPos, a.after};
        }
        if (changed) {
            h.curve.push_back(MemoryPoint{at, allocated, reserved, k + 1});
            if (allocated > h.peakAllocated) {
                h.peakAllocated = allocated;
                h.peakAllocatedAt = at;
                h.peakAllocatedPos = k + 1;
            }
            if (reserved > h.peakReserved) {
                h.peakReserved = reserved;
                h.peakReservedAt = at;
                h.peakReservedPos = k + 1;
            }
        }
    }
    if (n)
        h.curve.push_back(MemoryPoint{h.endUs, allocated, reserved, n});
    if (work >= kDiagnosisBudget)
        *warnings << Text::tr("device %1: too many segment actions and segments to diagnose them all; fragmentation and "
                              "OOM states are given up to %2 µs")
                         .arg(device)
                         .arg(diagnosedUntilUs < 0 ? h.endUs : diagnosedUntilUs);
    return h;
}

} // namespace

SnapshotAnalysis analyzeSnapshot(const MemorySnapshot &snap)
{
    SnapshotAnalysis a;
    const int devices = snap.deviceCount();
    // One pass each over the segments and the traces: a file may name thousands of devices.
    std::vector<std::vector<std::uint32_t>> segmentsOf(std::size_t(std::max(devices, 0)));
    for (std::uint32_t i = 0; i < snap.segments.size(); ++i)
        if (snap.segments[i].device >= 0 && snap.segments[i].device < devices)
            segmentsOf[std::size_t(snap.segments[i].device)].push_back(i);
    std::vector<const DeviceTrace *> traceOf(std::size_t(std::max(devices, 0)), nullptr);
    for (const DeviceTrace &dt : snap.deviceTraces)
        if (dt.device >= 0 && dt.device < devices)
            traceOf[std::size_t(dt.device)] = &dt;
    for (int d = 0; d < devices; ++d) {
        const DeviceTrace *t = traceOf[std::size_t(d)];
        if (segmentsOf[std::size_t(d)].empty() && (!t || t->entries.empty()))
            continue;
        a.devices.push_back(deviceHistory(snap, d, segmentsOf[std::size_t(d)], t, &a.warnings));
    }
    return a;
}

std::uint32_t positionAt(const DeviceHistory &h, std::int64_t timeUs)
{
    if (h.curve.empty() || timeUs >= h.endUs)
        return h.entries;
    auto it = std::upper_bound(h.curve.begin(), h.curve.end(), timeUs,
                               [](std::int64_t t, const MemoryPoint &p) { return t < p.timeUs; });
    if (it == h.curve.begin())
        return 0;
    return std::prev(it)->position;
}

std::vector<StackGroup> aliveByStackAt(const DeviceHistory &h, std::uint32_t position)
{
    std::unordered_map<StackId, StackGroup> groups;
    for (const AllocationSpan &a : h.allocations) {
        if (a.fromPos > position)
            break; // sorted by fromPos
        if (position < a.toPos) {
            StackGroup &g = groups[a.stack];
            g.stack = a.stack;
            g.bytes += a.size;
            ++g.count;
        }
    }
    std::vector<StackGroup> out;
    out.reserve(groups.size());
    for (const auto &[id, g] : groups)
        out.push_back(g);
    std::sort(out.begin(), out.end(), [](const StackGroup &x, const StackGroup &y) {
        return x.bytes != y.bytes ? x.bytes > y.bytes : x.stack < y.stack;
    });
    return out;
}

std::vector<StackGroup> aliveByStack(const DeviceHistory &h, std::int64_t timeUs)
{
    return aliveByStackAt(h, positionAt(h, timeUs));
}

std::vector<StackGroup> aliveAtPeak(const DeviceHistory &h) { return aliveByStackAt(h, h.peakAllocatedPos); }

std::vector<SegmentState> stateAtPosition(const DeviceHistory &h, std::uint32_t position)
{
    std::vector<SegmentState> out;
    for (const SegmentSpan &s : h.segments)
        if (s.fromPos <= position && position < s.toPos)
            out.push_back(SegmentState{s, {}, 0, 0});
    std::sort(out.begin(), out.end(), [](const SegmentState &a, const SegmentState &b) { return a.segment.addr < b.segment.addr; });
    for (const AllocationSpan &a : h.allocations) {
        if (a.fromPos > position)
            break;
        if (position >= a.toPos)
            continue;
        auto it = std::upper_bound(out.begin(), out.end(), a.addr,
                                   [](std::uint64_t v, const SegmentState &s) { return v < s.segment.addr; });
        if (it == out.begin())
            continue;
        --it;
        if (a.addr < it->segment.addr + std::uint64_t(it->segment.size))
            it->allocations.push_back(a);
    }
    for (SegmentState &s : out) {
        std::sort(s.allocations.begin(), s.allocations.end(),
                  [](const AllocationSpan &x, const AllocationSpan &y) { return x.addr < y.addr; });
        CacheState c;
        const bool large = s.segment.large;
        std::uint64_t at = s.segment.addr;
        const std::uint64_t end = s.segment.addr + std::uint64_t(s.segment.size);
        for (const AllocationSpan &a : s.allocations) {
            if (a.addr > at)
                c.add(std::int64_t(a.addr - at), large);
            at = std::max(at, a.addr + std::uint64_t(blockSize(a.size)));
        }
        if (end > at)
            c.add(std::int64_t(end - at), large);
        s.freeBytes = c.freeBytes;
        s.largestFree = c.largest;
    }
    return out;
}

std::vector<SegmentState> stateAt(const DeviceHistory &h, std::int64_t timeUs)
{
    return stateAtPosition(h, positionAt(h, timeUs));
}

std::vector<FragmentationFigure> fragmentationFigures(const SnapshotAnalysis &a, const std::vector<std::int64_t> &stepStartsUs)
{
    std::vector<FragmentationFigure> out;
    if (stepStartsUs.empty()) {
        FragmentationFigure f;
        bool any = false;
        for (const DeviceHistory &h : a.devices) {
            if (h.entries == 0)
                continue;
            f.fromUs = any ? std::min(f.fromUs, h.beginUs) : h.beginUs;
            f.toUs = any ? std::max(f.toUs, h.endUs) : h.endUs;
            any = true;
        }
        out.push_back(f);
    } else {
        for (std::size_t i = 0; i < stepStartsUs.size(); ++i) {
            FragmentationFigure f;
            f.fromUs = stepStartsUs[i];
            f.toUs = i + 1 < stepStartsUs.size() ? stepStartsUs[i + 1] : std::numeric_limits<std::int64_t>::max();
            out.push_back(f);
        }
    }
    for (const DeviceHistory &h : a.devices)
        for (const FragmentationEvent &e : h.fragmentation) {
            FragmentationFigure *f = nullptr;
            if (stepStartsUs.empty())
                f = &out.front();
            else {
                auto it = std::upper_bound(stepStartsUs.begin(), stepStartsUs.end(), e.timeUs);
                if (it == stepStartsUs.begin())
                    continue; // before the first step
                f = &out[std::size_t(it - stepStartsUs.begin()) - 1];
            }
            ++f->events;
            f->requestedBytes += e.requested;
            f->segmentBytes += e.segmentSize;
        }
    return out;
}

FragmentationAdvice fragmentationAdvice(const SnapshotAnalysis &a, const MemorySnapshot &snap)
{
    FragmentationAdvice adv;
    int events = 0;
    std::int64_t minRequest = std::numeric_limits<std::int64_t>::max(), maxRequest = 0, requested = 0, freeInCache = 0;
    for (const DeviceHistory &h : a.devices) {
        std::int64_t freed = 0;
        for (const FragmentationEvent &e : h.fragmentation) {
            ++events;
            minRequest = std::min(minRequest, e.requested);
            maxRequest = std::max(maxRequest, e.requested);
            requested += e.requested;
            freeInCache = std::max(freeInCache, e.freeInCache);
            // The segment this cudaMalloc made (the lives are sorted by fromPos), if it was still
            // reserved at the peak.
            const DeviceTrace *t = nullptr;
            for (const DeviceTrace &dt : snap.deviceTraces)
                if (dt.device == h.device)
                    t = &dt;
            if (!t || e.entry >= t->entries.size())
                continue;
            const std::uint64_t addr = t->entries[e.entry].addr;
            auto it = std::lower_bound(h.segments.begin(), h.segments.end(), e.entry + 1,
                                       [](const SegmentSpan &s, std::uint32_t pos) { return s.fromPos < pos; });
            for (; it != h.segments.end() && it->fromPos == e.entry + 1; ++it)
                if (it->addr == addr && it->fromPos <= h.peakReservedPos && h.peakReservedPos < it->toPos)
                    freed += it->size;
        }
        adv.wouldFreeBytes += std::min(freed, std::max<std::int64_t>(0, h.peakReserved - h.peakAllocated));
    }
    if (!events)
        return adv;
    adv.present = true;
    const int mb = int(std::min<std::int64_t>(minRequest / kMiB, 1 << 20));
    // One threshold serves requests of one size class; where the smallest is at or under 20 MiB
    // or they spread over more than a factor of 4, expandable segments fit better.
    if (mb >= kMinMaxSplitMb && maxRequest <= 4 * minRequest)
        adv.maxSplitSizeMb = mb;
    const QString what = (events == 1 ? Text::tr("%n cudaMalloc call happened while the cache held enough free memory for the request, "
                                                 "but only in pieces smaller than it (fragmentation): %1 requested, with up to %2 "
                                                 "free in the cache.",
                                                 nullptr, events)
                                      : Text::tr("%n cudaMalloc calls happened while the cache held enough free memory for the request, "
                                                 "but only in pieces smaller than it (fragmentation): %1 requested in all, with up to %2 "
                                                 "free in the cache.",
                                                 nullptr, events))
                             .arg(analysis::figure::bytes(double(requested)), analysis::figure::bytes(double(freeInCache)));
    const QString fix = adv.maxSplitSizeMb
        ? Text::tr("Set PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:%1 so blocks of that size or more are not split by "
                   "smaller requests and stay whole for the large ones; it would free about %2 of reserved memory at the "
                   "peak and the cudaFree/cudaMalloc calls on the critical path.")
              .arg(adv.maxSplitSizeMb)
              .arg(analysis::figure::bytes(double(adv.wouldFreeBytes)))
        : Text::tr("Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True so segments grow in place instead of new ones "
                   "being allocated beside fragmented ones; it would free about %1 of reserved memory at the peak and the "
                   "cudaFree/cudaMalloc calls on the critical path.")
              .arg(analysis::figure::bytes(double(adv.wouldFreeBytes)));
    adv.text = what + QLatin1Char(' ') + fix;
    return adv;
}

} // namespace lanescope::memsnap
