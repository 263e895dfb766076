// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli info TRACE [--json] [--threads N]
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"

#include "core/model/Trace.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>

#include <cstdio>

namespace lanescope::cli {
namespace {

// lupdate files Text::tr() strings under the "cli" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

void writeJson(const Trace &t)
{
    JsonWriter j;
    j.printObject([&] {
        j.field("bytes", t.fileBytes);
        j.field("json_bytes", t.jsonBytes);
        j.field("events", t.eventCount);
        j.field("slices", t.sliceCount());
        j.field("flows", t.flows.size());
        j.field("malformed_events", t.malformedEvents);
        j.field("load_seconds", t.loadSeconds);
        j.field("threads_used", t.threadsUsed);
        j.field("rank", t.rank);
        j.field("world_size", t.worldSize);
        j.field("span_us", double(t.maxTs - t.minTs) / 1000.0);
        j.array("devices", [&] {
            for (const auto &d : t.devices)
                j.object([&] {
                    j.field("id", d.id);
                    j.field("name", d.name);
                });
        });
        j.array("tracks", [&] {
            for (const auto &tr : t.tracks)
                j.object([&] {
                    j.field("kind", trackKindName(tr.kind));
                    // Numeric ids stay numbers; a label ("stream 7" in old Kineto) stays text.
                    if (tr.pidLabel.isEmpty())
                        j.field("pid", tr.pid);
                    else
                        j.field("pid", tr.pidLabel);
                    if (tr.tidLabel.isEmpty())
                        j.field("tid", tr.tid);
                    else
                        j.field("tid", tr.tidLabel);
                    j.field("name", tr.name);
                    j.field("events", tr.size());
                    j.field("max_depth", tr.maxDepth);
                });
            for (const auto &c : t.counters)
                j.object([&] {
                    j.field("kind", "counter");
                    j.field("pid", c.pid);
                    j.field("tid", 0);
                    j.field("name", c.name);
                    j.field("events", c.ts.size());
                });
            for (const auto &m : t.memory)
                j.object([&] {
                    j.field("kind", "counter");
                    j.field("pid", m.deviceId);
                    j.field("tid", 0);
                    j.field("name", m.deviceType == 1 ? QStringLiteral("GPU %1 memory").arg(m.deviceId)
                                        : m.deviceType == 0
                                        ? QStringLiteral("CPU memory")
                                        : QStringLiteral("device type %1 id %2 memory").arg(m.deviceType).arg(m.deviceId));
                    j.field("events", m.samples.size());
                    j.field("totals_from_trace", m.totalsFromTrace);
                });
        });
        j.array("warnings", [&] {
            for (const auto &s : t.warnings)
                j.value(s);
        });
        j.field("truncated", t.truncated);
        // Last, so the figure covers everything above.
        j.field("anon_rss_bytes", residentAnonymousBytes());
    });
}

void writeText(const Trace &t)
{
    std::printf("%s\n", qPrintable(Text::tr("%1: %2 events, %3 slices on %4 tracks, %5 flows, loaded in %6 s with %7 threads")
                                       .arg(t.path)
                                       .arg(t.eventCount)
                                       .arg(t.sliceCount())
                                       .arg(t.tracks.size())
                                       .arg(t.flows.size())
                                       .arg(t.loadSeconds, 0, 'f', 3)
                                       .arg(t.threadsUsed)));
    // A trace may say its rank without the world size (distributedInfo without world_size).
    if (t.rank >= 0 && t.worldSize > 0)
        std::printf("%s\n", qPrintable(Text::tr("rank %1 of %2").arg(t.rank).arg(t.worldSize)));
    else if (t.rank >= 0)
        std::printf("%s\n", qPrintable(Text::tr("rank %1 (world size not recorded)").arg(t.rank)));
    for (const auto &d : t.devices)
        std::printf("  GPU %d: %s\n", d.id, qPrintable(d.name));
    for (const auto &tr : t.tracks)
        std::printf("  %-7s %-12s %-36s %10zu\n", trackKindName(tr.kind),
                    qPrintable(tr.pidLabel.isEmpty() ? QString::number(tr.pid) : tr.pidLabel), qPrintable(tr.name),
                    tr.size());
    for (const auto &w : t.warnings)
        std::printf("%s\n", qPrintable(Text::tr("warning: %1").arg(w)));
}

} // namespace

CommandSpec infoArguments()
{
    return {
        QStringLiteral("TRACE [--json] [--threads N]"),
        {{QStringLiteral("TRACE"), QT_TRANSLATE_NOOP("cli", "a trace: .json or .json.gz as torch.profiler writes it")}},
        {
            flag({QStringLiteral("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
            threadsOption(QT_TRANSLATE_NOOP("cli", "loader threads (default: one per core; at most 256)")),
        },
    };
}

int runInfo(const Invocation &args)
{
    const std::shared_ptr<Trace> trace = loadTraceOrReport(args.positionals().first(), args.integer("threads", 0));
    if (!trace)
        return Unreadable;
    if (args.isSet("json"))
        writeJson(*trace);
    else
        writeText(*trace);
    return Ok;
}

} // namespace lanescope::cli
