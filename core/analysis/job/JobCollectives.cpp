// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/job/JobCollectives.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace lanescope::analysis {
namespace {

double medianOf(std::vector<double> &v)
{
    if (v.empty())
        return -1;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size();
    return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

// busbw in GB/s of S bytes moved in `ns` (bytes per ns = GB/s); -1 where unknown.
double busbw(CollectiveKind kind, std::int64_t bytes, int group, TimeNs ns)
{
    const double f = busBandwidthFactor(kind, group);
    if (bytes < 0 || ns <= 0 || !(f > 0))
        return -1;
    return double(bytes) / double(ns) * f;
}

} // namespace

JobCollectives jobCollectives(const std::vector<std::vector<CollectiveCall>> &calls, const CollectiveMatch &match,
                              const std::vector<int> &rankNumbers, int steps)
{
    JobCollectives out;
    out.steps = std::max(1, steps);
    const std::size_t n = calls.size();
    out.byRank.resize(n);
    for (std::size_t r = 0; r < n; ++r)
        out.byRank[r].rank = r < rankNumbers.size() ? rankNumbers[r] : int(r);

    struct Acc
    {
        JobCollectiveType row;
        std::vector<double> transferBusbw, rankBusbw;
    };
    std::map<std::tuple<int, std::int64_t, int>, Acc> types;
    for (const MatchedCollective &m : match.collectives) {
        if (m.present() < 2)
            continue;
        TimeNs transfer = std::numeric_limits<TimeNs>::max();
        std::int64_t bytes = -1;
        int group = -1;
        for (std::size_t r = 0; r < n && r < m.call.size(); ++r) {
            if (m.call[r] < 0)
                continue;
            const CollectiveCall &c = calls[r][std::size_t(m.call[r])];
            transfer = std::min(transfer, c.end - c.start);
            // The ranks agree on S and n; the first rank that records them says them.
            if (bytes < 0)
                bytes = c.bytes;
            if (group < 0)
                group = c.groupSize;
        }
        const CollectiveKind kind = collectiveKindOf(m.name);
        Acc &a = types[{int(kind), bytes, group}];
        a.row.kind = kind;
        a.row.bytes = bytes;
        a.row.groupSize = group;
        ++a.row.count;
        a.row.transferNs += transfer;
        if (const double b = busbw(kind, bytes, group, transfer); b >= 0)
            a.transferBusbw.push_back(b);
        ++out.calls;
        out.transferNs += transfer;
        for (std::size_t r = 0; r < n && r < m.call.size(); ++r) {
            if (m.call[r] < 0)
                continue;
            const CollectiveCall &c = calls[r][std::size_t(m.call[r])];
            const TimeNs d = c.end - c.start;
            ++a.row.rankCalls;
            a.row.skewNs += d - transfer;
            if (const double b = busbw(kind, bytes, group, d); b >= 0)
                a.rankBusbw.push_back(b);
            JobCollectiveRank &jr = out.byRank[r];
            ++jr.calls;
            jr.durationNs += d;
            jr.skewNs += d - transfer;
            out.skewNs += d - transfer;
        }
    }
    for (auto &[key, a] : types) {
        a.row.busbwMedianGBps = medianOf(a.transferBusbw);
        a.row.busbwBestGBps = a.transferBusbw.empty() ? -1 : a.transferBusbw.back(); // sorted by medianOf
        a.row.rankBusbwMedianGBps = medianOf(a.rankBusbw);
        out.byType.push_back(a.row);
    }
    for (JobCollectiveRank &jr : out.byRank)
        jr.skewPerStepNs = double(jr.skewNs) / out.steps;
    return out;
}

} // namespace lanescope::analysis
