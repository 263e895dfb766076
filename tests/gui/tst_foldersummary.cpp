// SPDX-License-Identifier: GPL-3.0-or-later
// A folder too large for memory in the window: with the budget forced low
// (LANESCOPE_FOLDER_MEMORY_MB), a synthetic job opens as its summary: the Ranks dock's per-rank
// table, stragglers, clock offsets and collectives equal to `lanescope-cli analyze DIR --json`, no
// rank's model kept, the banner saying which mode and why; a rank picked loads its timeline alone,
// with the figures that opening its file alone gives, and the next rank picked replaces it.
#include "app/gui/MainWindow.h"
#include "app/gui/OpenController.h"
#include "app/gui/Preferences.h"
#include "tests/CliRun.h"

#include "core/io/FolderLoad.h"
#include "core/synth/TraceSynth.h"
#include "widgets/WarningBanner.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/ranks/RankTableModel.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <cmath>

using namespace lanescope;

namespace {

bool put(const QString &path, const std::string &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

bool waitForLoad(MainWindow &w, bool expect = true)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    return loaded.wait(120000) && loaded.first().first().toBool() == expect;
}

bool waitForAnalysis(MainWindow &w)
{
    return QTest::qWaitFor([&w] { return !w.analysisDock()->isBusy() && w.analysisDock()->result(); }, 120000);
}

// The row of the dock's table (as sorted) that shows rank index i.
int viewRow(RanksDock *dock, int i)
{
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(dock->rankView()->model());
    return proxy->mapFromSource(dock->rankModel()->index(i, 0)).row();
}

// The figures a run's analysis gives, as every surface reads them (RunFigures).
void compareFigures(const analysis::RunFigures &a, const analysis::RunFigures &b)
{
    QCOMPARE(a.stepTimeNs, b.stepTimeNs);
    QCOMPARE(a.idlePct, b.idlePct);
    QCOMPARE(a.commCompOverlapPct, b.commCompOverlapPct);
    QCOMPARE(a.exposedCommNs, b.exposedCommNs);
    QCOMPARE(a.gapCount, b.gapCount);
    QCOMPARE(a.gapTotalNs, b.gapTotalNs);
    QCOMPARE(a.peakAllocatedBytes, b.peakAllocatedBytes);
    QCOMPARE(a.kernelCount, b.kernelCount);
}

} // namespace

