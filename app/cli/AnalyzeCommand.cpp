// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli analyze TRACE [--gap-ms 15] [--gap-kernels gemm|all] [--params N --tokens-per-step N
//   [--tokens-global]] [--peak-tflops X] [--step N | --from-us A --to-us B | --annotation NAME [--instance K]]
//   [--hta] [--threads N]
//   [--top N] [--op-shapes] [--all-frames] [--json]
// Keys of the JSON object are the contract in docs/architecture.md; times are µs from the trace's first event.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"
#include "app/cli/MfuText.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/AnalysisJson.h"
#include "core/analysis/text/FigureText.h"
#include "core/model/Trace.h"

#include <QCoreApplication>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

double us(TimeNs t, TimeNs origin) { return double(t - origin) / 1000.0; }
double usDur(TimeNs t) { return double(t) / 1000.0; }

} // namespace

// The analyze object's members are the measures' own (core/analysis/run/AnalysisJson.h); these
// keep the names the other subcommands call them by.
void writeAdviceFields(JsonWriter &j, const analysis::Advice &a)
{
    analysis::writeAdviceJson(j, a);
}

void writeLaunchFields(JsonWriter &j, const analysis::AnalysisResult &r, TimeNs origin)
{
    analysis::writeLaunchJson(j, r, origin);
}

void writeCriticalPath(JsonWriter &j, const analysis::CriticalPath &cp, bool full)
{
    analysis::writeCriticalPathJson(j, cp, full, 0);
}

void writeMemoryOwners(JsonWriter &j, const analysis::MemoryOwners &m, TimeNs origin, std::size_t top)
{
    analysis::writeMemoryOwnersJson(j, m, origin, top);
}

// The members of the object `analyze --json` prints, without the source lines (compare writes
// these per run).
void writeAnalysisFields(JsonWriter &j, const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops,
                         std::size_t top)
{
    analysis::AnalysisJsonOptions o;
    o.top = top;
    o.flops = flops;
    o.omit = {"source_lines"};
    analysis::writeAnalysisMembers(j, t, r, o);
}

