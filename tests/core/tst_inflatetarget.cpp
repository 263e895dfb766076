// io/InflateTarget: the inflated size a .json.gz is checked against (exact when seen whole, from
// ISIZE and the compression ratio past 4 GiB), the folders tried (cache first, RAM-backed last), the
// free-space refusal and its message, and the unlinked scratch file that leaves no name behind.
#include "TestUtil.h"

#include "io/InflateTarget.h"

#include <QDir>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <string>

using namespace lanescope;
using namespace lanescope::test;

namespace {

constexpr double kTwoTo32 = 4294967296.0;

// ~72 MB of kernel events that deflate ~200:1, so a few hundred KB of gzip stand for far more.
std::string compressibleTrace()
{
    std::string s;
    s.reserve(73u << 20);
    s += "{\"traceEvents\": [\n";
    for (int i = 0; i < 600000; ++i)
        s += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"void gemm_kernel<float, 128>(...)\", \"pid\": 0, \"tid\": 7, "
             "\"ts\": " + std::to_string(1000000 + i / 16) + ", \"dur\": 5},\n";
    return s;
}

void setIsize(std::string &gz, std::uint32_t isize)
{
    for (int i = 0; i < 4; ++i)
        gz[gz.size() - 4 + std::size_t(i)] = char((isize >> (8 * i)) & 0xff);
}

// What inflating the first `in` bytes of gz yields, by zlib directly: the ratio the estimate uses.
double ratioOfPrefix(const std::string &gz, std::size_t in)
{
    const std::string out = gunzipBytes(gz.substr(0, in));
    return double(out.size()) / double(in);
}

std::uint64_t estimate(const std::string &gz, bool *exact)
{
    const io::InflatedSize s = io::estimateInflatedSize(reinterpret_cast<const unsigned char *>(gz.data()), gz.size());
    *exact = s.exact;
    return s.bytes;
}

} // namespace

class tst_InflateTarget : public QObject
{
    Q_OBJECT

private slots:
    void smallStreamsAreExact_data();
    void smallStreamsAreExact();
    void largeStreamPastFourGiB();
    void isizeThatCannotBeRight();
    void cacheFolderFollowsXdg();
    void foldersOrder();
    void refusesWhenTooSmall();
    void refusalNamesEveryFolder();
    void fallsBackToTheNextFolder();
    void scratchFileHasNoName();
    void formatSize_data();
    void formatSize();
};

void tst_InflateTarget::smallStreamsAreExact_data()
{
    QTest::addColumn<QByteArray>("gz");
    QTest::addColumn<quint64>("bytes");
    std::string json = "{\"traceEvents\": [";
    for (int i = 0; i < 3000; ++i)
        json += "{\"ph\": \"i\", \"name\": \"e" + std::to_string(i) + "\", \"pid\": 1, \"tid\": 1, \"ts\": " + std::to_string(i) + "},";
    json += "{}]}";
    const std::string a = json.substr(0, json.size() / 2), b = json.substr(json.size() / 2);
    auto row = [](const char *name, const std::string &gz, std::size_t bytes) {
        QTest::newRow(name) << QByteArray(gz.data(), int(gz.size())) << quint64(bytes);
    };
    row("one member", gzipBytes(json), json.size());
    row("stored", gzipBytes(json, 0), json.size());
    // ISIZE is the last member's alone: the sample sees both and adds them up.
    row("concatenated", gzipBytes(a) + gzipBytes(b, 9), json.size());
    row("trailing garbage", gzipBytes(json) + std::string("\0\0junk", 6), json.size());
    // Cut off: what it holds before the cut, as the inflaters will load it.
    const std::string gz = gzipBytes(json);
    const std::string cut = gz.substr(0, gz.size() / 2);
    row("cut", cut, gunzipBytes(cut).size());
}

void tst_InflateTarget::smallStreamsAreExact()
{
    QFETCH(QByteArray, gz);
    QFETCH(quint64, bytes);
    bool exact = false;
    QCOMPARE(quint64(estimate(gz.toStdString(), &exact)), bytes);
    QVERIFY(exact);
}

