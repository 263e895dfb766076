// SPDX-License-Identifier: GPL-3.0-or-later
// io/GzipInflater: a copy taken at any point inflates exactly what the original would from there,
// with ISA-L and with zlib, across member boundaries, and after zlib has taken over a cut stream
// from ISA-L; so does a snapshot (packed, and smaller than a copy: ISA-L's live state deflated,
// anywhere; zlib's window where a deflate block starts);
// a cut stream ends Cut with zlib's bytes, a corrupt one Corrupt.
#include "tests/core/TestUtil.h"

#include "core/io/GzipInflater.h"

#include <QtTest>

#include <string>

using namespace lanescope;
using namespace lanescope::test;

namespace {

std::string sample()
{
    std::string s = "{\"traceEvents\": [\n";
    for (int i = 0; i < 40000; ++i)
        s += "{\"ph\": \"X\", \"name\": \"k" + std::to_string(i % 97) + "\", \"ts\": " + std::to_string(i * 7) + ", \"dur\": 3},\n";
    s += "{}]}\n";
    return s;
}

const unsigned char *bytes(const std::string &s)
{
    return reinterpret_cast<const unsigned char *>(s.data());
}

// Everything left in the inflater, read in pieces of `step`.
std::string drain(io::GzipInflater &inf, std::size_t step)
{
    std::string out, buf(step, '\0');
    while (!inf.over()) {
        const std::size_t n = inf.read(reinterpret_cast<unsigned char *>(buf.data()), step);
        out.append(buf.data(), n);
    }
    return out;
}

} // namespace

class tst_GzipInflater : public QObject
{
    Q_OBJECT

private slots:
    void copiesResume_data();
    void copiesResume();
    void snapshotsResume_data();
    void snapshotsResume();
    void copyAfterZlibTookOver();
    void corrupt();
};

void tst_GzipInflater::copiesResume_data()
{
    QTest::addColumn<QByteArray>("env");
    QTest::addColumn<bool>("twoMembers");
    for (const char *env : {"", "zlib"})
        for (bool two : {false, true})
            QTest::newRow(qPrintable(QStringLiteral("%1%2").arg(QLatin1String(*env ? env : "default"),
                                                                 two ? QStringLiteral(", two members") : QString())))
                << QByteArray(env) << two;
}

void tst_GzipInflater::copiesResume()
{
    QFETCH(QByteArray, env);
    QFETCH(bool, twoMembers);
    if (env.isEmpty())
        qunsetenv("LANESCOPE_INFLATE");
    else
        qputenv("LANESCOPE_INFLATE", env);
    const std::string json = sample();
    const std::string gz = twoMembers ? gzipBytes(json.substr(0, json.size() / 2)) + gzipBytes(json.substr(json.size() / 2), 9)
                                      : gzipBytes(json);
    auto inf = io::GzipInflater::create(bytes(gz), gz.size());
    QCOMPARE(QByteArray(inf->engine()), env.isEmpty() ? QByteArray(io::GzipInflater::defaultEngine()) : QByteArray("zlib"));
    std::string seen;
    std::string buf(7777, '\0'); // an odd step, so copies fall anywhere, the member boundary included
    int copies = 0;
    while (!inf->over()) {
        auto copy = inf->clone();
        QCOMPARE(copy->produced(), quint64(seen.size()));
        if (copies++ % 5 == 0) {
            const std::string rest = drain(*copy, 4096);
            QVERIFY2(rest == json.substr(seen.size()), qPrintable(QString::number(seen.size())));
            QCOMPARE(copy->state(), io::GzipInflater::State::Ended);
        }
        seen.append(buf.data(), inf->read(reinterpret_cast<unsigned char *>(buf.data()), buf.size()));
    }
    QVERIFY(seen == json);
    QCOMPARE(inf->state(), io::GzipInflater::State::Ended);
    QVERIFY(copies > 50);
    qunsetenv("LANESCOPE_INFLATE");
}

void tst_GzipInflater::snapshotsResume_data()
{
    QTest::addColumn<QByteArray>("env");
    QTest::addColumn<bool>("random"); // incompressible bytes: the packed history cannot shrink
    for (const char *env : {"", "zlib"})
        for (bool random : {false, true})
            QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(QLatin1String(*env ? env : "default"),
                                                                  random ? QStringLiteral("random bytes") : QStringLiteral("json"))))
                << QByteArray(env) << random;
}

