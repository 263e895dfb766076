// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Idle gaps on the GPU's compute streams and why each happened.
//
// A gap is time in which the GPU computes nothing: no compute kernel (GEMM, attention, other
// compute; HTA's computation kernels, as compute idle counts them) runs on any stream of the
// device. A hole of one stream covered by another stream's compute is not idle and is not a gap.
// A gap is listed on the stream whose next activity waited, a compute stream (one whose compute
// kernels take at least as long as its communication kernels, so NCCL side streams are not
// scanned), and its cause is judged there: it runs from when both the device's compute and that
// stream's own activities (kernels, copies, memsets) ended to that stream's next activity. Where
// two streams' gaps overlap, the overlap goes to the one that ends first, so no time counts twice.
//
// GapKernels::Gemm (the default, `--gap-kernels gemm`) keeps the gaps that lie between two GEMM
// kernels of that stream: a GEMM ran on the stream before the gap and another runs after it. The
// kernels between those two GEMMs (a residual add, an RMSNorm) do not break the window —
// FSDP's layer-boundary wait sits right after such a kernel — but they are not idle either: the
// gap is only the time the device computed nothing, so one window can hold several gaps and each
// is measured on its own against the threshold. GapKernels::All keeps every such gap.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

enum class GapCause : std::uint8_t { CommWait, HostLaunch, Allocator, Sync, DataLoader, Other };
const char *gapCauseName(GapCause c); // "comm_wait", "host_launch", ... (the CLI contract)

enum class GapKernels : std::uint8_t { Gemm, All };

struct GapOptions
{
    TimeNs minGap = 15'000'000; // 15 ms
    GapKernels kernels = GapKernels::Gemm;
    TimeRange range;            // non-empty: gaps that start inside it
    // Non-empty: the analysed steps (their CPU spans). Only gaps that start inside one of them,
    // each cut at the end of the window it starts in, so that every count and total of a run is
    // over the same time as its compute idle and its advice.
    std::vector<TimeRange> windows;
};

struct Gap
{
    int device = -1;
    std::int64_t stream = 0;
    std::uint32_t track = 0;
    TimeNs start = 0, dur = 0;
    QString before, after;         // the activities on either side
    QString gemmBefore, gemmAfter; // nearest GEMMs on the stream (empty if none)
    bool betweenGemms = false;     // before and after are both GEMMs
    GapCause cause = GapCause::Other;
    QString evidence;              // one line, for people
    QString collective;            // comm_wait: "AllGather", ...
    // What explains it, for the timeline to draw: the NCCL kernel or the CPU call. evidenceTrack
    // is -1 when nothing points there (other).
    std::int64_t evidenceTrack = -1;
    std::uint32_t evidenceSlice = 0;
    // The Python line (user code where any) that launched the activity after the gap: "model.py:88
    // forward"; empty where the trace has no Python frames around that launch (SourceLines.h).
    QString pythonLine;
    TimeNs end() const { return start + dur; }
};

namespace detail {
class EvidenceIndex;
}

// Sorted by start. Pure function of the trace.
std::vector<Gap> findGaps(const Trace &trace, const GapOptions &options = {});
std::vector<Gap> findGaps(const detail::EvidenceIndex &index, const GapOptions &options);

// HTA's "host wait" (breakdown_analysis.py, _analyze_idle_time_for_stream) for the short gaps:
// idle time on compute streams in gaps shorter than `below` where the next activity's launch call
// started after the stream had run dry.
TimeNs hostWaitTime(const detail::EvidenceIndex &index, TimeNs below, TimeRange range = {});
// The same waits as intervals (every compute stream's, so they may overlap), sorted by start.
std::vector<TimeRange> hostWaitIntervals(const detail::EvidenceIndex &index, TimeNs below, TimeRange range = {});

// How long after a collective ends a waiting kernel may start and still count as waiting on it
// (cudaStreamWaitEvent wake-up plus launch latency).
constexpr TimeNs kCommWaitSlackNs = 100'000; // 100 µs

} // namespace lanescope::analysis
