// SPDX-License-Identifier: GPL-3.0-or-later
// The advice rules on hand-made evidence (advise() is a pure function of its inputs): shares of
// time on the union of intervals (exact figures, never above 100 %), each rule just above and just
// below its minimum evidence, and the projected gain of a fix.
#include "core/analysis/advice/Advice.h"

#include <QtTest>

using namespace lanescope;
using namespace lanescope::analysis;
namespace M = lanescope::analysis::AdviceMinimum;

namespace {

constexpr TimeNs kMs = 1'000'000;

Gap gap(TimeNs startMs10, TimeNs durMs10, GapCause cause, std::int64_t stream = 7, const char *collective = "AllGather")
{
    // Times in tenths of a millisecond, so shares like 4.9 % are exact.
    Gap g;
    g.device = 0;
    g.stream = stream;
    g.start = startMs10 * kMs / 10;
    g.dur = durMs10 * kMs / 10;
    g.cause = cause;
    if (cause == GapCause::CommWait)
        g.collective = QString::fromLatin1(collective);
    g.evidence = QStringLiteral("test");
    return g;
}

// `steps` steps of 100 ms each from t = 0, the windows the shares are taken of.
struct Fixture
{
    std::vector<Step> steps;
    std::vector<Gap> gaps;
    TemporalBreakdown temporal;
    MemorySummary memory;
    MfuResult mfu;
    AdviceInputs in;
    explicit Fixture(int n)
    {
        for (int i = 0; i < n; ++i) {
            Step s;
            s.name = QStringLiteral("ProfilerStep#%1").arg(i);
            s.number = i;
            s.start = i * 100 * kMs;
            s.dur = 100 * kMs;
            steps.push_back(s);
        }
        temporal.spanStart = 0;
        temporal.spanEnd = n * 100 * kMs;
        temporal.span = temporal.spanEnd;
        memory.mallocCalls = memory.freeCalls = 0;
    }
    std::vector<Advice> run()
    {
        in.steps = &steps;
        in.temporal = &temporal;
        in.memory = &memory;
        in.mfu = &mfu;
        in.gaps = &gaps;
        in.windows.clear();
        for (const Step &s : steps)
            in.windows.push_back(TimeRange{s.start, s.end()});
        return advise(in);
    }
};

const Advice *find(const std::vector<Advice> &v, const char *id)
{
    for (const Advice &a : v)
        if (a.id == QLatin1String(id))
            return &a;
    return nullptr;
}

// n gaps of `each` tenths of a ms, one per 10 ms slot from the start, of the given cause.
void addGaps(Fixture &f, int n, TimeNs each, GapCause cause)
{
    for (int i = 0; i < n; ++i)
        f.gaps.push_back(gap(TimeNs(i) * 100, each, cause));
}

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT
private slots:
    void intervals()
    {
        // [0,10) [5,20) [30,40) within [0,35): 20 + 5 = 25.
        QCOMPARE(unionWithin({{0, 10}, {5, 20}, {30, 40}}, {{0, 35}}), TimeNs(25));
        QCOMPARE(unionWithin({{0, 10}}, {}), TimeNs(0));
        const std::vector<TimeRange> d = subtractIntervals({{0, 100}}, {{10, 20}, {15, 30}, {90, 120}});
        QCOMPARE(d.size(), std::size_t(2));
        QCOMPARE(d[0].from, TimeNs(0));
        QCOMPARE(d[0].to, TimeNs(10));
        QCOMPARE(d[1].from, TimeNs(30));
        QCOMPARE(d[1].to, TimeNs(90));
    }

    // Compute streams idle at the same time count once: the share is of the union.
    void overlappingIdleStreams_data()
    {
        QTest::addColumn<int>("streams");
        QTest::addColumn<QString>("share");
        // One step of 100 ms; each stream waits [10, 70) ms for an AllGather, shifted 10 ms per stream.
        QTest::newRow("one stream") << 1 << QStringLiteral("60.0 %");   // 60 ms
        QTest::newRow("two streams") << 2 << QStringLiteral("70.0 %");  // [10,80): 70 ms, not 120
        QTest::newRow("four streams") << 4 << QStringLiteral("90.0 %"); // [10,100): 90 ms, not 240
        QTest::newRow("six streams") << 6 << QStringLiteral("90.0 %");  // clipped to the step: never above 100 %
    }
    void overlappingIdleStreams()
    {
        QFETCH(int, streams);
        QFETCH(QString, share);
        Fixture f(1);
        for (int s = 0; s < streams; ++s) {
            f.gaps.push_back(gap(100 + 100 * s, 600, GapCause::CommWait, 7 + s));
            f.gaps.push_back(gap(100 + 100 * s, 1, GapCause::CommWait, 7 + s)); // a second, tiny wait: count >= 2
        }
        const auto advice = f.run();
        const Advice *a = find(advice, "fsdp_limit_all_gathers");
        QVERIFY(a);
        QVERIFY2(a->evidence.contains(QStringLiteral("= %1 of the analysed time (1 step, 100.00 ms)").arg(share)),
                 qPrintable(a->evidence));
        QVERIFY(a->explainedNs <= 100 * kMs);
    }

