// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Device memory as the caching allocator reported it ([memory] events of profile_memory=True) and
// the allocator's calls into the CUDA driver (cudaMalloc / cudaFree runtime events).
#include "core/analysis/run/Steps.h"

#include <vector>

namespace lanescope::analysis {

namespace detail {
class EvidenceIndex;
}

struct DeviceMemory
{
    int device = -1;
    int deviceType = 1;              // c10::DeviceType: 1 CUDA, 6 HIP, ... (isAcceleratorMemory)
    std::int64_t peakAllocated = -1; // bytes; -1 unknown
    std::int64_t peakReserved = -1;  // bytes; -1 where the trace has no "Total Reserved" (2021 Kineto)
    TimeNs peakAllocatedAt = 0;
    std::int64_t allocEvents = 0;    // [memory] events with Bytes > 0 (tensor allocations)
    std::int64_t freeEvents = 0;     // [memory] events with Bytes < 0
    bool totalsFromTrace = true;     // false: allocated is the running sum of Bytes
};

// A burst of allocator calls into the driver on the CPU: calls less than 1 ms apart, together
// taking at least 500 µs of CPU time.
struct AllocatorSpike
{
    TimeNs start = 0, end = 0;
    int mallocs = 0, frees = 0;
    TimeNs cpuTime = 0;
};

struct MemorySummary
{
    std::vector<DeviceMemory> devices; // accelerator devices only (isAcceleratorMemory), not the host
    std::int64_t peakAllocated = -1, peakReserved = -1; // max over devices
    // Runtime calls (the allocator asking the driver): "alloc_calls" / "free_calls" in the CLI.
    std::int64_t mallocCalls = 0, freeCalls = 0, hostAllocCalls = 0;
    // Caching-allocator events ([memory], all accelerator devices): tensor allocations and frees.
    std::int64_t allocEvents = 0, freeEvents = 0;
    std::vector<AllocatorSpike> spikes;
};

MemorySummary memorySummary(const Trace &trace);
MemorySummary memorySummary(const detail::EvidenceIndex &index);

} // namespace lanescope::analysis
