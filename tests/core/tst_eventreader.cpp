// SPDX-License-Identifier: GPL-3.0-or-later
// The SAX pass's fast path (core/parse/EventReader.h) reads the common element straight from the
// bytes and leaves everything else to RapidJSON. Checked three ways: which elements it takes and
// which it declines; that traces full of the declined kinds (escapes, exponents, long integers,
// deep nesting, syntax errors, cuts) load to the same model, warnings and errors with and without
// it (LANESCOPE_PARSE_RAPIDJSON); and that every real trace does too, string ids included.
#include "core/parse/ChunkOutput.h"
#include "core/parse/EventHandler.h"
#include "core/parse/EventReader.h"
#include "tests/TestTraces.h"
#include "tests/core/LoadHelpers.h"
#include "tests/core/ModelCompare.h"

#include <QtTest>

#include <string>

using namespace lanescope;
using namespace lanescope::test;

class tst_EventReader : public QObject
{
    Q_OBJECT

private slots:
    void takesOrDeclines_data();
    void takesOrDeclines();
    void sameModelBothWays_data();
    void sameModelBothWays();
    void realTracesBothWays();
};

namespace {

// Loads once with the fast path and once with RapidJSON alone.
struct BothWays
{
    LoadResult fast, rapid;
};

BothWays loadBothWays(const std::function<LoadResult()> &load)
{
    BothWays b;
    qunsetenv("LANESCOPE_PARSE_RAPIDJSON");
    b.fast = load();
    qputenv("LANESCOPE_PARSE_RAPIDJSON", "1");
    b.rapid = load();
    qunsetenv("LANESCOPE_PARSE_RAPIDJSON");
    return b;
}

// Empty when both loads made the same model with the same string ids, warnings and error.
QString diffBothWays(const BothWays &b)
{
    if (b.fast.error != b.rapid.error)
        return QStringLiteral("error: \"%1\" vs \"%2\"").arg(b.fast.error, b.rapid.error);
    if (!b.fast.trace || !b.rapid.trace)
        return (b.fast.trace || b.rapid.trace) ? QStringLiteral("only one load failed") : QString();
    const Trace &x = *b.fast.trace, &y = *b.rapid.trace;
    QString diff = diffTraces(x, y);
    if (!diff.isEmpty())
        return diff;
    if (x.strings.size() != y.strings.size())
        return QStringLiteral("%1 vs %2 strings").arg(x.strings.size()).arg(y.strings.size());
    for (StringId i = 0; i < x.strings.size(); ++i)
        if (x.strings.view(i) != y.strings.view(i))
            return QStringLiteral("string %1 differs").arg(i);
    for (std::size_t t = 0; t < x.tracks.size(); ++t)
        if (x.tracks[t].nameId != y.tracks[t].nameId || x.tracks[t].catId != y.tracks[t].catId)
            return QStringLiteral("track %1: name or category ids differ").arg(t);
    return QString();
}

} // namespace