    // Each rule just below and just above its minimum evidence.
    void minimums_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("count");      // gaps (or calls, for the allocator)
        QTest::addColumn<int>("eachMs10");   // each gap, tenths of a ms
        QTest::addColumn<int>("mallocs");
        QTest::addColumn<int>("frees");
        QTest::addColumn<bool>("fires");
        // AllGather waits: >= 2 per step and >= 5 % of the time. 4 steps = 400 ms.
        QTest::newRow("allgather: 7 waits in 4 steps") << "fsdp_limit_all_gathers" << 4 << 7 << 100 << 0 << 0 << false;
        QTest::newRow("allgather: 8 waits in 4 steps") << "fsdp_limit_all_gathers" << 4 << 8 << 100 << 0 << 0 << true;
        QTest::newRow("allgather: 4.9 %") << "fsdp_limit_all_gathers" << 4 << 14 << 14 << 0 << 0 << false; // 19.6 ms
        QTest::newRow("allgather: 5.0 %") << "fsdp_limit_all_gathers" << 4 << 10 << 20 << 0 << 0 << true;  // 20 ms
        // Allocator churn: cudaMalloc and cudaFree each >= max(2, steps), allocator gaps >= 1 %.
        QTest::newRow("allocator: 0 malloc, 2 free") << "allocator_churn" << 1 << 2 << 50 << 0 << 2 << false;
        QTest::newRow("allocator: 1 malloc, 2 free") << "allocator_churn" << 1 << 2 << 50 << 1 << 2 << false;
        QTest::newRow("allocator: 2 malloc, 2 free") << "allocator_churn" << 1 << 2 << 50 << 2 << 2 << true;
        QTest::newRow("allocator: 2 each in 3 steps") << "allocator_churn" << 3 << 2 << 50 << 2 << 2 << false;
        QTest::newRow("allocator: 3 each in 3 steps") << "allocator_churn" << 3 << 2 << 50 << 3 << 3 << true;
        QTest::newRow("allocator: 0.9 %") << "allocator_churn" << 1 << 1 << 9 << 5 << 5 << false;
        QTest::newRow("allocator: 1.0 %") << "allocator_churn" << 1 << 1 << 10 << 5 << 5 << true;
        // CPU-bound launches: >= 2 waits per step, >= 10 % of the time. 2 steps = 200 ms.
        QTest::newRow("host: 3 waits in 2 steps") << "cpu_bound_launch" << 2 << 3 << 100 << 0 << 0 << false;
        QTest::newRow("host: 4 waits in 2 steps") << "cpu_bound_launch" << 2 << 4 << 100 << 0 << 0 << true;
        QTest::newRow("host: 9.9 %") << "cpu_bound_launch" << 2 << 9 << 22 << 0 << 0 << false;  // 19.8 ms
        QTest::newRow("host: 10.0 %") << "cpu_bound_launch" << 2 << 10 << 20 << 0 << 0 << true; // 20 ms
        // DataLoader: a stall at least every other step, >= 5 % of the time. 4 steps = 400 ms.
        QTest::newRow("dataloader: 1 stall in 4 steps") << "dataloader" << 4 << 1 << 400 << 0 << 0 << false;
        QTest::newRow("dataloader: 2 stalls in 4 steps") << "dataloader" << 4 << 2 << 200 << 0 << 0 << true;
        QTest::newRow("dataloader: 4.9 %") << "dataloader" << 4 << 2 << 98 << 0 << 0 << false;
        QTest::newRow("dataloader: 5.0 %") << "dataloader" << 4 << 2 << 100 << 0 << 0 << true;
    }
    void minimums()
    {
        QFETCH(QString, rule);
        QFETCH(int, steps);
        QFETCH(int, count);
        QFETCH(int, eachMs10);
        QFETCH(int, mallocs);
        QFETCH(int, frees);
        QFETCH(bool, fires);
        Fixture f(steps);
        const GapCause cause = rule == QLatin1String("fsdp_limit_all_gathers") ? GapCause::CommWait
            : rule == QLatin1String("allocator_churn")                          ? GapCause::Allocator
            : rule == QLatin1String("cpu_bound_launch")                         ? GapCause::HostLaunch
                                                                                : GapCause::DataLoader;
        addGaps(f, count, eachMs10, cause);
        f.memory.mallocCalls = mallocs;
        f.memory.freeCalls = frees;
        const auto advice = f.run();
        const Advice *a = find(advice, qPrintable(rule));
        QVERIFY2(bool(a) == fires, a ? qPrintable(a->evidence) : "no advice");
        QCOMPARE(int(advice.size()), int(fires)); // no other rule speaks on this evidence
    }

    void lowMfu_data()
    {
        QTest::addColumn<double>("mfuPct");
        QTest::addColumn<double>("computePct");
        QTest::addColumn<bool>("fires");
        QTest::newRow("mfu 39.9, compute 80") << 39.9 << 80.0 << true;
        QTest::newRow("mfu 40, compute 80") << 40.0 << 80.0 << false;
        QTest::newRow("mfu 39.9, compute 79.9") << 39.9 << 79.9 << false;
    }
    void lowMfu()
    {
        QFETCH(double, mfuPct);
        QFETCH(double, computePct);
        QFETCH(bool, fires);
        Fixture f(2);
        f.mfu.valid = true;
        f.mfu.mfuPct = mfuPct;
        f.mfu.stepS = 0.1;
        f.mfu.peakTflops = 312;
        f.temporal.computePct = computePct;
        const auto advice = f.run();
        QCOMPARE(bool(find(advice, "low_mfu_busy_gpu")), fires);
    }

    // A CUDA-graph replay is not told to capture CUDA graphs.
    void cudaGraphTrace()
    {
        Fixture f(1);
        addGaps(f, 4, 100, GapCause::HostLaunch);
        const auto before = f.run();
        const Advice *plain = find(before, "cpu_bound_launch");
        QVERIFY(plain && plain->title.contains(QLatin1String("capture the step with CUDA graphs")));
        f.in.graphLaunchCalls = 12;
        const auto advice = f.run();
        const Advice *graphs = find(advice, "cpu_bound_launch");
        QVERIFY(graphs);
        QVERIFY2(!graphs->title.contains(QLatin1String("capture the step with CUDA graphs")), qPrintable(graphs->title));
        QVERIFY(graphs->evidence.contains(QLatin1String("12 cudaGraphLaunch")));
    }

    // A stream's wait while another stream computes is no lost time.
    void computeElsewhere()
    {
        Fixture f(1);
        addGaps(f, 4, 100, GapCause::HostLaunch); // [0,10) [10,20) [20,30) [30,40) ms: 40 %
        QVERIFY(find(f.run(), "cpu_bound_launch"));
        f.in.computeBusy = {TimeRange{5 * kMs, 35 * kMs}}; // leaves 10 ms: 10 %, still at the minimum
        const auto advice = f.run();
        const Advice *a = find(advice, "cpu_bound_launch");
        QVERIFY(a);
        QCOMPARE(a->explainedNs, 10 * kMs);
        f.in.computeBusy = {TimeRange{4 * kMs, 35 * kMs}}; // 9 ms: below
        QVERIFY(!find(f.run(), "cpu_bound_launch"));
    }

    // The gain: the explained idle time taken out of each step, MFU scaled by the step time.
    void projection()
    {
        Fixture f(2); // 2 x 100 ms
        for (int s = 0; s < 2; ++s) {
            f.gaps.push_back(gap(s * 1000 + 100, 200, GapCause::CommWait, 7)); // 20 ms
            f.gaps.push_back(gap(s * 1000 + 200, 200, GapCause::CommWait, 8)); // overlaps: +10 ms
        }
        f.mfu.valid = true;
        f.mfu.stepS = 0.1;
        f.mfu.mfuPct = 30.0;
        const auto advice = f.run();
        const Advice *a = find(advice, "fsdp_limit_all_gathers");
        QVERIFY(a);
        QCOMPARE(a->explainedNs, 60 * kMs); // 30 ms per step, once per overlapping pair
        QVERIFY(qFuzzyCompare(a->stepS, 0.1));
        QVERIFY(qFuzzyCompare(a->projectedStepS, 0.07));
        QVERIFY(qFuzzyCompare(a->projectedMfuPct, 30.0 * 0.1 / 0.07));
        QVERIFY2(a->evidence.contains(QLatin1String("step 100.0 ms -> 70.0 ms, MFU 30.0 % -> 42.9 % at most")), qPrintable(a->evidence));

        // Without MFU: the step time alone; without steps: nothing projected.
        f.mfu.valid = false;
        f.mfu.mfuPct = 0;
        const auto noMfu = f.run();
        const Advice *b = find(noMfu, "fsdp_limit_all_gathers");
        QVERIFY(b && b->projectedMfuPct == 0 && qFuzzyCompare(b->projectedStepS, 0.07));
        QVERIFY(b->evidence.contains(QLatin1String("step 100.0 ms -> 70.0 ms at most")));
    }
};

QTEST_GUILESS_MAIN(TestAdvice)
#include "tst_analysis_advice.moc"
