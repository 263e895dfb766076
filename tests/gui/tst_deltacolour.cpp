// SPDX-License-Identifier: GPL-3.0-or-later
// The Metrics table's delta colours (DeltaColour.h): green better, red worse, and neither for a
// change that reads as zero at the precision shown ("−0.00 GiB", however many per cent of a small
// baseline) or for a critical-path part (time the path gives one part is taken from another).
// Each neutral case has a coloured counterpart, so a table that colours nothing fails too.
#include "widgets/compare/DeltaColour.h"
#include "widgets/compare/MetricsTableModel.h"

#include "core/analysis/compare/Compare.h"
#include "core/analysis/measures/critical_path/CriticalPath.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace lanescope;

namespace {

analysis::RunMetrics run(const QString &label)
{
    analysis::RunMetrics m;
    m.label = label;
    return m;
}

// The row of a figure key, or -1.
int rowOf(const MetricsTableModel &model, const char *key)
{
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, 0).data(MetricsTableModel::KeyRole).toString() == QLatin1String(key))
            return r;
    return -1;
}

} // namespace

class TestDeltaColour : public QObject
{
    Q_OBJECT

private slots:
    void colours_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("other");
        QTest::addColumn<int>("better"); // 1 green, -1 red, 0 the table's own colour
        constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
        // 1.0 -> 1.2 MB: +20 % but "+0.00 GiB" as the table writes it.
        QTest::newRow("peak allocated, reads 0.00 GiB") << QByteArray("peak_allocated_bytes") << 1.0e6 << 1.2e6 << 0;
        QTest::newRow("peak allocated, reads -0.00 GiB") << QByteArray("peak_allocated_bytes") << 1.2e6 << 1.0e6 << 0;
        QTest::newRow("peak allocated, +2 GiB") << QByteArray("peak_allocated_bytes") << 10 * GiB << 12 * GiB << -1;
        QTest::newRow("peak allocated, -2 GiB") << QByteArray("peak_allocated_bytes") << 12 * GiB << 10 * GiB << 1;
        // Step time in ns, shown in ms to 0.01: 40 ns on a 1 µs baseline is +4 % and "+0.00 ms".
        QTest::newRow("step time, reads 0.00 ms") << QByteArray("step_time_us") << 1000.0 << 1040.0 << 0;
        QTest::newRow("step time, +20 ms") << QByteArray("step_time_us") << 100e6 << 120e6 << -1;
        // A critical-path part: neither way, however large; its path's whole length is the step time.
        QTest::newRow("critical path compute +20 ms") << QByteArray("critical_path_gpu_compute_us") << 50e6 << 70e6 << 0;
        QTest::newRow("critical path sync -20 ms") << QByteArray("critical_path_sync_us") << 30e6 << 10e6 << 0;
    }

    void colours()
    {
        QFETCH(QByteArray, key);
        QFETCH(double, base);
        QFETCH(double, other);
        QFETCH(int, better);
        analysis::ComparisonResult c;
        c.runs = {run(QStringLiteral("baseline")), run(QStringLiteral("tuned"))};
        for (int i = 0; i < 2; ++i) {
            const double v = i == 0 ? base : other;
            analysis::RunMetrics &m = c.runs[std::size_t(i)];
            if (key == "peak_allocated_bytes")
                m.peakAllocatedBytes = v;
            else if (key == "step_time_us")
                m.stepTimeNs = v;
            else {
                std::array<TimeNs, analysis::kPathParts> parts{};
                const auto part = key == "critical_path_sync_us" ? analysis::PathPart::Sync : analysis::PathPart::GpuCompute;
                parts[std::size_t(part)] = TimeNs(v);
                m.criticalPathNs = parts;
            }
        }
        MetricsTableModel model;
        QAbstractItemModelTester tester(&model);
        model.setComparison(&c);
        const int row = rowOf(model, key.constData());
        QVERIFY2(row >= 0, key.constData());
        const QModelIndex delta = model.index(row, 3); // run 1's delta column
        const QString text = delta.data(Qt::DisplayRole).toString();
        QCOMPARE(delta.data(MetricsTableModel::BetterRole).toInt(), better);
        const QVariant fg = delta.data(Qt::ForegroundRole);
        if (better == 0)
            QVERIFY2(!fg.isValid(), qPrintable(text));
        else
            QCOMPARE(fg, deltaForeground(better));
        QCOMPARE(delta.data(Qt::FontRole).value<QFont>().bold(), better != 0);
    }

    void readsAsZero_data()
    {
        QTest::addColumn<QString>("shown");
        QTest::addColumn<bool>("zero");
        QTest::newRow("0.00 GiB") << QStringLiteral("0.00 GiB") << true;
        QTest::newRow("0.0 ms") << QStringLiteral("0.0 ms") << true;
        QTest::newRow("0.01 GiB") << QStringLiteral("0.01 GiB") << false;
        QTest::newRow("10 ms") << QStringLiteral("10 ms") << false;
        QTest::newRow("1,000.0 ms") << QStringLiteral("1,000.0 ms") << false;
    }

    void readsAsZero()
    {
        QFETCH(QString, shown);
        QFETCH(bool, zero);
        QCOMPARE(lanescope::readsAsZero(shown), zero);
    }
};

QTEST_MAIN(TestDeltaColour)
#include "tst_deltacolour.moc"
