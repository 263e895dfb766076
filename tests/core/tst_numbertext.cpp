// SPDX-License-Identifier: GPL-3.0-or-later
// parse/NumberText.h: JSON number text -> exact integers. Expected values are worked out by hand
// from the decimal text (µs * 1000, rounded half away from zero at the 4th decimal).
#include "core/parse/NumberText.h"

#include <QtTest>

#include <cstdint>
#include <string>

using namespace lanescope;

class tst_NumberText : public QObject
{
    Q_OBJECT

private slots:
    void microsToNs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("ns");

        QTest::newRow("zero") << QByteArray("0") << true << qint64(0);
        QTest::newRow("one µs") << QByteArray("1") << true << qint64(1000);
        QTest::newRow("epoch µs (2022 Kineto)") << QByteArray("1669783687464611") << true
                                                << qint64(1669783687464611000LL);
        // 3-digit fractions: beyond a double's precision at this magnitude, exact here.
        QTest::newRow("3 decimals") << QByteArray("4458676522690.655") << true << qint64(4458676522690655LL);
        QTest::newRow("3 decimals, epoch") << QByteArray("1700000000123456.789") << true
                                           << qint64(1700000000123456789LL);
        QTest::newRow("1 decimal") << QByteArray("1.5") << true << qint64(1500);
        QTest::newRow("2 decimals") << QByteArray("20.25") << true << qint64(20250);
        QTest::newRow("trailing zeros") << QByteArray("7.000000") << true << qint64(7000);
        QTest::newRow("round down") << QByteArray("1.0004") << true << qint64(1000);
        QTest::newRow("round half up") << QByteArray("1.0005") << true << qint64(1001);
        QTest::newRow("only 4th decimal decides") << QByteArray("1.00049999") << true << qint64(1000);
        QTest::newRow("round carries") << QByteArray("1.9999") << true << qint64(2000);
        QTest::newRow("many decimals") << QByteArray("123.456789") << true << qint64(123457);
        QTest::newRow("below 1 ns") << QByteArray("0.0000001") << true << qint64(0);
        QTest::newRow("negative") << QByteArray("-2") << true << qint64(-2000);
        QTest::newRow("negative fraction") << QByteArray("-3.25") << true << qint64(-3250);
        QTest::newRow("negative half away from zero") << QByteArray("-1.0005") << true << qint64(-1001);
        QTest::newRow("negative tiny") << QByteArray("-0.0005") << true << qint64(-1);
        QTest::newRow("plus sign") << QByteArray("+5") << true << qint64(5000);
        QTest::newRow("exponent") << QByteArray("1.5e3") << true << qint64(1500000);
        QTest::newRow("exponent upper case") << QByteArray("2E2") << true << qint64(200000);
        QTest::newRow("negative exponent") << QByteArray("1e-3") << true << qint64(1);
        QTest::newRow("exponent with sign") << QByteArray("2.5e+1") << true << qint64(25000);
        QTest::newRow("negative with exponent") << QByteArray("-4e1") << true << qint64(-40000);
        QTest::newRow("largest accepted") << QByteArray("9223372036854774.999") << true
                                          << qint64(9223372036854774999LL);
        QTest::newRow("overflow int64 ns") << QByteArray("9223372036854776") << false << qint64(0);
        QTest::newRow("overflow uint64 digits") << QByteArray("99999999999999999999999") << false << qint64(0);
        QTest::newRow("overflow via exponent") << QByteArray("1e400") << false << qint64(0);
        QTest::newRow("overflow exponent ns") << QByteArray("1e16") << false << qint64(0);
        QTest::newRow("empty") << QByteArray("") << false << qint64(0);
        QTest::newRow("sign only") << QByteArray("-") << false << qint64(0);
        QTest::newRow("letters") << QByteArray("abc") << false << qint64(0);
        QTest::newRow("two dots") << QByteArray("1.2.3") << false << qint64(0);
        QTest::newRow("trailing garbage") << QByteArray("12a") << false << qint64(0);
        QTest::newRow("dangling exponent") << QByteArray("1e") << false << qint64(0);
        QTest::newRow("nan") << QByteArray("nan") << false << qint64(0);
        QTest::newRow("space inside") << QByteArray("1 2") << false << qint64(0);
        QTest::newRow("very long exponent text") << QByteArray(100, '1') + QByteArray("e0") << false << qint64(0);
    }
    void microsToNs()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, ok);
        QFETCH(qint64, ns);
        std::int64_t out = 12345;
        const bool got = microsTextToNs(std::string_view(text.constData(), std::size_t(text.size())), &out);
        QCOMPARE(got, ok);
        if (ok)
            QCOMPARE(qint64(out), ns);
    }

    void integer_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("value");

        QTest::newRow("zero") << QByteArray("0") << true << qint64(0);
        QTest::newRow("positive") << QByteArray("25738") << true << qint64(25738);
        QTest::newRow("negative") << QByteArray("-7") << true << qint64(-7);
        QTest::newRow("dot zero") << QByteArray("3.0") << true << qint64(3);
        QTest::newRow("dot zeros") << QByteArray("3.000") << true << qint64(3);
        QTest::newRow("int64 max") << QByteArray("9223372036854775807") << true
                                   << qint64(9223372036854775807LL);
        // Above int64: the bits of the uint64 (ids are hashes that use all 64 bits).
        QTest::newRow("2^63") << QByteArray("9223372036854775808") << true << qint64(INT64_MIN);
        QTest::newRow("uint64 max") << QByteArray("18446744073709551615") << true << qint64(-1);
        QTest::newRow("uint64 max - 5") << QByteArray("18446744073709551610") << true << qint64(-6);
        QTest::newRow("uint64 overflow") << QByteArray("18446744073709551616") << false << qint64(0);
        QTest::newRow("uint64 overflow, 21 digits") << QByteArray("100000000000000000000") << false << qint64(0);
        QTest::newRow("fraction") << QByteArray("3.5") << false << qint64(0);
        QTest::newRow("empty") << QByteArray("") << false << qint64(0);
        QTest::newRow("minus only") << QByteArray("-") << false << qint64(0);
        QTest::newRow("text") << QByteArray("Spans") << false << qint64(0);
        QTest::newRow("stream label") << QByteArray("stream 7") << false << qint64(0);
        QTest::newRow("exponent") << QByteArray("1e3") << false << qint64(0);
    }
    void integer()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, ok);
        QFETCH(qint64, value);
        std::int64_t out = 0;
        const bool got = integerText(std::string_view(text.constData(), std::size_t(text.size())), &out);
        QCOMPARE(got, ok);
        if (ok)
            QCOMPARE(qint64(out), value);
    }

    void toDouble_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("value");
        QTest::newRow("int") << QByteArray("42") << true << 42.0;
        QTest::newRow("fraction") << QByteArray("1.5") << true << 1.5;
        QTest::newRow("exponent") << QByteArray("-2.5e3") << true << -2500.0;
        QTest::newRow("empty") << QByteArray("") << false << 0.0;
        QTest::newRow("garbage") << QByteArray("1.5x") << false << 0.0;
        QTest::newRow("too long") << QByteArray(200, '1') << false << 0.0;
    }
    void toDouble()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, ok);
        QFETCH(double, value);
        double out = 0;
        QCOMPARE(doubleText(std::string_view(text.constData(), std::size_t(text.size())), &out), ok);
        if (ok)
            QCOMPARE(out, value);
    }
};

QTEST_GUILESS_MAIN(tst_NumberText)
#include "tst_numbertext.moc"
