// SPDX-License-Identifier: GPL-3.0-or-later
// bench_render TRACE [--frames N]
// Median times of offscreen 1920x1080 timeline frames through the renderer (no image cache: every
// frame walks the model): fully zoomed out, a 1 % window, a 10 µs window, and panning through the
// 1 % window; the time to build the view index; what a second view of the same session adds to
// resident anonymous memory (it must share the index: no per-slice memory); and the export of a
// 3,840 px PNG of the whole trace. Prints one JSON object as the last line (docs/architecture.md's keys plus
// these). Exit 77 (skip) when the trace is absent.
#include "core/parse/TraceLoader.h"
#include "widgets/render/PictureExport.h"
#include "widgets/view/Session.h"
#include "widgets/timeline/TimelineView.h"
#include "core/util/ProcessMemory.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace lanescope;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int frames = 15;
    QString path;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--frames") && !args.isEmpty())
            frames = std::max(1, args.takeFirst().toInt());
        else
            path = a;
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "usage: bench_render TRACE [--frames N]\n");
        return 2;
    }
    if (!QFileInfo::exists(path)) {
        std::printf("SKIP: %s not found\n", qPrintable(path));
        return 77;
    }
    QElapsedTimer loadTimer;
    loadTimer.start();
    LoadResult r = loadTrace(path);
    if (!r.trace) {
        std::fprintf(stderr, "bench_render: %s\n", qPrintable(r.error));
        return 3;
    }
    const double loadS = double(loadTimer.nsecsElapsed()) / 1e9;

    const QSize frame(1920, 1080);
    QElapsedTimer setupTimer;
    setupTimer.start();
    const auto index = TraceViewIndex::build(*r.trace); // in the GUI: on the load job's thread
    const double indexMs = double(setupTimer.nsecsElapsed()) / 1e6;
    Session session;
    session.setTrace(r.trace, index);
    TimelineView view;
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the viewport is exactly the frame
    view.resize(frame);
    view.show();
    setupTimer.restart();
    view.setSession(&session);
    const double setupMs = double(setupTimer.nsecsElapsed()) / 1e6;
    QApplication::processEvents();
    if (view.viewport()->size() != frame)
        std::fprintf(stderr, "bench_render: viewport is %dx%d\n", view.viewport()->width(), view.viewport()->height());

    QImage img(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    auto measure = [&](const std::function<void()> &before) {
        std::vector<double> ms;
        for (int i = 0; i < frames + 2; ++i) {
            before();
            QElapsedTimer t;
            t.start();
            {
                QPainter p(&img);
                view.renderTo(p, img.size());
            }
            if (i >= 2) // the first frames warm caches (name widths, elided names)
                ms.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        return median(ms);
    };

    const Trace &t = *r.trace;
    const double span = double(t.maxTs - t.minTs);
    const double mid = double(t.minTs) + span * 0.5;
    const double zoomedOut = measure([&] { view.fitAll(); });
    const double onePercent = measure([&] { view.setVisibleRange(mid, mid + span * 0.01); });
    const double tenUs = measure([&] { view.setVisibleRange(mid, mid + 10'000); });
    view.setVisibleRange(mid, mid + span * 0.01);
    const double pan = measure([&] { view.panPx(37); });
    if (qEnvironmentVariableIsSet("BENCH_RENDER_PNG"))
        img.save(qEnvironmentVariable("BENCH_RENDER_PNG"));

    // A second view of the same session: it shares the trace and its index.
    const std::uint64_t anonBefore = residentAnonymousBytes();
    long long secondViewBytes = 0;
    double secondViewPerSlice = 0;
    {
        TimelineView second;
        second.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        second.resize(frame);
        second.show();
        second.setSession(&session);
        QImage img2(second.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img2);
        second.renderTo(p, img2.size());
        const std::uint64_t anonAfter = residentAnonymousBytes();
        std::printf("second view: %+.1f MB resident anonymous, %.1f MB of it its frame (shared index %.1f MB, %llu slices)\n",
                    (double(anonAfter) - double(anonBefore)) / 1e6, double(img2.sizeInBytes()) / 1e6,
                    double(index->heapBytes()) / 1e6, static_cast<unsigned long long>(t.sliceCount()));
        // Less the frame it painted into: pixels, not slices.
        secondViewBytes = static_cast<long long>(anonAfter) - static_cast<long long>(anonBefore)
            - static_cast<long long>(img2.sizeInBytes());
        secondViewPerSlice = t.sliceCount() ? double(secondViewBytes) / double(t.sliceCount()) : 0;
    }

    // The report picture: the whole trace, GPU lanes, 3,840 px wide.
    QTemporaryDir dir;
    LaneLayout gpuLanes;
    gpuLanes.build({{r.trace.get(), QString(), true}});
    PictureInput in;
    in.runs = {{r.trace.get(), index.get(), session.base(0)}};
    in.layout = &gpuLanes;
    session.state()->fitAll();
    in.windowStart = session.state()->windowStart();
    in.windowRange = session.state()->windowRange();
    PictureOptions opt;
    opt.width = 3840;
    opt.metrics = false;
    QString error;
    QElapsedTimer exportTimer;
    exportTimer.start();
    const bool exported = PictureExport::write(dir.filePath(QStringLiteral("whole.png")), in, opt, &error);
    const double exportMs = double(exportTimer.nsecsElapsed()) / 1e6;
    if (!exported)
        std::fprintf(stderr, "bench_render: export failed: %s\n", qPrintable(error));

    std::printf("trace %s: %llu slices, load %.2f s, index %.1f ms, view setup %.1f ms\n", qPrintable(path),
                static_cast<unsigned long long>(t.sliceCount()), loadS, indexMs, setupMs);
    std::printf("{\"zoomed_out_ms\": %.3f, \"one_percent_ms\": %.3f, \"ten_us_ms\": %.3f, \"pan_ms\": %.3f, "
                "\"index_ms\": %.1f, \"second_view_anon_bytes\": %lld, \"second_view_bytes_per_slice\": %.3f, "
                "\"export_3840_png_ms\": %.1f}\n",
                zoomedOut, onePercent, tenUs, pan, indexMs, secondViewBytes, secondViewPerSlice, exported ? exportMs : -1.0);
    return exported ? 0 : 1;
}
