// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small known trace for the timeline tests: one CPU thread (a ProfilerStep around two operators,
// a launch inside the first), a compute stream (a GEMM launched by it, an elementwise kernel), an
// NCCL stream, and [memory] samples on GPU 0 (1 GB,
// then 0.5 GB, then a 2 GB spike allocated at 900 µs and freed 5 µs later). Times in µs, the first event at 0.
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/timeline/TimelineView.h"

#include <memory>
#include <string>

namespace lanescope::test {

inline const char kTimelineTrace[] = R"({
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85000000000}],
  "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2},
  "traceEvents": [
    {"ph": "M", "name": "process_name", "pid": 100, "tid": 0, "args": {"name": "python3"}},
    {"ph": "M", "name": "thread_name", "pid": 100, "tid": 101, "args": {"name": "main thread"}},
    {"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "python3"}},
    {"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 100, "tid": 101, "ts": 0, "dur": 1000},
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 100, "dur": 200, "args": {"Input Dims": [[64, 64], [64, 64]]}},
    {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 101, "ts": 150, "dur": 10, "args": {"correlation": 7}},
    {"ph": "s", "cat": "ac2g", "name": "ac2g", "id": 7, "pid": 100, "tid": 101, "ts": 150},
    {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 100, "tid": 101, "ts": 400, "dur": 50},
    {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 200, "dur": 300, "args": {"device": 0, "stream": 7, "correlation": 7, "grid": [4, 1, 1]}},
    {"ph": "f", "cat": "ac2g", "name": "ac2g", "id": 7, "pid": 0, "tid": 7, "ts": 200, "bp": "e"},
    {"ph": "X", "cat": "kernel", "name": "vectorized_elementwise_kernel", "pid": 0, "tid": 7, "ts": 600, "dur": 20, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float", "pid": 0, "tid": 20, "ts": 300, "dur": 600, "args": {"device": 0, "stream": 20}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 50, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": 1000000000, "Total Allocated": 1000000000, "Total Reserved": 2000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 700, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": -500000000, "Total Allocated": 500000000, "Total Reserved": 2000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 900, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 2, "Bytes": 2000000000, "Total Allocated": 2500000000, "Total Reserved": 3000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 905, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 2, "Bytes": -2000000000, "Total Allocated": 500000000, "Total Reserved": 3000000000}}
  ]
})";

inline std::shared_ptr<const Trace> loadTimelineTrace()
{
    LoadResult r = loadTrace(MappedSource::fromBytes(std::string(kTimelineTrace), QStringLiteral("timeline.json")));
    return r.trace;
}

// The slice of `track` (by thread/stream name fragment) called `name`.
inline bool findSlice(const Trace &t, const char *name, std::uint32_t *track, std::uint32_t *slice)
{
    for (std::uint32_t ti = 0; ti < t.tracks.size(); ++ti)
        for (std::uint32_t i = 0; i < t.tracks[ti].size(); ++i)
            if (t.name(t.tracks[ti].nameId[i]) == QLatin1String(name)) {
                *track = ti;
                *slice = i;
                return true;
            }
    return false;
}

// The slice called `name` as the timeline refers to it (run 0); aborts the test if absent.
inline SliceRef sliceRef(const Trace &t, const char *name)
{
    std::uint32_t track = 0, slice = 0;
    if (!findSlice(t, name, &track, &slice))
        qFatal("no slice %s", name);
    return {0, track, slice};
}

// A shown view whose lanes area is exactly 1000 px wide, showing [startNs, startNs + 1 ms].
inline std::unique_ptr<TimelineView> makeTestView(std::shared_ptr<const Trace> trace, double startNs)
{
    auto v = std::make_unique<TimelineView>();
    v->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    v->resize(TimelineView::kHeaderWidth + 1000, 500);
    v->show();
    v->setTrace(std::move(trace));
    v->setVisibleRange(startNs, startNs + 1e6);
    return v;
}

} // namespace lanescope::test
