// SPDX-License-Identifier: GPL-3.0-or-later
// Counter lanes (widgets/render/CounterLanes.h): each Chrome-trace counter series ("ph": "C") is a
// row under its process's lanes, a GPU's under its streams; the value under the mouse is the last
// sample at or before it; the drawn frame has the curve where the values are; a pixel column
// holds the lowest and highest value of its samples (a spike narrower than a pixel shows).
// On a small hand-written trace: GPU 0 (pid 0) with a kernel on stream 7 and the counter
// "sm_active (%)" (20 from 100 µs, 80 from 400 µs, 10 from 700 µs); the CPU process 100 with a
// thread and the counter "Queue" (3 from 0 µs, 9 from 300 µs).
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/CounterLanes.h"
#include "widgets/timeline/TimelineView.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace lanescope;

namespace {

const char kCounterTrace[] = R"json({"traceEvents": [
  {"ph": "M", "name": "process_name", "pid": 100, "tid": 0, "args": {"name": "python3"}},
  {"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
  {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 150, "dur": 300, "args": {"device": 0, "stream": 7}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 0, "dur": 1000},
  {"ph": "C", "name": "sm_active (%)", "pid": 0, "ts": 100, "args": {"value": 20}},
  {"ph": "C", "name": "sm_active (%)", "pid": 0, "ts": 400, "args": {"value": 80}},
  {"ph": "C", "name": "sm_active (%)", "pid": 0, "ts": 700, "args": {"value": 10}},
  {"ph": "C", "name": "Queue", "pid": 100, "ts": 0, "args": {"depth": 3}},
  {"ph": "C", "name": "Queue", "pid": 100, "ts": 300, "args": {"depth": 9}}
]})json";

// A process with counters and nothing else.
const char kCountersOnly[] = R"json({"traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 0, "dur": 1000},
  {"ph": "M", "name": "process_name", "pid": 42, "tid": 0, "args": {"name": "power monitor"}},
  {"ph": "C", "name": "board power (W)", "pid": 42, "ts": 0, "args": {"value": 350}},
  {"ph": "C", "name": "board power (W)", "pid": 42, "ts": 500, "args": {"value": 610}}
]})json";

std::shared_ptr<const Trace> load(const char *json)
{
    return loadTrace(MappedSource::fromBytes(std::string(json), QStringLiteral("counters.json"))).trace;
}

// A shown view whose lanes area is 1000 px wide over [0, 1 ms]: one pixel a microsecond.
std::unique_ptr<TimelineView> makeView(std::shared_ptr<const Trace> trace)
{
    auto v = std::make_unique<TimelineView>();
    v->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    v->resize(TimelineView::kHeaderWidth + 1000, 600);
    v->show();
    v->setTrace(std::move(trace));
    v->setVisibleRange(0, 1e6);
    return v;
}

int distance(const QColor &a, const QColor &b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

} // namespace

