// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input never crashes and never silently drops data (docs/architecture.md): files that are not traces get
// a clear message, malformed events are counted, and a cut file loads everything before the cut and
// says where it stopped. Expected event counts come from TestUtil.h's own bracket scanner or from
// building the text event by event, not from the parser under test.
#include "tests/core/LoadHelpers.h"
#include "tests/TestTraces.h"
#include "tests/core/TestUtil.h"

#include "core/parse/EventArgs.h"

#include "core/util/Parallel.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <thread>

#ifdef __clang__
// QSKIP passes an empty __VA_ARGS__, which clang's -Wpedantic reports at every use.
#pragma clang diagnostic ignored "-Wgnu-zero-variadic-macro-arguments"
#endif

#include <string>
#include <vector>

using namespace lanescope;
using namespace lanescope::test;

class tst_LoaderBadInput : public QObject
{
    Q_OBJECT

private slots:
    void notATrace_data();
    void notATrace();
    void malformedEvents_data();
    void malformedEvents();
    void invalidUtf8();
    void nulByte();
    void midFileSyntaxError();
    void rewrittenWhileLoading_data();
    void rewrittenWhileLoading();
    void secondTraceJoined_data();
    void secondTraceJoined();
    void hostileNesting_data();
    void hostileNesting();
    void numberBeyondDouble();
    void extremeTimes();
    void manyCategories();
    void corruptGzip();
    void gzipCutShort();
    void absurdThreadCount();
    void truncateEveryByte_data();
    void truncateEveryByte();
    void truncateRealTrace();
};

namespace {

const char *const kEv1 = R"JSON({"ph": "X", "cat": "cpu_op", "name": "one", "pid": 1, "tid": 1, "ts": 10, "dur": 5})JSON";
const char *const kEv2 = R"JSON({"ph": "X", "cat": "cpu_op", "name": "two", "pid": 1, "tid": 1, "ts": 20, "dur": 5})JSON";
const char *const kEv3 = R"JSON({"ph": "X", "cat": "cpu_op", "name": "three", "pid": 1, "tid": 1, "ts": 30, "dur": 5})JSON";

std::string wrap(const std::vector<std::string> &events)
{
    std::string s = "{\"traceEvents\": [";
    for (std::size_t i = 0; i < events.size(); ++i)
        s += (i ? ",\n" : "\n") + events[i];
    return s + "\n]}";
}

// A realistic small trace, built event by event so the end offset of each event is known.
struct Built
{
    std::string text;
    std::vector<std::size_t> ends;
    std::size_t arrayOpen = 0, arrayClose = 0;
};

std::vector<std::string> realisticEvents()
{
    return {
        R"JSON({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#7", "pid": 4242, "tid": 4242, "ts": 1700000000000000.125, "dur": 1500.5, "args": {"External id": 1, "Record function id": 0}})JSON",
        R"JSON({"ph": "X", "cat": "cpu_op", "name": "aten::linear \"q\" \\ \u00e9\u4e2d \ud83d\ude00", "pid": 4242, "tid": 4242, "ts": 1700000000000010, "dur": 90.25, "args": {"Input Dims": [[8, 1024], [1024, 1024], []], "Input type": ["float", "float", ""], "Concrete Inputs": ["", "", ""], "flag": true, "none": null, "e": 1.5e-3}})JSON",
        R"JSON({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 4242, "tid": 4242, "ts": 1700000000000020.000, "dur": 4.5, "args": {"cbid": 211, "correlation": 991, "External id": 2}})JSON",
        R"JSON({"ph": "s", "id": 991, "pid": 4242, "tid": 4242, "ts": 1700000000000020.000, "cat": "ac2g", "name": "ac2g"})JSON",
        R"JSON({"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_tn", "pid": 0, "tid": 7, "ts": 1700000000000030.5, "dur": 55, "args": {"queued": 0, "device": 0, "stream": 7, "correlation": 991, "grid": [64, 1, 1], "block": [128, 1, 1], "est. achieved occupancy %": 50}})JSON",
        R"JSON({"ph": "f", "id": 991, "pid": 0, "tid": 7, "ts": 1700000000000030.5, "cat": "ac2g", "name": "ac2g", "bp": "e"})JSON",
        R"JSON({"ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "[memory]", "pid": 4242, "tid": 4242, "ts": 1700000000000025, "args": {"Device Type": 1, "Device Id": 0, "Addr": 139812, "Bytes": 4194304, "Total Allocated": 8388608, "Total Reserved": 20971520}})JSON",
        R"JSON({"name": "process_name", "ph": "M", "ts": 1700000000000000, "pid": 4242, "tid": 0, "args": {"name": "python3"}})JSON",
        R"JSON({"name": "thread_name", "ph": "M", "ts": 1700000000000000, "pid": 0, "tid": 7, "args": {"name": "stream 7 "}})JSON",
        R"JSON({"ph": "C", "name": "queue", "pid": 4242, "ts": 1700000000000040, "args": {"depth": 3}})JSON",
        R"JSON({"ph": "b", "id": "0x2a", "cat": "io", "name": "load", "pid": 4242, "ts": 1700000000000050})JSON",
        R"JSON({"ph": "e", "id": "0x2a", "cat": "io", "name": "load", "pid": 4242, "ts": 1700000000000090})JSON",
        R"JSON({"ph": "B", "name": "region", "pid": 4242, "tid": 4243, "ts": 1700000000000100})JSON",
        R"JSON({"ph": "E", "pid": 4242, "tid": 4243, "ts": 1700000000000200})JSON",
        R"JSON({"ph": "X", "cat": "gpu_memcpy", "name": "Memcpy DtoH (Device -> Pinned)", "pid": 0, "tid": 7, "ts": 1700000000000300, "dur": 12.125, "args": {"bytes": 18446744073709551615, "memory bandwidth (GB/s)": 12.5}})JSON",
    };
}

