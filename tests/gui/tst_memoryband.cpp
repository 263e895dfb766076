// SPDX-License-Identifier: GPL-3.0-or-later
// The device memory band (a row of its own under the GPU's lanes: a real axis, allocated
// and reserved, the device total, spikes, the values under the mouse) and the activity strip of a
// collapsed group. On the small known trace of TimelineTestTrace.h: 1 GB allocated / 2 GB reserved
// from 50 µs, 0.5 GB from 700 µs, a 2 GB spike at 900 µs; GEMM 200-500 µs and an elementwise
// kernel 600-620 µs on stream 7, NCCL 300-900 µs on stream 20; ProfilerStep#1 0-1000 µs on the CPU.
#include "tests/gui/TimelineTestTrace.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/MemoryBand.h"
#include "widgets/render/Palette.h"
#include "widgets/timeline/TimelineView.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QPainter>
#include <QtTest>

#include <cmath>

using namespace lanescope;

namespace {

const char kNoMemoryTrace[] = R"({"traceEvents": [
  {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 0, "dur": 300, "args": {"device": 0, "stream": 7}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 0, "dur": 1000}
]})";

// Device 0 with 5 GB: the total fits under twice the curve's 4 GiB scale, so the axis takes it in.
constexpr double kGiB = double(1ll << 30);
const char kSmallDeviceTrace[] = R"({
  "deviceProperties": [{"id": 0, "name": "Small GPU", "totalGlobalMem": 5000000000}],
  "traceEvents": [
  {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 0, "dur": 300, "args": {"device": 0, "stream": 7}},
  {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 10, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": 3000000000, "Total Allocated": 3000000000, "Total Reserved": 3500000000}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 0, "dur": 1000}
]})";

// ROCm (as mi300x-qwen-inference): the kernels on the physical device 2, the allocator's events
// on the visible device 0 (HIP, Device Type 6), deviceProperties by the visible id.
const char kRocmTrace[] = R"({
  "deviceProperties": [{"id": 0, "name": "AMD Instinct MI300X VF", "totalGlobalMem": 3000000000}],
  "traceEvents": [
  {"ph": "X", "cat": "kernel", "name": "Cijk_gemm", "pid": 2, "tid": 0, "ts": 0, "dur": 300, "args": {"device": 2, "stream": 0}},
  {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 10, "s": "t", "args": {"Device Type": 6, "Device Id": 0, "Addr": 1, "Bytes": 1500000000, "Total Allocated": 1500000000, "Total Reserved": 2000000000}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 0, "dur": 1000}
]})";

std::shared_ptr<const Trace> load(const char *json)
{
    return loadTrace(MappedSource::fromBytes(std::string(json), QStringLiteral("inline.json"))).trace;
}

bool isInk(const QImage &img, int x, int y, const QColor &background)
{
    return img.pixelColor(x, y) != background;
}

} // namespace

