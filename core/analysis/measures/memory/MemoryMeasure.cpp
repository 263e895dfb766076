// SPDX-License-Identifier: GPL-3.0-or-later
// The memory counters as a measure (Measure.h): "memory", over the whole trace.
#include "core/analysis/run/Measure.h"

#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

namespace {

// The memory counters' figures (FigureCatalogue.h), over the whole trace.
std::vector<Figure> memoryFigures()
{
    using U = FigureUnit;
    using E = FigureExtent;
    using Value = std::optional<double>;
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    constexpr unsigned kAll = InComparison | InMetricsTable | InRanks;
    std::vector<Figure> out;
    {
        Figure &f = out.emplace_back(
            declareFigure("peak_allocated_bytes", U::Bytes, false, E::Trace, kAll, 7, 19, 5, "memory.peak_allocated_bytes"));
        f.value = [](const RunFigures &m) { return m.peakAllocatedBytes; };
        f.rankValue = [](const RankFigures &r) {
            return r.analysis.memory.peakAllocated >= 0 ? Value(double(r.analysis.memory.peakAllocated)) : std::nullopt;
        };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Peak allocated"),
                      QT_TRANSLATE_NOOP("figures", "Highest memory allocated by tensors on the trace's GPU"));
    }
    {
        Figure &f = out.emplace_back(
            declareFigure("peak_reserved_bytes", U::Bytes, false, E::Trace, kBoth, 14, 20, -1, "memory.peak_reserved_bytes"));
        f.value = [](const RunFigures &m) { return m.peakReservedBytes; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Peak reserved"),
                      QT_TRANSLATE_NOOP("figures", "Highest memory the caching allocator held from the driver"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("alloc_calls", U::Count, false, E::Trace, kBoth, 15, 21, -1, "memory.alloc_calls"));
        f.value = [](const RunFigures &m) { return Value(double(m.mallocCalls)); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "cudaMalloc calls"),
                      QT_TRANSLATE_NOOP("figures", "Calls to cudaMalloc (the caching allocator growing on the critical path)"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("free_calls", U::Count, false, E::Trace, kBoth, 16, 22, -1, "memory.free_calls"));
        f.value = [](const RunFigures &m) { return Value(double(m.freeCalls)); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "cudaFree calls"),
                      QT_TRANSLATE_NOOP("figures", "Calls to cudaFree (the allocator releasing blocks, often with a sync)"));
    }
    return out;
}

} // namespace

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
    m.catalogueFigures = memoryFigures();
    return m;
}

} // namespace lanescope::analysis
