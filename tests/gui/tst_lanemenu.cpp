// SPDX-License-Identifier: GPL-3.0-or-later
// The lane and slice context menus: Pin to Top puts the lane's row first and keeps it
// there through collapse, Hide Lane leaves it without a row, Show Only This Group, Show All Lanes,
// the same lane key pinned in every run of a comparison; on a slice Copy Name, Find Similar, Zoom
// to Slice and Select All Like This with the Time Range panel's count/total/mean/min/max.
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>
#include <QStandardItemModel>
#include <QtTest>

using namespace lanescope;

namespace {

// Three GEMMs of 100, 200 and 300 µs on one stream and an operator, to sum up by name.
const char kRepeated[] = R"({"traceEvents": [
  {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 0, "dur": 100, "args": {"device": 0, "stream": 7}},
  {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 200, "dur": 200, "args": {"device": 0, "stream": 7}},
  {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 500, "dur": 300, "args": {"device": 0, "stream": 7}},
  {"ph": "X", "cat": "kernel", "name": "other", "pid": 0, "tid": 7, "ts": 900, "dur": 50, "args": {"device": 0, "stream": 7}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 101, "ts": 0, "dur": 950}
]})";

QAction *action(QMenu *menu, const char *name)
{
    for (QAction *a : menu->actions())
        if (a->objectName() == QLatin1String(name))
            return a;
    return nullptr;
}

int laneNamed(const TimelineView &v, const QString &fragment, int run = 0)
{
    const auto &lanes = v.laneLayout().lanes();
    for (int i = 0; i < int(lanes.size()); ++i)
        if (lanes[std::size_t(i)].run == run && lanes[std::size_t(i)].label.contains(fragment))
            return i;
    return -1;
}

// A point in the lane's label column (what a right-click on the lane's name hits).
QPoint labelPoint(const TimelineView &v, int lane)
{
    const QRect r = v.laneRect(lane);
    return QPoint(40, r.top() + 6);
}

// Every lane whose row a hit test finds, scanning the lanes area from top to bottom.
std::vector<int> rowsTopToBottom(const TimelineView &v)
{
    std::vector<int> out;
    for (int y = TimelineView::kTopHeight; y < v.viewport()->height(); ++y) {
        for (int l = 0; l < int(v.laneLayout().lanes().size()); ++l) {
            const QRect r = v.laneRect(l);
            if (!r.isNull() && r.top() == y)
                out.push_back(l);
        }
    }
    return out;
}

} // namespace

class TestLaneMenu : public QObject
{
    Q_OBJECT

private slots:
    void pinPutsTheLaneFirst()
    {
        auto v = test::makeTestView(test::loadTimelineTrace(), double(test::loadTimelineTrace()->minTs));
        const int cpu = laneNamed(*v, QStringLiteral("main thread"));
        const int nccl = laneNamed(*v, QStringLiteral("stream 20"));
        QVERIFY(cpu >= 0 && nccl >= 0);
        QVERIFY(v->laneRect(cpu).top() > v->laneRect(nccl).top()); // GPU groups come first

        std::unique_ptr<QMenu> menu(v->createContextMenu(labelPoint(*v, cpu)));
        QVERIFY(menu);
        QVERIFY(action(menu.get(), "pinLane"));
        QVERIFY(!action(menu.get(), "showAllLanes")->isEnabled()); // nothing hidden yet
        action(menu.get(), "pinLane")->trigger();
        QCOMPARE(v->laneRect(cpu).top(), TimelineView::kTopHeight); // right under the axis
        QCOMPARE(rowsTopToBottom(*v).front(), cpu);
        QVERIFY(v->laneRect(nccl).top() > v->laneRect(cpu).bottom());

        // Collapse and expand both groups: the pinned lane stays first and shown.
        for (int g = 0; g < int(v->laneLayout().groups().size()); ++g)
            v->setGroupCollapsed(g, true);
        QCOMPARE(v->laneRect(cpu).top(), TimelineView::kTopHeight);
        QVERIFY(v->laneRect(nccl).isNull());
        for (int g = 0; g < int(v->laneLayout().groups().size()); ++g)
            v->setGroupCollapsed(g, false);
        QCOMPARE(rowsTopToBottom(*v).front(), cpu);
        // The pixels agree: the aten::mm slice (on the pinned CPU lane) is drawn in the first row.
        const QRectF mm = v->sliceRect(test::sliceRef(*v->trace(), "aten::mm"));
        QVERIFY(mm.top() < v->laneRect(nccl).top());

        // Unpin from the pinned lane's menu: back in its group.
        menu.reset(v->createContextMenu(labelPoint(*v, cpu)));
        QVERIFY(!action(menu.get(), "pinLane"));
        action(menu.get(), "unpinLane")->trigger();
        QVERIFY(v->laneRect(cpu).top() > v->laneRect(nccl).top());
    }

