// SPDX-License-Identifier: GPL-3.0-or-later
// bench_render TRACE [--frames N] [--search PATTERN] [--cpu]
// Median times of offscreen 1920x1080 timeline frames through the renderer (no image cache: every
// frame walks the model): fully zoomed out, a 1 % window, a 10 µs window, and panning through the
// 1 % window; every group collapsed (the density strips) whole and at 1 %; a search with many
// hits (default "nccl") whole and at 1 %; the memory bands alone, whole. Each frame is drawn twice
// in turn, through the level-of-detail path and through the slice walk (TimelineRenderer::
// setLevelOfDetail(false)), so every "_old_ms" figure is measured beside its new one in the same
// run, and the two pictures are compared pixel by pixel ("lod_identical"). Also: the time to build
// the view index and its level-of-detail summary ("lod_bytes", "lod_bytes_per_slice"); what a second
// view of the same session adds to resident anonymous memory (it must share the index: no
// per-slice memory); and the export of a 3,840 px PNG of the whole trace. Prints one JSON object
// as the last line (docs/architecture.md's keys plus these). --cpu: the frames' process CPU time
// instead of the wall clock (a machine shared with builds). Exit 77 (skip) when the trace is absent.
#include "core/parse/TraceLoader.h"
#include "widgets/render/MemoryBand.h"
#include "widgets/render/PictureExport.h"
#include "widgets/timeline/TimelineSearch.h"
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
#include <ctime>
#include <functional>
#include <vector>

using namespace lanescope;

