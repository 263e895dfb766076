// SPDX-License-Identifier: GPL-3.0-or-later
// The memory counters as a measure (Measure.h): "memory", over the whole trace.
#include "core/analysis/run/Measure.h"

#include "core/analysis/run/SummaryJson.h"
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
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        o.obj("memory", [&] {
            o.i("peak_allocated", a.memory.peakAllocated);
            o.i("peak_reserved", a.memory.peakReserved);
            o.i("malloc_calls", a.memory.mallocCalls);
            o.i("free_calls", a.memory.freeCalls);
            o.i("host_alloc_calls", a.memory.hostAllocCalls);
            o.i("alloc_events", a.memory.allocEvents);
            o.i("free_events", a.memory.freeEvents);
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        const summary::SummaryObj me = in.object(av, "memory");
        a.memory.peakAllocated = in.i64(me, "peak_allocated", -1);
        a.memory.peakReserved = in.i64(me, "peak_reserved", -1);
        a.memory.mallocCalls = in.i64(me, "malloc_calls");
        a.memory.freeCalls = in.i64(me, "free_calls");
        a.memory.hostAllocCalls = in.i64(me, "host_alloc_calls");
        a.memory.allocEvents = in.i64(me, "alloc_events");
        a.memory.freeEvents = in.i64(me, "free_events");
    };
    return m;
}

} // namespace lanescope::analysis
