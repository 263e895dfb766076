// SPDX-License-Identifier: GPL-3.0-or-later
// Where the GPU time goes, per kernel name (core/analysis/measures/summaries/KernelSummary.h): on every real trace the
// counts and totals equal an independent per-name sum, the shares add up to 100 %, each row's
// statistics hold together; a window keeps the activities that start in it; folded template
// arguments keep every call and every nanosecond.
#include "core/analysis/measures/summaries/KernelSummary.h"

#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "tests/TestTraces.h"
#include "tests/core/LoadHelpers.h"

#include <QMap>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// name -> (count, total), summed here without the summary's code.
QMap<QString, QPair<qint64, qint64>> sums(const Trace &t, TimeRange w = {})
{
    QMap<QString, QPair<qint64, qint64>> out;
    for (const Track &tr : t.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const CategoryClass c = tr.catId[i] < t.categoryClass.size() ? t.categoryClass[tr.catId[i]] : CategoryClass::Other;
            if (c != CategoryClass::Kernel && c != CategoryClass::GpuMemcpy && c != CategoryClass::GpuMemset)
                continue;
            if (!w.empty() && !(tr.start[i] >= w.from && tr.start[i] < w.to))
                continue;
            auto &s = out[t.name(tr.nameId[i])];
            ++s.first;
            s.second += tr.dur[i];
        }
    }
    return out;
}

void checkRows(const std::vector<KernelSummaryRow> &rows)
{
    double pct = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const KernelSummaryRow &r = rows[k];
        QVERIFY(r.count > 0);
        QVERIFY(r.minNs <= r.medianNs && r.medianNs <= r.maxNs);
        QVERIFY(std::abs(r.meanNs * double(r.count) - double(r.totalNs)) <= 1e-6 * std::max(1.0, double(r.totalNs)));
        QVERIFY(!r.streams.empty());
        QVERIFY(std::is_sorted(r.streams.begin(), r.streams.end()));
        if (k > 0)
            QVERIFY(rows[k - 1].totalNs >= r.totalNs);
        pct += r.gpuTimePct;
    }
    if (!rows.empty())
        QVERIFY2(std::abs(pct - 100.0) < 1e-6, qPrintable(QString::number(pct, 'f', 9)));
}

} // namespace

class TestKernelSummary : public QObject
{
    Q_OBJECT
private slots:
    void realTraces_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(test::tracesDir())));
        for (const QString &f : files)
            QTest::newRow(qPrintable(QDir(test::tracesDir()).relativeFilePath(f))) << f;
    }
    void realTraces()
    {
        QFETCH(QString, path);
        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        const Trace &t = *l.trace;
        const std::vector<KernelSummaryRow> rows = kernelSummary(t);
        const auto expected = sums(t);
        QCOMPARE(int(rows.size()), expected.size());
        for (const KernelSummaryRow &r : rows) {
            QVERIFY2(expected.contains(r.name), qPrintable(r.name));
            QCOMPARE(r.count, expected.value(r.name).first);
            QCOMPARE(qint64(r.totalNs), expected.value(r.name).second);
        }
        checkRows(rows);

        // Folded template arguments: fewer or as many names, the same calls and time.
        KernelSummaryOptions fold;
        fold.foldTemplates = true;
        const std::vector<KernelSummaryRow> folded = kernelSummary(t, fold);
        QVERIFY(folded.size() <= rows.size());
        qint64 calls = 0, ns = 0, foldedCalls = 0, foldedNs = 0;
        for (const auto &r : rows) {
            calls += r.count;
            ns += r.totalNs;
        }
        for (const auto &r : folded) {
            foldedCalls += r.count;
            foldedNs += r.totalNs;
        }
        QCOMPARE(foldedCalls, calls);
        QCOMPARE(foldedNs, ns);
        checkRows(folded);

        // A window: the activities that start in its first half.
        if (t.maxTs > t.minTs) {
            KernelSummaryOptions half;
            half.window = TimeRange{t.minTs, t.minTs + (t.maxTs - t.minTs) / 2};
            const std::vector<KernelSummaryRow> part = kernelSummary(t, half);
            const auto partExpected = sums(t, half.window);
            QCOMPARE(int(part.size()), partExpected.size());
            for (const KernelSummaryRow &r : part)
                QCOMPARE(qint64(r.totalNs), partExpected.value(r.name).second);
            checkRows(part);
        }
    }

    // The synthetic FSDP baseline: a GEMM leads its computation, its collectives are communication.
    void syntheticBaseline()
    {
        synth::SynthConfig c;
        c.layers = 8;
        const LoadResult l = test::loadText(synth::synthesize(c).traces.at(0), 1, QStringLiteral("fsdp-baseline"));
        QVERIFY2(l.trace, qPrintable(l.error));
        const std::vector<KernelSummaryRow> rows = kernelSummary(*l.trace);
        QVERIFY(!rows.empty());
        bool allGather = false, reduceScatter = false;
        for (const KernelSummaryRow &r : rows) {
            if (r.name.contains(QLatin1String("AllGather"))) {
                allGather = true;
                QCOMPARE(r.cls, KernelClass::Communication);
            }
            if (r.name.contains(QLatin1String("ReduceScatter"))) {
                reduceScatter = true;
                QCOMPARE(r.cls, KernelClass::Communication);
            }
        }
        QVERIFY(allGather && reduceScatter);
        // The computation that takes the most time is a GEMM (the collectives on their own stream
        // may take more: the baseline waits for its AllGathers).
        const auto firstCompute = std::find_if(rows.begin(), rows.end(), [](const KernelSummaryRow &r) { return isCompute(r.cls); });
        QVERIFY(firstCompute != rows.end());
        QCOMPARE(firstCompute->cls, KernelClass::Gemm);
        checkRows(rows);
    }
};

QTEST_GUILESS_MAIN(TestKernelSummary)
#include "tst_kernelsummary.moc"
