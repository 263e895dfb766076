// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis settings are a value the session owns (Session::settings): a change made there
// re-runs the runs' analysis, the comparison and the ranks with them, once each; the Analysis
// dock's controls show settings changed by someone else, and its own edits land in the session.
// Every kind of load (a trace, a comparison, a folder of ranks, a folder's summary, a rank picked
// from it) goes through the RunController and leaves the same session state whatever was shown
// before it.
#include "app/gui/MainWindow.h"
#include "app/gui/RunController.h"

#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/view/Session.h"
#include "widgets/view/SessionAnalyser.h"

#include "core/synth/TraceSynth.h"
#include "core/util/TraceName.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 180000;
constexpr int kRanks = 3;

bool put(const QString &path, const std::string &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

bool settled(MainWindow &w)
{
    return QTest::qWaitFor(
        [&] {
            const bool analysed = w.session()->runCount() == 0 || (!w.analysisDock()->isBusy() && w.analysisDock()->result());
            const bool compared = w.session()->runCount() < 2 || w.currentFolder().size() > 0
                || (!w.comparisonDock()->isBusy() && w.comparisonDock()->comparison());
            const bool ranked = !w.ranksDock()->hasRanks() || (!w.ranksDock()->isBusy() && w.ranksDock()->result());
            return analysed && compared && ranked && !w.isLoading();
        },
        kTimeoutMs);
}

// What a load leaves in the session and the controller, comparable across windows.
struct State
{
    QStringList labels, paths;
    QStringList files;
    QString file, folder;
    bool summary = false;
    bool traceIsFirstRun = false;
    bool comparisonFollows = false; // the comparison dock follows the session's runs
    bool operator==(const State &o) const
    {
        return labels == o.labels && paths == o.paths && files == o.files && file == o.file && folder == o.folder
            && summary == o.summary && traceIsFirstRun == o.traceIsFirstRun && comparisonFollows == o.comparisonFollows;
    }
};

State stateOf(MainWindow &w)
{
    State s;
    const Session *session = w.session();
    for (int i = 0; i < session->runCount(); ++i) {
        s.labels << session->run(i).label;
        s.paths << session->run(i).path;
    }
    const RunController *c = w.runController();
    s.files = c->currentFiles();
    s.file = c->currentFile();
    s.folder = c->folder();
    s.summary = c->isFolderSummary();
    s.traceIsFirstRun = session->runCount() > 0 ? c->trace() == session->run(0).trace : !c->trace();
    // A comparison dock attached to the session lists its runs; detached (a folder), none.
    s.comparisonFollows = w.comparisonDock()->runList()->count() == session->runCount();
    return s;
}

QString describe(const State &s)
{
    return QStringLiteral("runs [%1] files [%2] file %3 folder %4 summary %5 trace %6 compare %7")
        .arg(s.labels.join(u','), s.files.join(u','), s.file, s.folder)
        .arg(s.summary)
        .arg(s.traceIsFirstRun)
        .arg(s.comparisonFollows);
}

} // namespace

