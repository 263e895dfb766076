// lanescope-cli info TRACE [--json] [--threads N]
#include "Commands.h"
#include "JsonWriter.h"

#include "model/Trace.h"
#include "parse/TraceLoader.h"
#include "util/ProcessMemory.h"

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
    auto &w = j.w;
    w.StartObject();
    j.key("bytes");
    w.Uint64(t.fileBytes);
    j.key("json_bytes");
    w.Uint64(t.jsonBytes);
    j.key("events");
    w.Uint64(t.eventCount);
    j.key("slices");
    w.Uint64(t.sliceCount());
    j.key("flows");
    w.Uint64(t.flows.size());
    j.key("malformed_events");
    w.Uint64(t.malformedEvents);
    j.key("load_seconds");
    w.Double(t.loadSeconds);
    j.key("threads_used");
    w.Int(t.threadsUsed);
    j.key("rank");
    w.Int(t.rank);
    j.key("world_size");
    w.Int(t.worldSize);
    j.key("span_us");
    w.Double(double(t.maxTs - t.minTs) / 1000.0);
    j.key("devices");
    w.StartArray();
    for (const auto &d : t.devices) {
        w.StartObject();
        j.key("id");
        w.Int(d.id);
        j.key("name");
        j.str(d.name);
        w.EndObject();
    }
    w.EndArray();
    j.key("tracks");
    w.StartArray();
    for (const auto &tr : t.tracks) {
        w.StartObject();
        j.key("kind");
        w.String(trackKindName(tr.kind));
        j.key("pid");
        if (tr.pidLabel.isEmpty())
            w.Int64(tr.pid);
        else
            j.str(tr.pidLabel);
        j.key("tid");
        if (tr.tidLabel.isEmpty())
            w.Int64(tr.tid);
        else
            j.str(tr.tidLabel);
        j.key("name");
        j.str(tr.name);
        j.key("events");
        w.Uint64(tr.size());
        j.key("max_depth");
        w.Uint(tr.maxDepth);
        w.EndObject();
    }
    for (const auto &c : t.counters) {
        w.StartObject();
        j.key("kind");
        w.String("counter");
        j.key("pid");
        w.Int64(c.pid);
        j.key("tid");
        w.Int(0);
        j.key("name");
        j.str(c.name);
        j.key("events");
        w.Uint64(c.ts.size());
        w.EndObject();
    }
    for (const auto &m : t.memory) {
        w.StartObject();
        j.key("kind");
        w.String("counter");
        j.key("pid");
        w.Int(m.deviceId);
        j.key("tid");
        w.Int(0);
        j.key("name");
        j.str(m.deviceType == 1 ? QStringLiteral("GPU %1 memory").arg(m.deviceId)
                                : m.deviceType == 0 ? QStringLiteral("CPU memory")
                                                    : QStringLiteral("device type %1 id %2 memory").arg(m.deviceType).arg(m.deviceId));
        j.key("events");
        w.Uint64(m.samples.size());
        j.key("totals_from_trace");
        w.Bool(m.totalsFromTrace);
        w.EndObject();
    }
    w.EndArray();
    j.key("warnings");
    w.StartArray();
    for (const auto &s : t.warnings)
        j.str(s);
    w.EndArray();
    j.key("truncated");
    w.Bool(t.truncated);
    // Last, so the figure covers everything above.
    j.key("anon_rss_bytes");
    w.Uint64(residentAnonymousBytes());
    w.EndObject();
    j.print();
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
    if (t.rank >= 0)
        std::printf("%s\n", qPrintable(Text::tr("rank %1 of %2").arg(t.rank).arg(t.worldSize)));
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

int runInfo(const QStringList &argsIn)
{
    QStringList args = argsIn;
    bool json = false;
    int threads = 0;
    QString path;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("--threads") && !args.isEmpty()) {
            bool ok = false;
            threads = args.takeFirst().toInt(&ok);
            if (!ok || threads < 0) {
                std::fprintf(stderr, "%s\n", qPrintable(Text::tr("lanescope-cli info: --threads needs a number")));
                return BadUsage;
            }
        } else if (a.startsWith(QLatin1String("--")) || !path.isEmpty()) {
            std::fprintf(stderr, "%s\n", qPrintable(Text::tr("lanescope-cli info: unexpected argument '%1'").arg(a)));
            return BadUsage;
        } else {
            path = a;
        }
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(Text::tr("usage: lanescope-cli info TRACE [--json] [--threads N]")));
        return BadUsage;
    }
    LoadOptions options;
    options.threads = threads;
    const LoadResult r = loadTrace(path, options);
    if (!r.trace) {
        std::fprintf(stderr, "lanescope-cli: %s\n", qPrintable(r.error));
        return Unreadable;
    }
    if (json)
        writeJson(*r.trace);
    else
        writeText(*r.trace);
    return Ok;
}

} // namespace lanescope::cli
