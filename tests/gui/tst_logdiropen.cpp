// SPDX-License-Identifier: GPL-3.0-or-later
// A profiler log_dir in the window (app/gui/LogDirController.h): three sessions built from the real
// two-rank CPU attempts (torch-cpu-2rank-nw0 and -nw2, copied into sub-folders, one copy with later
// file stamps) open as a comparison, the earliest the baseline, in time order, each run one
// session's ranks alone, labelled by its sub-folder; the Metrics table judges the step time against
// the noise, the trend chart shows one point per run. File > Watch Folder picks up a fourth session
// written while the window is open, loading only it, and the session list takes a session out and
// back. A PNG of the window is written for a look (LANESCOPE_LOGDIR_PNG).
#include "app/gui/LogDirController.h"
#include "app/gui/LogDirWatcher.h"
#include "app/gui/MainWindow.h"
#include "tests/TestTraces.h"

#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/TrendChart.h"
#include "widgets/view/Session.h"

#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

// Copies a real attempt's rank files into `into`, each file's stamp moved by shiftMs.
bool copyAttempt(const QString &from, const QString &into, qint64 shiftMs)
{
    if (!QDir().mkpath(into))
        return false;
    for (const QString &name : QDir(from).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name)) {
        // vm_13523.1796110519906.pt.trace.json.gz: <worker>.<ms>.pt.trace.json.gz
        QStringList parts = name.split(QLatin1Char('.'));
        if (parts.size() < 3)
            return false;
        parts[1] = QString::number(parts[1].toLongLong() + shiftMs);
        const QString target = QDir(into).filePath(parts.join(QLatin1Char('.')));
        if (!QFile::copy(QDir(from).filePath(name), target))
            return false;
        // An old modification time: a .json.gz just written is taken as still growing for a while.
        QFile f(target);
        if (!f.open(QIODevice::ReadWrite) || !f.setFileTime(QDateTime::currentDateTime().addSecs(-600), QFileDevice::FileModificationTime))
            return false;
    }
    return true;
}

bool waitForLoad(MainWindow &w)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    return loaded.wait(120000) && loaded.first().first().toBool();
}

QStringList labels(const Session &s)
{
    QStringList out;
    for (int i = 0; i < s.runCount(); ++i)
        out << s.run(i).label;
    return out;
}

// Every rank of run i is a file of its own sub-folder: no rank of one attempt joins another's.
void checkRanksOwnFolder(const Session &s, int i, const QString &folder)
{
    const SessionRun &r = s.run(i);
    QVERIFY2(r.job, qPrintable(r.label));
    QCOMPARE(int(r.job->size()), 2);
    for (const RankFile &f : *r.job)
        QVERIFY2(QFileInfo(f.path).absolutePath() == QFileInfo(folder).absoluteFilePath(), qPrintable(f.path));
}

} // namespace

