// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a change is real (analysis/StepStats.h): the Mann-Whitney p-value against every
// arrangement counted here (exact) and against U counted pair by pair (normal approximation with
// ties); the bootstrap interval seeded, around the observed change, finding a 5 % change over 20
// noisy steps and keeping the false-positive rate of two samples of one distribution near 5 %;
// the two real torch-cpu-2rank attempts' step times; one step: nothing to judge. The per-step samples
// of every figure that varies by step (exposed communication and listed gap time per step against
// the analysis of that step alone, MFU scaled by the step's length), a run's median interval, and
// the false-positive rate under synth --cycles' own step noise (SplitMix64::normal).
#include "core/analysis/run/Analysis.h"
#include "core/synth/SynthModel.h"
#include "core/analysis/run/StepStats.h"
#include "core/analysis/run/Steps.h"
#include "core/parse/TraceLoader.h"

#include "../TestTraces.h"

#include <QDir>
#include <QtTest>

#include <cmath>
#include <random>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// U of a: pairs where a's value is larger, ties half.
double pairU(const std::vector<double> &a, const std::vector<double> &b)
{
    double u = 0;
    for (double x : a)
        for (double y : b)
            u += x > y ? 1.0 : x == y ? 0.5 : 0.0;
    return u;
}

// Two-sided exact p: every way of choosing which pooled values are a's, counted.
double bruteForceP(const std::vector<double> &a, const std::vector<double> &b)
{
    std::vector<double> pooled = a;
    pooled.insert(pooled.end(), b.begin(), b.end());
    const int n = int(pooled.size()), m = int(a.size());
    const double observed = pairU(a, b);
    double total = 0, below = 0, above = 0;
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
        if (__builtin_popcount(mask) != m)
            continue;
        std::vector<double> x, y;
        for (int i = 0; i < n; ++i)
            (mask & (1u << i) ? x : y).push_back(pooled[std::size_t(i)]);
        const double u = pairU(x, y);
        ++total;
        below += u <= observed + 1e-9;
        above += u >= observed - 1e-9;
    }
    return std::min(1.0, 2 * std::min(below, above) / total);
}

std::vector<double> noisy(std::mt19937_64 &rng, int steps, double mean, double sd)
{
    std::normal_distribution<double> d(mean, sd);
    std::vector<double> v;
    for (int i = 0; i < steps; ++i)
        v.push_back(d(rng));
    return v;
}

std::vector<const Trace *> ranksOf(const QString &folder, std::vector<std::shared_ptr<Trace>> *keep)
{
    std::vector<const Trace *> out;
    const QDir d(folder);
    for (const QString &n : d.entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name)) {
        LoadResult r = loadTrace(d.filePath(n));
        if (r.trace) {
            out.push_back(r.trace.get());
            keep->push_back(std::move(r.trace));
        }
    }
    return out;
}

} // namespace

