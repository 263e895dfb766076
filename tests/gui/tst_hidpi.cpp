// SPDX-License-Identifier: GPL-3.0-or-later
// HiDPI drawing: the timeline painted at device pixel ratio 2 (and 1.5) has twice (1.5
// times) the pixels each way and the same layout: every solid area of the 1x picture is the same
// colour at its 2x place, a known slice covers exactly its doubled rectangle, and the 1 px lines
// (lane separators, borders) are 2 device pixels, on the doubled rows, not smeared over three.
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/render/Palette.h"
#include "widgets/render/PictureExport.h"
#include "widgets/render/TimelineRenderer.h"

#include <QPainter>
#include <QtTest>

using namespace lanescope;

class TestHiDpi : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const TraceViewIndex> m_index;
    LaneLayout m_layout;
    static constexpr int kWidth = 1240, kHeight = 420;

    // [0, 1 ms] of the test trace, kWidth x kHeight logical pixels at `dpr`.
    QImage render(qreal dpr, TimelineRenderer &r)
    {
        r.setRuns({{m_trace.get(), m_index.get(), m_trace->minTs}});
        r.setLayout(&m_layout);
        r.setViewport(QSize(kWidth, kHeight), 0, 1e6, 0);
        QImage img(QSize(int(std::ceil(kWidth * dpr)), int(std::ceil(kHeight * dpr))), QImage::Format_RGB32);
        img.setDevicePixelRatio(dpr);
        QPainter p(&img);
        r.paint(p, RenderOverlay());
        return img;
    }
    static bool uniformAround(const QImage &img, int x, int y)
    {
        const QRgb c = img.pixel(x, y);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (img.pixel(x + dx, y + dy) != c)
                    return false;
        return true;
    }

private slots:
    void initTestCase()
    {
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
        m_index = TraceViewIndex::build(*m_trace);
        m_layout.build({{m_trace.get(), QString()}});
    }

    // The exported PNG's pixels: logical size times the scale, each way.
    void pictureSize_data()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("1.5") << 1.5;
        QTest::newRow("2") << 2.0;
    }
    void pictureSize()
    {
        QFETCH(double, scale);
        PictureInput in;
        in.runs = {{m_trace.get(), m_index.get(), m_trace->minTs}};
        in.layout = &m_layout;
        in.windowStart = 0;
        in.windowRange = 1e6;
        PictureOptions opt;
        opt.width = 1200;
        const QImage one = PictureExport::image(in, opt);
        opt.scale = scale;
        const QImage more = PictureExport::image(in, opt);
        QCOMPARE(one.size(), PictureExport::size(in, opt));
        QCOMPARE(more.width(), qRound(one.width() * scale));
        QCOMPARE(more.height(), qRound(one.height() * scale));
    }

    void sameLayoutAt2x()
    {
        TimelineRenderer r1, r2;
        const QImage one = render(1, r1);
        const QImage two = render(2, r2);
        QCOMPARE(two.size(), one.size() * 2);

        // Every solid area: the 1x colour at the 2x place (all four device pixels of it).
        int checked = 0, differ = 0;
        QStringList where;
        for (int y = 1; y < one.height() - 1; y += 2)
            for (int x = 1; x < one.width() - 1; x += 2) {
                if (!uniformAround(one, x, y))
                    continue;
                ++checked;
                const QRgb c = one.pixel(x, y);
                if (two.pixel(2 * x, 2 * y) != c || two.pixel(2 * x + 1, 2 * y + 1) != c) {
                    if (++differ <= 10)
                        where << QStringLiteral("(%1,%2) %3 vs %4").arg(x).arg(y).arg(QColor(c).name(), QColor(two.pixel(2 * x, 2 * y)).name());
                }
            }
        qInfo("solid points compared: %d, differing: %d", checked, differ);
        QVERIFY(checked > 20000);
        QVERIFY2(differ == 0, qPrintable(where.join(QLatin1String("; "))));

        // The GEMM: exactly its doubled rectangle, edges included.
        const SliceRef gemm = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn");
        const QRectF s = r1.sliceRect(gemm);
        QCOMPARE(r2.sliceRect(gemm), s); // the same logical geometry at any ratio
        const int shade = SliceClassifier::shadeOf(m_trace->tracks[gemm.track].nameId[gemm.slice]);
        const QRgb fill = Palette::color(SliceClass::Gemm, shade).rgb();
        const int y = int(s.top()) + 1; // above the slice's name
        int at1 = 0, at2 = 0;
        for (int x = int(s.left()) - 4; x <= int(s.right()) + 4; ++x) {
            at1 += one.pixel(x, y) == fill;
            at2 += (two.pixel(2 * x, 2 * y) == fill) + (two.pixel(2 * x + 1, 2 * y) == fill);
            // Each edge where the 1x picture has it: the fill starts and stops on the doubled pixel.
            if (one.pixel(x, y) == fill) {
                QCOMPARE(two.pixel(2 * x, 2 * y), fill);
                QCOMPARE(two.pixel(2 * x + 1, 2 * y + 1), fill);
            }
        }
        QVERIFY(at1 > 250); // 300 µs of the 1 ms window, 1 px per µs
        QCOMPARE(at2, 2 * at1);
    }

    // 1 px lines of the header (lane separators, group borders) at 2x: exactly 2 device rows of the
    // line's colour between rows of the neighbours' colours (crisp, no blended row), at most one
    // device row off the doubled place. Qt centres a 1 px pen on the coordinate, so at 2x such a
    // line covers device rows 2y-1 and 2y (half a logical pixel above the fills' 2y, 2y+1).
    void crispLinesAt2x()
    {
        TimelineRenderer r1, r2;
        const QImage one = render(1, r1);
        const QImage two = render(2, r2);
        const int x = 4; // inside the lane header, left of any label text
        int lines = 0, onDoubledRows = 0;
        for (int y = TimelineRenderer::kTopHeight + 1; y < one.height() - 2; ++y) {
            const QRgb above = one.pixel(x, y - 1), c = one.pixel(x, y), below = one.pixel(x, y + 1);
            if (c == above || c == below || above != below)
                continue; // not a lone 1 px line
            ++lines;
            // The line's 2 device rows, from the first one of its colour near 2y.
            int first = -1;
            for (int d = 2 * y - 1; d <= 2 * y; ++d)
                if (two.pixel(2 * x, d) == c) {
                    first = d;
                    break;
                }
            const QString msg = QStringLiteral("line at y %1: 2x rows %2..%3 are %4 %5 %6 %7, want %8")
                                    .arg(y).arg(2 * y - 1).arg(2 * y + 2)
                                    .arg(QColor(two.pixel(2 * x, 2 * y - 1)).name(), QColor(two.pixel(2 * x, 2 * y)).name(),
                                         QColor(two.pixel(2 * x, 2 * y + 1)).name(), QColor(two.pixel(2 * x, 2 * y + 2)).name(),
                                         QColor(c).name());
            QVERIFY2(first >= 0, qPrintable(msg));
            QVERIFY2(two.pixel(2 * x, first + 1) == c, qPrintable(msg));           // 2 rows thick
            QVERIFY2(two.pixel(2 * x, first - 1) == above, qPrintable(msg));       // no blended row above
            QVERIFY2(two.pixel(2 * x, first + 2) == below, qPrintable(msg));       // nor below
            onDoubledRows += first == 2 * y;
        }
        qInfo("1 px lines in the header: %d, on the doubled rows exactly: %d", lines, onDoubledRows);
        QVERIFY(lines >= 3);
    }
};

QTEST_MAIN(TestHiDpi)
#include "tst_hidpi.moc"
