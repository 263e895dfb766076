// SPDX-License-Identifier: GPL-3.0-or-later
// The memory band's axis fits the curves: its top is the curves' peak plus headroom, rounded, and
// the device's total joins it (a dashed line named in the legend) only when within twice the peak.
// On every real trace with device memory events; the V100 all-reduce trace (6.2 / 11.9 GiB curves
// on a 31.7 GiB device) keeps a 16 GiB axis, not a 40 GiB one that squeezed its curves; a
// synthetic 12B-parameter FSDP run (47 GiB reserved on an 80 GB A100) draws the total.
#include "../TestTraces.h"
#include "core/analysis/text/FigureText.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "widgets/render/MemoryBand.h"
#include "widgets/render/TraceViewIndex.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

class TestMemoryAxis : public QObject
{
    Q_OBJECT

private slots:
    void axisFitsTheCurves_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces in %1").arg(test::tracesDir())));
        for (const QString &f : files)
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void axisFitsTheCurves()
    {
        QFETCH(QString, path);
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const auto index = TraceViewIndex::build(*r.trace);
        if (index->memory().empty())
            QSKIP("no device memory events");
        for (const TraceViewIndex::MemoryCurve &c : index->memory()) {
            double peak = 0;
            for (const MemorySample &s : c.series->samples)
                peak = std::max({peak, double(s.allocated), double(s.reserved)});
            const std::int64_t total = MemoryBand::deviceTotal(*r.trace, c.device);
            const double top = MemoryBand::axisTop(c, total);
            qInfo("device %d: peak %s, total %s, axis %s%s", c.device, qPrintable(analysis::figure::bytes(peak)),
                  qPrintable(analysis::figure::bytes(double(total))), qPrintable(MemoryBand::formatBytes(top)),
                  MemoryBand::totalOnAxis(top, total) ? " (total on axis)" : "");
            QVERIFY(top >= peak);                 // every curve fits
            if (total > 0 && double(total) <= 2 * peak) {
                QVERIFY2(MemoryBand::totalOnAxis(top, total), "a total within twice the peak is drawn");
            } else {
                QCOMPARE(top, c.scaleBytes); // the curves' own scale: the peak + 5 %, rounded
                QVERIFY(top < 1.6 * peak);
                QVERIFY(!MemoryBand::totalOnAxis(top, total) || double(total) <= top);
            }
        }
    }

    // The trace the axis squeezed: a 31.7 GiB V100 whose curves peak at 11.9 GiB.
    void v100AllReduce()
    {
        const QString path = test::tracePath(QStringLiteral("v100-memory-allreduce.json.gz"));
        if (!QFileInfo::exists(path))
            QSKIP("v100-memory-allreduce.json.gz is not in the traces folder");
        const LoadResult r = loadTrace(path);
        QVERIFY(r.trace);
        const auto index = TraceViewIndex::build(*r.trace);
        QCOMPARE(int(index->memory().size()), 1);
        const TraceViewIndex::MemoryCurve &c = index->memory().front();
        const std::int64_t total = MemoryBand::deviceTotal(*r.trace, c.device);
        QVERIFY(total > 31 * (1ll << 30));
        const double top = MemoryBand::axisTop(c, total);
        QCOMPARE(top, 16.0 * (1ll << 30));
        QVERIFY(!MemoryBand::totalOnAxis(top, total));
        QCOMPARE(MemoryBand::deviceTotalText(top, total), QStringLiteral("device total 31.7 GiB, off axis"));
    }

    // Curves within half the device: the total is on the axis, a line near the top.
    void totalWithinTwiceThePeak()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        synth::SynthConfig c;
        c.params = 12e9;
        const QString path = dir.filePath(QStringLiteral("fsdp-12b.pt.trace.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const std::string bytes = synth::synthesize(c).traces.at(0);
            QVERIFY(f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size()));
        }
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const auto index = TraceViewIndex::build(*r.trace);
        QVERIFY(!index->memory().empty());
        const TraceViewIndex::MemoryCurve &curve = index->memory().front();
        const std::int64_t total = MemoryBand::deviceTotal(*r.trace, curve.device);
        double peak = 0;
        for (const MemorySample &s : curve.series->samples)
            peak = std::max({peak, double(s.allocated), double(s.reserved)});
        QVERIFY2(double(total) > curve.scaleBytes && double(total) <= 2 * peak,
                 qPrintable(QStringLiteral("peak %1, total %2").arg(peak).arg(total)));
        const double top = MemoryBand::axisTop(curve, total);
        QVERIFY(MemoryBand::totalOnAxis(top, total));
        QVERIFY(top < 1.3 * double(total)); // the line near the top, not a far larger axis
        QCOMPARE(MemoryBand::deviceTotalText(top, total), QStringLiteral("device total 79.2 GiB"));
    }
};

QTEST_MAIN(TestMemoryAxis)
#include "tst_memoryaxis.moc"
