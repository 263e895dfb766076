// SPDX-License-Identifier: GPL-3.0-or-later
// Gap causes on the real ResNet-50 pair: the num_workers=0 baseline's big gaps are data loading;
// with num_workers=4 they are gone.
#include "tests/TestTraces.h"

#include "core/analysis/run/Analysis.h"
#include "core/parse/TraceLoader.h"

#include <QtTest>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

TimeNs dataLoaderTime(const std::vector<Gap> &gaps)
{
    TimeNs t = 0;
    for (const Gap &g : gaps)
        if (g.cause == GapCause::DataLoader)
            t += g.dur;
    return t;
}

bool hasAdvice(const AnalysisResult &r, const char *id)
{
    for (const Advice &a : r.advice)
        if (a.id == QLatin1String(id))
            return true;
    return false;
}

} // namespace

class TestRealGaps : public QObject
{
    Q_OBJECT
private slots:
    void resnetPair()
    {
        LANESCOPE_REQUIRE_TRACE(basePath, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(optPath, "resnet50-dataloader-optimized.pt.trace.json.gz");
        const LoadResult base = loadTrace(basePath), opt = loadTrace(optPath);
        QVERIFY2(base.trace, qPrintable(base.error));
        QVERIFY2(opt.trace, qPrintable(opt.error));

        // Default view (GEMM gaps of 15 ms or more): the baseline's gaps are all data loading.
        const AnalysisResult rb = analyze(*base.trace);
        QVERIFY(rb.gaps.size() >= 4);
        for (const Gap &g : rb.gaps) {
            QCOMPARE(QString::fromLatin1(gapCauseName(g.cause)), QStringLiteral("dataloader"));
            QVERIFY(g.evidence.contains(QLatin1String("DataLoader")));
            QVERIFY(g.dur >= 15'000'000);
        }
        QVERIFY(hasAdvice(rb, "dataloader"));

        // The optimized run: no data-loading gaps at any size from 1 ms, and no such advice.
        GapOptions fine;
        fine.minGap = 1'000'000;
        fine.kernels = GapKernels::All;
        const TimeNs before = dataLoaderTime(findGaps(*base.trace, fine));
        const TimeNs after = dataLoaderTime(findGaps(*opt.trace, fine));
        qInfo("data-loading idle: baseline %.1f ms, optimized %.1f ms", double(before) / 1e6, double(after) / 1e6);
        QVERIFY(before > 200'000'000);
        QVERIFY(after * 10 < before);
        const AnalysisResult ro = analyze(*opt.trace);
        QVERIFY(ro.gaps.empty());
        QVERIFY(!hasAdvice(ro, "dataloader"));
    }

    void stepsOfRealTraces()
    {
        LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
        const LoadResult r = loadTrace(path);
        QVERIFY(r.trace);
        const std::vector<Step> steps = findSteps(*r.trace);
        QCOMPARE(steps.size(), std::size_t(5));
        QCOMPARE(steps.front().name, QStringLiteral("ProfilerStep#2"));
        QCOMPARE(steps.back().number, 6);
        for (const Step &s : steps) {
            QVERIFY(s.dur > 0);
            QVERIFY(s.gpuDur > 0); // from the kernels launched inside the step
            QVERIFY(s.gpuStart >= s.start);
        }
        const MemorySummary m = memorySummary(*r.trace);
        QVERIFY(m.peakAllocated > 0);
        QVERIFY(m.allocEvents > 0 && m.freeEvents > 0);
    }
};

QTEST_GUILESS_MAIN(TestRealGaps)
#include "tst_analysis_realgaps.moc"
