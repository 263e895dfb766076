// SPDX-License-Identifier: GPL-3.0-or-later
// parse/StreamedArray: a .json.gz parsed in pieces while it is inflated gives the model its plain JSON
// gives, on the inputs that make the pieces hard: cuts that land inside a string full of ",{" (the
// stitch must parse the stretch again across two pieces), one event larger than a piece, the array
// closing early with megabytes of top-level keys after it, a stream cut off, and a cancel.
#include "tests/core/ModelCompare.h"
#include "tests/core/TestUtil.h"

#include "core/io/MappedSource.h"
#include "core/parse/EventArgs.h"
#include "core/parse/StreamedArray.h"
#include "core/parse/TraceLoader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <string>

using namespace lanescope;
using namespace lanescope::test;

namespace {

std::string event(int i, const std::string &extraArgs = std::string())
{
    return "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k" + std::to_string(i % 31) + "\", \"pid\": 0, \"tid\": "
        + std::to_string(7 + i % 3) + ", \"ts\": " + std::to_string(1000 + i * 10) + ", \"dur\": 4, \"args\": {\"i\": "
        + std::to_string(i) + extraArgs + "}}";
}

// ~40 MB: runs of ordinary events between strings of 3 MB made of ",{" lookalikes, so nearly every
// place a piece is cut (a multiple of the piece size, then the first ",{" after it) is inside one.
std::string lookalikes()
{
    std::string fake;
    while (fake.size() < (3u << 20))
        fake += ",{\\\"ph\\\": \\\"X\\\", \\\"ts\\\": 1}, {";
    std::string s = "{\"traceEvents\": [\n";
    int i = 0;
    while (s.size() < (40u << 20)) {
        for (int k = 0; k < 300; ++k, ++i)
            s += event(i) + ",\n";
        s += event(i++, ", \"text\": \"" + fake + "\"") + ",\n";
    }
    s += event(i) + "\n]}\n";
    return s;
}

// One event of ~20 MB (bigger than any piece) between ordinary ones.
std::string giant()
{
    std::string s = "{\"traceEvents\": [\n";
    for (int i = 0; i < 20000; ++i)
        s += event(i) + ",\n";
    s += event(20000, ", \"blob\": \"" + std::string(20u << 20, 'z') + "\"") + ",\n";
    for (int i = 20001; i < 40000; ++i)
        s += event(i) + ",\n";
    s += event(40000) + "\n]}\n";
    return s;
}

// The array closes after 2 MB; 30 MB of other top-level keys follow, then the header keys.
std::string keysAfter()
{
    std::string s = "{\"schemaVersion\": 1, \"traceEvents\": [\n";
    for (int i = 0; i < 10000; ++i)
        s += event(i) + (i + 1 < 10000 ? ",\n" : "\n");
    s += "], \"stackFrames\": {";
    for (int i = 0; s.size() < (32u << 20); ++i)
        s += (i ? ", \"" : "\"") + std::to_string(i) + "\": {\"name\": \"frame " + std::to_string(i) + " [,{]\"}";
    s += "}, \"displayTimeUnit\": \"ns\", \"distributedInfo\": {\"rank\": 3, \"world_size\": 8, \"backend\": \"nccl\"}}\n";
    return s;
}

} // namespace

class tst_StreamedArray : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void sameModel_data();
    void sameModel();
    void cutStream();
    void cancel();
    void elementTooLarge();

private:
    QTemporaryDir m_dir;
};

void tst_StreamedArray::sameModel_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("threads");
    for (const char *kind : {"lookalikes", "giant", "keys after"})
        for (int threads : {1, 2, 4})
            QTest::newRow(qPrintable(QStringLiteral("%1, %2 threads").arg(QLatin1String(kind)).arg(threads)))
                << QString::fromLatin1(kind) << threads;
}

