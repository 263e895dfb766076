// SPDX-License-Identifier: GPL-3.0-or-later
// io/MappedSource and io/SourceReader: plain files are mapped; a .gz is mapped compressed, inflated
// (all members) while the loader parses it, and read back by offset from the resume points the load
// left, never written anywhere; reads at every resume point and at random places give the plain
// file's bytes; a file that changes on disk after loading is detected (stillValid) or survived (the
// SIGBUS guard) instead of crashing.
#include "tests/core/LoadHelpers.h"
#include "tests/core/TestUtil.h"

#include "core/io/MappedSource.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"
#include "core/parse/InflatingStream.h"
#include "tests/TestTraces.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

using namespace lanescope;
using namespace lanescope::test;

class tst_MappedSource : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void plainFile();
    void gzipFile_data();
    void gzipFile();
    void concatenatedGzip();
    void cutGzip();
    void inflaters_data();
    void inflaters();
    void resumePoints_data();
    void resumePoints();
    void readBackEverywhere_data();
    void readBackEverywhere();
    void writesNothing();
    void gzipChangedOnDisk();
    void openErrors();
    void fromBytes();
    void modifiedFile();
    void shrunkFile();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_cache; // XDG_CACHE_HOME for the whole test: nothing is written to the user's cache
    QString cacheFolder() const { return m_cache.path() + QStringLiteral("/lanescope"); }
    std::string m_trace; // a plain trace of ~200 KB
    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }
};

// All the JSON of a loaded trace, read back through a SourceReader.
static std::string readAll(const MappedSource &src)
{
    SourceReader reader(src);
    const std::string_view v = reader.at(0, std::size_t(src.size()));
    return std::string(v.substr(0, std::size_t(src.size())));
}

void tst_MappedSource::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", QFile::encodeName(m_cache.path()));
    m_trace = "{\"traceEvents\": [\n";
    for (int i = 0; i < 2000; ++i) {
        if (i)
            m_trace += ",\n";
        m_trace += "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op" + std::to_string(i)
            + "\", \"pid\": 1, \"tid\": 1, \"ts\": " + std::to_string(i * 10) + ", \"dur\": 5, \"args\": {\"i\": "
            + std::to_string(i) + ", \"pad\": \"" + std::string(40, 'x') + "\"}}";
    }
    m_trace += "\n]}\n";
    QVERIFY(m_trace.size() > 150000);
}

void tst_MappedSource::plainFile()
{
    const QString p = path("plain.json");
    QVERIFY(writeFile(p, m_trace));
    const auto r = MappedSource::open(p);
    QVERIFY2(r.source, qPrintable(r.error));
    QVERIFY(!r.source->gzipped());
    QCOMPARE(r.source->size(), quint64(m_trace.size()));
    QCOMPARE(r.source->fileBytes(), quint64(m_trace.size()));
    QCOMPARE(r.source->path(), p);
    QVERIFY(std::string(r.source->data(), r.source->size()) == m_trace);
    QVERIFY(r.source->stillValid());
    r.source->adviseRandom();
    r.source->adviseSequential();
}

void tst_MappedSource::gzipFile_data()
{
    QTest::addColumn<int>("level");
    QTest::newRow("stored (level 0)") << 0;
    QTest::newRow("fast") << 1;
    QTest::newRow("best") << 9;
}

void tst_MappedSource::gzipFile()
{
    QFETCH(int, level);
    const QString p = path("trace.json.gz");
    const std::string gz = gzipBytes(m_trace, level);
    QVERIFY(writeFile(p, gz));
    const auto r = MappedSource::open(p);
    QVERIFY2(r.source, qPrintable(r.error));
    QVERIFY(r.source->gzipped());
    QCOMPARE(r.source->fileBytes(), quint64(gz.size()));
    QVERIFY(!r.source->data()); // only the compressed bytes are mapped
    QCOMPARE(r.source->size(), quint64(0)); // known once the loader has read it through

    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QCOMPARE(lr.trace->eventCount, quint64(2000));
    QVERIFY(lr.trace->gzipped);
    QCOMPARE(lr.trace->fileBytes, quint64(gz.size()));
    QCOMPARE(lr.trace->jsonBytes, quint64(m_trace.size()));
    QCOMPARE(lr.trace->source->size(), quint64(m_trace.size()));
    QVERIFY(readAll(*lr.trace->source) == m_trace);
    QVERIFY(lr.trace->source->stillValid());
    QVERIFY(lr.trace->warnings.isEmpty());
}