class TestMemoryBand : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
    }

    void bandIsARowOfItsOwn()
    {
        auto v = test::makeTestView(m_trace, 0);
        const LaneLayout &l = v->laneLayout();
        const LaneGroup &g = l.groups()[0];
        QVERIFY(g.hasMemory);
        QCOMPARE(g.memoryKey, QStringLiteral("memory:0"));
        QCOMPARE(g.memoryHeight, LaneLayout::kMemoryBandHeight);
        // Under the device's last lane, before the next group's header, over no lane.
        const Lane &last = l.lanes()[std::size_t(g.lanes.back())];
        QCOMPARE(g.memoryY, last.y + last.height);
        QCOMPARE(l.groups()[1].y, g.memoryY + g.memoryHeight);
        QCOMPARE(l.memoryBandAt(g.memoryY + 5), 0);
        QCOMPARE(l.laneAt(g.memoryY + 5), -1);
        QCOMPARE(l.groupHeaderAt(g.memoryY + 5), -1);
        QCOMPARE(l.memoryBandAt(last.y + 2), -1);
        // The lanes keep their own height (no room padded into them for a curve over the kernels).
        QCOMPARE(last.height, last.rows * LaneLayout::kRowHeight + 2 * LaneLayout::kLanePad);
        // The plot lies inside the band, clear of every lane.
        const double yTop = v->memoryY(0, v->memoryScaleBytes(0)), y0 = v->memoryY(0, 0);
        for (int lane : g.lanes)
            QVERIFY(v->laneRect(lane).bottom() < yTop);
        QVERIFY(y0 < TimelineView::kTopHeight + l.groups()[1].y);

        // The overlay off: no band, no room kept; on again: back.
        const int total = l.totalHeight();
        v->setMemoryOverlayVisible(false);
        QCOMPARE(v->laneLayout().totalHeight(), total - LaneLayout::kMemoryBandHeight);
        QCOMPARE(v->laneLayout().memoryBandAt(g.memoryY + 5), -1);
        QVERIFY(std::isnan(v->memoryY(0, 0)));
        v->setMemoryOverlayVisible(true);
        QCOMPARE(v->laneLayout().totalHeight(), total);
        // Collapsed, the band goes with the lanes.
        v->setGroupCollapsed(0, true);
        QCOMPARE(v->laneLayout().groups()[1].y, LaneLayout::kGroupHeaderHeight);
        QVERIFY(v->memoryAt(QPoint(TimelineView::kHeaderWidth + 560, int(y0) - 5)).group < 0);
    }

    void noBandWithoutMemoryEvents()
    {
        auto t = load(kNoMemoryTrace);
        QVERIFY(t);
        auto v = test::makeTestView(t, 0);
        const LaneLayout &l = v->laneLayout();
        QVERIFY(!l.groups().empty());
        for (int gi = 0; gi < int(l.groups().size()); ++gi) {
            QVERIFY(!l.groups()[std::size_t(gi)].hasMemory);
            QCOMPARE(l.groups()[std::size_t(gi)].memoryHeight, 0);
            QVERIFY(std::isnan(v->memoryScaleBytes(gi)));
        }
        for (int y = 0; y < l.totalHeight(); ++y)
            QCOMPARE(l.memoryBandAt(y), -1);
        // Without a band the layout is the header and lanes only.
        int expected = 0;
        for (const LaneGroup &g : l.groups()) {
            expected += LaneLayout::kGroupHeaderHeight;
            for (int lane : g.lanes)
                expected += l.lanes()[std::size_t(lane)].height;
        }
        QCOMPARE(l.totalHeight(), expected);
    }

    void rocmDeviceIdsDiffer()
    {
        auto t = load(kRocmTrace);
        QVERIFY(t);
        auto v = test::makeTestView(t, 0);
        const LaneLayout &l = v->laneLayout();
        const int g = l.groupOfDevice(0, 2);
        QVERIFY(g >= 0);
        QVERIFY(l.groups()[std::size_t(g)].hasMemory);
        QCOMPARE(l.groups()[std::size_t(g)].memoryDevice, 0);
        QCOMPARE(l.groups()[std::size_t(g)].memoryKey, QStringLiteral("memory:0"));
        // The device's 3 GB (2.79 GiB) total fits twice the 2 GiB scale: on the axis, rounded up to 3 GiB.
        QCOMPARE(v->memoryScaleBytes(g), 3 * kGiB);
        const TimelineRenderer::MemoryReadout r = v->memoryAt(QPoint(TimelineView::kHeaderWidth + 500, int(v->memoryY(g, 1e8))));
        QCOMPARE(r.group, g);
        QCOMPARE(r.value.allocated, std::int64_t(1'500'000'000));
        QCOMPARE(r.value.reserved, std::int64_t(2'000'000'000));
    }

    void hoverValueAtKnownTime()
    {
        auto v = test::makeTestView(m_trace, 0);
        const double y = v->memoryY(0, 1e8); // inside the plot, near its bottom
        auto at = [&](int us) { return v->memoryAt(QPoint(TimelineView::kHeaderWidth + us, int(std::lround(y)))); };
        // 560 µs: 1 GB allocated, 2 GB reserved (the sample of 50 µs).
        TimelineRenderer::MemoryReadout r = at(560);
        QCOMPARE(r.group, 0);
        QVERIFY(r.value.valid);
        QCOMPARE(r.value.t, TimeNs(560'000));
        QCOMPARE(r.value.allocated, std::int64_t(1'000'000'000));
        QCOMPARE(r.value.reserved, std::int64_t(2'000'000'000));
        // 800 µs: after the free at 700 µs.
        r = at(800);
        QCOMPARE(r.value.allocated, std::int64_t(500'000'000));
        QCOMPARE(r.value.reserved, std::int64_t(2'000'000'000));
        // 902 µs: inside the spike.
        r = at(902);
        QCOMPARE(r.value.allocated, std::int64_t(2'500'000'000));
        QCOMPARE(r.value.reserved, std::int64_t(3'000'000'000));
        // Before the first sample: nothing to read.
        r = at(20);
        QCOMPARE(r.group, 0);
        QVERIFY(!r.value.valid);
        // Over a lane, not the band: no read-out.
        QCOMPARE(v->memoryAt(v->laneRect(0).center()).group, -1);
        QCOMPARE(MemoryBand::readoutText(at(560).value), QStringLiteral("allocated 953.7 MiB · reserved 1.86 GiB"));
        QCOMPARE(MemoryBand::readoutText(at(800).value), QStringLiteral("allocated 476.8 MiB · reserved 1.86 GiB"));

        // The cursor's read-out draws a dot on each series at the cursor.
        v->state()->setCursor(560'000);
        const QImage img = v->renderFrame();
        const QColor alloc = Palette::memoryAllocated();
        const int ya = int(std::lround(v->memoryY(0, 1e9)));
        // Within a few levels of the colour: the dot's centre lies between pixel rows.
        auto isAlloc = [&](int px, int py) {
            const QColor c = img.pixelColor(px, py);
            return std::abs(c.red() - alloc.red()) + std::abs(c.green() - alloc.green()) + std::abs(c.blue() - alloc.blue()) < 40;
        };
        bool dot = false;
        for (int dy = -2; dy <= 2; ++dy)
            dot |= isAlloc(TimelineView::kHeaderWidth + 560 + 2, ya + dy) && isAlloc(TimelineView::kHeaderWidth + 560 - 2, ya + dy);
        QVERIFY(dot);
    }

    void darkScheme()
    {
        // The band's text and read-out follow the renderer's scheme: light ink on a dark ground.
        auto index = TraceViewIndex::build(*m_trace);
        LaneLayout layout;
        layout.build({{m_trace.get(), QString(), false}});
        TimelineRenderer r;
        r.setRuns({{m_trace.get(), index.get(), m_trace->minTs}});
        r.setLayout(&layout);
        r.setScheme(Palette::Scheme::Dark);
        r.setViewport(QSize(TimelineRenderer::kHeaderWidth + 1000, 500), 0, 1e6, 0);
        QImage img(r.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        RenderOverlay o;
        o.cursorNs = 560'000;
        r.paint(p, o);
        p.end();
        const Palette::Chrome &dark = Palette::chrome(Palette::Scheme::Dark);
        QVERIFY(dark.background.lightness() < 100);
        // Inside the read-out box, right of the cursor, at the plot's top: the dark ground.
        const QColor box = img.pixelColor(TimelineRenderer::kHeaderWidth + 560 + 10, int(r.memoryY(0, 3 * kGiB)) + 4);
        QVERIFY2(box.lightness() < 100, qPrintable(box.name()));
        // The axis' top label is drawn in the scheme's light label colour somewhere in its cell.
        int light = 0;
        const int yTop = int(r.memoryY(0, 3 * kGiB));
        for (int y = yTop; y < yTop + 12; ++y)
            for (int x = TimelineRenderer::kHeaderWidth - 60; x < TimelineRenderer::kHeaderWidth - 8; ++x)
                light += img.pixelColor(x, y).lightness() > 160;
        QVERIFY(light > 5);
    }

    void axisSeriesAndSpikes()
    {
        auto v = test::makeTestView(m_trace, 0);
        // 3 GB peak + 5 % (2.93 GiB), rounded up in binary units: 3 GiB; the H100's 85 GB is far
        // above it, so not on the axis.
        QCOMPARE(v->memoryScaleBytes(0), 3 * kGiB);
        QCOMPARE(v->memorySpikes(0), 1);
        const QImage img = v->renderFrame();
        const QColor alloc = Palette::memoryAllocated(), reserved = Palette::memoryReserved(), spike = Palette::memorySpike();
        auto near = [&](int x, double y, const QColor &c) {
            for (int dy = -1; dy <= 1; ++dy)
                if (img.pixelColor(x, int(std::lround(y)) + dy) == c)
                    return true;
            return false;
        };
        const int L = TimelineView::kHeaderWidth;
        QVERIFY(near(L + 560, v->memoryY(0, 1e9), alloc));
        QVERIFY(near(L + 560, v->memoryY(0, 2e9), reserved));
        QVERIFY(near(L + 800, v->memoryY(0, 5e8), alloc));
        QVERIFY(!near(L + 800, v->memoryY(0, 1e9), alloc));
        QCOMPARE(img.pixelColor(L + 900, int(std::lround((v->memoryY(0, 0) + v->memoryY(0, 2.5e9)) / 2))), spike);
        // The spike's mark above the plot.
        QCOMPARE(img.pixelColor(L + 900, int(v->memoryY(0, 3 * kGiB)) - 5), spike);
        // The GEMM above the band is drawn whole: its row is the slice's colour top to bottom (left
        // of its centred name), no curve over it.
        const SliceRef gemm = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn");
        const QRectF r = v->sliceRect(gemm);
        const QColor gc = Palette::color(SliceClass::Gemm, SliceClassifier::shadeOf(m_trace->tracks[gemm.track].nameId[gemm.slice]));
        for (int y = int(r.top()) + 1; y < int(r.bottom()); ++y)
            QCOMPARE(img.pixelColor(int(r.left()) + 4, y), gc);
    }

    void deviceTotalOnTheAxis()
    {
        auto t = load(kSmallDeviceTrace);
        QVERIFY(t);
        auto v = test::makeTestView(t, 0);
        const int g = v->laneLayout().groupOfDevice(0, 0);
        QVERIFY(g >= 0);
        // Curve scale 4 GiB (3.5 GB + 5 % = 3.42 GiB); the 5 GB (4.66 GiB) device fits under twice
        // that: axis top 5 GiB.
        QCOMPARE(v->memoryScaleBytes(g), 5 * kGiB);
        const QImage img = v->renderFrame();
        // The dashed total line at 5 GB (within a pixel): dark dashes along the row, some of the
        // row blank between them.
        const double y5 = v->memoryY(g, 5e9);
        int dark = 0, blank = 0;
        for (int y = int(std::floor(y5)) - 1; y <= int(std::ceil(y5)) + 1 && dark == 0; ++y) {
            blank = 0;
            for (int x = TimelineView::kHeaderWidth + 10; x < TimelineView::kHeaderWidth + 400; ++x) {
                if (img.pixelColor(x, y).lightness() < 140)
                    ++dark;
                else
                    ++blank;
            }
        }
        QVERIFY2(dark > 100 && blank > 50, qPrintable(QStringLiteral("dark %1 blank %2").arg(dark).arg(blank)));
    }

    void collapsedGroupShowsActivity()
    {
        auto v = test::makeTestView(m_trace, 0);
        v->setGroupCollapsed(0, true); // GPU 0: busy 200-900 µs and 600-620 µs, idle 0-200 and 900-1000
        v->setGroupCollapsed(1, true); // the CPU
        QVERIFY(v->densityStripRect(0).width() > 0);
        QVERIFY(v->densityStripRect(1).width() > 0);
        const QRect gpu = v->densityStripRect(0), cpu = v->densityStripRect(1);
        QVERIFY2(gpu.left() < TimelineView::kHeaderWidth + 150, qPrintable(QString::number(gpu.left())));
        const QImage img = v->renderFrame();
        const int L = TimelineView::kHeaderWidth;
        const QColor stripBg = img.pixelColor(L + 950, gpu.bottom()); // idle: the strip's ground
        QVERIFY(stripBg != img.pixelColor(L + 950, gpu.top() - 2));  // which differs from the header's
        // Ink, full height, where the streams are busy; none where they are idle.
        for (int us : {250, 400, 700, 850}) {
            QVERIFY2(isInk(img, L + us, gpu.bottom(), stripBg), qPrintable(QString::number(us)));
            QVERIFY2(isInk(img, L + us, gpu.top(), stripBg), qPrintable(QString::number(us)));
        }
        for (int us : {160, 190, 920, 990})
            for (int y = gpu.top(); y <= gpu.bottom(); ++y)
                QVERIFY2(!isInk(img, L + us, y, stripBg), qPrintable(QString::number(us)));
        // The CPU: its operators (aten::mm 100-300 µs, aten::relu 400-450 µs) ink the strip; the
        // ProfilerStep#1 annotation around them all does not, or the thread would read busy throughout.
        for (int us : {150, 250, 420})
            QVERIFY2(isInk(img, L + us, cpu.bottom(), stripBg), qPrintable(QString::number(us)));
        for (int us : {350, 600, 990})
            for (int y = cpu.top(); y <= cpu.bottom(); ++y)
                QVERIFY2(!isInk(img, L + us, y, stripBg), qPrintable(QString::number(us)));

        // Zoomed in on 880-940 µs: ink up to the NCCL kernel's end at 900 µs, none after it.
        v->setVisibleRange(880'000, 940'000);
        const QImage in = v->renderFrame();
        const int xEnd = int(std::lround(v->axis().toPx(900'000)));
        QVERIFY(xEnd > 100 && xEnd < 900);
        QVERIFY(isInk(in, L + xEnd - 3, v->densityStripRect(0).top(), stripBg));
        for (int x = xEnd + 2; x < 1000; x += 7)
            QVERIFY2(!isInk(in, L + x, v->densityStripRect(0).bottom(), stripBg), qPrintable(QString::number(x)));
        // Expanded: no strip.
        v->setGroupCollapsed(0, false);
        QVERIFY(v->densityStripRect(0).isEmpty());
    }

    // The strip on the 1 GB trace (4.5 M events), every group collapsed, zoomed out: one frame
    // through the renderer (no image cache). Only where that trace is (LANESCOPE_BIG_TRACE).
    // Kineto's bookkeeping group (its profiler span covers the whole trace) shows no strip: it
    // would read as a solid bar of work.
    void noStripForTheProfilerGroup()
    {
        const char *json = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":7,"tid":7,"ts":0,"dur":40},
{"ph":"X","cat":"Trace","name":"PyTorch Profiler (0)","pid":"Spans","tid":"PyTorch Profiler","ts":0,"dur":100},
{"ph":"i","name":"Iteration Start: PyTorch Profiler","pid":"Traces","tid":"Trace PyTorch Profiler","ts":0,"s":"g"},
{"name":"process_name","ph":"M","ts":0,"pid":7,"tid":0,"args":{"name":"python3"}}
]})json";
        const LoadResult r = loadTrace(MappedSource::fromBytes(json));
        QVERIFY2(r.trace, qPrintable(r.error));
        auto v = test::makeTestView(r.trace, 0);
        const int last = int(v->laneLayout().groups().size()) - 1;
        QCOMPARE(v->laneLayout().groups().back().title, QStringLiteral("Profiler"));
        QVERIFY(v->laneLayout().groups().back().collapsed);
        QVERIFY(v->densityStripRect(last).isEmpty());
        v->setGroupCollapsed(0, true); // the process's own group still gets one
        QVERIFY(v->densityStripRect(0).width() > 0);
    }

    void collapsedFrameOnBigTrace()
    {
        const QString path = qEnvironmentVariable("LANESCOPE_BIG_TRACE");
        if (path.isEmpty() || !QFileInfo::exists(path))
            QSKIP("LANESCOPE_BIG_TRACE (the 1 GB trace) not set or absent");
        LoadResult r = loadTrace(path);
        QVERIFY(r.trace);
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(1920, 1080);
        v.show();
        v.setTrace(r.trace);
        v.fitAll();
        for (int g = 0; g < int(v.laneLayout().groups().size()); ++g)
            v.setGroupCollapsed(g, true);
        QImage img(v.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        std::vector<double> ms;
        for (int i = 0; i < 5; ++i) {
            QElapsedTimer t;
            t.start();
            QPainter p(&img);
            v.renderTo(p, img.size());
            ms.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        qInfo("collapsed frame, %zu groups: slowest %.1f ms, median %.1f ms", v.laneLayout().groups().size(), ms.back(), ms[2]);
        QVERIFY2(ms[2] < 100, qPrintable(QString::number(ms[2])));
    }
};

QTEST_MAIN(TestMemoryBand)
#include "tst_memoryband.moc"
