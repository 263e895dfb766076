// lanescope-cli analyze TRACE [--gap-ms 15] [--gap-kernels gemm|all] [--params N --tokens-per-step N
//   [--tokens-global]] [--peak-tflops X] [--step N | --from-us A --to-us B] [--threads N] [--json]
// Keys of the JSON object are the contract in DESIGN.md; times are µs from the trace's first event.
#include "Commands.h"
#include "JsonWriter.h"

#include "analysis/Analysis.h"
#include "parse/TraceLoader.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

void usage(std::FILE *to)
{
    std::fputs(qPrintable(tr("usage: lanescope-cli analyze TRACE [options]\n"
                             "\n"
                             "  --gap-ms X              shortest gap listed, in ms (default 15; fractions down to 0.001)\n"
                             "  --gap-kernels gemm|all  gemm (default): gaps between two GEMM kernels; all: any gap of a\n"
                             "                          compute stream\n"
                             "  --params N              model parameters, for MFU (e.g. 7e9)\n"
                             "  --tokens-per-step N     tokens per step per GPU, for MFU\n"
                             "  --tokens-global         --tokens-per-step counts all GPUs (divided by the world size)\n"
                             "  --peak-tflops X         GPU peak instead of the table's entry for the traced GPU\n"
                             "  --step N                analyse ProfilerStep#N only\n"
                             "  --from-us A --to-us B   analyse this window only (µs from the first event)\n"
                             "  --measure-flops         also sum the flops args of operators (with_flops=True; slow)\n"
                             "  --threads N             loader threads (default: one per core)\n"
                             "  --json                  print one JSON object\n")),
               to);
}

bool number(const QString &s, double *out)
{
    bool ok = false;
    *out = QLocale::c().toDouble(s, &ok);
    return ok && std::isfinite(*out);
}

double us(TimeNs t, TimeNs origin) { return double(t - origin) / 1000.0; }
double usDur(TimeNs t) { return double(t) / 1000.0; }

void nullOr(JsonWriter &j, bool valid, double v)
{
    if (valid)
        j.w.Double(v);
    else
        j.w.Null();
}