namespace {

bool g_cpuTime = false; // --cpu

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

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
    QString path, pattern = QStringLiteral("nccl");
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--frames") && !args.isEmpty())
            frames = std::max(1, args.takeFirst().toInt());
        else if (a == QLatin1String("--cpu"))
            g_cpuTime = true;
        else if (a == QLatin1String("--search") && !args.isEmpty())
            pattern = args.takeFirst();
        else
            path = a;
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "usage: bench_render TRACE [--frames N] [--search PATTERN] [--cpu]\n");
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
    QImage oldImg(img.size(), img.format());
    bool identical = true;
    QStringList differing;
    // Each frame through both paths in turn (the level-of-detail summary, then the slice walk):
    // the medians of the two are measured side by side, and the last pictures compared.
    struct Pair
    {
        double lod = 0, old = 0;
    };
    auto measure = [&](const char *what, const std::function<void()> &before) {
        std::vector<double> ms[2];
        for (int i = 0; i < frames + 2; ++i) {
            before(); // once per pair: both paths draw the same state
            for (int which = 0; which < 2; ++which) {
                view.setLevelOfDetail(which == 0);
                QImage &target = which == 0 ? img : oldImg;
                QElapsedTimer t;
                const double cpu0 = cpuMs();
                t.start();
                {
                    QPainter p(&target);
                    view.renderTo(p, target.size());
                }
                if (i >= 2) // the first frames warm caches (name widths, elided names)
                    ms[which].push_back(g_cpuTime ? cpuMs() - cpu0 : double(t.nsecsElapsed()) / 1e6);
            }
        }
        view.setLevelOfDetail(true);
        if (img != oldImg) {
            identical = false;
            differing << QString::fromLatin1(what);
        }
        return Pair{median(ms[0]), median(ms[1])};
    };

    const Trace &t = *r.trace;
    const double span = double(t.maxTs - t.minTs);
    const double mid = double(t.minTs) + span * 0.5;
    const Pair zoomedOut = measure("zoomed out", [&] { view.fitAll(); });
    const Pair onePercent = measure("1 %", [&] { view.setVisibleRange(mid, mid + span * 0.01); });
    const Pair tenUs = measure("10 us", [&] { view.setVisibleRange(mid, mid + 10'000); });
    view.setVisibleRange(mid, mid + span * 0.01);
    const Pair pan = measure("pan", [&] { view.panPx(37); });
    if (qEnvironmentVariableIsSet("BENCH_RENDER_PNG"))
        img.save(qEnvironmentVariable("BENCH_RENDER_PNG"));

    // Every group collapsed: one density strip per group.
    const int groupCount = int(view.laneLayout().groups().size());
    for (int g = 0; g < groupCount; ++g)
        view.setGroupCollapsed(g, true);
    const Pair collapsed = measure("collapsed", [&] { view.fitAll(); });
    const Pair collapsedOnePercent = measure("collapsed 1 %", [&] { view.setVisibleRange(mid, mid + span * 0.01); });
    for (int g = 0; g < groupCount; ++g)
        view.setGroupCollapsed(g, false);

    // A search with many hits: the matches drawn over veiled lanes.
    const SearchResult found = searchRuns({r.trace.get()}, {session.base(0)}, pattern, false);
    session.state()->setSearch(found.matches);
    const Pair searched = measure("searched", [&] { view.fitAll(); });
    const Pair searchedOnePercent = measure("searched 1 %", [&] { view.setVisibleRange(mid, mid + span * 0.01); });
    session.state()->setSearch(nullptr);

    // The memory bands alone, the whole trace (their share of the zoomed-out frame).
    double memoryBandMs = 0;
    {
        LaneLayout layout;
        layout.build({{r.trace.get(), QString()}});
        TimelineRenderer mr;
        mr.setRuns({{r.trace.get(), index.get(), session.base(0)}});
        mr.setLayout(&layout);
        session.state()->fitAll();
        mr.setViewport(frame, session.state()->windowStart(), session.state()->windowRange(), 0);
        std::vector<double> ms;
        for (int i = 0; i < frames + 2; ++i) {
            QPainter p(&img);
            QElapsedTimer mt;
            const double cpu0 = cpuMs();
            mt.start();
            for (int g = 0; g < int(layout.groups().size()); ++g) {
                MemoryBand::Frame f;
                if (layout.groups()[std::size_t(g)].memoryDevice >= 0 && mr.memoryFrame(g, &f))
                    MemoryBand::paint(p, *index->memoryOf(layout.groups()[std::size_t(g)].memoryDevice), f);
            }
            if (i >= 2)
                ms.push_back(g_cpuTime ? cpuMs() - cpu0 : double(mt.nsecsElapsed()) / 1e6);
        }
        memoryBandMs = median(ms);
    }

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
    std::printf("frame times: %s\n", g_cpuTime ? "process CPU time" : "wall clock");
    std::printf("search \"%s\": %llu hits; lod identical to the slice walk: %s%s\n", qPrintable(pattern),
                static_cast<unsigned long long>(found.hits.size()), identical ? "yes" : "no, in ",
                qPrintable(differing.join(QStringLiteral(", "))));
    const std::size_t lodBytes = index->lodBytes();
    std::printf("{\"zoomed_out_ms\": %.3f, \"one_percent_ms\": %.3f, \"ten_us_ms\": %.3f, \"pan_ms\": %.3f, "
                "\"collapsed_ms\": %.3f, \"collapsed_one_percent_ms\": %.3f, \"searched_ms\": %.3f, "
                "\"searched_one_percent_ms\": %.3f, \"search_hits\": %llu, \"memory_band_ms\": %.3f, "
                "\"zoomed_out_old_ms\": %.3f, \"one_percent_old_ms\": %.3f, \"ten_us_old_ms\": %.3f, \"pan_old_ms\": %.3f, "
                "\"collapsed_old_ms\": %.3f, \"collapsed_one_percent_old_ms\": %.3f, \"searched_old_ms\": %.3f, "
                "\"searched_one_percent_old_ms\": %.3f, \"lod_identical\": %s, \"lod_bytes\": %llu, "
                "\"lod_bytes_per_slice\": %.3f, "
                "\"index_ms\": %.1f, \"second_view_anon_bytes\": %lld, \"second_view_bytes_per_slice\": %.3f, "
                "\"export_3840_png_ms\": %.1f}\n",
                zoomedOut.lod, onePercent.lod, tenUs.lod, pan.lod, collapsed.lod, collapsedOnePercent.lod, searched.lod,
                searchedOnePercent.lod, static_cast<unsigned long long>(found.hits.size()), memoryBandMs, zoomedOut.old,
                onePercent.old, tenUs.old, pan.old, collapsed.old, collapsedOnePercent.old, searched.old,
                searchedOnePercent.old, identical ? "true" : "false", static_cast<unsigned long long>(lodBytes),
                t.sliceCount() ? double(lodBytes) / double(t.sliceCount()) : 0.0, indexMs, secondViewBytes,
                secondViewPerSlice, exported ? exportMs : -1.0);
    return exported && identical ? 0 : 1;
}
