// SPDX-License-Identifier: GPL-3.0-or-later
// Opening two traces: `lanescope A B`, or a second trace dropped on a window
// that shows one, stacks both runs on one time axis, the first as the baseline, each aligned on
// its first complete ProfilerStep although the runs number their steps differently.
#include "app/gui/MainWindow.h"

#include "tests/gui/DropEvents.h"

#include "widgets/WarningBanner.h"
#include "core/analysis/run/Steps.h"
#include "widgets/view/Session.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

using namespace lanescope;

class TestCompareOpen : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_baseline, m_tuned;

    static bool write(const QString &path, synth::Scenario scenario)
    {
        synth::SynthConfig c;
        c.scenario = scenario;
        c.layers = 8;
        const synth::SynthOutput out = synth::synthesize(c);
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())) == qint64(out.traces.at(0).size());
    }
    // Axis time of run r's first complete step: where the alignment must put every run's.
    static double firstStepOnAxis(const Session &s, int r)
    {
        const auto steps = analysis::findSteps(*s.run(r).trace);
        return steps.empty() ? -1 : double(steps.front().start - s.base(r));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_compareopen"));
        QSettings().clear();
        m_baseline = m_dir.filePath(QStringLiteral("baseline.pt.trace.json"));
        m_tuned = m_dir.filePath(QStringLiteral("tuned.pt.trace.json"));
        QVERIFY(write(m_baseline, synth::Scenario::Baseline));
        QVERIFY(write(m_tuned, synth::Scenario::Tuned));
    }

    void twoFilesAreStackedAndAligned()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_baseline, m_tuned});
        QVERIFY(loaded.wait(60000));
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(loaded.first().first().toBool(), true);
        Session &s = *w.session();
        QCOMPARE(s.runCount(), 2);
        QCOMPARE(s.run(0).label, QStringLiteral("baseline"));
        QCOMPARE(s.run(1).label, QStringLiteral("tuned"));
        QVERIFY(s.run(0).index && s.run(1).index); // from the load jobs
        // Aligned: both first steps start at the same axis time.
        QCOMPARE(firstStepOnAxis(s, 1), firstStepOnAxis(s, 0));
        // Both runs have their lanes, the tuned run's below the baseline's.
        const auto &groups = w.timelineView()->laneLayout().groups();
        QVERIFY(std::any_of(groups.begin(), groups.end(), [](const LaneGroup &g) { return g.run == 1 && g.title.startsWith(QStringLiteral("tuned · ")); }));
        QVERIFY(w.windowTitle().contains(QStringLiteral("baseline vs tuned")));
        QCOMPARE(w.currentFiles(), (QStringList{m_baseline, m_tuned}));
        // The analysis dock analyses the baseline.
        QVERIFY(QTest::qWaitFor([&] { return s.run(0).analysis != nullptr; }, 30000));
    }

    void droppingASecondTraceCompares()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(m_baseline);
        QVERIFY(loaded.wait(60000));
        QCOMPARE(w.session()->runCount(), 1);
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(dropFiles(&w, {m_tuned}));
        QVERIFY(loaded.wait(60000));
        QCOMPARE(w.session()->runCount(), 2);
        QCOMPARE(w.session()->run(0).path, m_baseline); // the one shown stays the baseline
        QCOMPARE(w.session()->run(1).path, m_tuned);
    }

    void aMissingFileIsReportedAndTheRestShown()
    {
        MainWindow w;
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_baseline, m_dir.filePath(QStringLiteral("missing.json")), m_tuned});
        QVERIFY(loaded.wait(60000));
        QCOMPARE(w.session()->runCount(), 2);
        QVERIFY(w.warningBanner()->isVisibleTo(&w));
    }
};

QTEST_MAIN(TestCompareOpen)
#include "tst_compareopen.moc"
