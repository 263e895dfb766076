// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/job/ClockAlign.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdlib>

namespace lanescope::analysis {
namespace {

// lupdate files Text::tr() strings under the "analysis" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

// Differences that agree worse than this (median absolute deviation) are said to: the matched
// collectives may not be the same ones on both ranks. NCCL kernel ends of one collective agree to
// a few microseconds; gloo's CPU spans to some tens.
constexpr TimeNs kPoorAgreementNs = 1'000'000; // 1 ms

} // namespace

const char *clockSourceName(RankClock::Source s)
{
    switch (s) {
    case RankClock::Source::Reference: return "reference";
    case RankClock::Source::Collectives: return "collectives";
    case RankClock::Source::Epoch: return "epoch";
    }
    return "epoch";
}

TimeNs medianNs(std::vector<TimeNs> v)
{
    if (v.empty())
        return 0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    const TimeNs hi = v[mid];
    if (v.size() % 2)
        return hi;
    const TimeNs lo = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid));
    // Floor of the mean without overflow.
    return lo + (hi - lo) / 2;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    const double hi = v[mid];
    if (v.size() % 2)
        return hi;
    const double lo = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid));
    return (lo + hi) / 2;
}

namespace {
// "999 ranks: 1-999", "3 ranks: 2, 5-6": runs of consecutive ranks as ranges, at most
// kMaxRuns of them (then "…"), so a job of thousands of ranks gives one short line.
QString rankRanges(std::vector<int> ranks)
{
    constexpr int kMaxRuns = 8;
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    QStringList runs;
    for (std::size_t b = 0; b < ranks.size();) {
        std::size_t e = b;
        while (e + 1 < ranks.size() && ranks[e + 1] == ranks[e] + 1)
            ++e;
        if (runs.size() == kMaxRuns) {
            runs << QStringLiteral("…");
            break;
        }
        runs << (e == b ? QString::number(ranks[b]) : QStringLiteral("%1-%2").arg(ranks[b]).arg(ranks[e]));
        b = e + 1;
    }
    if (ranks.size() == 1)
        return Text::tr("rank %1").arg(ranks.front());
    return Text::tr("%1 ranks: %2").arg(ranks.size()).arg(runs.join(QStringLiteral(", ")));
}
} // namespace

ClockAlignment alignClocks(const std::vector<std::int64_t> &baseTimeNs, const std::vector<std::vector<CollectiveCall>> &calls,
                           const CollectiveMatch &collectives, const std::vector<int> &rankNumbers, bool useCollectives)
{
    ClockAlignment a;
    const std::size_t n = baseTimeNs.size();
    a.ranks.resize(n);
    if (n == 0)
        return a;
    const std::size_t ref = 0;
    a.reference = 0;
    for (std::size_t r = 0; r < n; ++r) {
        RankClock &c = a.ranks[r];
        if (baseTimeNs[ref] != 0 && baseTimeNs[r] != 0)
            c.epochNs = baseTimeNs[r] - baseTimeNs[ref];
        c.source = r == ref ? RankClock::Source::Reference : RankClock::Source::Epoch;
    }
    if (!useCollectives)
        return a;

    std::vector<int> unmatched;
    for (std::size_t r = 0; r < n; ++r) {
        if (r == ref)
            continue;
        RankClock &c = a.ranks[r];
        std::vector<TimeNs> diffs;
        for (const MatchedCollective &m : collectives.collectives) {
            if (m.call[ref] < 0 || m.call[r] < 0)
                continue;
            const TimeNs refEnd = calls[ref][std::size_t(m.call[ref])].end;
            const TimeNs end = calls[r][std::size_t(m.call[r])].end + c.epochNs;
            diffs.push_back(refEnd - end);
        }
        if (diffs.empty()) {
            unmatched.push_back(rankNumbers[r]);
            continue;
        }
        c.collectiveNs = medianNs(diffs);
        c.matched = int(diffs.size());
        std::vector<TimeNs> dev;
        dev.reserve(diffs.size());
        for (TimeNs d : diffs)
            dev.push_back(std::llabs(d - c.collectiveNs));
        c.spreadNs = medianNs(dev);
        c.source = RankClock::Source::Collectives;
        if (c.spreadNs > kPoorAgreementNs)
            a.warnings << Text::tr("rank %1's collectives agree with rank %2's only to %3 ms (median deviation): its clock offset is uncertain")
                              .arg(rankNumbers[r])
                              .arg(rankNumbers[ref])
                              .arg(double(c.spreadNs) / 1e6, 0, 'f', 3);
    }
    if (!unmatched.empty())
        a.warnings << Text::tr("no collective shared with rank %1 on %2: their clocks are aligned on the trace epoch only")
                          .arg(rankNumbers[ref])
                          .arg(rankRanges(std::move(unmatched)));
    return a;
}

} // namespace lanescope::analysis