void tst_StreamedArray::sameModel()
{
    QFETCH(QString, kind);
    QFETCH(int, threads);
    static std::string texts[3];
    const int which = kind == QLatin1String("lookalikes") ? 0 : kind == QLatin1String("giant") ? 1 : 2;
    std::string &json = texts[which];
    if (json.empty())
        json = which == 0 ? lookalikes() : which == 1 ? giant() : keysAfter();
    const QString plainPath = m_dir.filePath(QStringLiteral("t%1.json").arg(which));
    const QString gzPath = plainPath + QStringLiteral(".gz");
    if (!QFileInfo::exists(gzPath)) {
        QVERIFY(writeFile(plainPath, json));
        QVERIFY(writeFile(gzPath, gzipBytes(json, 1)));
    }
    LoadOptions options;
    options.threads = threads;
    const LoadResult plain = loadTrace(plainPath, options);
    const LoadResult gz = loadTrace(gzPath, options);
    QVERIFY2(plain.trace, qPrintable(plain.error));
    QVERIFY2(gz.trace, qPrintable(gz.error));
    QCOMPARE(plain.trace->eventCount, quint64(scanElementEnds(json).ends.size()));
    QCOMPARE(plain.trace->malformedEvents, quint64(0));
    const QString diff = diffTraces(*plain.trace, *gz.trace);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(gz.trace->jsonBytes, quint64(json.size()));
    if (which == 2) {
        QCOMPARE(gz.trace->rank, 3);
        QCOMPARE(gz.trace->worldSize, 8);
        QCOMPARE(gz.trace->displayTimeUnit, QStringLiteral("ns"));
    }
    // The events beside each lookalike string and the giant one read back whole.
    for (const Track &tr : gz.trace->tracks)
        for (std::size_t i = 0; i < tr.size(); i += 97) {
            const EventDetails d = readEventDetails(*gz.trace, tr.fileOffset[i]);
            QVERIFY2(d.ok, qPrintable(d.error));
            QCOMPARE(d.args.value(QStringLiteral("i")).toLongLong() >= 0, true);
        }
}

void tst_StreamedArray::cutStream()
{
    // Cut inside the third piece or later: everything before the cut loads, as zlib inflates it.
    const std::string json = lookalikes();
    const std::string gz = gzipBytes(json, 1);
    const std::string cut = gz.substr(0, gz.size() * 3 / 5);
    bool complete = true;
    const std::string held = gunzipBytes(cut, &complete);
    QVERIFY(!complete);
    QVERIFY(held.size() > (20u << 20));
    const QString heldPath = m_dir.filePath(QStringLiteral("held.json")), cutPath = m_dir.filePath(QStringLiteral("cut.json.gz"));
    QVERIFY(writeFile(heldPath, held));
    QVERIFY(writeFile(cutPath, cut));
    const LoadResult a = loadTrace(heldPath), b = loadTrace(cutPath);
    QVERIFY2(a.trace && b.trace, qPrintable(a.error + b.error));
    QVERIFY(b.trace->truncated);
    QCOMPARE(b.trace->eventCount, a.trace->eventCount);
    QCOMPARE(b.trace->truncatedAtByte, a.trace->truncatedAtByte);
    QVERIFY(b.trace->warnings.first().contains(QStringLiteral("gzip stream ends early")));
    QCOMPARE(b.trace->warnings.mid(1), a.trace->warnings);
}

void tst_StreamedArray::cancel()
{
    const QString p = m_dir.filePath(QStringLiteral("cancel.json.gz"));
    QVERIFY(writeFile(p, gzipBytes(giant(), 1)));
    std::atomic<bool> stop{false};
    LoadOptions options;
    options.cancel = &stop;
    options.progress = [&](double f) {
        if (f > 0.1)
            stop = true;
    };
    const LoadResult r = loadTrace(p, options);
    QVERIFY(!r.trace);
    QVERIFY(r.cancelled);
    // Cancelled before any progress at all.
    stop = true;
    options.progress = nullptr;
    const LoadResult r2 = loadTrace(p, options);
    QVERIFY(!r2.trace);
    QVERIFY(r2.cancelled);
}

// A gzip of gigabytes of one string (or of whitespace) must not take all memory: past the limit the
// parse stops at that element, keeping everything before it. Here with a 2 MB limit and the 20 MB
// event; loadTrace's limit is 1 GB.
void tst_StreamedArray::elementTooLarge()
{
    const std::string json = giant();
    const QString p = m_dir.filePath(QStringLiteral("limit.json.gz"));
    QVERIFY(writeFile(p, gzipBytes(json, 1)));
    const auto opened = MappedSource::open(p);
    QVERIFY(opened.source);
    parse::InflatingInput input(opened.source->inflateFromStart());
    parse::InflatingStream stream(input);
    while (!stream.atEnd() && stream.Take() != '[') {
    }
    std::atomic<std::uint64_t> progress{0};
    const parse::ParsedArray a = parse::parseStreamedArray(stream, 2, progress, nullptr, 2u << 20);
    QCOMPARE(int(a.end.status), int(parse::ScanEnd::TooLarge));
    std::uint64_t events = 0;
    for (const auto &c : a.chunks)
        events += c->events;
    QCOMPARE(events, quint64(20000));
    const std::size_t giantAt = json.find("\"blob\"");
    QVERIFY(a.end.lastGood < giantAt && giantAt - a.end.lastGood < 300);
    // Memory stayed near the limit: nothing like the whole 20 MB element was inflated.
    QVERIFY2(input.produced() < json.size(), qPrintable(QString::number(input.produced())));
}

QTEST_GUILESS_MAIN(tst_StreamedArray)
#include "tst_streamedarray.moc"
