// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli against hostile and out-of-range input, run as a process: JSON nested far too
// deeply in every file read whole (summaries, header values of a trace, annotations), inputs that
// are not regular files (a FIFO, /dev/zero) or too large, numbers out of their option's range,
// windows outside the trace, options that exclude each other, and rank summaries that do not
// follow their schema. Each is one line on stderr and exit 2 (usage) or 3 (input), never a
// crash, a hang or figures of something else. The large inputs are generated here, not checked in.
#include "tests/CliRun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <sys/stat.h>

using namespace lanescope::test;

namespace {

// Two GEMM kernels 40 µs apart inside ProfilerStep#1, on a trace of a rank of a job of 2.
const char *const kTrace = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85520809984}],
  "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2},
  "traceEvents": [
  {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 10, "tid": 11, "ts": 90, "dur": 200},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 10, "tid": 11, "ts": 100, "dur": 50},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 10, "tid": 11, "ts": 110, "dur": 5, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 120, "dur": 20, "args": {"correlation": 3, "stream": 7, "device": 0}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 180, "dur": 20, "args": {"stream": 7, "device": 0}}
  ]
})JSON";

// An annotations file (format 1) for no trace in particular: --annotations draws it anyway.
QByteArray annotationsFile(const QByteArray &extraMember)
{
    return QByteArray(R"({"format": "lanescope-annotations", "version": 1, )") + extraMember
        + QByteArray(R"(, "trace": {"name": "x.json", "size": 1, "head_bytes": 1, "head_sha256": ")") + QByteArray(64, 'a')
        + QByteArray(R"("}, "annotations": []})");
}

std::string nested(int depth) { return std::string(std::size_t(depth), '[') + std::string(std::size_t(depth), ']'); }

bool put(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class tst_CliBounds : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void deepJson_data();
    void deepJson();
    void notRegularFiles_data();
    void notRegularFiles();
    void numbersOutOfRange_data();
    void numbersOutOfRange();
    void windowOutsideTrace_data();
    void windowOutsideTrace();
    void exclusiveOptions_data();
    void exclusiveOptions();
    void summarySchema_data();
    void summarySchema();

private:
    // As a script runs it, with a time limit: a hang is a failure (exit -1), not a stuck suite.
    static CliRun run(const QStringList &args)
    {
        return runCli(args, {QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY"), QStringLiteral("QT_QPA_PLATFORM")}, 30000);
    }
    // Replaces TRACE, SUMMARY, DIR and OUT in args, and names in the temporary folder.
    QStringList expand(QStringList args) const;
    static void checkOneLine(const CliRun &r, int exitCode, const QString &message);

    QTemporaryDir m_dir;
    QString m_trace, m_summary;
};

void tst_CliBounds::initTestCase()
{
    QVERIFY(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH)));
    QVERIFY(m_dir.isValid());
    m_trace = m_dir.filePath(QStringLiteral("rank0.pt.trace.json"));
    QVERIFY(put(m_trace, kTrace));
    m_summary = m_dir.filePath(QStringLiteral("rank0.summary.json"));
    const CliRun r = run({QStringLiteral("analyze"), m_trace, QStringLiteral("--summary"), m_summary});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const CliRun merged = run({QStringLiteral("merge"), m_summary, QStringLiteral("--json")});
    QVERIFY2(merged.exitCode == 0, merged.err.constData());
}

QStringList tst_CliBounds::expand(QStringList args) const
{
    for (QString &a : args) {
        if (a == QLatin1String("TRACE"))
            a = m_trace;
        else if (a == QLatin1String("SUMMARY"))
            a = m_summary;
        else if (a.startsWith(QLatin1String("@")))
            a = m_dir.filePath(a.mid(1));
    }
    return args;
}

