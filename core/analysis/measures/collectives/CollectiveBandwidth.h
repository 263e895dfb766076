// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How fast each collective moved its data: algorithm and bus bandwidth per NCCL/RCCL kernel, with
// nccl-tests' definitions (nccl-tests doc/PERFORMANCE.md), so a figure can be checked against
// `all_gather_perf` on the same machines.
//
//  - The collective: the kernel's args "Collective name" (Kineto 2.1+ copies record_param_comms'
//    args onto the kernel), else the enclosing record_param_comms / c10d:: CPU op's, else the
//    kernel name ("ncclDevKernel_AllGather_RING_LL"). RCCL names its kernels
//    "ncclDevKernel_Generic": the name alone says nothing there.
//  - The size S: the collective's full buffer, as nccl-tests counts it. Kineto writes per-rank
//    "In msg nelems" and "Out msg nelems": all-gather's output and reduce-scatter's input are the
//    full buffer (n times the other), so S = max(in, out) x the dtype's size ("dtype": c10's
//    ScalarType name, "BFloat16" 2 bytes).
//  - algbw = S / duration; busbw = algbw x factor: all-reduce 2(n-1)/n; all-gather,
//    reduce-scatter and all-to-all (n-1)/n; broadcast, reduce, send/recv 1; n = "Group size".
//    GB/s are 1e9 bytes per second, as nccl-tests prints them.
//  - The duration is the kernel's on this rank, which includes waiting for the last rank to
//    arrive: on one rank's trace a late peer reads as a slow link. A folder of ranks tells the two
//    apart (transfer: the shortest duration over the ranks; the rest is skew).
#include "core/analysis/run/Steps.h"

#include <QString>

#include <optional>
#include <vector>

namespace lanescope::analysis {

enum class CollectiveKind : std::uint8_t { AllReduce, AllGather, ReduceScatter, Broadcast, Reduce, AllToAll, SendRecv, Unknown };
const char *collectiveKindName(CollectiveKind k); // "allreduce", "allgather", ... as the JSON says
// From "allreduce", "_allgather_base", "reduce_scatter_tensor_coalesced", "AllGather", ...
CollectiveKind collectiveKindOf(const QString &collectiveName);
// busbw / algbw for a group of n ranks (nccl-tests); 0 where n is unknown (< 1) and it matters.
double busBandwidthFactor(CollectiveKind k, int groupSize);
// Bytes per element of a c10 ScalarType name as Kineto writes "dtype" ("Float" 4, "BFloat16" 2,
// "Float8_e4m3fn" 1, ...); 0 for a name it does not know.
int dtypeBytes(const QString &dtype);

struct CollectiveTransfer
{
    QString kernel;       // the kernel's name
    QString collective;   // as the args (or the kernel name) say: "allreduce", "_allgather_base"
    CollectiveKind kind = CollectiveKind::Unknown;
    TimeNs start = 0, dur = 0;
    std::uint32_t track = 0, slice = 0;
    int groupSize = -1;         // -1: not recorded
    std::int64_t bytes = -1;    // S; -1: not recorded (no nelems or dtype)
    QString dtype;
    double algbwGBps = -1, busbwGBps = -1; // -1: unknown (no size, or no group size for busbw)
    bool sizeFromCpuOp = false; // the size came from the enclosing CPU op, not the kernel
};

// One row per collective kind and size: how the same transfer performed over its calls.
struct CollectiveTypeRow
{
    CollectiveKind kind = CollectiveKind::Unknown;
    std::int64_t bytes = -1;
    int groupSize = -1;
    std::int64_t count = 0;
    TimeNs totalNs = 0;
    double busbwMedianGBps = -1, busbwBestGBps = -1;
};

struct CollectiveBandwidth
{
    std::vector<CollectiveTransfer> kernels; // by start
    std::vector<CollectiveTypeRow> byType;   // by kind, then size
    std::int64_t withSize = 0;               // kernels whose size is known
    // The device's interconnect per direction, GB/s (Mfu.h's table row or the user's figure), set by
    // analyze(); -1 where the GPU is not in the table.
    double linkGBps = -1;
};
// busbw as a percentage of the link; -1 where either is unknown.
double busbwPctOfLink(double busbwGBps, double linkGBps);

// The communication kernels that start in `window` (empty: all). Reads the args of those kernels
// (and, where they lack a size, of their launching CPU ops) from the file, in file order.
CollectiveBandwidth collectiveBandwidth(const Trace &trace, TimeRange window = {});
// One kernel's (the Details panel's): nothing where it is not a communication kernel.
std::optional<CollectiveTransfer> collectiveTransfer(const Trace &trace, std::uint32_t track, std::uint32_t slice);

} // namespace lanescope::analysis
