// SPDX-License-Identifier: GPL-3.0-or-later
// The Source view's flame graph (widgets/source/FlameGraph.h): each frame as wide as its share of
// the weight (launched GPU time or CPU time), so a line's frames add up to the line's row figure
// within a pixel, the callees narrower than a pixel being the only ones merged; a click selects, a
// double click zooms in and out; a wide and a deep synthetic tree stay bounded; the hover text.
#include "core/analysis/measures/source_lines/SourceLines.h"
#include "core/parse/TraceLoader.h"
#include "widgets/source/FlameGraph.h"

#include "tests/TestTraces.h"
#include "tests/gui/SourceTestTrace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <numeric>

using namespace lanescope;
using namespace Qt::StringLiterals;
using Weight = FlameGraph::Weight;

Q_DECLARE_METATYPE(FlameGraph::Weight)

namespace {

std::shared_ptr<const analysis::SourceLines> measure(const QString &path, bool myCode)
{
    const LoadResult l = loadTrace(path);
    if (!l.trace)
        return nullptr;
    analysis::SourceLines all = analysis::sourceLines(*l.trace);
    return std::make_shared<const analysis::SourceLines>(myCode ? analysis::myCodeOnly(all) : std::move(all));
}

// The drawn width of each frame (not merged), in pixels.
std::map<int, double> drawnWidths(const FlameGraph &g)
{
    std::map<int, double> out;
    for (const auto &row : g.rows())
        for (const FlameGraph::Box &b : row)
            if (b.merged == 0)
                out[b.frame] = b.x1 - b.x0;
    return out;
}

} // namespace

