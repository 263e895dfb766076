// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/memory_owners/MemoryOwners.h"

#include "core/util/FlatHashMap.h"

#include <QCoreApplication>

#include <algorithm>
#include <climits>
#include <map>
#include <string_view>

namespace lanescope::analysis {

namespace {

constexpr std::uint32_t kNone = MemorySeries::kNoTrack;

// An allocation's or a free's size that an allocator can hand out (MemoryOwners::implausibleSizes).
bool plausible(std::int64_t bytes) { return bytes >= -kMaxAllocationBytes && bytes <= kMaxAllocationBytes; }

// a += b, held at INT64_MAX / INT64_MIN instead of wrapping; *saturated set when it was.
void addSat(std::int64_t &a, std::int64_t b, bool *saturated)
{
    if (__builtin_add_overflow(a, b, &a)) {
        a = b > 0 ? INT64_MAX : INT64_MIN;
        *saturated = true;
    }
}

// What a slice's name says about the allocations under it.
enum NameClass : std::uint8_t {
    kPlain = 0,
    kPrimitive = 1,  // aten::empty and kin: the op that wanted the block is its parent
    kFsdpGather = 2, // FSDP's unshard: the all-gathered parameters
    kOptimizer = 3,  // Optimizer.step#...
    kBackward = 4,   // autograd::engine::evaluate_function: ...
    kUnknown = 0xFF
};

NameClass classify(std::string_view n)
{
    auto starts = [&](std::string_view p) { return n.substr(0, p.size()) == p; };
    auto has = [&](std::string_view p) { return n.find(p) != std::string_view::npos; };
    if (n == "aten::empty" || n == "aten::empty_strided" || n == "aten::empty_like" || n == "aten::new_empty"
        || n == "aten::new_empty_strided" || n == "aten::resize_")
        return kPrimitive;
    // FSDP1 writes FullyShardedDataParallel._pre_forward / _pre_backward_hook around its unshard,
    // FSDP2 FSDP::pre_forward / FSDP::all_gather: where the unsharded parameters are allocated.
    // Its other ranges (forward, post_backward's reduce-scatter) fall to the phase around them.
    if ((starts("FullyShardedDataParallel.") || starts("FSDP::"))
        && (has("all_gather") || has("unshard") || has("pre_forward") || has("pre_backward")))
        return kFsdpGather;
    if (starts("Optimizer.step#"))
        return kOptimizer;
    if (starts("autograd::engine::evaluate_function"))
        return kBackward;
    return kPlain;
}

struct Attribution
{
    std::uint32_t track = kNone;
    std::uint32_t owner = kNone; // slice index on track
    MemoryPhase phase = MemoryPhase::Other;
};

// One pass over every accelerator series: each allocation's owner and phase, each sample's
// partner (an allocation's free, a free's allocation; kNone: never freed / unmatched).
struct Pass
{
    const Trace &trace;
    const std::vector<Step> &steps;
    std::vector<const MemorySeries *> series;
    std::vector<std::vector<Attribution>> attr; // per series, per sample (allocations only)
    std::vector<std::vector<std::uint32_t>> partner;
    std::vector<std::uint8_t> nameClass;
    std::int64_t reused = 0;

    Pass(const Trace &t, const std::vector<Step> &s) : trace(t), steps(s)
    {
        for (const MemorySeries &ms : t.memory)
            if (isAcceleratorMemory(ms.deviceType) && !ms.samples.empty())
                series.push_back(&ms);
        nameClass.assign(t.strings.size(), kUnknown);
        attribute();
        pair();
    }

    NameClass classOf(StringId id)
    {
        if (id >= nameClass.size())
            return kPlain;
        if (nameClass[id] == kUnknown)
            nameClass[id] = classify(trace.strings.view(id));
        return NameClass(nameClass[id]);
    }

    bool inStep(TimeNs t) const
    {
        auto it = std::upper_bound(steps.begin(), steps.end(), t, [](TimeNs x, const Step &s) { return x < s.start; });
        return it != steps.begin() && t <= std::prev(it)->end();
    }

