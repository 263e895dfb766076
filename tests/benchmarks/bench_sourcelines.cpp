// SPDX-License-Identifier: GPL-3.0-or-later
// Source lines (core/analysis/measures/source_lines/SourceLines.h) of a generated trace of deep Python stacks: C chains
// of D nested python_function frames each (default 20 x 5,000: 100,000 distinct call paths, 5,000
// deep), every third frame torch's _call_impl (one line, on each stack a thousand times: the
// recursion rule and the folding at depth) and the others lines of their own, with a kernel
// launched from every 50th frame. Prints the time of sourceLines() and of myCodeOnly() and the
// peak resident memory: the measure must stay under 2 s and 200 MB. With --trace, the cost of the
// measure on a real trace instead: analyze() and sourceLines() alone, each timed (median of 3).
//
// Usage: bench_sourcelines [--chains C] [--depth D] | --trace TRACE   (one line of JSON last)
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/analysis/measures/source_lines/SourceLines.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

using namespace lanescope;

namespace {

std::string deepTrace(int chains, int depth)
{
    std::string s = R"({"schemaVersion":1,"traceEvents":[)";
    s.reserve(std::size_t(chains) * std::size_t(depth) * 130 + 1024);
    long long corr = 0;
    const long long span = 8LL * depth + 8; // µs a chain takes
    for (int c = 0; c < chains; ++c) {
        const long long base = c * span;
        for (int d = 0; d < depth; ++d) {
            // Frame d starts 4 µs after its caller and ends 4 µs before it.
            const long long ts = base + 4LL * d, dur = 8LL * depth - 8LL * d;
            std::string name = d % 3 == 2 ? std::string("torch/nn/modules/module.py(1501): _call_impl")
                                          : "app/chain" + std::to_string(c) + ".py(" + std::to_string(d + 1) + "): f" + std::to_string(d);
            s += R"({"ph":"X","cat":"python_function","name":")" + name + R"(","pid":1,"tid":1,"ts":)" + std::to_string(ts)
                + R"(,"dur":)" + std::to_string(dur) + "},";
            if (d % 50 == 0) {
                ++corr;
                s += R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":)" + std::to_string(ts + 1)
                    + R"(,"dur":1,"args":{"correlation":)" + std::to_string(corr) + "}},";
                s += R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":)" + std::to_string(ts + 2)
                    + R"(,"dur":1,"args":{"stream":7,"correlation":)" + std::to_string(corr) + R"(,"device":0}},)";
            }
        }
    }
    s.pop_back();
    return s + "]}";
}

// VmHWM (peak resident set) or VmRSS in MB; 0 where /proc is not there.
double statusMb(const char *key)
{
    std::FILE *f = std::fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    double kb = 0;
    const std::size_t n = std::strlen(key);
    while (std::fgets(line, sizeof line, f))
        if (std::strncmp(line, key, n) == 0)
            kb = std::atof(line + n);
    std::fclose(f);
    return kb / 1024.0;
}

void resetPeak()
{
    if (std::FILE *f = std::fopen("/proc/self/clear_refs", "w")) {
        std::fputs("5", f);
        std::fclose(f);
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int chains = 20, depth = 5000;
    QString tracePath;
    QStringList args = QCoreApplication::arguments().mid(1);
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--chains") && !args.isEmpty()) {
            chains = std::clamp(args.takeFirst().toInt(), 1, 1000);
        } else if (a == QLatin1String("--trace") && !args.isEmpty()) {
            tracePath = args.takeFirst();
        } else if (a == QLatin1String("--depth") && !args.isEmpty()) {
            depth = std::clamp(args.takeFirst().toInt(), 1, analysis::kMaxSourceDepth);
        } else {
            std::fprintf(stderr, "usage: bench_sourcelines [--chains C] [--depth D] | --trace TRACE\n");
            return 2;
        }
    }
    if (!tracePath.isEmpty()) {
        const LoadResult l = loadTrace(tracePath);
        if (!l.trace) {
            std::fprintf(stderr, "bench_sourcelines: %s\n", qPrintable(l.error));
            return 1;
        }
        const auto median3 = [](auto &&f) {
            double s[3];
            for (double &x : s) {
                QElapsedTimer t;
                t.start();
                f();
                x = double(t.nsecsElapsed()) / 1e9;
            }
            std::sort(std::begin(s), std::end(s));
            return s[1];
        };
        std::size_t rows = 0;
        const double analyzeS = median3([&] { rows = analysis::analyze(*l.trace).sourceLines.lines.size(); });
        // analyze() hands the measure the launched device time it built for the summaries.
        const analysis::detail::LaunchedDeviceTime launched(*l.trace);
        const double sourceS = median3([&] { rows = analysis::sourceLines(*l.trace, {}, &launched).lines.size(); });
        std::printf("%s: %llu events, %zu source lines; analyze %.3f s, of which sourceLines %.3f s (%.1f %%)\n", qPrintable(tracePath),
                    static_cast<unsigned long long>(l.trace->eventCount), rows, analyzeS, sourceS, 100.0 * sourceS / std::max(analyzeS, 1e-9));
        std::printf("{\"events\": %llu, \"lines\": %zu, \"analyze_seconds\": %.3f, \"source_lines_seconds\": %.3f}\n",
                    static_cast<unsigned long long>(l.trace->eventCount), rows, analyzeS, sourceS);
        return 0;
    }
    LoadResult r = loadTrace(MappedSource::fromBytes(deepTrace(chains, depth), QStringLiteral("deep")));
    if (!r.trace) {
        std::fprintf(stderr, "bench_sourcelines: %s\n", qPrintable(r.error));
        return 1;
    }
    const double loadedMb = statusMb("VmRSS:");
    resetPeak();
    QElapsedTimer t;
    t.start();
    const analysis::SourceLines all = analysis::sourceLines(*r.trace);
    const double measureS = double(t.nsecsElapsed()) / 1e9;
    t.restart();
    const analysis::SourceLines mine = analysis::myCodeOnly(all);
    const double foldS = double(t.nsecsElapsed()) / 1e9;
    const double peak = statusMb("VmHWM:");
    std::printf("%d chains x %d deep: %zu call paths, %zu lines (%zu call paths, %zu lines mine), depth %d; "
                "sourceLines %.3f s, myCodeOnly %.3f s; peak %.1f MB (%.1f MB with the trace loaded, before)\n",
                chains, depth, all.frames.size(), all.lines.size(), mine.frames.size(), mine.lines.size(),
                all.frames.empty() ? 0 : std::max_element(all.frames.begin(), all.frames.end(), [](const auto &a, const auto &b) {
                    return a.depth < b.depth;
                })->depth + 1,
                measureS, foldS, peak, loadedMb);
    std::printf("{\"call_paths\": %zu, \"lines\": %zu, \"seconds\": %.3f, \"fold_seconds\": %.3f, \"peak_mb\": %.1f, \"loaded_mb\": %.1f}\n",
                all.frames.size(), all.lines.size(), measureS, foldS, peak, loadedMb);
    return 0;
}