Built buildObjectForm(bool pretty)
{
    Built b;
    const char *sep = pretty ? ",\n    " : ",";
    b.text = pretty ? "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [{\"id\": 0, \"name\": \"GPU\"}],\n  \"traceEvents\": [\n    "
                    : "{\"schemaVersion\": 1, \"traceEvents\": [";
    b.arrayOpen = b.text.rfind('[');
    const auto events = realisticEvents();
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (i)
            b.text += sep;
        b.text += events[i];
        b.ends.push_back(b.text.size());
    }
    b.text += pretty ? "\n  ],\n  " : "]";
    b.arrayClose = b.text.rfind(']');
    b.text += pretty ? "\"traceName\": \"x\",\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, \"world_size\": 2}\n}\n"
                     : ", \"distributedInfo\": {\"rank\": 0, \"world_size\": 2}}";
    return b;
}

Built buildArrayForm()
{
    Built b;
    b.text = "[\n";
    b.arrayOpen = 0;
    const auto events = realisticEvents();
    for (const auto &e : events) {
        b.text += e;
        b.ends.push_back(b.text.size());
        b.text += ",\n";
    }
    b.text += "]";
    b.arrayClose = b.text.size() - 1;
    return b;
}

std::size_t completeBefore(const std::vector<std::size_t> &ends, std::size_t cut)
{
    std::size_t n = 0;
    while (n < ends.size() && ends[n] <= cut)
        ++n;
    return n;
}

} // namespace

void tst_LoaderBadInput::notATrace_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("needle"); // must appear in the one-line error
    QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
    QTest::newRow("whitespace only") << QByteArray(" \n\t\r\n  ") << QStringLiteral("whitespace");
    QTest::newRow("not JSON") << QByteArray("hello, world") << QStringLiteral("not a JSON trace");
    QTest::newRow("binary") << QByteArray("\x7f" "ELF\x02\x01\x01\x00", 8) << QStringLiteral("not a JSON trace");
    QTest::newRow("a JSON string") << QByteArray("\"traceEvents\"") << QStringLiteral("not a JSON trace");
    QTest::newRow("object without traceEvents") << QByteArray(R"({"a": 1})") << QStringLiteral("traceEvents");
    QTest::newRow("empty object") << QByteArray("{}") << QStringLiteral("traceEvents");
    QTest::newRow("array of numbers") << QByteArray("[1, 2, 3]") << QStringLiteral("not trace events");
    QTest::newRow("array of arrays") << QByteArray("[[1], [2]]") << QStringLiteral("not trace events");
    QTest::newRow("traceEvents is a number") << QByteArray(R"({"traceEvents": 5})") << QStringLiteral("not an array");
    QTest::newRow("traceEvents is an object") << QByteArray(R"({"traceEvents": {"ph": "X"}})")
                                              << QStringLiteral("not an array");
    QTest::newRow("bad key") << QByteArray(R"({traceEvents: []})") << QStringLiteral("byte 1");
    QTest::newRow("missing colon") << QByteArray(R"({"traceEvents" []})") << QStringLiteral("':'");
    QTest::newRow("cut in header") << QByteArray(R"({"schemaVersion": 1, )") << QStringLiteral("before any traceEvents");
    QTest::newRow("bad header value") << QByteArray(R"({"schemaVersion": tru, "traceEvents": []})")
                                      << QStringLiteral("schemaVersion");
    QTest::newRow("syntax error in first event") << QByteArray(R"({"traceEvents": [{"ph" "X"}]})")
                                                 << QStringLiteral("byte 23");
}

void tst_LoaderBadInput::notATrace()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, needle);
    const LoadResult r = loadText(bytes.toStdString());
    QVERIFY(!r.trace);
    QVERIFY(!r.error.isEmpty());
    QVERIFY2(!r.error.contains(QLatin1Char('\n')), qPrintable(r.error));
    QVERIFY2(r.error.contains(needle), qPrintable(r.error));
}

