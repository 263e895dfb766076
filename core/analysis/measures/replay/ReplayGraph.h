// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The dependency graph of one step (or window) of a trace, for replaying it with a change applied
// (Replay.h), in the manner of Daydream (USENIX ATC 2020) on a Kineto trace:
//
//   items   on every CPU thread of the step's process that launches device work (and the step's
//           own thread): the runtime calls (launches, synchronisations, allocator calls, others) in
//           thread order; the time between two of them is CPU think time, of which the part inside
//           enumerate(DataLoader)#...__next__ spans is the data-loader wait;
//           on every device stream: its activities (kernels, copies, memsets) in stream order;
//   edges   thread order (think time), cross-thread order (a call after another thread's call that
//           ended before it, with the time between: the backward thread waits for the forward),
//           launch -> activity (by correlation), stream order, a blocking call's end after the last
//           activity that ended while it blocked (on the stream its cuda_sync event names),
//           another stream's activity -> a held activity (a cross-stream event wait), the window's
//           start -> work launched before it, and everything -> the window's end.
//
// Each edge carries an offset measured in the trace. Of an activity's incoming edges, the one that
// set its start (the latest) carries exactly the measured delay; the others a lower bound (stream
// order 0, a launch the nominal launch latency), so the unchanged graph replays every node at its
// measured time and a change moves only what depends on it.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace lanescope::analysis {
namespace detail {
class EvidenceIndex;
}
namespace replay {

// More events than this in one window: no replay (said so). The graph takes about 100 bytes an
// event and each replay walks it once, so at most some 100 MB and well under a second a replay.
constexpr std::size_t kReplayMaxEvents = 1'000'000;

// What an edge is, for the fixes (Replay.cpp decides each edge's offset under a FixSet) and for the
// critical-path part its time counts as.
enum class EdgeKind : std::uint8_t {
    CallCost,  // a runtime call's own CPU time (start -> end)
    Think,     // CPU time between two calls of one thread
    Cross,     // CPU order across threads
    SyncWait,  // device work -> a blocking call's end
    Launch,    // a launch call's start -> its activity's start
    Stream,    // stream order: the previous activity's end -> the next one's start
    Wait,      // another stream's activity -> a held activity's start
    Gpu,       // an activity's start -> end
    Source,    // the window's start -> a first item
    Sink,      // a last item -> the window's end
};

enum EdgeFlag : std::uint16_t {
    kLaunchCall = 1 << 0,  // CallCost of a call that launches device work
    kAllocCall = 1 << 1,   // CallCost / SyncWait of cudaMalloc, cudaFree (and HIP's)
    kSyncCall = 1 << 2,    // CallCost / SyncWait of a synchronisation
    kLaunchPair = 1 << 3,  // Think / Cross between two launch calls
    kGemm = 1 << 4,        // Gpu of a GEMM
    kComm = 1 << 5,        // Gpu of a collective
    kAgGate = 1 << 6,      // SyncWait of a blocking call that holds back an AllGather's issue
    kAgEarly = 1 << 7,     // the same call waiting one unit earlier: on only under fsdp_limit_all_gathers
    kDataLoaderEnd = 1 << 8, // Sink / Think whose removable part is a data-loader wait
};

struct ReplayEdge
{
    std::uint32_t from = 0, to = 0;
    TimeNs offset = 0;      // measured
    TimeNs dataLoaderNs = 0; // of offset, CPU time inside data-loader spans (Think, Cross, Sink)
    EdgeKind kind = EdgeKind::Think;
    std::uint16_t flags = 0;
};

// One device activity of the window, with its nodes.
struct ReplayActivity
{
    std::uint32_t track = 0, slice = 0;
    std::uint32_t startNode = 0, endNode = 0;
};

struct ReplayGraph
{
    bool valid = false;
    QString error; // why there is none (no such step, too many events)
    Step step;     // the window: a ProfilerStep, or a window named "[A, B)"
    TimeNs stepNs = 0;
    std::vector<TimeNs> nodeTime; // measured
    std::vector<ReplayEdge> edges;
    std::uint32_t source = 0, sink = 0;
    std::vector<ReplayActivity> activities;
    std::size_t events = 0;
    int allGatherGates = 0;          // blocking calls found holding back an AllGather
    std::int64_t allGatherBytes = -1; // a typical (median) AllGather's output (Out msg nelems x dtype), -1 unknown
    std::int64_t peakBytes = -1;      // device memory allocated at its highest in the window, -1 unknown
    std::int64_t deviceMemoryBytes = 0; // the traced device's memory (deviceProperties), 0 unknown
    TimeNs nominalLaunchNs = 0;       // launch latency where nothing else held the activity (median)
};

// The graph of a step (as findSteps found it) or of a window of the trace (step.name empty:
// [range.from, range.to) on the thread that launches most in it).
ReplayGraph buildReplayGraph(const detail::EvidenceIndex &index, const Step &step);
ReplayGraph buildReplayGraph(const detail::EvidenceIndex &index, TimeRange window);

} // namespace replay
} // namespace lanescope::analysis
