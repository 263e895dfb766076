// SPDX-License-Identifier: GPL-3.0-or-later
// The module tree of deeply nested nn.Module frames: a generated trace of N python_function
// frames "nn.Module: L_0", each inside the last (a recursion the profiler recorded), with one
// kernel launched from the innermost, loaded and analysed as `analyze` does. Prints the time and
// the peak resident memory per N (default 10,000, 50,000 and 100,000): both must grow linearly.
// A module path copied per frame made them grow with the square of the depth (20,000 frames took
// 1.6 GB; 50,000 ran out of memory).
//
// Usage: bench_modules [--frames N]...   (one line of JSON last)
#include "core/analysis/run/Analysis.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace lanescope;

namespace {

std::string nestedTrace(int frames)
{
    std::string s = R"({"schemaVersion":1,"traceEvents":[)";
    s.reserve(std::size_t(frames) * 110 + 1024);
    const long long total = 2LL * frames + 10;
    for (int i = 0; i < frames; ++i) {
        s += R"({"ph":"X","cat":"python_function","name":"nn.Module: L_0","pid":1,"tid":1,"ts":)" + std::to_string(i)
            + R"(,"dur":)" + std::to_string(total - 2LL * i) + "},";
    }
    // One launch from the innermost frame: its device time goes to every module above it.
    s += R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":)" + std::to_string(frames)
        + R"(,"dur":1,"args":{"correlation":1}},)";
    s += R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":)" + std::to_string(frames + 1)
        + R"(,"dur":2,"args":{"stream":7,"correlation":1,"device":0}})";
    return s + "]}";
}

// VmHWM, the peak resident set since the last reset; 0 where /proc is not there.
double peakMb()
{
    std::FILE *f = std::fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    double kb = 0;
    while (std::fgets(line, sizeof line, f))
        if (std::strncmp(line, "VmHWM:", 6) == 0)
            kb = std::atof(line + 6);
    std::fclose(f);
    return kb / 1024.0;
}

// Resets VmHWM to the current resident set (Linux: "5" to clear_refs), so each N's peak is its own.
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
    std::vector<int> sizes;
    QStringList args = QCoreApplication::arguments().mid(1);
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--frames") && !args.isEmpty()) {
            sizes.push_back(std::max(1, args.takeFirst().toInt()));
        } else {
            std::fprintf(stderr, "usage: bench_modules [--frames N]...\n");
            return 2;
        }
    }
    if (sizes.empty())
        sizes = {10000, 50000, 100000};

    std::string frames, seconds, peaks, nodes;
    for (int n : sizes) {
        resetPeak();
        const double before = peakMb();
        QElapsedTimer t;
        t.start();
        std::size_t moduleNodes = 0;
        long long tooDeep = 0;
        {
            LoadResult r = loadTrace(MappedSource::fromBytes(nestedTrace(n), QStringLiteral("nested")));
            if (!r.trace) {
                std::fprintf(stderr, "bench_modules: %s\n", qPrintable(r.error));
                return 1;
            }
            const analysis::AnalysisResult a = analysis::analyze(*r.trace);
            moduleNodes = a.summaries.modules.nodes.size();
            tooDeep = a.summaries.modules.tooDeep;
        }
        const double s = double(t.nsecsElapsed()) / 1e9;
        const double peak = peakMb();
        std::printf("%7d frames: %.3f s, peak %.1f MB (%.1f MB before), %zu module nodes, %lld deeper left out\n", n, s, peak, before,
                    moduleNodes, tooDeep);
        std::fflush(stdout);
        const auto sep = [](std::string &x) {
            if (!x.empty())
                x += ", ";
        };
        sep(frames), sep(seconds), sep(peaks), sep(nodes);
        frames += std::to_string(n);
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.3f", s);
        seconds += buf;
        std::snprintf(buf, sizeof buf, "%.1f", peak);
        peaks += buf;
        nodes += std::to_string(moduleNodes);
    }
    std::printf("{\"frames\": [%s], \"seconds\": [%s], \"peak_mb\": [%s], \"module_nodes\": [%s]}\n", frames.c_str(), seconds.c_str(),
                peaks.c_str(), nodes.c_str());
    return 0;
}
