// bench_render TRACE [--frames N]
// Median times of offscreen 1920x1080 timeline frames (no image cache: every frame walks the model):
// fully zoomed out, a 1 % window, a 10 µs window, and panning through the 1 % window. Prints one
// JSON object as the last line (keys fixed in DESIGN.md). Exit 77 (skip) when the trace is absent.
#include "parse/TraceLoader.h"
#include "timeline/TimelineView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QScrollBar>

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
    TimelineView view;
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the viewport is exactly the frame
    view.resize(frame);
    view.show();
    QElapsedTimer setupTimer;
    setupTimer.start();
    view.setTrace(r.trace);
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

    std::printf("trace %s: %llu slices, load %.2f s, view setup %.1f ms\n", qPrintable(path),
                static_cast<unsigned long long>(t.sliceCount()), loadS, setupMs);
    std::printf("{\"zoomed_out_ms\": %.3f, \"one_percent_ms\": %.3f, \"ten_us_ms\": %.3f, \"pan_ms\": %.3f}\n", zoomedOut,
                onePercent, tenUs, pan);
    return 0;
}