class TestLogDirOpen : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void opensSessionsAsComparison()
    {
        LANESCOPE_REQUIRE_TRACE(nw0, "torch-cpu-2rank-nw0");
        LANESCOPE_REQUIRE_TRACE(nw2, "torch-cpu-2rank-nw2");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Names sort against time: the run order must follow the stamps, not the names.
        QVERIFY(copyAttempt(nw0, dir.filePath(QStringLiteral("c-first")), 0));
        QVERIFY(copyAttempt(nw2, dir.filePath(QStringLiteral("b-second")), 0));
        QVERIFY(copyAttempt(nw0, dir.filePath(QStringLiteral("a-third")), 3600000));

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openFolder(dir.path());
        QVERIFY(waitForLoad(w));
        const Session &s = *w.session();
        QCOMPARE(labels(s), (QStringList{QStringLiteral("c-first"), QStringLiteral("b-second"), QStringLiteral("a-third")}));
        checkRanksOwnFolder(s, 0, dir.filePath(QStringLiteral("c-first")));
        checkRanksOwnFolder(s, 1, dir.filePath(QStringLiteral("b-second")));
        checkRanksOwnFolder(s, 2, dir.filePath(QStringLiteral("a-third")));
        QVERIFY(w.currentFolder().isEmpty()); // a comparison, not one job's ranks

        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(dock->isVisible());
        QCOMPARE(dock->sessionList()->count(), 3);
        QVERIFY(dock->sessionList()->isVisible());
        for (int i = 0; i < 3; ++i)
            QCOMPARE(dock->sessionList()->item(i)->checkState(), Qt::Checked);

        // The step time judged against the noise: the same attempt again is within it.
        QVERIFY(QTest::qWaitFor([&] { return dock->comparison() && dock->metricsModel()->noise() && !dock->noiseRunner()->isBusy(); }, 120000));
        MetricsTableModel *m = dock->metricsModel();
        const int row = m->rowOf(QStringLiteral("step_time_us"));
        QVERIFY(row >= 0);
        const QVariant sameAttempt = m->data(m->index(row, m->deltaColumn(2)), MetricsTableModel::SignificantRole);
        QVERIFY(sameAttempt.isValid());
        QCOMPARE(sameAttempt.toBool(), false); // identical steps: no change at all
        QCOMPARE(m->data(m->index(row, m->deltaColumn(2)), Qt::ForegroundRole).value<QBrush>().color(), QColor(Qt::gray));
        QVERIFY(m->data(m->index(row, m->deltaColumn(1)), Qt::DisplayRole).toString().contains(QLatin1String("95 %")));
        // The trend: one point per run in run order, each the median of the run's steps with its interval.
        TrendChart *trend = dock->trend();
        QVERIFY(trend->setFigure(QStringLiteral("step_time_us")));
        const std::vector<TrendPoint> points = trend->points();
        QCOMPARE(int(points.size()), 3);
        for (const TrendPoint &p : points) {
            QVERIFY(p.median && p.low && p.high);
            QVERIFY(*p.low <= *p.median && *p.median <= *p.high);
        }
        QCOMPARE(*points[0].median, *points[2].median); // the same attempt twice

        // Take the middle session out, then back: it returns in its place in time.
        QSignalSpy changed(w.logDir(), &LogDirController::sessionsChanged);
        dock->sessionList()->item(1)->setCheckState(Qt::Unchecked);
        QVERIFY(changed.count() >= 1 || changed.wait(10000));
        QCOMPARE(labels(s), (QStringList{QStringLiteral("c-first"), QStringLiteral("a-third")}));
        changed.clear();
        dock->sessionList()->item(1)->setCheckState(Qt::Checked);
        QVERIFY(changed.wait(120000));
        QCOMPARE(labels(s), (QStringList{QStringLiteral("c-first"), QStringLiteral("b-second"), QStringLiteral("a-third")}));

        // A run removed from the runs list unticks its session; another trace opened ends the log_dir.
        w.session()->removeRun(2);
        QTRY_COMPARE(dock->sessionList()->item(2)->checkState(), Qt::Unchecked);
        QCOMPARE(dock->sessionList()->item(0)->checkState(), Qt::Checked);
        LANESCOPE_REQUIRE_TRACE(other, "compare-small-base.json.gz");
        w.openFile(other);
        QVERIFY(waitForLoad(w));
        QTRY_VERIFY(!dock->sessionList()->isVisibleTo(dock));
        QVERIFY(w.logDir()->folder().isEmpty());
    }

    void watchPicksUpNewSession()
    {
        LANESCOPE_REQUIRE_TRACE(nw0, "torch-cpu-2rank-nw0");
        LANESCOPE_REQUIRE_TRACE(nw2, "torch-cpu-2rank-nw2");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(copyAttempt(nw0, dir.filePath(QStringLiteral("run-1")), 0));
        QVERIFY(copyAttempt(nw2, dir.filePath(QStringLiteral("run-2")), 0));
        QVERIFY(copyAttempt(nw0, dir.filePath(QStringLiteral("run-3")), 3600000));

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.watchFolder(dir.path());
        QVERIFY(waitForLoad(w));
        const Session &s = *w.session();
        QCOMPARE(s.runCount(), 3);
        LogDirWatcher *watcher = w.logDir()->watcher();
        QVERIFY(watcher->isWatching());
        const std::shared_ptr<const Trace> firstTrace = s.run(0).trace;

        // A fourth attempt written while the window is open.
        QVERIFY(copyAttempt(nw2, dir.filePath(QStringLiteral("run-4")), 3600000));
        watcher->setQuietMs(0);
        QSignalSpy arrived(watcher, &LogDirWatcher::sessionsArrived);
        QCOMPARE(watcher->relist(), 1);
        QVERIFY(waitForLoad(w));
        QCOMPARE(labels(s), (QStringList{QStringLiteral("run-1"), QStringLiteral("run-2"), QStringLiteral("run-3"), QStringLiteral("run-4")}));
        QVERIFY(s.run(0).trace == firstTrace); // kept, not read again
        checkRanksOwnFolder(s, 3, dir.filePath(QStringLiteral("run-4")));
        QVERIFY(watcher->lastArrival().isValid());
        QVERIFY2(w.comparisonDock()->watchNote().contains(QLatin1String("run-4")), qPrintable(w.comparisonDock()->watchNote()));
        QCOMPARE(w.comparisonDock()->sessionList()->count(), 4);
        QCOMPARE(watcher->relist(), 0); // nothing new: nothing loaded

        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(QTest::qWaitFor([&] { return dock->comparison() && dock->metricsModel()->noise() && !dock->noiseRunner()->isBusy()
                                              && dock->metricsModel()->noise()->labels.size() == 4; },
                                120000));
        QCOMPARE(int(dock->trend()->points().size()), 4);
        // A look: the window with the trend chart and the session list.
        dock->tabs()->setCurrentIndex(dock->tabs()->indexOf(dock->trend()->parentWidget()));
        QTest::qWait(200);
        const QString png = qEnvironmentVariable("LANESCOPE_LOGDIR_PNG");
        if (!png.isEmpty())
            QVERIFY(w.grab().save(png));
    }
};

QTEST_MAIN(TestLogDirOpen)
#include "tst_logdiropen.moc"
