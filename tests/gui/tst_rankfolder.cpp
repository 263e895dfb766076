// SPDX-License-Identifier: GPL-3.0-or-later
// A folder of rank traces in the window: opened (File > Open Folder, `lanescope DIR`,
// a dropped folder) through core's folder loader off the UI thread, every rank a run of the
// session in rank order, placed on one clock by the offsets core measures, the loader's warnings
// in the banner; the Ranks dock's table, its clock offsets and "Align clocks", its stragglers and
// what a click on them shows; cancel keeps what was shown.
#include "tests/gui/DropEvents.h"
#include "app/gui/MainWindow.h"
#include "tests/TestTraces.h"

#include "widgets/WarningBanner.h"
#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "widgets/ranks/RankTableModel.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/view/Session.h"
#include "widgets/render/SliceHighlight.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace lanescope;

namespace {

bool put(const QString &path, const std::string &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

// What core says of a folder: the reference every figure of the window is checked against.
struct CoreJob
{
    FolderLoadResult folder;
    analysis::JobResult job;
};
CoreJob coreJob(const QString &dir)
{
    CoreJob c;
    c.folder = loadFolder(dir);
    c.job = analysis::analyzeJob(c.folder.ranks);
    return c;
}

bool waitForRanks(RanksDock *dock)
{
    return QTest::qWaitFor([dock] { return !dock->isBusy() && dock->result(); }, 120000);
}

QString bannerText(MainWindow &w) { return w.warningBanner()->warnings().join(QLatin1Char('\n')); }

} // namespace

class TestRankFolder : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_synth;     // 4 ranks, rank 2 the straggler, clocks skewed up to 5 ms, a file that is no trace
    QString m_single;    // one trace, for "what was shown before"
    static constexpr int kRanks = 4;
    static constexpr int kStraggler = 2;

    // Every rank's clock offset as applied: the axis puts an event of rank i at
    // absolute + offset - origin, so base(i) + offset(i) is the same for every rank.
    static void verifyOnOneClock(const Session &s, const std::vector<TimeNs> &offsets)
    {
        QCOMPARE(int(offsets.size()), s.runCount());
        for (int i = 1; i < s.runCount(); ++i)
            QCOMPARE(s.base(i) + offsets[std::size_t(i)], s.base(0) + offsets[0]);
    }
    static std::vector<TimeNs> coreOffsets(const analysis::JobResult &job)
    {
        std::vector<TimeNs> o;
        for (const analysis::RankClock &c : job.clocks.ranks)
            o.push_back(c.offsetNs());
        return o;
    }

    // Opens a folder the way `lanescope DIR` does (openFiles routes a folder) and waits for it.
    static bool open(MainWindow &w, const QString &dir)
    {
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({dir});
        return loaded.wait(120000) && loaded.first().first().toBool();
    }

    // Clicks a straggler collective row, checks the window shows it on every rank and its calls are outlined.
    static void verifyCollectiveClick(MainWindow &w, const analysis::JobResult &core)
    {
        RanksDock *dock = w.ranksDock();
        QTreeWidget *tree = dock->stragglerTree();
        QTreeWidgetItem *worstRank = tree->topLevelItem(0);
        QVERIFY(worstRank && worstRank->childCount() > 0);
        QTreeWidgetItem *worst = worstRank->child(0);
        const int event = worst->data(0, RanksDock::EventRole).toInt();
        QCOMPARE(event, 0); // the straggler's worst collective is the worst of all
        const analysis::StragglerEvent &e = core.stragglers.events.front();
        QVERIFY(worst->text(0).contains(e.collective));
        tree->scrollToItem(worst);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(worst).center());

