// SPDX-License-Identifier: GPL-3.0-or-later
// bench_folder DIR [--threads N]: what opening a folder of rank traces costs (the targets:
// the same MB/s as one big file, no more than 30 bytes of resident anonymous memory per event in
// all). Runs itself twice as child processes, so each figure starts from an empty process:
//   folder:  loadFolder (parallel, bounded) then the job's analysis (analyzeJob);
//   singles: each file loaded alone with every thread, one after the other, and dropped (the
//            single-file rate the folder is measured against).
// Prints the figures of each, then one JSON line: "ranks", "json_bytes", "events", "load_seconds",
// "mb_per_s", "single_file_mb_per_s", "ratio_to_single", "anon_bytes_per_event",
// "concurrent_loads", "analyze_seconds".
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "core/parse/TraceLoader.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>

#include <cstdio>

using namespace lanescope;

namespace {

int childFolder(const QString &dir, int threads)
{
    QElapsedTimer t;
    t.start();
    FolderLoadOptions o;
    o.threads = threads;
    const FolderLoadResult r = loadFolder(dir, o);
    const double loadS = double(t.nsecsElapsed()) / 1e9;
    if (!r.error.isEmpty()) {
        std::fprintf(stderr, "bench_folder: %s\n", qPrintable(r.error));
        return 3;
    }
    const unsigned long long anon = residentAnonymousBytes(); // the folder's models, before the analysis
    t.restart();
    analysis::JobOptions jo;
    jo.threads = threads;
    const analysis::JobResult j = analysis::analyzeJob(r.ranks, jo);
    const double analyzeS = double(t.nsecsElapsed()) / 1e9;
    std::printf("%zu %llu %llu %.4f %llu %d %.4f %zu\n", r.ranks.size(), static_cast<unsigned long long>(r.jsonBytes()),
                static_cast<unsigned long long>(r.events()), loadS, anon, r.concurrency, analyzeS, j.collectives.collectives.size());
    return 0;
}

int childSingles(const QString &dir, int threads)
{
    double seconds = 0;
    unsigned long long json = 0;
    for (const QString &path : traceFilesIn(dir)) {
        LoadOptions o;
        o.threads = threads;
        QElapsedTimer t;
        t.start();
        const LoadResult r = loadTrace(path, o);
        seconds += double(t.nsecsElapsed()) / 1e9;
        if (r.trace)
            json += r.trace->jsonBytes;
    }
    std::printf("%.4f %llu\n", seconds, json);
    return 0;
}

QByteArray run(const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QCoreApplication::applicationFilePath(), args);
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int threads = 0;
    const int t = int(args.indexOf(QStringLiteral("--threads")));
    if (t >= 0 && t + 1 < args.size()) {
        threads = args.at(t + 1).toInt();
        args.remove(t, 2);
    }
    if (args.size() == 3 && args.at(0) == QLatin1String("--child"))
        return args.at(1) == QLatin1String("folder") ? childFolder(args.at(2), threads) : childSingles(args.at(2), threads);
    if (args.size() != 1) {
        std::fprintf(stderr, "usage: bench_folder DIR [--threads N]\n");
        return 2;
    }
    const QString dir = args.at(0);
    if (!QFileInfo(dir).isDir()) {
        std::printf("SKIP: %s not found\n", qPrintable(dir));
        return 77;
    }
    const QStringList threadArgs = threads > 0 ? QStringList{QStringLiteral("--threads"), QString::number(threads)} : QStringList{};
    const QByteArray folder = run(QStringList{QStringLiteral("--child"), QStringLiteral("folder"), dir} + threadArgs);
    const QByteArray singles = run(QStringList{QStringLiteral("--child"), QStringLiteral("singles"), dir} + threadArgs);
    std::size_t ranks = 0, matched = 0;
    unsigned long long json = 0, events = 0, anon = 0, singleJson = 0;
    double loadS = 0, analyzeS = 0, singleS = 0;
    int concurrency = 0;
    if (std::sscanf(folder.constData(), "%zu %llu %llu %lf %llu %d %lf %zu", &ranks, &json, &events, &loadS, &anon, &concurrency, &analyzeS,
                    &matched)
            != 8
        || std::sscanf(singles.constData(), "%lf %llu", &singleS, &singleJson) != 2) {
        std::fprintf(stderr, "bench_folder: a run failed\n");
        return 3;
    }
    const double mbps = loadS > 0 ? double(json) / 1e6 / loadS : 0;
    const double singleMbps = singleS > 0 ? double(singleJson) / 1e6 / singleS : 0;
    std::fprintf(stderr, "folder: %zu ranks, %.1f MB of JSON, %llu events in %.3f s (%.1f MB/s, %d loads at once); analysis %.3f s, %zu collectives matched\n",
                 ranks, double(json) / 1e6, events, loadS, mbps, concurrency, analyzeS, matched);
    std::fprintf(stderr, "singles: %.3f s (%.1f MB/s), one file at a time with every thread\n", singleS, singleMbps);
    std::printf("{\"ranks\":%zu,\"json_bytes\":%llu,\"events\":%llu,\"load_seconds\":%.4f,\"mb_per_s\":%.1f,\"single_file_mb_per_s\":%.1f,"
                "\"ratio_to_single\":%.3f,\"anon_bytes_per_event\":%.1f,\"concurrent_loads\":%d,\"analyze_seconds\":%.4f}\n",
                ranks, json, events, loadS, mbps, singleMbps, singleMbps > 0 ? mbps / singleMbps : 0.0,
                events > 0 ? double(anon) / double(events) : 0.0, concurrency, analyzeS);
    return 0;
}
