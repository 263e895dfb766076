// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The critical path of one step: the chain of CPU work, launches, kernels, stream order and
// synchronisations that sets the step's length. Holistic Trace Analysis' lightweight critical path
// (hta/analyzers/critical_path_analysis.py, CPGraph) on one rank, without an execution trace:
//
//   nodes  the start and end of every CPU op, runtime call and GPU activity inside the step's CPU
//          span [start, end] (partly outside: left out);
//   edges  - along the CPU: the step's thread and the threads of its process that launch GPU work,
//            merged into one time-ordered chain (HTA merges the backward thread into the forward
//            one); a stretch inside an op weighs its length (cpu), inside a blocking call
//            (cudaStreamSynchronize, cudaEventSynchronize, cudaDeviceSynchronize, cudaMemcpy, the
//            HIP ones) weighs 0 (sync);
//          - launch: the runtime call's start to its kernel's start (by correlation), weighing
//            its length when the stream had run dry before the call (HTA: queue empty, launched
//            after the previous kernel ended), else 0 (launch_delay);
//          - a kernel's start to its end, weighing its length (gpu_compute, or communication for
//            NCCL/RCCL kernels);
//          - stream order: the previous activity's end to the next one's start, weighing the gap
//            when it is under 1.5 ms and the kernel was queued before the stream ran dry (HTA's
//            kernel-kernel delay), else 0 (idle);
//          - GPU to CPU: the last activity that ended while a blocking call waited (on the call's
//            stream where its cuda_sync event names one) to the call's end, weight 0 (sync);
//          - GPU to GPU: where the trace names the wait (a cuda_sync "Stream Wait Event" with
//            wait_on_cuda_event_record_corr_id, PyTorch 2.3+), HTA's pairing: the last activity
//            launched on the recorded stream before that cudaEventRecord to the next one launched
//            on the waiting stream after the cudaStreamWaitEvent ("Event Sync": to the
//            cudaEventSynchronize's end); elsewhere, a kernel that still started late, after its
//            stream's previous work and its launch, waited on another stream (the NCCL stream's
//            collective): the activity of another stream of its device that ended last before it
//            (within kCommWaitSlackNs) to its start; weight 0 (sync);
//          - from the step's start to work launched before it, and from each stream's last
//            activity to the step's end, weight 0 (idle).
// The path is the heaviest from the step's start to its end. Every edge runs forward in time, so
// the lengths of the path's edges add up to the step's length exactly (integer nanoseconds): the
// parts below are those lengths by kind. Only the events of the one step are looked at.
#include "core/analysis/run/AnalysisRange.h"
#include "core/analysis/run/Steps.h"

#include <QString>

#include <array>
#include <cstdint>
#include <vector>

namespace lanescope::analysis {

namespace detail {
class EvidenceIndex;
}

enum class PathPart : std::uint8_t { Cpu, GpuCompute, Communication, LaunchDelay, Sync, Idle };
constexpr int kPathParts = 6;
// "cpu", "gpu_compute", "communication", "launch_delay", "sync", "idle": the JSON keys.
const char *pathPartName(PathPart p);
// For people: "CPU", "GPU compute", "communication", "launch delay", "synchronisation", "idle".
QString pathPartLabel(PathPart p);

// One edge of the path: [from, to) spent as `part`. track: where the time went (the CPU thread,
// the GPU stream); fromTrack differs for a launch or a synchronisation (the connector's other end).
// slice: what the time is attributed to on `track` (the innermost CPU op, the kernel, the blocking
// call), -1 for none.
struct PathSegment
{
    TimeNs from = 0, to = 0;
    PathPart part = PathPart::Idle;
    std::uint32_t track = 0, fromTrack = 0;
    std::int64_t slice = -1;
};

// What the path spends most on, grouped by kind and name: shortening it shortens the step.
struct PathCulprit
{
    PathPart part = PathPart::Idle;
    QString name;      // the kernel, the CPU op, the blocking call
    TimeNs ns = 0;     // on the path, summed over its occurrences
    int count = 0;
    TimeRange where;   // the longest occurrence
    std::uint32_t track = 0;
    std::int64_t slice = -1;
};

// A blocking synchronisation the path runs through, with what it cost the path: the time blocked
// on the path plus the time after it until the path is back on the GPU (the GPU ran dry while the
// CPU caught up).
struct PathSync
{
    QString call; // "cudaStreamSynchronize"
    QString op;   // the CPU op that called it ("aten::_local_scalar_dense" under "aten::item")
    QString outerOp; // the op around that one, where there is one ("aten::item")
    TimeRange where; // the call
    TimeNs costNs = 0;
    std::uint32_t track = 0, slice = 0;
};

struct CriticalPath
{
    bool valid = false;
    QString error;         // why there is none (no steps, too many events)
    // What the path is measured over (AnalysisRange.h): a step (the default), a window or an
    // annotation's instance. `step` holds its span and name either way.
    RangeKind scope = RangeKind::Step;
    int instance = -1, instances = 0; // the annotation's occurrence and their number
    Step step;
    bool medianStep = false; // the median-length complete step; false: the step analysed
    TimeNs lengthNs = 0;     // the step's CPU span
    std::array<TimeNs, kPathParts> partsNs{}; // index: PathPart; sums to lengthNs exactly
    std::vector<PathSegment> segments;        // in time order, from the step's start to its end
    std::vector<PathCulprit> culprits;        // the largest two (not idle), largest first
    std::vector<PathSync> syncs;              // in time order
    TimeNs part(PathPart p) const { return partsNs[std::size_t(p)]; }
    double sharePct(PathPart p) const { return lengthNs > 0 ? 100.0 * double(part(p)) / double(lengthNs) : 0; }
    PathPart dominant() const;
};

// More events than this in one step: no path (the step is not analysed, said so). The graph takes
// about 150 bytes an event, so at most some 150 MB.
constexpr std::size_t kCriticalPathMaxEvents = 1'000'000;
// HTA's KERNEL_KERNEL_DELAY_THRESHOLD_US: longer stream gaps are waits on something else.
constexpr TimeNs kKernelKernelDelayNs = 1'500'000;

// The step the path is measured on: `scopedStep` (ProfilerStep#N) where the analysis is of one
// step, else the median-length one of `measured` (the complete steps analysed; the lower middle
// for an even count).
const Step *criticalPathStep(const std::vector<Step> &measured, int scopedStep, bool *median);

CriticalPath criticalPath(const detail::EvidenceIndex &index, const Step &step);
// Over any range: a step, a window (the path follows the thread resolveRange() chose and the
// threads that launch GPU work, with no slice around them: time outside every op is idle) or an
// annotation's instance (its slice encloses the path as a step's does).
CriticalPath criticalPath(const detail::EvidenceIndex &index, const AnalysisRange &range);

// What the path is over, for people: the step's name, "NAME (instance K of N)", "the window A to B".
QString criticalPathScope(const CriticalPath &path, TimeNs origin = 0);

// One or two sentences for people: where the path runs and what to shorten first.
QString criticalPathSentence(const CriticalPath &path);

} // namespace lanescope::analysis
