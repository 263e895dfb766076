// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli memory SNAPSHOT [--trace TRACE] [--json] [--top N]
// A PyTorch memory snapshot (torch.cuda.memory._dump_snapshot()): per device the peaks of
// allocated and reserved memory, the cudaMalloc/cudaFree the allocator made, the fragmentation
// events and the advice, the OOMs with the cache's state, and the stacks alive at the peak. With
// --trace, the snapshot is put on the trace's clock and fragmentation is summed per step.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"

#include "core/analysis/text/FigureText.h"
#include "core/analysis/run/Steps.h"
#include "core/memsnap/MemorySnapshot.h"
#include "core/memsnap/SnapshotAlign.h"
#include "core/memsnap/SnapshotAnalysis.h"
#include "core/model/Trace.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }
QString trn(const char *s, int n) { return QCoreApplication::translate("cli", s, nullptr, n); }
QString bytesText(std::int64_t b) { return analysis::figure::bytes(double(b)); }

constexpr int kDefaultTop = 10;
constexpr std::size_t kShownEvents = 5; // fragmentation events listed in the text output

void printLine(const QString &s) { std::printf("%s\n", qPrintable(s)); }

} // namespace

CommandSpec memoryArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("SNAPSHOT [--trace TRACE] [--top N] [--json]"),
        {{n("SNAPSHOT"), QT_TRANSLATE_NOOP("cli", "a PyTorch memory snapshot (torch.cuda.memory._dump_snapshot())")}},
        {
            text({n("trace")}, "TRACE", QT_TRANSLATE_NOOP("cli", "a trace of the same run: align the snapshot to its clock and sum fragmentation per step")),
            integer({n("top")}, "N", between(0, kMaxTop), QT_TRANSLATE_NOOP("cli", "stacks alive at the peak to list per device (default 10; 0: all)"),
                    QT_TRANSLATE_NOOP("cli", "--top takes a whole number of rows")),
            threadsOption(QT_TRANSLATE_NOOP("cli", "threads for loading the trace (default 0: one per core)")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

int runMemory(const Invocation &args)
{
    const QString path = args.positionals().first();
    const memsnap::SnapshotResult opened = memsnap::openSnapshot(path);
    if (!opened.snapshot)
        return args.fail(opened.error, Unreadable);
    const memsnap::MemorySnapshot &snap = *opened.snapshot;
    const int topArg = args.isSet("top") ? args.integer("top", kDefaultTop) : kDefaultTop;
    const std::size_t top = topArg > 0 ? std::size_t(topArg) : SIZE_MAX;

    std::shared_ptr<Trace> trace;
    memsnap::SnapshotAlignment align;
    std::vector<std::int64_t> stepStartsUs;
    if (args.isSet("trace")) {
        trace = loadTraceOrReport(args.text("trace"), args.integer("threads", 0));
        if (!trace)
            return Unreadable;
        align = memsnap::alignSnapshot(snap, *trace);
        if (align.aligned)
            for (const analysis::Step &s : analysis::findSteps(*trace))
                stepStartsUs.push_back(align.toSnapshotUs(s.start));
    }

    const memsnap::SnapshotAnalysis a = memsnap::analyzeSnapshot(snap);
    const std::vector<memsnap::FragmentationFigure> figures = memsnap::fragmentationFigures(a, stepStartsUs);
    const memsnap::FragmentationAdvice advice = memsnap::fragmentationAdvice(a, snap);
    QStringList warnings = snap.warnings;
    warnings += a.warnings;
    auto endCounts = [&](int device, int *segments, int *blocks) {
        *segments = *blocks = 0;
        for (const memsnap::Segment &s : snap.segments)
            if (s.device == device) {
                ++*segments;
                *blocks += int(s.blockCount);
            }
    };
    auto stackFrames = [&](memsnap::StackId s) {
        QStringList out;
        for (std::size_t i = 0; i < snap.stackDepth(s); ++i)
            out << snap.frameText(snap.stackFrame(s, i));
        return out;
    };

    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("snapshot", path);
            j.field("file_bytes", snap.fileBytes);
            j.field("pickle_protocol", snap.pickleProtocol);
            j.field("has_time_us", snap.hasTimes);
            j.array("devices", [&] {
                for (const memsnap::DeviceHistory &h : a.devices) {
                    int segments = 0, blocks = 0;
                    endCounts(h.device, &segments, &blocks);
                    j.object([&] {
                        j.field("device", h.device);
                        j.field("entries", h.entries);
                        j.field("begin_us", h.beginUs);
                        j.field("end_us", h.endUs);
                        j.field("peak_allocated_bytes", h.peakAllocated);
                        j.field("peak_allocated_us", h.peakAllocatedAt);
                        j.field("peak_reserved_bytes", h.peakReserved);
                        j.field("peak_reserved_us", h.peakReservedAt);
                        j.field("segment_allocs", h.segmentAllocs);
                        j.field("segment_frees", h.segmentFrees);
                        j.array("fragmentation_events", [&] {
                            for (const memsnap::FragmentationEvent &f : h.fragmentation)
                                j.object([&] {
                                    j.field("time_us", f.timeUs);
                                    j.field("requested", f.requested);
                                    j.field("free_in_cache", f.freeInCache);
                                    j.field("largest_free_block", f.largestFreeBlock);
                                    j.field("reserved", f.reserved);
                                    j.field("allocated", f.allocated);
                                    j.field("segment_size", f.segmentSize);
                                    j.field("stream", f.stream);
                                    j.field("stack", snap.stackSummary(f.requestStack));
                                    if (align.aligned)
                                        j.field("trace_ns", align.toTraceNs(f.timeUs));
                                });
                        });
                        j.array("ooms", [&] {
                            for (const memsnap::OomEvent &o : h.ooms)
                                j.object([&] {
                                    j.field("time_us", o.timeUs);
                                    j.field("requested", o.requested);
                                    j.field("device_free", o.deviceFree);
                                    j.field("reserved", o.reserved);
                                    j.field("allocated", o.allocated);
                                    j.field("free_in_cache", o.freeInCache);
                                    j.field("largest_free_block", o.largestFreeBlock);
                                    j.field("stack", snap.stackSummary(o.stack));
                                });
                        });
                        j.field("segments", segments);
                        j.field("blocks", blocks);
                        j.array("top_stacks_at_peak", [&] {
                            const std::vector<memsnap::StackGroup> groups = memsnap::aliveAtPeak(h);
                            for (std::size_t i = 0; i < groups.size() && i < top; ++i)
                                j.object([&] {
                                    j.field("bytes", groups[i].bytes);
                                    j.field("count", groups[i].count);
                                    j.field("frame", snap.stackSummary(groups[i].stack));
                                    j.array("frames", [&] {
                                        for (const QString &f : stackFrames(groups[i].stack))
                                            j.value(f);
                                    });
                                });
                        });
                        j.field("inconsistent", h.inconsistent);
                    });
                }
            });
            j.array("fragmentation", [&] {
                for (const memsnap::FragmentationFigure &f : figures)
                    j.object([&] {
                        j.field("from_us", f.fromUs);
                        j.field("to_us", f.toUs);
                        j.field("events", f.events);
                        j.field("requested_bytes", f.requestedBytes);
                        j.field("segment_bytes", f.segmentBytes);
                    });
            });
            j.field("fragmentation_per", stepStartsUs.empty() ? QStringLiteral("snapshot") : QStringLiteral("step"));
            if (advice.present)
                j.object("advice", [&] {
                    j.field("text", advice.text);
                    j.field("max_split_size_mb", advice.maxSplitSizeMb);
                    j.field("expandable_segments", advice.maxSplitSizeMb == 0);
                    j.field("would_free_bytes", advice.wouldFreeBytes);
                });
            else
                j.field("advice", nullptr);
            if (trace)
                j.object("alignment", [&] {
                    j.field("trace", args.text("trace"));
                    j.field("aligned", align.aligned);
                    j.field("device", align.device);
                    j.field("offset_ns", align.offsetNs);
                    j.field("matched", align.matched);
                    j.field("snapshot_events", align.snapshotEvents);
                    j.field("trace_calls", align.traceCalls);
                    j.field("residual_ns", align.residualNs);
                    j.field("max_error_ns", align.maxErrorNs);
                    j.field("reason", align.reason);
                });
            j.array("warnings", [&] {
                for (const QString &w : warnings)
                    j.value(w);
            });
        });
        return Ok;
    }

    printLine(tr("%1: PyTorch memory snapshot, pickle protocol %2, %3")
                  .arg(path)
                  .arg(snap.pickleProtocol)
                  .arg(bytesText(std::int64_t(snap.fileBytes))));
    for (const memsnap::DeviceHistory &h : a.devices) {
        int segments = 0, blocks = 0;
        endCounts(h.device, &segments, &blocks);
        printLine(tr("device %1: peak allocated %2, peak reserved %3; %4 cudaMalloc (segment_alloc), %5 cudaFree (segment_free); "
                     "at the end %6 segments, %7 blocks")
                      .arg(h.device)
                      .arg(bytesText(h.peakAllocated), bytesText(h.peakReserved))
                      .arg(h.segmentAllocs)
                      .arg(h.segmentFrees)
                      .arg(segments)
                      .arg(blocks));
        const int events = int(h.fragmentation.size());
        printLine(events == 1 ? trn("  %n fragmentation event: a cudaMalloc while the cache had enough free memory, in smaller pieces", events)
                              : trn("  %n fragmentation events: a cudaMalloc while the cache had enough free memory, in smaller pieces", events));
        for (std::size_t i = 0; i < h.fragmentation.size() && i < kShownEvents; ++i) {
            const memsnap::FragmentationEvent &f = h.fragmentation[i];
            printLine(tr("    at %1 µs: requested %2, free in cache %3, largest free block %4 (reserved %5, allocated %6)")
                          .arg(f.timeUs)
                          .arg(bytesText(f.requested), bytesText(f.freeInCache), bytesText(f.largestFreeBlock),
                               bytesText(f.reserved), bytesText(f.allocated)));
        }
        // The rest in --json; here a count.
        if (h.fragmentation.size() > kShownEvents) {
            const int more = int(std::min<std::size_t>(h.fragmentation.size() - kShownEvents, 1 << 30));
            printLine(more == 1 ? trn("    … %n more (--json lists every event)", more)
                                : trn("    … %n more (--json lists every event)", more));
        }
        for (const memsnap::OomEvent &o : h.ooms)
            printLine(tr("  OOM at %1 µs: requested %2 with %3 left on the device; reserved %4, allocated %5, free in cache %6 "
                         "(largest block %7)")
                          .arg(o.timeUs)
                          .arg(bytesText(o.requested), bytesText(o.deviceFree), bytesText(o.reserved), bytesText(o.allocated),
                               bytesText(o.freeInCache), bytesText(o.largestFreeBlock)));
        const std::vector<memsnap::StackGroup> groups = memsnap::aliveAtPeak(h);
        if (!groups.empty())
            printLine(tr("  alive at the peak, by stack:"));
        for (std::size_t i = 0; i < groups.size() && i < top; ++i)
            printLine((groups[i].count == 1 ? trn("    %1 in %n allocation: %2", 1)
                                            : trn("    %1 in %n allocations: %2", int(std::min<std::int64_t>(groups[i].count, 1 << 30))))
                          .arg(bytesText(groups[i].bytes), snap.stackSummary(groups[i].stack)));
    }
    if (!stepStartsUs.empty()) {
        for (std::size_t i = 0; i < figures.size(); ++i)
            if (figures[i].events)
                printLine((figures[i].events == 1 ? trn("step %1: %n fragmentation event, %2 requested", figures[i].events)
                                                  : trn("step %1: %n fragmentation events, %2 requested", figures[i].events))
                              .arg(i + 1)
                              .arg(bytesText(figures[i].requestedBytes)));
    }
    if (advice.present)
        printLine(advice.text);
    if (trace) {
        if (align.aligned)
            printLine(tr("aligned to %1: %2 of %3 segment actions matched its cudaMalloc/cudaFree calls; offset %4 ns, residual %5 ns")
                          .arg(args.text("trace"))
                          .arg(align.matched)
                          .arg(align.snapshotEvents)
                          .arg(align.offsetNs)
                          .arg(align.residualNs));
        else
            printLine(tr("not aligned to %1: %2").arg(args.text("trace"), align.reason));
    }
    for (const QString &w : warnings)
        printLine(tr("warning: %1").arg(w));
    return Ok;
}

} // namespace lanescope::cli