void tst_CliBounds::checkOneLine(const CliRun &r, int exitCode, const QString &message)
{
    QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
    QVERIFY2(r.out.isEmpty(), r.out.left(300).constData());
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

// Every JSON read whole is held to 128 levels: deeper is one line and exit 3, not a stack overflow
// (RapidJSON's recursive parser crashed on 150,000 '[' in a 300 KB file).
void tst_CliBounds::deepJson_data()
{
    QTest::addColumn<QString>("file");    // written into the temporary folder
    QTest::addColumn<QByteArray>("bytes"); // "@summary:" prefix: a valid summary with this member added
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("merge: 150,000 '['") << QStringLiteral("brackets.json") << QByteArray(150000, '[')
                                        << QStringList{QStringLiteral("merge"), QStringLiteral("@brackets.json")}
                                        << QStringLiteral("deeper than 128 levels");
    QTest::newRow("merge: a 200,000-deep value inside a valid summary")
        << QStringLiteral("deepvalue.json") << QByteArray("@summary:") + QByteArray::fromStdString(nested(200000))
        << QStringList{QStringLiteral("merge"), QStringLiteral("@deepvalue.json"), QStringLiteral("--json")}
        << QStringLiteral("deeper than 128 levels");
    QTest::newRow("merge: 129 levels") << QStringLiteral("d129.json") << QByteArray("@summary:") + QByteArray::fromStdString(nested(128))
                                       << QStringList{QStringLiteral("merge"), QStringLiteral("@d129.json")}
                                       << QStringLiteral("deeper than 128 levels");
    QByteArray deepDevices(kTrace);
    deepDevices.replace("\"deviceProperties\": [", "\"deviceProperties\": [" + QByteArray::fromStdString(nested(200000)) + ",");
    QTest::newRow("info: deviceProperties 200,000 deep") << QStringLiteral("deepdevices.json") << deepDevices
                                                         << QStringList{QStringLiteral("info"), QStringLiteral("@deepdevices.json")}
                                                         << QStringLiteral("\"deviceProperties\" at byte");
    QByteArray deepDist(kTrace);
    deepDist.replace("\"world_size\": 2}", "\"world_size\": 2, \"pg_config\": " + QByteArray::fromStdString(nested(300)) + "}");
    QTest::newRow("analyze: distributedInfo 300 deep") << QStringLiteral("deepdist.json") << deepDist
                                                       << QStringList{QStringLiteral("analyze"), QStringLiteral("@deepdist.json"), QStringLiteral("--json")}
                                                       << QStringLiteral("\"distributedInfo\" at byte");
    QTest::newRow("export --annotations: 200 deep")
        << QStringLiteral("deep.lanescope.json") << annotationsFile("\"x\": " + QByteArray::fromStdString(nested(200)))
        << QStringList{QStringLiteral("export"), QStringLiteral("TRACE"), QStringLiteral("-o"), QStringLiteral("@deep.png"),
                       QStringLiteral("--annotations"), QStringLiteral("@deep.lanescope.json")}
        << QStringLiteral("nested deeper than 128 levels");
}

void tst_CliBounds::deepJson()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    if (bytes.startsWith("@summary:")) {
        QByteArray summary = readAll(m_summary);
        QVERIFY(summary.startsWith('{'));
        bytes = "{\"x\": " + bytes.mid(9) + "," + summary.mid(1);
    }
    QVERIFY(put(m_dir.filePath(file), bytes));
    checkOneLine(run(expand(args)), 3, message);
}