    // Per thread, one sweep over its slices in start order with the chain of open slices by depth
    // (the last started slice's ancestors): each allocation's enclosing slices are a prefix of it.
    void attribute()
    {
        struct Query
        {
            std::uint32_t track;
            TimeNs ts;
            std::uint32_t series, sample;
        };
        std::vector<Query> q;
        attr.resize(series.size());
        for (std::uint32_t si = 0; si < series.size(); ++si) {
            const MemorySeries &ms = *series[si];
            attr[si].resize(ms.samples.size());
            for (std::uint32_t i = 0; i < ms.samples.size(); ++i) {
                if (ms.samples[i].bytes <= 0 || !plausible(ms.samples[i].bytes))
                    continue;
                const std::uint32_t tr = i < ms.thread.size() ? ms.thread[i] : kNone;
                if (tr == kNone || tr >= trace.tracks.size())
                    attr[si][i].phase = inStep(ms.samples[i].ts) ? MemoryPhase::Forward : MemoryPhase::Other;
                else
                    q.push_back(Query{tr, ms.samples[i].ts, si, i});
            }
        }
        // By track, then time: a counting pass by track keeps each series' time order, so only a
        // track that several series (devices) allocate from needs its bucket sorted (a full sort
        // was a quarter of this analysis on the 1 GB tile).
        {
            std::vector<std::size_t> at(trace.tracks.size() + 1, 0);
            for (const Query &x : q)
                ++at[x.track + 1];
            for (std::size_t k = 1; k < at.size(); ++k)
                at[k] += at[k - 1];
            std::vector<Query> sorted(q.size());
            std::vector<std::size_t> fill(at.begin(), at.end() - 1);
            for (const Query &x : q)
                sorted[fill[x.track]++] = x;
            q.swap(sorted);
            const auto byTime = [](const Query &a, const Query &b) { return a.ts < b.ts; };
            for (std::size_t k = 0; k + 1 < at.size(); ++k)
                if (!std::is_sorted(q.begin() + std::ptrdiff_t(at[k]), q.begin() + std::ptrdiff_t(at[k + 1]), byTime))
                    std::stable_sort(q.begin() + std::ptrdiff_t(at[k]), q.begin() + std::ptrdiff_t(at[k + 1]), byTime);
        }
        std::vector<std::uint32_t> stepTracks;
        for (const Step &s : steps)
            stepTracks.push_back(s.track);
        std::vector<std::uint32_t> chain;
        for (std::size_t b = 0; b < q.size();) {
            const std::uint32_t tr = q[b].track;
            std::size_t e = b;
            while (e < q.size() && q[e].track == tr)
                ++e;
            const Track &trk = trace.tracks[tr];
            // The autograd engine's own thread: evaluate_function ranges and no ProfilerStep.
            bool autogradThread = false;
            if (std::find(stepTracks.begin(), stepTracks.end(), tr) == stepTracks.end())
                for (std::size_t k = 0; k < trk.size() && !autogradThread; ++k)
                    autogradThread = classOf(trk.nameId[k]) == kBackward;
            chain.clear();
            std::size_t next = 0;
            for (std::size_t k = b; k < e; ++k) {
                const TimeNs ts = q[k].ts;
                for (; next < trk.size() && trk.start[next] <= ts; ++next) {
                    chain.resize(std::min<std::size_t>(chain.size(), trk.depth[next]));
                    chain.push_back(std::uint32_t(next));
                }
                std::size_t inner = chain.size();
                while (inner > 0 && trk.end(chain[inner - 1]) < ts)
                    --inner; // chain[0, inner) encloses ts
                Attribution a;
                a.track = tr;
                int phaseClass = kPlain;
                std::uint32_t firstOp = kNone, ownerOp = kNone, fallback = kNone;
                for (std::size_t c = inner; c-- > 0;) {
                    const std::uint32_t j = chain[c];
                    const NameClass nc = classOf(trk.nameId[j]);
                    if (nc >= kFsdpGather && (phaseClass == kPlain || nc < phaseClass))
                        phaseClass = nc; // FSDP over optimizer over backward, wherever nested
                    const CategoryClass cc = trace.categoryClass[trk.catId[j]];
                    if (cc == CategoryClass::CpuOp) {
                        if (firstOp == kNone)
                            firstOp = j;
                        if (ownerOp == kNone && nc != kPrimitive)
                            ownerOp = j;
                    } else if (fallback == kNone && cc != CategoryClass::Runtime) {
                        fallback = j;
                    }
                }
                a.owner = ownerOp != kNone ? ownerOp : firstOp != kNone ? firstOp : fallback;
                switch (phaseClass) {
                case kFsdpGather: a.phase = MemoryPhase::FsdpAllGather; break;
                case kOptimizer: a.phase = MemoryPhase::Optimizer; break;
                case kBackward: a.phase = MemoryPhase::Backward; break;
                default:
                    a.phase = autogradThread ? MemoryPhase::Backward : inStep(ts) ? MemoryPhase::Forward : MemoryPhase::Other;
                }
                attr[q[k].series][q[k].sample] = a;
            }
            b = e;
        }
    }

