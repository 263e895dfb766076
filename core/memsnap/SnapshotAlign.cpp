// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memsnap/SnapshotAlign.h"

#include "core/model/Trace.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <unordered_map>

namespace lanescope::memsnap {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(memsnap)
};

// A snapshot action is recorded once the driver call has returned, so it lands at the call's end;
// a call matches when the action falls inside it, give or take this much (time_us counts whole µs,
// and the allocator does some bookkeeping before it records).
constexpr std::int64_t kToleranceNs = 20 * 1000;
// Aligned: at least this many pairs, and this share of the snapshot's events that fall inside the
// trace's span found a call.
constexpr int kMinMatched = 3;
constexpr double kMinShare = 0.9;
// Offsets tried: each of the first anchor mallocs of the snapshot against every cudaMalloc of the
// trace votes for one; the most voted are scored on a sample of the snapshot's events, the best of
// those on all of them.
constexpr std::size_t kAnchors = 32;
constexpr std::size_t kVoted = 64;   // offsets with the most votes, scored on the sample
constexpr std::size_t kSample = 64;
constexpr std::size_t kFinalists = 8; // of those, scored on every event

std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

struct Call
{
    std::int64_t start = 0, end = 0;
};

struct Ev
{
    std::int64_t ns = 0; // time_us * 1000
    bool malloc = false;
};

struct Score
{
    int matched = 0, expected = 0;
    std::int64_t offset = 0;
};

// The call of this kind whose [start - tol, end + tol] holds t, nearest by end; -1 if none.
long long findCall(const std::vector<Call> &calls, std::int64_t t)
{
    // Calls are sorted by start and do not overlap on one thread; a few neighbours suffice.
    auto it = std::upper_bound(calls.begin(), calls.end(), t + kToleranceNs,
                               [](std::int64_t v, const Call &c) { return v < c.start; });
    long long best = -1;
    std::int64_t bestDist = 0;
    for (int back = 0; back < 4 && it != calls.begin(); ++back) {
        --it;
        if (it->end + kToleranceNs < t)
            continue;
        const std::int64_t dist = std::llabs(it->end - t);
        if (best < 0 || dist < bestDist) {
            best = it - calls.begin();
            bestDist = dist;
        }
    }
    return best;
}

Score score(const std::vector<Ev> &evs, const std::vector<Call> &mallocs, const std::vector<Call> &frees, std::int64_t offset,
            std::int64_t traceFrom, std::int64_t traceTo, std::size_t stride)
{
    Score s;
    s.offset = offset;
    for (std::size_t i = 0; i < evs.size(); i += stride) {
        const std::int64_t t = evs[i].ns + offset;
        if (t < traceFrom || t > traceTo)
            continue;
        ++s.expected;
        if (findCall(evs[i].malloc ? mallocs : frees, t) >= 0)
            ++s.matched;
    }
    return s;
}

} // namespace

