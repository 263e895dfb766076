// SPDX-License-Identifier: GPL-3.0-or-later
// bench_analyze TRACE [--repeat N] [--threads N]
// Loads the trace once, then times the whole analysis (steps, HTA breakdown, gaps with causes at
// the default and the advice thresholds, memory, MFU, advice, the kernel/operator/module
// summaries) as the CLI runs it, and the summaries alone (summaries_seconds: what "where the time
// goes" adds after the load), the launch analyses alone, and the hardware analyses alone
// (collective bandwidth, operators' efficiency, memory owners; hardware_share_pct: what they add
// to the rest of analyze, budgeted at 30 %), and the replay of one step (replay_seconds:
// its graph and the unchanged replay; replay_all_fixes_seconds: the graph and a replay per fix and
// of their combination, as the advice takes it; 0 without steps). Prints one JSON object as the last line (keys fixed in
// docs/architecture.md). Exit 77 (skip) when the trace is absent.
#include "tests/benchmarks/BenchArgs.h"
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/analysis/measures/launches/LaunchEvents.h"
#include "core/analysis/measures/replay/Replay.h"
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
    // The hardware analyses' part of it (collective bandwidth, the operators' FLOPs and
    // roofline, memory by owner), each timed alone as analyze() calls it, on the whole trace; the
    // share is of the analysis without them (analyze_seconds less their sum).
    double collectivesBest = 1e30, opsBest = 1e30, ownersBest = 1e30;
    {
        const analysis::AnalysisResult a = analysis::analyze(*r.trace, opt);
        const analysis::detail::LaunchedDeviceTime launched(*r.trace);
        const analysis::ResolvedPeak device = analysis::resolvePeak(a.mfu.gpuName, {});
        const analysis::RooflinePeaks roofs{a.mfu.peakTflops, device.tf32Tflops, device.fp32Tflops, device.fp64Tflops, device.hbmTBps};
        for (int i = 0; i < repeat; ++i) {
            t.restart();
            const analysis::CollectiveBandwidth cb = analysis::collectiveBandwidth(*r.trace, {});
            const double c = double(t.nsecsElapsed()) / 1e9;
            t.restart();
            const analysis::OpsEfficiency oe = analysis::opsEfficiency(*r.trace, {}, roofs, &launched);
            const double o = double(t.nsecsElapsed()) / 1e9;
            t.restart();
            const analysis::MemoryOwners mo = analysis::memoryOwners(*r.trace, a.memory, a.steps);
            const double m = double(t.nsecsElapsed()) / 1e9;
            collectivesBest = std::min(collectivesBest, c);
            opsBest = std::min(opsBest, o);
            ownersBest = std::min(ownersBest, m);
            std::fprintf(stderr, "run %d: collectives %.3f s (%zu kernels), ops efficiency %.3f s (%zu rows), memory owners %.3f s (%lld allocations)\n",
                         i + 1, c, cb.kernels.size(), o, oe.ops.size(), m, static_cast<long long>(mo.allocations));
        }
    }
    // The replay of the median complete step (core/analysis/measures/replay), alone and with every fix.
    double replayBest = 0, replayAllBest = 0;
    {
        const analysis::detail::EvidenceIndex ix(*r.trace);
        const std::vector<analysis::Step> measured = analysis::measuredSteps(ix.steps, ix.steps);
        if (const analysis::Step *step = analysis::criticalPathStep(measured, -1, nullptr)) {
            std::vector<analysis::replay::Fix> every;
            QString error;
            analysis::replay::parseFixes(QStringLiteral("dataloader,sync_on_critical_path,allocator_churn,launch_bound,"
                                                        "fsdp_limit_all_gathers,gemm_faster:20,comm_faster:20"),
                                         &every, &error);
            replayBest = replayAllBest = 1e30;
            for (int i = 0; i < repeat; ++i) {
                t.restart();
                const analysis::replay::ReplayGraph g = analysis::replay::buildReplayGraph(ix, *step);
                const analysis::replay::ReplayRun one = analysis::replay::simulate(g, {});
                const double s1 = double(t.nsecsElapsed()) / 1e9;
                t.restart();
                const analysis::replay::ReplayGraph g2 = analysis::replay::buildReplayGraph(ix, *step);
                const analysis::replay::WhatIf w = analysis::replay::whatIf(g2, every, -1);
                const double s2 = double(t.nsecsElapsed()) / 1e9;
                replayBest = std::min(replayBest, s1);
                replayAllBest = std::min(replayAllBest, s2);
                std::fprintf(stderr, "run %d: replay of %s %.3f s (%zu events, %s), with every fix %.3f s\n", i + 1,
                             qPrintable(step->name), s1, g.events, g.valid ? "replayed" : qPrintable(g.error), s2);
                (void)one;
                (void)w;
            }
        }
    }
    const double hardware = collectivesBest + opsBest + ownersBest;
    const double without = std::max(1e-9, best - hardware);
    std::printf("{\"load_seconds\":%.4f,\"analyze_seconds\":%.4f,\"summaries_seconds\":%.4f,\"launch_seconds\":%.4f,"
                "\"collectives_seconds\":%.4f,\"ops_efficiency_seconds\":%.4f,\"memory_owners_seconds\":%.4f,"
                "\"hardware_share_pct\":%.1f,\"replay_seconds\":%.4f,\"replay_all_fixes_seconds\":%.4f}\n",
                load, best, summaries, launchBest, collectivesBest, opsBest, ownersBest, 100.0 * hardware / without, replayBest,
                replayAllBest);
    return 0;
}