void tst_MappedSource::concatenatedGzip()
{
    // `cat a.gz b.gz` is a valid gzip file holding a + b.
    const std::size_t half = m_trace.size() / 2;
    const std::string a = m_trace.substr(0, half), b = m_trace.substr(half);
    const QString p = path("concat.json.gz");
    QVERIFY(writeFile(p, gzipBytes(a) + gzipBytes(b, 9)));
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QCOMPARE(lr.trace->eventCount, quint64(2000));
    QVERIFY(!lr.trace->truncated);
    QVERIFY2(lr.trace->warnings.isEmpty(), qPrintable(lr.trace->warnings.join(QLatin1Char('\n'))));
    QVERIFY(readAll(*lr.trace->source) == m_trace);
}

void tst_MappedSource::cutGzip()
{
    const std::string gz = gzipBytes(m_trace);
    const QString p = path("cut.json.gz");
    QVERIFY(writeFile(p, gz.substr(0, gz.size() / 2)));
    bool complete = true;
    const std::string expected = gunzipBytes(gz.substr(0, gz.size() / 2), &complete);
    QVERIFY(!complete);
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QVERIFY(lr.trace->truncated);
    QVERIFY(!lr.trace->warnings.isEmpty());
    QVERIFY2(lr.trace->warnings.first().contains(QStringLiteral("gzip stream ends early")),
             qPrintable(lr.trace->warnings.first()));
    QCOMPARE(lr.trace->jsonBytes, quint64(expected.size()));
    QVERIFY(readAll(*lr.trace->source) == expected);
}

// Both inflaters on every kind of gzip the profiler and `gzip` write, and the bad ones: the same
// bytes, the same warnings and errors. ISA-L (where built in) takes the clean streams; a cut-off or
// corrupt one is redone with zlib, so what it loads and says is zlib's.
void tst_MappedSource::inflaters_data()
{
    QTest::addColumn<QByteArray>("env"); // LANESCOPE_INFLATE
    QTest::addColumn<QString>("kind");
    for (const char *env : {"", "zlib"})
        for (const char *kind : {"level0", "level1", "level9", "concatenated", "empty member", "trailing garbage", "cut",
                                 "corrupt data", "bad checksum", "bad size"})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(*env ? env : "default"), QLatin1String(kind))))
                << QByteArray(env) << QString::fromLatin1(kind);
}

void tst_MappedSource::inflaters()
{
    QFETCH(QByteArray, env);
    QFETCH(QString, kind);
    if (env.isEmpty())
        qunsetenv("LANESCOPE_INFLATE");
    else
        qputenv("LANESCOPE_INFLATE", env);
    const bool isal = std::string(MappedSource::inflater()) == "isa-l";
    if (!env.isEmpty())
        QVERIFY(!isal);

    const std::size_t third = m_trace.size() / 3;
    std::string gz;
    bool clean = true, fails = false;
    if (kind == QLatin1String("level0"))
        gz = gzipBytes(m_trace, 0);
    else if (kind == QLatin1String("level1"))
        gz = gzipBytes(m_trace, 1);
    else if (kind == QLatin1String("level9"))
        gz = gzipBytes(m_trace, 9);
    else if (kind == QLatin1String("concatenated"))
        gz = gzipBytes(m_trace.substr(0, third)) + gzipBytes(m_trace.substr(third, third), 1)
            + gzipBytes(m_trace.substr(2 * third), 9);
    else if (kind == QLatin1String("empty member"))
        gz = gzipBytes(m_trace.substr(0, third)) + gzipBytes(std::string()) + gzipBytes(m_trace.substr(third));
    else if (kind == QLatin1String("trailing garbage"))
        gz = gzipBytes(m_trace) + std::string("\0\0garbage", 9);
    else if (kind == QLatin1String("cut")) {
        gz = gzipBytes(m_trace);
        gz.resize(gz.size() / 2);
        clean = false;
    } else {
        gz = gzipBytes(m_trace);
        clean = false;
        fails = true;
        if (kind == QLatin1String("corrupt data"))
            gz[gz.size() / 2] = char(gz[gz.size() / 2] ^ 0x55);
        else if (kind == QLatin1String("bad checksum"))
            gz[gz.size() - 6] = char(gz[gz.size() - 6] ^ 1); // CRC-32 in the trailer
        else
            gz[gz.size() - 2] = char(gz[gz.size() - 2] ^ 1); // ISIZE in the trailer
    }
    const QString p = path("inflaters.json.gz");
    QVERIFY(writeFile(p, gz));
    bool complete = true;
    const std::string expected = gunzipBytes(gz, &complete); // zlib, independently of the loader
    const LoadResult lr = loadTrace(p);
    if (fails) {
        QVERIFY(!lr.trace);
        QVERIFY2(lr.error.contains(QStringLiteral("gzip data is corrupt")), qPrintable(lr.error));
        return;
    }
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QCOMPARE(complete, clean);
    const bool warned = !lr.trace->warnings.isEmpty()
        && lr.trace->warnings.first().contains(QStringLiteral("gzip stream ends early"));
    QCOMPARE(warned, !clean);
    QVERIFY(readAll(*lr.trace->source) == expected);
    if (clean) {
        QVERIFY(expected == m_trace);
        QCOMPARE(lr.trace->eventCount, quint64(2000));
    }
    QCOMPARE(lr.trace->source->inflatedWith(), isal && clean ? "isa-l" : "zlib");
}