void tst_LoaderBadInput::malformedEvents_data()
{
    QTest::addColumn<QByteArray>("event");   // one odd event, placed between two good ones
    QTest::addColumn<int>("malformed");      // how many of the 3 are counted malformed
    QTest::addColumn<int>("slices");         // slices in the model
    QTest::addColumn<QString>("needle");     // in a warning

    QTest::newRow("missing ph") << QByteArray(R"({"name": "x", "pid": 1, "tid": 1, "ts": 1})") << 1 << 2
                                << QStringLiteral("no \"ph\"");
    QTest::newRow("missing ts") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "dur": 1})") << 1 << 2
                                << QStringLiteral("no \"ts\"");
    // Kept, drawn 0 long, counted in their own warning (not malformed: nothing is lost): a negative
    // dur, and ROCm's unsigned wrap of one (a number too large for any time; 2^64 ns / 1000).
    QTest::newRow("negative dur") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 15, "dur": -3})")
                                  << 0 << 3 << QStringLiteral("1 slice has a negative or overflowed \"dur\" and is drawn 0 long");
    QTest::newRow("overflowed dur") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 15, "dur": 18446744073709551.615})")
                                    << 0 << 3 << QStringLiteral("overflowed \"dur\"");
    QTest::newRow("dur past 2^61 ns") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 15, "dur": 9000000000000000})")
                                      << 0 << 3 << QStringLiteral("overflowed \"dur\"");
    QTest::newRow("ts is text") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": "soon", "dur": 1})")
                                << 1 << 2 << QStringLiteral("not a number");
    QTest::newRow("huge ts") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 99999999999999999999999, "dur": 1})")
                             << 1 << 2 << QStringLiteral("not a number");
    QTest::newRow("dur 1e300") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 1, "dur": 1e300})") << 1
                               << 2 << QStringLiteral("not a number");
    QTest::newRow("entry is a number") << QByteArray("42") << 1 << 2 << QStringLiteral("not an object");
    QTest::newRow("entry is null") << QByteArray("null") << 1 << 2 << QStringLiteral("not an object");
    QTest::newRow("entry is an array") << QByteArray(R"(["ph", "X"])") << 1 << 2 << QStringLiteral("not an object");
    QTest::newRow("flow without id") << QByteArray(R"({"ph": "s", "pid": 1, "tid": 1, "ts": 12, "cat": "ac2g"})") << 1 << 2
                                     << QStringLiteral("flow event");
    QTest::newRow("counter without args") << QByteArray(R"({"ph": "C", "name": "c", "pid": 1, "ts": 12})") << 1 << 2
                                          << QStringLiteral("malformed");
    // Odd but valid: kept as they are.
    QTest::newRow("huge pid and tid") << QByteArray(R"({"ph": "X", "name": "x", "pid": 1e300, "tid": 123456789012345678901234567890, "ts": 1, "dur": 1})")
                                      << 0 << 3 << QString();
    QTest::newRow("unknown phase") << QByteArray(R"({"ph": "O", "name": "snapshot", "pid": 1, "ts": 1, "id": 1})") << 0 << 2
                                   << QStringLiteral("phase 'O'");
    QTest::newRow("two-letter phase") << QByteArray(R"({"ph": "XX", "name": "x", "pid": 1, "tid": 1, "ts": 1})") << 0 << 2
                                      << QStringLiteral("phase '?'");
    QTest::newRow("ph is a number") << QByteArray(R"({"ph": 88, "name": "x", "pid": 1, "tid": 1, "ts": 1})") << 1 << 2
                                    << QStringLiteral("no \"ph\"");
    QTest::newRow("quoted numbers") << QByteArray(R"({"ph": "X", "name": "x", "pid": "1", "tid": "1", "ts": "15", "dur": "2"})")
                                    << 0 << 3 << QString();
    QTest::newRow("control and escapes in name") << QByteArray(R"({"ph": "X", "name": "a\u0000b\n\t\ud83d\ude00", "pid": 1, "tid": 1, "ts": 15, "dur": 1})")
                                                 << 0 << 3 << QString();
}

void tst_LoaderBadInput::malformedEvents()
{
    QFETCH(QByteArray, event);
    QFETCH(int, malformed);
    QFETCH(int, slices);
    QFETCH(QString, needle);
    const std::string json = wrap({kEv1, event.toStdString(), kEv2});
    const LoadResult r = loadText(json);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(3));
    QCOMPARE(r.trace->malformedEvents, quint64(malformed));
    QCOMPARE(r.trace->sliceCount(), std::size_t(slices));
    QVERIFY(!r.trace->truncated);
    if (!needle.isEmpty())
        QVERIFY2(anyWarningContains(*r.trace, needle), qPrintable(r.trace->warnings.join(QLatin1Char('\n'))));
    else
        QVERIFY2(r.trace->warnings.isEmpty(), qPrintable(r.trace->warnings.join(QLatin1Char('\n'))));
    // The good events around it are intact.
    const Track *tr = findTrack(*r.trace, 1, 1);
    QVERIFY(tr);
    // A kept slice with a clamped dur is 0 long.
    if (needle.contains(QLatin1String("\"dur\"")))
        for (std::size_t i = 0; i < tr->size(); ++i)
            if (sliceName(*r.trace, *tr, i) == QLatin1String("x"))
                QCOMPARE(qint64(tr->dur[i]), qint64(0));
    QCOMPARE(sliceName(*r.trace, *tr, 0), QStringLiteral("one"));
    QCOMPARE(sliceName(*r.trace, *tr, tr->size() - 1), QStringLiteral("two"));
}

