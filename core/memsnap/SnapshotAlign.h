// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Putting a memory snapshot on a trace's clock. The snapshot's segment_alloc / segment_free are
// the allocator's cudaMalloc / cudaFree, which the trace records as CUDA runtime calls. The
// offset is found by matching the two sequences: sizes where the trace's calls carry them, else
// their order and the spacing between them; it is the median difference of the matched pairs,
// and the residual (median absolute deviation) says how well they agree. Where too few match, or
// the spacing disagrees, the snapshot is not aligned and `reason` says why.
#include "core/memsnap/MemorySnapshot.h"

#include <QString>

#include <cstdint>

namespace lanescope {
class Trace;
}

namespace lanescope::memsnap {

struct SnapshotAlignment
{
    bool aligned = false;
    int device = -1;              // the snapshot device matched
    std::int64_t offsetNs = 0;    // trace ns = time_us * 1000 + offsetNs
    int matched = 0;              // segment events paired with runtime calls
    int snapshotEvents = 0;       // segment_alloc + segment_free of that device
    int traceCalls = 0;           // cudaMalloc + cudaFree in the trace
    std::int64_t residualNs = 0;  // median absolute deviation of the pairs' differences
    std::int64_t maxErrorNs = 0;  // the worst pair
    QString reason;               // why not aligned (translated), or empty
    std::int64_t toTraceNs(std::int64_t timeUs) const { return timeUs * 1000 + offsetNs; }
    std::int64_t toSnapshotUs(std::int64_t traceNs) const { return (traceNs - offsetNs) / 1000; }
};

SnapshotAlignment alignSnapshot(const MemorySnapshot &snap, const Trace &trace);

} // namespace lanescope::memsnap
