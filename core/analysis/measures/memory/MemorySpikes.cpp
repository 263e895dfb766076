// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/memory/MemorySpikes.h"

#include <algorithm>

namespace lanescope::analysis {

std::vector<MemorySpike> findMemorySpikes(const MemorySeries &series)
{
    const auto &s = series.samples;
    std::int64_t peak = 1;
    for (const MemorySample &m : s)
        peak = std::max({peak, m.allocated, m.reserved});
    const std::int64_t threshold = std::max<std::int64_t>(kSpikeMinBytes, peak / kSpikePeakFraction);
    std::vector<MemorySpike> out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i].bytes < threshold)
            continue;
        // The free is looked for among the next samples only: a spike is by definition short.
        for (std::size_t j = i + 1; j < s.size() && j < i + 256 && s[j].ts - s[i].ts <= kSpikeWindowNs; ++j)
            if (s[j].bytes == -s[i].bytes) {
                out.push_back({s[i].ts, s[j].ts, s[i].bytes, s[i].allocated});
                break;
            }
    }
    return out;
}

} // namespace lanescope::analysis
