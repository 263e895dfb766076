// SPDX-License-Identifier: GPL-3.0-or-later
// Who holds the memory as a measure (Measure.h): "memory_owners", over the whole trace; its peak is
// the memory measure's.
#include "core/analysis/run/AnalysisJson.h"

#include "core/util/JsonWriter.h"

#include <climits>

namespace lanescope::analysis {

// Who holds the device memory at its peak, the ops that allocate the most, what is never freed.
// alive_at_peak is complete (its bytes add up to peak_bytes); top_allocators and never_freed are
// the first `top`.
void writeMemoryOwnersJson(JsonWriter &j, const MemoryOwners &m, TimeNs origin, std::size_t top)
{
    const auto us = [origin](TimeNs t) { return double(t - origin) / 1000.0; };
    const auto rows = [&](const char *key, const std::vector<MemoryOwnerRow> &v, std::size_t n, bool lifetimes) {
        j.array(key, [&] {
            for (std::size_t k = 0; k < v.size() && k < n; ++k)
                j.object([&] {
                    j.field("op", v[k].key());
                    j.field("bytes", v[k].bytes);
                    j.field("count", v[k].count);
                    if (lifetimes) {
                        j.field("freed", v[k].freed);
                        j.field("mean_lifetime_us", JsonWriter::orNull(v[k].freed > 0, v[k].meanLifetimeNs() / 1000.0));
                    }
                });
        });
    };
    j.object("memory_owners", [&] {
        j.field("peak_bytes", JsonWriter::orNullCount(m.peakBytes >= 0, m.peakBytes));
        j.field("device", m.device);
        j.field("peak_us", JsonWriter::orNull(m.peakBytes >= 0, us(m.peakAt)));
        j.field("addresses", m.addresses);
        rows("alive_at_peak", m.aliveAtPeak, SIZE_MAX, false);
        j.field("never_freed_bytes", JsonWriter::orNullCount(m.addresses, m.neverFreedBytes));
        j.field("never_freed_count", JsonWriter::orNullCount(m.addresses, m.neverFreedCount));
        rows("never_freed", m.neverFreed, top, false);
        rows("top_allocators", m.topAllocators, top, true);
        j.array("phases", [&] {
            for (int k = 0; k < kMemoryPhases; ++k)
                j.object([&] {
                    j.field("phase", memoryPhaseName(MemoryPhase(k)));
                    j.field("alive_at_peak_bytes", m.phaseAtPeak[std::size_t(k)]);
                    j.field("allocated_bytes", m.phaseAllocatedBytes[std::size_t(k)]);
                    j.field("allocations", m.phaseAllocations[std::size_t(k)]);
                });
        });
        j.field("allocations", m.allocations);
        j.field("frees", m.frees);
        j.field("paired", m.paired);
        j.field("unmatched_frees", m.unmatchedFrees);
        j.field("unmatched_free_bytes", m.unmatchedFreeBytes);
        j.field("reused_without_free", m.reusedWithoutFree);
    });
}

Measure memoryOwnersMeasure()
{
    Measure m;
    m.key = "memory_owners";
    m.needs = {"memory"};
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        r.memoryOwners = memoryOwners(c.trace, r.memory, r.steps);
        r.warnings << memoryOwnersWarnings(r.memoryOwners);
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        writeMemoryOwnersJson(j, c.result.memoryOwners, c.origin, c.options.top);
    };
    return m;
}

} // namespace lanescope::analysis
