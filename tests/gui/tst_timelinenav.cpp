// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard and mouse navigation of the timeline change the visible range as expected; selection,
// flows and the shift-drag time range with its statistics.
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineSearch.h"
#include "widgets/timeline/TimelineView.h"

#include <QStandardItemModel>
#include <QtTest>

using namespace lanescope;

class TestTimelineNav : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const Trace> m_trace;

    static void sendMouse(TimelineView &v, QEvent::Type type, QPoint pos, Qt::MouseButton button,
                          Qt::MouseButtons buttons, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QMouseEvent e(type, QPointF(pos), QPointF(v.viewport()->mapToGlobal(pos)), button, buttons, mods);
        QApplication::sendEvent(v.viewport(), &e);
    }

private slots:
    void initTestCase()
    {
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
    }

    void wheelZoomKeepsTimeUnderCursor_data()
    {
        QTest::addColumn<int>("x");
        QTest::addColumn<int>("delta");
        QTest::newRow("in at 300") << 300 << 120;
        QTest::newRow("in twice at 50") << 50 << 240;
        QTest::newRow("out at 700") << 700 << -120;
    }
    void wheelZoomKeepsTimeUnderCursor()
    {
        QFETCH(int, x);
        QFETCH(int, delta);
        auto v = test::makeTestView(m_trace, 0);
        v->setVisibleRange(200'000, 600'000);
        const double before = v->axis().toNs(x);
        const double range = v->axis().range;
        const QPointF pos(TimelineView::kHeaderWidth + x, 200);
        QWheelEvent e(pos, v->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(v->viewport(), &e);
        QCOMPARE(v->axis().range, range * std::pow(TimelineView::kWheelZoomFactor, delta / 120.0));
        if (delta == 120) // one notch: a quarter of the window, where it was 15 %
            QVERIFY(std::abs(v->axis().range / range - 0.75) < 1e-9);
        QVERIFY(std::abs(v->axis().toNs(x) - before) < 1e-6);
    }

    void plainWheelScrollsLanes()
    {
        auto v = test::makeTestView(m_trace, 0);
        const double start = v->axis().start, range = v->axis().range;
        const QPointF pos(TimelineView::kHeaderWidth + 100, 200);
        QWheelEvent e(pos, v->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(v->viewport(), &e);
        QCOMPARE(v->axis().start, start);
        QCOMPARE(v->axis().range, range);
    }

    void wasdKeys_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<double>("expectStart");
        QTest::addColumn<double>("expectRange");
        // Window [200, 600] µs over 1000 px; the cursor is outside, so W/S zoom about the centre.
        QTest::newRow("D pans right 15 %") << int(Qt::Key_D) << 260'000.0 << 400'000.0;
        QTest::newRow("A pans left 15 %") << int(Qt::Key_A) << 140'000.0 << 400'000.0;
        QTest::newRow("W zooms in 0.7x") << int(Qt::Key_W) << 260'000.0 << 280'000.0;
        QTest::newRow("S zooms out 1/0.7x") << int(Qt::Key_S) << 400'000.0 - 200'000.0 / 0.7 << 400'000.0 / 0.7;
        QTest::newRow("Home fits all") << int(Qt::Key_Home) << -20'000.0 << 1'040'000.0; // span 1 ms + 2 % each side
    }
    void wasdKeys()
    {
        QFETCH(int, key);
        QFETCH(double, expectStart);
        QFETCH(double, expectRange);
        auto v = test::makeTestView(m_trace, 0);
        QCursor::setPos(QPoint(-1000, -1000));
        v->setVisibleRange(200'000, 600'000);
        QTest::keyClick(v.get(), Qt::Key(key));
        QVERIFY2(std::abs(v->axis().range - expectRange) < 1e-3, qPrintable(QString::number(v->axis().range, 'f')));
        QVERIFY2(std::abs(v->axis().start - expectStart) < 1e-3, qPrintable(QString::number(v->axis().start, 'f')));
    }

    static void sendKey(TimelineView &v, QEvent::Type type, Qt::Key key, bool autoRepeat, quint64 ms)
    {
        QKeyEvent e(type, key, Qt::NoModifier, QString(), autoRepeat);
        e.setTimestamp(ms);
        QApplication::sendEvent(&v, &e);
    }

    // Holding W: the first press is one step; each auto-repeat zooms further, by more the longer
    // the key is held (as X11 sends them: release+press pairs marked auto-repeat); the real
    // release starts over.
    void heldKeyZoomAccelerates()
    {
        auto v = test::makeTestView(m_trace, 0);
        QCursor::setPos(QPoint(-1000, -1000));
        v->setVisibleRange(0, 1'000'000);
        std::vector<double> ratios;
        double range = v->axis().range;
        auto event = [&](QEvent::Type type, bool autoRepeat, quint64 ms) {
            sendKey(*v, type, Qt::Key_W, autoRepeat, ms);
            if (type == QEvent::KeyPress) {
                ratios.push_back(v->axis().range / range);
                range = v->axis().range;
            }
        };
        event(QEvent::KeyPress, false, 1000);
        QVERIFY(std::abs(ratios[0] - TimelineView::kKeyZoomFactor) < 1e-9);
        for (quint64 t = 1600; t <= 2400; t += 33) { // a 600 ms repeat delay, then 30 repeats a second
            event(QEvent::KeyRelease, true, t);
            event(QEvent::KeyPress, true, t);
        }
        QVERIFY(v->axis().range > v->axis().minRange); // not stopped by the limit: every step counted
        const double firstRepeat = ratios[1], lastRepeat = ratios.back();
        // One repeat's worth at the start: about the rate at 600 ms held for 33 ms.
        QVERIFY2(std::abs(firstRepeat - std::pow(0.5, KeyZoomRamp().rate(600) * 0.033)) < 1e-6, qPrintable(QString::number(firstRepeat)));
        for (std::size_t i = 2; i < ratios.size(); ++i)
            QVERIFY2(ratios[i] < ratios[i - 1] + 1e-12, qPrintable(QStringLiteral("step %1: %2 after %3").arg(i).arg(ratios[i]).arg(ratios[i - 1])));
        QVERIFY2(lastRepeat < firstRepeat - 0.05, qPrintable(QStringLiteral("%1 -> %2").arg(firstRepeat).arg(lastRepeat)));
        // Released: the next press is one plain step again.
        event(QEvent::KeyRelease, false, 2500);
        v->setVisibleRange(0, 1'000'000);
        range = v->axis().range;
        event(QEvent::KeyPress, false, 2600);
        QVERIFY(std::abs(ratios.back() - TimelineView::kKeyZoomFactor) < 1e-9);
        // S held zooms out the same way.
        range = v->axis().range;
        sendKey(*v, QEvent::KeyRelease, Qt::Key_W, false, 2650);
        v->setVisibleRange(400'000, 400'100);
        range = v->axis().range;
        sendKey(*v, QEvent::KeyPress, Qt::Key_S, false, 3000);
        QVERIFY(std::abs(v->axis().range / range - 1 / TimelineView::kKeyZoomFactor) < 1e-9);
        range = v->axis().range;
        sendKey(*v, QEvent::KeyPress, Qt::Key_S, true, 3700);
        const double early = v->axis().range / range;
        range = v->axis().range;
        for (quint64 t = 3733; t <= 4700; t += 33) {
            const double before = v->axis().range;
            sendKey(*v, QEvent::KeyPress, Qt::Key_S, true, t);
            range = v->axis().range / before;
        }
        QVERIFY2(range > early + 0.05, qPrintable(QStringLiteral("%1 -> %2").arg(early).arg(range)));
    }

    // Shift+wheel pans the time axis (a tenth of the width per notch), the zoom stays.
    void shiftWheelPans()
    {
        auto v = test::makeTestView(m_trace, 0);
        v->setVisibleRange(200'000, 600'000);
        const double start = v->axis().start, range = v->axis().range;
        const QPointF pos(TimelineView::kHeaderWidth + 100, 200);
        QWheelEvent e(pos, v->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::ShiftModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(v->viewport(), &e);
        QCOMPARE(v->axis().range, range);
        QVERIFY2(std::abs(v->axis().start - (start + v->axis().width * 0.1 * v->axis().nsPerPx())) < 1e-6,
                 qPrintable(QString::number(v->axis().start, 'f')));
    }

    void dragPans()
    {
        auto v = test::makeTestView(m_trace, 0);
        v->setVisibleRange(200'000, 600'000);
        const QPoint a(TimelineView::kHeaderWidth + 500, 300), b(TimelineView::kHeaderWidth + 400, 300);
        sendMouse(*v, QEvent::MouseButtonPress, a, Qt::LeftButton, Qt::LeftButton);
        sendMouse(*v, QEvent::MouseMove, b, Qt::NoButton, Qt::LeftButton);
        sendMouse(*v, QEvent::MouseButtonRelease, b, Qt::LeftButton, Qt::NoButton);
        // 100 px to the left at 400 ns/px: 40 µs later.
        QCOMPARE(v->axis().start, 240'000.0);
        QVERIFY(!v->selectedSlice().isValid());
    }

    void clickSelectsDoubleClickZooms()
    {
        auto v = test::makeTestView(m_trace, 0);
        const SliceRef gemm = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn");
        QSignalSpy selected(v.get(), &TimelineView::selectionChanged);
        const QPoint at = v->sliceRect(gemm).center().toPoint();
        QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(v->selectedSlice(), gemm);
        QCOMPARE(selected.size(), 1);
        // Its launch flow: from cudaLaunchKernel on the CPU thread.
        QCOMPARE(int(v->selectedFlows().size()), 1);
        QCOMPARE(v->selectedFlows()[0].other, test::sliceRef(*m_trace, "cudaLaunchKernel"));
        QVERIFY(!v->selectedFlows()[0].outgoing);
        QCOMPARE(v->selectedFlows()[0].kind, FlowKind::Launch);

        QTest::mouseDClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, at);
        // 300 µs with 10 % either side.
        QCOMPARE(v->axis().range, 360'000.0);
        QCOMPARE(v->axis().start, 170'000.0);
        QCOMPARE(v->visibleStartNs(), 170'000.0);

        // Clicking the far end of the arrow (the launch's start) jumps there.
        const QRectF launch = v->sliceRect(test::sliceRef(*m_trace, "cudaLaunchKernel"));
        v->setVisibleRange(0, 1e6);
        QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, QPointF(v->sliceRect(test::sliceRef(*m_trace, "cudaLaunchKernel")).left(), v->sliceRect(test::sliceRef(*m_trace, "cudaLaunchKernel")).center().y()).toPoint());
        Q_UNUSED(launch);
        QCOMPARE(v->selectedSlice(), test::sliceRef(*m_trace, "cudaLaunchKernel"));
        QCOMPARE(int(v->selectedFlows().size()), 1);
        QVERIFY(v->selectedFlows()[0].outgoing);

        // F frames the selection; Escape clears it.
        QTest::keyClick(v.get(), Qt::Key_F);
        QCOMPARE(v->axis().range, 12'000.0);
        QTest::keyClick(v.get(), Qt::Key_Escape);
        QVERIFY(!v->selectedSlice().isValid());
    }

    void collapseByClickingGroupHeader()
    {
        auto v = test::makeTestView(m_trace, 0);
        const int y = TimelineView::kTopHeight + v->laneLayout().groups()[0].y + 5;
        QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(100, y));
        QVERIFY(v->laneLayout().groups()[0].collapsed);
        QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(100, y));
        QVERIFY(!v->laneLayout().groups()[0].collapsed);
    }

    void shiftDragSelectsRangeWithStatistics()
    {
        auto v = test::makeTestView(m_trace, 0);
        RangeStatsPanel panel(v.get());
        connect(v.get(), &TimelineView::timeRangeChanged, &panel, &RangeStatsPanel::update);
        const int y = v->laneRect(2).top() + 4;
        // 50 µs .. 350 µs.
        sendMouse(*v, QEvent::MouseButtonPress, QPoint(TimelineView::kHeaderWidth + 50, y), Qt::LeftButton, Qt::LeftButton, Qt::ShiftModifier);
        sendMouse(*v, QEvent::MouseMove, QPoint(TimelineView::kHeaderWidth + 350, y), Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
        sendMouse(*v, QEvent::MouseButtonRelease, QPoint(TimelineView::kHeaderWidth + 350, y), Qt::LeftButton, Qt::NoButton, Qt::ShiftModifier);
        QVERIFY(v->hasTimeRange());
        QCOMPARE(v->timeRangeStartNs(), 50'000.0);
        QCOMPARE(v->timeRangeEndNs(), 350'000.0);
        QVERIFY2(panel.headline().contains(QStringLiteral("300 µs")), qPrintable(panel.headline()));
        // ProfilerStep#1, aten::mm, cudaLaunchKernel, the GEMM and the NCCL kernel intersect it.
        QStandardItemModel *m = panel.model();
        QCOMPARE(m->rowCount(), 5);
        QMap<QString, QList<double>> rows;
        for (int r = 0; r < m->rowCount(); ++r)
            rows[m->item(r, 0)->text()] = {m->item(r, 1)->data(Qt::UserRole).toDouble(), m->item(r, 2)->data(Qt::UserRole).toDouble(),
                                          m->item(r, 3)->data(Qt::UserRole).toDouble(), m->item(r, 4)->data(Qt::UserRole).toDouble()};
        QCOMPARE(rows[QStringLiteral("aten::mm")], (QList<double>{1, 200'000, 190'000, 200'000}));
        QCOMPARE(rows[QStringLiteral("cudaLaunchKernel")], (QList<double>{1, 10'000, 10'000, 10'000}));
        // Totals are clipped to the range: the step (0 .. 1000 µs) counts its 300 µs inside,
        // less its child aten::mm's 200 µs inside (aten::relu lies outside: nothing).
        QCOMPARE(rows[QStringLiteral("ProfilerStep#1")], (QList<double>{1, 300'000, 100'000, 300'000}));
        // The GEMM (200 .. 500 µs) is half inside: half its duration.
        QCOMPARE(rows[QStringLiteral("ampere_sgemm_128x64_nn")], (QList<double>{1, 150'000, 150'000, 150'000}));
        // No total exceeds the range on one lane.
        for (const QList<double> &row : rows)
            QVERIFY(row[1] <= 300'000);
        // Sorted by total, largest first.
        QCOMPARE(m->item(0, 0)->text(), QStringLiteral("ProfilerStep#1"));
        // A plain click clears it.
        QTest::keyClick(v.get(), Qt::Key_Escape);
        QVERIFY(!v->hasTimeRange());
        QCOMPARE(m->rowCount(), 0);
    }
};

QTEST_MAIN(TestTimelineNav)
#include "tst_timelinenav.moc"