// Inputs that are not regular files are refused at once (a FIFO blocked open(); /dev/zero was read
// until std::bad_alloc), and a summary larger than its cap is not read.
void tst_CliBounds::notRegularFiles_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("merge /dev/zero") << QStringList{QStringLiteral("merge"), QStringLiteral("SUMMARY"), QStringLiteral("/dev/zero")}
                                     << QStringLiteral("/dev/zero: a device, not a regular file");
    QTest::newRow("merge FIFO") << QStringList{QStringLiteral("merge"), QStringLiteral("SUMMARY"), QStringLiteral("@fifo.json")}
                                << QStringLiteral("FIFO (named pipe), not a regular file");
    QTest::newRow("info FIFO") << QStringList{QStringLiteral("info"), QStringLiteral("@fifo.json")}
                               << QStringLiteral("FIFO (named pipe), not a regular file");
    QTest::newRow("analyze /dev/zero") << QStringList{QStringLiteral("analyze"), QStringLiteral("/dev/zero")}
                                       << QStringLiteral("/dev/zero: a device, not a regular file");
    QTest::newRow("merge folder") << QStringList{QStringLiteral("merge"), QStringLiteral("@.")} << QStringLiteral("a folder, not a regular file");
    QTest::newRow("merge 600 MB summary") << QStringList{QStringLiteral("merge"), QStringLiteral("@huge.json")}
                                          << QStringLiteral("larger than 512 MiB");
    QTest::newRow("export --annotations FIFO")
        << QStringList{QStringLiteral("export"), QStringLiteral("TRACE"), QStringLiteral("-o"), QStringLiteral("@fifo.png"),
                       QStringLiteral("--annotations"), QStringLiteral("@fifo.json")}
        << QStringLiteral("FIFO (named pipe), not a regular file");
    QTest::newRow("export --annotations /dev/zero")
        << QStringList{QStringLiteral("export"), QStringLiteral("TRACE"), QStringLiteral("-o"), QStringLiteral("@zero.png"),
                       QStringLiteral("--annotations"), QStringLiteral("/dev/zero")}
        << QStringLiteral("a device, not a regular file");
}

void tst_CliBounds::notRegularFiles()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString fifo = m_dir.filePath(QStringLiteral("fifo.json"));
    if (!QFileInfo(fifo).exists())
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    const QString huge = m_dir.filePath(QStringLiteral("huge.json"));
    if (!QFileInfo(huge).exists()) { // sparse: no disk used
        QFile f(huge);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(600ll << 20));
    }
    checkOneLine(run(expand(args)), 3, message);
}

// Every number is checked against its range before it is converted: --gap-ms 1e13 overflowed
// llround(x * 1e6) and listed every gap; --from-us 1e16 gave the whole trace's figures.
void tst_CliBounds::numbersOutOfRange_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message"); // the option and its range
    const auto row = [](const char *name, const QStringList &args, const char *message) {
        QTest::newRow(name) << args << QString::fromUtf8(message);
    };
    const QString a = QStringLiteral("analyze"), t = QStringLiteral("TRACE");
    row("analyze --gap-ms 1e13", {a, t, QStringLiteral("--gap-ms"), QStringLiteral("1e13")}, "--gap-ms needs a number of milliseconds (0 to 1000000000)");
    row("analyze --from-us 1e16 --to-us 2e16", {a, t, QStringLiteral("--from-us"), QStringLiteral("1e16"), QStringLiteral("--to-us"), QStringLiteral("2e16")},
        "--from-us needs a number (0 to 1000000000000)");
    row("analyze --to-us 1e300", {a, t, QStringLiteral("--from-us"), QStringLiteral("0"), QStringLiteral("--to-us"), QStringLiteral("1e300")},
        "--to-us needs a number (0 to 1000000000000)");
    row("analyze --params 1e300", {a, t, QStringLiteral("--params"), QStringLiteral("1e300"), QStringLiteral("--tokens-per-step"), QStringLiteral("1")},
        "--params needs a positive number (above 0 and at most 1e+15)");
    row("analyze --tokens-per-step 1e300", {a, t, QStringLiteral("--params"), QStringLiteral("1"), QStringLiteral("--tokens-per-step"), QStringLiteral("1e300")},
        "--tokens-per-step needs a positive number (above 0 and at most 1000000000000)");
    row("analyze --peak-tflops 1e300", {a, t, QStringLiteral("--peak-tflops"), QStringLiteral("1e300")}, "--peak-tflops needs a positive number (above 0 and at most 1000000)");
    row("analyze --threads -1", {a, t, QStringLiteral("--threads"), QStringLiteral("-1")}, "--threads takes a whole number (0 to 256)");
    row("analyze DIR --memory-budget-mb 1e300", {a, QStringLiteral("@."), QStringLiteral("--memory-budget-mb"), QStringLiteral("1e300")},
        "--memory-budget-mb needs a positive number (above 0 and at most 1000000000)");
    row("export --gap-ms 1e300", {QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("@g.png"), QStringLiteral("--gap-ms"), QStringLiteral("1e300"),
                                  QStringLiteral("--annotate-findings")},
        "--gap-ms takes a number of milliseconds > 0 (above 0 and at most 1000000000)");
    row("export --from-us 1e16", {QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("@f.png"), QStringLiteral("--from-us"), QStringLiteral("1e16"),
                                  QStringLiteral("--to-us"), QStringLiteral("2e16")},
        "(0 to 1000000000000)");
    row("compare --gap-ms 1e13", {QStringLiteral("compare"), t, t, QStringLiteral("--gap-ms"), QStringLiteral("1e13")}, "(0 to 1000000000)");
    row("mfu --tokens-per-s-per-gpu 1e300", {QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("7e9"), QStringLiteral("--tokens-per-s-per-gpu"),
                                             QStringLiteral("1e300"), QStringLiteral("--peak-tflops"), QStringLiteral("312")},
        "(above 0 and at most 1000000000000)");
}

