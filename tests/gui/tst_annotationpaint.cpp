// SPDX-License-Identifier: GPL-3.0-or-later
// widgets/render/AnnotationPainter: an annotation is drawn where its time and lane are,
// whatever the window, the picture's width, the scroll, the run's alignment offset or the groups
// collapsed above it — the expected point is computed here from the time, the window and the
// lane's row in the layout, and the annotation's colour must be at that pixel. Then the export:
// SVG with the callout's text as text, a PNG with the colour at the anchor, lanes the picture does
// not show, and findings' labels that would cover each other.
#include "core/annotations/LaneKey.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/render/PictureExport.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace lanescope;
using annotations::Annotation;
using annotations::AnnotationSet;
using annotations::Color;
using annotations::Kind;

namespace {

// GPU 0 with a compute stream (two rows: a kernel inside a range) and an NCCL stream, a CPU thread,
// and the device memory curve. Times in µs; the first event at 1000 µs.
const char kTrace[] = R"({
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3"}],
  "traceEvents": [
    {"ph": "M", "name": "thread_name", "pid": 100, "tid": 101, "args": {"name": "main thread"}},
    {"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 1000, "dur": 200},
    {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 100, "tid": 101, "ts": 1400, "dur": 50},
    {"ph": "X", "cat": "gpu_user_annotation", "name": "layer", "pid": 0, "tid": 7, "ts": 1150, "dur": 700, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 1200, "dur": 300, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "vectorized_elementwise_kernel", "pid": 0, "tid": 7, "ts": 1600, "dur": 20, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float", "pid": 0, "tid": 20, "ts": 1300, "dur": 600, "args": {"device": 0, "stream": 20}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 1050, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": 1000000000, "Total Allocated": 1000000000, "Total Reserved": 2000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 1700, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": -500000000, "Total Allocated": 500000000, "Total Reserved": 2000000000}}
  ]
})";

std::shared_ptr<const Trace> loadSmall()
{
    return loadTrace(MappedSource::fromBytes(std::string(kTrace), QStringLiteral("annotated.pt.trace.json"))).trace;
}

std::uint32_t trackOf(const Trace &t, TrackKind kind, std::int64_t tid)
{
    for (std::uint32_t i = 0; i < t.tracks.size(); ++i)
        if (t.tracks[i].kind == kind && t.tracks[i].tid == tid)
            return i;
    qFatal("no track %lld", static_cast<long long>(tid));
    return 0;
}

Annotation dot(TimeNs t, const QString &lane, double y, Color c = Color::Purple)
{
    Annotation a;
    a.kind = Kind::Callout; // no text: the anchor's dot alone
    a.a = {t, lane, y};
    a.color = c;
    return a;
}

int countColour(const QImage &img, QColor c)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixelColor(x, y) == c;
    return n;
}

} // namespace

class TestAnnotationPaint : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const TraceViewIndex> m_index;