// A trace of ~70 MB: the load leaves a packed resume point every 2 MB (zlib: at the first block start
// from there), and reads anywhere, backwards and forwards, from each inflater's points give exactly
// the file's bytes and the events' details.
void tst_MappedSource::resumePoints_data()
{
    QTest::addColumn<QByteArray>("env");
    QTest::newRow("default") << QByteArray();
    QTest::newRow("zlib") << QByteArray("zlib");
}

void tst_MappedSource::resumePoints()
{
    QFETCH(QByteArray, env);
    if (env.isEmpty())
        qunsetenv("LANESCOPE_INFLATE");
    else
        qputenv("LANESCOPE_INFLATE", env);
    static std::string big;
    if (big.empty()) {
        big = "{\"traceEvents\": [\n";
        for (int i = 0; big.size() < (70u << 20); ++i) {
            if (i)
                big += ",\n";
            big += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k" + std::to_string(i % 977)
                + "\", \"pid\": 0, \"tid\": 7, \"ts\": " + std::to_string(i * 10) + ", \"dur\": 5, \"args\": {\"i\": "
                + std::to_string(i) + ", \"stream\": 7, \"text\": \"a, {b\"}}";
        }
        big += "\n], \"displayTimeUnit\": \"ms\"}\n";
    }
    const QString plainPath = path("big.json"), gzPath = path("big.json.gz");
    QVERIFY(writeFile(plainPath, big));
    QVERIFY(writeFile(gzPath, gzipBytes(big, 1)));
    const LoadResult plain = loadTrace(plainPath);
    const LoadResult gz = loadTrace(gzPath);
    QVERIFY2(plain.trace && gz.trace, qPrintable(plain.error + gz.error));
    const MappedSource &src = *gz.trace->source;
    QCOMPARE(src.size(), quint64(big.size()));
    const std::uint64_t spacing = parse::InflatingInput::kPackedResumeSpacing;
    if (QByteArray(src.inflatedWith()) == "isa-l")
        QCOMPARE(src.resumePoints(), std::size_t(big.size() / spacing));
    else // each at the first block start at or after its place; a block is far shorter than the spacing
        QVERIFY(src.resumePoints() >= big.size() / spacing - 1 && src.resumePoints() <= big.size() / spacing);
    QVERIFY(src.resumePointBytes() > 0);
    QCOMPARE(gz.trace->eventCount, plain.trace->eventCount);
    QCOMPARE(gz.trace->displayTimeUnit, QStringLiteral("ms"));

    SourceReader reader(src);
    const std::uint64_t mb = 1u << 20;
    // Around each point, past the end of the first window, far back, and at the very end.
    const std::uint64_t ats[] = {32 * mb - 10, 32 * mb, 64 * mb + 5, 3 * mb, 0, 69 * mb, 33 * mb, big.size() - 100};
    for (std::uint64_t at : ats) {
        const std::string_view v = reader.at(at, 4096);
        QVERIFY2(v.size() >= std::min<std::uint64_t>(4096, big.size() - at), qPrintable(QString::number(at)));
        QVERIFY2(v.substr(0, 4096) == std::string_view(big).substr(std::size_t(at), 4096), qPrintable(QString::number(at)));
    }
    QVERIFY(reader.at(big.size(), 10).empty());
    // Every 5000th event's details, in reverse file order (each a restore), equal the plain file's.
    const Track &a = plain.trace->tracks[0], &b = gz.trace->tracks[0];
    QCOMPARE(a.size(), b.size());
    int checked = 0;
    for (std::size_t i = a.size(); i-- > 0; i = i > 5000 ? i - 5000 + 1 : 0) {
        QCOMPARE(a.fileOffset[i], b.fileOffset[i]);
        const EventDetails x = readEventDetails(*plain.trace, a.fileOffset[i]);
        const EventDetails y = readEventDetails(*gz.trace, b.fileOffset[i]);
        QVERIFY2(x.ok && y.ok, qPrintable(y.error));
        QCOMPARE(y.json, x.json);
        ++checked;
        if (i == 0)
            break;
    }
    QVERIFY(checked > 50);
    qunsetenv("LANESCOPE_INFLATE");
}

