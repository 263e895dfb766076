// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli, run as a process: the docs/architecture.md contract for `info` (exactly one JSON object on
// stdout with the documented keys; exit 0 / 2 bad usage / 3 unreadable with one line on stderr).
#include "tests/CliRun.h"
#include "tests/TestTraces.h"
#include "tests/core/TestUtil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#ifdef __clang__
// QSKIP passes an empty __VA_ARGS__, which clang's -Wpedantic reports at every use.
#pragma clang diagnostic ignored "-Wgnu-zero-variadic-macro-arguments"
#endif

#include <string>

using namespace lanescope::test;

class tst_Cli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void infoJson();
    void infoRealTrace();
    void infoTruncated();
    void infoRankWithoutWorldSize();
    void badUsage_data();
    void badUsage();
    void threadsCapped_data();
    void threadsCapped();
    void unreadable_data();
    void unreadable();

private:
    using Run = lanescope::test::CliRun;
    static Run run(const QStringList &args) { return lanescope::test::runCli(args, {}, 120000); }
    static QJsonObject singleObject(const QByteArray &out);

    QTemporaryDir m_dir;
    QString m_trace;
    std::string m_text;
};

namespace {

const char *const kTrace = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85520809984}],
  "traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 10, "tid": 11, "ts": 100.000, "dur": 50.000},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 10, "tid": 11, "ts": 110.000, "dur": 5.000, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 120.000, "dur": 20.000, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 150.000, "dur": 20.000},
  {"ph": "i", "s": "t", "name": "[memory]", "pid": 10, "tid": 11, "ts": 101, "args": {"Device Type": 1, "Device Id": 0, "Bytes": 64, "Total Allocated": 64, "Total Reserved": 2097152}},
  {"name": "thread_name", "ph": "M", "pid": 10, "tid": 11, "args": {"name": "main"}}
  ],
  "distributedInfo": {"backend": "nccl", "rank": 5, "world_size": 16}
})JSON";

} // namespace

QJsonObject tst_Cli::singleObject(const QByteArray &out)
{
    // Exactly one JSON object: the whole of stdout parses as one document, with nothing after it
    // but the final newline.
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(out, &e);
    if (e.error != QJsonParseError::NoError || !d.isObject())
        return QJsonObject();
    return d.object();
}

void tst_Cli::initTestCase()
{
    QVERIFY(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH)));
    QVERIFY(m_dir.isValid());
    m_trace = m_dir.filePath(QStringLiteral("rank5.pt.trace.json"));
    m_text = kTrace;
    QVERIFY(writeFile(m_trace, m_text));
}