void tst_EventReader::takesOrDeclines_data()
{
    QTest::addColumn<QString>("element");
    QTest::addColumn<bool>("fast");
    const char *kineto = R"({"ph": "X", "cat": "kernel", "name": "void at::native::vectorized_elementwise_kernel<4>", )"
                         R"("pid": 0, "tid": 7, "ts": 1669783687464611.655, "dur": 3.2, "args": {"correlation": 91, )"
                         R"("stream": 7, "grid": [80, 1, 1], "Input Dims": [[64, 3], []], "ok": true, "no": false, "x": null, "neg": -12}})";
    QTest::newRow("a Kineto kernel") << QString::fromUtf8(kineto) << true;
    QTest::newRow("empty object") << QStringLiteral("{}") << true;
    QTest::newRow("whitespace everywhere") << QStringLiteral("{ \"ph\" :\n\"i\" ,\t\"ts\"\r: 0 , \"a\": [ ] , \"b\": { } }") << true;
    QTest::newRow("string pid and tid") << QStringLiteral(R"({"ph": "X", "pid": "Spans", "tid": "stream 7", "ts": 1})") << true;
    QTest::newRow("18-digit integer") << QStringLiteral(R"({"ph": "i", "ts": 123456789012345678})") << true;
    QTest::newRow("-0 and 0.5") << QStringLiteral(R"({"a": -0, "b": 0.5, "c": -0.25})") << true;
    QTest::newRow("nested 31 deep") << QStringLiteral("{\"a\": ") + QString(30, QLatin1Char('[')) + QString(30, QLatin1Char(']')) + QStringLiteral("}") << true;

    // Left to RapidJSON: what it decodes, converts or refuses in a way the fast path does not copy.
    QTest::newRow("escaped quote in name") << QStringLiteral(R"({"ph": "X", "name": "a\"b", "ts": 1})") << false;
    QTest::newRow("\\u escape in an arg") << QStringLiteral(R"({"ph": "X", "ts": 1, "args": {"s": "\u00e9"}})") << false;
    QTest::newRow("exponent") << QStringLiteral(R"({"ph": "X", "ts": 1.5e3})") << false;
    QTest::newRow("19-digit integer") << QStringLiteral(R"({"ph": "X", "ts": 1234567890123456789})") << false;
    QTest::newRow("control byte in string") << QStringLiteral("{\"name\": \"a\tb\"}") << false;
    QTest::newRow("leading zero") << QStringLiteral(R"({"ts": 01})") << false;
    QTest::newRow("missing fraction") << QStringLiteral(R"({"ts": 1.})") << false;
    QTest::newRow("sign after a fraction") << QStringLiteral(R"({"pid": 1.5-})") << false;
    QTest::newRow("bad number in a skipped arg") << QStringLiteral(R"({"args": {"other": [1, 2.]}})") << false;
    QTest::newRow("bad literal in a skipped arg") << QStringLiteral(R"({"args": {"other": {"x": nul}}})") << false;
    QTest::newRow("lone minus") << QStringLiteral(R"({"ts": -})") << false;
    QTest::newRow("bad literal") << QStringLiteral(R"({"ok": tru})") << false;
    QTest::newRow("trailing comma") << QStringLiteral(R"({"ph": "X",})") << false;
    QTest::newRow("missing colon") << QStringLiteral(R"({"ph" "X"})") << false;
    QTest::newRow("unquoted key") << QStringLiteral(R"({ph: "X"})") << false;
    QTest::newRow("cut inside") << QStringLiteral(R"({"ph": "X", "name": "ab)") << false;
    QTest::newRow("cut after a number") << QStringLiteral(R"({"ph": "X", "ts": 12)") << false;
    QTest::newRow("nested 40 deep") << QStringLiteral("{\"a\": ") + QString(39, QLatin1Char('[')) + QString(39, QLatin1Char(']')) + QStringLiteral("}") << false;
    QTest::newRow("not an object") << QStringLiteral("[1, 2]") << false;
}

void tst_EventReader::takesOrDeclines()
{
    QFETCH(QString, element);
    QFETCH(bool, fast);
    const QByteArray bytes = element.toUtf8();
    parse::ChunkOutput out;
    parse::EventHandler handler(out);
    const char *cursor = nullptr;
    handler.begin(0, &cursor, true);
    const std::size_t n = parse::readEventFast(bytes.constData(), bytes.constData() + bytes.size(), handler, &cursor);
    if (fast)
        QCOMPARE(n, std::size_t(bytes.size())); // the whole element, nothing past it
    else
        QCOMPARE(n, std::size_t(0));
}