void tst_MappedSource::readBackEverywhere_data()
{
    QTest::addColumn<QString>("trace");         // a real .json.gz; empty: a generated one
    QTest::addColumn<QByteArray>("env");        // LANESCOPE_INFLATE
    QTest::addColumn<quint64>("spacing");       // between resume points; 0: the loader's
    const QString real = QStringLiteral("v100-memory-allreduce.json.gz");
    for (const char *env : {"", "zlib"}) {
        const QString engine = QLatin1String(*env ? env : "default");
        QTest::newRow(qPrintable(QStringLiteral("real, %1").arg(engine))) << real << QByteArray(env) << quint64(0);
        QTest::newRow(qPrintable(QStringLiteral("generated, 48 KB apart, %1").arg(engine)))
            << QString() << QByteArray(env) << quint64(48u << 10);
    }
}

// Resume points laid as the loader lays them (InflatingInput), at the loader's spacing over a real
// trace or 48 KB apart over a generated two-member file (so hundreds are crossed, the member seam
// too): a read just before, at and after every point, and at random places in random order, each
// through a reader of its own or one reader going back and forth, equals the inflated bytes.
void tst_MappedSource::readBackEverywhere()
{
    QFETCH(QString, trace);
    QFETCH(QByteArray, env);
    QFETCH(quint64, spacing);
    if (env.isEmpty())
        qunsetenv("LANESCOPE_INFLATE");
    else
        qputenv("LANESCOPE_INFLATE", env);
    QString gzPath = path("generated.json.gz");
    std::string plain;
    if (!trace.isEmpty()) {
        gzPath = tracePath(trace);
        if (!QFileInfo::exists(gzPath)) {
            qunsetenv("LANESCOPE_INFLATE");
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(gzPath)));
        }
        bool whole = false;
        plain = gunzipBytes(readFile(gzPath), &whole);
        QVERIFY(whole);
    } else {
        plain = "{\"traceEvents\": [\n";
        for (int i = 0; plain.size() < (5u << 20); ++i)
            plain += "{\"ph\": \"X\", \"name\": \"op" + std::to_string(i * 7919 % 4099) + "\", \"ts\": " + std::to_string(i * 13)
                + ", \"dur\": " + std::to_string(i % 101) + ", \"args\": {\"n\": " + std::to_string(i) + "}},\n";
        plain += "{}]}\n";
        QVERIFY(writeFile(gzPath, gzipBytes(plain.substr(0, plain.size() / 2), 1) + gzipBytes(plain.substr(plain.size() / 2), 9)));
    }
    auto opened = MappedSource::open(gzPath);
    QVERIFY2(opened.source, qPrintable(opened.error));
    MappedSource &src = *opened.source;
    {
        parse::InflatingInput input(src.inflateFromStart(), nullptr, spacing);
        std::string all(plain.size() + 1, '\0');
        QCOMPARE(input.read(all.data(), all.size()), plain.size());
        QVERIFY(all.compare(0, plain.size(), plain) == 0);
        src.setInflated(input.produced(), input.inflater().engine(), input.takePoints());
    }
    QCOMPARE(src.size(), quint64(plain.size()));
    // Where the points are: every `spacing` bytes, below the end.
    std::vector<std::uint64_t> points;
    for (std::uint64_t at = plain.size(); at > 0;) {
        const MappedSource::ResumePoint p = src.resumePointFor(at - 1);
        if (!p.state)
            break;
        points.insert(points.begin(), p.offset);
        at = p.offset;
    }
    QCOMPARE(points.size(), src.resumePoints());
    // ISA-L: exactly at each multiple of the spacing; zlib: at the first block start from there.
    const std::uint64_t step = spacing ? spacing : parse::InflatingInput::kPackedResumeSpacing;
    const bool exact = QByteArray(src.inflatedWith()) == "isa-l";
    for (std::size_t k = 0; k < points.size(); ++k) {
        if (exact)
            QCOMPARE(points[k], step * (k + 1));
        else
            QVERIFY(points[k] >= step * (k + 1) && (k == 0 || points[k] > points[k - 1]));
    }
    if (exact)
        QCOMPARE(points.size(), std::size_t((plain.size() - 1) / step));
    // zlib's blocks here run to ~200 KB of output: fewer points, each at the first block start.
    QVERIFY2(points.size() >= (spacing && exact ? 50u : 20u),
             qPrintable(QStringLiteral("%1 points every %2 bytes over %3").arg(points.size()).arg(step).arg(plain.size())));

    const auto same = [&](SourceReader &reader, std::uint64_t at, std::size_t want) {
        const std::string_view v = reader.at(at, want);
        const std::size_t n = std::size_t(std::min<std::uint64_t>(want, plain.size() - at));
        return v.size() >= n && v.substr(0, n) == std::string_view(plain).substr(std::size_t(at), n);
    };
    SourceReader shared(src);
    // Last point first: every read after it goes back.
    for (auto it = points.rbegin(); it != points.rend(); ++it) {
        for (std::uint64_t at : {*it - 1, *it, *it + 1}) {
            SourceReader own(src);
            QVERIFY2(same(own, at, 4096), qPrintable(QString::number(at)));
            QVERIFY2(same(shared, at, 300), qPrintable(QString::number(at)));
        }
    }
    std::uint64_t x = 0x2545F4914F6CDD1Dull;
    for (int k = 0; k < 300; ++k) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        const std::uint64_t at = x % plain.size();
        QVERIFY2(same(shared, at, 1 + (x >> 40) % 70000), qPrintable(QString::number(at)));
    }
    QVERIFY(shared.error().isEmpty());
    qunsetenv("LANESCOPE_INFLATE");
}

