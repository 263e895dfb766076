// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline drawn into a QImage: lanes in the expected order and labels, a known slice at its
// expected pixels and colour, the memory curve at its expected height, the band stacked by owner
// phase, step bands, folding.
#include "tests/gui/TimelineTestTrace.h"
#include "core/analysis/measures/memory_owners/MemoryOwners.h"
#include "widgets/render/MemoryBand.h"
#include "widgets/render/Palette.h"
#include "widgets/timeline/TimelineView.h"

#include <QScrollBar>
#include <QtTest>

using namespace lanescope;

class TestTimelineRender : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
        QCOMPARE(m_trace->minTs, TimeNs(0));
    }

    void layoutGroupsGpuFirst()
    {
        auto v = test::makeTestView(m_trace, double(m_trace->minTs));
        const LaneLayout &l = v->laneLayout();
        QCOMPARE(int(l.groups().size()), 2);
        QCOMPARE(l.groups()[0].title, QStringLiteral("GPU 0 · NVIDIA H100 80GB HBM3"));
        QVERIFY(l.groups()[0].gpu);
        QVERIFY(l.groups()[0].hasMemory);
        QCOMPARE(l.groups()[1].title, QStringLiteral("python3 (pid 100)"));
        QStringList labels;
        for (const Lane &lane : l.lanes())
            labels << lane.label;
        QCOMPARE(labels, (QStringList{QStringLiteral("stream 7 · compute"), QStringLiteral("stream 20 · NCCL"),
                                      QStringLiteral("main thread (101)")}));
        // Lane height follows nesting: ProfilerStep > aten::mm > cudaLaunchKernel is three rows.
        QCOMPARE(l.lanes()[2].rows, 3);
        // Collapsing a group hides its lanes and moves the next group up.
        const int cpuTop = l.groups()[1].y;
        v->setGroupCollapsed(0, true);
        QCOMPARE(v->laneLayout().groups()[1].y, LaneLayout::kGroupHeaderHeight);
        QVERIFY(v->laneRect(0).isNull());
        v->setGroupCollapsed(0, false);
        QCOMPARE(v->laneLayout().groups()[1].y, cpuTop);
    }

    void knownSliceAtExpectedPixels()
    {
        auto v = test::makeTestView(m_trace, double(m_trace->minTs));
        QCOMPARE(v->axis().width, 1000.0);
        std::uint32_t track = 0, slice = 0;
        QVERIFY(test::findSlice(*m_trace, "ampere_sgemm_128x64_nn", &track, &slice));
        const SliceRef ref{0, track, slice};
        // 200 µs .. 500 µs of a 1000 µs window over 1000 px: x 200..500 right of the headers.
        const QRectF r = v->sliceRect(ref);
        QCOMPARE(r.left(), TimelineView::kHeaderWidth + 200.0);
        QCOMPARE(r.width(), 300.0);
        const int lane = v->laneLayout().laneOfTrack(0, track);
        QCOMPARE(lane, 0);
        QCOMPARE(int(r.top()), v->laneRect(lane).top() + LaneLayout::kLanePad);

        const QImage img = v->renderFrame();
        const QColor gemm = Palette::color(SliceClass::Gemm, SliceClassifier::shadeOf(m_trace->tracks[track].nameId[slice]));
        // (Sampled off the row's top edge: the memory curves run over the GPU lanes.)
        QCOMPARE(img.pixelColor(int(r.left()) + 1, int(r.top()) + 8), gemm);
        QCOMPARE(img.pixelColor(int(r.right()) - 3, int(r.bottom()) - 1), gemm);
        // Just outside: not the slice's colour.
        QVERIFY(img.pixelColor(int(r.left()) - 2, int(r.top()) + 8) != gemm);
        QVERIFY(img.pixelColor(int(r.right()) + 2, int(r.top()) + 8) != gemm);
        // The NCCL kernel is drawn in the communication colour, the operator in the CPU colour.
        std::uint32_t nt = 0, ns = 0;
        QVERIFY(test::findSlice(*m_trace, "ncclKernel_AllReduce_RING_LL_Sum_float", &nt, &ns));
        const QRectF nr = v->sliceRect({0, nt, ns});
        QCOMPARE(img.pixelColor(int(nr.left()) + 1, int(nr.top()) + 8),
                 Palette::color(SliceClass::Communication, SliceClassifier::shadeOf(m_trace->tracks[nt].nameId[ns])));
        std::uint32_t ct = 0, cs = 0;
        QVERIFY(test::findSlice(*m_trace, "aten::relu", &ct, &cs));
        const QRectF cr = v->sliceRect({0, ct, cs});
        QCOMPARE(cr.left(), TimelineView::kHeaderWidth + 400.0);
        QCOMPARE(img.pixelColor(int(cr.left()) + 1, int(cr.top()) + 1),
                 Palette::color(SliceClass::CpuOp, SliceClassifier::shadeOf(m_trace->tracks[ct].nameId[cs])));
        // Hit testing agrees with the drawing.
        QCOMPARE(v->sliceAt(r.center().toPoint()), ref);
        QVERIFY(!v->sliceAt(QPoint(TimelineView::kHeaderWidth + 560, int(r.center().y()))).isValid());
    }

    void memoryCurveAtExpectedHeight()
    {
        auto v = test::makeTestView(m_trace, double(m_trace->minTs));
        const int group = 0;
        // Peak 3 GB reserved, plus 5 % headroom (2.93 GiB), rounded up in binary units: the scale's
        // top is 3 GiB, so 1 GB allocated sits at 1e9 / 3 GiB of the plot's height; the plot is the
        // memory band under the group's lanes, not over them.
        const double top = 3.0 * (1ll << 30);
        QCOMPARE(v->memoryScaleBytes(group), top);
        const double y0 = v->memoryY(group, 0), yTop = v->memoryY(group, top), y1 = v->memoryY(group, 1e9);
        const LaneGroup &g = v->laneLayout().groups()[std::size_t(group)];
        const int bandTop = TimelineView::kTopHeight + g.memoryY;
        QCOMPARE(yTop, double(bandTop + MemoryBand::kPlotTop));
        QCOMPARE(y0, double(bandTop + g.memoryHeight - MemoryBand::kPlotBottom));
        QVERIFY(v->laneRect(1).bottom() < bandTop);
        QCOMPARE(y1, y0 - (y0 - yTop) * (1e9 / top));
        QCOMPARE(v->memoryY(group, 5e8), y0 - (y0 - yTop) * (5e8 / top));
        // The 2 GB allocated and freed within 5 µs is a spike, marked at 900 µs.
        QCOMPARE(v->memorySpikes(group), 1);
        const QImage img = v->renderFrame();
        const QColor alloc = Palette::memoryAllocated();
        auto lineNear = [&](int x, double y) {
            for (int dy = -1; dy <= 1; ++dy)
                if (img.pixelColor(x, int(std::lround(y)) + dy) == alloc)
                    return true;
            return false;
        };
        // 1 GB from 50 µs to 700 µs, then 0.5 GB.
        QVERIFY(lineNear(TimelineView::kHeaderWidth + 560, y1));
        QVERIFY(lineNear(TimelineView::kHeaderWidth + 800, v->memoryY(group, 5e8)));
        QVERIFY(!lineNear(TimelineView::kHeaderWidth + 800, y1));
        const QColor spike = Palette::memorySpike();
        QCOMPARE(img.pixelColor(TimelineView::kHeaderWidth + 900, int(std::lround((y0 + v->memoryY(group, 2.5e9)) / 2))), spike);
        // The toggle removes it.
        v->setMemoryOverlayVisible(false);
        const QImage off = v->renderFrame();
        QVERIFY(off.pixelColor(TimelineView::kHeaderWidth + 800, int(std::lround(v->memoryY(group, 5e8)))) != alloc);
    }

    // Stacked by owner (View > Memory Stacked by Owner): 1 GB allocated in the forward pass at
    // 150 µs, 1 GB under the autograd engine at 500 µs (freed at 800 µs). With the toggle on, at
    // 600 µs the band shows the forward phase's colour under 1 GB and the backward phase's between
    // 1 and 2 GB; with it off, neither.
    void memoryStackedByPhase()
    {
        const std::string json = R"({
  "traceEvents": [
    {"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 100, "tid": 101, "ts": 0, "dur": 1000},
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 100, "dur": 100},
    {"ph": "X", "cat": "cpu_op", "name": "autograd::engine::evaluate_function: MmBackward0", "pid": 100, "tid": 102, "ts": 400, "dur": 300},
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 102, "ts": 450, "dur": 100},
    {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 200, "dur": 300, "args": {"device": 0, "stream": 7}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 150, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": 1000000000, "Total Allocated": 1000000000, "Total Reserved": 3000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 102, "ts": 500, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 2, "Bytes": 1000000000, "Total Allocated": 2000000000, "Total Reserved": 3000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 102, "ts": 800, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 2, "Bytes": -1000000000, "Total Allocated": 1000000000, "Total Reserved": 3000000000}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 950, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": -1000000000, "Total Allocated": 0, "Total Reserved": 3000000000}}
  ]
})";
        LoadResult r = loadTrace(MappedSource::fromBytes(json, QStringLiteral("stacked.json")));
        QVERIFY(r.trace);
        auto v = test::makeTestView(r.trace, double(r.trace->minTs));
        const int group = 0;
        QVERIFY(v->laneLayout().groups()[std::size_t(group)].hasMemory);
        const auto backward = int(analysis::MemoryPhase::Backward), forward = int(analysis::MemoryPhase::Forward);
        // A phase's fill is drawn translucent (alpha 170) over the band: its colour over the
        // band's own background, sampled at the same x above every curve.
        const auto blended = [](QColor bg, QColor c) {
            const auto mix = [](int b, int f) { return b + (f - b) * 170 / 255; };
            return QColor(mix(bg.red(), c.red()), mix(bg.green(), c.green()), mix(bg.blue(), c.blue()));
        };
        const auto near = [](QColor a, QColor b) {
            return std::abs(a.red() - b.red()) <= 3 && std::abs(a.green() - b.green()) <= 3 && std::abs(a.blue() - b.blue()) <= 3;
        };
        const auto xAt = [&](double us) { return int(TimelineView::kHeaderWidth + us * 1000.0 * v->axis().width / 1e6); };
        const auto yAt = [&](double bytes) { return int(std::lround(v->memoryY(group, bytes))); };
        const auto probe = [&](const QImage &img, double us, double bytes, int phase) {
            const QColor bg = img.pixelColor(xAt(us), yAt(2.6e9));
            return near(img.pixelColor(xAt(us), yAt(bytes)), blended(bg, Palette::memoryPhase(phase)));
        };

        QVERIFY(!v->memoryStacked());
        const QImage off = v->renderFrame();
        QVERIFY(!probe(off, 600, 1.5e9, backward));
        QVERIFY(!probe(off, 600, 0.5e9, forward));

        v->setMemoryStacked(true);
        QVERIFY(v->memoryStacked());
        const QImage on = v->renderFrame();
        QVERIFY2(probe(on, 600, 1.5e9, backward),
                 qPrintable(on.pixelColor(xAt(600), yAt(1.5e9)).name() + QStringLiteral(" for ") + Palette::memoryPhase(backward).name()));
        QVERIFY(probe(on, 600, 0.5e9, forward));
        QVERIFY(!probe(on, 600, 0.5e9, backward));
        // Before the backward allocation and after its free the backward phase holds nothing.
        QVERIFY(!probe(on, 300, 1.5e9, backward));
        QVERIFY(!probe(on, 900, 1.5e9, backward));
        QVERIFY(probe(on, 900, 0.5e9, forward));
    }

    void stepBands()
    {
        auto v = test::makeTestView(m_trace, double(m_trace->minTs));
        QCOMPARE(int(v->steps().size()), 1);
        QCOMPARE(v->steps()[0].name, QStringLiteral("ProfilerStep#1"));
        QCOMPARE(v->stepAt(0, 500'000), QStringLiteral("ProfilerStep#1"));
        QCOMPARE(v->stepAt(0, 1'500'000), QString());
        std::uint32_t t = 0, s = 0;
        QVERIFY(test::findSlice(*m_trace, "vectorized_elementwise_kernel", &t, &s));
        const QString tip = v->tooltipText({0, t, s});
        QVERIFY2(tip.contains(QStringLiteral("20.0 µs")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("stream 7 · compute")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("ProfilerStep#1")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Other kernels")), qPrintable(tip));
    }

    void tinySlicesFoldIntoRuns()
    {
        // 2000 kernels of 100 ns every 200 ns over 400 µs: zoomed out they fold into one run per
        // pixel column; the frame still shows them (no gaps) and takes no more than a few ms.
        std::string json = R"({"traceEvents": [)";
        for (int i = 0; i < 2000; ++i)
            json += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, \"ts\": "
                + std::to_string(i * 0.2) + ", \"dur\": 0.1},";
        json += R"({"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": 400, "dur": 0.1}]})";
        LoadResult r = loadTrace(MappedSource::fromBytes(json));
        QVERIFY(r.trace);
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 400, 300);
        v.show();
        v.setTrace(r.trace);
        v.setVisibleRange(0, 400'000);
        const QImage img = v.renderFrame();
        const QRect lane = v.laneRect(0);
        const QColor c = Palette::color(SliceClass::OtherKernel, SliceClassifier::shadeOf(r.trace->tracks[0].nameId[0]));
        int covered = 0;
        for (int x = lane.left(); x < lane.left() + 400; ++x)
            covered += img.pixelColor(x, lane.top() + LaneLayout::kLanePad + 3) == c;
        QVERIFY2(covered >= 398, qPrintable(QString::number(covered)));
    }
};

QTEST_MAIN(TestTimelineRender)
#include "tst_timelinerender.moc"
