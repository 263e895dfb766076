// SPDX-License-Identifier: GPL-3.0-or-later
// bench_analyze TRACE [--repeat N] [--threads N]
// Loads the trace once, then times the whole analysis (steps, HTA breakdown, gaps with causes at
// the default and the advice thresholds, memory, MFU, advice, the kernel/operator/module
// summaries) as the CLI runs it, and the summaries alone (summaries_seconds: what "where the time
// goes" adds after the load). Prints one JSON object as the last line (keys fixed in
// docs/architecture.md). Exit 77 (skip) when the trace is absent.
#include "tests/benchmarks/BenchArgs.h"
#include "core/analysis/Analysis.h"
#include "core/analysis/Evidence.h"
#include "core/analysis/LaunchEvents.h"
#include "core/parse/TraceLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <cstdio>

using namespace lanescope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchArgs cli;
    if (const int rc = parseBenchArgs("bench_analyze", &cli); rc >= 0)
        return rc;
    const QString path = cli.path;
    const int repeat = cli.repeat, threads = cli.threads;
    LoadOptions lo;
    lo.threads = threads;
    QElapsedTimer t;
    t.start();
    const LoadResult r = loadTrace(path, lo);
    const double load = double(t.nsecsElapsed()) / 1e9;
    if (!r.trace) {
        std::fprintf(stderr, "bench_analyze: %s\n", qPrintable(r.error));
        return 3;
    }
    analysis::AnalysisOptions opt;
    opt.mfu.params = 7e9; // any inputs: MFU is arithmetic, but keep the path the CLI takes
    opt.mfu.tokensPerStep = 8192;
    double best = 1e30;
    std::size_t gaps = 0, advice = 0;
    for (int i = 0; i < repeat; ++i) {
        t.restart();
        const analysis::AnalysisResult a = analysis::analyze(*r.trace, opt);
        const double s = double(t.nsecsElapsed()) / 1e9;
        best = std::min(best, s);
        gaps = a.gaps.size();
        advice = a.advice.size();
        std::fprintf(stderr, "run %d: analyze %.3f s (%zu slices, %zu gaps, %zu advice, idle %.2f%%)\n", i + 1, s,
                     r.trace->sliceCount(), gaps, advice, a.temporal.idlePct);
    }
    double summaries = 1e30;
    std::size_t kernels = 0, ops = 0, modules = 0;
    for (int i = 0; i < repeat; ++i) {
        t.restart();
        const analysis::TimeSummaries s = analysis::timeSummaries(*r.trace, {}, {});
        summaries = std::min(summaries, double(t.nsecsElapsed()) / 1e9);
        kernels = s.kernels.size();
        ops = s.ops.rows.size();
        modules = s.modules.nodes.size();
    }
    std::fprintf(stderr, "summaries %.3f s (%zu kernel names, %zu operator rows, %zu modules)\n", summaries, kernels, ops, modules);
    // The launch analyses' part of it (idle breakdown, launch statistics, queue lengths: analyze()
    // runs them on the index it builds anyway), timed alone on the same options.
    double launchBest = 1e30;
    {
        const analysis::detail::EvidenceIndex ix(*r.trace);
        const std::vector<analysis::Step> measured = analysis::measuredSteps(ix.steps, ix.steps);
        analysis::LaunchOptions launchOptions;
        launchOptions.window = analysis::launchWindow({}, measured);
        for (int i = 0; i < repeat; ++i) {
            t.restart();
            const analysis::ActivityView view = analysis::launchedActivities(ix, launchOptions);
            const analysis::IdleBreakdown idle = analysis::idleBreakdown(view, launchOptions);
            const analysis::LaunchStats launch = analysis::launchStats(*r.trace, view, launchOptions);
            const std::vector<analysis::StreamQueue> queue = analysis::queueLengths(view, launchOptions);
            const double s = double(t.nsecsElapsed()) / 1e9;
            launchBest = std::min(launchBest, s);
            std::fprintf(stderr, "run %d: launch analyses %.3f s (%lld launches, %zu streams)\n", i + 1, s,
                         static_cast<long long>(launch.launches), idle.streams.size() + 0 * queue.size());
        }
    }
    std::printf("{\"load_seconds\":%.4f,\"analyze_seconds\":%.4f,\"summaries_seconds\":%.4f,\"launch_seconds\":%.4f}\n", load, best,
                summaries, launchBest);
    return 0;
}
