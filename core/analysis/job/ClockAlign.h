// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Putting the ranks of a job on one clock, the reference rank's (the lowest rank).
//
// 1. Epoch: where both traces carry baseTimeNanoseconds, a rank's times move by the difference
//    of the two (Kineto's ts count from that epoch); ranks sharing one epoch do not move.
// 2. Collectives: a collective ends when the last rank has arrived and the data has moved, at
//    nearly the same moment on every rank, so the same collective's end on two ranks differs by
//    their clocks' offset. offset = median over the matched collectives of (reference end - rank
//    end), after the epoch step; the median ignores the few calls that end late on one rank (a
//    rank descheduled after the transfer). This corrects hosts with skewed clocks, 2021-style
//    absolute-time traces and legacy traces whose times count from each process' profiler start.
//    A rank with no collective matched with the reference keeps the epoch step alone (warned).
//
// The offset is added to the rank's model times to put them on the reference clock.
#include "core/analysis/measures/collectives/Collectives.h"

#include <QStringList>

#include <vector>

namespace lanescope::analysis {

struct RankClock
{
    enum class Source : std::uint8_t { Reference, Collectives, Epoch };
    Source source = Source::Epoch;
    TimeNs epochNs = 0;       // step 1
    TimeNs collectiveNs = 0;  // step 2 (0 when off or nothing matched)
    int matched = 0;          // collectives the median is taken over
    TimeNs spreadNs = 0;      // median absolute deviation of those differences: how well they agree
    TimeNs offsetNs() const { return epochNs + collectiveNs; }
};
const char *clockSourceName(RankClock::Source s); // "reference", "collectives", "epoch"

struct ClockAlignment
{
    int reference = 0;            // index of the reference rank
    std::vector<RankClock> ranks; // per rank index
    QStringList warnings;
};

// calls: per rank index; collectives: matchCollectives() over the same ranks.
// useCollectives false: the epoch step only (offsets "turned off").
// baseTimeNs: each rank's baseTimeNanoseconds (0: none).
ClockAlignment alignClocks(const std::vector<std::int64_t> &baseTimeNs, const std::vector<std::vector<CollectiveCall>> &calls,
                           const CollectiveMatch &collectives, const std::vector<int> &rankNumbers, bool useCollectives = true);

// Median of the values (mean of the two middle ones for an even count, rounded down); 0 if empty.
TimeNs medianNs(std::vector<TimeNs> v);
double median(std::vector<double> v);

} // namespace lanescope::analysis
