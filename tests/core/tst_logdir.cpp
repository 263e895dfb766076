// SPDX-License-Identifier: GPL-3.0-or-later
// A profiler log_dir as sessions (session/LogDir.h): the two real torch-cpu-2rank attempts kept in
// one folder, in two sub-folders and under renamed stamps each come out as their own 2-rank session,
// and a session loads its own ranks only; distributedInfo's rank seen twice splits; files cut off,
// not traces or still being written are listed with why; 1,000 tiny cycles list quickly.
#include "core/session/LogDir.h"

#include "../TestTraces.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;
using namespace lanescope::session;

namespace {

const char *kNw0 = "torch-cpu-2rank-nw0";
const char *kNw2 = "torch-cpu-2rank-nw2";

// The real folder's trace files (by path).
QStringList realFiles(const char *name)
{
    const QDir d(test::tracePath(QString::fromLatin1(name)));
    QStringList out;
    for (const QString &n : d.entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
        out << d.filePath(n);
    return out;
}

bool copyAs(const QString &from, const QString &to) { return QFile::copy(from, to); }

bool write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The attempt (real folder) a file came from, by its content size: the four files differ.
QString originOf(const QString &path, const QHash<qint64, QString> &bySize) { return bySize.value(QFileInfo(path).size()); }

} // namespace

class TestLogDir : public QObject
{
    Q_OBJECT

    QHash<qint64, QString> m_origin; // file size -> real folder

    LogDirOptions settled() const
    {
        LogDirOptions o;
        o.settleSeconds = 0; // the copies were just written: do not wait for them
        return o;
    }

    // Each session holds both ranks of one attempt and nothing of the other.
    void checkAttempts(const LogDirListing &l, const QStringList &expectedLabels)
    {
        QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
        QCOMPARE(int(l.sessions.size()), 2);
        QVERIFY(l.bad.empty());
        QVERIFY(l.incomplete.empty());
        QStringList origins;
        for (const LogSession &s : l.sessions) {
            QCOMPARE(s.files.size(), 2);
            QCOMPARE(s.ranks, (std::vector<int>{0, 1}));
            QVERIFY(s.ranksGuessed); // legacy traces: no distributedInfo
            const QString o = originOf(s.files.at(0), m_origin);
            QVERIFY(!o.isEmpty());
            QCOMPARE(originOf(s.files.at(1), m_origin), o);
            origins << o;
            // Loading the session reads its own two files, aligned only to each other.
            FolderLoadOptions lo;
            lo.files = s.files;
            lo.threads = 1;
            const FolderLoadResult r = loadFolder(s.folder, lo);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(int(r.ranks.size()), 2);
            QVERIFY(r.rejected.empty());
            for (const RankFile &rf : r.ranks)
                QCOMPARE(originOf(rf.path, m_origin), o);
        }
        // The earlier attempt (num_workers=0, recorded 11 s before) first.
        QCOMPARE(origins, (QStringList{QString::fromLatin1(kNw0), QString::fromLatin1(kNw2)}));
        QVERIFY(l.sessions[0].startMs < l.sessions[1].startMs);
        if (!expectedLabels.isEmpty())
            QCOMPARE((QStringList{l.sessions[0].label, l.sessions[1].label}), expectedLabels);
        QVERIFY(l.sessions[0].label != l.sessions[1].label);
    }

private slots:
    void initTestCase()
    {
        LANESCOPE_REQUIRE_TRACE(nw0, "torch-cpu-2rank-nw0");
        LANESCOPE_REQUIRE_TRACE(nw2, "torch-cpu-2rank-nw2");
        for (const char *n : {kNw0, kNw2})
            for (const QString &f : realFiles(n))
                m_origin.insert(QFileInfo(f).size(), QString::fromLatin1(n));
        QCOMPARE(m_origin.size(), 4);
    }