// A .json.gz is read where it is: no file is made for its inflated bytes (the cache folder is not
// even created) and no deleted file is mapped.
void tst_MappedSource::writesNothing()
{
    const QString p = path("nowhere.json.gz");
    QVERIFY(writeFile(p, gzipBytes(m_trace)));
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QVERIFY(readEventDetails(*lr.trace, lr.trace->tracks[0].fileOffset[1999]).ok);
    QVERIFY(!QFileInfo::exists(cacheFolder()));
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("lanescope")).size(), 0);
    QFile maps(QStringLiteral("/proc/self/maps"));
    QVERIFY(maps.open(QIODevice::ReadOnly));
    const QByteArray all = maps.readAll();
    QVERIFY2(!all.contains("(deleted)"), all.constData());
}

// The .json.gz is rewritten after loading: reading an event's details says so, without a crash,
// even past stillValid() (the mapping of the compressed bytes faults; the guard catches it).
void tst_MappedSource::gzipChangedOnDisk()
{
    const QString p = path("rewritten.json.gz");
    QVERIFY(writeFile(p, gzipBytes(m_trace)));
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    const quint64 last = lr.trace->tracks[0].fileOffset[1999];
    QVERIFY(readEventDetails(*lr.trace, last).ok);
    QVERIFY(QFile::resize(p, 20));
    const EventDetails d = readEventDetails(*lr.trace, last);
    QVERIFY(!d.ok);
    QVERIFY(!d.error.isEmpty());
    SourceReader reader(*lr.trace->source);
    QVERIFY(reader.at(last, 100).empty());
    QVERIFY(!reader.error().isEmpty());
}