void tst_InflateTarget::largeStreamPastFourGiB()
{
    // A gzip whose first part is real deflate data and whose size says it stands for ~6 GB: the
    // estimate must land on ISIZE + 2^32, not on ISIZE (1.9 GB) itself.
    const std::string json = compressibleTrace();
    std::string gz = gzipBytes(json);
    QVERIFY(gz.size() > (256u << 10)); // more than the sample
    const double ratio = ratioOfPrefix(gz, 256u << 10);
    QVERIFY(ratio > 50);
    const double target = 6.2e9;
    gz.resize(std::size_t(target / ratio)); // the rest of the "stream" is never looked at
    const double byRatio = ratio * double(gz.size());
    const auto isize = std::uint32_t(std::fmod(byRatio + 1e8, kTwoTo32)); // ISIZE a little off the ratio's guess
    setIsize(gz, isize);
    bool exact = true;
    const std::uint64_t bytes = estimate(gz, &exact);
    QVERIFY(!exact);
    QCOMPARE(bytes % (std::uint64_t(1) << 32), std::uint64_t(isize));
    QCOMPARE(bytes, std::uint64_t(isize) + (std::uint64_t(1) << 32));
}

void tst_InflateTarget::isizeThatCannotBeRight()
{
    // A cut-off stream's last four bytes are deflate data, not a size: far from what the ratio
    // says at every wrap, so the ratio's estimate is taken.
    const std::string json = compressibleTrace();
    std::string gz = gzipBytes(json);
    gz.resize(3000000);
    const double byRatio = ratioOfPrefix(gz, 256u << 10) * double(gz.size());
    setIsize(gz, 3000000000u);
    bool exact = true;
    const std::uint64_t bytes = estimate(gz, &exact);
    QVERIFY(!exact);
    QVERIFY2(std::abs(double(bytes) - byRatio) < byRatio * 0.001, qPrintable(QString::number(bytes)));
}

void tst_InflateTarget::cacheFolderFollowsXdg()
{
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    const QByteArray old = qgetenv("XDG_CACHE_HOME");
    qputenv("XDG_CACHE_HOME", QFile::encodeName(cache.path()));
    const QString folder = io::inflateCacheFolder();
    const QStringList folders = io::inflateFolders(QStringLiteral("/some/where/trace.json.gz"));
    if (old.isNull())
        qunsetenv("XDG_CACHE_HOME");
    else
        qputenv("XDG_CACHE_HOME", old);
    QCOMPARE(folder, cache.path() + QStringLiteral("/lanescope"));
    QVERIFY(folders.contains(folder));
    QVERIFY(folders.contains(QStringLiteral("/some/where")));
}

void tst_InflateTarget::foldersOrder()
{
    QTemporaryDir cache, traces;
    QVERIFY(cache.isValid() && traces.isValid());
    const QByteArray old = qgetenv("XDG_CACHE_HOME");
    qputenv("XDG_CACHE_HOME", QFile::encodeName(cache.path()));
    const QStringList folders = io::inflateFolders(traces.filePath(QStringLiteral("t.json.gz")));
    if (old.isNull())
        qunsetenv("XDG_CACHE_HOME");
    else
        qputenv("XDG_CACHE_HOME", old);
    const QString inCache = cache.path() + QStringLiteral("/lanescope");
    QVERIFY(folders.contains(inCache));
    QVERIFY(folders.contains(QDir::cleanPath(traces.path())));
    // Disk-backed before RAM-backed; among equals, the cache folder first, then beside the trace.
    const QStorageInfo cacheFs(cache.path()), traceFs(traces.path());
    if (cacheFs.fileSystemType() == traceFs.fileSystemType())
        QVERIFY(folders.indexOf(inCache) < folders.indexOf(QDir::cleanPath(traces.path())));
    bool sawRam = false;
    for (const QString &f : folders) {
        QFileInfo fi(f);
        while (!fi.exists())
            fi = QFileInfo(fi.absolutePath());
        const QByteArray type = QStorageInfo(fi.absoluteFilePath()).fileSystemType();
        const bool ram = type == "tmpfs" || type == "ramfs";
        QVERIFY2(ram || !sawRam, qPrintable(folders.join(QLatin1Char(' '))));
        sawRam = sawRam || ram;
    }
}