void tst_Cli::infoJson()
{
    const Run r = run({QStringLiteral("info"), m_trace, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.endsWith('\n') && r.out.count('\n') == 1, r.out.constData());
    const QJsonObject o = singleObject(r.out);
    QVERIFY2(!o.isEmpty(), r.out.constData());
    for (const char *key : {"bytes", "events", "load_seconds", "threads_used", "anon_rss_bytes", "rank", "world_size",
                            "devices", "tracks", "warnings", "truncated"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value(QStringLiteral("bytes")).toInteger(), qint64(m_text.size()));
    QCOMPARE(o.value(QStringLiteral("events")).toInteger(), qint64(6));
    QVERIFY(o.value(QStringLiteral("load_seconds")).isDouble());
    QVERIFY(o.value(QStringLiteral("load_seconds")).toDouble() >= 0);
    QVERIFY(o.value(QStringLiteral("threads_used")).toInt() >= 1);
    QVERIFY(o.value(QStringLiteral("anon_rss_bytes")).toInteger() > 0);
    QCOMPARE(o.value(QStringLiteral("rank")).toInt(), 5);
    QCOMPARE(o.value(QStringLiteral("world_size")).toInt(), 16);
    QCOMPARE(o.value(QStringLiteral("truncated")).toBool(true), false);
    QVERIFY(o.value(QStringLiteral("warnings")).isArray());
    QCOMPARE(o.value(QStringLiteral("warnings")).toArray().size(), 0);

    const QJsonArray devices = o.value(QStringLiteral("devices")).toArray();
    QCOMPARE(devices.size(), 1);
    QCOMPARE(devices[0].toObject().value(QStringLiteral("id")).toInt(-1), 0);
    QCOMPARE(devices[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("NVIDIA H100 80GB HBM3"));

    // tracks: kind cpu|gpu|counter, pid, tid, name, events. The memory curve is a counter track.
    const QJsonArray tracks = o.value(QStringLiteral("tracks")).toArray();
    int cpu = 0, gpu = 0, counter = 0;
    for (const QJsonValue &v : tracks) {
        const QJsonObject t = v.toObject();
        for (const char *key : {"kind", "pid", "tid", "name", "events"})
            QVERIFY2(t.contains(QLatin1String(key)), key);
        const QString kind = t.value(QStringLiteral("kind")).toString();
        QVERIFY(kind == QLatin1String("cpu") || kind == QLatin1String("gpu") || kind == QLatin1String("counter"));
        if (kind == QLatin1String("cpu")) {
            ++cpu;
            QCOMPARE(t.value(QStringLiteral("pid")).toInt(), 10);
            QCOMPARE(t.value(QStringLiteral("tid")).toInt(), 11);
            QCOMPARE(t.value(QStringLiteral("name")).toString(), QStringLiteral("main"));
            QCOMPARE(t.value(QStringLiteral("events")).toInt(), 2);
        } else if (kind == QLatin1String("gpu")) {
            ++gpu;
            QCOMPARE(t.value(QStringLiteral("pid")).toInt(), 0);
            QCOMPARE(t.value(QStringLiteral("tid")).toInt(), 7);
            QCOMPARE(t.value(QStringLiteral("events")).toInt(), 2);
        } else {
            ++counter;
            QCOMPARE(t.value(QStringLiteral("events")).toInt(), 1);
        }
    }
    QCOMPARE(cpu, 1);
    QCOMPARE(gpu, 1);
    QCOMPARE(counter, 1);
    QVERIFY2(r.err.isEmpty(), r.err.constData());

    // --threads is honoured and the figures do not depend on it.
    const Run one = run({QStringLiteral("info"), m_trace, QStringLiteral("--json"), QStringLiteral("--threads"), QStringLiteral("1")});
    QCOMPARE(one.exitCode, 0);
    const QJsonObject o1 = singleObject(one.out);
    QCOMPARE(o1.value(QStringLiteral("threads_used")).toInt(), 1);
    QCOMPARE(o1.value(QStringLiteral("tracks")).toArray(), tracks);

    // Without --json: human text, still exit 0.
    const Run text = run({QStringLiteral("info"), m_trace});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("6 events"));
}

void tst_Cli::infoRealTrace()
{
    LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
    const Run r = run({QStringLiteral("info"), path, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = singleObject(r.out);
    QVERIFY2(!o.isEmpty(), r.out.left(200).constData());
    // Figures from python3's json module on the same file.
    QCOMPARE(o.value(QStringLiteral("events")).toInteger(), qint64(216092));
    QCOMPARE(o.value(QStringLiteral("bytes")).toInteger(), QFileInfo(path).size());
    QCOMPARE(o.value(QStringLiteral("rank")).toInt(), 1);
    QCOMPARE(o.value(QStringLiteral("world_size")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("devices")).toArray().size(), 2);
    int gpu = 0;
    for (const QJsonValue &v : o.value(QStringLiteral("tracks")).toArray())
        gpu += v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("gpu");
    QCOMPARE(gpu, 2);
    QCOMPARE(o.value(QStringLiteral("truncated")).toBool(true), false);
}

void tst_Cli::infoTruncated()
{
    const QString p = m_dir.filePath(QStringLiteral("cut.json"));
    const std::size_t cut = m_text.find("sm90_gemm") + 3;
    QVERIFY(writeFile(p, m_text.substr(0, cut)));
    const Run r = run({QStringLiteral("info"), p, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = singleObject(r.out);
    QVERIFY2(!o.isEmpty(), r.out.constData());
    QCOMPARE(o.value(QStringLiteral("truncated")).toBool(false), true);
    QCOMPARE(o.value(QStringLiteral("events")).toInt(), 2);
    QVERIFY(o.value(QStringLiteral("warnings")).toArray().size() >= 1);
    QVERIFY(o.value(QStringLiteral("warnings")).toArray().at(0).toString().contains(QStringLiteral("byte")));
}

// distributedInfo with a rank and no world_size: the rank, never "of -1".
void tst_Cli::infoRankWithoutWorldSize()
{
    const QString p = m_dir.filePath(QStringLiteral("rank-only.json"));
    QVERIFY(writeFile(p, R"({"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1, "dur": 2}],
                             "distributedInfo": {"backend": "nccl", "rank": 1}})"));
    const Run r = run({QStringLiteral("info"), p});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("rank 1") && !r.out.contains("of -1"), r.out.constData());
}

void tst_Cli::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no arguments") << QStringList();
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")};
    QTest::newRow("info without a trace") << QStringList{QStringLiteral("info")};
    QTest::newRow("info --json only") << QStringList{QStringLiteral("info"), QStringLiteral("--json")};
    QTest::newRow("two traces") << QStringList{QStringLiteral("info"), QStringLiteral("a.json"), QStringLiteral("b.json")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("info"), QStringLiteral("a.json"), QStringLiteral("--frobnicate")};
    QTest::newRow("--threads not a number") << QStringList{QStringLiteral("info"), QStringLiteral("a.json"),
                                                           QStringLiteral("--threads"), QStringLiteral("many")};
}

void tst_Cli::badUsage()
{
    QFETCH(QStringList, args);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY(!r.err.isEmpty());
}

// --threads past the cap (256) is bad usage for every command that takes it, before anything is
// loaded: `--threads 100000` on a .json.gz used to start threads until the system refused.
void tst_Cli::threadsCapped_data()
{
    QTest::addColumn<QStringList>("args"); // TRACE, DIR and GZ stand for files made here
    QTest::addColumn<QString>("threads");
    const QStringList commands[] = {
        {QStringLiteral("info"), QStringLiteral("GZ")},
        {QStringLiteral("info"), QStringLiteral("DIR")},
        {QStringLiteral("analyze"), QStringLiteral("GZ")},
        {QStringLiteral("analyze"), QStringLiteral("DIR")},
        {QStringLiteral("compare"), QStringLiteral("TRACE"), QStringLiteral("GZ")},
        {QStringLiteral("export"), QStringLiteral("GZ"), QStringLiteral("-o"), QStringLiteral("OUT")},
    };
    for (const QStringList &c : commands)
        for (const char *threads : {"100000", "257"})
            QTest::addRow("%s %s --threads %s", qPrintable(c.at(0)), qPrintable(c.at(1)), threads) << c << QString::fromLatin1(threads);
}

void tst_Cli::threadsCapped()
{
    QFETCH(QStringList, args);
    QFETCH(QString, threads);
    const QString gz = m_dir.filePath(QStringLiteral("rank5.pt.trace.json.gz"));
    const QString dir = m_dir.filePath(QStringLiteral("threads-folder"));
    if (!QFileInfo::exists(gz))
        QVERIFY(writeFile(gz, gzipBytes(m_text)));
    if (!QFileInfo::exists(dir)) {
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(writeFile(QDir(dir).filePath(QStringLiteral("rank5.pt.trace.json")), m_text));
    }
    for (QString &a : args) {
        if (a == QLatin1String("GZ"))
            a = gz;
        else if (a == QLatin1String("DIR"))
            a = dir;
        else if (a == QLatin1String("TRACE"))
            a = m_trace;
        else if (a == QLatin1String("OUT"))
            a = m_dir.filePath(QStringLiteral("threads.png"));
    }
    const Run r = run(args << QStringLiteral("--threads") << threads);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.contains("--threads") && r.err.contains("256"), r.err.constData());
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("threads.png"))));

    // The cap itself is accepted, and --help says what it is.
    args.replace(args.size() - 1, QStringLiteral("256"));
    args << QStringLiteral("--json");
    const Run ok = run(args);
    QVERIFY2(ok.exitCode == 0, ok.err.constData());
    QVERIFY(run({args.at(0), QStringLiteral("--help")}).out.contains("256"));
    QFile::remove(m_dir.filePath(QStringLiteral("threads.png")));
}