void writeJson(const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops)
{
    JsonWriter j;
    auto &w = j.w;
    const TimeNs o = t.minTs;
    w.StartObject();
    j.key("temporal");
    w.StartObject();
    j.key("idle_pct");
    w.Double(r.temporal.idlePct);
    j.key("compute_pct");
    w.Double(r.temporal.computePct);
    j.key("non_compute_pct");
    w.Double(r.temporal.nonComputePct);
    j.key("idle_us");
    w.Double(usDur(r.temporal.idle));
    j.key("compute_us");
    w.Double(usDur(r.temporal.compute));
    j.key("non_compute_us");
    w.Double(usDur(r.temporal.nonCompute));
    w.EndObject();
    j.key("comm_comp_overlap_pct");
    w.Double(r.temporal.commCompOverlapPct);
    j.key("steps");
    w.StartArray();
    for (const auto &s : r.steps) {
        w.StartObject();
        j.key("name");
        j.str(s.name);
        j.key("start_us");
        w.Double(us(s.start, o));
        j.key("dur_us");
        w.Double(usDur(s.dur));
        w.EndObject();
    }
    w.EndArray();
    j.key("gaps");
    w.StartArray();
    for (const auto &g : r.gaps) {
        w.StartObject();
        j.key("device");
        w.Int(g.device);
        j.key("stream");
        w.Int64(g.stream);
        j.key("start_us");
        w.Double(us(g.start, o));
        j.key("dur_us");
        w.Double(usDur(g.dur));
        j.key("before");
        j.str(g.before);
        j.key("after");
        j.str(g.after);
        j.key("cause");
        w.String(analysis::gapCauseName(g.cause));
        j.key("evidence");
        j.str(g.evidence);
        w.EndObject();
    }
    w.EndArray();
    j.key("mfu");
    w.StartObject();
    const auto &m = r.mfu;
    j.key("step_s");
    nullOr(j, m.stepS > 0, m.stepS);
    j.key("tokens_per_s_per_gpu");
    nullOr(j, m.tokensPerSPerGpu > 0, m.tokensPerSPerGpu);
    j.key("achieved_tflops");
    nullOr(j, m.valid, m.achievedTflops);
    j.key("peak_tflops");
    nullOr(j, m.peakTflops > 0, m.peakTflops);
    j.key("mfu_pct");
    nullOr(j, m.valid, m.mfuPct);
    if (flops) { // only with --measure-flops: an addition, the contract's keys stay as they are
        j.key("measured_flops");
        w.Double(flops->flops);
    }
    w.EndObject();
    j.key("memory");
    w.StartObject();
    j.key("peak_allocated_bytes");
    w.Int64(r.memory.peakAllocated);
    j.key("peak_reserved_bytes");
    w.Int64(r.memory.peakReserved);
    j.key("alloc_calls"); // cudaMalloc runtime calls (the allocator asking the driver)
    w.Int64(r.memory.mallocCalls);
    j.key("free_calls"); // cudaFree runtime calls
    w.Int64(r.memory.freeCalls);
    w.EndObject();
    j.key("advice");
    w.StartArray();
    for (const auto &a : r.advice) {
        w.StartObject();
        j.key("id");
        j.str(a.id);
        j.key("title");
        j.str(a.title);
        j.key("evidence");
        j.str(a.evidence);
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    j.print();
}

QString bytesText(std::int64_t b)
{
    return b < 0 ? tr("unknown") : QStringLiteral("%1 GiB").arg(double(b) / double(1ll << 30), 0, 'f', 2);
}

void writeText(const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops)
{
    const TimeNs o = t.minTs;
    const auto &tb = r.temporal;
    std::printf("%s\n", qPrintable(tr("%1").arg(t.path)));
    std::printf("%s\n", qPrintable(tr("GPU time: idle %1%, compute %2%, non-compute %3% of %4 ms; comm-compute overlap %5%")
                                       .arg(tb.idlePct, 0, 'f', 2)
                                       .arg(tb.computePct, 0, 'f', 2)
                                       .arg(tb.nonComputePct, 0, 'f', 2)
                                       .arg(usDur(tb.span) / 1000.0, 0, 'f', 1)
                                       .arg(tb.commCompOverlapPct, 0, 'f', 2)));
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
    if (m.valid)
        std::printf("%s\n", qPrintable(tr("MFU: step %1 s, %2 tokens/s/GPU, %3 TFLOPS of %4 (%5) = %6%")
                                           .arg(m.stepS, 0, 'f', 3)
                                           .arg(m.tokensPerSPerGpu, 0, 'f', 1)
                                           .arg(m.achievedTflops, 0, 'f', 1)
                                           .arg(m.peakTflops, 0, 'f', 0)
                                           .arg(m.gpuName)
                                           .arg(m.mfuPct, 0, 'f', 1)));
    else
        std::printf("%s\n", qPrintable(tr("MFU: step %1 s; give --params and --tokens-per-step (and --peak-tflops for an unknown GPU)")
                                           .arg(m.stepS, 0, 'f', 3)));
    if (flops)
        std::printf("%s\n", qPrintable(tr("measured: %1 TFLOP in %2 of %3 operators carrying flops")
                                           .arg(flops->flops / 1e12, 0, 'f', 3)
                                           .arg(flops->opsWithFlops)
                                           .arg(flops->opsRead)));
    std::printf("%s\n", qPrintable(tr("memory: peak allocated %1, peak reserved %2, %3 cudaMalloc, %4 cudaFree calls")
                                       .arg(bytesText(r.memory.peakAllocated), bytesText(r.memory.peakReserved))
                                       .arg(r.memory.mallocCalls)
                                       .arg(r.memory.freeCalls)));
    std::printf("%s\n", qPrintable(tr("advice: %1").arg(r.advice.size())));
    for (const auto &a : r.advice)
        std::printf("  - %s\n    %s\n", qPrintable(a.title), qPrintable(a.evidence));
}

} // namespace

