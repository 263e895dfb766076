// SPDX-License-Identifier: GPL-3.0-or-later
// The main window wires the analysis dock to the timeline: activating a gap in the gap table zooms
// the timeline to it and marks it on its stream with its cause; advice moves the view to its range.
#include "app/gui/MainWindow.h"

#include "widgets/analysis/AnalysisDock.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/analysis/GapTableModel.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

class TestGapNavigation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void clickingAGapMovesTheTimelineThere();
    void adviceMovesTheTimelineToItsRange();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestGapNavigation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Recent files and per-file MFU inputs go to a test-only settings location, wiped per run.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gapnavigation"));
    QSettings().clear();
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Baseline;
    c.layers = 16; // half the case study: the same gap per layer boundary, half the events
    const synth::SynthOutput out = synth::synthesize(c);
    m_path = m_dir.filePath(QStringLiteral("baseline.pt.trace.json"));
    QFile f(m_path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())), qint64(out.traces.at(0).size()));
}

static bool analysisReady(MainWindow &w)
{
    return QTest::qWaitFor([&] { return w.trace() && !w.analysisDock()->isBusy() && w.analysisDock()->result(); },
                           30000);
}

void TestGapNavigation::clickingAGapMovesTheTimelineThere()
{
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openFile(m_path);
    QVERIFY(analysisReady(w));
    AnalysisDock *dock = w.analysisDock();
    TimelineView *tl = w.timelineView();
    QVERIFY(dock->gapModel()->rowCount() > 10);
    tl->fitAll();
    QVERIFY(!tl->hasHighlight());

    // A gap in the middle of the run: the fitted view shows the whole trace, so zooming is visible.
    QTableView *view = dock->gapView();
    const int row = view->model()->rowCount() / 2;
    const QModelIndex index = view->model()->index(row, 0);
    const analysis::Gap *picked = dock->gapModel()->gap(dock->gapProxy()->mapToSource(index).row());
    QVERIFY(picked);
    const analysis::Gap gap = *picked;
    const double spanBefore = tl->visibleEndNs() - tl->visibleStartNs();
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());

    QTRY_VERIFY(tl->hasHighlight());
    QVERIFY(tl->visibleStartNs() <= double(gap.start));
    QVERIFY(tl->visibleEndNs() >= double(gap.end()));
    const double span = tl->visibleEndNs() - tl->visibleStartNs();
    QVERIFY2(span < spanBefore / 20, qPrintable(QStringLiteral("view spans %1 ns").arg(span)));
    QVERIFY(span <= 2.5 * double(gap.dur) + 2000);
    // Marked on the stream it happened on, labelled with its cause.
    QVERIFY(tl->highlightLane() >= 0);
    const Lane &lane = tl->laneLayout().lanes()[std::size_t(tl->highlightLane())];
    const Track &track = w.trace()->tracks[lane.track];
    QCOMPARE(track.device, gap.device);
    QCOMPARE(track.tid, gap.stream);
    QCOMPARE(tl->highlightLabel(), GapCauseStyle::labelForKey(QString::fromLatin1(analysis::gapCauseName(gap.cause))));
    // For looking at it: LANESCOPE_GAPNAV_SCREENSHOT=/tmp/gap.png saves the window as it is now.
    if (const QString shot = qEnvironmentVariable("LANESCOPE_GAPNAV_SCREENSHOT"); !shot.isEmpty())
        w.grab().save(shot);
    // The mark is drawn: the gap's middle, on its lane, is the cause's colour laid over what was
    // there before (the fill is 60/255 opaque).
    const QRect laneRect = tl->laneRect(tl->highlightLane());
    const int x = TimelineView::kHeaderWidth
        + int(tl->axis().toPx(double(gap.start + gap.dur / 2) - double(w.trace()->minTs)));
    const QPoint at(x, laneRect.center().y());
    const QColor marked = tl->grab().toImage().pixelColor(at);
    const QString label = tl->highlightLabel();
    tl->clearHighlight();
    const QColor plain = tl->grab().toImage().pixelColor(at);
    const QColor cause = GapCauseStyle::colorForKey(QString::fromLatin1(analysis::gapCauseName(gap.cause)));
    const double a = 60.0 / 255.0;
    auto blend = [a](int under, int over) { return under * (1 - a) + over * a; };
    QVERIFY2(std::abs(marked.red() - blend(plain.red(), cause.red())) < 12
                 && std::abs(marked.green() - blend(plain.green(), cause.green())) < 12
                 && std::abs(marked.blue() - blend(plain.blue(), cause.blue())) < 12,
             qPrintable(QStringLiteral("marked %1, plain %2, cause %3 (%4)")
                            .arg(marked.name(), plain.name(), cause.name(), label)));
}

void TestGapNavigation::adviceMovesTheTimelineToItsRange()
{
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openFile(m_path);
    QVERIFY(analysisReady(w));
    TimelineView *tl = w.timelineView();
    tl->setVisibleRange(double(w.trace()->minTs), double(w.trace()->minTs) + 1e6);
    QSignalSpy moved(tl, &TimelineView::visibleRangeChanged);
    emit w.analysisDock()->rangeRequested(w.trace()->minTs + 1000000000, w.trace()->minTs + 2000000000);
    QVERIFY(!moved.isEmpty());
    QVERIFY(tl->visibleStartNs() <= double(w.trace()->minTs + 1000000000));
    QVERIFY(tl->visibleEndNs() >= double(w.trace()->minTs + 2000000000));
    QVERIFY(!tl->hasHighlight());
}

QTEST_MAIN(TestGapNavigation)
#include "tst_gapnavigation.moc"