void tst_Cli::unreadable_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content"); // null: do not create the file
    QTest::newRow("missing file") << QStringLiteral("missing.json") << QByteArray();
    QTest::newRow("empty file") << QStringLiteral("empty.json") << QByteArray("");
    QTest::newRow("not JSON") << QStringLiteral("notes.txt") << QByteArray("these are my notes\n");
    QTest::newRow("JSON, not a trace") << QStringLiteral("config.json") << QByteArray("{\"a\": 1}\n");
    QTest::newRow("corrupt gzip") << QStringLiteral("bad.json.gz") << QByteArray("\x1f\x8b\x08\x00garbagegarbage", 18);
    // A folder is a job of rank traces (tst_ranks): one with none in it is unreadable.
    QTest::newRow("a folder without traces") << QStringLiteral(".") << QByteArray();
}

void tst_Cli::unreadable()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    const QString p = name == QLatin1String(".") ? m_dir.filePath(QStringLiteral("no-traces")) : m_dir.filePath(name);
    if (name == QLatin1String("."))
        QVERIFY(QDir().mkpath(p));
    if (!content.isNull())
        QVERIFY(writeFile(p, content.toStdString()));
    for (const bool json : {true, false}) {
        QStringList args{QStringLiteral("info"), p};
        if (json)
            args << QStringLiteral("--json");
        const Run r = run(args);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        // Exactly one line on stderr.
        QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
        QVERIFY(r.err.size() > 10);
    }
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
