// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Memory "spikes": a large allocation freed again almost at once — the caching allocator's churn
// that shows as a vertical needle on the device memory curve (the case study's second finding,
// fixed with PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512). Beside the rest of the memory
// analysis so the timeline, the export and any later report count the same needles.
#include "core/model/Trace.h"

#include <vector>

namespace lanescope::analysis {

struct MemorySpike
{
    TimeNs start = 0, end = 0;  // allocation and its free
    std::int64_t bytes = 0;     // the allocation's size
    std::int64_t allocated = 0; // Total Allocated right after it (the needle's top)
};

// An allocation of at least max(64 MiB, peak / 20) whose exact negative (the same byte count
// freed) follows within 20 ms and 256 samples. peak: the series' largest allocated or reserved
// total. Sorted by start.
constexpr std::int64_t kSpikeMinBytes = 64ll << 20;
constexpr int kSpikePeakFraction = 20;
constexpr TimeNs kSpikeWindowNs = 20'000'000;
std::vector<MemorySpike> findMemorySpikes(const MemorySeries &series);

} // namespace lanescope::analysis
