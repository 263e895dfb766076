// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The events Holistic Trace Analysis counts as GPU work that our model does not: complete ("X")
// events that carry args.stream (other than -1) although they are not kernels, copies or memsets —
// the CPU-side Triton launcher cpu_ops torch.compile writes ("triton_poi_fused_..." with
// "stream": 0), and cuda_sync events ("Stream Sync", "Event Sync" on a stream). HTA keeps every
// row whose stream column is not -1 (hta/analyzers/breakdown_analysis.py, get_temporal_breakdown).
// The model keeps no args, so they are read back from the file; only events whose text holds the
// key "stream" are parsed.
#include "core/model/Trace.h"

#include <vector>

namespace lanescope::analysis {

struct StreamEvent
{
    std::uint32_t track = 0, slice = 0;
    bool hasCorrelation = false; // args.correlation present (HTA joins on it to the launching call)
};

// Every slice that is not a GPU activity (isGpuActivity) whose event is an "X" with args.stream
// other than -1, in track then slice order. Empty when the trace's bytes are gone (no source, or
// the file changed on disk).
std::vector<StreamEvent> nonActivityStreamEvents(const Trace &trace);

} // namespace lanescope::analysis
