// SPDX-License-Identifier: GPL-3.0-or-later
// Time <-> pixel mapping of the timeline (widgets/timeline/TimeAxis.h), data-driven.
#include "widgets/render/TimeAxis.h"

#include <QtTest>

using namespace lanescope;

class TestTimeAxis : public QObject
{
    Q_OBJECT

private:
    static TimeAxis axis(double start, double range, double width, double spanEnd = 1e9)
    {
        TimeAxis a;
        a.spanStart = 0;
        a.spanEnd = spanEnd;
        a.width = width;
        a.start = start;
        a.range = range;
        return a;
    }

private slots:
    void mapping_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("range");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("ns");
        QTest::addColumn<double>("px");
        QTest::newRow("left edge") << 1000.0 << 1000.0 << 100.0 << 1000.0 << 0.0;
        QTest::newRow("right edge") << 1000.0 << 1000.0 << 100.0 << 2000.0 << 100.0;
        QTest::newRow("middle") << 0.0 << 1e6 << 1000.0 << 5e5 << 500.0;
        QTest::newRow("before the window") << 1000.0 << 1000.0 << 100.0 << 0.0 << -100.0;
        QTest::newRow("10 us over 1920 px") << 5e8 << 1e4 << 1920.0 << 5e8 + 5e3 << 960.0;
        // Absolute epochs never reach the axis: it works in ns since the run's first event, where
        // a double still resolves single nanoseconds after weeks.
        QTest::newRow("1 ns resolution far out") << 1e15 << 100.0 << 100.0 << 1e15 + 1 << 1.0;
    }
    void mapping()
    {
        QFETCH(double, start);
        QFETCH(double, range);
        QFETCH(double, width);
        QFETCH(double, ns);
        QFETCH(double, px);
        const TimeAxis a = axis(start, range, width, 2e15);
        QCOMPARE(a.toPx(ns), px);
        QCOMPARE(a.toNs(px), ns);
    }

    void zoomKeepsPointFixed_data()
    {
        QTest::addColumn<double>("px");
        QTest::addColumn<double>("factor");
        QTest::newRow("in at left") << 0.0 << 0.5;
        QTest::newRow("in at 300") << 300.0 << 0.8;
        QTest::newRow("out at 700") << 700.0 << 1.25;
        QTest::newRow("in at right") << 1000.0 << 0.1;
    }
    void zoomKeepsPointFixed()
    {
        QFETCH(double, px);
        QFETCH(double, factor);
        TimeAxis a = axis(4e8, 1e8, 1000);
        const double before = a.toNs(px);
        a.zoomAbout(px, factor);
        QCOMPARE(a.range, 1e8 * factor);
        QVERIFY(std::abs(a.toNs(px) - before) < 1e-3);
    }

    void clamps_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("range");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("panPx");
        QTest::addColumn<double>("expectStart");
        QTest::addColumn<double>("expectRange");
        // Span [0, 1e9], width 1000.
        QTest::newRow("zoom in stops at minRange") << 0.0 << 1000.0 << 0.01 << 0.0 << 0.0 << 100.0;
        QTest::newRow("zoom out stops at the span + margins") << 0.0 << 5e8 << 100.0 << 0.0 << -2e7 << 1.04e9;
        QTest::newRow("pan stops a tenth past the start") << 1e6 << 1e7 << 1.0 << -1e6 << -1e6 << 1e7;
        QTest::newRow("pan stops a tenth past the end") << 9.8e8 << 1e7 << 1.0 << 1e6 << 9.91e8 << 1e7;
        QTest::newRow("pan within") << 1e8 << 1e7 << 1.0 << 100.0 << 1.01e8 << 1e7;
    }
    void clamps()
    {
        QFETCH(double, start);
        QFETCH(double, range);
        QFETCH(double, factor);
        QFETCH(double, panPx);
        QFETCH(double, expectStart);
        QFETCH(double, expectRange);
        TimeAxis a = axis(start, range, 1000);
        if (factor != 1.0)
            a.zoomAbout(0, factor);
        if (panPx != 0)
            a.panPx(panPx);
        QCOMPARE(a.range, expectRange);
        QVERIFY2(std::abs(a.start - expectStart) < 1e-6 * std::max(1.0, std::abs(expectStart)),
                 qPrintable(QString::number(a.start, 'f', 3)));
    }

    void fitAll()
    {
        TimeAxis a = axis(123, 456, 800, 5e6);
        a.fitAll();
        QCOMPARE(a.start, -1e5);
        QCOMPARE(a.range, 5.2e6);
    }

    void tickStep_data()
    {
        QTest::addColumn<double>("range");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("step");
        // Labels at least 90 px apart: the smallest 1/2/5 x 10^k ns step that gives that.
        QTest::newRow("1 s over 1000 px") << 1e9 << 1000.0 << 1e8;
        QTest::newRow("1.9 s over 1000 px") << 1.9e9 << 1000.0 << 2e8;
        QTest::newRow("10 us over 1920 px") << 1e4 << 1920.0 << 500.0;
        QTest::newRow("100 ns over 1000 px") << 100.0 << 1000.0 << 10.0;
        QTest::newRow("never below 1 ns") << 100.0 << 100000.0 << 1.0;
        QTest::newRow("an hour") << 3.6e12 << 1000.0 << 5e11;
    }
    void tickStep()
    {
        QFETCH(double, range);
        QFETCH(double, width);
        QFETCH(double, step);
        const TimeAxis a = axis(0, range, width, 1e13);
        QCOMPARE(a.tickStep(), step);
        const auto ticks = a.ticks();
        QVERIFY(!ticks.empty());
        int labelled = 0;
        for (const auto &t : ticks) {
            QVERIFY(t.ns >= a.start && t.ns <= a.end());
            labelled += t.labelled;
        }
        QVERIFY(labelled >= 1);
        QVERIFY(labelled <= int(width / 90) + 1);
    }

    void formatTime_data()
    {
        QTest::addColumn<double>("ns");
        QTest::addColumn<double>("step");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << 830.0 << 0.0 << QStringLiteral("830 ns");
        QTest::newRow("us") << 1500.0 << 0.0 << QStringLiteral("1.50 µs");
        QTest::newRow("ms") << 12.5e6 << 0.0 << QStringLiteral("12.5 ms");
        QTest::newRow("s") << 1.9e9 << 0.0 << QStringLiteral("1.90 s");
        QTest::newRow("tick 500 ms") << 5e8 << 1e8 << QStringLiteral("500 ms");
        QTest::newRow("tick 1.2 s step 200 ms") << 1.2e9 << 2e8 << QStringLiteral("1.2 s");
        QTest::newRow("tick 0 step 500 ns") << 0.0 << 500.0 << QStringLiteral("0 ns");
        QTest::newRow("tick 2.5 us step 500 ns") << 2500.0 << 500.0 << QStringLiteral("2.5 µs");
        QTest::newRow("tick 1 ms step 50 us") << 1.05e6 << 5e4 << QStringLiteral("1.05 ms");
    }
    void formatTime()
    {
        QFETCH(double, ns);
        QFETCH(double, step);
        QFETCH(QString, text);
        QCOMPARE(TimeAxis::formatTime(ns, step), text);
    }
    void formatPrecise_data()
    {
        QTest::addColumn<double>("ns");
        QTest::addColumn<double>("resolution");
        QTest::addColumn<QString>("text");
        QTest::newRow("s to the ns") << 14'389'012'345.0 << 1.0 << QStringLiteral("14.389 012 345 s");
        QTest::newRow("s to the us") << 14'389'012'000.0 << 1000.0 << QStringLiteral("14.389 012 s");
        QTest::newRow("ms to the ns") << 1'234'567.0 << 1.0 << QStringLiteral("1.234 567 ms");
        QTest::newRow("ms to the us") << 1'234'000.0 << 1000.0 << QStringLiteral("1.234 ms");
        QTest::newRow("us to the ns") << 1'500.0 << 1.0 << QStringLiteral("1.500 µs");
        QTest::newRow("whole us") << 2'000.0 << 1000.0 << QStringLiteral("2 µs");
        QTest::newRow("ns") << 830.0 << 1.0 << QStringLiteral("830 ns");
        QTest::newRow("zero") << 0.0 << 1.0 << QStringLiteral("0 ns");
        // The ruler's anchor at a 200 us step: whole groups of three decimals.
        QTest::newRow("anchor at 200 us") << 14'389'000'000.0 << 2e5 << QStringLiteral("14.389 000 s");
        QTest::newRow("anchor at 1 ms") << 14'389'000'000.0 << 1e6 << QStringLiteral("14.389 s");
    }
    void formatPrecise()
    {
        QFETCH(double, ns);
        QFETCH(double, resolution);
        QFETCH(QString, text);
        QCOMPARE(TimeAxis::formatPrecise(ns, resolution), text);
    }

    // Deep zoom: one anchor label in full, the others as offsets from it.
    void tickLabelsOffsetsAtDeepZoom()
    {
        // 2 ms over 1000 px, 14.389 s into the trace: a 200 us step.
        const TimeAxis a = axis(14'389'000'000.0 - 50'000, 2e6, 1000, 2e10);
        const double step = a.tickStep();
        QCOMPARE(step, 2e5);
        const auto ticks = a.ticks();
        const auto labels = TimeAxis::tickLabels(ticks, step);
        QCOMPARE(labels.size(), ticks.size());
        QStringList shown;
        for (std::size_t i = 0; i < ticks.size(); ++i) {
            QCOMPARE(labels[i].isEmpty(), !ticks[i].labelled);
            if (ticks[i].labelled)
                shown << labels[i];
        }
        QVERIFY2(shown.size() >= 5, qPrintable(shown.join(QStringLiteral(" | "))));
        QCOMPARE(shown[0], QStringLiteral("14.389 000 s"));
        QCOMPARE(shown[1], QStringLiteral("+200 µs"));
        QCOMPARE(shown[2], QStringLiteral("+400 µs"));
        QCOMPARE(shown[4], QStringLiteral("+800 µs"));
        // No label repeats the anchor's leading digits.
        for (int i = 1; i < shown.size(); ++i)
            QVERIFY2(!shown[i].contains(QStringLiteral("14.")), qPrintable(shown[i]));
    }

    // Near the origin (and zoomed out) every label is its own time, as before.
    void tickLabelsAbsoluteNearOrigin()
    {
        const TimeAxis a = axis(0, 1e9, 1000);
        const double step = a.tickStep();
        const auto ticks = a.ticks();
        const auto labels = TimeAxis::tickLabels(ticks, step);
        int labelled = 0;
        for (std::size_t i = 0; i < ticks.size(); ++i)
            if (ticks[i].labelled) {
                ++labelled;
                QCOMPARE(labels[i], TimeAxis::formatTime(ticks[i].ns, step));
                QVERIFY(!labels[i].startsWith(QLatin1Char('+')));
            }
        QVERIFY(labelled >= 5);
        QVERIFY(!TimeAxis::labelsAsOffsets(1.2e9, 2e8));
        QVERIFY(TimeAxis::labelsAsOffsets(14.389e9, 2e5));
    }
};

QTEST_GUILESS_MAIN(TestTimeAxis)
#include "tst_timeaxis.moc"