SnapshotAlignment alignSnapshot(const MemorySnapshot &snap, const Trace &trace)
{
    SnapshotAlignment best;
    if (!snap.hasTimes) {
        best.reason = Text::tr("the snapshot has no time_us (PyTorch 2.0 or older): it cannot be put on the trace's clock");
        return best;
    }
    std::vector<Call> mallocs, frees;
    for (const Track &tr : trace.tracks) {
        if (tr.kind == TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::string_view n = trace.strings.view(tr.nameId[i]);
            if (n == "cudaMalloc" || n == "hipMalloc")
                mallocs.push_back(Call{tr.start[i], tr.end(i)});
            else if (n == "cudaFree" || n == "hipFree")
                frees.push_back(Call{tr.start[i], tr.end(i)});
        }
    }
    auto byStart = [](const Call &a, const Call &b) { return a.start < b.start; };
    std::sort(mallocs.begin(), mallocs.end(), byStart);
    std::sort(frees.begin(), frees.end(), byStart);
    const int traceCalls = int(mallocs.size() + frees.size());
    if (mallocs.empty()) {
        best.traceCalls = traceCalls;
        best.reason = Text::tr("the trace has no cudaMalloc calls to match the snapshot's segment_alloc actions with");
        return best;
    }
    const std::int64_t traceFrom = trace.minTs - kToleranceNs, traceTo = trace.maxTs + kToleranceNs;

    Score top;
    int topDevice = -1;
    std::vector<Ev> topEvs;
    for (const DeviceTrace &dt : snap.deviceTraces) {
        std::vector<Ev> evs;
        for (const TraceEntry &e : dt.entries) {
            if (!e.hasTime)
                continue;
            if (e.action == Action::SegmentAlloc)
                evs.push_back(Ev{e.timeUs * 1000, true});
            else if (e.action == Action::SegmentFree)
                evs.push_back(Ev{e.timeUs * 1000, false});
        }
        if (evs.empty())
            continue;
        const std::size_t stride = std::max<std::size_t>(1, evs.size() / kSample);
        // Votes: each anchor paired with every cudaMalloc proposes an offset; the true one is
        // proposed by every anchor the trace covers, a wrong one by chance. Offsets are pooled in
        // buckets of two tolerances (a bucket and the next one count together), linear in the calls.
        std::unordered_map<std::int64_t, std::pair<int, std::int64_t>> votes; // bucket -> (votes, an offset)
        std::size_t anchors = 0;
        for (const Ev &a : evs) {
            if (!a.malloc)
                continue;
            if (++anchors > kAnchors)
                break;
            for (const Call &c : mallocs) {
                const std::int64_t off = c.end - a.ns;
                auto &v = votes[floorDiv(off, 2 * kToleranceNs)];
                if (v.first++ == 0)
                    v.second = off;
            }
        }
        std::vector<std::pair<int, std::int64_t>> ranked; // (votes of the bucket and the next, offset)
        ranked.reserve(votes.size());
        for (const auto &[bucket, v] : votes) {
            auto next = votes.find(bucket + 1);
            ranked.emplace_back(v.first + (next == votes.end() ? 0 : next->second.first), v.second);
        }
        const std::size_t keep = std::min(ranked.size(), kVoted);
        std::partial_sort(ranked.begin(), ranked.begin() + std::ptrdiff_t(keep), ranked.end(),
                          [](const auto &x, const auto &y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
        std::vector<Score> candidates;
        for (std::size_t i = 0; i < keep; ++i)
            candidates.push_back(score(evs, mallocs, frees, ranked[i].second, traceFrom, traceTo, stride));
        std::sort(candidates.begin(), candidates.end(),
                  [](const Score &x, const Score &y) { return x.matched != y.matched ? x.matched > y.matched : x.expected < y.expected; });
        if (candidates.size() > kFinalists)
            candidates.resize(kFinalists);
        for (const Score &c : candidates) {
            const Score full = score(evs, mallocs, frees, c.offset, traceFrom, traceTo, 1);
            const auto share = [](const Score &s) { return s.expected ? double(s.matched) / s.expected : 0.0; };
            if (topDevice < 0 || full.matched > top.matched || (full.matched == top.matched && share(full) > share(top))) {
                top = full;
                topDevice = dt.device;
                topEvs = evs;
            }
        }
    }
    best.traceCalls = traceCalls;
    if (topDevice < 0) {
        best.reason = Text::tr("the snapshot has no segment_alloc or segment_free with a time to match");
        return best;
    }
    best.device = topDevice;
    best.snapshotEvents = int(topEvs.size());

    // Refine: the median of the matched pairs' differences, then the spread around it.
    std::vector<std::int64_t> diffs;
    for (const Ev &e : topEvs) {
        const std::int64_t t = e.ns + top.offset;
        const std::vector<Call> &calls = e.malloc ? mallocs : frees;
        const long long k = findCall(calls, t);
        if (k >= 0)
            diffs.push_back(calls[std::size_t(k)].end - e.ns);
    }
    best.matched = int(diffs.size());
    if (diffs.empty()) {
        best.reason = Text::tr("no segment_alloc / segment_free of the snapshot fell on a cudaMalloc / cudaFree call of the trace");
        return best;
    }
    std::vector<std::int64_t> sorted = diffs;
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(sorted.size() / 2), sorted.end());
    best.offsetNs = sorted[sorted.size() / 2];
    std::vector<std::int64_t> dev;
    dev.reserve(diffs.size());
    for (std::int64_t d : diffs) {
        dev.push_back(std::llabs(d - best.offsetNs));
        best.maxErrorNs = std::max(best.maxErrorNs, dev.back());
    }
    std::nth_element(dev.begin(), dev.begin() + std::ptrdiff_t(dev.size() / 2), dev.end());
    best.residualNs = dev[dev.size() / 2];

    if (top.matched < kMinMatched) {
        best.reason = top.matched == 1 ? Text::tr("only %n segment action matched a cudaMalloc / cudaFree call", nullptr, top.matched)
                                       : Text::tr("only %n segment actions matched a cudaMalloc / cudaFree call", nullptr, top.matched);
        return best;
    }
    if (double(top.matched) < kMinShare * top.expected) {
        best.reason = Text::tr("%1 of the %2 segment actions inside the trace's span matched a cudaMalloc / cudaFree call; "
                               "the snapshot and the trace do not seem to be of the same run")
                          .arg(top.matched)
                          .arg(top.expected);
        return best;
    }
    best.aligned = true;
    return best;
}

} // namespace lanescope::memsnap