class TestSessionSettings : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_base, m_tuned, m_job;

    bool open(MainWindow &w, const QString &kind)
    {
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        if (kind == QLatin1String("trace"))
            w.openFile(m_base);
        else if (kind == QLatin1String("comparison"))
            w.openFiles({m_base, m_tuned});
        else if (kind == QLatin1String("folder") || kind == QLatin1String("summary")) {
            if (kind == QLatin1String("summary"))
                qputenv("LANESCOPE_FOLDER_MEMORY_MB", "1"); // every folder is too large: its summary
            w.openFolder(m_job);
            const bool ok = loaded.wait(kTimeoutMs) && loaded.first().at(0).toBool();
            qunsetenv("LANESCOPE_FOLDER_MEMORY_MB");
            return ok && settled(w);
        } else if (kind == QLatin1String("rank")) {
            if (!open(w, QStringLiteral("summary")))
                return false;
            loaded.clear();
            w.openRankTimeline(1);
        }
        return loaded.wait(kTimeoutMs) && loaded.last().at(0).toBool() && settled(w);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sessionsettings"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        for (auto [path, scenario] : {std::pair{&m_base, synth::Scenario::Baseline}, std::pair{&m_tuned, synth::Scenario::Tuned}}) {
            synth::SynthConfig c;
            c.scenario = scenario;
            c.layers = 4;
            *path = m_dir.filePath(QString::fromLatin1(synth::scenarioName(scenario)) + QStringLiteral(".pt.trace.json"));
            QVERIFY(put(*path, synth::synthesize(c).traces.at(0)));
        }
        synth::SynthConfig c;
        c.ranksToWrite = kRanks;
        c.layers = 4;
        const synth::SynthOutput out = synth::synthesize(c);
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("job")));
        m_job = m_dir.filePath(QStringLiteral("job"));
        for (int k = 0; k < kRanks; ++k)
            QVERIFY(put(QDir(m_job).filePath(QStringLiteral("rank%1.pt.trace.json").arg(k)), out.traces[std::size_t(k)]));
    }

    // A change of the session's settings: the analyser measures every run again, once; the
    // comparison compares those analyses (measuring none itself), once; the Analysis dock shows the
    // new threshold and filter in its controls.
    void comparisonFollowsTheSettingsOnce()
    {
        MainWindow w;
        QVERIFY(open(w, QStringLiteral("comparison")));
        Session *s = w.session();
        const quint64 measured = w.sessionAnalyser()->requests();
        QSignalSpy compared(w.comparisonDock(), &ComparisonDock::comparisonFinished);
        QSignalSpy changed(s, &Session::settingsChanged);

        analysis::AnalysisSettings settings = s->settings();
        QCOMPARE(settings.gapThresholdNs, AnalysisDock::kDefaultGapNs);
        settings.gapThresholdNs = 2'000'000; // 2 ms
        settings.gapKernels = analysis::GapKernels::All;
        s->setSettings(settings);
        s->setSettings(settings); // the same again: nothing
        QCOMPARE(changed.count(), 1);
        QVERIFY(settled(w));
        QTest::qWait(50); // anything more that was going to follow, follows now

        QCOMPARE(w.sessionAnalyser()->requests(), measured + 1);
        QCOMPARE(compared.count(), 1);
        const analysis::TracesComparison *c = w.comparisonDock()->comparison();
        QVERIFY(c);
        QCOMPARE(c->reused, s->runCount()); // the analyser's analyses, not measured again
        for (int i = 0; i < s->runCount(); ++i) {
            QVERIFY(s->run(i).analysis);
            QCOMPARE(s->run(i).analysis->options.gaps.minGap, TimeNs(2'000'000));
            QCOMPARE(c->analyses[std::size_t(i)].options.gaps.minGap, TimeNs(2'000'000));
            QVERIFY(c->analyses[std::size_t(i)].options.gaps.kernels == analysis::GapKernels::All);
        }
        AnalysisDock *dock = w.analysisDock();
        QCOMPARE(dock->result(), s->run(0).analysis);
        QCOMPARE(dock->gapThresholdNs(), TimeNs(2'000'000));
        QCOMPARE(dock->gapThresholdBox()->value(), 2.0);
        QCOMPARE(dock->gapUnitBox()->currentIndex(), 0); // still milliseconds
        QVERIFY(!dock->gemmGapsOnly());
        QVERIFY(dock->settings() == s->settings());
    }

    // The same for a folder: the Ranks dock measures the job again, once, and the Analysis dock's
    // rank with it; the comparison stays detached from the ranks.
    void ranksFollowTheSettingsOnce()
    {
        MainWindow w;
        QVERIFY(open(w, QStringLiteral("folder")));
        Session *s = w.session();
        QCOMPARE(s->runCount(), kRanks);
        RanksDock *ranks = w.ranksDock();
        const auto before = ranks->resultPtr();
        QSignalSpy ranked(ranks, &RanksDock::analysisFinished);
        QSignalSpy compared(w.comparisonDock(), &ComparisonDock::comparisonFinished);

        analysis::AnalysisSettings settings = s->settings();
        settings.gapThresholdNs = 500'000; // 500 µs
        s->setSettings(settings);
        QVERIFY(settled(w));
        QTest::qWait(50);

        QCOMPARE(ranked.count(), 1);
        QVERIFY(ranks->resultPtr() != before);
        QCOMPARE(compared.count(), 0);
        QCOMPARE(w.analysisDock()->result()->options.gaps.minGap, TimeNs(500'000));
        QCOMPARE(w.analysisDock()->gapUnitBox()->currentIndex(), 1); // below a millisecond: µs
        QCOMPARE(w.analysisDock()->gapThresholdBox()->value(), 500.0);
    }

    // The dock on its own session: settings set there show in its controls (the MFU panel's inputs
    // too); its controls' edits land in the session.
    // Showing another run of a comparison in the Analysis dock (its run box) keeps the session's
    // settings: the MFU inputs the comparison was measured with are not replaced by the inputs
    // remembered for that run's file alone (none here), and nothing is measured again.
    void otherRunKeepsTheSessionSettings()
    {
        MainWindow w;
        QVERIFY(open(w, QStringLiteral("comparison")));
        Session *s = w.session();
        analysis::AnalysisSettings settings = s->settings();
        settings.mfu.params = 7e9;
        settings.mfu.tokensPerStep = 8192;
        s->setSettings(settings);
        QVERIFY(settled(w));
        const quint64 measured = w.sessionAnalyser()->requests();
        const auto first = s->run(1).analysis;
        QVERIFY(first && first->mfu.valid);

        AnalysisDock *dock = w.analysisDock();
        dock->setRun(1);
        QVERIFY(settled(w));
        QTest::qWait(50);
        QCOMPARE(dock->run(), 1);
        QCOMPARE(s->settings().mfu.params, 7e9);
        QCOMPARE(s->settings().mfu.tokensPerStep, 8192.0);
        QVERIFY(dock->settings() == s->settings());
        QCOMPARE(w.sessionAnalyser()->requests(), measured);
        QCOMPARE(s->run(1).analysis, first);
        QVERIFY(s->run(0).analysis && s->run(0).analysis->mfu.valid);
    }

    void dockShowsAndEditsTheSessionSettings()
    {
        Session session;
        AnalysisDock dock;
        dock.setSession(&session);
        analysis::AnalysisSettings settings = session.settings();
        settings.gapThresholdNs = 40'000'000;
        settings.definition = analysis::GpuTimeDefinition::Hta;
        settings.mfu.params = 7e9;
        settings.mfu.tokensPerStep = 4096;
        settings.mfu.tokensGlobal = true;
        session.setSettings(settings);
        QCOMPARE(dock.gapThresholdNs(), TimeNs(40'000'000));
        QCOMPARE(dock.gapThresholdBox()->value(), 40.0);
        QVERIFY(dock.htaBox()->isChecked());
        QVERIFY(dock.gemmGapsOnly());
        const analysis::MfuInputs in = dock.mfuPanel()->inputs();
        QCOMPARE(in.params, 7e9);
        QCOMPARE(in.tokensPerStep, 4096.0);
        QVERIFY(in.tokensGlobal);
        QVERIFY(dock.options().definition == analysis::GpuTimeDefinition::Hta);

        // The user's edits (no trace shown: nothing to wait for) are the session's at once.
        dock.gapThresholdBox()->setValue(25.0);
        QCOMPARE(session.settings().gapThresholdNs, TimeNs(25'000'000));
        dock.htaBox()->setChecked(false);
        QVERIFY(session.settings().definition == analysis::GpuTimeDefinition::Lanescope);
        dock.setGemmGapsOnly(false);
        QVERIFY(session.settings().gapKernels == analysis::GapKernels::All);
    }

    // The user's path: the threshold typed into the Analysis dock's spin box reaches the comparison
    // (its Gaps metrics measured at the new threshold) and a folder's ranks. With
    // LANESCOPE_SETTINGS_SCREENSHOT_DIR set, pictures of the window before and after each.
    void dockEditReachesComparisonAndRanks()
    {
        const QString dir = qEnvironmentVariable("LANESCOPE_SETTINGS_SCREENSHOT_DIR");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto shoot = [&](const QString &name) {
            if (dir.isEmpty())
                return true;
            QDir().mkpath(dir);
            QTest::qWait(100);
            return w.grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
        };
        for (const QString &kind : {QStringLiteral("comparison"), QStringLiteral("folder")}) {
            QVERIFY(open(w, kind));
            QVERIFY(shoot(kind + QStringLiteral("-before")));
            QSignalSpy changed(w.session(), &Session::settingsChanged);
            QDoubleSpinBox *box = w.analysisDock()->gapThresholdBox();
            w.analysisDock()->gapUnitBox()->setCurrentIndex(0); // ms
            box->setValue(3.0);                                  // what a typed "3" and Enter do
            QVERIFY(changed.wait(5000));
            QCOMPARE(changed.count(), 1);
            QCOMPARE(w.session()->settings().gapThresholdNs, TimeNs(3'000'000));
            QVERIFY(settled(w));
            if (kind == QLatin1String("comparison")) {
                const analysis::TracesComparison *c = w.comparisonDock()->comparison();
                QVERIFY(c);
                for (const analysis::AnalysisResult &a : c->analyses)
                    QCOMPARE(a.options.gaps.minGap, TimeNs(3'000'000));
            } else {
                QVERIFY(w.ranksDock()->result());
                QCOMPARE(w.analysisDock()->result()->options.gaps.minGap, TimeNs(3'000'000));
            }
            QVERIFY(shoot(kind + QStringLiteral("-after")));
            box->setValue(15.0); // back to the default for the next kind
            QVERIFY(settled(w));
        }
    }

    // Each kind of load leaves the same state whether the window was empty or showed something
    // else before (a folder of ranks, which detaches the comparison; a comparison).
    void everyLoadLeavesTheSameState_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("before");
        for (const char *kind : {"trace", "comparison", "folder", "summary", "rank"})
            for (const char *before : {"folder", "comparison"})
                QTest::addRow("%s after %s", kind, before) << QString::fromLatin1(kind) << QString::fromLatin1(before);
    }

    void everyLoadLeavesTheSameState()
    {
        QFETCH(QString, kind);
        QFETCH(QString, before);
        MainWindow fresh;
        QVERIFY(open(fresh, kind));
        const State want = stateOf(fresh);
        MainWindow w;
        QVERIFY(open(w, before));
        QVERIFY(open(w, kind));
        const State got = stateOf(w);
        QVERIFY2(got == want, qPrintable(describe(got) + QStringLiteral("\nwanted ") + describe(want)));

        // What each kind is.
        const RunController *c = w.runController();
        if (kind == QLatin1String("trace")) {
            QCOMPARE(got.labels, QStringList{traceBaseName(m_base)});
            QCOMPARE(got.files, QStringList{m_base});
            QVERIFY(got.folder.isEmpty());
        } else if (kind == QLatin1String("comparison")) {
            QCOMPARE(got.labels.size(), 2);
            QCOMPARE(got.files, (QStringList{m_base, m_tuned}));
            QVERIFY(got.comparisonFollows);
            QVERIFY(got.folder.isEmpty());
        } else if (kind == QLatin1String("folder")) {
            QCOMPARE(got.labels, (QStringList{QStringLiteral("rank 0"), QStringLiteral("rank 1"), QStringLiteral("rank 2")}));
            QCOMPARE(got.folder, m_job);
            QCOMPARE(got.files, got.paths);
            QVERIFY(!got.summary);
            QCOMPARE(w.comparisonDock()->runList()->count(), 0); // ranks are no comparison
        } else if (kind == QLatin1String("summary")) {
            QVERIFY(got.labels.isEmpty());
            QVERIFY(got.summary);
            QVERIFY(!c->trace());
            QCOMPARE(got.files.size(), kRanks);
        } else {
            QCOMPARE(got.labels, QStringList{QStringLiteral("rank 1")});
            QVERIFY(got.summary);
            QCOMPARE(got.folder, m_job);
            QCOMPARE(got.files.size(), kRanks); // the folder's ranks stay what is watched and reloaded
        }
        QCOMPARE(w.currentFiles(), c->currentFiles());
        QCOMPARE(w.currentFolder(), c->folder());
    }
};

QTEST_MAIN(TestSessionSettings)
#include "tst_sessionsettings.moc"