    void flatFolder()
    {
        QTemporaryDir dir;
        for (const char *n : {kNw0, kNw2})
            for (const QString &f : realFiles(n))
                QVERIFY(copyAs(f, dir.filePath(QFileInfo(f).fileName())));
        const LogDirListing l = listLogDir(dir.path(), settled());
        // Labelled by start time (UTC), from the file-name stamps: 1796110519831 ms is the earlier rank's.
        checkAttempts(l, {QDateTime::fromMSecsSinceEpoch(1796110519831, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss")),
                          QDateTime::fromMSecsSinceEpoch(1796110530679, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss"))});
        QCOMPARE(l.sessions[0].startMs, qint64(1796110519831));
    }

    void subFolders()
    {
        QTemporaryDir dir;
        // Named against their time order: the order is the sessions' start, not the names'.
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("z-before")));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("a-after")));
        for (const QString &f : realFiles(kNw0))
            QVERIFY(copyAs(f, dir.filePath(QStringLiteral("z-before/") + QFileInfo(f).fileName())));
        for (const QString &f : realFiles(kNw2))
            QVERIFY(copyAs(f, dir.filePath(QStringLiteral("a-after/") + QFileInfo(f).fileName())));
        checkAttempts(listLogDir(dir.path(), settled()), {QStringLiteral("z-before"), QStringLiteral("a-after")});
    }

    void renamedStamps_data()
    {
        QTest::addColumn<QStringList>("names"); // nw0's two files, then nw2's
        // worker_name given: the same two workers in both attempts, stamps 1 s apart (within the
        // cycle gap): the worker seen again splits.
        QTest::newRow("same workers, close") << QStringList{QStringLiteral("w0.1700000000000.pt.trace.json.gz"),
                                                            QStringLiteral("w1.1700000000075.pt.trace.json.gz"),
                                                            QStringLiteral("w0.1700000001000.pt.trace.json.gz"),
                                                            QStringLiteral("w1.1700000001300.pt.trace.json.gz")};
        // hostname_pid workers (new pids each attempt) a minute apart: the pause splits.
        QTest::newRow("new workers, a minute apart") << QStringList{QStringLiteral("host_11.1700000000000.pt.trace.json.gz"),
                                                                    QStringLiteral("host_12.1700000000600.pt.trace.json.gz"),
                                                                    QStringLiteral("host_21.1700000060000.pt.trace.json.gz"),
                                                                    QStringLiteral("host_22.1700000060100.pt.trace.json.gz")};
        // Stamps in seconds (older handlers): scaled, still apart.
        QTest::newRow("second stamps") << QStringList{QStringLiteral("a.1700000000.pt.trace.json.gz"), QStringLiteral("b.1700000000.pt.trace.json.gz"),
                                                      QStringLiteral("c.1700000030.pt.trace.json.gz"), QStringLiteral("d.1700000031.pt.trace.json.gz")};
    }

    void renamedStamps()
    {
        QFETCH(QStringList, names);
        QTemporaryDir dir;
        const QStringList from = realFiles(kNw0) + realFiles(kNw2);
        QCOMPARE(from.size(), 4);
        for (int i = 0; i < 4; ++i)
            QVERIFY(copyAs(from.at(i), dir.filePath(names.at(i))));
        checkAttempts(listLogDir(dir.path(), settled()), {});
    }