void tst_LoaderBadInput::invalidUtf8()
{
    const std::string bad = "{\"ph\": \"X\", \"cat\": \"c\\u00e9\", \"name\": \"bad\xff\xfe name \xc3\", \"pid\": 1, \"tid\": 1, \"ts\": 15, \"dur\": 1}";
    const LoadResult r = loadText(wrap({kEv1, bad, kEv2}));
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(3));
    QCOMPARE(r.trace->sliceCount(), std::size_t(3));
    QVERIFY2(anyWarningContains(*r.trace, QStringLiteral("not valid UTF-8")), qPrintable(r.trace->warnings.join(QLatin1Char('\n'))));
    const Track *tr = findTrack(*r.trace, 1, 1);
    QVERIFY(tr);
    const QString name = sliceName(*r.trace, *tr, 1);
    QVERIFY2(name.startsWith(QStringLiteral("bad")) && name.contains(QChar(0xFFFD)), qPrintable(name));
    QVERIFY(name.contains(QStringLiteral(" name ")));
    // Stored names are valid UTF-8 from now on (they round-trip through QString unchanged).
    const auto v = r.trace->strings.view(tr->nameId[1]);
    QCOMPARE(QString::fromUtf8(v.data(), int(v.size())).toUtf8(), QByteArray(v.data(), int(v.size())));
    QCOMPARE(r.trace->category(tr->catId[1]), QString(QStringLiteral("c") + QChar(0xE9)));
}

void tst_LoaderBadInput::nulByte()
{
    // Between events: the events before it are kept and the message names the byte.
    std::string json = wrap({kEv1, kEv2, kEv3});
    const std::size_t at = json.find(kEv3);
    json.insert(at, 1, '\0');
    LoadResult r = loadText(json);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(2));
    QVERIFY(r.trace->truncated);
    QCOMPARE(r.trace->truncatedAtByte, quint64(at));
    QVERIFY2(r.trace->warnings.value(0).contains(QStringLiteral("byte %1").arg(at)), qPrintable(r.trace->warnings.value(0)));
    QVERIFY(r.trace->warnings.value(0).contains(QStringLiteral("NUL")));

    // Inside a string of the second event: one event kept.
    std::string json2 = wrap({kEv1, kEv2, kEv3});
    const std::size_t at2 = json2.find("two") + 1;
    json2[at2] = '\0';
    r = loadText(json2);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(1));
    QVERIFY(r.trace->truncated);
    QVERIFY(r.trace->truncatedAtByte >= json2.find(kEv1) + std::strlen(kEv1));
    QVERIFY(r.trace->truncatedAtByte <= at2);
}

void tst_LoaderBadInput::midFileSyntaxError()
{
    const std::string broken = R"JSON({"ph": "X" "name": "x", "pid": 1, "tid": 1, "ts": 1, "dur": 1})JSON";
    const std::string json = wrap({kEv1, kEv2, broken, kEv3});
    const std::size_t errorAt = json.find(R"("name": "x")");
    for (int threads : {1, 2}) {
        const LoadResult r = loadText(json, threads);
        QVERIFY2(r.trace, qPrintable(r.error));
        QCOMPARE(r.trace->eventCount, quint64(2));
        QCOMPARE(r.trace->sliceCount(), std::size_t(2));
        QVERIFY(r.trace->truncated);
        QCOMPARE(r.trace->truncatedAtByte, quint64(errorAt));
        const QString w = r.trace->warnings.value(0);
        QVERIFY2(w.contains(QStringLiteral("byte %1").arg(errorAt)), qPrintable(w));
        QVERIFY2(w.contains(QStringLiteral("2 complete events")), qPrintable(w));
    }
    // Garbage between two events (missing comma).
    const std::string json2 = "{\"traceEvents\": [" + std::string(kEv1) + " " + kEv2 + "]}";
    const LoadResult r2 = loadText(json2);
    QVERIFY2(r2.trace, qPrintable(r2.error));
    QCOMPARE(r2.trace->eventCount, quint64(1));
    QVERIFY(r2.trace->truncated);
    QCOMPARE(r2.trace->truncatedAtByte, quint64(json2.find(kEv2)));
}

// A file overwritten in place while it is read (here: once its events are parsed, from the
// loader's own progress call) is reported as changed on disk, not as a syntax error nor as a
// trace mixing both versions.
void tst_LoaderBadInput::rewrittenWhileLoading_data()
{
    QTest::addColumn<bool>("gzipped");
    QTest::newRow("json") << false;
    QTest::newRow("json.gz") << true;
}

