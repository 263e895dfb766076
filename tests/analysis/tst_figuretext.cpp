// SPDX-License-Identifier: GPL-3.0-or-later
// How memory and durations are spelled (analysis/FigureText.h): binary units as nvidia-smi and
// Nsight count them (an A100-80GB's totalGlobalMem reads in GiB, never a decimal "GB"), the axis
// top rounded to a number its label spells exactly, and durations in the figures' own units.
#include "core/analysis/text/FigureText.h"

#include <QLocale>
#include <QtTest>

using namespace lanescope::analysis;

namespace {
constexpr double kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;
}

class TestFigureText : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void bytesRead_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("readout"); // figure::bytes
        QTest::addColumn<QString>("tick");    // figure::bytesTick
        // totalGlobalMem as the traces in ../shared/traces and the synthetic job record it.
        QTest::newRow("A100-SXM4-80GB") << 85045379072.0 << "79.20 GiB" << "79.2 GiB";
        QTest::newRow("V100-SXM2-32GB") << 34089730048.0 << "31.75 GiB" << "31.7 GiB";
        QTest::newRow("MI250 GCD") << 68702699520.0 << "63.98 GiB" << "64 GiB";
        QTest::newRow("one GiB") << kGiB << "1.00 GiB" << "1 GiB";
        QTest::newRow("1.5 GiB") << 1.5 * kGiB << "1.50 GiB" << "1.5 GiB";
        QTest::newRow("512 MiB") << 512 * kMiB << "512.0 MiB" << "512 MiB";
        QTest::newRow("a decimal GB") << 1e9 << "953.7 MiB" << "954 MiB";
        QTest::newRow("4 KiB") << 4 * kKiB << "4.0 KiB" << "4 KiB";
        QTest::newRow("zero") << 0.0 << "0.0 KiB" << "0";
    }
    void bytesRead()
    {
        QFETCH(double, bytes);
        QFETCH(QString, readout);
        QFETCH(QString, tick);
        QCOMPARE(figure::bytes(bytes), readout);
        QCOMPARE(figure::bytesTick(bytes), tick);
    }

    void axisTopIsRound_data()
    {
        QTest::addColumn<double>("want");
        QTest::addColumn<double>("top");
        QTest::newRow("22.97 GB peak + 5 %") << 22.97e9 * 1.05 << 25 * kGiB;
        QTest::newRow("exactly 2 GiB") << 2 * kGiB << 2 * kGiB;
        QTest::newRow("just over 2 GiB") << 2 * kGiB + 1 << 2.5 * kGiB;
        QTest::newRow("300 MB") << 300e6 << 300 * kMiB;
        QTest::newRow("1,010 MiB: one GiB, not 1,200 MiB") << 1010 * kMiB << kGiB;
    }
    void axisTopIsRound()
    {
        QFETCH(double, want);
        QFETCH(double, top);
        const double got = figure::roundUpBytes(want);
        QCOMPARE(got, top);
        QVERIFY(got >= want);
        // The label spells the top exactly: no more than one decimal, never a decimal unit.
        const QString t = figure::bytesTick(got);
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+(\\.\\d)? (GiB|MiB)$")).match(t).hasMatch(), qPrintable(t));
    }

    void durations_data()
    {
        QTest::addColumn<double>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("seconds") << 3.9e9 << "3.90 s";
        QTest::newRow("milliseconds") << 16.66e6 << "16.66 ms";
        QTest::newRow("microseconds") << 850e3 << "850 µs";
    }
    void durations()
    {
        QFETCH(double, ns);
        QFETCH(QString, text);
        QCOMPARE(figure::duration(ns), text);
    }
};

QTEST_GUILESS_MAIN(TestFigureText)
#include "tst_figuretext.moc"