class TestStepStats : public QObject
{
    Q_OBJECT

private slots:
    void exactP_data()
    {
        QTest::addColumn<std::vector<double>>("a");
        QTest::addColumn<std::vector<double>>("b");
        QTest::newRow("separated 4/4") << std::vector<double>{5, 6, 7, 8} << std::vector<double>{1, 2, 3, 4};
        QTest::newRow("interleaved 5/6") << std::vector<double>{1.5, 3, 4.5, 9, 10} << std::vector<double>{1, 2, 4, 6, 7, 8};
        QTest::newRow("one overlap 6/7") << std::vector<double>{10, 11, 12, 13, 14, 5} << std::vector<double>{1, 2, 3, 4, 6, 7, 8};
        QTest::newRow("uneven 3/9") << std::vector<double>{0.1, 0.2, 20} << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9};
        QTest::newRow("equal medians 7/7") << std::vector<double>{1, 4, 5, 8, 9, 12, 13} << std::vector<double>{2, 3, 6, 7, 10, 11, 14};
    }

    void exactP()
    {
        QFETCH(std::vector<double>, a);
        QFETCH(std::vector<double>, b);
        const auto p = mannWhitneyP(a, b);
        QVERIFY(p.has_value());
        QVERIFY2(std::abs(*p - bruteForceP(a, b)) < 1e-12, qPrintable(QStringLiteral("%1 vs %2").arg(*p).arg(bruteForceP(a, b))));
        QCOMPARE(*mannWhitneyP(b, a), *p); // two-sided: symmetric
    }

    // Many values with ties: the normal approximation, against U counted pair by pair here and the
    // tie-corrected variance.
    void normalApproximationWithTies()
    {
        std::mt19937_64 rng(7);
        std::vector<double> a, b;
        std::uniform_int_distribution<int> da(0, 20), db(6, 26); // integers: many ties
        for (int i = 0; i < 60; ++i)
            a.push_back(da(rng));
        for (int i = 0; i < 45; ++i)
            b.push_back(db(rng));
        const double m = 60, n = 45, nn = m + n;
        std::map<double, int> counts;
        for (double x : a)
            ++counts[x];
        for (double x : b)
            ++counts[x];
        double ties = 0;
        for (const auto &[v, t] : counts)
            ties += double(t) * t * t - t;
        const double var = m * n / 12 * (nn + 1 - ties / (nn * (nn - 1)));
        const double z = (std::abs(pairU(a, b) - m * n / 2) - 0.5) / std::sqrt(var);
        const double expected = std::erfc(z / std::sqrt(2.0));
        QVERIFY(expected < 0.05); // the shift is seen
        QVERIFY(std::abs(*mannWhitneyP(a, b) - expected) < 1e-12);
        // Every value the same: no evidence either way.
        QCOMPARE(*mannWhitneyP({3, 3, 3}, {3, 3}), 1.0);
    }

    void bootstrapInterval()
    {
        std::mt19937_64 rng(11);
        const std::vector<double> a = noisy(rng, 20, 100, 2), b = noisy(rng, 20, 105, 2);
        const auto ci = medianChangeCi95(a, b, 42);
        QVERIFY(ci.has_value());
        QCOMPARE(*medianChangeCi95(a, b, 42), *ci); // seeded
        const double observed = sampleMedian(b) - sampleMedian(a);
        QVERIFY(ci->first <= observed && observed <= ci->second);
        QVERIFY(ci->first > 0); // a 5 % change over 20 steps of 2 % noise
        // The interval's ends are medians of resamples: values a difference of medians can take.
        QVERIFY(ci->second - ci->first < 6);
    }

    // A 5 % change is found; the same distribution twice is "significant" in about 5 % of 200
    // seeded pairs, not more.
    void rates()
    {
        int found = 0, falsePositives = 0;
        for (int k = 0; k < 200; ++k) {
            std::mt19937_64 rng(std::uint64_t(1000 + k));
            const std::vector<double> base = noisy(rng, 20, 100, 2);
            const std::vector<double> same = noisy(rng, 20, 100, 2);
            const std::vector<double> slower = noisy(rng, 20, 105, 2);
            found += changeStats(base, slower, std::uint64_t(k)).significant.value_or(false);
            falsePositives += changeStats(base, same, std::uint64_t(k)).significant.value_or(false);
        }
        qInfo("5 %% change found in %d of 200; same distribution called significant in %d of 200", found, falsePositives);
        QCOMPARE(found, 200);
        QVERIFY(falsePositives <= 14); // 5 % is 10; the binomial's spread allows a few more
    }

    void oneStepIsUnknown()
    {
        const ChangeStats s = changeStats({100}, {120});
        QCOMPARE(*s.change, 20.0);
        QVERIFY(!s.ci95Low && !s.ci95High && !s.pValue && !s.significant);
        QVERIFY(!changeStats({}, {1, 2}).change);
    }

    // Per-step compute idle equals what the analysis of that step alone measures, on real GPU traces.
    void computeIdlePerStep_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("v100-memory-allreduce") << QStringLiteral("v100-memory-allreduce.json.gz");
        QTest::newRow("a100-2rank-nccl") << QStringLiteral("a100-2rank-nccl.json.gz");
        QTest::newRow("resnet50 baseline") << QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz");
    }

    void computeIdlePerStep()
    {
        QFETCH(QString, name);
        const QString path = test::tracePath(name);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult r = loadTrace(path);
        QVERIFY(r.trace);
        const std::vector<double> sample = computeIdlePctSample({r.trace.get()});
        const std::vector<Step> steps = completeSteps(findSteps(*r.trace));
        QVERIFY(steps.size() >= 2);
        QCOMPARE(sample.size(), steps.size());
        for (std::size_t k = 0; k < steps.size(); ++k) {
            AnalysisOptions o;
            o.step = steps[k].number;
            const AnalysisResult a = analyze(*r.trace, o);
            QVERIFY(a.figures.computeIdlePct.has_value());
            QVERIFY2(std::abs(*a.figures.computeIdlePct - sample[k]) < 1e-9,
                     qPrintable(QStringLiteral("step %1: %2 vs %3").arg(o.step).arg(*a.figures.computeIdlePct).arg(sample[k])));
        }
        // A trace without GPU computation (the CPU-only attempts) has no such sample, though it has steps.
        LANESCOPE_REQUIRE_TRACE(cpu, "torch-cpu-2rank-nw0");
        std::vector<std::shared_ptr<Trace>> keep;
        const std::vector<const Trace *> cpuRanks = ranksOf(cpu, &keep);
        QVERIFY(!stepTimeSampleUs(cpuRanks).empty());
        QVERIFY(computeIdlePctSample(cpuRanks).empty());
    }

    // Exposed communication per step equals what the analysis of that step alone measures (its GPU
    // span); a step's gap time is the listed gaps found over its CPU span alone (each gap counted in
    // the step it starts in, as the analysis windows them); MFU per step is the run's MFU at its step
    // time scaled by each step's length.
    void perStepFigures_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("v100-memory-allreduce") << QStringLiteral("v100-memory-allreduce.json.gz");
        QTest::newRow("a100-2rank-nccl") << QStringLiteral("a100-2rank-nccl.json.gz");
        QTest::newRow("resnet50 baseline") << QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz");
    }

    void perStepFigures()
    {
        QFETCH(QString, name);
        const QString path = test::tracePath(name);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult r = loadTrace(path);
        QVERIFY(r.trace);
        AnalysisOptions all;
        all.gaps.minGap = 1'000'000; // 1 ms: gaps in more steps than the default 15 ms finds
        all.gaps.kernels = GapKernels::All;
        const StepSamples s = stepSamples({r.trace.get()}, all, MfuAtStep{40.0, 1000.0});
        const std::vector<Step> steps = completeSteps(findSteps(*r.trace));
        QCOMPARE(s.stepTimeUs.size(), steps.size());
        QCOMPARE(s.exposedCommUs.size(), steps.size());
        QCOMPARE(s.gapTotalUs.size(), steps.size());
        QCOMPARE(s.mfuPct.size(), steps.size());
        double gaps = 0;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            AnalysisOptions o = all;
            o.step = steps[k].number;
            const AnalysisResult a = analyze(*r.trace, o);
            QVERIFY2(std::abs(double(a.figures.exposedCommNs) / 1000.0 - s.exposedCommUs[k]) < 1e-6,
                     qPrintable(QStringLiteral("step %1: exposed %2 vs %3").arg(o.step).arg(a.figures.exposedCommNs).arg(s.exposedCommUs[k])));
            // The step's own gaps, each cut at the end of its CPU span, counted here independently.
            double own = 0;
            GapOptions g = all.gaps;
            g.windows = {{steps[k].start, steps[k].end()}};
            for (const Gap &gap : findGaps(*r.trace, g))
                own += double(gap.dur) / 1000.0;
            QVERIFY2(std::abs(own - s.gapTotalUs[k]) < 1e-6, qPrintable(QStringLiteral("step %1: gaps %2 vs %3").arg(o.step).arg(own).arg(s.gapTotalUs[k])));
            gaps += own;
            QVERIFY(std::abs(s.mfuPct[k] - 40.0 * 1000.0 / s.stepTimeUs[k]) < 1e-9);
        }
        qInfo("%s: %zu complete steps, exposed comm median %.1f us, listed gaps %.1f ms in them", qPrintable(name), steps.size(),
              sampleMedian(s.exposedCommUs), gaps / 1000);
        // judgeRuns: every figure of kPerStepFigureKeys judged, the step time as changeStats judges it.
        const std::vector<FigureChanges> j = judgeRuns({s, s});
        QCOMPARE(int(j.size()), 2);
        QVERIFY(j[0].empty());
        QCOMPARE(int(j[1].size()), int(kPerStepFigureKeys.size()));
        QCOMPARE(*j[1].at("step_time_us").change, 0.0);
        QCOMPARE(*j[1].at("step_time_us").significant, false);
    }

    // A run alone: the median's interval holds the median, is seeded, and narrows with more steps.
    void medianInterval()
    {
        std::mt19937_64 rng(7);
        const std::vector<double> few = noisy(rng, 10, 100, 2), many = noisy(rng, 400, 100, 2);
        const auto a = medianCi95(few), b = medianCi95(many);
        QVERIFY(a && b);
        QVERIFY(a->first <= sampleMedian(few) && sampleMedian(few) <= a->second);
        QVERIFY(b->first <= sampleMedian(many) && sampleMedian(many) <= b->second);
        QVERIFY(b->second - b->first < a->second - a->first);
        QCOMPARE(*medianCi95(few), *a);
        QVERIFY(!medianCi95({1.0}));
    }

    // synth --cycles' own noise: each step's compute x (1 + noise x z), z from SplitMix64::normal per
    // step and seed. Two cycles of the same run (seeds k and k + 1) are called different in at most
    // ~5 % of 200 seeded pairs; a 5 % slower cycle is found in every one.
    void synthNoiseRates()
    {
        const auto cycle = [](std::uint64_t seed, double scale) {
            synth::SynthConfig c;
            c.seed = seed;
            c.stepNoise = 0.02;
            c.computeScale = scale;
            std::vector<double> steps;
            for (int n = 2; n < 22; ++n) // 20 steps, numbered as the profiler's schedule numbers them
                steps.push_back(200000.0 * synth::stepComputeFactor(c, n));
            return steps;
        };
        int found = 0, falsePositives = 0;
        for (int k = 0; k < 200; ++k) {
            const std::uint64_t seed = 5000 + 2 * std::uint64_t(k);
            const std::vector<double> base = cycle(seed, 1.0);
            falsePositives += changeStats(base, cycle(seed + 1, 1.0), std::uint64_t(k)).significant.value_or(false);
            found += changeStats(base, cycle(seed + 1, 1.05), std::uint64_t(k)).significant.value_or(false);
        }
        qInfo("synth noise: 5 %% change found in %d of 200; the same run called different in %d of 200", found, falsePositives);
        QCOMPARE(found, 200);
        QVERIFY(falsePositives <= 14);
    }

    // The real attempts: num_workers=0 against num_workers=2, both ranks' complete steps.
    void realAttempts()
    {
        LANESCOPE_REQUIRE_TRACE(nw0, "torch-cpu-2rank-nw0");
        LANESCOPE_REQUIRE_TRACE(nw2, "torch-cpu-2rank-nw2");
        std::vector<std::shared_ptr<Trace>> keep;
        const std::vector<double> before = stepTimeSampleUs(ranksOf(nw0, &keep)), after = stepTimeSampleUs(ranksOf(nw2, &keep));
        QCOMPARE(int(before.size()), 4); // ProfilerStep#1-3, two complete per rank
        QCOMPARE(int(after.size()), 4);
        const ChangeStats s = changeStats(before, after);
        QVERIFY(std::abs(*s.pValue - bruteForceP(before, after)) < 1e-12);
        QCOMPARE(*s.change, sampleMedian(after) - sampleMedian(before));
        QVERIFY(*s.ci95Low <= *s.change && *s.change <= *s.ci95High);
        qInfo("step time %.1f -> %.1f ms: change %.1f ms [%.1f, %.1f], p %.4f", sampleMedian(before) / 1000, sampleMedian(after) / 1000,
              *s.change / 1000, *s.ci95Low / 1000, *s.ci95High / 1000, *s.pValue);
        QCOMPARE(*s.significant, *s.ci95High < 0 && *s.pValue < 0.05);
    }
};

QTEST_GUILESS_MAIN(TestStepStats)
#include "tst_stepstats.moc"