class TestFolderSummary : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_job;    // 8 ranks, rank 5 the straggler
    QString m_single; // a trace of its own
    QJsonObject m_cli; // analyze DIR --json of the job
    static constexpr int kRanks = 8;
    static constexpr int kStraggler = 5;

    static void setBudgetMb(const char *mb) { qputenv("LANESCOPE_FOLDER_MEMORY_MB", mb); }

    // Opens the job as `lanescope DIR` does and checks it came up as its summary.
    void openSummary(MainWindow &w)
    {
        w.openFiles({m_job});
        QVERIFY(waitForLoad(w));
        QVERIFY(w.isFolderSummary());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_foldersummary"));
        QSettings().clear();

        synth::SynthConfig c; // fsdp-baseline
        c.ranksToWrite = kRanks;
        c.straggler = kStraggler;
        c.clockSkewMaxUs = 5000;
        c.layers = 4; // small and quick; the collectives and their timing follow the same model
        const synth::SynthOutput out = synth::synthesize(c);
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("job")));
        m_job = QDir::cleanPath(m_dir.filePath(QStringLiteral("job")));
        for (int k = 0; k < kRanks; ++k)
            QVERIFY(put(QDir(m_job).filePath(QStringLiteral("rank-%1.pt.trace.json").arg(k)), out.traces[std::size_t(k)]));
        synth::SynthConfig one;
        one.layers = 4;
        m_single = m_dir.filePath(QStringLiteral("single.pt.trace.json"));
        QVERIFY(put(m_single, synth::synthesize(one).traces.at(0)));

        // The reference: what the command line says of the same folder.
        const test::CliRun r = test::runCli({QStringLiteral("analyze"), m_job, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        m_cli = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(m_cli.value(QLatin1String("ranks")).toArray().size(), kRanks);
        QCOMPARE(m_cli.value(QLatin1String("job")).toObject().value(QLatin1String("straggler_rank")).toInt(), kStraggler);

        setBudgetMb("1"); // every folder of these tests is "too large"
    }

    void aLargeFolderOpensAsItsSummary()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openSummary(w);

        // Nothing of a rank is held: no run, no trace, the summary page in the middle.
        QCOMPARE(w.session()->runCount(), 0);
        QVERIFY(!w.trace());
        QCOMPARE(w.centralView(), w.summaryPage());
        RanksDock *dock = w.ranksDock();
        QVERIFY(dock->isVisible());
        QVERIFY(dock->isSummary());
        QCOMPARE(dock->rankCount(), kRanks);
        std::uint64_t modelBytes = 0;
        for (const RankFile &r : dock->rankFiles()) {
            QVERIFY(!r.trace);           // released on its loading thread
            QVERIFY(r.modelBytes > 0);   // it was loaded, and measured
            modelBytes += r.modelBytes;
        }
        QVERIFY(modelBytes > 0);
        QVERIFY(!dock->isBusy()); // no analysis to run: the figures came with the load
        const FolderPlan &plan = w.folderPlan();
        QVERIFY(plan.summary);
        QCOMPARE(plan.files, kRanks);
        QCOMPARE(plan.budgetBytes, std::uint64_t(1) << 20);
        QVERIFY(plan.shownBytes > plan.budgetBytes);
        // The banner says the mode and why.
        const QString mode = w.warningBanner()->mode();
        QVERIFY2(mode.contains(QStringLiteral("Summary mode")) && mode.contains(QStringLiteral("LANESCOPE_FOLDER_MEMORY_MB"))
                     && mode.contains(QStringLiteral("8 ranks")),
                 qPrintable(mode));
        QVERIFY(w.warningBanner()->isVisible());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("job (8 ranks)")));
        // The job overview draws the ranks' timelines: none here.
        QAction *overview = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_J))
                overview = a;
        QVERIFY(overview && !overview->isEnabled());

        // Every figure of the table is the command line's.
        RankTableModel *m = dock->rankModel();
        QCOMPARE(m->rowCount(), kRanks);
        const QJsonArray ranks = m_cli.value(QLatin1String("ranks")).toArray();
        const QJsonObject offsets = m_cli.value(QLatin1String("clock_offsets_us")).toObject();
        for (int i = 0; i < kRanks; ++i) {
            const QJsonObject r = ranks.at(i).toObject();
            QCOMPARE(m->index(i, RankTableModel::Rank).data(RankTableModel::ValueRole).toInt(), r.value(QLatin1String("rank")).toInt());
            QCOMPARE(dock->rankFiles()[std::size_t(i)].path, r.value(QLatin1String("path")).toString());
            const double stepUs = m->index(i, RankTableModel::StepTime).data(RankTableModel::ValueRole).toDouble();
            QVERIFY2(std::abs(stepUs - r.value(QLatin1String("step_time_us")).toDouble()) < 1e-6, qPrintable(QString::number(stepUs)));
            const double gapsUs = m->index(i, RankTableModel::GemmGaps).data(RankTableModel::ValueRole).toDouble();
            QVERIFY(std::abs(gapsUs - r.value(QLatin1String("gaps_total_us")).toDouble()) < 1e-6);
            // Clock offsets: rank 0 is the reference; the others as the command line measured them.
            const double offsetNs = m->index(i, RankTableModel::ClockOffset).data(RankTableModel::ValueRole).toDouble();
            const double cliUs = offsets.value(QString::number(i)).toDouble();
            QVERIFY2(std::abs(offsetNs / 1000.0 - cliUs) < 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(offsetNs).arg(cliUs)));
        }
        // The straggler and its wait per step: the command line's.
        const QJsonObject job = m_cli.value(QLatin1String("job")).toObject();
        const analysis::JobResult &core = dock->result()->job;
        QVERIFY(!core.stragglers.byRank.empty());
        QCOMPARE(core.stragglers.byRank.front().rank, job.value(QLatin1String("straggler_rank")).toInt());
        QVERIFY(std::abs(core.stragglers.byRank.front().waitedPerStepNs / 1000.0
                         - job.value(QLatin1String("straggler_rank_wait_us_per_step")).toDouble())
                < 1e-3);
        QTreeWidgetItem *worst = dock->stragglerTree()->topLevelItem(0);
        QVERIFY(worst);
        QVERIFY2(worst->text(0).startsWith(QStringLiteral("rank %1 made the others wait ").arg(kStraggler)), qPrintable(worst->text(0)));
        QVERIFY(dock->jobText().contains(QStringLiteral("the others wait for rank %1").arg(kStraggler)));
        // The collectives' transfer and waiting: the command line's count of matched calls.
        const QJsonObject coll = job.value(QLatin1String("collectives")).toObject();
        QCOMPARE(qint64(core.transfer.calls), qint64(coll.value(QLatin1String("calls")).toInteger()));
        QVERIFY(dock->transferTree()->topLevelItemCount() >= 2);
        QCOMPARE(dock->transferTree()->topLevelItem(0)->text(RanksDock::TransferCalls),
                 QLocale().toString(qlonglong(coll.value(QLatin1String("calls")).toInteger())));
        // Each straggler collective knows where its calls lie, for when a rank is shown.
        QVERIFY(!dock->result()->eventSpans.empty() && !dock->result()->eventSpans.front().empty());
        // The trace's docks stepped aside for the dock: no trace to show in them.
        QVERIFY(!w.analysisDock()->isVisible());
    }

    void pickingARankLoadsItsTimelineAlone()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openSummary(w);
        RanksDock *dock = w.ranksDock();
        const QString path = dock->rankFiles()[kStraggler].path;

        // Select the straggler's row and ask for its timeline with the dock's button.
        QPushButton *button = dock->openRankButton();
        QVERIFY(button->isVisible());
        QVERIFY(!button->isEnabled()); // nothing selected
        dock->rankView()->selectRow(viewRow(dock, kStraggler));
        QVERIFY(button->isEnabled());
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(w.isLoading()); // off the UI thread, with the status bar's progress and Cancel
        QVERIFY(w.cancelButton()->isVisible());
        QVERIFY(loaded.wait(120000));
        QVERIFY(loaded.first().first().toBool());

        // One run, the rank's, its timeline in the middle; the summary stays beside it.
        Session &s = *w.session();
        QCOMPARE(s.runCount(), 1);
        QCOMPARE(s.run(0).path, path);
        QCOMPARE(s.run(0).label, QStringLiteral("rank %1").arg(kStraggler));
        QCOMPARE(w.centralView(), static_cast<QWidget *>(w.timelineView()));
        QVERIFY(w.isFolderSummary());
        QCOMPARE(dock->shownRank(), kStraggler);
        QCOMPARE(dock->rankModel()->shownRow(), kStraggler);
        QVERIFY(dock->statusText().contains(QStringLiteral("rank %1's timeline shown").arg(kStraggler)));
        QVERIFY(w.warningBanner()->mode().contains(QStringLiteral("Summary mode")));
        QVERIFY(w.analysisDock()->isVisible()); // back with a trace to show
        for (const RankFile &r : dock->rankFiles())
            QVERIFY(!r.trace); // the dock holds none; the session holds the one shown

        // Its analysis is what opening the file alone gives, and the rank's row of the summary.
        QVERIFY(waitForAnalysis(w));
        const analysis::RunFigures picked = w.analysisDock()->result()->figures;
        {
            MainWindow alone;
            alone.openFile(path);
            QVERIFY(waitForLoad(alone));
            QVERIFY(waitForAnalysis(alone));
            compareFigures(picked, alone.analysisDock()->result()->figures);
        }
        const analysis::RankFigures &row = dock->result()->job.ranks[std::size_t(kStraggler)];
        QCOMPARE(picked.stepTimeNs, row.analysis.figures.stepTimeNs);
        QCOMPARE(picked.gapTotalNs, row.gapTotalNs);
        QCOMPARE(picked.exposedCommNs, row.exposedCommNs);

        // A straggler collective of the rank shown: zoomed to its call there.
        QTreeWidgetItem *worst = dock->stragglerTree()->topLevelItem(0);
        QVERIFY(worst && worst->childCount() > 0);
        const int event = worst->child(0)->data(0, RanksDock::EventRole).toInt();
        dock->showCollective(event);
        QVERIFY(s.state()->windowRange() < (s.state()->spanEnd() - s.state()->spanStart()) / 4);
        QVERIFY(s.state()->highlight());

        // The next rank replaces it: one model at a time, the one before let go.
        std::weak_ptr<const Trace> before = s.run(0).trace;
        w.openRankTimeline(2);
        QCOMPARE(s.runCount(), 0); // released before the next loads
        QVERIFY(waitForLoad(w));
        QCOMPARE(s.runCount(), 1);
        QCOMPARE(s.run(0).path, dock->rankFiles()[2].path);
        QCOMPARE(dock->shownRank(), 2);
        QVERIFY(QTest::qWaitFor([&] { return before.expired(); }, 20000));

        // A double-click on a row does the same.
        const QModelIndex six = dock->rankView()->model()->index(viewRow(dock, 6), RankTableModel::StepTime);
        dock->rankView()->scrollTo(six);
        const QRect cell = dock->rankView()->visualRect(six);
        QVERIFY(dock->rankView()->viewport()->rect().contains(cell.center()));
        QTest::mouseClick(dock->rankView()->viewport(), Qt::LeftButton, {}, cell.center()); // selects, loads nothing
        QVERIFY(!w.isLoading());
        QTest::mouseDClick(dock->rankView()->viewport(), Qt::LeftButton, {}, cell.center());
        QVERIFY(waitForLoad(w));
        QCOMPARE(dock->shownRank(), 6);
    }

    void aStragglerCollectiveLoadsItsRank()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openSummary(w);
        RanksDock *dock = w.ranksDock();
        QTreeWidget *tree = dock->stragglerTree();
        QTreeWidgetItem *worst = tree->topLevelItem(0);
        QVERIFY(worst && worst->childCount() > 0);
        QTreeWidgetItem *call = worst->child(0);
        tree->scrollToItem(call);
        const QPoint at = tree->visualItemRect(call).center();
        // A click selects the straggler's rank: nothing loads.
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(!w.isLoading());
        const QModelIndexList selected = dock->rankView()->selectionModel()->selectedRows();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(qobject_cast<QSortFilterProxyModel *>(dock->rankView()->model())->mapToSource(selected.first()).row(), kStraggler);
        // A double-click loads it and shows the collective there, zoomed to its call and outlined.
        QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(waitForLoad(w));
        QCOMPARE(dock->shownRank(), kStraggler);
        const ViewState *v = w.session()->state();
        QVERIFY(QTest::qWaitFor([v] { return v->highlight() != nullptr; }, 5000));
        QVERIFY(v->windowRange() < (v->spanEnd() - v->spanStart()) / 4);
        const CollectiveSpan *mine = nullptr;
        for (const CollectiveSpan &c : dock->result()->eventSpans.front())
            if (c.rankIndex == kStraggler)
                mine = &c;
        QVERIFY(mine);
        const double start = double(mine->start - w.session()->base(0)), end = double(mine->end - w.session()->base(0));
        QVERIFY(start >= v->windowStart() && end <= v->windowEnd());
    }

    void cancellingAPickKeepsTheSummary()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        openSummary(w);
        w.openRankTimeline(1);
        QVERIFY(w.isLoading());
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.cancelLoad();
        QVERIFY(loaded.wait(60000));
        QVERIFY(!loaded.first().first().toBool());
        QVERIFY(w.isFolderSummary());
        QCOMPARE(w.ranksDock()->rankCount(), kRanks);
        QCOMPARE(w.session()->runCount(), 0);
        QCOMPARE(w.centralView(), w.summaryPage());
    }

    void anotherTraceEndsTheSummary()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        openSummary(w);
        w.openFile(m_single);
        QVERIFY(waitForLoad(w));
        QVERIFY(!w.isFolderSummary());
        QVERIFY(!w.ranksDock()->hasRanks());
        QVERIFY(w.warningBanner()->mode().isEmpty());
        QCOMPARE(w.centralView(), static_cast<QWidget *>(w.timelineView()));
        QVERIFY(w.analysisDock()->isVisible()); // the docks that stepped aside are back
    }

    void compareWithComparesThePickedRank()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        openSummary(w);
        const QString rank = w.ranksDock()->rankFiles()[3].path;
        w.openRankTimeline(3);
        QVERIFY(waitForLoad(w));
        // Compare With… never loads the whole job: the rank shown is the baseline.
        w.addRuns({m_single});
        QVERIFY(waitForLoad(w));
        QCOMPARE(w.session()->runCount(), 2);
        QCOMPARE(w.session()->run(0).path, rank);
        QCOMPARE(w.session()->run(0).label, QStringLiteral("rank 3"));
        QVERIFY(!w.isFolderSummary());
        QVERIFY(w.warningBanner()->mode().isEmpty());
    }

    void underTheBudgetTheFolderOpensWhole()
    {
        setBudgetMb("100000");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openFiles({m_job});
        QVERIFY(waitForLoad(w));
        QVERIFY(!w.isFolderSummary());
        QVERIFY(!w.folderPlan().summary);
        QCOMPARE(w.session()->runCount(), kRanks);
        QVERIFY(w.warningBanner()->mode().isEmpty());
        setBudgetMb("1");
    }

    // The budget the user set in Edit > Preferences, where no LANESCOPE_FOLDER_MEMORY_MB is set;
    // the variable wins where it is; neither: half of the memory available.
    void theBudgetComesFromPreferences()
    {
        qunsetenv("LANESCOPE_FOLDER_MEMORY_MB");
        Preferences p = Preferences::load();
        p.folderMemoryMb = 1;
        p.save();
        QString from;
        QCOMPARE(OpenController::folderBudget(&from), std::uint64_t(1) << 20);
        QCOMPARE(from, QStringLiteral("Preferences"));
        {
            MainWindow w;
            w.resize(1600, 1000);
            w.show();
            openSummary(w);
            QCOMPARE(w.folderPlan().budgetBytes, std::uint64_t(1) << 20);
            const QString mode = w.warningBanner()->mode();
            QVERIFY2(mode.contains(QStringLiteral("(Preferences)")), qPrintable(mode));
        }
        setBudgetMb("3");
        QCOMPARE(OpenController::folderBudget(&from), std::uint64_t(3) << 20);
        QCOMPARE(from, QStringLiteral("LANESCOPE_FOLDER_MEMORY_MB"));
        qunsetenv("LANESCOPE_FOLDER_MEMORY_MB");
        p.folderMemoryMb = 0;
        p.save();
        QCOMPARE(OpenController::folderBudget(&from), defaultMemoryBudget());
        QCOMPARE(from, QStringLiteral("half of the memory available"));
        setBudgetMb("1");
    }
};

QTEST_MAIN(TestFolderSummary)
#include "tst_foldersummary.moc"