namespace {

void writeJson(const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops, std::size_t top, bool allFrames)
{
    analysis::AnalysisJsonOptions o;
    o.top = top;
    o.allFrames = allFrames;
    o.flops = flops;
    const QByteArray json = analysis::analysisJson(t, r, o);
    std::fwrite(json.constData(), 1, std::size_t(json.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

QString bytesText(std::int64_t b)
{
    return b < 0 ? tr("unknown") : analysis::figure::gib(double(b));
}

// The ten rows of each summary that take the most time (every row in --json).
void writeSummariesText(const analysis::TimeSummaries &sum)
{
    namespace figure = analysis::figure;
    const auto &kernels = sum.kernels;
    std::printf("%s\n", qPrintable(tr("kernels by GPU time (%1 names; the first 10):").arg(kernels.size())));
    for (std::size_t k = 0; k < kernels.size() && k < 10; ++k) {
        const analysis::KernelSummaryRow &row = kernels[k];
        std::printf("  %6.2f %%  %12s  %8lld x  %-13s %s\n", row.gpuTimePct, qPrintable(figure::ms(double(row.totalNs))),
                    static_cast<long long>(row.count), analysis::kernelClassName(row.cls), qPrintable(row.name.left(100)));
    }
    const auto &ops = sum.ops.rows;
    std::printf("%s\n", qPrintable(tr("operators by self CPU time (%1 rows; the first 10): self, total, device").arg(ops.size())));
    for (std::size_t k = 0; k < ops.size() && k < 10; ++k) {
        const analysis::OpSummaryRow &row = ops[k];
        const QString name = row.inputShapes.isEmpty() ? row.name : row.name + QLatin1Char(' ') + row.inputShapes;
        std::printf("  %12s  %12s  %12s  %8lld x  %s\n", qPrintable(figure::ms(double(row.selfNs))),
                    qPrintable(figure::ms(double(row.totalNs))), qPrintable(figure::ms(double(row.deviceNs))),
                    static_cast<long long>(row.count), qPrintable(name.left(100)));
    }
    const auto &nodes = sum.modules.nodes;
    if (nodes.empty())
        return;
    std::vector<const analysis::ModuleNode *> byCpu;
    for (const analysis::ModuleNode &n : nodes)
        byCpu.push_back(&n);
    std::stable_sort(byCpu.begin(), byCpu.end(), [](const analysis::ModuleNode *a, const analysis::ModuleNode *b) {
        return a->cpuNs > b->cpuNs;
    });
    std::printf("%s\n", qPrintable(tr("modules by CPU time (%1 modules; the first 10): CPU, device").arg(nodes.size())));
    for (std::size_t k = 0; k < byCpu.size() && k < 10; ++k)
        std::printf("  %12s  %12s  %8lld x  %s\n", qPrintable(figure::ms(double(byCpu[k]->cpuNs))),
                    qPrintable(figure::ms(double(byCpu[k]->deviceNs))), static_cast<long long>(byCpu[k]->count),
                    qPrintable(byCpu[k]->path.right(100)));
}

// The ten Python lines that launched the most GPU time (then CPU time); every row in --json.
void writeSourceLinesText(const analysis::AnalysisResult &r, bool allFrames)
{
    namespace figure = analysis::figure;
    if (r.sourceLines.pythonSlices == 0)
        return;
    const analysis::SourceLines s = allFrames ? r.sourceLines : analysis::myCodeOnly(r.sourceLines);
    const int n = int(std::min<std::size_t>(s.lines.size(), INT_MAX));
    std::printf("%s\n", qPrintable(s.myCodeOnly ? QCoreApplication::translate("cli", "source lines by launched GPU time (%n lines, my code only; the first 10): GPU, CPU total, CPU self", nullptr, n)
                                                 : QCoreApplication::translate("cli", "source lines by launched GPU time (%n lines, every frame; the first 10): GPU, CPU total, CPU self", nullptr, n)));
    for (std::size_t k = 0; k < s.lines.size() && k < 10; ++k) {
        const analysis::SourceLine &l = s.lines[k];
        const QString where = l.file.isEmpty() ? l.function : QStringLiteral("%1 %2").arg(l.location(), l.function);
        std::printf("  %12s  %12s  %12s  %8lld x  %s\n", qPrintable(figure::ms(double(l.gpuNs))), qPrintable(figure::ms(double(l.cpuTotalNs))),
                    qPrintable(figure::ms(double(l.cpuSelfNs))), static_cast<long long>(l.calls), qPrintable(where.right(100)));
    }
}

// Why the GPU waits on the CPU, in short: the launches, each stream's idle time by HTA's three
// categories and its queue, the three worst launches (--json has them all).
void writeLaunchText(const analysis::AnalysisResult &r, TimeNs origin)
{
    namespace figure = analysis::figure;
    const analysis::LaunchStats &l = r.launchStats;
    if (l.launches == 0) {
        std::printf("%s\n", qPrintable(tr("launches: none matched to a launch call")));
    } else {
        std::printf("%s\n", qPrintable(tr("launches: %1, launch delay median %2, p95 %3; %4 ran shorter than their call, %5 calls over 50 µs, %6 delays over 100 µs")
                                           .arg(figure::count(double(l.launches)), figure::us(l.medianDelayNs.value_or(0)),
                                                figure::us(l.p95DelayNs.value_or(0)), figure::count(double(l.gpuShorterThanCpu)),
                                                figure::count(double(l.runtimeOutliers)), figure::count(double(l.delayOutliers)))));
        for (std::size_t k = 0; k < l.worst.size() && k < 3; ++k)
            std::printf("  %s\n", qPrintable(tr("delay %1 at %2 ms: %3")
                                                 .arg(figure::us(double(l.worst[k].delay)))
                                                 .arg(us(l.worst[k].start, origin) / 1000.0, 0, 'f', 3)
                                                 .arg(l.worst[k].name.left(100))));
    }
    if (!r.idleBreakdown.streams.empty())
        std::printf("%s\n", qPrintable(tr("idle per stream (host wait / kernel wait / other):")));
    for (const analysis::StreamIdle &s : r.idleBreakdown.streams)
        std::printf("  %s\n", qPrintable(tr("stream %1: %2 idle = %3 (%4) / %5 (%6) / %7 (%8)")
                                             .arg(s.stream)
                                             .arg(figure::ms(double(s.idle)), figure::ms(double(s.hostWait)), figure::pct(s.sharePct(s.hostWait)),
                                                  figure::ms(double(s.kernelWait)), figure::pct(s.sharePct(s.kernelWait)),
                                                  figure::ms(double(s.other)), figure::pct(s.sharePct(s.other)))));
    if (!r.queueLengths.empty())
        std::printf("%s\n", qPrintable(tr("launch queue per stream (mean, max, time at the limit of %1):").arg(analysis::kQueueLimit)));
    for (const analysis::StreamQueue &q : r.queueLengths)
        std::printf("  %s\n", qPrintable(tr("stream %1: %2, %3, %4")
                                             .arg(q.stream)
                                             .arg(q.mean, 0, 'f', 2)
                                             .arg(q.max)
                                             .arg(figure::ms(double(q.fullNs)))));
}

void writeText(const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops, bool allFrames)
{
    const TimeNs o = t.minTs;
    const auto &tb = r.temporal;
    std::printf("%s\n", qPrintable(tr("%1").arg(t.path)));
    for (const QString &w : r.warnings)
        std::printf("%s\n", qPrintable(tr("warning: %1").arg(w)));
    if (tb.activities == 0) {
        std::printf("%s\n", qPrintable(tr("GPU time: no GPU activity")));
    } else {
        std::printf("%s\n", qPrintable(tr("GPU time: idle %1%, compute %2%, non-compute %3% of %4 ms; comm-compute overlap %5%")
                                           .arg(tb.idlePct, 0, 'f', 2)
                                           .arg(tb.computePct, 0, 'f', 2)
                                           .arg(tb.nonComputePct, 0, 'f', 2)
                                           .arg(usDur(tb.span) / 1000.0, 0, 'f', 1)
                                           .arg(tb.commCompOverlapPct, 0, 'f', 2)));
    }
    if (tb.definition == analysis::GpuTimeDefinition::Hta) {
        // The count goes in a variable first: lupdate 6.4 hangs on a template call inside translate()'s arguments.
        const int streamEvents = int(std::min<std::size_t>(tb.streamEvents, INT32_MAX));
        std::printf("%s\n", qPrintable(QCoreApplication::translate(
                                           "cli", "  (Holistic Trace Analysis' definition: every event with args.stream is GPU time, %n of them not device activity)",
                                           nullptr, streamEvents)));
    }
    if (tb.lastStepExcluded)
        std::printf("%s\n", qPrintable(tr("  (last ProfilerStep left out, as Holistic Trace Analysis does)")));
    std::printf("%s\n", qPrintable(tr("steps: %1").arg(r.steps.size())));
    for (const auto &s : r.steps)
        std::printf("  %-20s %14.3f ms  %10.3f ms\n", qPrintable(s.name), us(s.start, o) / 1000.0, usDur(s.dur) / 1000.0);
    std::printf("%s\n", qPrintable(tr("gaps: %1").arg(r.gaps.size())));
    for (const auto &g : r.gaps)
        std::printf("  GPU %d stream %lld  at %12.3f ms  %9.3f ms  %-11s %s\n", g.device, static_cast<long long>(g.stream),
                    us(g.start, o) / 1000.0, usDur(g.dur) / 1000.0, analysis::gapCauseName(g.cause), qPrintable(g.evidence));
    const auto &m = r.mfu;
    const bool userPeak = m.peakSource == QLatin1String("user");
    // The step time and MFU as every surface spells them, with the steps they measure.
    namespace figure = analysis::figure;
    const QString stepText = r.figures.stepTimeNs ? figure::stepTime(*r.figures.stepTimeNs) : QString();
    const QString stepScope = figure::stepScope(r.figures.scope);
    if (r.figures.samplesPerSPerGpu) {
        std::printf("%s\n", qPrintable(tr("throughput: step %1 (%2), %3 samples/s/GPU; MFU needs tokens (--params and --tokens-per-step): "
                                           "its 6 × parameters rule is a transformer's")
                                           .arg(stepText, stepScope, figure::samplesPerS(*r.figures.samplesPerSPerGpu))));
    } else if (m.valid) {
        std::printf("%s\n", qPrintable(tr("MFU: step %1 (%2), %3 tokens/s/GPU, %4 TFLOPS of %5 TFLOPS peak (%6) = %7")
                                           .arg(stepText, stepScope, figure::tokensPerS(m.tokensPerSPerGpu),
                                                figure::tflops(m.achievedTflops), plainNumberText(m.peakTflops),
                                                peakSourceText(userPeak, m.gpuName), figure::pct(m.mfuPct))));
    } else if (m.stepS <= 0) {
        std::printf("%s\n", qPrintable(tr("MFU: no ProfilerStep in what was analysed: MFU needs step times")));
    } else if (m.achievedTflops > 0) {
        // The model's inputs were given: only the peak is missing (no GPU named, or not in the table).
        const QString gpu = m.gpuName.isEmpty() ? tr("the trace names no GPU") : tr("no peak known for GPU '%1'").arg(m.gpuName);
        std::printf("%s\n", qPrintable(tr("MFU: step %1 (%2), %3 tokens/s/GPU, %4 TFLOPS; %5: give --peak-tflops")
                                           .arg(stepText, stepScope, figure::tokensPerS(m.tokensPerSPerGpu),
                                                figure::tflops(m.achievedTflops), gpu)));
    } else {
        std::printf("%s\n", qPrintable(tr("MFU: step %1 (%2); give --params and --tokens-per-step (and --peak-tflops for an unknown GPU)")
                                           .arg(stepText, stepScope)));
    }
    if (flops) {
        std::printf("%s\n", qPrintable(tr("measured: %1 TFLOP in %2 of %3 operators carrying flops")
                                           .arg(flops->flops / 1e12, 0, 'f', 3)
                                           .arg(flops->opsWithFlops)
                                           .arg(flops->opsRead)));
        if (flops->invalid > 0)
            std::printf("%s\n", qPrintable(tr("measured: %1 flops args skipped (negative, not a number or implausibly large)").arg(flops->invalid)));
    }
    std::printf("%s\n", qPrintable(tr("memory: peak allocated %1, peak reserved %2, %3 cudaMalloc, %4 cudaFree calls")
                                       .arg(bytesText(r.memory.peakAllocated), bytesText(r.memory.peakReserved))
                                       .arg(r.memory.mallocCalls)
                                       .arg(r.memory.freeCalls)));
    writeLaunchText(r, o);
    writeSummariesText(r.summaries);
    writeSourceLinesText(r, allFrames);
    if (r.criticalPath.valid) {
        const analysis::CriticalPath &cp = r.criticalPath;
        QStringList parts;
        for (int k = 0; k < analysis::kPathParts; ++k) {
            const auto p = analysis::PathPart(k);
            parts << tr("%1 %2").arg(analysis::pathPartLabel(p), figure::pct(cp.sharePct(p)));
        }
        const QString which = cp.scope == analysis::RangeKind::Step ? (cp.medianStep ? tr("the median step") : tr("the step analysed"))
                                                                    : cp.scope == analysis::RangeKind::Window ? tr("the window analysed")
                                                                                                              : tr("the annotation analysed");
        std::printf("%s\n", qPrintable(tr("critical path of %1 (%2, %3): %4")
                                           .arg(analysis::criticalPathScope(cp, o), which,
                                                figure::ms(double(cp.lengthNs)), parts.join(QStringLiteral(", ")))));
        std::printf("  %s\n", qPrintable(analysis::criticalPathSentence(cp)));
    } else if (!r.criticalPath.error.isEmpty()) {
        std::printf("%s\n", qPrintable(tr("critical path: none (%1)").arg(r.criticalPath.error)));
    }
    std::printf("%s\n", qPrintable(tr("advice: %1").arg(r.advice.size())));
    for (const auto &a : r.advice)
        std::printf("  - %s\n    %s\n", qPrintable(a.title), qPrintable(a.evidence));
}

} // namespace

CommandSpec analyzeArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("TRACE [options]"),
        {{n("TRACE"), QT_TRANSLATE_NOOP("cli", "a trace: .json or .json.gz as torch.profiler writes it")}},
        {
            number({n("gap-ms")}, "X", between(0, kMaxTimeMs), QT_TRANSLATE_NOOP("cli", "shortest gap listed, in ms (default 15; fractions down to 0.001)"),
                   QT_TRANSLATE_NOOP("cli", "--gap-ms needs a number of milliseconds")),
            choice({n("gap-kernels")}, {n("gemm"), n("all")},
                   QT_TRANSLATE_NOOP("cli", "gemm (default): gaps between two GEMM kernels; all: any gap of a compute stream"),
                   QT_TRANSLATE_NOOP("cli", "--gap-kernels takes gemm or all")),
            number({n("params")}, "N", aboveAtMost(0, kMaxParams), QT_TRANSLATE_NOOP("cli", "model parameters, for MFU (e.g. 7e9)"),
                   QT_TRANSLATE_NOOP("cli", "--params needs a positive number")),
            number({n("tokens-per-step")}, "N", aboveAtMost(0, kMaxTokens), QT_TRANSLATE_NOOP("cli", "tokens per step per GPU, for MFU"),
                   QT_TRANSLATE_NOOP("cli", "--tokens-per-step needs a positive number")),
            flag({n("tokens-global")}, QT_TRANSLATE_NOOP("cli", "--tokens-per-step counts all GPUs (divided by the world size)")),
            number({n("samples-per-step")}, "N", aboveAtMost(0, kMaxTokens),
                   QT_TRANSLATE_NOOP("cli", "samples (images) per step per GPU, for samples/s where the model is no transformer (no MFU)"),
                   QT_TRANSLATE_NOOP("cli", "--samples-per-step needs a positive number")),
            number({n("peak-tflops")}, "X", aboveAtMost(0, kMaxTflops), QT_TRANSLATE_NOOP("cli", "GPU peak instead of the table's entry for the traced GPU"),
                   QT_TRANSLATE_NOOP("cli", "--peak-tflops needs a positive number")),
            integer({n("step")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "analyse ProfilerStep#N only"),
                    QT_TRANSLATE_NOOP("cli", "--step needs a step number")),
            text({n("annotation")}, "NAME",
                 QT_TRANSLATE_NOOP("cli", "analyse one occurrence of the record_function / user annotation (or any CPU slice) named NAME, "
                                          "with its critical path: for traces without ProfilerStep")),
            integer({n("instance")}, "K", between(0, analysis::kMaxAnnotationInstances - 1),
                    QT_TRANSLATE_NOOP("cli", "which occurrence of --annotation, 0-based by start time (default 0)"),
                    QT_TRANSLATE_NOOP("cli", "--instance needs a whole number from 0")),
            number({n("from-us")}, "A", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "analyse from A (µs from the first event); needs --to-us"),
                   QT_TRANSLATE_NOOP("cli", "--from-us needs a number")),
            number({n("to-us")}, "B", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "analyse up to B (µs from the first event); needs --from-us"),
                   QT_TRANSLATE_NOOP("cli", "--to-us needs a number")),
            flag({n("measure-flops")}, QT_TRANSLATE_NOOP("cli", "also sum the flops args of operators (with_flops=True; slow)")),
            flag({n("hta")}, QT_TRANSLATE_NOOP("cli", "GPU time as Holistic Trace Analysis counts it: every event with args.stream "
                                                      "(also Triton launcher cpu_ops and cuda_sync events)")),
            threadsOption(QT_TRANSLATE_NOOP("cli", "loader threads (default: one per core; at most 256)")),
            integer({n("top")}, "N", between(0, kMaxTop), QT_TRANSLATE_NOOP("cli", "write only the first N rows of the kernel, operator, module and source-line summaries (default and 0: all, as compare's --top 0)"),
                    QT_TRANSLATE_NOOP("cli", "--top takes a whole number of rows")),
            flag({n("op-shapes")}, QT_TRANSLATE_NOOP("cli", "group the operator summary by input shapes (traces recorded with record_shapes; reads each operator's args)")),
            flag({n("all-frames")}, QT_TRANSLATE_NOOP("cli", "source lines of every Python frame; by default the standard library's and torch's "
                                                             "frames fold into the user code that called them (my code only)")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

int runAnalyze(const Invocation &args)
{
    analysis::AnalysisOptions opt;
    if (const int rc = readAnalysisOptions(args, &opt); rc != Ok)
        return rc;
    opt.step = args.integer("step", opt.step);
    opt.opsByInputShapes = args.isSet("op-shapes");
    const std::size_t top = args.isSet("top") && args.integer("top", 0) > 0 ? std::size_t(args.integer("top", 0)) : SIZE_MAX;
    const double fromUs = args.number("from-us", -1), toUs = args.number("to-us", -1);
    const bool measure = args.isSet("measure-flops");
    if ((fromUs >= 0) != (toUs >= 0) || (fromUs >= 0 && toUs <= fromUs))
        return args.fail(tr("--from-us and --to-us go together, with --to-us after --from-us"));
    if (fromUs >= 0 && args.isSet("step")) // alternatives: the step would silently win
        return args.fail(tr("--step and --from-us/--to-us exclude each other"));
    if (args.isSet("annotation") && (fromUs >= 0 || args.isSet("step")))
        return args.fail(tr("--annotation, --step and --from-us/--to-us exclude each other"));
    if (args.isSet("instance") && !args.isSet("annotation"))
        return args.fail(tr("--instance needs --annotation"));
    opt.annotation = args.text("annotation");
    opt.instance = args.integer("instance", 0);
    if (args.isSet("annotation") && opt.annotation.isEmpty())
        return args.fail(tr("--annotation needs a name"));

    const std::shared_ptr<Trace> trace = loadTraceOrReport(args.positionals().first(), args.integer("threads", 0));
    if (!trace)
        return Unreadable;
    const Trace &t = *trace;
    if (fromUs >= 0) {
        // Both bounded by kMaxTimeUs, so the nanoseconds and the sums stay inside int64.
        opt.range = {t.minTs + TimeNs(std::llround(fromUs * 1000)), t.minTs + TimeNs(std::llround(toUs * 1000))};
        // A window past the last event holds nothing: said, rather than figures of nothing.
        if (fromUs > 0 && opt.range.from >= t.maxTs)
            return args.fail(tr("the window %1 to %2 µs starts after the trace ends (%3 µs)")
                                 .arg(fromUs, 0, 'f', 3)
                                 .arg(toUs, 0, 'f', 3)
                                 .arg(usDur(t.maxTs - t.minTs), 0, 'f', 3));
    }
    const analysis::AnalysisResult r = analysis::analyze(t, opt);
    if (!r.error.isEmpty())
        return args.fail(r.error);
    analysis::MeasuredFlops flops;
    if (measure)
        flops = analysis::measuredFlops(t, r.analysed);
    if (args.isSet("json"))
        writeJson(t, r, measure ? &flops : nullptr, top, args.isSet("all-frames"));
    else
        writeText(t, r, measure ? &flops : nullptr, args.isSet("all-frames"));
    return Ok;
}

} // namespace lanescope::cli