void tst_CliBounds::numbersOutOfRange()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    checkOneLine(run(expand(args)), 2, message);
}

// A window that lies wholly after the trace's last event is an error that says so, never the
// figures of an empty (or, after an overflow, of the whole) trace.
void tst_CliBounds::windowOutsideTrace_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("analyze") << QStringList{QStringLiteral("analyze"), QStringLiteral("TRACE"), QStringLiteral("--from-us"), QStringLiteral("1e9"),
                                            QStringLiteral("--to-us"), QStringLiteral("2e9"), QStringLiteral("--json")};
    QTest::newRow("export") << QStringList{QStringLiteral("export"), QStringLiteral("TRACE"), QStringLiteral("-o"), QStringLiteral("@w.png"),
                                           QStringLiteral("--from-us"), QStringLiteral("1e9"), QStringLiteral("--to-us"), QStringLiteral("2e9")};
}

void tst_CliBounds::windowOutsideTrace()
{
    QFETCH(QStringList, args);
    checkOneLine(run(expand(args)), 2, QStringLiteral("starts after the trace ends"));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("w.png"))));
}

// Alternatives and malformed lists are refused, wherever the options appear.
void tst_CliBounds::exclusiveOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("analyze --step with a window")
        << QStringList{QStringLiteral("analyze"), QStringLiteral("TRACE"), QStringLiteral("--step"), QStringLiteral("1"), QStringLiteral("--from-us"),
                       QStringLiteral("0"), QStringLiteral("--to-us"), QStringLiteral("50")}
        << QStringLiteral("--step and --from-us/--to-us exclude each other");
    QTest::newRow("compare --labels ,") << QStringList{QStringLiteral("compare"), QStringLiteral("TRACE"), QStringLiteral("TRACE"),
                                                       QStringLiteral("--labels"), QStringLiteral(",")}
                                        << QStringLiteral("--labels: label 1 of 2 is empty");
    QTest::newRow("compare --labels a,' '") << QStringList{QStringLiteral("compare"), QStringLiteral("TRACE"), QStringLiteral("TRACE"),
                                                           QStringLiteral("--labels"), QStringLiteral("a, ")}
                                            << QStringLiteral("--labels: label 2 of 2 is empty");
    QTest::newRow("export --labels ,b") << QStringList{QStringLiteral("export"), QStringLiteral("TRACE"), QStringLiteral("--compare"), QStringLiteral("TRACE"),
                                                       QStringLiteral("-o"), QStringLiteral("@l.png"), QStringLiteral("--labels"), QStringLiteral(",b")}
                                        << QStringLiteral("--labels: label 1 of 2 is empty");
}

void tst_CliBounds::exclusiveOptions()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    checkOneLine(run(expand(args)), 2, message);
}