void tst_InflateTarget::refusesWhenTooSmall()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = dir.filePath(QStringLiteral("cache/lanescope"));
    io::InflatedSize need;
    need.bytes = 4100000000ull;
    need.exact = false;
    io::ScratchFile f = io::createScratchFile({folder}, need, 1200000000);
    QCOMPARE(f.fd, -1);
    QCOMPARE(f.error, QStringLiteral("inflating it needs about 4.1 GB free in %1, 1.2 GB available").arg(folder));
    need.exact = true;
    f = io::createScratchFile({folder}, need, 1200000000);
    QCOMPARE(f.error, QStringLiteral("inflating it needs 4.1 GB free in %1, 1.2 GB available").arg(folder));
    // Exactly enough is enough.
    f = io::createScratchFile({folder}, need, 4100000000);
    QVERIFY2(f.fd >= 0, qPrintable(f.error));
    QCOMPARE(f.folder, folder);
    ::close(f.fd);
    QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(), 0);
}

void tst_InflateTarget::refusalNamesEveryFolder()
{
    QTemporaryDir a, b;
    QVERIFY(a.isValid() && b.isValid());
    io::InflatedSize need;
    need.bytes = 50000000;
    need.exact = true;
    const io::ScratchFile f = io::createScratchFile({a.path(), b.path()}, need, 1000);
    QCOMPARE(f.fd, -1);
    QCOMPARE(f.error, QStringLiteral("inflating it needs 50.0 MB free in %1, 1.0 kB available (1.0 kB available in %2)")
                          .arg(a.path(), b.path()));
}

void tst_InflateTarget::fallsBackToTheNextFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A folder that cannot be made (its parent is a file), then one that can.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("file")), std::string("x")));
    const QString bad = dir.filePath(QStringLiteral("file/lanescope"));
    const QString good = dir.filePath(QStringLiteral("beside"));
    QVERIFY(QDir().mkpath(good));
    io::InflatedSize need;
    need.bytes = 10;
    const io::ScratchFile f = io::createScratchFile({bad, good}, need);
    QVERIFY2(f.fd >= 0, qPrintable(f.error));
    QCOMPARE(f.folder, good);
    ::close(f.fd);
    // Neither: the message says why each failed.
    const io::ScratchFile none = io::createScratchFile({bad}, need);
    QCOMPARE(none.fd, -1);
    QVERIFY2(none.error.contains(bad), qPrintable(none.error));
}

void tst_InflateTarget::scratchFileHasNoName()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    io::InflatedSize need;
    need.bytes = 6;
    const io::ScratchFile f = io::createScratchFile({dir.path()}, need);
    QVERIFY2(f.fd >= 0, qPrintable(f.error));
    QCOMPARE(::write(f.fd, "abcdef", 6), ssize_t(6));
    struct stat st;
    QCOMPARE(::fstat(f.fd, &st), 0);
    QCOMPARE(st.st_nlink, nlink_t(0)); // unlinked while open: nothing to leave behind after a crash
    QCOMPARE(st.st_size, off_t(6));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(), 0);
    ::close(f.fd);
}

void tst_InflateTarget::formatSize_data()
{
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("GB") << quint64(4100000000ull) << QStringLiteral("4.1 GB");
    QTest::newRow("past 4 GiB") << quint64(6200000000ull) << QStringLiteral("6.2 GB");
    QTest::newRow("MB") << quint64(12000000) << QStringLiteral("12.0 MB");
    QTest::newRow("kB") << quint64(1500) << QStringLiteral("1.5 kB");
    QTest::newRow("bytes") << quint64(7) << QStringLiteral("7 bytes");
}

void tst_InflateTarget::formatSize()
{
    QFETCH(quint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(io::formatSize(bytes), text);
}

QTEST_GUILESS_MAIN(tst_InflateTarget)
#include "tst_inflatetarget.moc"