    // Traces with distributedInfo: rank 0 seen twice is another attempt, not "left out".
    void rankSeenTwice()
    {
        QTemporaryDir dir;
        const auto trace = [](int rank) {
            return QByteArray(R"({"distributedInfo": {"backend": "nccl", "rank": )") + QByteArray::number(rank)
                   + R"(, "world_size": 2}, "traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 1}]})";
        };
        // No stamps in the names: every file has the same (file time) order key, within the gap.
        QVERIFY(write(dir.filePath(QStringLiteral("r0.json")), trace(0)));
        QVERIFY(write(dir.filePath(QStringLiteral("r1.json")), trace(1)));
        QVERIFY(write(dir.filePath(QStringLiteral("r2.json")), trace(0)));
        QVERIFY(write(dir.filePath(QStringLiteral("r3.json")), trace(1)));
        const LogDirListing l = listLogDir(dir.path(), settled());
        QCOMPARE(int(l.sessions.size()), 2);
        for (const LogSession &s : l.sessions) {
            QCOMPARE(s.ranks, (std::vector<int>{0, 1}));
            QVERIFY(!s.ranksGuessed);
            QCOMPARE(s.worldSize, 2);
        }
        QCOMPARE(l.sessions[0].files, (QStringList{dir.filePath(QStringLiteral("r0.json")), dir.filePath(QStringLiteral("r1.json"))}));
    }

    // Two jobs written at the same time into one log_dir (their stamps interleave, as do their
    // clocks): each rank goes to the attempt still missing it, not all four into one.
    void interleavedAttempts()
    {
        QTemporaryDir dir;
        const auto trace = [](int rank) {
            return QByteArray(R"({"distributedInfo": {"backend": "nccl", "rank": )") + QByteArray::number(rank)
                   + R"(, "world_size": 2}, "baseTimeNanoseconds": 1700000000000000000, "traceEvents": []})";
        };
        const QStringList names{QStringLiteral("a0.1700000000000.pt.trace.json"), QStringLiteral("b0.1700000000005.pt.trace.json"),
                                QStringLiteral("a1.1700000000010.pt.trace.json"), QStringLiteral("b1.1700000000015.pt.trace.json")};
        for (int i = 0; i < 4; ++i)
            QVERIFY(write(dir.filePath(names.at(i)), trace(i / 2)));
        const LogDirListing l = listLogDir(dir.path(), settled());
        QCOMPARE(int(l.sessions.size()), 2);
        QCOMPARE(l.sessions[0].files, (QStringList{dir.filePath(names.at(0)), dir.filePath(names.at(2))}));
        QCOMPARE(l.sessions[1].files, (QStringList{dir.filePath(names.at(1)), dir.filePath(names.at(3))}));
        for (const LogSession &s : l.sessions)
            QCOMPARE(s.ranks, (std::vector<int>{0, 1}));
        QVERIFY(l.sessions[0].label != l.sessions[1].label); // the same second: told apart by the ms
    }

    // A job's folder with a small JSON file beside it and in a sub-folder (a config, a summary) is
    // still one session: those files are listed as not traces, not sessions of their own.
    void strayJsonIsNoSession()
    {
        QTemporaryDir dir;
        for (const QString &f : realFiles(kNw0))
            QVERIFY(copyAs(f, dir.filePath(QFileInfo(f).fileName())));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("meta")));
        QVERIFY(write(dir.filePath(QStringLiteral("meta/config.json")), R"({"lr": 0.1, "epochs": 3})"));
        QVERIFY(write(dir.filePath(QStringLiteral("run.json")), R"({"name": "baseline"})"));
        const LogDirListing l = listLogDir(dir.path(), settled());
        QCOMPARE(int(l.sessions.size()), 1);
        QCOMPARE(l.sessions[0].files.size(), 2);
        QCOMPARE(l.sessions[0].folder, dir.path());
        QCOMPARE(int(l.bad.size()), 2);
        for (const RejectedFile &b : l.bad)
            QVERIFY2(b.reason.contains(QLatin1String("without traceEvents")), qPrintable(b.reason));
    }

    void badAndGrowingFiles()
    {
        QTemporaryDir dir;
        const QString cut = dir.filePath(QStringLiteral("cut.json")), text = dir.filePath(QStringLiteral("notes.json")),
                      gz = dir.filePath(QStringLiteral("w.1700000000000.pt.trace.json.gz")), good = dir.filePath(QStringLiteral("ok.json"));
        QVERIFY(write(cut, R"({"traceEvents": [{"ph": "X", "name": "a", "ts": 0, "dur": 1}, {"ph")"));
        QVERIFY(write(text, "hello"));
        QVERIFY(write(gz, "\x1f\x8b not really"));
        QVERIFY(write(good, R"({"traceEvents": []})"));
        // Just written: the cut-off .json and the .json.gz may still be growing.
        LogDirListing l = listLogDir(dir.path());
        QCOMPARE(int(l.sessions.size()), 1);
        QCOMPARE(l.sessions[0].files, QStringList{good});
        QCOMPARE(int(l.incomplete.size()), 2);
        QCOMPARE(int(l.bad.size()), 1);
        QCOMPARE(l.bad[0].path, text);
        QVERIFY(l.bad[0].reason.contains(QLatin1String("not a JSON trace")));
        // Settled: both are bad, each with its reason.
        l = listLogDir(dir.path(), settled());
        QVERIFY(l.incomplete.empty());
        QCOMPARE(int(l.bad.size()), 3);
        QStringList reasons;
        for (const RejectedFile &b : l.bad)
            reasons << QFileInfo(b.path).fileName() + QStringLiteral(": ") + b.reason;
        reasons.sort();
        QVERIFY2(reasons.at(0).startsWith(QLatin1String("cut.json: ends without its closing bracket")), qPrintable(reasons.join(QLatin1Char('|'))));
        QVERIFY2(reasons.at(1).startsWith(QLatin1String("notes.json: not a JSON trace")), qPrintable(reasons.join(QLatin1Char('|'))));
        QVERIFY2(reasons.at(2).startsWith(QLatin1String("w.1700000000000.pt.trace.json.gz: not a gzip stream")), qPrintable(reasons.join(QLatin1Char('|'))));

        QVERIFY(listLogDir(dir.filePath(QStringLiteral("none"))).error.contains(QLatin1String("does not exist")));
        QTemporaryDir empty;
        QVERIFY(listLogDir(empty.path()).error.contains(QLatin1String("holds no")));
    }

    // A file cut right after one of its events ends with that event's brace: still not whole. An
    // event's args may hold brackets and escaped quotes; an array trace closes with its bracket.
    void cutAfterAnEvent_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("whole");
        // (Not a raw string: moc reads an escaped quote inside one as its end.)
        const QByteArray ev = "{\"ph\": \"X\", \"name\": \"a \\\"ph\\\" [x]\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 1, "
                              "\"args\": {\"Input Dims\": [[2, 3], []]}}";
        QTest::newRow("object, whole") << QByteArray(R"({"traceEvents": [)" + ev + R"(], "baseTimeNanoseconds": 1})") << true;
        QTest::newRow("object, events closed last") << QByteArray(R"({"traceEvents": [)" + ev + ",\n" + ev + "\n]}") << true;
        QTest::newRow("object, cut after an event") << QByteArray(R"({"traceEvents": [)" + ev + ",\n" + ev) << false;
        QTest::newRow("object, cut inside an event") << QByteArray(R"({"traceEvents": [)" + ev + R"(, {"ph": "X", "args": {"a": 1})") << false;
        QTest::newRow("array, whole") << QByteArray("[" + ev + "]") << true;
        QTest::newRow("array, cut after an event") << QByteArray("[" + ev + ",\n" + ev) << false;
    }

    void cutAfterAnEvent()
    {
        QFETCH(QByteArray, body);
        QFETCH(bool, whole);
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("w_1.1700000000000.pt.trace.json")), body));
        const LogDirListing l = listLogDir(dir.path(), settled());
        QCOMPARE(int(l.sessions.size()), whole ? 1 : 0);
        QCOMPARE(int(l.bad.size()), whole ? 0 : 1);
        if (!whole)
            QVERIFY2(l.bad[0].reason.contains(QLatin1String("closing bracket")), qPrintable(l.bad[0].reason));
    }

    // repeat=0 for a long run: one worker, a cycle a minute, 1,000 files listed in under 3 s.
    void thousandCycles()
    {
        QTemporaryDir dir;
        const QByteArray tiny = R"({"traceEvents": [{"ph": "X", "name": "ProfilerStep#1", "pid": 7, "tid": 7, "ts": 0, "dur": 5}]})";
        for (int i = 0; i < 1000; ++i)
            QVERIFY(write(dir.filePath(QStringLiteral("host_7.%1.pt.trace.json").arg(1700000000000LL + qint64(i) * 60000)), tiny));
        QElapsedTimer t;
        t.start();
        const LogDirListing l = listLogDir(dir.path(), settled());
        const qint64 ms = t.elapsed();
        qInfo("1,000 cycles listed in %lld ms", ms);
        QVERIFY(ms < 3000);
        QCOMPARE(int(l.sessions.size()), 1000);
        QCOMPARE(l.sessions.front().startMs, qint64(1700000000000));
        QCOMPARE(l.sessions.back().startMs, qint64(1700000000000LL + 999 * 60000LL));
        QVERIFY(l.sessions.back().label != l.sessions.front().label);
    }
};

QTEST_GUILESS_MAIN(TestLogDir)
#include "tst_logdir.moc"