void tst_LoaderBadInput::rewrittenWhileLoading()
{
    QFETCH(bool, gzipped);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string json = wrap({kEv1, kEv2, kEv3});
    const std::string bytes = gzipped ? gzipBytes(json) : json;
    const QString path = dir.filePath(gzipped ? QStringLiteral("t.json.gz") : QStringLiteral("t.json"));
    QVERIFY(writeFile(path, bytes));
    std::atomic<bool> rewritten{false};
    LoadOptions o;
    o.progress = [&](double done) {
        if (done < 0.9 || rewritten.exchange(true))
            return;
        // Same size, other bytes, a later mtime: what an editor or a second profiler run writing
        // over the file does.
        QFile f(path);
        if (f.open(QIODevice::ReadWrite)) {
            f.write(QByteArray(int(bytes.size()), ' '));
            f.setFileTime(QDateTime::currentDateTime().addSecs(2), QFileDevice::FileModificationTime);
        }
    };
    const LoadResult r = loadTrace(path, o);
    QVERIFY(rewritten.load());
    QVERIFY(!r.trace);
    QVERIFY2(r.error.contains(QStringLiteral("changed on disk")), qPrintable(r.error));
    // Loaded again, what is there now is what it says.
    QVERIFY(!loadTrace(path).error.contains(QStringLiteral("changed on disk")));
}

// Two traces joined into one file (cat a.json b.json, or a .gz of two concatenated .json.gz, which
// is one stream of both): the first is read and a warning says more followed; whitespace after the
// closing '}' says nothing.
void tst_LoaderBadInput::secondTraceJoined_data()
{
    QTest::addColumn<bool>("gzipped");
    QTest::addColumn<bool>("second");
    QTest::newRow("json, two traces") << false << true;
    QTest::newRow("json.gz, two members") << true << true;
    QTest::newRow("json, trailing newlines") << false << false;
    QTest::newRow("json.gz, trailing newlines") << true << false;
}

void tst_LoaderBadInput::secondTraceJoined()
{
    QFETCH(bool, gzipped);
    QFETCH(bool, second);
    const std::string a = wrap({kEv1, kEv2}), b = second ? wrap({kEv3}) : std::string("\n \n");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(gzipped ? QStringLiteral("t.json.gz") : QStringLiteral("t.json"));
    QVERIFY(writeFile(path, gzipped ? gzipBytes(a) + gzipBytes(b) : a + b));
    const LoadResult r = loadTrace(path);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(2));
    const QStringList joined = r.trace->warnings.filter(QStringLiteral("more follows the trace's closing"));
    QCOMPARE(joined.size(), second ? 1 : 0);
    if (second)
        QVERIFY2(joined.front().contains(QStringLiteral("byte %1").arg(a.size())), qPrintable(joined.front()));
}

void tst_LoaderBadInput::hostileNesting_data()
{
    QTest::addColumn<int>("depth");
    QTest::addColumn<bool>("objects");
    QTest::addColumn<bool>("kept"); // a plausible depth is an ordinary event; a hostile one is skipped
    QTest::newRow("100 arrays") << 100 << false << true;
    QTest::newRow("900 objects") << 900 << true << true;
    QTest::newRow("5k arrays") << 5000 << false << false;
    QTest::newRow("100k arrays") << 100000 << false << false;
    QTest::newRow("100k objects") << 100000 << true << false;
}

void tst_LoaderBadInput::hostileNesting()
{
    // A deep value in the args of the second event (a corrupted or malicious file). It must not
    // overflow the stack while loading, nor when the user opens the event's details; the events
    // after it still load.
    QFETCH(int, depth);
    QFETCH(bool, objects);
    QFETCH(bool, kept);
    std::string deep;
    deep.reserve(std::size_t(depth) * 8);
    for (int i = 0; i < depth; ++i)
        deep += objects ? "{\"a\":" : "[";
    deep += "1";
    for (int i = 0; i < depth; ++i)
        deep += objects ? "}" : "]";
    const std::string ev = R"JSON({"ph": "X", "name": "deep", "pid": 1, "tid": 1, "ts": 15, "dur": 1, "args": {"x": )JSON" + deep + "}}";
    const std::string json = wrap({kEv1, ev, kEv2});
    for (int threads : {1, 2}) {
        const LoadResult r = loadText(json, threads);
        QVERIFY2(r.trace, qPrintable(r.error));
        QVERIFY(!r.trace->truncated);
        QCOMPARE(r.trace->eventCount, quint64(3));
        QCOMPARE(r.trace->malformedEvents, quint64(kept ? 0 : 1));
        const Track *tr = findTrack(*r.trace, 1, 1);
        QVERIFY(tr);
        QCOMPARE(tr->size(), std::size_t(kept ? 3 : 2));
        QCOMPARE(sliceName(*r.trace, *tr, tr->size() - 1), QStringLiteral("two"));
        if (kept) {
            QCOMPARE(sliceName(*r.trace, *tr, 1), QStringLiteral("deep"));
            const EventDetails d = readEventDetails(*r.trace, tr->fileOffset[1]);
            QVERIFY2(d.ok, qPrintable(d.error));
            QVERIFY(d.args.contains(QStringLiteral("x")));
        } else {
            QVERIFY2(anyWarningContains(*r.trace, QStringLiteral("nested too deeply")),
                     qPrintable(r.trace->warnings.join(QLatin1Char('\n'))));
        }
    }
    // The file cut inside the deep value: truncated, the first event kept.
    const LoadResult cut = loadText(json.substr(0, json.find(deep) + deep.size() / 2));
    QVERIFY2(cut.trace, qPrintable(cut.error));
    QVERIFY(cut.trace->truncated);
    QCOMPARE(cut.trace->eventCount, quint64(1));
    // The same depth as a whole entry of the bare-array form, and as a header value.
    const LoadResult top = loadText("[" + deep + "," + kEv1 + "]");
    QVERIFY2(top.trace, qPrintable(top.error));
    QCOMPARE(top.trace->eventCount, quint64(2));
    QCOMPARE(top.trace->sliceCount(), std::size_t(1));
    const LoadResult header = loadText("{\"INFO\": " + deep + ", \"traceEvents\": [" + kEv1 + "]}");
    QVERIFY2(header.trace, qPrintable(header.error));
    QCOMPARE(header.trace->eventCount, quint64(1));
}

