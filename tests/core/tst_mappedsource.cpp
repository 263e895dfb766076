// io/MappedSource: plain files are mapped, .gz files inflated (all members) into an unlinked file in
// the cache folder (checked for room first), and a file that changes on disk after loading is
// detected (stillValid) or survived (the SIGBUS guard) instead of crashing.
#include "LoadHelpers.h"
#include "TestUtil.h"

#include "io/InflateTarget.h"
#include "io/MappedSource.h"
#include "io/SigbusGuard.h"
#include "parse/EventArgs.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#include <csignal>
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
    void inflatesIntoTheCacheFolder();
    void refusesWithoutRoom();
    void writeFailsMidway();
    void openErrors();
    void fromBytes();
    void modifiedFile();
    void shrunkFile();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_cache; // XDG_CACHE_HOME for the whole test: nothing is written to the user's cache
    QString cacheFolder() const { return m_cache.path() + QStringLiteral("/lanescope"); }
    QStringList leftInCache() const
    {
        return QDir(cacheFolder()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    }
    std::string m_trace; // a plain trace of ~200 KB
    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }
};

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
    QVERIFY(r.warning.isEmpty());
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
    QVERIFY(r.warning.isEmpty());
    QVERIFY(r.source->gzipped());
    QCOMPARE(r.source->fileBytes(), quint64(gz.size()));
    QCOMPARE(r.source->size(), quint64(m_trace.size()));
    QVERIFY(std::string(r.source->data(), r.source->size()) == m_trace);
    QVERIFY(r.source->stillValid());
    // The inflated copy lives in an unlinked temporary file: nothing is left behind in the folder.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files).filter(QStringLiteral("lanescope-")).size(), 0);

    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QCOMPARE(lr.trace->eventCount, quint64(2000));
    QVERIFY(lr.trace->gzipped);
    QCOMPARE(lr.trace->fileBytes, quint64(gz.size()));
    QCOMPARE(lr.trace->jsonBytes, quint64(m_trace.size()));
}

void tst_MappedSource::concatenatedGzip()
{
    // `cat a.gz b.gz` is a valid gzip file holding a + b.
    const std::size_t half = m_trace.size() / 2;
    const std::string a = m_trace.substr(0, half), b = m_trace.substr(half);
    const QString p = path("concat.json.gz");
    QVERIFY(writeFile(p, gzipBytes(a) + gzipBytes(b, 9)));
    const auto r = MappedSource::open(p);
    QVERIFY2(r.source, qPrintable(r.error));
    QVERIFY2(r.warning.isEmpty(), qPrintable(r.warning));
    QVERIFY(std::string(r.source->data(), r.source->size()) == m_trace);
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QCOMPARE(lr.trace->eventCount, quint64(2000));
    QVERIFY(!lr.trace->truncated);
}

void tst_MappedSource::cutGzip()
{
    const std::string gz = gzipBytes(m_trace);
    const QString p = path("cut.json.gz");
    QVERIFY(writeFile(p, gz.substr(0, gz.size() / 2)));
    bool complete = true;
    const std::string expected = gunzipBytes(gz.substr(0, gz.size() / 2), &complete);
    QVERIFY(!complete);
    const auto r = MappedSource::open(p);
    QVERIFY2(r.source, qPrintable(r.error));
    QVERIFY(!r.warning.isEmpty());
    QVERIFY(std::string(r.source->data(), r.source->size()) == expected);
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
    const auto r = MappedSource::open(p);
    if (fails) {
        QVERIFY(!r.source);
        QVERIFY2(r.error.contains(QStringLiteral("gzip data is corrupt")), qPrintable(r.error));
        QCOMPARE(r.inflatedWith, "zlib");
        return;
    }
    QVERIFY2(r.source, qPrintable(r.error));
    QCOMPARE(r.warning.isEmpty(), clean);
    QCOMPARE(complete, clean);
    QVERIFY(std::string(r.source->data(), r.source->size()) == expected);
    if (clean)
        QVERIFY(expected == m_trace);
    QCOMPARE(r.inflatedWith, isal && clean ? "isa-l" : "zlib");
}

// The line of /proc/self/maps that maps addr: the file behind it, as the kernel names it.
static QString mappingOf(const void *addr)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return QString();
    const auto a = quintptr(addr);
    for (const QByteArray &line : maps.readAll().split('\n')) {
        const int dash = line.indexOf('-'), space = line.indexOf(' ');
        if (dash < 0 || space < dash)
            continue;
        bool ok1 = false, ok2 = false;
        const quintptr from = line.left(dash).toULongLong(&ok1, 16), to = line.mid(dash + 1, space - dash - 1).toULongLong(&ok2, 16);
        if (ok1 && ok2 && a >= from && a < to)
            return QString::fromUtf8(line);
    }
    return QString();
}

