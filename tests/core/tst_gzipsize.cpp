// SPDX-License-Identifier: GPL-3.0-or-later
// io/GzipSize: what a .json.gz inflates to, for the loader's progress (exact when seen whole, from
// ISIZE and the compression ratio past 4 GiB).
#include "tests/core/TestUtil.h"

#include "core/io/GzipSize.h"

#include <QtTest>

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

class tst_GzipSize : public QObject
{
    Q_OBJECT

private slots:
    void smallStreamsAreExact_data();
    void smallStreamsAreExact();
    void largeStreamPastFourGiB();
    void isizeThatCannotBeRight();
};

void tst_GzipSize::smallStreamsAreExact_data()
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

void tst_GzipSize::smallStreamsAreExact()
{
    QFETCH(QByteArray, gz);
    QFETCH(quint64, bytes);
    bool exact = false;
    QCOMPARE(quint64(estimate(gz.toStdString(), &exact)), bytes);
    QVERIFY(exact);
}

void tst_GzipSize::largeStreamPastFourGiB()
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

void tst_GzipSize::isizeThatCannotBeRight()
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

QTEST_GUILESS_MAIN(tst_GzipSize)
#include "tst_gzipsize.moc"
