// SPDX-License-Identifier: GPL-3.0-or-later
// bench_criticalpath TRACE [--repeat N] [--threads N]
// What the critical path costs the analysis: loads the trace once, times analyze() (the critical
// path included) and the critical path of its step alone, on the evidence index analyze() builds
// anyway. Prints one JSON object as the last line:
// {"analyze_seconds","critical_path_seconds","critical_path_share_pct","segments"}.
#include "tests/benchmarks/BenchArgs.h"
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/parse/TraceLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace lanescope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchArgs cli;
    if (const int rc = parseBenchArgs("bench_criticalpath", &cli); rc >= 0)
        return rc;
    LoadOptions lo;
    lo.threads = cli.threads;
    const LoadResult r = loadTrace(cli.path, lo);
    if (!r.trace) {
        std::fprintf(stderr, "bench_criticalpath: %s\n", qPrintable(r.error));
        return 3;
    }
    QElapsedTimer t;
    double analyze = 1e30, path = 1e30;
    std::size_t segments = 0;
    for (int i = 0; i < cli.repeat; ++i) {
        t.restart();
        const analysis::AnalysisResult a = analysis::analyze(*r.trace);
        analyze = std::min(analyze, double(t.nsecsElapsed()) / 1e9);
        if (!a.criticalPath.valid)
            continue;
        const analysis::detail::EvidenceIndex ix(*r.trace);
        t.restart();
        const analysis::CriticalPath cp = analysis::criticalPath(ix, a.criticalPath.step);
        path = std::min(path, double(t.nsecsElapsed()) / 1e9);
        segments = cp.segments.size();
        std::fprintf(stderr, "run %d: analyze %.3f s, critical path of %s %.3f s (%zu segments)\n", i + 1, analyze,
                     qPrintable(cp.step.name), path, segments);
    }
    if (path > 1e29)
        path = 0;
    std::printf("{\"analyze_seconds\":%.4f,\"critical_path_seconds\":%.4f,\"critical_path_share_pct\":%.2f,\"segments\":%zu}\n",
                analyze, path, analyze > 0 ? 100.0 * path / analyze : 0.0, segments);
    return 0;
}
