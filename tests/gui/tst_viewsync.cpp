// SPDX-License-Identifier: GPL-3.0-or-later
// Two views on one session follow one state: zoom, pan, selection, time range and the gap mark
// driven in one are read back from the other, whatever their widths.
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/view/Session.h"
#include "widgets/timeline/TimelineView.h"

#include <QtTest>

#include <algorithm>

using namespace lanescope;

class TestViewSync : public QObject
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

    void twoViewsFollowOneState()
    {
        Session session;
        session.setTrace(m_trace);
        TimelineView a, b;
        a.resize(TimelineView::kHeaderWidth + 1000, 400);
        b.resize(TimelineView::kHeaderWidth + 600, 300); // another width: same window, its own scale
        a.setSession(&session);
        b.setSession(&session);
        a.show();
        b.show();
        QSignalSpy bMoved(&b, &TimelineView::visibleRangeChanged);
        QSignalSpy bSelected(&b, &TimelineView::selectionChanged);
        QSignalSpy bRange(&b, &TimelineView::timeRangeChanged);

        // Zoom in a, about its 250th pixel.
        a.setVisibleRange(double(m_trace->minTs), double(m_trace->minTs) + 1e6);
        a.zoomAbout(250, 0.5);
        QVERIFY(!bMoved.isEmpty());
        QCOMPARE(b.visibleStartNs(), a.visibleStartNs());
        QCOMPARE(b.visibleEndNs(), a.visibleEndNs());
        QCOMPARE(bMoved.last().at(1).toDouble(), a.visibleEndNs() - a.visibleStartNs());
        // The time under a's 250th pixel is where it was (125 µs), in both views' axes.
        QVERIFY(std::abs(a.axis().toNs(250) - 250e3) < 1);
        QVERIFY(std::abs(b.axis().toNs(150) - 250e3) < 1);

        // Keys in b pan both.
        const double before = a.visibleStartNs();
        b.setFocus();
        QTest::keyClick(&b, Qt::Key_D);
        QVERIFY(a.visibleStartNs() > before);
        QCOMPARE(a.visibleStartNs(), b.visibleStartNs());

        // Select in a: b has the selection (and its flows) and says so.
        const SliceRef launch = test::sliceRef(*m_trace, "cudaLaunchKernel");
        a.selectSlice(launch);
        QCOMPARE(b.selectedSlice(), launch);
        QCOMPARE(bSelected.count(), 1);
        QCOMPARE(bSelected.first().first().value<SliceRef>(), launch);
        QCOMPARE(b.selectedFlows().size(), std::size_t(1));

        // A time range from b shows in a.
        b.setTimeRange(double(m_trace->minTs) + 100e3, double(m_trace->minTs) + 300e3);
        QVERIFY(a.hasTimeRange());
        QCOMPARE(a.timeRangeStartNs(), double(m_trace->minTs) + 100e3);
        QCOMPARE(bRange.count(), 1);

        // A gap marked through the session's state is marked in both, on its own lane.
        analysis::Gap gap;
        gap.track = test::sliceRef(*m_trace, "vectorized_elementwise_kernel").track;
        gap.start = m_trace->minTs + 500'000;
        gap.dur = 100'000;
        gap.cause = analysis::GapCause::CommWait;
        session.state()->setGap(0, gap);
        QVERIFY(a.hasHighlight() && b.hasHighlight());
        QCOMPARE(a.highlightLane(), a.laneLayout().laneOfTrack(0, gap.track));
        QCOMPARE(b.highlightLane(), a.highlightLane());
        b.clearHighlight();
        QVERIFY(!a.hasHighlight());
    }

    // Two runs stacked on one axis: each has its own labelled groups, and a run's offset moves its
    // slices on the common axis (alignment on a step, a clock correction).
    void twoRunsShareOneAxis()
    {
        Session session;
        SessionRun a, b;
        a.label = QStringLiteral("baseline");
        a.trace = m_trace;
        b.label = QStringLiteral("tuned");
        b.trace = m_trace;
        session.setRuns({a, b});
        QCOMPARE(session.runCount(), 2);
        QVERIFY(session.run(0).index && session.run(1).index); // built by the session when not given
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 1000, 900);
        v.setSession(&session);
        v.show();
        v.setVisibleRange(double(m_trace->minTs), double(m_trace->minTs) + 1e6);
        const auto &groups = v.laneLayout().groups();
        QVERIFY(std::any_of(groups.begin(), groups.end(), [](const LaneGroup &g) { return g.title.startsWith(QStringLiteral("baseline · ")); }));
        QVERIFY(std::any_of(groups.begin(), groups.end(), [](const LaneGroup &g) { return g.title.startsWith(QStringLiteral("tuned · ")); }));
        SliceRef gemm0 = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn"), gemm1 = gemm0;
        gemm1.run = 1;
        QCOMPARE(v.sliceRect(gemm1).left(), v.sliceRect(gemm0).left());
        QVERIFY(v.sliceRect(gemm1).top() > v.sliceRect(gemm0).top()); // the second run's lanes are below
        session.setOffset(1, 100'000); // run 1 100 µs later on the axis
        QVERIFY(std::abs(v.sliceRect(gemm1).left() - v.sliceRect(gemm0).left() - 100.0) < 1e-6); // 1 px per µs
        // Selecting in run 1 selects run 1's slice; its flows stay in run 1.
        SliceRef launch1 = test::sliceRef(*m_trace, "cudaLaunchKernel");
        launch1.run = 1;
        v.selectSlice(launch1);
        QCOMPARE(v.selectedFlows().size(), std::size_t(1));
        QCOMPARE(v.selectedFlows().front().other, gemm1);
    }

    void aSessionDeletedFirstLeavesTheViewUsable()
    {
        TimelineView v;
        {
            Session s;
            s.setTrace(m_trace);
            v.setSession(&s);
            QCOMPARE(v.runCount(), 1);
        }
        QCOMPARE(v.runCount(), 0); // back on its own (empty) session
        v.setTrace(m_trace);
        QCOMPARE(v.runCount(), 1);
    }
};

QTEST_MAIN(TestViewSync)
#include "tst_viewsync.moc"