void tst_MappedSource::inflatesIntoTheCacheFolder()
{
    const QString p = path("cached.json.gz");
    QVERIFY(writeFile(p, gzipBytes(m_trace)));
    {
        const auto r = MappedSource::open(p);
        QVERIFY2(r.source, qPrintable(r.error));
        QCOMPARE(r.source->inflatedInto(), cacheFolder());
        // The kernel's own word for where the bytes live: a deleted file in the cache folder, not /tmp.
        const QString line = mappingOf(r.source->data());
        QVERIFY2(line.contains(cacheFolder() + QLatin1Char('/')), qPrintable(line));
        QVERIFY2(line.endsWith(QStringLiteral("(deleted)")), qPrintable(line));
        // Unlinked from the start: no name in the folder while the trace is open...
        QCOMPARE(leftInCache(), QStringList());
        QVERIFY(std::string(r.source->data(), r.source->size()) == m_trace);
    }
    // ...nor after a whole load, nor next to the trace.
    const LoadResult lr = loadTrace(p);
    QVERIFY2(lr.trace, qPrintable(lr.error));
    QCOMPARE(lr.trace->source->inflatedInto(), cacheFolder());
    QCOMPARE(lr.trace->eventCount, quint64(2000));
    QCOMPARE(leftInCache(), QStringList());
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("lanescope")).size(), 0);
    // A plain file is mapped where it is.
    QVERIFY(writeFile(path("plain2.json"), m_trace));
    const auto plain = MappedSource::open(path("plain2.json"));
    QVERIFY(plain.source);
    QVERIFY(plain.source->inflatedInto().isEmpty());
}

void tst_MappedSource::refusesWithoutRoom()
{
    const QString p = path("big.json.gz");
    QVERIFY(writeFile(p, gzipBytes(m_trace)));
    MappedSource::OpenOptions options;
    options.availableBytes = 1000; // every folder "has" 1 kB free
    auto r = MappedSource::open(p, options);
    QVERIFY(!r.source);
    // The exact size (the stream is small enough to be seen whole) and where it does not fit, first
    // the cache folder, then the other folders tried.
    const QString expected = QStringLiteral("%1: inflating it needs %2 free in %3, 1.0 kB available (1.0 kB available in ")
                                 .arg(p, io::formatSize(m_trace.size()), cacheFolder());
    QVERIFY2(r.error.startsWith(expected), qPrintable(r.error));
    QVERIFY2(r.error.contains(m_dir.path()), qPrintable(r.error)); // beside the trace was tried too
    QCOMPARE(leftInCache(), QStringList());
    // Just enough room: it loads.
    options.availableBytes = qint64(m_trace.size());
    r = MappedSource::open(p, options);
    QVERIFY2(r.source, qPrintable(r.error));
    QCOMPARE(r.source->size(), quint64(m_trace.size()));
    // Given folders are used as given, in order.
    options.inflateFolders = QStringList{m_dir.filePath(QStringLiteral("mine"))};
    r = MappedSource::open(p, options);
    QVERIFY2(r.source, qPrintable(r.error));
    QCOMPARE(r.source->inflatedInto(), m_dir.filePath(QStringLiteral("mine")));
}

void tst_MappedSource::writeFailsMidway()
{
    // The size check passed but the writes fail part-way (here: a file-size limit, EFBIG): the error
    // says where it was writing and why, and nothing is left behind.
    const QString p = path("limited.json.gz");
    QVERIFY(writeFile(p, gzipBytes(m_trace)));
    struct rlimit old;
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldHandler = ::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit = old;
    limit.rlim_cur = 64 * 1024;
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &limit), 0);
    const auto r = MappedSource::open(p);
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, oldHandler);
    QVERIFY(!r.source);
    QVERIFY2(r.error.startsWith(QStringLiteral("%1: cannot write the inflated trace to %2: ").arg(p, cacheFolder())),
             qPrintable(r.error));
    QCOMPARE(leftInCache(), QStringList());
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
    // A gzip member that inflates to nothing.
    QVERIFY(writeFile(path("nothing.json.gz"), gzipBytes(std::string())));
    r = MappedSource::open(path("nothing.json.gz"));
    QVERIFY(!r.source);
    QVERIFY(!r.error.isEmpty());
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
