// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// GPU temporal breakdown (idle / compute / non-compute) and communication-computation overlap,
// defined as Holistic Trace Analysis defines them so the figures agree with it:
//  - hta/analyzers/breakdown_analysis.py, BreakdownAnalysis.get_temporal_breakdown and
//    _get_idle_time_for_kernels: over all GPU activities of the rank (kernels, memcpy, memset,
//    MTIA's mtia_ccp_events: events with args.stream), merged into disjoint intervals
//    (hta/utils/utils.py, merge_kernel_intervals); span = end of the last merged interval - start
//    of the first; idle = span - merged busy time; compute = merged time of computation kernels
//    (htaKernelType: MTIA's dma_* are memory, its pe_exe spans "other");
//    non-compute = span - compute - idle.
//  - hta/analyzers/communication_analysis.py, get_comm_comp_overlap: time where merged
//    communication and merged computation intervals overlap, over merged communication time.
//  - Which activities count (hta/common/trace.py, Trace._filter_irrelevant_gpu_kernels with
//    include_last_profiler_step=False): with two or more distinct ProfilerStep names, only GPU
//    activities whose launching CPU event starts before the start of the last ProfilerStep; the
//    last, usually incomplete, iteration is left out. With fewer, every activity counts.
//  - Time resolution (hta/common/trace_parser.py, _parse_trace_dataframe_json): where the file's
//    timestamps are fractional microseconds, HTA rounds each event's start up and its end down to
//    whole microseconds before all of the above. We do the same (htaCompatible).
// Which events are GPU time is where we differ on purpose (GpuTimeDefinition;
// docs/hta-differences.md).
#include "core/analysis/run/Steps.h"

namespace lanescope::analysis {

enum class GpuTimeDefinition : std::uint8_t {
    // The default: device activity only — kernels, copies and memsets (MTIA's mtia_ccp_events) on
    // the device's lanes. A CPU thread launching a Triton kernel, or a host waiting on a stream, is
    // not GPU work.
    Lanescope,
    // HTA's: every "X" event carrying args.stream other than -1 is GPU time, wherever it ran — also
    // the CPU-side Triton launcher cpu_ops torch.compile writes (computation, by their names) and
    // cuda_sync events on a stream ("Stream Sync": non-compute, HTA's names containing "Sync" are
    // neither computation, communication nor memory). Reproduces HTA's figures (analyze --hta).
    Hta,
};
const char *gpuTimeDefinitionName(GpuTimeDefinition d); // "lanescope" | "hta", as analyze --json says

struct TemporalOptions
{
    // Non-empty: only GPU activity inside the window, clipped to it; the last-step rule is off
    // (the caller chose the window).
    TimeRange range;
    bool htaCompatible = true; // microsecond rounding and last-step exclusion as HTA does
    GpuTimeDefinition definition = GpuTimeDefinition::Lanescope;
};

struct TemporalBreakdown
{
    TimeNs spanStart = 0, spanEnd = 0; // first merged start, last merged end
    TimeNs span = 0, idle = 0, compute = 0, nonCompute = 0;
    TimeNs communication = 0;          // merged communication time
    TimeNs overlap = 0;                // communication overlapped by computation
    double idlePct = 0, computePct = 0, nonComputePct = 0;
    double commCompOverlapPct = 0;     // 0 when there is no communication
    std::size_t activities = 0;        // GPU activities counted (with the stream events below)
    std::size_t streamEvents = 0;      // Hta only: of those, events that are not device activity
    GpuTimeDefinition definition = GpuTimeDefinition::Lanescope;
    bool lastStepExcluded = false;
    bool microsecondRounding = false;
};

TemporalBreakdown temporalBreakdown(const Trace &trace, const TemporalOptions &options = {});

// When the GPU computed: the merged intervals of every computation activity (exact times, every
// device, clipped to `range` when it is set).
std::vector<TimeRange> computeIntervals(const Trace &trace, TimeRange range = {});

// True where the file wrote fractional-microsecond timestamps (HTA then sees a float column).
bool hasFractionalMicroseconds(const Trace &trace);

} // namespace lanescope::analysis