void tst_MappedSource::openErrors()
{
    auto r = MappedSource::open(path("missing.json"));
    QVERIFY(!r.source);
    QVERIFY(r.error.contains(QStringLiteral("no such file")));
    r = MappedSource::open(m_dir.path());
    QVERIFY(!r.source);
    QVERIFY(r.error.contains(QStringLiteral("folder")));
    QVERIFY(writeFile(path("empty.json"), std::string()));
    r = MappedSource::open(path("empty.json"));
    QVERIFY(!r.source);
    QVERIFY(r.error.contains(QStringLiteral("empty")));
    // A gzip member that inflates to nothing: found out when it is loaded.
    QVERIFY(writeFile(path("nothing.json.gz"), gzipBytes(std::string())));
    const LoadResult lr = loadTrace(path("nothing.json.gz"));
    QVERIFY(!lr.trace);
    QVERIFY2(lr.error.contains(QStringLiteral("inflates to nothing")), qPrintable(lr.error));
}

void tst_MappedSource::fromBytes()
{
    const auto s = MappedSource::fromBytes(std::string("[]"), QStringLiteral("mem"));
    QCOMPARE(s->size(), quint64(2));
    QVERIFY(s->nulTerminated());
    QCOMPARE(s->data()[s->size()], '\0');
    QVERIFY(s->stillValid());
    QVERIFY(!s->gzipped());
}

void tst_MappedSource::modifiedFile()
{
    const QString p = path("modified.json");
    QVERIFY(writeFile(p, m_trace));
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QVERIFY(lr.trace->source->stillValid());
    // Same size, new content and a new modification time (another profiler run wrote over it).
    std::string other = m_trace;
    other[other.find("op1")] = 'O';
    QVERIFY(writeFile(p, other));
    {
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
    }
    QString why;
    QVERIFY(!lr.trace->source->stillValid(&why));
    QVERIFY(!why.isEmpty());
    const Track &tr = lr.trace->tracks[0];
    const EventDetails d = readEventDetails(*lr.trace, tr.fileOffset[5]);
    QVERIFY(!d.ok);
    QVERIFY(!d.error.isEmpty());
    // Deleted.
    QVERIFY(QFile::remove(p));
    QVERIFY(!lr.trace->source->stillValid(&why));
    QVERIFY(why.contains(QStringLiteral("gone")));
}

void tst_MappedSource::shrunkFile()
{
    const QString p = path("shrinks.json");
    QVERIFY(writeFile(p, m_trace));
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    const Track &tr = lr.trace->tracks[0];
    const quint64 lastOffset = tr.fileOffset[tr.size() - 1];
    QVERIFY(readEventDetails(*lr.trace, lastOffset).ok);

    // Another process truncates the file: the mapped pages past the new end now fault with SIGBUS.
    QVERIFY(QFile::resize(p, 100));
    const EventDetails d = readEventDetails(*lr.trace, lastOffset);
    QVERIFY(!d.ok);
    QVERIFY(!d.error.isEmpty());

    // Reading the mapping directly, as a reader that skipped stillValid() would: the guard turns
    // the fault into a false return.
    const MappedSource &src = *lr.trace->source;
    volatile char sink = 0;
    const bool ok = runGuarded([&] {
        for (quint64 i = 4096; i < src.size(); i += 4096)
            sink = char(sink + src.data()[i]);
    });
    QVERIFY(!ok);
    // And the guard keeps working after a fault (the handler stays installed, nesting unwinds).
    QVERIFY(runGuarded([] {}));
    QVERIFY(!runGuarded([&] { sink = src.data()[src.size() - 1]; }));
    Q_UNUSED(sink);
}

QTEST_GUILESS_MAIN(tst_MappedSource)
#include "tst_mappedsource.moc"
