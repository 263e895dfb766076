// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a folder of rank traces (core/io/FolderLoad): which files are read, the
// order of the ranks, files of another job or not traces at all left out with a warning, cut-off
// rank files kept with one, the bounded parallel load and its progress, and the two real
// tensorboard_trace_handler folders of legacy traces.
#include "core/io/FolderLoad.h"
#include "core/parse/TraceLoader.h"
#include "core/util/Parallel.h"

#include "tests/TestTraces.h"
#include "tests/core/TestUtil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <sys/stat.h>
#include <unistd.h>

using namespace lanescope;

namespace {

// A small Kineto trace: rank/world (negative: no distributedInfo), one CPU op and one kernel.
// pgConfig: the distributedInfo.pg_config array's text, or empty for none.
std::string rankTrace(int rank, int world, const char *backend = "nccl", int events = 3, const std::string &pgConfig = {})
{
    std::string s = "{\"schemaVersion\": 1,";
    if (world > 0)
        s += "\"distributedInfo\": {\"backend\": \"" + std::string(backend) + "\", \"rank\": " + std::to_string(rank)
            + ", \"world_size\": " + std::to_string(world)
            + (pgConfig.empty() ? std::string() : ", \"pg_config\": " + pgConfig) + "},";
    s += "\"traceEvents\": [";
    for (int k = 0; k < events; ++k) {
        if (k)
            s += ",";
        s += "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 7, \"tid\": 7, \"ts\": "
            + std::to_string(100 + 10 * k) + ", \"dur\": 5}";
    }
    s += "]}";
    return s;
}

void put(const QString &path, const std::string &bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    QCOMPARE(f.write(bytes.data(), qint64(bytes.size())), qint64(bytes.size()));
}

struct FileSpec
{
    QString name;
    std::string bytes;
};

QStringList names(const FolderLoadResult &r)
{
    QStringList out;
    for (const RankFile &f : r.ranks)
        out << QFileInfo(f.path).fileName();
    return out;
}

QStringList rejectedNames(const FolderLoadResult &r)
{
    QStringList out;
    for (const RejectedFile &f : r.rejected)
        out << QFileInfo(f.path).fileName();
    out.sort();
    return out;
}

bool anyContains(const QStringList &l, const QString &s)
{
    for (const QString &x : l)
        if (x.contains(s))
            return true;
    return false;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<FileSpec>)

class TestFolderLoad : public QObject
{
    Q_OBJECT

private slots:
    void fileNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("read");
        QTest::newRow("kineto") << "w0.1700000000.pt.trace.json" << true;
        QTest::newRow("gzip") << "w0.1700000000.pt.trace.json.gz" << true;
        QTest::newRow("upper case") << "RANK0.JSON" << true;
        QTest::newRow("synth facts") << "run.facts.json" << false;
        QTest::newRow("text") << "README.txt" << false;
        QTest::newRow("tensorboard events") << "events.out.tfevents.1700000000.vm" << false;
        QTest::newRow("json prefix only") << "trace.jsonl" << false;
    }
    void fileNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, read);
        QCOMPARE(isTraceFileName(name), read);
    }

    // The ranks come out ordered by distributedInfo.rank whatever the file names and compression;
    // without distributedInfo, by file name with numbers compared as numbers.
    void ordering_data()
    {
        QTest::addColumn<std::vector<FileSpec>>("files");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<bool>("guessed");
        QTest::newRow("by rank, not by name, mixed compression")
            << std::vector<FileSpec>{{QStringLiteral("a.pt.trace.json"), rankTrace(2, 3)},
                                     {QStringLiteral("b.pt.trace.json.gz"), test::gzipBytes(rankTrace(0, 3))},
                                     {QStringLiteral("c.pt.trace.json"), rankTrace(1, 3)}}
            << QStringList{QStringLiteral("b.pt.trace.json.gz"), QStringLiteral("c.pt.trace.json"), QStringLiteral("a.pt.trace.json")}
            << false;
        QTest::newRow("rank 10 after rank 9")
            << std::vector<FileSpec>{{QStringLiteral("w.10.json"), rankTrace(10, 11)}, {QStringLiteral("w.9.json"), rankTrace(9, 11)}}
            << QStringList{QStringLiteral("w.9.json"), QStringLiteral("w.10.json")} << false;
        QTest::newRow("legacy: natural file-name order")
            << std::vector<FileSpec>{{QStringLiteral("rank-10.json"), rankTrace(0, -1)},
                                     {QStringLiteral("rank-2.json.gz"), test::gzipBytes(rankTrace(0, -1))},
                                     {QStringLiteral("rank-1.json"), rankTrace(0, -1)}}
            << QStringList{QStringLiteral("rank-1.json"), QStringLiteral("rank-2.json.gz"), QStringLiteral("rank-10.json")} << true;
    }
    void ordering()
    {
        QFETCH(std::vector<FileSpec>, files);
        QFETCH(QStringList, expected);
        QFETCH(bool, guessed);
        QTemporaryDir dir;
        for (const FileSpec &f : files)
            put(dir.filePath(f.name), f.bytes);
        const FolderLoadResult r = loadFolder(dir.path());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(names(r), expected);
        QCOMPARE(r.ranksGuessed, guessed);
        for (std::size_t i = 0; i < r.ranks.size(); ++i) {
            QCOMPARE(r.ranks[i].rankGuessed, guessed);
            if (guessed)
                QCOMPARE(r.ranks[i].rank, int(i));
            else
                QCOMPARE(r.ranks[i].rank, r.ranks[i].trace->rank);
        }
        QCOMPARE(anyContains(r.warnings, QStringLiteral("guessed")), guessed);
        QVERIFY(r.rejected.empty());
    }

    // What is left out, with a warning each, and what the job is.
    void leftOut_data()
    {
        QTest::addColumn<std::vector<FileSpec>>("files");
        QTest::addColumn<QStringList>("kept");
        QTest::addColumn<QStringList>("rejected");
        QTest::addColumn<QString>("reason"); // in the rejected files' warning
        QTest::newRow("other world size")
            << std::vector<FileSpec>{{QStringLiteral("r0.json"), rankTrace(0, 2)},
                                     {QStringLiteral("r1.json"), rankTrace(1, 2)},
                                     {QStringLiteral("other.json"), rankTrace(1, 8)}}
            << QStringList{QStringLiteral("r0.json"), QStringLiteral("r1.json")} << QStringList{QStringLiteral("other.json")}
            << QStringLiteral("another job: world size 8");
        QTest::newRow("other backend")
            << std::vector<FileSpec>{{QStringLiteral("r0.json"), rankTrace(0, 2)},
                                     {QStringLiteral("r1.json"), rankTrace(1, 2)},
                                     {QStringLiteral("gloo.json"), rankTrace(0, 2, "gloo")}}
            << QStringList{QStringLiteral("r0.json"), QStringLiteral("r1.json")} << QStringList{QStringLiteral("gloo.json")}
            << QStringLiteral("backend gloo");
        // Kineto 2023+: the job's process groups. Every rank of a job records the same ones; the
        // description and backend_config of a group may differ between PyTorch versions.
        const std::string groups
            = R"([{"pg_name": "0", "pg_desc": "default_pg", "backend_config": "cuda:nccl", "pg_size": 2, "ranks": [0, 1]}])";
        const std::string sameGroupsOtherText
            = R"([{"pg_name": "0", "pg_desc": "default", "backend_config": "nccl", "pg_size": 2, "ranks": [0, 1]}])";
        const std::string otherGroups
            = R"([{"pg_name": "0", "pg_desc": "default_pg", "backend_config": "cuda:nccl", "pg_size": 2, "ranks": [0, 1]},
                 {"pg_name": "1", "pg_desc": "tp", "backend_config": "cuda:nccl", "pg_size": 2, "ranks": [0, 1]}])";
        QTest::newRow("other process groups")
            << std::vector<FileSpec>{{QStringLiteral("r0.json"), rankTrace(0, 2, "nccl", 3, groups)},
                                     {QStringLiteral("r1.json"), rankTrace(1, 2, "nccl", 3, sameGroupsOtherText)},
                                     {QStringLiteral("tp.json"), rankTrace(1, 2, "nccl", 3, otherGroups)}}
            << QStringList{QStringLiteral("r0.json"), QStringLiteral("r1.json")} << QStringList{QStringLiteral("tp.json")}
            << QStringLiteral("process groups");
        QTest::newRow("rank twice")
            << std::vector<FileSpec>{{QStringLiteral("a.json"), rankTrace(0, 2)}, {QStringLiteral("b.json"), rankTrace(0, 2)}}
            << QStringList{QStringLiteral("a.json")} << QStringList{QStringLiteral("b.json")} << QStringLiteral("rank 0 again");
        QTest::newRow("no distributedInfo among ranks")
            << std::vector<FileSpec>{{QStringLiteral("r0.json"), rankTrace(0, 2)}, {QStringLiteral("plain.json"), rankTrace(0, -1)}}
            << QStringList{QStringLiteral("r0.json")} << QStringList{QStringLiteral("plain.json")} << QStringLiteral("no rank");
        QTest::newRow("not traces")
            << std::vector<FileSpec>{{QStringLiteral("r0.json"), rankTrace(0, 1)},
                                     {QStringLiteral("config.json"), std::string("{\"lr\": 0.1}")},
                                     {QStringLiteral("empty.json"), std::string()},
                                     {QStringLiteral("list.json"), std::string("[1, 2, 3]")},
                                     {QStringLiteral("broken.json.gz"), std::string("\x1f\x8b not really gzip")},
                                     {QStringLiteral("noevents.json"), std::string("{\"traceEvents\": []}")}}
            << QStringList{QStringLiteral("r0.json")}
            << QStringList{QStringLiteral("broken.json.gz"), QStringLiteral("config.json"), QStringLiteral("empty.json"),
                           QStringLiteral("list.json"), QStringLiteral("noevents.json")}
            << QStringLiteral("left out");
    }
    void leftOut()
    {
        QFETCH(std::vector<FileSpec>, files);
        QFETCH(QStringList, kept);
        QFETCH(QStringList, rejected);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        for (const FileSpec &f : files)
            put(dir.filePath(f.name), f.bytes);
        const FolderLoadResult r = loadFolder(dir.path());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(names(r), kept);
        QCOMPARE(rejectedNames(r), rejected);
        for (const QString &name : rejected) {
            bool warned = false;
            for (const QString &w : r.warnings)
                warned = warned || (w.startsWith(name) && w.contains(reason));
            QVERIFY2(warned, qPrintable(name + QStringLiteral(": ") + r.warnings.join(QStringLiteral(" | "))));
        }
    }

    // An entry named like a rank file that cannot be read is a rejected file with its reason, not
    // silently missing: a FIFO (never opened: the load must not block on it), a folder, a link to
    // nothing, and (not as root, who reads anything) a file without read permission.
    void unreadableRankFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("FIFO");
        QTest::newRow("folder named *.json") << QStringLiteral("folder") << QStringLiteral("a folder");
        QTest::newRow("dangling symbolic link") << QStringLiteral("dangling") << QStringLiteral("symbolic link to nothing");
        QTest::newRow("no read permission") << QStringLiteral("chmod000") << QStringLiteral("cannot read");
    }
    void unreadableRankFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        if (kind == QLatin1String("chmod000") && ::geteuid() == 0)
            QSKIP("running as root, who may read a file of mode 000: the other rows cover unreadable entries");
        QTemporaryDir dir;
        put(dir.filePath(QStringLiteral("r0.json")), rankTrace(0, 2));
        const QString bad = dir.filePath(QStringLiteral("r1.json"));
        if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(bad).constData(), 0644), 0);
        } else if (kind == QLatin1String("folder")) {
            QVERIFY(QDir().mkpath(bad));
        } else if (kind == QLatin1String("dangling")) {
            QVERIFY(QFile::link(dir.filePath(QStringLiteral("gone.json.bak")), bad));
        } else {
            put(bad, rankTrace(1, 2));
            QVERIFY(QFile::setPermissions(bad, QFileDevice::Permissions()));
        }
        const FolderLoadResult r = loadFolder(dir.path());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(names(r), QStringList{QStringLiteral("r0.json")});
        QCOMPARE(rejectedNames(r), QStringList{QStringLiteral("r1.json")});
        QVERIFY2(r.rejected.at(0).reason.contains(reason), qPrintable(r.rejected.at(0).reason));
        QVERIFY2(anyContains(r.warnings, QStringLiteral("r1.json left out")), qPrintable(r.warnings.join(QStringLiteral(" | "))));
        QVERIFY(anyContains(r.warnings, QStringLiteral("missing: 1")));
        if (kind == QLatin1String("chmod000"))
            QFile::setPermissions(bad, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }

    // A cut-off rank file is still a rank (what it has is loaded) and the banner says so; other
    // files in the folder are named and ignored; missing ranks are named.
    void truncatedRankAndForeignFiles()
    {
        QTemporaryDir dir;
        put(dir.filePath(QStringLiteral("r0.json")), rankTrace(0, 4, "nccl", 20));
        std::string cut = rankTrace(1, 4, "nccl", 20);
        cut.resize(cut.size() * 2 / 3);
        put(dir.filePath(QStringLiteral("r1.json")), cut);
        put(dir.filePath(QStringLiteral("notes.txt")), "not a trace");
        const FolderLoadResult r = loadFolder(dir.path());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.ranks.size(), std::size_t(2));
        QVERIFY(r.ranks[1].trace->truncated);
        QVERIFY(r.ranks[1].trace->eventCount > 0);
        QVERIFY(anyContains(r.warnings, QStringLiteral("rank 1 (r1.json) is cut off")));
        QCOMPARE(r.ignored, QStringList{QStringLiteral("notes.txt")});
        QVERIFY(anyContains(r.warnings, QStringLiteral("notes.txt")));
        QVERIFY(anyContains(r.warnings, QStringLiteral("missing: 2, 3")));
        QCOMPARE(r.worldSize, 4);
    }

    void errors_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << 0 << QStringLiteral("does not exist");
        QTest::newRow("a file") << 1 << QStringLiteral("is not a folder");
        QTest::newRow("empty folder") << 2 << QStringLiteral("holds no .json");
        QTest::newRow("nothing but non-traces") << 3 << QStringLiteral("holds no rank trace");
    }
    void errors()
    {
        QFETCH(int, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("nope"));
        if (kind == 1) {
            path = dir.filePath(QStringLiteral("file.json"));
            put(path, rankTrace(0, 1));
        } else if (kind == 2) {
            path = dir.path();
        } else if (kind == 3) {
            path = dir.path();
            put(dir.filePath(QStringLiteral("a.json")), "{\"x\": 1}");
        }
        const FolderLoadResult r = loadFolder(path);
        QVERIFY(r.ranks.empty());
        QVERIFY2(r.error.contains(message), qPrintable(r.error));
    }

    // Loads at once: bounded by the caller, the files and the memory budget; the progress is one,
    // never decreasing, and reaches 1.
    void boundedParallelLoad_data()
    {
        QTest::addColumn<int>("maxConcurrent");
        QTest::addColumn<qulonglong>("budget");
        QTest::addColumn<int>("expected");
        QTest::newRow("budget below one load: one at a time") << 4 << qulonglong(1) << 1;
        QTest::newRow("caller's limit") << 2 << qulonglong(1ull << 40) << 2;
        QTest::newRow("more than the files") << 64 << qulonglong(1ull << 40) << 6;
        QTest::newRow("budget for three") << 64 << qulonglong(0) << 3;
    }
    void boundedParallelLoad()
    {
        QFETCH(int, maxConcurrent);
        QFETCH(qulonglong, budget);
        QFETCH(int, expected);
        QTemporaryDir dir;
        for (int k = 0; k < 6; ++k)
            put(dir.filePath(QStringLiteral("rank-%1.json").arg(k)), rankTrace(k, 6, "nccl", 200));
        const std::uint64_t one = estimatedLoadBytes(dir.filePath(QStringLiteral("rank-0.json")));
        QVERIFY(one > 0);
        FolderLoadOptions o;
        o.maxConcurrent = maxConcurrent;
        o.memoryBudgetBytes = budget == 0 ? 3 * one + one / 2 : budget;
        std::mutex lock;
        std::vector<double> seen;
        o.progress = [&](double p) {
            std::lock_guard<std::mutex> g(lock);
            seen.push_back(p);
        };
        const FolderLoadResult r = loadFolder(dir.path(), o);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.ranks.size(), std::size_t(6));
        QCOMPARE(r.concurrency, expected);
        QVERIFY(!seen.empty());
        for (std::size_t i = 1; i < seen.size(); ++i)
            QVERIFY(seen[i] > seen[i - 1]);
        QCOMPARE(seen.back(), 1.0);
    }

    // Thread counts past kMaxThreads are capped, not started (a GUI or script could ask for any).
    void threadCountsAreCapped()
    {
        QTemporaryDir dir;
        for (int k = 0; k < 3; ++k)
            put(dir.filePath(QStringLiteral("rank-%1.json").arg(k)), rankTrace(k, 3));
        FolderLoadOptions o;
        o.threads = 100000;
        o.maxConcurrent = 100000;
        o.memoryBudgetBytes = 1ull << 40;
        const FolderLoadResult r = loadFolder(dir.path(), o);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.ranks.size(), std::size_t(3));
        QCOMPARE(r.concurrency, 3);
        QVERIFY2(r.threadsPerLoad <= kMaxThreads, qPrintable(QString::number(r.threadsPerLoad)));
        QVERIFY(r.threadsPerLoad >= 1);
    }

    // Each load of a folder has a progress watcher (a thread polling the bytes parsed); it must be
    // woken when the load ends, not left to finish a fixed 50 ms nap that the load then waits out
    // (a thousand tiny rank files took 8.7-14.5 s for 0.05 s of CPU). Whether the watcher is up
    // before a tiny load ends is up to the scheduler, so the callback holds the load (at its 0.9)
    // until the watcher has called once: from then on, an old-style nap would cost each load
    // ~50 ms, 1 s for the twenty here.
    void noFixedWaitPerLoad()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rank-0.json"));
        put(path, rankTrace(0, 1, "nccl", 200));
        constexpr int kLoads = 20;
        QElapsedTimer t;
        t.start();
        for (int k = 0; k < kLoads; ++k) {
            std::mutex lock;
            std::condition_variable called;
            bool watcherCalled = false;
            const std::thread::id loader = std::this_thread::get_id();
            LoadOptions o;
            o.threads = 1;
            o.progress = [&](double) {
                std::unique_lock<std::mutex> g(lock);
                if (std::this_thread::get_id() != loader) {
                    watcherCalled = true;
                    called.notify_all();
                } else {
                    called.wait_for(g, std::chrono::seconds(10), [&] { return watcherCalled; });
                }
            };
            const LoadResult r = loadTrace(path, o);
            QVERIFY2(r.trace, qPrintable(r.error));
            QVERIFY(watcherCalled);
        }
        const qint64 ms = t.elapsed();
        QVERIFY2(ms < kLoads * 25, qPrintable(QStringLiteral("%1 ms for %2 loads").arg(ms).arg(kLoads)));
    }

    void gzipEstimateReadsTrailer()
    {
        QTemporaryDir dir;
        const std::string json = rankTrace(0, 1, "nccl", 2000);
        put(dir.filePath(QStringLiteral("a.json.gz")), test::gzipBytes(json));
        put(dir.filePath(QStringLiteral("a.json")), json);
        // Same JSON bytes, same estimate, whether compressed or not.
        QCOMPARE(estimatedLoadBytes(dir.filePath(QStringLiteral("a.json.gz"))), estimatedLoadBytes(dir.filePath(QStringLiteral("a.json"))));
    }

    void cancelled()
    {
        QTemporaryDir dir;
        for (int k = 0; k < 3; ++k)
            put(dir.filePath(QStringLiteral("rank-%1.json").arg(k)), rankTrace(k, 3));
        std::atomic<bool> cancel{true};
        FolderLoadOptions o;
        o.cancel = &cancel;
        const FolderLoadResult r = loadFolder(dir.path(), o);
        QVERIFY(r.cancelled);
        QVERIFY(r.ranks.empty());
        QVERIFY(!r.error.isEmpty());
    }

    // The real folders tensorboard_trace_handler wrote (PyTorch 1.13 without Kineto: no
    // distributedInfo). The README of the traces says vm_13523 / vm_13578 are rank 0.
    void realLegacyFolders_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("rank0");
        QTest::addColumn<QString>("rank1");
        QTest::newRow("nw0") << "torch-cpu-2rank-nw0" << "vm_13523.1796110519906.pt.trace.json.gz" << "vm_13524.1796110519831.pt.trace.json.gz";
        QTest::newRow("nw2") << "torch-cpu-2rank-nw2" << "vm_13578.1796110531260.pt.trace.json.gz" << "vm_13579.1796110530679.pt.trace.json.gz";
    }
    void realLegacyFolders()
    {
        QFETCH(QString, folder);
        QFETCH(QString, rank0);
        QFETCH(QString, rank1);
        const QString path = test::tracePath(folder);
        if (!QFileInfo(path).isDir())
            QSKIP(qPrintable(QStringLiteral("real folder %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const FolderLoadResult r = loadFolder(path);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(names(r), (QStringList{rank0, rank1}));
        QVERIFY(r.ranksGuessed);
        QCOMPARE(r.worldSize, -1);
        QVERIFY(anyContains(r.warnings, QStringLiteral("rank numbers are guessed")));
        QVERIFY(r.rejected.empty());
        QVERIFY(r.events() > 46000);
        for (const RankFile &f : r.ranks)
            QVERIFY(f.trace->legacyProfiler);
    }
};

QTEST_GUILESS_MAIN(TestFolderLoad)
#include "tst_folderload.moc"
