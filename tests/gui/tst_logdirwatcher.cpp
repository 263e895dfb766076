// SPDX-License-Identifier: GPL-3.0-or-later
// Watching a log_dir (app/gui/LogDirWatcher.h), headless: a session is handed out once complete
// (every rank of its world size, a later session begun, or quiet for a while), a file still being
// written is not read, a session already known is never handed out again, and a late rank of a
// session shown does not make it new.
#include "app/gui/LogDirWatcher.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

// A two-rank job's file of one profiling cycle: <worker>.<ms>.pt.trace.json with distributedInfo.
QString writeRank(const QString &dir, int rank, qint64 stampMs, bool complete = true)
{
    const QString path = QDir(dir).filePath(QStringLiteral("host_%1.%2.pt.trace.json").arg(100 + rank).arg(stampMs));
    QByteArray body = QStringLiteral(R"({"distributedInfo": {"rank": %1, "world_size": 2}, "traceEvents": [)"
                                     R"({"ph": "X", "name": "ProfilerStep#1", "pid": %2, "tid": 1, "ts": 0, "dur": 5})")
                          .arg(rank)
                          .arg(100 + rank)
                          .toUtf8();
    if (complete)
        body += "]}";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(body) != body.size())
        return {};
    return path;
}

QStringList labelsOf(const QSignalSpy &spy, int i)
{
    QStringList out;
    for (const session::LogSession &s : spy.at(i).first().value<std::vector<session::LogSession>>())
        out << QString::number(s.files.size());
    return out;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<lanescope::session::LogSession>)

class TestLogDirWatcher : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<std::vector<session::LogSession>>(); }

    void handsOutCompleteSessionsOnce()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const qint64 t0 = 1700000000000;
        const QString a0 = writeRank(dir.path(), 0, t0), a1 = writeRank(dir.path(), 1, t0 + 3);
        QVERIFY(!a0.isEmpty() && !a1.isEmpty());

        LogDirWatcher w;
        w.setInterval(60000); // the test looks itself
        w.start(dir.path(), {a0, a1});
        QVERIFY(w.isWatching());
        QSignalSpy arrived(&w, &LogDirWatcher::sessionsArrived);
        QCOMPARE(w.relist(), 0); // the session shown: nothing new

        // A second attempt: rank 0 written, rank 1 still being written (no closing bracket).
        const QString b0 = writeRank(dir.path(), 0, t0 + 60000);
        const QString b1 = writeRank(dir.path(), 1, t0 + 60004, false);
        QCOMPARE(w.relist(), 0); // one rank of two, just written: not complete
        QCOMPARE(w.listing().incomplete.size(), std::size_t(1));
        QCOMPARE(w.listing().incomplete.front().path, b1);
        QVERIFY(!w.lastArrival().isValid());

        // Rank 1 finished: both ranks of its world are there.
        QVERIFY(!writeRank(dir.path(), 1, t0 + 60004).isEmpty());
        QCOMPARE(w.relist(), 1);
        QCOMPARE(arrived.count(), 1);
        QCOMPARE(labelsOf(arrived, 0), QStringList{QStringLiteral("2")});
        QVERIFY(w.lastArrival().isValid());
        QCOMPARE(w.relist(), 0); // known now

        // A third attempt whose rank 1 never comes: handed out once quiet, or once a later one begins.
        const QString c0 = writeRank(dir.path(), 0, t0 + 120000);
        QCOMPARE(w.relist(), 0);
        const QString d0 = writeRank(dir.path(), 0, t0 + 180000);
        QCOMPARE(w.relist(), 1); // c: a later session began; d: still alone and fresh
        w.setQuietMs(0);
        QCOMPARE(w.relist(), 1); // d, quiet
        QCOMPARE(w.relist(), 0);

        // A late rank of a session shown is no new session.
        QVERIFY(!writeRank(dir.path(), 1, t0 + 180003).isEmpty());
        QCOMPARE(w.relist(), 0);

        w.stop();
        QVERIFY(!w.isWatching());
        QCOMPARE(w.relist(), 0);
    }

    // The folder's change is seen without waiting for the periodic look.
    void fileWatcherWakesIt()
    {
        QTemporaryDir dir;
        const qint64 t0 = 1700000000000;
        const QString a0 = writeRank(dir.path(), 0, t0), a1 = writeRank(dir.path(), 1, t0 + 3);
        LogDirWatcher w;
        w.setInterval(600000);
        w.start(dir.path(), {a0, a1});
        QSignalSpy arrived(&w, &LogDirWatcher::sessionsArrived);
        QVERIFY(!writeRank(dir.path(), 0, t0 + 60000).isEmpty());
        QVERIFY(!writeRank(dir.path(), 1, t0 + 60003).isEmpty());
        QVERIFY(arrived.wait(10000));
        QCOMPARE(labelsOf(arrived, 0), QStringList{QStringLiteral("2")});
    }
};

QTEST_GUILESS_MAIN(TestLogDirWatcher)
#include "tst_logdirwatcher.moc"