void tst_EventReader::sameModelBothWays_data()
{
    QTest::addColumn<QString>("events"); // the traceEvents array's contents
    const QString kernels = QStringLiteral(
        R"({"ph": "X", "cat": "kernel", "name": "k1", "pid": 0, "tid": 7, "ts": 10.5, "dur": 2.25, "args": {"correlation": 5, "stream": 7}},)"
        R"({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 9, "dur": 1, "args": {"correlation": 5}},)"
        R"({"ph": "s", "cat": "ac2g", "name": "ac2g", "id": 5, "pid": 1, "tid": 1, "ts": 9},)"
        R"({"ph": "f", "cat": "ac2g", "name": "ac2g", "id": 5, "pid": 0, "tid": 7, "ts": 10.5, "bp": "e"},)"
        R"({"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 1, "tid": 1, "ts": 11, )"
        R"("args": {"Device Type": 1, "Device Id": 0, "Addr": 94, "Bytes": 512, "Total Allocated": 512, "Total Reserved": 2048}},)"
        R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "main"}})");
    QTest::newRow("plain Kineto") << kernels;
    QTest::newRow("escapes") << kernels + QStringLiteral(R"(, {"ph": "X", "cat": "cpu_op", "name": "a\"b\u00e9\n", "pid": "x\ty", "tid": 1, "ts": 12, "dur": 1})");
    QTest::newRow("exponents and long integers")
        << kernels + QStringLiteral(R"(, {"ph": "X", "name": "e", "pid": 1, "tid": 1, "ts": 1.3e1, "dur": 1E0, "args": {"correlation": 12345678901234567890}},)"
                                    R"({"ph": "X", "name": "big", "pid": 1, "tid": 1, "ts": 9223372036854775807, "dur": 1},)"
                                    R"({"ph": "X", "name": "huge", "pid": 1, "tid": 1, "ts": 1e400, "dur": 1})");
    QTest::newRow("ids and odd numbers")
        << kernels + QStringLiteral(R"(, {"ph": "b", "cat": "async", "name": "a", "id": "0x1f", "pid": 1, "tid": 1, "ts": 13},)"
                                    R"({"ph": "e", "cat": "async", "name": "a", "id2": {"local": "0x1f"}, "pid": 1, "tid": 1, "ts": 14},)"
                                    R"({"ph": "X", "name": "neg", "pid": -3, "tid": -0, "ts": -0.0005, "dur": 0.0005},)"
                                    R"({"ph": "C", "name": "c", "pid": 1, "ts": 15, "args": {"v": 1.5, "w": -2}})");
    // Integers past what a time in µs may hold: the handler re-reads their text (not a stale one).
    QTest::newRow("large integer times")
        << kernels + QStringLiteral(R"(, {"ph": "X", "name": "l", "pid": 1, "tid": 1, "ts": 123456789012345678, "dur": 2},)"
                                    R"({"ph": "X", "name": "m", "pid": 1, "tid": 1, "ts": 3, "dur": 923456789012345678})");
    QTest::newRow("deep nesting") << kernels + QStringLiteral(", {\"ph\": \"X\", \"name\": \"d\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"args\": {\"a\": ")
            + QString(1200, QLatin1Char('[')) + QString(1200, QLatin1Char(']')) + QStringLiteral("}}");
    QTest::newRow("not objects") << kernels + QStringLiteral(R"(, 1, "two", [3], null)");
    QTest::newRow("syntax error inside an event") << kernels + QStringLiteral(R"(, {"ph": "X", "ts": 01}, {"ph": "X", "ts": 2})");
    QTest::newRow("leading zero") << kernels + QStringLiteral(R"(, {"ph": "X", "name": "z", "pid": 1, "tid": 1, "ts": 0, "dur": 01})");
    QTest::newRow("sign after a number") << kernels + QStringLiteral(R"(, {"ph": "X", "name": "s", "pid": 1.5-, "tid": 1, "ts": 3.5+})");
    QTest::newRow("bad literal") << kernels + QStringLiteral(R"(, {"ph": "X", "ok": nul})");
    QTest::newRow("control byte") << kernels + QStringLiteral(", {\"ph\": \"X\", \"name\": \"a\x01b\"}");
    QTest::newRow("cut in a string") << kernels + QStringLiteral(R"(, {"ph": "X", "name": "cut h)");
    QTest::newRow("cut in a number") << kernels + QStringLiteral(R"(, {"ph": "X", "name": "n", "ts": 12)");
    QTest::newRow("cut in an escape") << kernels + QStringLiteral(R"(, {"ph": "X", "name": "\u00)");
    QTest::newRow("duplicate keys") << kernels + QStringLiteral(R"(, {"ph": "X", "name": "a", "name": "b", "pid": 1, "tid": 1, "ts": 3, "ts": 4, "dur": 1})");
}

void tst_EventReader::sameModelBothWays()
{
    QFETCH(QString, events);
    const std::string json = (QStringLiteral(R"({"schemaVersion": 1, "traceEvents": [)") + events + QStringLiteral("]}")).toStdString();
    const BothWays b = loadBothWays([&] { return loadText(json, 1); });
    const QString diff = diffBothWays(b);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    // The bare array form too, cut or not.
    const std::string bare = (QStringLiteral("[") + events).toStdString();
    const QString bareDiff = diffBothWays(loadBothWays([&] { return loadText(bare, 1); }));
    QVERIFY2(bareDiff.isEmpty(), qPrintable(bareDiff));
}

void tst_EventReader::realTracesBothWays()
{
    const QStringList files = realTraceFiles();
    if (files.isEmpty())
        QSKIP("no real traces found (set LANESCOPE_TRACES_DIR): skipped");
    for (const QString &f : files) {
        const BothWays b = loadBothWays([&] {
            LoadOptions o;
            o.threads = 2;
            return loadTrace(f, o);
        });
        const QString diff = diffBothWays(b);
        QVERIFY2(diff.isEmpty(), qPrintable(f + QStringLiteral(":\n") + diff));
    }
}

QTEST_GUILESS_MAIN(tst_EventReader)
#include "tst_eventreader.moc"
