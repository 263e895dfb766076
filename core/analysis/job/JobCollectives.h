// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Transfer against skew over a job's ranks: one rank's trace cannot tell a slow link from a late
// peer (an NCCL kernel starts when its rank arrives and spins until the last rank is there, so its
// duration holds both). Over the ranks it can: for each collective matched across them
// (Collectives.h: by process group and Seq, else by order within the step), the data moved during
// the shortest of its durations (the last rank to arrive waited for nobody), so
//
//   transfer = min over the ranks of the call's duration,
//   skew(rank) = that rank's duration - transfer (the time it spun waiting for the others).
//
// The durations are each rank's own (end - start on its clock): no clock offset enters, so a
// misaligned clock cannot move the split. busbw on transfer time (nccl-tests' factors,
// CollectiveBandwidth.h, on the call's size S) is the link's; busbw on each rank's own duration is
// what a single trace shows, the late peers' skew included. Both are reported per collective kind,
// size and group size. Point-to-point send/recv are not matched across ranks (Collectives.h), so
// they have no transfer/skew split; gloo's CPU collectives have one but no size.
#include "core/analysis/measures/collectives/CollectiveBandwidth.h"
#include "core/analysis/measures/collectives/Collectives.h"

#include <cstdint>
#include <vector>

namespace lanescope::analysis {

struct JobCollectiveType
{
    CollectiveKind kind = CollectiveKind::Unknown;
    std::int64_t bytes = -1; // S; -1 unknown
    int groupSize = -1;
    std::int64_t count = 0;  // matched calls
    std::int64_t rankCalls = 0; // the ranks' calls in them (count x ranks where every rank has every call)
    TimeNs transferNs = 0;   // sum over the calls of their transfer time
    TimeNs skewNs = 0;       // sum over the calls and ranks of (the rank's duration - transfer)
    double busbwMedianGBps = -1;     // on transfer time, median over the calls; -1 unknown
    double busbwBestGBps = -1;       // on transfer time, the best call
    double rankBusbwMedianGBps = -1; // on each rank's own duration, median over the ranks' calls
};

struct JobCollectiveRank
{
    int rank = -1;
    std::int64_t calls = 0;  // matched calls it took part in
    TimeNs durationNs = 0;   // its kernels' durations in them
    TimeNs skewNs = 0;       // of which waiting for the others
    double skewPerStepNs = 0;
};

struct JobCollectives
{
    std::vector<JobCollectiveType> byType; // by kind, size, group size
    std::vector<JobCollectiveRank> byRank; // in the ranks' order
    std::int64_t calls = 0;
    TimeNs transferNs = 0, skewNs = 0;
    int steps = 1; // what skewPerStepNs divides by (Stragglers::steps)
};

// calls: per rank (in rankNumbers' order) as findCollectives gives them, with bytes and group size.
JobCollectives jobCollectives(const std::vector<std::vector<CollectiveCall>> &calls, const CollectiveMatch &match,
                              const std::vector<int> &rankNumbers, int steps = 1);

} // namespace lanescope::analysis
