// SPDX-License-Identifier: GPL-3.0-or-later
// The memory counters as a measure (Measure.h): "memory", over the whole trace.
#include "core/analysis/run/Measure.h"

#include "core/util/JsonWriter.h"

namespace lanescope::analysis {

Measure memoryMeasure()
{
    Measure m;
    m.key = "memory";
    m.run = [](MeasureContext &c) { c.result.memory = memorySummary(c.index); };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const MemorySummary &mem = c.result.memory;
        j.object("memory", [&] {
            j.field("peak_allocated_bytes", mem.peakAllocated);
            j.field("peak_reserved_bytes", mem.peakReserved);
            j.field("alloc_calls", mem.mallocCalls); // cudaMalloc runtime calls (the allocator asking the driver)
            j.field("free_calls", mem.freeCalls);    // cudaFree runtime calls
        });
    };
    return m;
}

} // namespace lanescope::analysis