void tst_LoaderBadInput::numberBeyondDouble()
{
    // JSON allows 1e400; RapidJSON refuses numbers beyond a double's range (kParseErrorNumberTooBig).
    // What must hold: no crash, the events before it kept, the stop reported with its byte.
    const std::string odd = R"JSON({"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 1e400, "dur": 1})JSON";
    const std::string json = wrap({kEv1, odd, kEv2});
    const LoadResult r = loadText(json);
    QVERIFY2(r.trace, qPrintable(r.error));
    QVERIFY(r.trace->eventCount >= 1);
    QVERIFY2(!r.trace->warnings.isEmpty() || r.trace->malformedEvents == 1, "the odd event went unreported");
    if (r.trace->truncated) {
        QVERIFY(r.trace->warnings.value(0).contains(QStringLiteral("byte %1").arg(json.find("1e400"))));
        QEXPECT_FAIL("", "a number beyond double range stops the load (RapidJSON NumberTooBig); the events "
                         "after it are not read", Abort);
    }
    QCOMPARE(r.trace->eventCount, quint64(3));
    QCOMPARE(r.trace->malformedEvents, quint64(1));
}

void tst_LoaderBadInput::extremeTimes()
{
    // The loader keeps times within ±2^61 ns (kMaxAbsTimeNs) so that every difference of two times
    // fits in int64 (fuzz_parser found overflows near the int64 limit). By hand:
    //   2^61 ns = 2305843009213693952 ns; ts 2305843009213693 µs = 2305843009213693000 ns, so a
    //   1.5 ms slice there is cut to end at 2^61: dur 952 ns;
    //   B at -2305843009213693 µs .. E at +2305843009213693 µs: dur 4611686018427386000 ns (fits);
    //   an unended B is drawn to the trace's end (2^61): 2305843009213693952 + 2305843009213693000;
    //   ts 9223372036854774 µs is beyond the range: malformed, counted, not loaded.
    const std::string json = wrap({R"JSON({"ph": "X", "name": "late", "pid": 1, "tid": 1, "ts": 2305843009213693, "dur": 1.5e3})JSON",
                                   R"JSON({"ph": "B", "name": "wide", "pid": 1, "tid": 2, "ts": -2305843009213693})JSON",
                                   R"JSON({"ph": "E", "pid": 1, "tid": 2, "ts": 2305843009213693})JSON",
                                   R"JSON({"ph": "B", "name": "open", "pid": 1, "tid": 3, "ts": -2305843009213693})JSON",
                                   R"JSON({"ph": "X", "name": "beyond", "pid": 1, "tid": 4, "ts": 9223372036854774, "dur": 1})JSON"});
    const LoadResult r = loadText(json);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(5));
    QCOMPARE(r.trace->malformedEvents, quint64(1));
    QVERIFY(r.trace->warnings.join(QLatin1Char(' ')).contains(QStringLiteral("ts out of range")));
    const Track *late = findTrack(*r.trace, 1, 1), *wide = findTrack(*r.trace, 1, 2), *open = findTrack(*r.trace, 1, 3);
    QVERIFY(late && wide && open);
    QVERIFY(!findTrack(*r.trace, 1, 4));
    QCOMPARE(qint64(late->start[0]), qint64(2305843009213693000LL));
    QCOMPARE(qint64(late->dur[0]), qint64(952));
    QCOMPARE(qint64(wide->start[0]), qint64(-2305843009213693000LL));
    QCOMPARE(qint64(wide->dur[0]), qint64(4611686018427386000LL));
    QCOMPARE(qint64(r.trace->maxTs), qint64(2305843009213693952LL));
    QCOMPARE(qint64(open->dur[0]), qint64(2305843009213693952LL + 2305843009213693000LL));

    // A header time beyond int64 (found by fuzz_parser) is ignored, not converted with UB.
    const LoadResult h = loadText(std::string(R"JSON({"baseTimeNanoseconds": 8.8e307, "traceEvents": [)JSON") + kEv1 + "]}");
    QVERIFY2(h.trace, qPrintable(h.error));
    QCOMPARE(h.trace->baseTimeNs, qint64(0));
    QCOMPARE(h.trace->eventCount, quint64(1));
}