    void hideLeavesNoRow()
    {
        auto v = test::makeTestView(test::loadTimelineTrace(), double(test::loadTimelineTrace()->minTs));
        const int nccl = laneNamed(*v, QStringLiteral("stream 20"));
        const SliceRef kernel = test::sliceRef(*v->trace(), "ncclKernel_AllReduce_RING_LL_Sum_float");
        // A right-click on the lane's row (on its slice) offers the lane's actions too.
        const QPoint onSlice = v->sliceRect(kernel).center().toPoint();
        std::unique_ptr<QMenu> menu(v->createContextMenu(onSlice));
        QVERIFY(menu && action(menu.get(), "hideLane") && action(menu.get(), "copySliceName"));
        const int before = v->laneLayout().totalHeight();
        action(menu.get(), "hideLane")->trigger();
        QVERIFY(v->laneRect(nccl).isNull());
        QVERIFY(v->sliceRect(kernel).isNull());
        const auto rows = rowsTopToBottom(*v);
        QVERIFY(std::find(rows.begin(), rows.end(), nccl) == rows.end());
        QCOMPARE(v->laneLayout().totalHeight(), before - v->laneLayout().lanes()[std::size_t(nccl)].height);
        for (int y = 0; y < v->laneLayout().totalHeight(); ++y)
            QVERIFY(v->laneLayout().laneAt(y) != nccl);
        QVERIFY(!v->sliceAt(onSlice).isValid() || v->sliceAt(onSlice) != kernel);

        // Hidden through collapse and rebuild (a reload gives the same keys).
        v->setGroupCollapsed(0, true);
        v->setGroupCollapsed(0, false);
        QVERIFY(v->laneRect(nccl).isNull());
        v->setTrace(test::loadTimelineTrace());
        QVERIFY(v->laneRect(laneNamed(*v, QStringLiteral("stream 20"))).isNull());

        menu.reset(v->createContextMenu(labelPoint(*v, laneNamed(*v, QStringLiteral("main thread")))));
        QVERIFY(action(menu.get(), "showAllLanes")->isEnabled());
        action(menu.get(), "showAllLanes")->trigger();
        QVERIFY(!v->laneRect(laneNamed(*v, QStringLiteral("stream 20"))).isNull());
    }

    void showOnlyThisGroup()
    {
        auto v = test::makeTestView(test::loadTimelineTrace(), double(test::loadTimelineTrace()->minTs));
        const auto &groups = v->laneLayout().groups();
        int gpu = -1, cpu = -1;
        for (int g = 0; g < int(groups.size()); ++g)
            (groups[std::size_t(g)].gpu ? gpu : cpu) = g;
        QVERIFY(gpu >= 0 && cpu >= 0);
        // A right-click on the GPU group's header.
        const QPoint header(60, TimelineView::kTopHeight + groups[std::size_t(gpu)].y + 5);
        std::unique_ptr<QMenu> menu(v->createContextMenu(header));
        QVERIFY(menu && action(menu.get(), "showOnlyGroup") && !action(menu.get(), "hideLane"));
        action(menu.get(), "showOnlyGroup")->trigger();
        QVERIFY(v->laneRect(laneNamed(*v, QStringLiteral("main thread"))).isNull());
        QVERIFY(!v->laneRect(laneNamed(*v, QStringLiteral("stream 7"))).isNull());
        for (int y = 0; y < v->laneLayout().totalHeight(); ++y)
            QVERIFY(v->laneLayout().groupHeaderAt(y) != cpu);
        v->showAllLanes();
        QVERIFY(!v->laneRect(laneNamed(*v, QStringLiteral("main thread"))).isNull());
    }

    void pinAppliesToEveryRun()
    {
        TimelineView v;
        v.resize(TimelineView::kHeaderWidth + 1000, 800);
        v.show();
        v.setRuns({{test::loadTimelineTrace(), QStringLiteral("baseline")}, {test::loadTimelineTrace(), QStringLiteral("tuned")}});
        const int a = laneNamed(v, QStringLiteral("stream 20"), 0), b = laneNamed(v, QStringLiteral("stream 20"), 1);
        QVERIFY(a >= 0 && b >= 0);
        std::unique_ptr<QMenu> menu(v.createContextMenu(labelPoint(v, b)));
        action(menu.get(), "pinLane")->trigger();
        const auto rows = rowsTopToBottom(v);
        QCOMPARE(rows.at(0), a);
        QCOMPARE(rows.at(1), b);
        QCOMPARE(v.laneRect(b).top(), v.laneRect(a).bottom() + 1);
    }

