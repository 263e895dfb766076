// SPDX-License-Identifier: GPL-3.0-or-later
// bench_details: how long the Details panel takes to show (HTML built and laid out) an event whose
// arguments are large: 200 arguments, a 1 MB string, a 100k-element array. Medians in ms over
// --repeat runs; no trace file needed (the events are made here).
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextBrowser>
#include <QTextDocument>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace lanescope;

static double medianShowMs(const std::string &args, int repeat)
{
    const std::string json = R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllGather_RING_LL",
        "pid": 0, "tid": 7, "ts": 10, "dur": 5, "args": {)" + args + "}}]}";
    auto trace = loadTrace(MappedSource::fromBytes(json, QStringLiteral("bench.json"))).trace;
    if (!trace)
        return -1;
    TimelineView view;
    view.resize(1200, 400);
    view.setTrace(trace);
    DetailsPanel panel(&view);
    panel.resize(450, 900);
    panel.show();
    std::vector<double> ms;
    for (int i = 0; i < repeat; ++i) {
        panel.showSlice(SliceRef());
        QElapsedTimer t;
        t.start();
        panel.showSlice(SliceRef{0, 0, 0});
        panel.browser()->document()->size(); // the layout the user waits for
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int repeat = 5;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--repeat")
            repeat = std::max(1, std::atoi(argv[i + 1]));
    std::string many, arr;
    for (int i = 0; i < 200; ++i)
        many += (i ? "," : "") + std::string("\"arg") + std::to_string(i) + "\": " + std::to_string(i * 7);
    for (int i = 0; i < 100000; ++i)
        arr += (i ? "," : "") + std::to_string(i);
    const double a = medianShowMs(many, repeat);
    const double s = medianShowMs("\"big\": \"" + std::string(1 << 20, 'x') + "\"", repeat);
    const double n = medianShowMs("\"a\": [" + arr + "]", repeat);
    std::printf("{\"args200_ms\": %.2f, \"string_1mb_ms\": %.2f, \"array_100k_ms\": %.2f, \"repeat\": %d}\n", a, s, n, repeat);
    return a < 0 || s < 0 || n < 0 ? 1 : 0;
}