class TestFlameGraph : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile f(m_dir.filePath(u"hand.pt.trace.json"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(test::sourceHandTrace());
    }

    // The hand-written trace at 430 px (43 µs of GPU time launched from Python: 10 px a µs).
    void handTraceBoxes()
    {
        const auto lines = measure(m_dir.filePath(u"hand.pt.trace.json"_s), false);
        QVERIFY(lines && !lines->frames.empty());
        FlameGraph g;
        g.resize(430, 300);
        g.setData(lines);
        QCOMPARE(g.totalWeight(), TimeNs(43'000));
        const auto name = [&](const FlameGraph::Box &b) {
            return lines->lines[std::size_t(lines->frames[std::size_t(b.frame)].line)].function;
        };
        const auto &rows = g.rows();
        QCOMPARE(int(rows.size()), 4); // main > _call_impl > forward > attn
        QCOMPARE(int(rows[0].size()), 2);
        QCOMPARE(name(rows[0][0]), u"main"_s);
        QCOMPARE(rows[0][0].x0, 0.0);
        QCOMPARE(rows[0][0].x1, 360.0);
        QCOMPARE(name(rows[0][1]), u"fetch"_s);
        QCOMPARE(rows[0][1].x1, 430.0);
        // Under main, costliest first: _call_impl (25 µs), then log (11 µs).
        QCOMPARE(int(rows[1].size()), 2);
        QCOMPARE(name(rows[1][0]), u"_call_impl"_s);
        QCOMPARE(rows[1][0].x1 - rows[1][0].x0, 250.0);
        QCOMPARE(name(rows[1][1]), u"log"_s);
        QCOMPARE(rows[1][1].x0, 250.0);
        QCOMPARE(rows[1][1].x1, 360.0);
        QCOMPARE(name(rows[3][0]), u"attn"_s);
        QCOMPARE(rows[3][0].x1 - rows[3][0].x0, 200.0);

        // By CPU time: main 100 µs, fetch 50 µs.
        g.setWeight(Weight::Cpu);
        QCOMPARE(g.totalWeight(), TimeNs(150'000));
        QCOMPARE(g.rows()[0][0].x1, 430.0 * 100 / 150);

        // My code only: _call_impl folded, forward right under main.
        g.setWeight(Weight::Gpu);
        g.setData(measure(m_dir.filePath(u"hand.pt.trace.json"_s), true));
        QCOMPARE(int(g.rows().size()), 3);
        QCOMPARE(g.data()->lines[std::size_t(g.data()->frames[std::size_t(g.rows()[1][0].frame)].line)].function, u"forward"_s);
        QCOMPARE(g.rows()[1][0].x1 - g.rows()[1][0].x0, 250.0);

        // The hover text: the frame's figures.
        const QString tip = g.toolTipFor(g.rows()[1][0]);
        QVERIFY2(tip.contains(u"forward"_s) && tip.contains(u"app/model.py:20"_s) && tip.contains(u"Calls: 1"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"0.03 ms"_s) || tip.contains(u"0.025"_s), qPrintable(tip));
    }

    // Every line's frames (its outermost ones, recursion counted once) add up to the row's figure
    // within a pixel: frames are drawn at their width, and only those narrower than a pixel are
    // merged into their siblings' box.
    void widthsEqualRows_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("myCode");
        QTest::addColumn<Weight>("weight");
        const QString hand = m_dir.filePath(u"hand.pt.trace.json"_s);
        for (const QString &path : {hand, test::tracePath(u"h100-qwen-inference.json.gz"_s), test::tracePath(u"b200-eager-nccl.json.gz"_s)})
            for (bool myCode : {true, false})
                for (Weight w : {Weight::Gpu, Weight::Cpu})
                    QTest::newRow(qPrintable(u"%1 %2 %3"_s.arg(QFileInfo(path).fileName(), myCode ? u"mine"_s : u"all"_s,
                                                                w == Weight::Gpu ? u"gpu"_s : u"cpu"_s)))
                        << path << myCode << w;
    }
    void widthsEqualRows()
    {
        QFETCH(QString, path);
        QFETCH(bool, myCode);
        QFETCH(Weight, weight);
        if (!QFile::exists(path))
            QSKIP(qPrintable(u"shared trace not present: "_s + path));
        const auto lines = measure(path, myCode);
        QVERIFY(lines && !lines->frames.empty());
        constexpr int width = 1200;
        FlameGraph g;
        g.resize(width, 400);
        g.setWeight(weight);
        g.setData(lines);
        const TimeNs total = g.totalWeight();
        QVERIFY(total > 0);
        const double pxPerNs = double(width) / double(total);
        const std::map<int, double> drawn = drawnWidths(g);
        // Each frame's outermost-of-its-line flag: no ancestor shows the same line.
        const auto &frames = lines->frames;
        const auto outermost = [&](int f) {
            for (int p = frames[std::size_t(f)].parent; p >= 0; p = frames[std::size_t(p)].parent)
                if (frames[std::size_t(p)].line == frames[std::size_t(f)].line)
                    return false;
            return true;
        };
        std::vector<double> drawnPx(lines->lines.size(), 0), undrawnPx(lines->lines.size(), 0);
        for (int f = 0; f < int(frames.size()); ++f) {
            const double w = double(FlameGraph::weightOf(frames[std::size_t(f)], weight)) * pxPerNs;
            const auto it = drawn.find(f);
            if (it != drawn.end()) {
                QVERIFY2(std::abs(it->second - w) < 1e-6, qPrintable(u"frame %1: %2 px drawn, %3 px its weight"_s.arg(f).arg(it->second).arg(w)));
            } else {
                // Not drawn: narrower than a pixel itself, or under a merged or undrawn caller.
                const int parent = frames[std::size_t(f)].parent;
                QVERIFY2(w < 1.0 || (parent >= 0 && !drawn.count(parent)), qPrintable(u"frame %1 (%2 px) left out"_s.arg(f).arg(w)));
            }
            if (!outermost(f))
                continue;
            (it != drawn.end() ? drawnPx : undrawnPx)[std::size_t(frames[std::size_t(f)].line)] += it != drawn.end() ? it->second : w;
        }
        // The rows with the most weight: what they cover on screen is their figure.
        std::vector<int> order(lines->lines.size());
        std::iota(order.begin(), order.end(), 0);
        const auto rowWeight = [&](int r) {
            const analysis::SourceLine &l = lines->lines[std::size_t(r)];
            return weight == Weight::Gpu ? l.gpuNs : l.cpuTotalNs;
        };
        std::sort(order.begin(), order.end(), [&](int a, int b) { return rowWeight(a) > rowWeight(b); });
        int checked = 0;
        for (int r : order) {
            if (checked == 20 || rowWeight(r) <= 0)
                break;
            const double expected = double(rowWeight(r)) * pxPerNs;
            QVERIFY2(std::abs(drawnPx[std::size_t(r)] + undrawnPx[std::size_t(r)] - expected) <= 1.0,
                     qPrintable(u"%1: %2 px drawn + %3 px under a pixel, %4 px its figure"_s.arg(lines->lines[std::size_t(r)].location())
                                    .arg(drawnPx[std::size_t(r)])
                                    .arg(undrawnPx[std::size_t(r)])
                                    .arg(expected)));
            ++checked;
        }
        QVERIFY(checked > 0);
        // And the picture holds them: a drawn box's middle is not the background.
        const QImage img = g.grab().toImage();
        const QColor base = g.palette().color(QPalette::Base);
        const FlameGraph::Box &top = g.rows()[0][0];
        QVERIFY(img.pixelColor(int((top.x0 + top.x1) / 2), g.rowHeight() / 2) != base);
    }

    // Click selects; double click zooms in (the frame across the width), again on it zooms out.
    void clickAndZoom()
    {
        const auto lines = measure(m_dir.filePath(u"hand.pt.trace.json"_s), false);
        FlameGraph g;
        g.resize(430, 300);
        g.setData(lines);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        const int rh = g.rowHeight();
        QSignalSpy clicked(&g, &FlameGraph::frameClicked);
        const FlameGraph::Box forward = g.rows()[2][0];
        QTest::mouseClick(&g, Qt::LeftButton, {}, QPoint(int((forward.x0 + forward.x1) / 2), 2 * rh + rh / 2));
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), forward.frame);
        QCOMPARE(g.selectedFrame(), forward.frame);
        QTest::mouseDClick(&g, Qt::LeftButton, {}, QPoint(int((forward.x0 + forward.x1) / 2), 2 * rh + rh / 2));
        QCOMPARE(g.zoomFrame(), forward.frame);
        QCOMPARE(int(g.rows()[0].size()), 1);
        QCOMPARE(g.rows()[0][0].frame, forward.frame);
        QCOMPARE(g.rows()[0][0].x1, 430.0);
        QCOMPARE(g.rows()[1][0].x1, 430.0 * 20 / 25); // attn: 20 of forward's 25 µs
        // On the zoomed frame: out one level, to its caller.
        QTest::mouseDClick(&g, Qt::LeftButton, {}, QPoint(200, rh / 2));
        QCOMPARE(g.zoomFrame(), lines->frames[std::size_t(forward.frame)].parent);
        QTest::keyClick(&g, Qt::Key_Escape);
        QCOMPARE(g.zoomFrame(), -1);
    }

    // 100,000 callees of one frame at 800 px: one merged box, not 100,000; 5,000 deep: a row per
    // level, painted quickly.
    void bounded()
    {
        auto wide = std::make_shared<analysis::SourceLines>();
        constexpr int kWide = 100'000;
        wide->lines.resize(kWide + 1);
        for (int k = 0; k <= kWide; ++k)
            wide->lines[std::size_t(k)].function = u"f%1"_s.arg(k);
        wide->frames.resize(kWide + 1);
        wide->frames[0] = analysis::SourceFrame{-1, 0, kWide + 1, 0, 1, 0, 0, TimeNs(kWide), 0, 0, {}};
        for (int k = 1; k <= kWide; ++k)
            wide->frames[std::size_t(k)] = analysis::SourceFrame{0, k, k + 1, 1, 1, 0, 0, 1, 1, 0, {}};
        FlameGraph g;
        g.resize(800, 300);
        g.setData(wide);
        QCOMPARE(int(g.rows().size()), 2);
        QCOMPARE(int(g.rows()[1].size()), 1);
        QCOMPARE(g.rows()[1][0].merged, kWide);
        QVERIFY(std::abs(g.rows()[1][0].x1 - 800.0) < 1e-6);
        QVERIFY2(g.toolTipFor(g.rows()[1][0]).contains(u"100"_s), qPrintable(g.toolTipFor(g.rows()[1][0])));

        auto deep = std::make_shared<analysis::SourceLines>();
        constexpr int kDeep = 5'000;
        deep->lines.resize(1);
        deep->lines[0].function = u"recurse"_s;
        deep->frames.resize(kDeep);
        for (int k = 0; k < kDeep; ++k)
            // All of the time launched from the innermost: every level across the width.
            deep->frames[std::size_t(k)] = analysis::SourceFrame{k - 1, 0, kDeep, k, 1, 0, 0, TimeNs(kDeep), k == kDeep - 1 ? TimeNs(kDeep) : 0, 0, {}};
        QElapsedTimer timer;
        timer.start();
        g.setData(deep);
        QCOMPARE(int(g.rows().size()), kDeep);
        QCOMPARE(g.minimumHeight(), kDeep * g.rowHeight() + 2);
        const QImage img = g.grab(QRect(0, 0, 800, 600)).toImage();
        QVERIFY(!img.isNull());
        QVERIFY2(timer.elapsed() < 2000, qPrintable(u"%1 ms"_s.arg(timer.elapsed())));
        qInfo("5,000 deep: laid out and painted in %lld ms", qlonglong(timer.elapsed()));
    }

    // The size: 20 chains of 5,000 nested frames (100,000 call paths), measured by core and
    // drawn at 1200 px: laid out and painted in well under 2 s, a bounded number of boxes.
    void hundredThousandFrames()
    {
        constexpr int kChains = 20, kDepth = 5'000;
        std::string json = "{\"schemaVersion\":1,\"traceEvents\":[";
        json.reserve(std::size_t(kChains) * kDepth * 110);
        for (int c = 0; c < kChains; ++c) {
            const long long base = c * (8LL * kDepth + 8);
            for (int d = 0; d < kDepth; ++d)
                json += "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"app/chain" + std::to_string(c) + ".py("
                    + std::to_string(d + 1) + "): f\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(base + 4LL * d)
                    + ",\"dur\":" + std::to_string(8LL * kDepth - 8LL * d) + "},";
        }
        json.pop_back();
        json += "]}";
        const QString path = m_dir.filePath(u"deep.pt.trace.json"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json.data(), qint64(json.size()));
        f.close();
        const auto lines = measure(path, true);
        QVERIFY(lines);
        QCOMPARE(int(lines->frames.size()), kChains * kDepth);
        QElapsedTimer timer;
        timer.start();
        FlameGraph g;
        g.resize(1200, 800);
        g.setWeight(Weight::Cpu);
        g.setData(lines);
        std::size_t boxes = 0;
        for (const auto &row : g.rows())
            boxes += row.size();
        const QImage img = g.grab(QRect(0, 0, 1200, 800)).toImage();
        const qint64 ms = timer.elapsed();
        qInfo("100,000 frames 5,000 deep: %zu boxes in %d rows, laid out and painted in %lld ms", boxes, int(g.rows().size()),
              qlonglong(ms));
        QVERIFY(!img.isNull());
        QVERIFY2(ms < 2000, qPrintable(u"%1 ms"_s.arg(ms)));
        // Each chain is 60 px wide at its root, its frames narrowing: under a pixel before the last.
        QVERIFY(int(g.rows().size()) < kDepth);
        QCOMPARE(int(g.rows()[0].size()), kChains);
        // Bounded by the pixels: a row's whole boxes are a pixel wide at least and do not overlap,
        // and a caller has one merged box below it at most.
        int callers = 0;
        for (const auto &row : g.rows()) {
            int whole = 0, merged = 0;
            for (const FlameGraph::Box &b : row)
                (b.merged > 0 ? merged : whole) += 1;
            QVERIFY(whole <= 1200);
            QVERIFY(merged <= std::max(callers, 1));
            callers = whole;
        }
    }

    void emptyStates()
    {
        FlameGraph g;
        g.resize(400, 200);
        QVERIFY(g.emptyText().contains(u"with_stack"_s));
        auto cpuOnly = std::make_shared<analysis::SourceLines>();
        cpuOnly->lines.resize(1);
        cpuOnly->frames.push_back(analysis::SourceFrame{-1, 0, 1, 0, 1, 1000, 1000, 0, 0, 1000, {}});
        g.setData(cpuOnly);
        QVERIFY2(g.emptyText().contains(u"CPU"_s), qPrintable(g.emptyText()));
        g.setWeight(Weight::Cpu);
        QVERIFY(g.emptyText().isEmpty());
        QCOMPARE(int(g.rows().size()), 1);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestFlameGraph)
#include "tst_flamegraph.moc"
