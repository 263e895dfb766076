// SPDX-License-Identifier: GPL-3.0-or-later
// bench_compare A B [--threads N]: what comparing two large traces costs (the target: the
// comparison opens both in parallel, and holds no more than the two single loads plus 10 %).
// Runs itself three times as child processes, so each figure starts from an empty process: A
// alone, B alone (load), then A and B loaded in parallel and compared (compareTraces: both
// analysed, then the metrics, waterfall and differences). Prints per run the seconds and the
// resident memory after the work (VmRSS, mapped JSON included; RssAnon beside it), then one JSON
// line with "pair_s", "single_s" (A + B), "pair_rss_bytes", "singles_rss_bytes" and their ratio.
#include "core/analysis/compare/CompareTraces.h"
#include "core/parse/TraceLoader.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>

#include <cstdio>
#include <thread>

using namespace lanescope;

namespace {

int child(const QStringList &paths, int threads)
{
    QElapsedTimer t;
    t.start();
    const std::size_t n = std::size_t(paths.size());
    std::vector<std::shared_ptr<Trace>> traces(n);
    std::vector<std::thread> workers;
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    for (std::size_t i = 0; i < n; ++i)
        workers.emplace_back([&, i] {
            LoadOptions o;
            o.threads = threads > 0 ? threads : std::max(1, cores / int(n));
            traces[i] = loadTrace(paths.at(int(i)), o).trace;
        });
    for (auto &w : workers)
        w.join();
    const double loadS = double(t.nsecsElapsed()) / 1e9;
    for (const auto &tr : traces)
        if (!tr) {
            std::fprintf(stderr, "bench_compare: could not load a trace\n");
            return 3;
        }
    double compareS = 0;
    if (n >= 2) {
        t.restart();
        std::vector<analysis::TraceRun> runs;
        for (std::size_t i = 0; i < n; ++i)
            runs.push_back({QStringLiteral("run%1").arg(i), paths.at(int(i)), traces[i].get(), std::nullopt});
        const analysis::TracesComparison c = analysis::compareTraces(runs, {}, {});
        compareS = double(t.nsecsElapsed()) / 1e9;
        if (!c.error.isEmpty()) {
            std::fprintf(stderr, "bench_compare: %s\n", qPrintable(c.error));
            return 3;
        }
    }
    std::printf("%.3f %.3f %llu %llu\n", loadS, compareS, static_cast<unsigned long long>(residentBytes()),
                static_cast<unsigned long long>(residentAnonymousBytes()));
    return 0;
}

struct Figures
{
    double loadS = 0, compareS = 0;
    unsigned long long rss = 0, anon = 0;
};

bool run(const QStringList &args, Figures *out)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QCoreApplication::applicationFilePath(), QStringList{QStringLiteral("--child")} + args);
    if (!p.waitForFinished(-1) || p.exitCode() != 0)
        return false;
    return std::sscanf(p.readAllStandardOutput().constData(), "%lf %lf %llu %llu", &out->loadS, &out->compareS, &out->rss,
                       &out->anon)
        == 4;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int threads = 0;
    const int ti = int(args.indexOf(QStringLiteral("--threads")));
    if (ti >= 0 && ti + 1 < args.size()) {
        threads = args.at(ti + 1).toInt();
        args.remove(ti, 2);
    }
    if (!args.isEmpty() && args.first() == QLatin1String("--child"))
        return child(args.mid(1), threads);
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: bench_compare A B [--threads N]\n");
        return 2;
    }
    for (const QString &p : args)
        if (!QFileInfo::exists(p)) {
            std::printf("SKIP: %s not found\n", qPrintable(p));
            return 77;
        }
    Figures a, b, pair;
    if (!run({args.at(0)}, &a) || !run({args.at(1)}, &b) || !run(args, &pair))
        return 3;
    const double mb = 1024.0 * 1024.0;
    std::printf("A alone:   load %.2f s, VmRSS %.0f MiB (anon %.0f)\n", a.loadS, a.rss / mb, a.anon / mb);
    std::printf("B alone:   load %.2f s, VmRSS %.0f MiB (anon %.0f)\n", b.loadS, b.rss / mb, b.anon / mb);
    std::printf("A+B:       load %.2f s in parallel + compare %.2f s, VmRSS %.0f MiB (anon %.0f)\n", pair.loadS,
                pair.compareS, pair.rss / mb, pair.anon / mb);
    const double ratio = double(pair.rss) / double(a.rss + b.rss);
    std::printf("{\"pair_s\":%.3f,\"pair_load_s\":%.3f,\"compare_s\":%.3f,\"single_s\":%.3f,\"pair_rss_bytes\":%llu,"
                "\"singles_rss_bytes\":%llu,\"rss_ratio\":%.3f}\n",
                pair.loadS + pair.compareS, pair.loadS, pair.compareS, a.loadS + b.loadS, pair.rss, a.rss + b.rss, ratio);
    return 0;
}