    void copyLaneName()
    {
        auto v = test::makeTestView(test::loadTimelineTrace(), double(test::loadTimelineTrace()->minTs));
        const int lane = laneNamed(*v, QStringLiteral("stream 7"));
        std::unique_ptr<QMenu> menu(v->createContextMenu(labelPoint(*v, lane)));
        action(menu.get(), "copyLaneName")->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), v->laneLayout().lanes()[std::size_t(lane)].label);
        QVERIFY(!v->createContextMenu(QPoint(300, 5))); // the ruler has no menu
    }

    void sliceActions()
    {
        auto trace = test::loadTimelineTrace();
        auto v = test::makeTestView(trace, double(trace->minTs));
        const SliceRef gemm = test::sliceRef(*trace, "ampere_sgemm_128x64_nn");
        std::unique_ptr<QMenu> menu(v->createContextMenu(v->sliceRect(gemm).center().toPoint()));
        QVERIFY(menu);
        action(menu.get(), "copySliceName")->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("ampere_sgemm_128x64_nn"));

        QSignalSpy find(v.get(), &TimelineView::findRequested);
        action(menu.get(), "findSimilar")->trigger();
        QCOMPARE(find.size(), 1);
        QCOMPARE(find.first().first().toString(), QStringLiteral("ampere_sgemm_128x64_nn"));

        action(menu.get(), "zoomToSlice")->trigger();
        const double s = double(trace->tracks[gemm.track].start[gemm.slice]), d = 300'000;
        QCOMPARE(v->visibleStartNs(), s - d * TimelineView::kZoomToSliceMargin);
        QCOMPARE(v->visibleEndNs(), s + d * (1 + TimelineView::kZoomToSliceMargin));
        QCOMPARE(v->selectedSlice(), gemm);
    }

    void selectAllLikeSumsUpTheName()
    {
        LoadResult r = loadTrace(MappedSource::fromBytes(std::string(kRepeated), QStringLiteral("repeated.json")));
        QVERIFY(r.trace);
        auto v = test::makeTestView(r.trace, double(r.trace->minTs));
        RangeStatsPanel range(v.get());
        QSignalSpy shown(v.get(), &TimelineView::allLikeSelected);
        const SliceRef second{0, test::sliceRef(*r.trace, "gemm").track, 1};
        std::unique_ptr<QMenu> menu(v->createContextMenu(v->sliceRect(second).center().toPoint()));
        action(menu.get(), "selectAllLike")->trigger();
        QCOMPARE(shown.size(), 1);
        QVERIFY(v->state()->highlight());
        QCOMPARE(v->state()->highlight()->total(), std::uint64_t(3));
        QCOMPARE(v->state()->highlight()->name, QStringLiteral("gemm"));
        // 100 + 200 + 300 µs: total 600, mean 200, min 100, max 300.
        const QString whole = range.nameStatsText();
        QVERIFY2(whole.contains(QStringLiteral("3 slices, total 600 µs, mean 200 µs, min 100 µs, max 300 µs")), qPrintable(whole));
        // Inside a range [150 µs, 600 µs): the second whole (200), the third's first 100 µs.
        v->setTimeRange(double(r.trace->minTs) + 150'000, double(r.trace->minTs) + 600'000);
        range.update();
        const QString inside = range.nameStatsText();
        QVERIFY2(inside.contains(QStringLiteral("2 slices, total 300 µs, mean 150 µs, min 100 µs, max 200 µs")), qPrintable(inside));
        // The same name's row in the range table says the same count and total.
        bool found = false;
        for (int row = 0; row < range.model()->rowCount(); ++row)
            if (range.model()->item(row, RangeStatsPanel::NameColumn)->text() == QLatin1String("gemm")) {
                QCOMPARE(range.model()->item(row, RangeStatsPanel::CountColumn)->text(), QStringLiteral("2"));
                QCOMPARE(range.model()->item(row, RangeStatsPanel::TotalColumn)->text(), QStringLiteral("300 µs"));
                found = true;
            }
        QVERIFY(found);
        v->state()->setHighlight(nullptr);
        QVERIFY(range.nameStatsText().isEmpty());
    }
};

QTEST_MAIN(TestLaneMenu)
#include "tst_lanemenu.moc"
