// SPDX-License-Identifier: GPL-3.0-or-later
// bench_annotations [--max N] [--frames N] [--cpu]
// The annotation editing path of the window at sidecar sizes from 1,000 annotations up to N
// (default: the most a sidecar may hold, annotations::kMaxAnnotations): load of the sidecar, a
// frame of the zoomed-out timeline with every annotation in it, a hit test that hits nothing (so
// tries every annotation near the pointer in time), a rectangle drawn with
// the mouse (press, four moves, release, each frame painted) and the autosave's write after it.
// Each figure is printed in ms and per annotation (µs/element): a cost that grows faster than the
// count shows as a per-element figure that grows. --cpu: the process's CPU time instead of the wall
// clock, for a machine busy with other work. Prints one JSON object as the last line.
#include "app/gui/MainWindow.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/annotations/AnnotationEditor.h"
#include "core/annotations/AnnotationFile.h"
#include "core/annotations/AnnotationStore.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/view/Session.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

using namespace lanescope;
using annotations::Annotation;
using annotations::Kind;

namespace {

bool g_cpuTime = false; // --cpu: the process's CPU time, not the wall clock (a machine shared with builds)

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double msOf(const std::function<void()> &f)
{
    QElapsedTimer t;
    t.start();
    const double cpu0 = cpuMs();
    f();
    return g_cpuTime ? cpuMs() - cpu0 : double(t.nsecsElapsed()) / 1e6;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// n annotations spread over the trace's span and its lanes: every kind, distinct texts, one in ten
// a finding (as "Annotate findings" makes them).
std::vector<Annotation> makeAnnotations(int n, TimeNs span, const QStringList &lanes)
{
    std::mt19937_64 rng(42);
    std::vector<Annotation> out;
    out.reserve(std::size_t(n));
    for (int k = 0; k < n; ++k) {
        Annotation a;
        a.kind = Kind(k % annotations::kKindCount);
        const TimeNs t = TimeNs(rng() % std::uint64_t(span));
        const QString lane = lanes.at(int(rng() % std::uint64_t(lanes.size())));
        a.a = {t, a.kind == Kind::Range ? QString() : lane, 0.5};
        a.b = {std::min(span, t + TimeNs(rng() % 2'000'000)), a.kind == Kind::Range ? QString() : lane, 1.5};
        a.color = annotations::Color(k % annotations::kColorCount);
        a.text = QStringLiteral("note %1: allocator churn before the AllGather").arg(k);
        a.finding = k % 10 == 0;
        out.push_back(std::move(a));
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("LanescopeBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_annotations"));
    QStringList args = app.arguments().mid(1);
    int maxCount = annotations::kMaxAnnotations, frames = 3;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--max") && !args.isEmpty())
            maxCount = std::clamp(args.takeFirst().toInt(), 1000, annotations::kMaxAnnotations);
        else if (a == QLatin1String("--frames") && !args.isEmpty())
            frames = std::max(1, args.takeFirst().toInt());
        else if (a == QLatin1String("--cpu"))
            g_cpuTime = true;
    }

    QTemporaryDir dir;
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Baseline;
    c.layers = 8;
    const synth::SynthOutput synthOut = synth::synthesize(c);
    const QString path = dir.filePath(QStringLiteral("bench.pt.trace.json"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(synthOut.traces.at(0).data(), qint64(synthOut.traces.at(0).size())) < 0)
            return 3;
    }
    MainWindow w;
    w.resize(1920, 1080);
    w.show();
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFile(path);
    if (!loaded.wait(120000) || !loaded.at(0).at(0).toBool()) {
        std::fprintf(stderr, "bench_annotations: cannot open the synthetic trace\n");
        return 3;
    }
    if (!QTest::qWaitForWindowExposed(&w))
        std::fprintf(stderr, "bench_annotations: the window was not exposed\n");
    TimelineView *tl = w.timelineView();
    Session *s = w.session();
    const TimeNs span = s->run(0).trace->maxTs - s->run(0).trace->minTs; // the trace is loaded again per size
    const LaneLayout &layout = tl->laneLayout();
    QStringList lanes;
    for (int i = 0; i < int(layout.lanes().size()); ++i)
        if (layout.isLaneVisible(i))
            lanes << layout.laneKey(i);
    int gpuLane = -1;
    for (int i = 0; i < int(layout.lanes().size()) && gpuLane < 0; ++i)
        if (layout.isLaneVisible(i) && layout.laneKey(i).startsWith(QLatin1String("gpu:")))
            gpuLane = i;
    AnnotationEditor *ed = w.annotationEditor();
    AnnotationAutosave *autosave = w.annotationAutosave();
    const annotations::AnnotationStore store(path);

    QString json = QStringLiteral("{\"sizes\": [");
    std::printf("%9s %10s %9s %9s %9s %9s %9s %9s   (ms; per element µs in brackets)\n", "n", "file_MB", "load", "frame",
                "hit", "drag", "save", "edit+save");
    std::vector<int> sizes;
    for (int n = 1000; n < maxCount; n *= 2)
        sizes.push_back(n);
    sizes.push_back(maxCount == annotations::kMaxAnnotations ? maxCount - 1 : maxCount); // the drawn rectangle makes it the limit
    bool first = true;
    for (int n : sizes) {
        // The sidecar of n annotations, then read back as the window would.
        {
            annotations::AnnotationSet set;
            for (Annotation &a : makeAnnotations(n, span, lanes))
                set.add(std::move(a));
            QFile::remove(store.besidePath()); // written afresh, not merged with the last size's
            QFile::remove(store.fallbackPath());
            if (!annotations::AnnotationStore(path).save(set).ok) {
                std::fprintf(stderr, "bench_annotations: cannot write the sidecar of %d\n", n);
                return 3;
            }
        }
        const double fileMb = double(QFileInfo(store.besidePath()).size()) / 1e6;
        annotations::AnnotationStore::Loaded l;
        const double loadMs = msOf([&] { l = annotations::AnnotationStore(path).load(); }); // a new window: parsed
        // The window opens the trace again and reads the sidecar itself, as a user's would.
        loaded.clear();
        w.openFile(path);
        if (!loaded.wait(120000) || !loaded.at(0).at(0).toBool() || s->annotations(0)->size() != n) {
            std::fprintf(stderr, "bench_annotations: the window did not read the %d annotations back (%d; %s)\n", n,
                         s->annotations(0) ? s->annotations(0)->size() : -1, qPrintable(annotations::AnnotationStore(path).load().problems.join(QLatin1Char(' '))));
            return 3;
        }
        ed->undoStack()->clear();
        tl->fitAll();
        QApplication::processEvents();

        QImage img(tl->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        std::vector<double> frameMs, hitMs;
        for (int i = 0; i < frames; ++i) {
            frameMs.push_back(msOf([&] {
                QPainter p(&img);
                tl->renderTo(p, img.size());
            }));
            // Above the lanes: nothing is hit, so every annotation within reach in time is tried.
            const QPointF miss(tl->lanesRect().center().x(), tl->lanesRect().top() - 10);
            hitMs.push_back(msOf([&] { tl->annotationPainter().hitTest(0, *s->annotations(0), miss); }));
        }

        // A rectangle drawn with the mouse, each step painted as the window would, then written.
        ed->toolAction(AnnotationTool::Rect)->trigger();
        const QRect lr = tl->laneRect(gpuLane), lanesRect = tl->lanesRect();
        const QPoint from(lanesRect.left() + 100, lr.top() + 4), to(lanesRect.left() + 300, lr.bottom() - 4);
        const int before = s->annotations(0)->size();
        const double dragMs = msOf([&] {
            QTest::mousePress(tl->viewport(), Qt::LeftButton, {}, from);
            QApplication::processEvents();
            for (int i = 1; i <= 4; ++i) {
                QTest::mouseMove(tl->viewport(), from + (to - from) * i / 4);
                tl->viewport()->repaint();
            }
            QTest::mouseRelease(tl->viewport(), Qt::LeftButton, {}, to);
            tl->viewport()->repaint();
        });
        const bool registered = s->annotations(0)->size() == before + 1;
        const double saveMs = msOf([&] { autosave->flush(); });
        ed->toolAction(AnnotationTool::Select)->trigger();

        const double f = median(frameMs), h = median(hitMs);
        const auto per = [n](double ms) { return ms * 1000.0 / n; };
        std::printf("%9d %10.1f %9.1f %9.1f %9.2f %9.1f %9.1f %9.1f   [%.2f %.2f %.3f %.3f %.3f]%s\n", n, fileMb, loadMs, f, h, dragMs,
                    saveMs, dragMs + saveMs, per(loadMs), per(f), per(h), per(dragMs), per(saveMs), registered ? "" : "  (drag NOT registered)");
        std::fflush(stdout);
        json += QStringLiteral("%1{\"n\": %2, \"file_mb\": %3, \"load_ms\": %4, \"frame_ms\": %5, \"hit_test_ms\": %6, \"drag_ms\": %7, "
                               "\"save_ms\": %8, \"edit_save_us_per_element\": %9, \"frame_us_per_element\": %10, "
                               "\"hit_test_us_per_element\": %11, \"registered\": %12}")
                    .arg(first ? QString() : QStringLiteral(", "))
                    .arg(n)
                    .arg(fileMb, 0, 'f', 1)
                    .arg(loadMs, 0, 'f', 1)
                    .arg(f, 0, 'f', 2)
                    .arg(h, 0, 'f', 3)
                    .arg(dragMs, 0, 'f', 1)
                    .arg(saveMs, 0, 'f', 1)
                    .arg(per(dragMs + saveMs), 0, 'f', 4)
                    .arg(per(f), 0, 'f', 4)
                    .arg(per(h), 0, 'f', 4)
                    .arg(registered ? QStringLiteral("true") : QStringLiteral("false"));
        first = false;
    }
    json += QStringLiteral("], \"max_annotations\": %1, \"clock\": \"%2\"}")
                .arg(annotations::kMaxAnnotations)
                .arg(g_cpuTime ? QStringLiteral("cpu") : QStringLiteral("wall"));
    std::printf("%s\n", qPrintable(json));
    return 0;
}