int runAnalyze(const QStringList &argsIn)
{
    QStringList args = argsIn;
    bool json = false, measure = false;
    int threads = 0;
    QString path;
    analysis::AnalysisOptions opt;
    double fromUs = -1, toUs = -1;
    auto bad = [](const QString &msg) {
        std::fprintf(stderr, "%s\n", qPrintable(tr("lanescope-cli analyze: %1").arg(msg)));
        return BadUsage;
    };
    auto takeNumber = [&](const QString &flag, double *out) {
        if (args.isEmpty() || !number(args.first(), out))
            return false;
        args.removeFirst();
        Q_UNUSED(flag);
        return true;
    };
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        double v = 0;
        if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            usage(stdout);
            return Ok;
        } else if (a == QLatin1String("--measure-flops")) {
            measure = true;
        } else if (a == QLatin1String("--tokens-global")) {
            opt.mfu.tokensGlobal = true;
        } else if (a == QLatin1String("--gap-ms")) {
            if (!takeNumber(a, &v) || v < 0)
                return bad(tr("--gap-ms needs a number of milliseconds"));
            opt.gaps.minGap = TimeNs(std::llround(v * 1e6));
        } else if (a == QLatin1String("--gap-kernels")) {
            const QString k = args.isEmpty() ? QString() : args.takeFirst();
            if (k == QLatin1String("gemm"))
                opt.gaps.kernels = analysis::GapKernels::Gemm;
            else if (k == QLatin1String("all"))
                opt.gaps.kernels = analysis::GapKernels::All;
            else
                return bad(tr("--gap-kernels takes gemm or all"));
        } else if (a == QLatin1String("--params")) {
            if (!takeNumber(a, &v) || v <= 0)
                return bad(tr("--params needs a positive number"));
            opt.mfu.params = v;
        } else if (a == QLatin1String("--tokens-per-step")) {
            if (!takeNumber(a, &v) || v <= 0)
                return bad(tr("--tokens-per-step needs a positive number"));
            opt.mfu.tokensPerStep = v;
        } else if (a == QLatin1String("--peak-tflops")) {
            if (!takeNumber(a, &v) || v <= 0)
                return bad(tr("--peak-tflops needs a positive number"));
            opt.mfu.peakTflops = v;
        } else if (a == QLatin1String("--step")) {
            if (!takeNumber(a, &v) || v < 0)
                return bad(tr("--step needs a step number"));
            opt.step = int(v);
        } else if (a == QLatin1String("--from-us")) {
            if (!takeNumber(a, &fromUs) || fromUs < 0)
                return bad(tr("--from-us needs a number"));
        } else if (a == QLatin1String("--to-us")) {
            if (!takeNumber(a, &toUs) || toUs < 0)
                return bad(tr("--to-us needs a number"));
        } else if (a == QLatin1String("--threads")) {
            if (!takeNumber(a, &v) || v < 0)
                return bad(tr("--threads needs a number"));
            threads = int(v);
        } else if (a.startsWith(QLatin1String("--")) || !path.isEmpty()) {
            return bad(tr("unexpected argument '%1'").arg(a));
        } else {
            path = a;
        }
    }
    if (path.isEmpty()) {
        usage(stderr);
        return BadUsage;
    }
    if ((opt.mfu.params > 0) != (opt.mfu.tokensPerStep > 0))
        return bad(tr("--params and --tokens-per-step go together"));
    if ((fromUs >= 0) != (toUs >= 0) || (fromUs >= 0 && toUs <= fromUs))
        return bad(tr("--from-us and --to-us go together, with --to-us after --from-us"));

    LoadOptions lo;
    lo.threads = threads;
    const LoadResult lr = loadTrace(path, lo);
    if (!lr.trace) {
        std::fprintf(stderr, "lanescope-cli: %s\n", qPrintable(lr.error));
        return Unreadable;
    }
    const Trace &t = *lr.trace;
    if (fromUs >= 0)
        opt.range = {t.minTs + TimeNs(std::llround(fromUs * 1000)), t.minTs + TimeNs(std::llround(toUs * 1000))};
    const analysis::AnalysisResult r = analysis::analyze(t, opt);
    if (!r.error.isEmpty())
        return bad(r.error);
    analysis::MeasuredFlops flops;
    if (measure)
        flops = analysis::measuredFlops(t, r.analysed);
    if (json)
        writeJson(t, r, measure ? &flops : nullptr);
    else
        writeText(t, r, measure ? &flops : nullptr);
    return Ok;
}

} // namespace lanescope::cli