// A snapshot at any point, resumed (each one more than once), inflates exactly the rest; the
// original goes on undisturbed. With ISA-L it is packed, and holds less than a whole copy.
void tst_GzipInflater::snapshotsResume()
{
    QFETCH(QByteArray, env);
    QFETCH(bool, random);
    if (env.isEmpty())
        qunsetenv("LANESCOPE_INFLATE");
    else
        qputenv("LANESCOPE_INFLATE", env);
    std::string data = sample();
    if (random) {
        std::uint64_t x = 0x9E3779B97F4A7C15ull;
        for (char &c : data) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            c = char(x >> 56);
        }
    }
    // Two members, the second at another level: snapshots fall in both and at the seam.
    const std::string gz = gzipBytes(data.substr(0, data.size() / 3), 1) + gzipBytes(data.substr(data.size() / 3), 6);
    auto inf = io::GzipInflater::create(bytes(gz), gz.size());
    const bool isal = QByteArray(inf->engine()) == "isa-l";
    std::string seen, buf(5113, '\0'), far(128u << 10, '\0');
    int snapshots = 0, packed = 0, stoppedShort = 0;
    while (!inf->over()) {
        // ISA-L packs anywhere; zlib where a block starts (readToPackable() stops there).
        const bool here = inf->packableHere();
        if (isal)
            QVERIFY(here);
        const auto snap = inf->snapshot();
        ++snapshots;
        if (here) {
            ++packed;
            QVERIFY2(snap->bytes() < inf->snapshot(false)->bytes(), qPrintable(QString::number(seen.size())));
        }
        if (snapshots % 7 == 1 || (here && packed % 3 == 1)) {
            for (int again = 0; again < 2; ++again) {
                auto resumed = snap->resume();
                QCOMPARE(resumed->produced(), quint64(seen.size()));
                QVERIFY2(drain(*resumed, 3000 + 1000 * std::size_t(again)) == data.substr(seen.size()),
                         qPrintable(QString::number(seen.size())));
                QCOMPARE(resumed->state(), io::GzipInflater::State::Ended);
            }
        }
        if (snapshots % 3 == 0) {
            // To the next place a snapshot packs: where it stops short, one does.
            const std::size_t got = inf->readToPackable(reinterpret_cast<unsigned char *>(far.data()), far.size());
            seen.append(far.data(), got);
            if (got < far.size() && !inf->over()) {
                QVERIFY2(inf->packableHere(), qPrintable(QString::number(seen.size())));
                ++stoppedShort;
            }
        } else {
            seen.append(buf.data(), inf->read(reinterpret_cast<unsigned char *>(buf.data()), buf.size()));
        }
    }
    QVERIFY(seen == data);
    QVERIFY2(snapshots > 40, qPrintable(QString::number(snapshots)));
    // Everywhere with ISA-L; with zlib at least at each block start it stopped at.
    QVERIFY2(isal ? packed == snapshots : packed >= stoppedShort && stoppedShort >= 3,
             qPrintable(QStringLiteral("%1 of %2, %3 stops").arg(packed).arg(snapshots).arg(stoppedShort)));
    qunsetenv("LANESCOPE_INFLATE");
}

void tst_GzipInflater::copyAfterZlibTookOver()
{
    qunsetenv("LANESCOPE_INFLATE");
    if (QByteArray(io::GzipInflater::defaultEngine()) != "isa-l")
        QSKIP("built without ISA-L: zlib inflates every stream itself");
    const std::string json = sample();
    const std::string whole = gzipBytes(json);
    int copiedUnderZlib = 0;
    for (int k = 1; k <= 30; ++k) {
        const std::string cut = whole.substr(0, whole.size() * std::size_t(k) / 31);
        bool complete = true;
        const std::string expected = gunzipBytes(cut, &complete);
        QVERIFY(!complete);
        auto inf = io::GzipInflater::create(bytes(cut), cut.size());
        std::string seen, buf(64, '\0');
        while (!inf->over()) {
            if (QByteArray(inf->engine()) == "zlib") {
                // zlib has taken over from ISA-L: a copy now must still resume exactly.
                auto copy = inf->clone();
                ++copiedUnderZlib;
                QVERIFY(drain(*copy, 100) == expected.substr(seen.size()));
                QCOMPARE(copy->state(), io::GzipInflater::State::Cut);
                // A snapshot now is zlib's, and resumes the same.
                auto resumed = inf->snapshot()->resume();
                QVERIFY(drain(*resumed, 100) == expected.substr(seen.size()));
            }
            seen.append(buf.data(), inf->read(reinterpret_cast<unsigned char *>(buf.data()), buf.size()));
        }
        QCOMPARE(inf->state(), io::GzipInflater::State::Cut);
        QVERIFY2(seen == expected, qPrintable(QStringLiteral("cut %1/31").arg(k)));
        QCOMPARE(QByteArray(inf->engine()), QByteArray("zlib"));
    }
    QVERIFY(copiedUnderZlib > 0);
}

void tst_GzipInflater::corrupt()
{
    for (const char *env : {"", "zlib"}) {
        if (*env)
            qputenv("LANESCOPE_INFLATE", env);
        else
            qunsetenv("LANESCOPE_INFLATE");
        std::string gz = gzipBytes(sample());
        gz[gz.size() / 2] = char(gz[gz.size() / 2] ^ 0x55);
        auto inf = io::GzipInflater::create(bytes(gz), gz.size());
        drain(*inf, 1 << 16);
        QCOMPARE(inf->state(), io::GzipInflater::State::Corrupt);
        QVERIFY2(inf->error().contains(QStringLiteral("corrupt near compressed byte")), qPrintable(inf->error()));
    }
    qunsetenv("LANESCOPE_INFLATE");
}

QTEST_GUILESS_MAIN(tst_GzipInflater)
#include "tst_gzipinflater.moc"