void tst_LoaderBadInput::manyCategories()
{
    // 70,000 distinct categories: more than the 16-bit category ids hold. Every slice is kept.
    const int n = 70000;
    std::string json = "{\"traceEvents\": [";
    for (int i = 0; i < n; ++i) {
        if (i)
            json += ',';
        json += "{\"ph\": \"X\", \"cat\": \"cat" + std::to_string(i) + "\", \"name\": \"e\", \"pid\": 1, \"tid\": 1, \"ts\": "
            + std::to_string(i) + ", \"dur\": 1}";
    }
    json += "]}";
    const LoadResult r = loadText(json);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(n));
    QCOMPARE(r.trace->sliceCount(), std::size_t(n));
    QVERIFY(r.trace->categories.size() <= 0xFFFF);
    QVERIFY(anyWarningContains(*r.trace, QStringLiteral("categories")));
    const Track &tr = r.trace->tracks[0];
    QCOMPARE(r.trace->category(tr.catId[0]), QStringLiteral("cat0"));
    QCOMPARE(r.trace->category(tr.catId[60000]), QStringLiteral("cat60000"));
    for (std::size_t i = 0; i < tr.size(); ++i)
        QVERIFY(tr.catId[i] < r.trace->categories.size());
}

void tst_LoaderBadInput::corruptGzip()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("corrupt.json.gz"));
    std::string gz = gzipBytes(wrap({kEv1, kEv2, kEv3}));
    QVERIFY(gz.size() > 30);
    for (std::size_t i = 12; i < gz.size() - 8; ++i)
        gz[i] = char(gz[i] ^ 0x5a);
    QVERIFY(writeFile(path, gz));
    const LoadResult r = loadTrace(path);
    QVERIFY(!r.trace);
    QVERIFY2(r.error.contains(QStringLiteral("gzip")), qPrintable(r.error));
    QVERIFY(!r.error.contains(QLatin1Char('\n')));

    // Only the magic bytes.
    QVERIFY(writeFile(path, std::string("\x1f\x8b", 2)));
    const LoadResult r2 = loadTrace(path);
    QVERIFY(!r2.trace);
    QVERIFY(!r2.error.isEmpty());
}

// LoadOptions::threads = 100000 on a .json.gz (the streamed parse starts a worker per thread asked
// for): the load takes at most kMaxThreads workers and succeeds, instead of starting threads until
// the system refuses. A sampler counts the process' threads while the load runs.
void tst_LoaderBadInput::absurdThreadCount()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("small.json.gz"));
    // ~12 MB of JSON: more than one piece of the streamed parse, so its workers wait for pieces
    // while the stream is inflated, all alive at once.
    std::vector<std::string> events;
    for (int k = 0; k < 120000; ++k)
        events.push_back(R"({"ph": "X", "cat": "cpu_op", "name": "op", "pid": 1, "tid": 1, "ts": )" + std::to_string(10 * k)
                         + R"(, "dur": 5})");
    QVERIFY(writeFile(path, gzipBytes(wrap(events), 1)));
    const auto threadsNow = [] { return int(QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size()); };
    if (threadsNow() == 0)
        QSKIP("no /proc/self/task to count threads in");
    const int before = threadsNow();
    std::atomic<bool> loading{true};
    std::atomic<int> most{0};
    std::thread sampler([&] {
        while (loading.load())
            most = std::max(most.load(), threadsNow());
    });
    LoadOptions o;
    o.threads = 100000;
    const LoadResult r = loadTrace(path, o);
    loading = false;
    sampler.join();
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, std::uint64_t(events.size()));
    // The loader's own: workers, the inflating producer, the progress watcher; the test's sampler.
    QVERIFY2(most.load() <= before + 1 + kMaxThreads + 4, qPrintable(QString::number(most.load())));
}

void tst_LoaderBadInput::gzipCutShort()
{
    // The profiler was killed while writing a .json.gz: load what the stream holds.
    std::vector<std::string> events;
    for (int i = 0; i < 2000; ++i)
        events.push_back("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op" + std::to_string(i % 37)
                         + "\", \"pid\": 1, \"tid\": 1, \"ts\": " + std::to_string(i * 10) + ", \"dur\": 5, \"args\": {\"i\": "
                         + std::to_string(i * 7919 % 10007) + "}}");
    const std::string json = wrap(events);
    const std::string gz = gzipBytes(json);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("cut.json.gz"));
    for (double frac : {0.25, 0.5, 0.9}) {
        const std::string cut = gz.substr(0, std::size_t(double(gz.size()) * frac));
        bool complete = true;
        const std::string inflated = gunzipBytes(cut, &complete);
        QVERIFY(!complete);
        const ElementEnds ends = scanElementEnds(inflated);
        const std::size_t expected = ends.ends.size();
        QVERIFY(expected > 0 && expected < events.size());
        QVERIFY(writeFile(path, cut));
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        QCOMPARE(r.trace->eventCount, quint64(expected));
        QVERIFY(r.trace->truncated);
        QVERIFY(anyWarningContains(*r.trace, QStringLiteral("gzip")));
        QCOMPARE(r.trace->truncatedAtByte, quint64(ends.ends.back()));
    }
}

void tst_LoaderBadInput::truncateEveryByte_data()
{
    QTest::addColumn<int>("form"); // 0 compact object, 1 pretty object, 2 bare array
    QTest::newRow("compact object form") << 0;
    QTest::newRow("pretty Kineto form") << 1;
    QTest::newRow("bare array form") << 2;
}