private slots:
    void initTestCase()
    {
        m_trace = loadSmall();
        QVERIFY(m_trace);
        m_index = TraceViewIndex::build(*m_trace);
    }

    void laneKeysOfTheLayout()
    {
        LaneLayout layout;
        layout.build({{m_trace.get(), QString(), false}});
        QStringList keys;
        for (int i = 0; i < int(layout.lanes().size()); ++i)
            keys << layout.laneKey(i);
        QCOMPARE(keys, (QStringList{QStringLiteral("gpu:0:stream:7"), QStringLiteral("gpu:0:stream:20"), QStringLiteral("cpu:100:101")}));
        for (int i = 0; i < int(layout.lanes().size()); ++i)
            QCOMPARE(layout.laneOfKey(0, keys[i]), i);
        QCOMPARE(layout.laneOfKey(1, keys[0]), -1); // no such run
        QCOMPARE(layout.laneOfKey(0, QStringLiteral("gpu:0:stream:99")), -1);
    }

    // The anchor's dot lands at x = header + (axis time - window start) * lanes width / range and
    // y = the lane's row in the layout, under zoom, pan, width, scroll, offset and collapse.
    void anchorFollowsTimeAndLane_data()
    {
        QTest::addColumn<double>("startUs");  // window, axis µs (0 = the run's first event + offset)
        QTest::addColumn<double>("rangeUs");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("scroll");
        QTest::addColumn<qint64>("offsetUs"); // the run's alignment offset
        QTest::addColumn<bool>("collapseGpu");
        QTest::addColumn<int>("tid");         // the lane: 7 / 20 GPU streams, 101 the CPU thread
        QTest::addColumn<qint64>("tUs");      // the anchor, µs after the run's first event
        QTest::addColumn<double>("row");
        QTest::newRow("whole, compute row 0") << 0.0 << 1000.0 << 1240 << 0 << qint64(0) << false << 7 << qint64(250) << 0.5;
        QTest::newRow("whole, compute row 1") << 0.0 << 1000.0 << 1240 << 0 << qint64(0) << false << 7 << qint64(250) << 1.5;
        QTest::newRow("zoomed in 10x") << 200.0 << 100.0 << 1240 << 0 << qint64(0) << false << 7 << qint64(250) << 0.5;
        QTest::newRow("panned") << 100.0 << 1000.0 << 1240 << 0 << qint64(0) << false << 20 << qint64(600) << 0.5;
        QTest::newRow("twice as wide") << 0.0 << 1000.0 << 2240 << 0 << qint64(0) << false << 20 << qint64(600) << 0.5;
        QTest::newRow("scrolled") << 0.0 << 1000.0 << 1240 << 30 << qint64(0) << false << 101 << qint64(100) << 0.5;
        QTest::newRow("run aligned 300 µs later") << 0.0 << 1000.0 << 1240 << 0 << qint64(300) << false << 20 << qint64(400) << 0.5;
        QTest::newRow("GPU collapsed above the CPU lane") << 0.0 << 1000.0 << 1240 << 0 << qint64(0) << true << 101 << qint64(100) << 0.5;
        QTest::newRow("lane of a collapsed group") << 0.0 << 1000.0 << 1240 << 0 << qint64(0) << true << 20 << qint64(600) << 0.5;
    }
    void anchorFollowsTimeAndLane()
    {
        QFETCH(double, startUs);
        QFETCH(double, rangeUs);
        QFETCH(int, width);
        QFETCH(int, scroll);
        QFETCH(qint64, offsetUs);
        QFETCH(bool, collapseGpu);
        QFETCH(int, tid);
        QFETCH(qint64, tUs);
        QFETCH(double, row);
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        if (collapseGpu)
            layout.setCollapsed(layout.groupOfDevice(0, 0), true);
        const TimeNs base = t.minTs - offsetUs * 1000; // SessionRun::base()
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), base}});
        r.setLayout(&layout);
        const int height = TimelineRenderer::kTopHeight + layout.totalHeight();
        r.setViewport(QSize(width, height), startUs * 1000, rangeUs * 1000, scroll);

        const std::uint32_t track = trackOf(t, tid == 101 ? TrackKind::Cpu : TrackKind::Gpu, tid);
        const Track &trk = t.tracks[track];
        const QString key = annotations::LaneKey::forTrack(trk);
        // Expected, from first principles.
        const double axisNs = double(t.minTs + tUs * 1000 - base);
        const double ex = TimelineRenderer::kHeaderWidth + (axisNs - startUs * 1000) * (width - TimelineRenderer::kHeaderWidth) / (rangeUs * 1000);
        const int lane = layout.laneOfTrack(0, track);
        const Lane &l = layout.lanes()[std::size_t(lane)];
        const bool hidden = layout.groups()[std::size_t(l.group)].collapsed;
        const double ey = hidden ? TimelineRenderer::kTopHeight - scroll + layout.groups()[std::size_t(l.group)].y + LaneLayout::kGroupHeaderHeight / 2.0
                                 : TimelineRenderer::kTopHeight - scroll + l.y + LaneLayout::kLanePad + row * LaneLayout::kRowHeight;

        AnnotationPainter painter(r);
        const Annotation a = dot(tUs * 1000, key, row);
        QPointF at;
        QVERIFY(painter.anchorPoint(0, a.a, &at));
        QVERIFY2(std::abs(at.x() - ex) < 1e-6 && std::abs(at.y() - ey) < 1e-6,
                 qPrintable(QStringLiteral("drawn at (%1, %2), expected (%3, %4)").arg(at.x()).arg(at.y()).arg(ex).arg(ey)));
        if (collapseGpu && tid == 101) // the CPU lane moved up by the GPU lanes' height
            QCOMPARE(l.y, layout.groups()[0].y + LaneLayout::kGroupHeaderHeight + LaneLayout::kGroupHeaderHeight);

        // And the picture has the annotation's colour there.
        QImage img(QSize(width, height), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        r.paint(p, {});
        AnnotationSet set;
        set.add(a);
        painter.paint(p, {&set});
        p.end();
        const QColor c = AnnotationPainter::color(Color::Purple);
        QCOMPARE(img.pixelColor(int(std::floor(ex)), int(std::floor(ey))), c);
        QVERIFY(countColour(img, c) >= 9);
        QVERIFY(countColour(img, c) <= 60); // the dot, nothing else of its colour
    }

    // Two runs stacked (a comparison): each run's annotations go on its own lanes, with its own
    // alignment offset; the same key in the other run is another lane.
    void eachRunKeepsItsAnnotations()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QStringLiteral("base"), false}, {&t, QStringLiteral("tuned"), false}});
        const TimeNs offset1 = 200'000; // run 1 aligned 200 µs later
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}, {&t, m_index.get(), t.minTs - offset1}});
        r.setLayout(&layout);
        r.setViewport(QSize(1240, TimelineRenderer::kTopHeight + layout.totalHeight()), 0, 1e6, 0);
        AnnotationPainter painter(r);
        const std::uint32_t track = trackOf(t, TrackKind::Gpu, 20);
        const annotations::Anchor anchor{300'000, QStringLiteral("gpu:0:stream:20"), 0.5};
        QPointF p0, p1;
        QVERIFY(painter.anchorPoint(0, anchor, &p0));
        QVERIFY(painter.anchorPoint(1, anchor, &p1));
        const auto laneY = [&](int run) {
            return TimelineRenderer::kTopHeight + layout.lanes()[std::size_t(layout.laneOfTrack(run, track))].y + LaneLayout::kLanePad
                + 0.5 * LaneLayout::kRowHeight;
        };
        QCOMPARE(p0, QPointF(TimelineRenderer::kHeaderWidth + 300.0, laneY(0)));
        QCOMPARE(p1, QPointF(TimelineRenderer::kHeaderWidth + 500.0, laneY(1)));
        QVERIFY(laneY(1) > laneY(0));

        AnnotationSet tuned;
        tuned.add(dot(anchor.t, anchor.lane, anchor.y, Color::Blue));
        QImage img(r.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        r.paint(p, {});
        painter.paint(p, {nullptr, &tuned});
        p.end();
        const QColor blue = AnnotationPainter::color(Color::Blue);
        QCOMPARE(img.pixelColor(int(p1.x()), int(p1.y())), blue);
        QVERIFY(img.pixelColor(int(p0.x()), int(p0.y())) != blue);
    }

    // A baseline note's text box anchored to the baseline's CPU lane stays on that lane of the
    // baseline when the lanes above it change height (the GPU group collapsed) and the window is
    // another width: a pixel offset would have put it on the other run's lanes.
    void labelAnchorStaysOnItsRunsLane()
    {
        const Trace &t = *m_trace;
        Annotation note = dot(300'000, QStringLiteral("gpu:0:stream:7"), 0.5, Color::Orange);
        note.text = QStringLiteral("baseline note");
        note.hasLabel = true;
        note.label = {450'000, QStringLiteral("cpu:100:101"), 0.25};
        for (const bool collapsed : {false, true})
            for (const int width : {1240, 2000}) {
                LaneLayout layout;
                layout.build({{&t, QStringLiteral("base"), false}, {&t, QStringLiteral("tuned"), false}});
                if (collapsed)
                    layout.setCollapsed(layout.groupOfDevice(0, 0), true);
                TimelineRenderer r;
                r.setRuns({{&t, m_index.get(), t.minTs}, {&t, m_index.get(), t.minTs}});
                r.setLayout(&layout);
                r.setViewport(QSize(width, TimelineRenderer::kTopHeight + layout.totalHeight()), 0, 1e6, 0);
                AnnotationPainter painter(r);
                const QRectF label = painter.shape(0, note).label;
                const int cpu0 = layout.laneOfKey(0, QStringLiteral("cpu:100:101"));
                const double ex = TimelineRenderer::kHeaderWidth + 450.0 * (width - TimelineRenderer::kHeaderWidth) / 1000.0;
                const double ey = r.laneTop(cpu0) + LaneLayout::kLanePad + 0.25 * LaneLayout::kRowHeight;
                QVERIFY2(std::abs(label.left() - ex) < 1e-6 && std::abs(label.top() - ey) < 1e-6,
                         qPrintable(QStringLiteral("%1 px%2: at (%3, %4), expected (%5, %6)")
                                        .arg(width).arg(collapsed ? QStringLiteral(", collapsed") : QString())
                                        .arg(label.left()).arg(label.top()).arg(ex).arg(ey)));
                // Of run 0's lanes, not run 1's.
                QVERIFY(label.top() < r.laneTop(layout.laneOfKey(1, QStringLiteral("gpu:0:stream:7"))));
                // And the anchor of where it is drawn is the anchor it has.
                annotations::Anchor back;
                QVERIFY(painter.labelAnchorAt(0, label.topLeft(), &back));
                QCOMPARE(back.lane, note.label.lane);
                QVERIFY(std::abs(double(back.t - note.label.t)) <= 1);
                QVERIFY(std::abs(back.y - note.label.y) < 1e-9);
            }
    }

    // What a hand-edited file may hold (finite, but absurd): drawn somewhere finite, no crash.
    void extremeValuesStayDrawable()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        r.setViewport(QSize(1240, TimelineRenderer::kTopHeight + layout.totalHeight()), 0, 1e6, 0);
        AnnotationPainter painter(r);
        AnnotationSet set;
        Annotation m = dot(100'000, annotations::LaneKey::memory(0), 1e300, Color::Red);
        m.text = QStringLiteral("far");
        m.labelDx = -1e300;
        m.labelDy = 1e300;
        set.add(m);
        Annotation rect;
        rect.kind = Kind::Rect;
        rect.a = {-9'000'000'000'000'000, QStringLiteral("gpu:0:stream:7"), -1e300};
        rect.b = {9'000'000'000'000'000, QStringLiteral("cpu:100:101"), 1e300};
        set.add(rect);
        for (const Annotation &a : set.items()) {
            const auto sh = painter.shape(0, a);
            QVERIFY(sh.visible);
            for (double v : {sh.a.x(), sh.a.y(), sh.b.x(), sh.b.y(), sh.label.left(), sh.label.top()})
                QVERIFY2(std::isfinite(v) && std::abs(v) <= 2e6, qPrintable(QString::number(v)));
        }
        QImage plain(r.size(), QImage::Format_ARGB32_Premultiplied), img(r.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter p0(&plain);
        r.paint(p0, {});
        p0.end();
        QPainter p(&img);
        r.paint(p, {});
        painter.paint(p, {&set});
        p.end();
        // The rectangle covers the whole window: its tint is where nothing else is drawn (950 µs).
        const QPoint empty(TimelineRenderer::kHeaderWidth + 950, r.laneTop(0) + 5);
        QVERIFY(img.pixelColor(empty) != plain.pixelColor(empty));
    }

    void memoryAnchorSitsOnTheCurve()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), true}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        r.setViewport(QSize(1240, TimelineRenderer::kTopHeight + layout.totalHeight()), 0, 1e6, 0);
        AnnotationPainter painter(r);
        QPointF at;
        QVERIFY(painter.anchorPoint(0, {800'000, annotations::LaneKey::memory(0), 5e8}, &at));
        const int g = layout.groupOfDevice(0, 0);
        QCOMPARE(at.y(), r.memoryY(g, 5e8));
        QCOMPARE(at.x(), TimelineRenderer::kHeaderWidth + 800.0);
        QVERIFY(!painter.anchorPoint(0, {0, annotations::LaneKey::memory(3), 0}, &at)); // no such device
    }

    void shapesOfEachKind()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        r.setViewport(QSize(1240, TimelineRenderer::kTopHeight + layout.totalHeight()), 0, 1e6, 0);
        AnnotationPainter painter(r);
        const QString s7 = QStringLiteral("gpu:0:stream:7"), cpu = QStringLiteral("cpu:100:101");
        const int laneTop7 = r.laneTop(layout.laneOfKey(0, s7)), laneTopCpu = r.laneTop(layout.laneOfKey(0, cpu));
        const double x0 = TimelineRenderer::kHeaderWidth;

        Annotation rect;
        rect.kind = Kind::Rect;
        rect.a = {100'000, s7, 0};
        rect.b = {300'000, cpu, 1};
        const auto rs = painter.shape(0, rect);
        QVERIFY(rs.visible);
        QCOMPARE(rs.body, QRectF(QPointF(x0 + 100, laneTop7 + LaneLayout::kLanePad), QPointF(x0 + 300, laneTopCpu + LaneLayout::kLanePad + LaneLayout::kRowHeight)));
        QVERIFY(rs.label.isEmpty());

        Annotation marker;
        marker.kind = Kind::Marker;
        marker.a = {200'000, s7, 1.5}; // the GEMM, at depth 1 under the range
        marker.b = {500'000, s7, 1.5};
        marker.text = QStringLiteral("slow GEMM");
        const auto ms = painter.shape(0, marker);
        QCOMPARE(ms.body, QRectF(QPointF(x0 + 200, laneTop7 + LaneLayout::kLanePad + LaneLayout::kRowHeight),
                                 QSizeF(300, LaneLayout::kRowHeight - 1)));
        QVERIFY(!ms.label.isEmpty());

        Annotation range;
        range.kind = Kind::Range;
        range.a = {400'000, QString(), 0};
        range.b = {600'000, QString(), 0};
        const auto gs = painter.shape(0, range);
        QCOMPARE(gs.body.left(), x0 + 400);
        QCOMPARE(gs.body.right(), x0 + 600);
        QCOMPARE(gs.body.top(), double(TimelineRenderer::kTopHeight));
        QCOMPARE(gs.body.bottom(), double(TimelineRenderer::kTopHeight + layout.totalHeight()));
        QVERIFY(!gs.label.isEmpty()); // an unlabelled range says its length

        Annotation arrow;
        arrow.kind = Kind::Arrow;
        arrow.a = {100'000, cpu, 0.5};
        arrow.b = {250'000, s7, 0.5};
        const auto as = painter.shape(0, arrow);
        QCOMPARE(as.a, QPointF(x0 + 100, laneTopCpu + LaneLayout::kLanePad + LaneLayout::kRowHeight / 2.0));
        QCOMPARE(as.b, QPointF(x0 + 250, laneTop7 + LaneLayout::kLanePad + LaneLayout::kRowHeight / 2.0));

        Annotation callout = dot(250'000, s7, 0.5);
        callout.text = QStringLiteral("here");
        callout.labelDx = 30;
        callout.labelDy = 20;
        const auto cs = painter.shape(0, callout);
        QCOMPARE(cs.label.topLeft(), cs.a + QPointF(30, 20));
    }

    void hitTestFindsTheTopmost()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        r.setViewport(QSize(1240, TimelineRenderer::kTopHeight + layout.totalHeight()), 0, 1e6, 0);
        AnnotationPainter painter(r);
        const QString s7 = QStringLiteral("gpu:0:stream:7"), s20 = QStringLiteral("gpu:0:stream:20");
        AnnotationSet set;
        Annotation rect;
        rect.kind = Kind::Rect;
        rect.a = {100'000, s7, 0};
        rect.b = {300'000, s20, 1};
        const auto rectId = set.add(rect);
        Annotation arrow;
        arrow.kind = Kind::Arrow;
        arrow.a = {400'000, s7, 0.5};
        arrow.b = {600'000, s20, 0.5};
        const auto arrowId = set.add(arrow);
        Annotation callout = dot(200'000, s7, 0.5); // over the rectangle, added later: on top
        callout.text = QStringLiteral("on top");
        const auto calloutId = set.add(callout);
        const auto cs = painter.shape(0, callout), as = painter.shape(0, arrow);
        QCOMPARE(painter.hitTest(0, set, cs.a), calloutId);
        QCOMPARE(painter.hitTest(0, set, cs.label.center()), calloutId);
        QCOMPARE(painter.hitTest(0, set, cs.a + QPointF(40, 0)), rectId); // in the rectangle, off the dot
        QCOMPARE(painter.hitTest(0, set, (as.a + as.b) / 2 + QPointF(0, 2)), arrowId);
        QCOMPARE(painter.hitTest(0, set, (as.a + as.b) / 2 + QPointF(0, 30)), AnnotationSet::Id(0));
        QCOMPARE(painter.hitTest(1, set, cs.a), AnnotationSet::Id(0)); // no such run
    }

    // A GPU-only picture has no CPU lanes: an annotation on one is not drawn (anywhere else).
    void laneNotInTheLayoutIsNotDrawn()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), true}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        const QSize size(1240, TimelineRenderer::kTopHeight + layout.totalHeight());
        r.setViewport(size, 0, 1e6, 0);
        AnnotationPainter painter(r);
        AnnotationSet set;
        Annotation a = dot(100'000, QStringLiteral("cpu:100:101"), 0.5, Color::Green);
        a.text = QStringLiteral("on the CPU");
        set.add(a);
        QVERIFY(!painter.shape(0, a).visible);
        QImage img(size, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        r.paint(p, {});
        painter.paint(p, {&set});
        p.end();
        QCOMPARE(countColour(img, AnnotationPainter::color(Color::Green)), 0);
    }

    // Findings' labels that would cover each other: each one shown sits over its own gap and covers
    // no other label, the user's own labels always show, and the gaps of one lane and cause left
    // out are counted by one summary label.
    void findingLabelsDoNotPileUp()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        const QSize size(1240, TimelineRenderer::kTopHeight + layout.totalHeight());
        r.setViewport(size, 0, 1e6, 0);
        AnnotationSet set;
        for (int i = 0; i < 3; ++i) {
            Annotation f;
            f.kind = Kind::Rect;
            f.finding = true;
            f.color = Color::Green;
            f.a = {100'000 + i * 10'000, QStringLiteral("gpu:0:stream:20"), 0};
            f.b = {105'000 + i * 10'000, QStringLiteral("gpu:0:stream:20"), 1};
            f.text = QStringLiteral("5.00 µs idle: waiting for the data loader");
            set.add(f);
        }
        Annotation mine = dot(100'000, QStringLiteral("gpu:0:stream:20"), 0.5, Color::Red);
        mine.text = QStringLiteral("mine");
        mine.labelDx = 0;
        mine.labelDy = -30;
        set.add(mine);
        AnnotationPainter painter(r);
        // At their first places the three findings' labels overlap each other, and the user's the first.
        const QRectF l0 = painter.shape(0, set.items()[0]).label, l1 = painter.shape(0, set.items()[1]).label;
        QVERIFY(l0.intersects(l1));
        QVERIFY(painter.shape(0, mine).label.intersects(l0));
        QImage img(size, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        r.paint(p, {});
        painter.paint(p, {&set});
        p.end();
        QVERIFY(countColour(img, AnnotationPainter::color(Color::Red)) > 100); // its filled label
        std::vector<QRectF> shown{painter.shape(0, set.items().back()).label};
        for (int i = 0; i < 3; ++i) {
            const Annotation &f = set.items()[std::size_t(i)];
            if (painter.labelDropped(0, f.id))
                continue;
            const AnnotationPainter::Shape s = painter.shape(0, f);
            QVERIFY(s.label.right() > s.body.left() && s.label.left() < s.body.right()); // over its own gap
            shown.push_back(s.label);
        }
        for (std::size_t i = 0; i < shown.size(); ++i)
            for (std::size_t j = i + 1; j < shown.size(); ++j)
                QVERIFY2(!shown[i].intersects(shown[j]), qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
        // Three 250 px labels over 25 px of gaps beside a note: one shows (below the first gap), the
        // other two are summarised.
        QCOMPARE(shown.size(), std::size_t(2));
        QCOMPARE(painter.droppedLabels(), 2);
        QCOMPARE(painter.summarisedLabels(), 2);
        QVERIFY2(painter.shownLabels().contains(QStringLiteral("2 gaps ≥ 5.00 µs idle: waiting for the data loader (10.0 µs in all)")),
                 qPrintable(painter.shownLabels().join(QLatin1Char('\n'))));

        // The finding that explains most in view gets its first place: the widest gap's label
        // shows above it even when it comes last, and a rectangle's before a callout's.
        AnnotationSet ranked;
        std::vector<AnnotationSet::Id> ids;
        const TimeNs starts[] = {100'000, 103'000, 110'000}, widths[] = {2'000, 4'000, 30'000};
        for (int i = 0; i < 3; ++i) {
            Annotation f;
            f.kind = Kind::Rect;
            f.finding = true;
            f.a = {starts[i], QStringLiteral("gpu:0:stream:20"), 0};
            f.b = {starts[i] + widths[i], QStringLiteral("gpu:0:stream:20"), 1};
            f.text = QStringLiteral("gap %1 with a long label").arg(i);
            ids.push_back(ranked.add(f));
        }
        Annotation burst = dot(99'000, QStringLiteral("gpu:0:stream:20"), 0.5, Color::Purple);
        burst.finding = true;
        burst.text = QStringLiteral("allocator burst with a long label");
        // Its label box right on the widest gap's.
        QPointF at;
        QVERIFY(painter.anchorPoint(0, burst.a, &at));
        const QRectF widest = painter.shape(0, ranked.items()[2]).label;
        burst.labelDx = widest.left() - at.x();
        burst.labelDy = widest.top() - at.y();
        const AnnotationSet::Id burstId = ranked.add(burst);
        QVERIFY(painter.shape(0, ranked.items()[3]).label.intersects(widest));
        QImage img3(size, QImage::Format_ARGB32_Premultiplied);
        QPainter p3(&img3);
        r.paint(p3, {});
        painter.paint(p3, {&ranked});
        p3.end();
        QVERIFY(!painter.labelDropped(0, ids[2]));
        QCOMPARE(painter.shape(0, ranked.items()[2]).label, widest);
        for (const AnnotationSet::Id id : {ids[0], ids[1], burstId})
            if (!painter.labelDropped(0, id))
                QVERIFY(!painter.shape(0, *ranked.find(id)).label.intersects(widest));

        // Two overlapping "same region" ranges of a comparison: a label of either would lie over
        // the other range too, so both are counted by the run's summary, which lists their figures.
        AnnotationSet ranges;
        for (int i = 0; i < 2; ++i) {
            Annotation f;
            f.kind = Kind::Range;
            f.finding = true;
            f.color = Color::Green;
            f.a = {300'000 + i * 20'000, QString(), 0};
            f.b = {340'000 + i * 20'000, QString(), 0};
            f.text = QStringLiteral("same region in tuned: no idle");
            ranges.add(f);
        }
        QImage img4(size, QImage::Format_ARGB32_Premultiplied);
        img4.fill(Qt::white);
        QPainter p4(&img4);
        painter.paint(p4, {&ranges});
        p4.end();
        QCOMPARE(painter.droppedLabels(), 2);
        QCOMPARE(painter.summarisedLabels(), 2);
        QCOMPARE(painter.shownLabels(), QStringList{QStringLiteral("same region in tuned (2 regions): no idle · no idle")});

        // Apart, each shows its own, stacked where they would meet, neither over the other range.
        AnnotationSet apart;
        for (int i = 0; i < 2; ++i) {
            Annotation f;
            f.kind = Kind::Range;
            f.finding = true;
            f.color = Color::Green;
            f.a = {300'000 + i * 300'000, QString(), 0};
            f.b = {340'000 + i * 300'000, QString(), 0};
            f.text = QStringLiteral("same region in tuned: no idle");
            apart.add(f);
        }
        QImage img5(size, QImage::Format_ARGB32_Premultiplied);
        QPainter p5(&img5);
        painter.paint(p5, {&apart});
        p5.end();
        QCOMPARE(painter.droppedLabels(), 0);
        const QRectF first = painter.shape(0, apart.items()[0]).label, second = painter.shape(0, apart.items()[1]).label;
        QVERIFY(!first.intersects(second));
        QVERIFY(first.right() <= painter.shape(0, apart.items()[1]).body.left());
    }

    // Thousands of the user's own notes in the window (a huge sidecar zoomed out): at most
    // kMaxLabels labels are laid out and shown, the topmost first, none covering another; the rest
    // are dropped, and a hit test does not find a note by a label that is not on screen. Every
    // note's shape is still drawn.
    void crowdedUserLabelsAreBounded()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        TimelineRenderer r;
        r.setRuns({{&t, m_index.get(), t.minTs}});
        r.setLayout(&layout);
        const QSize size(1240, TimelineRenderer::kTopHeight + layout.totalHeight());
        r.setViewport(size, 0, 1e6, 0);
        AnnotationSet set;
        const int n = 3 * AnnotationPainter::kMaxLabels;
        for (int i = 0; i < n; ++i) {
            Annotation a = dot(TimeNs(i) * 600, QStringLiteral("gpu:0:stream:7"), 0.5, Color::Blue);
            a.text = QStringLiteral("note %1").arg(i);
            set.add(a);
        }
        AnnotationPainter painter(r);
        QImage img(size, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        QPainter p(&img);
        r.paint(p, {});
        painter.paint(p, {&set});
        p.end();
        int shown = 0;
        for (const Annotation &a : set.items())
            shown += !painter.labelDropped(0, a.id);
        QVERIFY2(shown <= AnnotationPainter::kMaxLabels, qPrintable(QString::number(shown)));
        QVERIFY(shown > 0);
        QCOMPARE(painter.droppedLabels(), n - shown);
        QVERIFY(!painter.labelDropped(0, set.items().back().id)); // the topmost note keeps its label
        QVERIFY(countColour(img, AnnotationPainter::color(Color::Blue)) > 100);
        // A dropped label is not on screen: a hit test at its box finds nothing there by it.
        for (const Annotation &a : set.items())
            if (painter.labelDropped(0, a.id)) {
                const QRectF box = painter.shape(0, a).label;
                const QPointF inside = box.center();
                const auto hit = painter.hitTest(0, set, inside, 0);
                QVERIFY(hit != a.id || QLineF(painter.shape(0, a).a, inside).length() <= AnnotationPainter::kAnchorRadius);
                break;
            }
    }

    void svgHasTheCalloutText()
    {
        const Trace &t = *m_trace;
        LaneLayout layout;
        layout.build({{&t, QString(), false}});
        AnnotationSet set;
        Annotation a = dot(250'000, QStringLiteral("gpu:0:stream:7"), 0.5, Color::Orange);
        a.text = QStringLiteral("AllGather waits here");
        set.add(a);
        Annotation f;
        f.kind = Kind::Rect;
        f.finding = true;
        f.color = Color::Blue;
        f.a = {500'000, QStringLiteral("gpu:0:stream:7"), 0};
        f.b = {600'000, QStringLiteral("gpu:0:stream:7"), 2};
        f.text = QStringLiteral("100 µs idle: waiting for AllReduce (stream 20)");
        set.add(f);
        PictureInput in;
        in.runs = {{&t, m_index.get(), t.minTs}};
        in.layout = &layout;
        in.windowStart = 0;
        in.windowRange = 1e6;
        in.annotations = {&set};
        PictureOptions opt;
        opt.width = 1240;
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("a.svg"));
        QString error;
        QVERIFY2(PictureExport::write(svg, in, opt, &error), qPrintable(error));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QStringList texts;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::Characters && !xml.isWhitespace())
                texts << xml.text().toString();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(texts.join(QLatin1Char('|')).contains(QStringLiteral("AllGather waits here")), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(texts.join(QLatin1Char(' ')).contains(QStringLiteral("waiting for AllReduce")));

        // The PNG of the same input: the annotation's colour at its anchor, inside the timeline.
        const QImage img = PictureExport::image(in, opt);
        const QRect tl = PictureExport::timelineRect(in, opt);
        const double x = tl.left() + TimelineRenderer::kHeaderWidth + 250.0 * (opt.width - TimelineRenderer::kHeaderWidth) / 1000.0;
        const double y = tl.top() + TimelineRenderer::kTopHeight + layout.lanes()[0].y + LaneLayout::kLanePad + 0.5 * LaneLayout::kRowHeight;
        QCOMPARE(img.pixelColor(int(x), int(y)), AnnotationPainter::color(Color::Orange));
        // Without the annotations, that pixel is something else.
        in.annotations.clear();
        QVERIFY(PictureExport::image(in, opt).pixelColor(int(x), int(y)) != AnnotationPainter::color(Color::Orange));
    }

    void paletteReadsOnLightAndDark()
    {
        auto lum = [](const QColor &c) {
            auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
        };
        const double white = lum(Qt::white), dark = lum(QColor(0x1E, 0x1F, 0x22));
        for (int i = 0; i < annotations::kColorCount; ++i) {
            const double l = lum(AnnotationPainter::color(Color(i)));
            QVERIFY2((white + 0.05) / (l + 0.05) >= 3, annotations::colorKey(Color(i)));
            QVERIFY2((l + 0.05) / (dark + 0.05) >= 3, annotations::colorKey(Color(i)));
            const double text = lum(AnnotationPainter::textColor(Color(i)));
            QVERIFY((std::max(l, text) + 0.05) / (std::min(l, text) + 0.05) >= 3);
        }
    }
};

QTEST_MAIN(TestAnnotationPaint)
#include "tst_annotationpaint.moc"
