// SPDX-License-Identifier: GPL-3.0-or-later
// The renderer alone (widgets/render): a small known trace drawn at two sizes and two windows puts
// the GEMM slice, a point of the memory curve and a labelled ruler tick at the pixels the time
// axis says, the same relative position at 960 and 3,840 px; and the widget shows exactly what
// the renderer paints for the same window and size (the screen and the export cannot drift).
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/render/Palette.h"
#include "widgets/view/Session.h"
#include "widgets/render/TimelineRenderer.h"
#include "widgets/timeline/TimelineView.h"

#include <QElapsedTimer>
#include <QPainter>
#include <QtTest>

using namespace lanescope;

class TestTimelineRenderer : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const TraceViewIndex> m_index;

    // Renders [startUs, endUs] of the test trace into a width x 400 image.
    QImage render(int width, double startUs, double endUs, TimelineRenderer &r, LaneLayout &layout)
    {
        layout.build({{m_trace.get(), QString()}});
        r.setRuns({{m_trace.get(), m_index.get(), m_trace->minTs}});
        r.setLayout(&layout);
        r.setViewport(QSize(width, 400), startUs * 1e3, (endUs - startUs) * 1e3, 0);
        QImage img(width, 400, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        r.paint(p, RenderOverlay());
        return img;
    }
    static bool near(const QColor &a, const QColor &b, int tol = 6)
    {
        return std::abs(a.red() - b.red()) <= tol && std::abs(a.green() - b.green()) <= tol && std::abs(a.blue() - b.blue()) <= tol;
    }

private slots:
    void initTestCase()
    {
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
        m_index = TraceViewIndex::build(*m_trace);
    }

    void knownPixels_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("startUs");
        QTest::addColumn<double>("endUs");
        QTest::newRow("960, whole") << 960 << 0.0 << 1000.0;
        QTest::newRow("3840, whole") << 3840 << 0.0 << 1000.0;
        QTest::newRow("960, 150-850 us") << 960 << 150.0 << 850.0;
        QTest::newRow("3840, 150-850 us") << 3840 << 150.0 << 850.0;
    }
    void knownPixels()
    {
        QFETCH(int, width);
        QFETCH(double, startUs);
        QFETCH(double, endUs);
        TimelineRenderer r;
        LaneLayout layout;
        const QImage img = render(width, startUs, endUs, r, layout);
        const int lanesW = width - TimelineRenderer::kHeaderWidth;
        auto xOf = [&](double us) { return TimelineRenderer::kHeaderWidth + (us - startUs) / (endUs - startUs) * lanesW; };

        // The GEMM (200-500 µs on stream 7): its middle, on its row, is the GEMM colour.
        const SliceRef gemm = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn");
        const int lane = layout.laneOfTrack(0, gemm.track);
        QVERIFY(lane >= 0);
        // One pixel under the row's top: above the slice's name, so exactly the slice's colour.
        const int rowY = r.laneTop(lane) + LaneLayout::kLanePad + 1;
        const int shade = SliceClassifier::shadeOf(m_trace->tracks[gemm.track].nameId[gemm.slice]);
        for (double us : {210.0, 350.0, 490.0})
            QCOMPARE(img.pixelColor(int(xOf(us)), rowY), Palette::color(SliceClass::Gemm, shade));
        // Just before it starts, the lane is background.
        const QColor before = img.pixelColor(int(xOf(195)), rowY);
        QVERIFY2(!near(before, Palette::color(SliceClass::Gemm, shade), 30), qPrintable(before.name()));

        // The memory curve: at 800 µs GPU 0 has 0.5 GB allocated; the allocated line sits at
        // memoryY(0.5 GB) (drawn 2 px thick: y and y - 1).
        const int group = layout.groupOfDevice(0, 0);
        QVERIFY(group >= 0);
        const double y = r.memoryY(group, 0.5e9);
        QVERIFY(!std::isnan(y));
        const QColor mem = img.pixelColor(int(xOf(800)), int(std::lround(y)));
        const QColor memUp = img.pixelColor(int(xOf(800)), int(std::lround(y)) - 1);
        QVERIFY2(near(mem, Palette::memoryAllocated(), 40) || near(memUp, Palette::memoryAllocated(), 40),
                 qPrintable(QStringLiteral("%1 / %2 at y %3").arg(mem.name(), memUp.name()).arg(y)));

        // A labelled ruler tick: a 9 px mark ending at the ruler's bottom at its time's x.
        const auto ticks = r.axis().ticks();
        const auto tick = std::find_if(ticks.begin(), ticks.end(), [](const TimeAxis::Tick &t) { return t.labelled && t.px > 50; });
        QVERIFY(tick != ticks.end());
        const int tx = TimelineRenderer::kHeaderWidth + int(std::lround(tick->px));
        QCOMPARE(double(tx), std::round(xOf(tick->ns / 1e3)));
        QCOMPARE(img.pixelColor(tx, TimelineRenderer::kRulerHeight - 5), QColor(0x90, 0x96, 0xA0));
        QCOMPARE(img.pixelColor(tx, TimelineRenderer::kRulerHeight - 12), QColor(0xFA, 0xFB, 0xFC)); // above the mark
    }

    void sameRelativePositionAtEverySize()
    {
        // The GEMM's left edge is at the same fraction of the lanes area at 960 and 3,840 px.
        const SliceRef gemm = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn");
        std::vector<double> fractions;
        for (int width : {960, 3840}) {
            TimelineRenderer r;
            LaneLayout layout;
            render(width, 0, 1000, r, layout);
            const QRectF rect = r.sliceRect(gemm);
            fractions.push_back((rect.left() - TimelineRenderer::kHeaderWidth) / (width - TimelineRenderer::kHeaderWidth));
        }
        QVERIFY(std::abs(fractions[0] - fractions[1]) < 1e-9);
        QVERIFY(std::abs(fractions[0] - 0.2) < 1e-9); // 200 µs of 1000
    }

    void widgetShowsTheRenderersPicture_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("startUs");
        QTest::addColumn<double>("endUs");
        QTest::addColumn<bool>("select");
        QTest::newRow("1240x500 whole") << QSize(1240, 500) << 0.0 << 1000.0 << false;
        QTest::newRow("900x420 zoomed, selected") << QSize(900, 420) << 180.0 << 620.0 << true;
    }
    void widgetShowsTheRenderersPicture()
    {
        QFETCH(QSize, size);
        QFETCH(double, startUs);
        QFETCH(double, endUs);
        QFETCH(bool, select);
        Session session;
        session.setTrace(m_trace, m_index);
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(size);
        v.setSession(&session);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        v.setVisibleRange(double(m_trace->minTs) + startUs * 1e3, double(m_trace->minTs) + endUs * 1e3);
        if (select)
            v.selectSlice(test::sliceRef(*m_trace, "cudaLaunchKernel")); // with its flow arrow
        const QImage screen = v.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);

        TimelineRenderer r;
        LaneLayout layout;
        layout.build({{m_trace.get(), QString()}});
        r.setFont(v.font());
        r.setRuns({{m_trace.get(), m_index.get(), session.base(0)}});
        r.setLayout(&layout);
        r.setViewport(v.viewport()->size(), session.state()->windowStart(), session.state()->windowRange(), 0);
        QImage picture(v.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        {
            QPainter p(&picture);
            RenderOverlay o;
            o.selected = v.selectedSlice();
            o.flows = v.selectedFlows();
            r.paint(p, o);
        }
        QCOMPARE(screen.size(), picture.size());
        int differing = 0;
        for (int y = 0; y < picture.height(); ++y)
            for (int x = 0; x < picture.width(); ++x)
                differing += screen.pixel(x, y) != picture.pixel(x, y);
        QCOMPARE(differing, 0);
    }

    // A kernel named by 20 million characters (a damaged trace): its label is made from a bounded
    // prefix, so the frame takes milliseconds, not seconds of shaping, and nothing is drawn outside
    // the slice's own row: the picture differs from the same trace with a one-letter name only
    // inside that row.
    void hugeNameStaysInItsSlice()
    {
        const auto traceNamed = [](const std::string &name) {
            const std::string json = "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" + name
                + "\",\"pid\":0,\"tid\":7,\"ts\":100,\"dur\":300,\"args\":{\"stream\":7,\"device\":0}},"
                  "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"small\",\"pid\":0,\"tid\":7,\"ts\":600,\"dur\":300,\"args\":{\"stream\":7,\"device\":0}}]}";
            return std::shared_ptr<const Trace>(loadTrace(MappedSource::fromBytes(json, QStringLiteral("huge.json"))).trace);
        };
        const std::shared_ptr<const Trace> huge = traceNamed(std::string(20'000'000, 'K')), plain = traceNamed("x");
        QVERIFY(huge && plain);
        const auto draw = [](const Trace &t, qint64 *ms, int *rowTop) {
            const std::shared_ptr<const TraceViewIndex> index = TraceViewIndex::build(t);
            TimelineRenderer r;
            LaneLayout layout;
            layout.build({{&t, QString()}});
            r.setRuns({{&t, index.get(), t.minTs}});
            r.setLayout(&layout);
            r.setViewport(QSize(960, 300), 0, 1e6, 0);
            QImage img(960, 300, QImage::Format_ARGB32_Premultiplied);
            QElapsedTimer timer;
            timer.start();
            {
                QPainter p(&img);
                r.paint(p, RenderOverlay());
            }
            *ms = timer.elapsed();
            std::uint32_t gpu = 0;
            while (gpu + 1 < t.tracks.size() && t.tracks[gpu].kind != TrackKind::Gpu)
                ++gpu;
            *rowTop = r.laneTop(layout.laneOfTrack(0, gpu)) + LaneLayout::kLanePad;
            return img;
        };
        qint64 hugeMs = 0, plainMs = 0;
        int top = 0, plainTop = 0;
        const QImage a = draw(*huge, &hugeMs, &top), b = draw(*plain, &plainMs, &plainTop);
        QCOMPARE(top, plainTop);
        QVERIFY2(hugeMs < 1500, qPrintable(QStringLiteral("%1 ms").arg(hugeMs)));
        int outside = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                if (a.pixel(x, y) != b.pixel(x, y) && !(y >= top && y < top + LaneLayout::kRowHeight))
                    ++outside;
        QCOMPARE(outside, 0);
    }
};

QTEST_MAIN(TestTimelineRenderer)
#include "tst_timelinerenderer.moc"