void tst_LoaderBadInput::truncateEveryByte()
{
    QFETCH(int, form);
    const Built b = form == 2 ? buildArrayForm() : buildObjectForm(form == 1);
    // The builder's offsets agree with the independent scanner.
    const ElementEnds scanned = scanElementEnds(b.text);
    QCOMPARE(scanned.ends, b.ends);
    QCOMPARE(scanned.arrayOpen, b.arrayOpen);
    QCOMPARE(scanned.arrayClose, b.arrayClose);
    {
        const LoadResult full = loadText(b.text);
        QVERIFY2(full.trace, qPrintable(full.error));
        QCOMPARE(full.trace->eventCount, quint64(b.ends.size()));
        QVERIFY2(full.trace->warnings.isEmpty(), qPrintable(full.trace->warnings.join(QLatin1Char('\n'))));
    }
    for (std::size_t cut = 0; cut <= b.text.size(); ++cut) {
        const std::string prefix = b.text.substr(0, cut);
        const LoadResult r = loadText(prefix, cut % 3 == 0 ? 2 : 1);
        const QByteArray where = "cut at " + QByteArray::number(qulonglong(cut));
        if (cut <= b.arrayOpen) {
            // Nothing of traceEvents yet: not a trace, said in one line.
            QVERIFY2(!r.trace, where.constData());
            QVERIFY2(!r.error.isEmpty() && !r.error.contains(QLatin1Char('\n')), where.constData());
            continue;
        }
        QVERIFY2(r.trace, (where + ": " + r.error.toUtf8()).constData());
        const std::size_t expected = completeBefore(b.ends, cut);
        QVERIFY2(r.trace->eventCount == expected,
                 (where + ": " + QByteArray::number(qulonglong(r.trace->eventCount)) + " events, expected "
                  + QByteArray::number(qulonglong(expected))).constData());
        const std::size_t lastGood = expected ? b.ends[expected - 1] : b.arrayOpen + 1;
        bool cutInsideElement;
        if (form == 2) {
            // The bare array may end without ']': only a cut inside an element is a truncation.
            const std::string tail = prefix.substr(lastGood);
            cutInsideElement = cut <= b.arrayClose && tail.find_first_not_of(" \n,") != std::string::npos;
        } else {
            cutInsideElement = cut <= b.arrayClose;
        }
        QVERIFY2(r.trace->truncated == cutInsideElement, where.constData());
        if (r.trace->truncated) {
            QVERIFY2(r.trace->truncatedAtByte >= lastGood && r.trace->truncatedAtByte <= cut, where.constData());
            // The message names a byte between the last complete event and the cut.
            const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("byte (\\d+)")).match(r.trace->warnings.value(0));
            QVERIFY2(m.hasMatch(), (where + ": " + r.trace->warnings.value(0).toUtf8()).constData());
            const auto named = m.captured(1).toULongLong();
            QVERIFY2(named >= lastGood && named <= cut, (where + ": " + r.trace->warnings.value(0).toUtf8()).constData());
            // A cut is not a syntax error: say that the file ends.
            QVERIFY2(!r.trace->warnings.value(0).contains(QStringLiteral("syntax error")),
                     (where + ": " + r.trace->warnings.value(0).toUtf8()).constData());
        }
        // Whatever was loaded is consistent: slices sorted, flows in range.
        for (const Track &tr : r.trace->tracks)
            for (std::size_t i = 1; i < tr.size(); ++i)
                QVERIFY2(tr.start[i - 1] <= tr.start[i], where.constData());
        for (const Flow &f : r.trace->flows) {
            QVERIFY(f.fromTrack < r.trace->tracks.size() && f.toTrack < r.trace->tracks.size());
            QVERIFY(f.fromSlice < r.trace->tracks[f.fromTrack].size());
            QVERIFY(f.toSlice < r.trace->tracks[f.toTrack].size());
        }
    }
}

void tst_LoaderBadInput::truncateRealTrace()
{
    // A real Kineto file cut at a dense sample of offsets; expected counts from our own scanner.
    LANESCOPE_REQUIRE_TRACE(path, "cpu-only.pt.trace.json.gz");
    const std::string text = gunzipBytes(readFile(path));
    QVERIFY(text.size() > 1000);
    const ElementEnds e = scanElementEnds(text);
    QCOMPARE(e.ends.size(), std::size_t(30));
    QVERIFY(e.arrayOpen != std::string::npos);
    for (std::size_t cut = e.arrayOpen + 1; cut <= text.size(); cut += (cut < e.arrayClose ? 7 : 1)) {
        const LoadResult r = loadText(text.substr(0, cut));
        QVERIFY2(r.trace, qPrintable(QStringLiteral("cut at %1: %2").arg(cut).arg(r.error)));
        QCOMPARE(r.trace->eventCount, quint64(completeBefore(e.ends, cut)));
        QCOMPARE(r.trace->truncated, cut <= e.arrayClose);
    }
}

QTEST_GUILESS_MAIN(tst_LoaderBadInput)
#include "tst_loader_badinput.moc"
