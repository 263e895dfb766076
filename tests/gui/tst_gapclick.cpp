// SPDX-License-Identifier: GPL-3.0-or-later
// A click in an empty stretch of a GPU stream selects the idle gap there: the Details panel tells
// its start, length, cause, evidence and the kernels on either side, and the timeline marks it
// with the chip the Analysis dock's gap click draws. On the ResNet-50 baseline (real trace): every
// gap of its analysis, clicked in its middle; a gap shorter than the analysis' threshold between
// two kernels; a click on a kernel selects the kernel, not a gap.
#include "app/gui/MainWindow.h"

#include "../TestTraces.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/render/TimelineRenderer.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace lanescope;

class TestGapClick : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

    TimelineView *view() const { return m_window->timelineView(); }

    // The viewport point of absolute time t in the middle of the lane of track.
    QPoint pointAt(std::uint32_t track, TimeNs t) const
    {
        const int lane = view()->laneLayout().laneOfTrack(0, track);
        const QRect lanes = view()->lanesRect();
        const QRect r = view()->laneRect(lane);
        const double start = view()->visibleStartNs(), end = view()->visibleEndNs();
        const int x = lanes.left() + int(std::lround((double(t) - start) / (end - start) * lanes.width()));
        return QPoint(x, r.center().y());
    }

    void zoomTo(TimeNs from, TimeNs to)
    {
        const double margin = std::max(double(to - from) * 0.5, 1000.0);
        view()->setVisibleRange(double(from) - margin, double(to) + margin);
        QCoreApplication::processEvents();
    }

    void click(QPoint p)
    {
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, p);
        QCoreApplication::processEvents();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gapclick"));
        QSettings().clear();
        const QString path = test::tracePath(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz"));
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz is not in %1").arg(test::tracesDir())));
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        QSignalSpy loaded(m_window.get(), &MainWindow::loadFinished);
        m_window->openFile(path);
        QVERIFY(loaded.wait(120000));
        QVERIFY(loaded.at(0).at(0).toBool());
        QVERIFY(QTest::qWaitFor([&] { return m_window->session()->run(0).analysis && !m_window->analysisDock()->isBusy(); }, 120000));
        QVERIFY(!m_window->session()->run(0).analysis->gaps.empty());
    }

    // Each gap of the analysis, clicked in its middle: the same gap selected, Details filled.
    void clickInAnAnalysedGap()
    {
        const std::vector<analysis::Gap> gaps = m_window->session()->run(0).analysis->gaps;
        for (const analysis::Gap &gap : gaps) {
            m_window->timelineView()->state()->clearGap();
            m_window->analysisDock()->raise(); // in front of Details, as after loading
            zoomTo(gap.start, gap.end());
            const QPoint p = pointAt(gap.track, gap.start + gap.dur / 2);
            QVERIFY(!view()->sliceAt(p).isValid());
            click(p);
            QVERIFY2(view()->state()->hasGap(), qPrintable(QStringLiteral("gap at %1").arg(gap.start)));
            QCOMPARE(view()->state()->gap().start, gap.start);
            QCOMPARE(view()->state()->gap().dur, gap.dur);
            QCOMPARE(view()->state()->gap().track, gap.track);
            // The chip: the cause's label on the gap's lane, as the dock's click draws it.
            QCOMPARE(view()->highlightLabel(), GapCauseStyle::label(gap.cause));
            QVERIFY(view()->highlightLane() >= 0);
            QVERIFY(QTest::qWaitFor([&] { return m_window->detailsPanel()->isVisible(); }, 2000)); // its tab raised
            const QString details = m_window->detailsPanel()->text();
            QVERIFY2(details.contains(QStringLiteral("Idle gap")), qPrintable(details));
            QVERIFY2(details.contains(GapCauseStyle::label(gap.cause)), qPrintable(details));
            QVERIFY2(details.contains(TimeAxis::formatTime(double(gap.dur))), qPrintable(details));
            QVERIFY2(details.contains(gap.before.left(40)), qPrintable(details));
            QVERIFY2(details.contains(gap.after.left(40)), qPrintable(details));
            if (!gap.evidence.isEmpty())
                QVERIFY2(details.contains(gap.evidence.left(40)), qPrintable(details));
        }
    }

    // Two kernels a little apart on the compute stream: the gap between them, shorter than the
    // analysis' threshold, is measured on the click; a click on a kernel selects the kernel.
    void clickInAShortGap()
    {
        const Trace &t = *m_window->trace();
        const analysis::Gap &big = m_window->session()->run(0).analysis->gaps.front();
        const Track &trk = t.tracks[big.track];
        // The first pair of kernels on that stream with 20 µs to 1 ms between them.
        std::size_t a = trk.size();
        for (std::size_t i = 0; i + 1 < trk.size(); ++i) {
            const TimeNs hole = trk.start[i + 1] - trk.end(i);
            if (hole >= 20'000 && hole <= 1'000'000 && trk.start[i + 1] > trk.end(i)) {
                a = i;
                break;
            }
        }
        QVERIFY2(a < trk.size(), "a short gap on the compute stream");
        const TimeNs from = trk.end(a), to = trk.start[a + 1];
        zoomTo(from, to);
        view()->state()->clearGap();
        click(pointAt(big.track, from + (to - from) / 2));
        int run = -1;
        analysis::Gap found;
        if (!view()->gapAt(pointAt(big.track, from + (to - from) / 2), &run, &found))
            QSKIP("another stream kept the device busy over that stretch: not an idle gap");
        QVERIFY(view()->state()->hasGap());
        const analysis::Gap &g = view()->state()->gap();
        QVERIFY2(g.dur < 15'000'000, qPrintable(QString::number(g.dur)));
        QVERIFY(g.start >= from && g.end() <= to);
        QCOMPARE(g.after, t.name(trk.nameId[a + 1]));
        const QString details = m_window->detailsPanel()->text();
        QVERIFY2(details.contains(QStringLiteral("Idle gap")) && details.contains(TimeAxis::formatTime(double(g.dur))), qPrintable(details));

        // On the kernel after it: the kernel is selected, no gap measured there.
        const QPoint onKernel = pointAt(big.track, to + trk.dur[a + 1] / 2);
        QVERIFY(!view()->gapAt(onKernel, &run, &found));
        click(onKernel);
        QVERIFY(view()->selectedSlice().isValid());
        QVERIFY2(!m_window->detailsPanel()->text().contains(QStringLiteral("Idle gap")), qPrintable(m_window->detailsPanel()->text()));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestGapClick)
#include "tst_gapclick.moc"
