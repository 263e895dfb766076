// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The collectives of a job, rank by rank and matched across ranks: what the clock
// alignment and the straggler analysis stand on.
//
// A collective on one rank is an NCCL collective kernel (AllReduce, AllGather, ReduceScatter,
// Broadcast, Reduce, AllToAll, the latter also where NCCL runs it as SendRecv kernels whose args
// say "all_to_all"; point-to-point Send/Recv are left out, they involve two ranks) or,
// for a rank with no NCCL kernel, a gloo collective on the CPU ("gloo:all_reduce", as DDP over
// gloo records it, legacy profiler included). Its start is when that rank arrived; it ends when
// the data has moved, which is after the last rank arrived, at nearly the same moment everywhere.
//
// Matching: by (Process Group Name, Seq) where every call of every rank carries Seq (newer
// Kineto); otherwise by order: the k-th call of a (ProfilerStep, process group, name) on one rank
// is the k-th on every other. A group whose count differs between ranks is matched only among the
// ranks that have the count most ranks have (a cut-off rank file loses its last step, not the job).
#include "core/analysis/run/Steps.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace lanescope::analysis {

struct CollectiveCall
{
    QString name;           // args' "Collective name" ("allreduce", "_allgather_base"), else the kernel's ("AllReduce"), or the gloo op
    QString group;          // args' "Process Group Name"; empty where not written
    std::int64_t seq = -1;  // args' "Seq"; -1 where not written
    int step = -1;          // ProfilerStep number it started in; -1 outside every step
    int ordinal = 0;        // position among this rank's calls of the same (step, group, name)
    TimeNs start = 0, end = 0; // the rank's own clock
    bool onGpu = true;      // NCCL kernel; false: a gloo span on the CPU
    std::uint32_t track = 0, slice = 0;
    // The transfer's size S and group as CollectiveBandwidth.h counts them (the kernel's args, else
    // its record_param_comms'); -1 where the trace does not say. What the job's busbw on transfer
    // time needs (JobCollectives.h), carried through the rank summaries.
    std::int64_t bytes = -1;
    int groupSize = -1;
    bool pointToPoint = false; // while finding them only: a Send/Recv kernel not (yet) known to be part of a group collective
};

// Sorted by start. Reads the args of each NCCL kernel from the file (a few hundred per step).
std::vector<CollectiveCall> findCollectives(const Trace &trace, const std::vector<Step> &steps);

// One collective of the job: per rank (index into the ranks given), its call there or -1.
struct MatchedCollective
{
    QString name, group;
    int step = -1;
    std::int64_t seq = -1;
    int ordinal = 0;
    std::vector<int> call;
    int present() const;
};

struct CollectiveMatch
{
    std::vector<MatchedCollective> collectives; // present on two or more ranks, by step then first start
    bool bySeq = false;                         // matched by (group, Seq), else by order within the step
    QStringList warnings;                       // groups left unmatched on some ranks
};

CollectiveMatch matchCollectives(const std::vector<std::vector<CollectiveCall>> &perRank, const std::vector<int> &rankNumbers);

} // namespace lanescope::analysis