class TestCounterLanes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); } // the values' decimal point

    void lanesUnderTheirProcess()
    {
        auto t = load(kCounterTrace);
        QVERIFY(t);
        QCOMPARE(int(t->counters.size()), 2);
        auto v = makeView(t);
        const LaneLayout &l = v->laneLayout();
        QCOMPARE(int(l.counterLanes().size()), 2);
        const int sm = l.counterLaneOf(0, QStringLiteral("sm_active (%)")), queue = l.counterLaneOf(0, QStringLiteral("Queue"));
        QVERIFY(sm >= 0 && queue >= 0);
        const CounterLane &smLane = l.counterLanes()[std::size_t(sm)];
        const CounterLane &queueLane = l.counterLanes()[std::size_t(queue)];
        // Under the GPU's stream (the GPU group first), and under the CPU thread.
        const LaneGroup &gpu = l.groups()[std::size_t(smLane.group)];
        const LaneGroup &cpu = l.groups()[std::size_t(queueLane.group)];
        QVERIFY(gpu.gpu);
        QVERIFY(!cpu.gpu);
        QCOMPARE(smLane.unit, QStringLiteral("%"));
        QCOMPARE(queueLane.unit, QString());
        QCOMPARE(smLane.key, QStringLiteral("counter:0:sm_active (%)"));
        const Lane &stream = l.lanes()[std::size_t(gpu.lanes.back())];
        QCOMPARE(smLane.y, stream.y + stream.height);
        QCOMPARE(smLane.height, LaneLayout::kCounterLaneHeight);
        const Lane &thread = l.lanes()[std::size_t(cpu.lanes.back())];
        QCOMPARE(queueLane.y, thread.y + thread.height);
        // A row of its own: no lane, header or memory band at it.
        QCOMPARE(l.counterLaneAt(smLane.y + 5), sm);
        QCOMPARE(l.laneAt(smLane.y + 5), -1);
        QCOMPARE(l.groupHeaderAt(smLane.y + 5), -1);
        QCOMPARE(l.memoryBandAt(smLane.y + 5), -1);
        QCOMPARE(l.counterLaneAt(stream.y + 2), -1);
        // Collapsed with its group, back when expanded.
        const int total = l.totalHeight();
        const int gpuGroup = smLane.group;
        v->setGroupCollapsed(gpuGroup, true);
        QCOMPARE(v->laneLayout().totalHeight(), total - stream.height - LaneLayout::kCounterLaneHeight);
        QCOMPARE(v->laneLayout().counterLaneAt(v->laneLayout().counterLanes()[std::size_t(sm)].y + 5), -1);
        v->setGroupCollapsed(gpuGroup, false);
        QCOMPARE(v->laneLayout().totalHeight(), total);
    }

    void valueUnderTheMouse_data()
    {
        QTest::addColumn<QString>("series");
        QTest::addColumn<int>("us");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<double>("value");
        QTest::newRow("before the first sample") << "sm_active (%)" << 50 << false << 0.0;
        QTest::newRow("on the first sample") << "sm_active (%)" << 100 << true << 20.0;
        QTest::newRow("between") << "sm_active (%)" << 250 << true << 20.0;
        QTest::newRow("second") << "sm_active (%)" << 550 << true << 80.0;
        QTest::newRow("held after the last") << "sm_active (%)" << 900 << true << 10.0;
        QTest::newRow("queue first") << "Queue" << 120 << true << 3.0;
        QTest::newRow("queue second") << "Queue" << 640 << true << 9.0;
    }
    void valueUnderTheMouse()
    {
        QFETCH(QString, series);
        QFETCH(int, us);
        QFETCH(bool, valid);
        QFETCH(double, value);
        auto v = makeView(load(kCounterTrace));
        const LaneLayout &l = v->laneLayout();
        const int lane = l.counterLaneOf(0, series);
        QVERIFY(lane >= 0);
        const int y = TimelineView::kTopHeight + l.counterLanes()[std::size_t(lane)].y + LaneLayout::kCounterLaneHeight / 2;
        const TimelineRenderer::CounterReadout r = v->counterAt(QPoint(TimelineView::kHeaderWidth + us, y));
        QCOMPARE(r.lane, lane);
        QCOMPARE(r.value.valid, valid);
        if (valid) {
            QCOMPARE(r.value.value, value);
            QCOMPARE(r.value.t, TimeNs(us) * 1000);
        }
        // Over a lane of slices: no counter.
        QCOMPARE(v->counterAt(v->laneRect(0).center()).lane, -1);
    }

    // The frame: the curve is drawn where the values are (80 % high from 400 µs, 20 % before), in
    // the series' ink at the value's height, and the area under it tinted.
    void drawnWhereTheValuesAre()
    {
        auto v = makeView(load(kCounterTrace));
        const LaneLayout &l = v->laneLayout();
        const int lane = l.counterLaneOf(0, QStringLiteral("sm_active (%)"));
        const QImage img = v->renderFrame();
        const int x20 = TimelineView::kHeaderWidth + 250, x80 = TimelineView::kHeaderWidth + 550, xNone = TimelineView::kHeaderWidth + 50;
        // The scale: 0 to 100 %.
        const double y50 = v->counterY(lane, 50), y80 = v->counterY(lane, 80), y20 = v->counterY(lane, 20);
        QVERIFY(!std::isnan(y50));
        QVERIFY(y80 < y50 && y50 < y20);
        const int row50 = int(std::lround(y50));
        // Half-way up: inside the area at 80, above the line at 20 and before the first sample.
        QVERIFY(img.pixelColor(x80, row50) != img.pixelColor(x20, row50));
        QCOMPARE(img.pixelColor(x20, row50), img.pixelColor(xNone, row50));
        // The line in the series' ink at each value's height (within a pixel).
        const QColor ink = CounterLanes::colorOf(0);
        const auto inkNear = [&](int x, double y) {
            for (int dy = -1; dy <= 1; ++dy)
                if (distance(img.pixelColor(x, int(std::lround(y)) + dy), ink) < 40)
                    return true;
            return false;
        };
        QVERIFY(inkNear(x80, y80));
        QVERIFY(inkNear(x20, y20));
        QVERIFY(!inkNear(x20, y80));
        // The step at 400 µs: one column spans 20 to 80.
        QVERIFY(inkNear(TimelineView::kHeaderWidth + 400, y50));
        QVERIFY(!inkNear(TimelineView::kHeaderWidth + 300, y50));
    }

    // A column holds every sample in it: 1,000 samples of 0 with one spike of 100, ten columns.
    void columnsHoldTheirSpikes()
    {
        CounterSeries s;
        for (int i = 0; i < 1000; ++i) {
            s.ts.push_back(i * 10);
            s.value.push_back(i == 537 ? 100 : (i == 212 ? -7 : 0));
        }
        const CounterLanes::Index index(s);
        const auto cols = CounterLanes::columns(s, index, 9990, 0, 1000, 10);
        QCOMPARE(int(cols.size()), 10);
        for (int x = 0; x < 10; ++x) {
            QVERIFY(cols[std::size_t(x)].any);
            QCOMPARE(cols[std::size_t(x)].hi, x == 5 ? 100.0 : 0.0);
            QCOMPARE(cols[std::size_t(x)].lo, x == 2 ? -7.0 : 0.0);
        }
        // Past the trace's end and before the first sample: nothing.
        const auto outside = CounterLanes::columns(s, index, 9990, -5000, 1000, 20);
        QVERIFY(!outside[0].any);
        QVERIFY(outside[10].any);
        QVERIFY(!outside[19].any);
        // The scale takes in the lowest value below 0.
        const CounterLanes::Scale sc = CounterLanes::scaleOf(index);
        QCOMPARE(sc.lo, -10.0);
        QCOMPARE(sc.hi, 100.0);
    }

    // Byte scales round up in binary units, and past a TiB (a rate) still above the highest value.
    void byteScales_data()
    {
        QTest::addColumn<double>("highest");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("top");
        QTest::newRow("bytes: 3 GiB") << 3.1e9 << "B" << 3.0 * 1024 * 1024 * 1024;
        QTest::newRow("a rate past a TiB") << 1.7e12 << "B/s" << 2e12;
        QTest::newRow("a count") << 87.0 << "" << 100.0;
    }
    void byteScales()
    {
        QFETCH(double, highest);
        QFETCH(QString, unit);
        QFETCH(double, top);
        CounterSeries s;
        s.ts = {0, 10};
        s.value = {0, highest};
        const CounterLanes::Scale sc = CounterLanes::scaleOf(CounterLanes::Index(s), unit);
        QCOMPARE(sc.lo, 0.0);
        QCOMPARE(sc.hi, top);
        QVERIFY(sc.hi >= highest);
        QCOMPARE(CounterLanes::scaleText(0, unit), QStringLiteral("0"));
    }

    // The min/max tree against a brute-force scan over random ranges.
    void indexAgreesWithAScan()
    {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> value(-50, 50);
        for (int n : {1, 2, 3, 17, 64, 1000}) {
            CounterSeries s;
            for (int i = 0; i < n; ++i) {
                s.ts.push_back(i);
                s.value.push_back(value(rng));
            }
            const CounterLanes::Index index(s);
            std::uniform_int_distribution<int> pick(0, n - 1);
            for (int k = 0; k < 200; ++k) {
                int a = pick(rng), b = pick(rng);
                if (a > b)
                    std::swap(a, b);
                const auto [lo, hi] = index.minMax(std::size_t(a), std::size_t(b) + 1);
                const auto [mn, mx] = std::minmax_element(s.value.begin() + a, s.value.begin() + b + 1);
                QCOMPARE(lo, *mn);
                QCOMPARE(hi, *mx);
            }
        }
    }

    void units_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("unit");
        QTest::newRow("stated in parentheses") << "board power (W)" << "W";
        QTest::newRow("stated in brackets") << "sm_active [%]" << "%";
        QTest::newRow("CUPTI percent of peak") << "sm__throughput.avg.pct_of_peak_sustained_elapsed" << "%";
        QTest::newRow("CUPTI bytes per second") << "dram__bytes_read.sum.per_second" << "B/s";
        QTest::newRow("CUPTI rate") << "smsp__inst_executed.sum.per_second" << "/s";
        QTest::newRow("utilization") << "GPU utilization" << "%";
        QTest::newRow("bytes") << "pinned bytes" << "B";
        QTest::newRow("none") << "Queue" << "";
    }
    void units()
    {
        QFETCH(QString, name);
        QFETCH(QString, unit);
        QCOMPARE(CounterLanes::unitOf(name), unit);
    }

    void values_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("text");
        QTest::newRow("percent") << 42.5 << "%" << "42.5 %";
        QTest::newRow("count") << 9.0 << "" << "9";
        QTest::newRow("thousands") << 1234.0 << "" << "1234";
        QTest::newRow("a rate") << 3.2e4 << "/s" << "32 k/s";
        QTest::newRow("giga") << 2.5e9 << "" << "2.5 G";
        QTest::newRow("watts") << 610.0 << "W" << "610 W";
    }
    void values()
    {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, text);
        QCOMPARE(CounterLanes::formatValue(value, unit), text);
    }

    // A process with counters only is a group of its own, its counters its rows.
    void processOfCountersOnly()
    {
        auto v = makeView(load(kCountersOnly));
        const LaneLayout &l = v->laneLayout();
        QCOMPARE(int(l.counterLanes().size()), 1);
        const CounterLane &c = l.counterLanes().front();
        const LaneGroup &g = l.groups()[std::size_t(c.group)];
        QVERIFY(g.lanes.empty());
        QCOMPARE(int(g.counters.size()), 1);
        QVERIFY2(g.title.contains(QLatin1String("42")), qPrintable(g.title));
        QCOMPARE(c.unit, QStringLiteral("W"));
        const int y = TimelineView::kTopHeight + c.y + LaneLayout::kCounterLaneHeight / 2;
        QCOMPARE(v->counterAt(QPoint(TimelineView::kHeaderWidth + 700, y)).value.value, 610.0);
        // Its picture: the curve drawn (the renderer says so).
        const QImage img = v->renderFrame();
        QVERIFY(!img.isNull());
        if (const QString dir = qEnvironmentVariable("LANESCOPE_TEST_PICTURES"); !dir.isEmpty())
            img.save(dir + QStringLiteral("/counterlanes-only.png"));
    }

    // Where LANESCOPE_TEST_PICTURES says: the frame of the two-process trace, for a look.
    void picture()
    {
        auto v = makeView(load(kCounterTrace));
        const QImage img = v->renderFrame();
        QVERIFY(!img.isNull());
        if (const QString dir = qEnvironmentVariable("LANESCOPE_TEST_PICTURES"); !dir.isEmpty())
            QVERIFY(img.save(dir + QStringLiteral("/counterlanes.png")));
    }
};

QTEST_MAIN(TestCounterLanes)
#include "tst_counterlanes.moc"