    void pair()
    {
        partner.resize(series.size());
        for (std::size_t si = 0; si < series.size(); ++si) {
            const MemorySeries &ms = *series[si];
            auto &p = partner[si];
            p.assign(ms.samples.size(), kNone);
            if (ms.addr.size() != ms.samples.size())
                continue; // no addresses: nothing pairs
            // Address -> the open allocation's sample + 1 (0: none open there). The caching
            // allocator hands the same few thousand addresses out again and again, so the table
            // stays small; a flat one costs a third of the node-based map on 562 k events.
            FlatHashMap<std::uint32_t> open(1024);
            for (std::uint32_t i = 0; i < ms.samples.size(); ++i) {
                const std::int64_t b = ms.samples[i].bytes;
                if (!plausible(b))
                    continue;
                if (b > 0) {
                    std::uint32_t &held = open(ms.addr[i]);
                    if (held != 0) {
                        ++reused; // the old block's free was lost: it ends here
                        p[held - 1] = i;
                    }
                    held = i + 1;
                } else if (b < 0) {
                    std::uint32_t *held = open.find(ms.addr[i]);
                    if (held && *held != 0) {
                        p[*held - 1] = i;
                        p[i] = *held - 1;
                        *held = 0;
                    }
                }
            }
        }
    }
};

struct RowKey
{
    MemoryOwnerRow::Kind kind;
    StringId name;
    bool operator<(const RowKey &o) const { return std::tie(kind, name) < std::tie(o.kind, o.name); }
};

class Rows
{
public:
    Rows(const Trace &t, bool *saturated) : m_t(t), m_saturated(saturated) {}
    void add(const Attribution &a, int device, std::int64_t bytes, TimeNs start, TimeNs end)
    {
        RowKey k{MemoryOwnerRow::Kind::NoOp, 0};
        if (a.owner != kNone)
            k = {MemoryOwnerRow::Kind::Op, m_t.tracks[a.track].nameId[a.owner]};
        auto [it, fresh] = m_rows.try_emplace(k);
        MemoryOwnerRow &r = it->second;
        if (fresh) {
            r.kind = k.kind;
            r.device = device;
            if (k.kind == MemoryOwnerRow::Kind::Op)
                r.op = m_t.name(k.name);
        } else if (r.device != device) {
            r.device = -1;
        }
        addSat(r.bytes, bytes, m_saturated);
        ++r.count;
        if (end >= 0) {
            ++r.freed;
            addSat(r.lifetimeNs, end - start, m_saturated);
        }
        if (bytes > r.largest) {
            r.largest = bytes;
            r.start = start;
            r.end = end;
            r.track = a.track;
            r.slice = a.owner;
        }
    }
    void addRow(MemoryOwnerRow r) { m_extra.push_back(std::move(r)); }
    std::vector<MemoryOwnerRow> sorted() const
    {
        std::vector<MemoryOwnerRow> out = m_extra;
        for (const auto &[k, r] : m_rows)
            out.push_back(r);
        std::stable_sort(out.begin(), out.end(), [](const MemoryOwnerRow &a, const MemoryOwnerRow &b) {
            return a.bytes != b.bytes ? a.bytes > b.bytes : a.key() < b.key();
        });
        return out;
    }

private:
    const Trace &m_t;
    bool *m_saturated;
    std::map<RowKey, MemoryOwnerRow> m_rows;
    std::vector<MemoryOwnerRow> m_extra;
};

} // namespace

const char *memoryPhaseName(MemoryPhase phase)
{
    switch (phase) {
    case MemoryPhase::BeforeTrace: return "before_trace";
    case MemoryPhase::Forward: return "forward";
    case MemoryPhase::Backward: return "backward";
    case MemoryPhase::Optimizer: return "optimizer";
    case MemoryPhase::FsdpAllGather: return "fsdp_all_gather";
    case MemoryPhase::Other:
    case MemoryPhase::Count: break;
    }
    return "other";
}

QString memoryPhaseLabel(MemoryPhase phase)
{
    switch (phase) {
    case MemoryPhase::BeforeTrace: return QCoreApplication::translate("analysis", "before the trace");
    case MemoryPhase::Forward: return QCoreApplication::translate("analysis", "forward");
    case MemoryPhase::Backward: return QCoreApplication::translate("analysis", "backward");
    case MemoryPhase::Optimizer: return QCoreApplication::translate("analysis", "optimizer");
    case MemoryPhase::FsdpAllGather: return QCoreApplication::translate("analysis", "FSDP all-gather");
    case MemoryPhase::Other:
    case MemoryPhase::Count: break;
    }
    return QCoreApplication::translate("analysis", "outside steps");
}

QString MemoryOwnerRow::key() const
{
    switch (kind) {
    case Kind::Op: return op;
    case Kind::NoOp: return QStringLiteral("[no op]");
    case Kind::BeforeTrace: return QStringLiteral("[before trace]");
    }
    return op;
}

MemoryOwners memoryOwners(const Trace &trace, const MemorySummary &summary, const std::vector<Step> &steps)
{
    MemoryOwners out;
    const Pass pass(trace, steps);
    out.reusedWithoutFree = pass.reused;
    Rows top(trace, &out.saturated), never(trace, &out.saturated), alive(trace, &out.saturated);
    bool *sat = &out.saturated;
    // The peak's series and sample: the first sample at the summary's peak on its device.
    std::size_t peakSeries = SIZE_MAX, peakSample = 0;
    for (const DeviceMemory &d : summary.devices)
        if (d.peakAllocated == summary.peakAllocated && d.peakAllocated >= 0) {
            out.device = d.device;
            out.peakBytes = d.peakAllocated;
            out.peakAt = d.peakAllocatedAt;
            for (std::size_t si = 0; si < pass.series.size(); ++si) {
                const MemorySeries &ms = *pass.series[si];
                if (ms.deviceId != d.device || ms.deviceType != d.deviceType)
                    continue;
                for (std::size_t i = 0; i < ms.samples.size(); ++i)
                    if (ms.samples[i].allocated == d.peakAllocated) {
                        peakSeries = si;
                        peakSample = i;
                        break;
                    }
            }
            break;
        }
    for (std::size_t si = 0; si < pass.series.size(); ++si) {
        const MemorySeries &ms = *pass.series[si];
        const bool addresses = ms.addr.size() == ms.samples.size();
        out.addresses |= addresses;
        const auto &p = pass.partner[si];
        std::int64_t unmatchedBeforePeak = 0;
        for (std::size_t i = 0; i < ms.samples.size(); ++i) {
            const MemorySample &s = ms.samples[i];
            if (!plausible(s.bytes)) {
                ++out.implausibleSizes;
                continue;
            }
            if (s.bytes < 0) {
                ++out.frees;
                if (addresses && p[i] == kNone) {
                    ++out.unmatchedFrees;
                    addSat(out.unmatchedFreeBytes, -s.bytes, sat);
                    if (si == peakSeries && i <= peakSample)
                        addSat(unmatchedBeforePeak, -s.bytes, sat);
                }
                continue;
            }
            if (s.bytes == 0)
                continue;
            const Attribution &a = pass.attr[si][i];
            ++out.allocations;
            addSat(out.phaseAllocatedBytes[std::size_t(a.phase)], s.bytes, sat);
            ++out.phaseAllocations[std::size_t(a.phase)];
            const TimeNs end = addresses && p[i] != kNone ? ms.samples[p[i]].ts : -1;
            top.add(a, ms.deviceId, s.bytes, s.ts, end);
            if (!addresses)
                continue;
            if (p[i] != kNone) {
                ++out.paired;
            } else {
                ++out.neverFreedCount;
                addSat(out.neverFreedBytes, s.bytes, sat);
                never.add(a, ms.deviceId, s.bytes, s.ts, -1);
            }
            if (si == peakSeries && i <= peakSample && (p[i] == kNone || p[i] > peakSample)) {
                alive.add(a, ms.deviceId, s.bytes, s.ts, end);
                addSat(out.phaseAtPeak[std::size_t(a.phase)], s.bytes, sat);
            }
        }
        if (si == peakSeries && addresses) {
            // Blocks allocated before the trace and still held at the peak: what the allocator
            // held before the first event, less the frees of such blocks up to the peak.
            // (The first event's size left out where it is implausible; saturating either way.)
            std::int64_t baseline = ms.samples.front().allocated;
            if (plausible(ms.samples.front().bytes))
                addSat(baseline, -ms.samples.front().bytes, sat);
            MemoryOwnerRow r;
            r.kind = MemoryOwnerRow::Kind::BeforeTrace;
            r.device = ms.deviceId;
            r.bytes = baseline;
            addSat(r.bytes, unmatchedBeforePeak == INT64_MIN ? INT64_MAX : -unmatchedBeforePeak, sat);
            if (r.bytes != 0)
                alive.addRow(r);
            out.phaseAtPeak[std::size_t(MemoryPhase::BeforeTrace)] = r.bytes;
        }
    }
    out.topAllocators = top.sorted();
    out.neverFreed = never.sorted();
    if (peakSeries != SIZE_MAX && pass.series[peakSeries]->addr.size() == pass.series[peakSeries]->samples.size())
        out.aliveAtPeak = alive.sorted();
    return out;
}

QStringList memoryOwnersWarnings(const MemoryOwners &m)
{
    QStringList out;
    if (m.implausibleSizes > 0)
        out << QCoreApplication::translate("analysis", "memory events of more than 1 PB left out of the memory owners: %1 (no allocator hands "
                                                       "out such a block: a damaged trace)")
                   .arg(m.implausibleSizes);
    if (m.saturated)
        out << QCoreApplication::translate("analysis", "a sum of the memory owners' bytes reached the largest figure it can hold and stops there");
    return out;
}

std::array<std::int64_t, kMemoryPhases> MemoryPhaseCurve::aliveAfter(std::size_t i) const
{
    std::array<std::int64_t, kMemoryPhases> a{};
    const std::size_t c = i / kCheckpoint;
    if (c < checkpoints.size())
        a = checkpoints[c];
    for (std::size_t k = c * kCheckpoint; k <= i && k < phase.size(); ++k)
        step(a, k);
    return a;
}

void MemoryPhaseCurve::step(std::array<std::int64_t, kMemoryPhases> &alive, std::size_t i) const
{
    // Saturating, as memoryOwners' sums: a damaged series holds at the limits instead of wrapping.
    bool saturated = false;
    const MemorySample &s = series->samples[i];
    if (phase[i] != std::uint8_t(MemoryPhase::BeforeTrace))
        addSat(alive[phase[i]], s.bytes, &saturated);
    std::int64_t traced = 0;
    for (int k = 1; k < kMemoryPhases; ++k)
        addSat(traced, alive[std::size_t(k)], &saturated);
    alive[0] = s.allocated;
    addSat(alive[0], traced == INT64_MIN ? INT64_MAX : -traced, &saturated);
}

std::vector<MemoryPhaseCurve> memoryPhaseCurves(const Trace &trace, const std::vector<Step> &steps)
{
    std::vector<MemoryPhaseCurve> out;
    const Pass pass(trace, steps);
    for (std::size_t si = 0; si < pass.series.size(); ++si) {
        const MemorySeries &ms = *pass.series[si];
        if (ms.addr.size() != ms.samples.size())
            continue;
        out.reserve(pass.series.size());
        MemoryPhaseCurve &c = out.emplace_back();
        c.device = ms.deviceId;
        c.series = &ms;
        c.phase.resize(ms.samples.size());
        const auto &p = pass.partner[si];
        for (std::size_t i = 0; i < ms.samples.size(); ++i) {
            const std::int64_t b = ms.samples[i].bytes;
            const std::size_t alloc = !plausible(b) ? kNone : b > 0 ? i : b < 0 ? p[i] : kNone;
            c.phase[i] = std::uint8_t(alloc == kNone ? MemoryPhase::BeforeTrace : pass.attr[si][alloc].phase);
        }
        std::array<std::int64_t, kMemoryPhases> alive{};
        for (std::size_t i = 0; i < ms.samples.size(); ++i) {
            if (i % MemoryPhaseCurve::kCheckpoint == 0)
                c.checkpoints.push_back(alive);
            c.step(alive, i);
        }
    }
    return out;
}

} // namespace lanescope::analysis