// A summary is read against its schema: a mistyped member or a number its field cannot hold makes
// it unreadable (exit 3), naming the file and the member; before, they became defaults (and a
// trace_rank of 2^32 + 1 became rank 1).
void tst_CliBounds::summarySchema_data()
{
    QTest::addColumn<QString>("pointer"); // where: "figures", "analysis/gaps/0", "calls/+" (appended)
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("member"); // as the message names it
    QTest::newRow("figures a list") << QStringLiteral("figures") << QJsonValue(QJsonArray{1, 2, 3}) << QStringLiteral("member figures: not an object");
    QTest::newRow("trace_rank 2^32+1") << QStringLiteral("trace_rank") << QJsonValue(4294967297.0)
                                       << QStringLiteral("member trace_rank: 4294967297 is out of range");
    QTest::newRow("world_size 2^32+2") << QStringLiteral("world_size") << QJsonValue(4294967298.0)
                                       << QStringLiteral("member world_size: 4294967298 is out of range");
    QTest::newRow("path a number") << QStringLiteral("path") << QJsonValue(7) << QStringLiteral("member path: not a string");
    QTest::newRow("events negative") << QStringLiteral("events") << QJsonValue(-5) << QStringLiteral("member events: -5 is out of range");
    QTest::newRow("gap_count fractional") << QStringLiteral("figures/gap_count") << QJsonValue(1.5)
                                          << QStringLiteral("member figures.gap_count: not an integer");
    QTest::newRow("a gap that is a number") << QStringLiteral("analysis/gaps/+") << QJsonValue(5) << QStringLiteral("member analysis.gaps[");
    QTest::newRow("steps an object") << QStringLiteral("analysis/steps") << QJsonValue(QJsonObject{}) << QStringLiteral("member analysis.steps: not a list");
    QTest::newRow("a call's track 2^32") << QStringLiteral("calls/+") << QJsonValue(QJsonObject{{QStringLiteral("track"), 4294967296.0}})
                                         << QStringLiteral("].track: 4294967296 is out of range");
    QTest::newRow("a warning that is a list") << QStringLiteral("analysis/warnings/+") << QJsonValue(QJsonArray{}) << QStringLiteral("not a string");
    QTest::newRow("a call's gpu a number") << QStringLiteral("calls/+") << QJsonValue(QJsonObject{{QStringLiteral("gpu"), 1}})
                                   << QStringLiteral("].gpu: not true or false");
}

namespace {

// Sets the member at a '/'-separated path ("+": append to the list) to v.
QJsonValue withMember(QJsonValue at, QStringList path, const QJsonValue &v)
{
    if (path.isEmpty())
        return v;
    const QString k = path.takeFirst();
    if (at.isArray()) {
        QJsonArray a = at.toArray();
        if (k == QLatin1String("+"))
            a.append(withMember(QJsonValue(), path, v));
        else
            a[k.toInt()] = withMember(a.at(k.toInt()), path, v);
        return a;
    }
    QJsonObject o = at.toObject();
    o.insert(k, withMember(o.value(k), path, v));
    return o;
}

} // namespace

void tst_CliBounds::summarySchema()
{
    QFETCH(QString, pointer);
    QFETCH(QJsonValue, value);
    QFETCH(QString, member);
    const QJsonObject good = QJsonDocument::fromJson(readAll(m_summary)).object();
    QVERIFY(!good.isEmpty());
    const QJsonValue bad = withMember(good, pointer.split(QLatin1Char('/')), value);
    const QString file = m_dir.filePath(QStringLiteral("bad.summary.json"));
    QVERIFY(put(file, QJsonDocument(bad.toObject()).toJson(QJsonDocument::Compact)));
    const CliRun r = run({QStringLiteral("merge"), file, QStringLiteral("--json")});
    checkOneLine(r, 3, member);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(r.err.contains(QFile::encodeName(file)), r.err.constData());
}

QTEST_GUILESS_MAIN(tst_CliBounds)
#include "tst_cli_bounds.moc"