        const Session &s = *w.session();
        const auto &spans = dock->result()->eventSpans[std::size_t(event)];
        QCOMPARE(int(spans.size()), s.runCount()); // the collective is on every rank
        const ViewState *v = s.state();
        for (const CollectiveSpan &c : spans) {
            QVERIFY(double(c.start - s.base(c.rankIndex)) >= v->windowStart());
            QVERIFY(double(c.end - s.base(c.rankIndex)) <= v->windowEnd());
        }
        QVERIFY(v->windowRange() < (v->spanEnd() - v->spanStart()) / 4); // zoomed in on it
        const std::shared_ptr<const SliceHighlight> h = v->highlight();
        QVERIFY(h);
        for (int r = 0; r < s.runCount(); ++r)
            QCOMPARE(h->counts[std::size_t(r)], std::uint64_t(1));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_rankfolder"));
        QSettings().clear();

        synth::SynthConfig c;
        c.ranksToWrite = kRanks;
        c.straggler = kStraggler;
        c.clockSkewMaxUs = 5000;
        c.layers = 4; // small and quick; the collectives and their timing follow the same model
        const synth::SynthOutput out = synth::synthesize(c);
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("job")));
        m_synth = m_dir.filePath(QStringLiteral("job"));
        // Names that sort against the ranks (w3 first): the order must come from distributedInfo.
        for (int k = 0; k < kRanks; ++k)
            QVERIFY(put(QDir(m_synth).filePath(QStringLiteral("w%1.17000000%2.pt.trace.json").arg(kRanks - 1 - k).arg(k)),
                        out.traces[std::size_t(k)]));
        QVERIFY(put(QDir(m_synth).filePath(QStringLiteral("notes.json")), "these are not the traces you are looking for\n"));

        synth::SynthConfig one;
        one.layers = 4;
        m_single = m_dir.filePath(QStringLiteral("single.pt.trace.json"));
        QVERIFY(put(m_single, synth::synthesize(one).traces.at(0)));
    }

    void realFolderOpensAsRanksOnOneClock()
    {
        LANESCOPE_REQUIRE_TRACE(given, "torch-cpu-2rank-nw0");
        const QString dir = QDir::cleanPath(QFileInfo(given).absoluteFilePath()); // as the window names it
        const CoreJob core = coreJob(dir);
        QCOMPARE(int(core.folder.ranks.size()), 2);

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, dir));
        const Session &s = *w.session();
        QCOMPARE(s.runCount(), 2);
        for (int i = 0; i < 2; ++i) {
            // Legacy traces: no distributedInfo, ranks by file name, said to be guessed.
            QCOMPARE(s.run(i).label, QStringLiteral("rank %1 (guessed)").arg(i));
            QCOMPARE(s.run(i).path, core.folder.ranks[std::size_t(i)].path);
        }
        QCOMPARE(w.currentFolder(), QDir::cleanPath(dir));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("torch-cpu-2rank-nw0")));
        QVERIFY2(bannerText(w).contains(QStringLiteral("guessed")), qPrintable(bannerText(w)));
        QVERIFY(w.ranksDock()->isVisible());

        // The clock offsets applied are core's (rank 1's clock runs 2.570 ms ahead of rank 0's).
        const std::vector<TimeNs> offsets = coreOffsets(core.job);
        QVERIFY(offsets[1] != 0);
        verifyOnOneClock(s, offsets);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(w.ranksDock()->appliedOffsetNs(i), offsets[std::size_t(i)]);

        // The per-rank table and the stragglers, once analysed, are core's.
        RanksDock *dock = w.ranksDock();
        QVERIFY(waitForRanks(dock));
        RankTableModel *m = dock->rankModel();
        QCOMPARE(m->rowCount(), 2);
        for (int i = 0; i < 2; ++i) {
            const analysis::RankFigures &rf = core.job.ranks[std::size_t(i)];
            QCOMPARE(m->index(i, RankTableModel::Rank).data().toString(), QStringLiteral("%1 (guessed)").arg(i));
            QCOMPARE(m->index(i, RankTableModel::StepTime).data(RankTableModel::ValueRole).toDouble(), *rf.stepTimeNs / 1000.0);
            QVERIFY(!m->index(i, RankTableModel::Idle).data(RankTableModel::ValueRole).isValid()); // a CPU-only trace
            QCOMPARE(m->index(i, RankTableModel::ClockOffset).data(RankTableModel::ValueRole).toDouble(), double(offsets[std::size_t(i)]));
        }
        QTreeWidget *tree = dock->stragglerTree();
        QCOMPARE(tree->topLevelItemCount(), int(core.job.stragglers.byRank.size()));
        const analysis::StragglerRank &worst = core.job.stragglers.byRank.front();
        QVERIFY2(tree->topLevelItem(0)->text(0).startsWith(QStringLiteral("rank %1 made the others wait ").arg(worst.rank)),
                 qPrintable(tree->topLevelItem(0)->text(0)));
        verifyCollectiveClick(w, core.job);
    }

    void syntheticJobShowsItsStraggler()
    {
        const CoreJob core = coreJob(m_synth);
        QCOMPARE(int(core.folder.ranks.size()), kRanks);

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(open(w, m_synth));
        Session &s = *w.session();
        QCOMPARE(s.runCount(), kRanks);
        for (int i = 0; i < kRanks; ++i) {
            QCOMPARE(s.run(i).label, QStringLiteral("rank %1").arg(i));
            QCOMPARE(s.run(i).trace->rank, i); // distributedInfo's order, not the file names'
        }
        // The folder is one entry of Open Recent, which opens it again as a folder.
        QCOMPARE(MainWindow::recentFiles().value(0), QDir::cleanPath(m_synth));
        // The file that is not a trace is left out and said so.
        QVERIFY2(bannerText(w).contains(QStringLiteral("notes.json")), qPrintable(bannerText(w)));

        const std::vector<TimeNs> offsets = coreOffsets(core.job);
        QVERIFY(std::count(offsets.begin(), offsets.end(), 0) == 1); // skewed: only the reference sits at 0
        verifyOnOneClock(s, offsets);

        RanksDock *dock = w.ranksDock();
        QVERIFY(waitForRanks(dock));
        QCOMPARE(dock->result()->job.stragglers.byRank.front().rank, kStraggler);
        const QString top = dock->stragglerTree()->topLevelItem(0)->text(0);
        QVERIFY2(top.startsWith(QStringLiteral("rank %1 made the others wait ").arg(kStraggler))
                     && top.endsWith(QStringLiteral(" ms per step, summed over the %1 other ranks").arg(kRanks - 1)),
                 qPrintable(top));
        // Transfer against waiting: core's rows, the busbw on transfer time beside the ranks' own,
        // and the straggler the rank that waited least.
        QTreeWidget *transfer = dock->transferTree();
        QCOMPARE(transfer->topLevelItemCount(), 2);
        const analysis::JobCollectives &jc = core.job.transfer;
        QVERIFY(jc.calls > 0);
        QCOMPARE(transfer->topLevelItem(0)->childCount(), int(jc.byType.size()));
        for (int k = 0; k < int(jc.byType.size()); ++k) {
            const QTreeWidgetItem *row = transfer->topLevelItem(0)->child(k);
            const analysis::JobCollectiveType &t = jc.byType[std::size_t(k)];
            QCOMPARE(row->text(RanksDock::TransferKind), QLatin1String(analysis::collectiveKindName(t.kind)));
            QCOMPARE(row->text(RanksDock::TransferBusbw), QStringLiteral("%1 GB/s").arg(t.busbwMedianGBps, 0, 'f', 1));
            QCOMPARE(row->text(RanksDock::TransferRankBusbw), QStringLiteral("%1 GB/s").arg(t.rankBusbwMedianGBps, 0, 'f', 1));
        }
        QCOMPARE(transfer->topLevelItem(1)->childCount(), kRanks);
        const auto least = std::min_element(jc.byRank.begin(), jc.byRank.end(),
                                            [](const analysis::JobCollectiveRank &a, const analysis::JobCollectiveRank &b) { return a.skewNs < b.skewNs; });
        QCOMPARE(least->rank, kStraggler);
        QCOMPARE(transfer->topLevelItem(1)->child(kStraggler)->text(0), QStringLiteral("rank %1").arg(kStraggler));

        // The outliers are core's, highlighted; the straggler's slower compute leaves it less
        // communication to hide: its exposed communication is the one outlier of that column.
        RankTableModel *m = dock->rankModel();
        for (int i = 0; i < kRanks; ++i)
            for (int c = 0; c < RankTableModel::ColumnCount; ++c) {
                const char *key = RankTableModel::outlierKey(c);
                const auto &o = core.job.ranks[std::size_t(i)].outliers;
                const bool expected = key && std::any_of(o.begin(), o.end(), [key](const char *k) { return std::strcmp(k, key) == 0; });
                QCOMPARE(m->index(i, c).data(RankTableModel::OutlierRole).toBool(), expected);
                QCOMPARE(m->index(i, c).data(Qt::BackgroundRole).isValid(), expected);
            }
        for (int i = 0; i < kRanks; ++i)
            QCOMPARE(m->index(i, RankTableModel::ExposedComm).data(RankTableModel::OutlierRole).toBool(), i == kStraggler);
        // The job is no comparison: the comparison dock does not measure its ranks a second time.
        QVERIFY(!w.comparisonDock()->isBusy());
        QVERIFY(!w.comparisonDock()->comparison());

        // MFU once the analysis dock knows the model: the ranks are measured again with its inputs, as core does.
        QVERIFY(!m->index(0, RankTableModel::Mfu).data(RankTableModel::ValueRole).isValid());
        w.analysisDock()->mfuPanel()->setParams(QStringLiteral("7e9"));
        w.analysisDock()->mfuPanel()->setTokensPerStep(QStringLiteral("8192"));
        QVERIFY(QTest::qWaitFor([&] { return m->index(0, RankTableModel::Mfu).data(RankTableModel::ValueRole).isValid(); }, 120000));
        QVERIFY(waitForRanks(dock));
        analysis::JobOptions withMfu;
        withMfu.analysis = w.analysisDock()->options();
        QCOMPARE(withMfu.analysis.mfu.params, 7e9);
        const analysis::JobResult mfuJob = analysis::analyzeJob(core.folder.ranks, withMfu);
        for (int i = 0; i < kRanks; ++i) {
            QVERIFY(mfuJob.ranks[std::size_t(i)].mfuPct);
            QCOMPARE(m->index(i, RankTableModel::Mfu).data(RankTableModel::ValueRole).toDouble(), *mfuJob.ranks[std::size_t(i)].mfuPct);
        }

        // Align clocks off: no offset on any rank, each as its own clock recorded it; on: core's again.
        QCheckBox *align = dock->alignBox();
        QVERIFY(align->isChecked());
        align->click();
        QVERIFY(!dock->clocksAligned());
        verifyOnOneClock(s, std::vector<TimeNs>(std::size_t(kRanks), 0));
        for (int i = 0; i < kRanks; ++i) {
            QCOMPARE(dock->appliedOffsetNs(i), TimeNs(0));
            QCOMPARE(m->index(i, RankTableModel::ClockOffset).data(RankTableModel::ValueRole).toDouble(), 0.0);
        }
        align->click();
        verifyOnOneClock(s, offsets);
        QCOMPARE(m->index(1, RankTableModel::ClockOffset).data(RankTableModel::ValueRole).toDouble(), double(offsets[1]));

        // A click on a rank shows its lanes: the timeline scrolls to the rank's first group.
        QTableView *view = dock->rankView();
        const int last = kRanks - 1;
        const QModelIndex cell = view->model()->index(last, RankTableModel::File);
        view->scrollTo(cell);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(cell).center());
        const auto &groups = w.timelineView()->laneLayout().groups();
        const auto first = std::find_if(groups.begin(), groups.end(), [last](const LaneGroup &g) { return g.run == last; });
        QVERIFY(first != groups.end());
        QScrollBar *bar = w.timelineView()->verticalScrollBar();
        QCOMPARE(bar->value(), std::min(first->y, bar->maximum()));
        QVERIFY(bar->value() > 0);

        verifyCollectiveClick(w, core.job);
    }

    // The headline and the straggler list answer "whom do the others wait for, and how long" once,
    // on the job a user reported (`synth --scenario fsdp-baseline --ranks 8 --straggler 5`): the
    // same rank, the same figure spelled the same way, saying it is a sum over the 7 other ranks;
    // no sentence names another rank "slowest" without saying what it measures; and a highlighted
    // figure never reads the same as the ranks' median it is said to stand out from.
    void headlineAgreesWithTheStragglerList()
    {
        constexpr int ranks = 8, straggler = 5;
        synth::SynthConfig c;
        c.ranksToWrite = ranks;
        c.straggler = straggler;
        const synth::SynthOutput out = synth::synthesize(c);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("job8")));
        const QString dir = m_dir.filePath(QStringLiteral("job8"));
        for (int k = 0; k < ranks; ++k)
            QVERIFY(put(QDir(dir).filePath(QStringLiteral("rank-%1.pt.trace.json").arg(k)), out.traces[std::size_t(k)]));
        const CoreJob core = coreJob(dir);
        const analysis::StragglerRank &worst = core.job.stragglers.byRank.front();
        QCOMPARE(worst.rank, straggler);

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, dir));
        RanksDock *dock = w.ranksDock();
        QVERIFY(waitForRanks(dock));

        // The list's first rank, its wait per step as core computes it (`analyze DIR --json`:
        // straggler_ranks[0].waited_us_per_step), spelled as every figure is, with its scope.
        const QString top = dock->stragglerTree()->topLevelItem(0)->text(0);
        const QString made = QStringLiteral("rank %1 made the others wait ").arg(straggler);
        QVERIFY2(top.startsWith(made), qPrintable(top));
        const QString listWait = top.mid(made.size());
        QCOMPARE(listWait, QStringLiteral("%1 per step, summed over the %2 other ranks").arg(analysis::figure::ms(worst.waitedPerStepNs)).arg(ranks - 1));

        // The headline: the label that gives the job's step.
        QString headline;
        for (const QLabel *l : dock->findChildren<QLabel *>())
            if (l->text().startsWith(QStringLiteral("job step ")))
                headline = l->text();
        QVERIFY(!headline.isEmpty());
        const QStringList parts = headline.split(QStringLiteral(" · "));
        static const QRegularExpression slowest(QStringLiteral("slowest rank (by median step time: )?(\\d+)"));
        for (const QString &part : parts) {
            const QRegularExpressionMatch m = slowest.match(part);
            if (m.hasMatch() && m.captured(2).toInt() != straggler)
                QVERIFY2(!m.captured(1).isEmpty(), qPrintable(headline)); // another rank "slowest", at what?
        }
        static const QRegularExpression waitFor(QStringLiteral("^the others wait for rank (\\d+): (.*)$"));
        QRegularExpressionMatch said;
        for (const QString &part : parts)
            if (const QRegularExpressionMatch m = waitFor.match(part); m.hasMatch())
                said = m;
        QVERIFY2(said.hasMatch(), qPrintable(headline));
        QCOMPARE(said.captured(1).toInt(), straggler);
        QCOMPARE(said.captured(2), listWait);

        // Highlighted cells: never the text of the median cell (the median of the numbers the
        // column shows, shown as they are), and the tooltip gives that median.
        RankTableModel *model = dock->rankModel();
        const QLocale locale;
        int highlighted = 0;
        for (int col = 0; col < RankTableModel::ColumnCount; ++col) {
            if (!RankTableModel::outlierKey(col))
                continue;
            std::vector<double> shown;
            int decimals = 0;
            for (int i = 0; i < ranks; ++i) {
                const QString t = model->index(i, col).data().toString();
                bool ok = false;
                const double v = locale.toDouble(t, &ok);
                if (!ok)
                    continue;
                shown.push_back(v);
                const qsizetype point = t.indexOf(locale.decimalPoint());
                decimals = std::max(decimals, point < 0 ? 0 : int(t.size() - point - 1));
            }
            if (shown.size() < 3)
                continue;
            std::sort(shown.begin(), shown.end());
            const std::size_t n = shown.size();
            const double median = n % 2 ? shown[n / 2] : (shown[n / 2 - 1] + shown[n / 2]) / 2;
            const QString medianText = locale.toString(median, 'f', decimals);
            for (int i = 0; i < ranks; ++i) {
                const QModelIndex cell = model->index(i, col);
                if (!cell.data(RankTableModel::OutlierRole).toBool())
                    continue;
                ++highlighted;
                const QString what = QStringLiteral("rank %1, %2: %3 against the median %4")
                                         .arg(i)
                                         .arg(model->headerData(col, Qt::Horizontal, Qt::DisplayRole).toString(), cell.data().toString(), medianText);
                QVERIFY2(cell.data().toString() != medianText, qPrintable(what));
                const QString tip = cell.data(Qt::ToolTipRole).toString();
                const QString tipMedian = tip.section(QStringLiteral("median, "), -1);
                bool ok = false;
                QVERIFY2(std::fabs(locale.toDouble(tipMedian, &ok) - median) <= 0.5 * std::pow(10.0, -decimals) + 1e-9 && ok, qPrintable(tip));
            }
        }
        QVERIFY(highlighted > 0); // the straggler's compute is slower: some of its figures stand out
    }

    // Two folders side by side (baseline job vs optimized job): each a run compared through its
    // rank 0, with the job's figures in the Metrics table equal to what core says of each folder;
    // the comparison reopens from Open Recent as the two folders.
    void twoFoldersCompare()
    {
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Tuned;
        c.ranksToWrite = kRanks;
        c.layers = 4;
        const synth::SynthOutput out = synth::synthesize(c);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("tuned")));
        const QString tuned = m_dir.filePath(QStringLiteral("tuned"));
        for (int k = 0; k < kRanks; ++k)
            QVERIFY(put(QDir(tuned).filePath(QStringLiteral("rank%1.pt.trace.json").arg(k)), out.traces[std::size_t(k)]));

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_synth, tuned});
        QVERIFY(loaded.wait(120000));
        QVERIFY(loaded.first().first().toBool());
        Session &s = *w.session();
        QCOMPARE(s.runCount(), 2);
        const QString dirs[] = {m_synth, tuned};
        for (int i = 0; i < 2; ++i) {
            QVERIFY(s.run(i).job);
            QCOMPARE(int(s.run(i).job->size()), kRanks);
            QCOMPARE(s.run(i).trace->rank, 0);
            QCOMPARE(s.run(i).label, QDir(dirs[i]).dirName());
        }
        QVERIFY2(bannerText(w).contains(QStringLiteral("compared through rank 0")), qPrintable(bannerText(w)));
        QCOMPARE(MainWindow::recentFiles().value(0), QDir::cleanPath(m_synth) + QLatin1Char('\n') + QDir::cleanPath(tuned));

        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(dock);
        QVERIFY(QTest::qWaitFor([dock] { return dock->comparison() && !dock->comparison()->result.runs.empty(); }, 120000));
        const MetricsTableModel &m = *dock->metricsModel();
        const int jobStep = m.rowOf(QStringLiteral("job_step_time_us"));
        const int waits = m.rowOf(QStringLiteral("straggler_wait_us_per_step"));
        QVERIFY(jobStep >= 0);
        QVERIFY(waits >= 0);
        for (int i = 0; i < 2; ++i) {
            const analysis::JobResult core = coreJob(dirs[i]).job;
            QCOMPARE(m.data(m.index(jobStep, m.valueColumn(i)), MetricsTableModel::ValueRole).toDouble(), *core.job.stepTimeNs);
            QCOMPARE(m.data(m.index(waits, m.valueColumn(i)), MetricsTableModel::ValueRole).toDouble(),
                     double(core.stragglers.totalWaitNs) / double(core.stragglers.steps));
        }
        // The tuned job's step is shorter: its delta is negative.
        QVERIFY(m.data(m.index(jobStep, m.valueColumn(1)), MetricsTableModel::ValueRole).toDouble()
                < m.data(m.index(jobStep, m.valueColumn(0)), MetricsTableModel::ValueRole).toDouble());
    }

    void cancelKeepsWhatWasShown()
    {
        MainWindow w;
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(m_single);
        QVERIFY(loaded.wait(60000));
        const Trace *shown = w.session()->trace(0);
        const QString title = w.windowTitle();
        loaded.clear();
        w.openFolder(m_synth);
        QVERIFY(w.isLoading());
        QVERIFY(w.cancelButton()->isVisibleTo(&w));
        w.cancelLoad();
        QVERIFY(loaded.wait(60000));
        QCOMPARE(loaded.first().first().toBool(), false);
        QVERIFY(!w.isLoading());
        QCOMPARE(w.session()->runCount(), 1);
        QCOMPARE(w.session()->trace(0), shown);
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(!w.ranksDock()->hasRanks());
        QVERIFY(w.currentFolder().isEmpty());
        QVERIFY(w.statusText().contains(QStringLiteral("cancelled")));
    }

    void aDroppedFolderOpensAndATraceAfterItClearsTheDock()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        QVERIFY(dropFiles(&w, {m_synth}));
        QVERIFY(loaded.wait(120000));
        QCOMPARE(w.session()->runCount(), kRanks);
        QVERIFY(w.ranksDock()->hasRanks());
        QCOMPARE(w.currentFolder(), QDir::cleanPath(m_synth));

        // A trace opened afterwards is no longer the folder: the dock empties, the title follows.
        loaded.clear();
        w.openFile(m_single);
        QVERIFY(loaded.wait(60000));
        QCOMPARE(w.session()->runCount(), 1);
        QVERIFY(!w.ranksDock()->hasRanks());
        QCOMPARE(w.ranksDock()->rankModel()->rowCount(), 0);
        QVERIFY(w.currentFolder().isEmpty());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("single.pt.trace.json")));
    }

    void aFolderWithoutTracesIsAnError()
    {
        QTemporaryDir empty;
        QVERIFY(put(QDir(empty.path()).filePath(QStringLiteral("broken.json")), "{\"traceEvents\": [ nope"));
        MainWindow w;
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFolder(empty.path());
        QVERIFY(loaded.wait(60000));
        QCOMPARE(loaded.first().first().toBool(), false);
        QCOMPARE(w.session()->runCount(), 0);
        QVERIFY2(w.statusText().startsWith(QStringLiteral("Could not open")), qPrintable(w.statusText()));
        QVERIFY(w.findChild<QWidget *>(QStringLiteral("loadErrorBox")));
    }

    void rankTableModelIsAWellBehavedModel()
    {
        const CoreJob core = coreJob(m_synth);
        RankTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<RankTableModel::RankRow> rows;
        for (const RankFile &r : core.folder.ranks)
            rows.push_back({r.rank, r.rankGuessed, r.path});
        m.setRanks(rows);
        QCOMPARE(m.rowCount(), kRanks);
        QCOMPARE(m.index(1, RankTableModel::StepTime).data().toString(), QString()); // not analysed yet
        m.setClockOffsets(coreOffsets(core.job), QStringList(kRanks, QStringLiteral("measured")));
        m.setFigures(std::make_shared<const analysis::JobResult>(core.job));
        for (int i = 0; i < kRanks; ++i)
            for (int c = 0; c < RankTableModel::ColumnCount; ++c)
                QVERIFY(!m.index(i, c).data().toString().isEmpty());
        m.setFigures(nullptr);
        m.setRanks({});
        QCOMPARE(m.rowCount(), 0);
    }
};

QTEST_MAIN(TestRankFolder)
#include "tst_rankfolder.moc"
