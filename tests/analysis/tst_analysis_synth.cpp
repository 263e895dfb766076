// SPDX-License-Identifier: GPL-3.0-or-later
// Every case the synthetic FSDP scenarios were built to contain (the facts sidecar of
// core/synth): steps, each compute-stream gap with its cause, the default GEMM-gap view, MFU,
// memory, and which advice each scenario gets — and which it must not.
#include "core/analysis/run/Analysis.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <memory>

using namespace lanescope;
using namespace lanescope::analysis;

Q_DECLARE_METATYPE(lanescope::synth::Scenario)

namespace {

struct Generated
{
    std::shared_ptr<Trace> trace;
    QJsonObject facts; // ranks[0]
};

// One generation per scenario for all test functions.
const Generated &generated(synth::Scenario s)
{
    static std::map<synth::Scenario, Generated> cache;
    static QTemporaryDir dir;
    auto it = cache.find(s);
    if (it != cache.end())
        return it->second;
    synth::SynthConfig c;
    c.scenario = s;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString path = dir.filePath(QString::fromLatin1(synth::scenarioName(s)) + QStringLiteral(".json"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        f.close();
    }
    Generated g;
    g.trace = loadTrace(path).trace;
    g.facts = QJsonDocument::fromJson(QByteArray::fromStdString(out.facts)).object().value(QStringLiteral("ranks")).toArray().at(0).toObject();
    return cache.emplace(s, std::move(g)).first->second;
}

double relUs(const Trace &t, TimeNs ns) { return double(ns - t.minTs) / 1000.0; }

AnalysisOptions mfuOptions()
{
    AnalysisOptions o;
    o.mfu.params = 7e9;
    o.mfu.tokensPerStep = 8192; // per GPU, the generator's default
    return o;
}

} // namespace

class TestAnalysisSynth : public QObject
{
    Q_OBJECT
private slots:
    void scenarios_data()
    {
        QTest::addColumn<synth::Scenario>("scenario");
        QTest::newRow("fsdp-baseline") << synth::Scenario::Baseline;
        QTest::newRow("fsdp-prefetch") << synth::Scenario::Prefetch;
        QTest::newRow("fsdp-tuned") << synth::Scenario::Tuned;
    }

    void allGapsAndCauses_data() { scenarios_data(); }
    void allGapsAndCauses()
    {
        // The facts list every compute-stream gap of 1 ms or more, with its cause.
        QFETCH(synth::Scenario, scenario);
        const Generated &g = generated(scenario);
        QVERIFY(g.trace);
        GapOptions o;
        o.minGap = 1'000'000;
        o.kernels = GapKernels::All;
        const std::vector<Gap> gaps = findGaps(*g.trace, o);
        const QJsonArray facts = g.facts.value(QStringLiteral("gaps")).toArray();
        QCOMPARE(gaps.size(), std::size_t(facts.size()));
        for (qsizetype k = 0; k < facts.size(); ++k) {
            const QJsonObject f = facts.at(k).toObject();
            const Gap &x = gaps[std::size_t(k)];
            const QString where = QStringLiteral("gap %1 (%2)").arg(k).arg(f.value(QStringLiteral("where")).toString());
            QVERIFY2(std::abs(relUs(*g.trace, x.start) - f.value(QStringLiteral("start_us")).toDouble()) < 0.002, qPrintable(where));
            QVERIFY2(std::abs(double(x.dur) / 1000.0 - f.value(QStringLiteral("dur_us")).toDouble()) < 0.002, qPrintable(where));
            QCOMPARE(x.stream, std::int64_t(f.value(QStringLiteral("stream")).toInt()));
            QCOMPARE(x.before, f.value(QStringLiteral("before")).toString());
            QCOMPARE(x.after, f.value(QStringLiteral("after")).toString());
            QCOMPARE(x.gemmBefore, f.value(QStringLiteral("gemm_before")).toString());
            QCOMPARE(x.gemmAfter, f.value(QStringLiteral("gemm_after")).toString());
            QCOMPARE(x.betweenGemms, f.value(QStringLiteral("between_gemms")).toBool());
            QVERIFY2(QString::fromLatin1(gapCauseName(x.cause)) == f.value(QStringLiteral("cause")).toString(),
                     qPrintable(where + QStringLiteral(": ") + QString::fromLatin1(gapCauseName(x.cause)) + QStringLiteral(" vs ")
                                + f.value(QStringLiteral("cause")).toString()));
            QVERIFY(!x.evidence.isEmpty());
            // Layers wait for their parameters' AllGather; the optimizer for the last ReduceScatter.
            if (x.cause == GapCause::CommWait)
                QCOMPARE(x.collective, f.value(QStringLiteral("where")).toString().startsWith(QLatin1String("optimizer"))
                                           ? QStringLiteral("ReduceScatter")
                                           : QStringLiteral("AllGather"));
        }
    }

    void defaultGemmGaps_data() { scenarios_data(); }
    void defaultGemmGaps()
    {
        // Default view: 15 ms or more, between two GEMMs of the stream (non-GEMM kernels in between
        // allowed): exactly the facts' gaps of that length that have a GEMM on both sides.
        QFETCH(synth::Scenario, scenario);
        const Generated &g = generated(scenario);
        const std::vector<Gap> gaps = findGaps(*g.trace, GapOptions{});
        std::vector<QJsonObject> expected;
        for (const auto &v : g.facts.value(QStringLiteral("gaps")).toArray()) {
            const QJsonObject f = v.toObject();
            if (f.value(QStringLiteral("dur_us")).toDouble() >= 15000 && !f.value(QStringLiteral("gemm_before")).toString().isEmpty()
                && !f.value(QStringLiteral("gemm_after")).toString().isEmpty())
                expected.push_back(f);
        }
        QCOMPARE(gaps.size(), expected.size());
        QVERIFY(!gaps.empty());
        for (std::size_t k = 0; k < gaps.size(); ++k) {
            QVERIFY(std::abs(relUs(*g.trace, gaps[k].start) - expected[k].value(QStringLiteral("start_us")).toDouble()) < 0.002);
            QCOMPARE(QString::fromLatin1(gapCauseName(gaps[k].cause)), expected[k].value(QStringLiteral("cause")).toString());
        }
    }

    void stepsMfuMemory_data() { scenarios_data(); }
    void stepsMfuMemory()
    {
        QFETCH(synth::Scenario, scenario);
        const Generated &g = generated(scenario);
        const AnalysisResult r = analyze(*g.trace, mfuOptions());
        const QJsonArray steps = g.facts.value(QStringLiteral("steps")).toArray();
        QCOMPARE(r.steps.size(), std::size_t(steps.size()));
        for (qsizetype k = 0; k < steps.size(); ++k) {
            const QJsonObject s = steps.at(k).toObject();
            QCOMPARE(r.steps[std::size_t(k)].name, s.value(QStringLiteral("name")).toString());
            QVERIFY(std::abs(relUs(*g.trace, r.steps[std::size_t(k)].start) - s.value(QStringLiteral("start_us")).toDouble()) < 0.002);
            QVERIFY(std::abs(double(r.steps[std::size_t(k)].dur) / 1000.0 - s.value(QStringLiteral("dur_us")).toDouble()) < 0.002);
            QVERIFY(r.steps[std::size_t(k)].gpuDur > 0);
        }
        const QJsonObject m = g.facts.value(QStringLiteral("mfu")).toObject();
        QVERIFY(r.mfu.valid);
        QCOMPARE(r.mfu.gpuName, QStringLiteral("NVIDIA A100-SXM4-80GB"));
        QVERIFY(qFuzzyCompare(r.mfu.stepS, m.value(QStringLiteral("step_s")).toDouble()));
        QVERIFY(qFuzzyCompare(r.mfu.tokensPerSPerGpu, m.value(QStringLiteral("tokens_per_s_per_gpu")).toDouble()));
        QVERIFY(qFuzzyCompare(r.mfu.achievedTflops, m.value(QStringLiteral("achieved_tflops")).toDouble()));
        QVERIFY(qFuzzyCompare(r.mfu.peakTflops, m.value(QStringLiteral("peak_tflops")).toDouble()));
        QVERIFY(qFuzzyCompare(r.mfu.mfuPct, m.value(QStringLiteral("mfu_pct")).toDouble()));

        // Tokens given for the whole job: divided by the world size the trace names (32).
        AnalysisOptions global = mfuOptions();
        global.mfu.tokensPerStep = 8192.0 * 32;
        global.mfu.tokensGlobal = true;
        QVERIFY(qFuzzyCompare(analyze(*g.trace, global).mfu.mfuPct, r.mfu.mfuPct));

        const QJsonObject mem = g.facts.value(QStringLiteral("memory")).toObject();
        QCOMPARE(r.memory.peakAllocated, mem.value(QStringLiteral("peak_allocated_bytes")).toInteger());
        QCOMPARE(r.memory.peakReserved, mem.value(QStringLiteral("peak_reserved_bytes")).toInteger());
        QCOMPARE(r.memory.mallocCalls, mem.value(QStringLiteral("alloc_calls")).toInteger());
        QCOMPARE(r.memory.freeCalls, mem.value(QStringLiteral("free_calls")).toInteger());
        QCOMPARE(r.memory.allocEvents, mem.value(QStringLiteral("alloc_events")).toInteger());
        QCOMPARE(r.memory.freeEvents, mem.value(QStringLiteral("free_events")).toInteger());
        QCOMPARE(r.memory.spikes.empty(), r.memory.mallocCalls == 0);
    }

    // The FLOPs of the model's GEMMs and attention from their Input Dims (ops_efficiency) are the
    // facts' per call, every counted op and shape found, counted over the measured steps (all
    // recorded steps but the last, Steps.h).
    void opFlops_data() { scenarios_data(); }
    void opFlops()
    {
        QFETCH(synth::Scenario, scenario);
        const Generated &g = generated(scenario);
        QVERIFY(g.trace);
        const AnalysisResult r = analyze(*g.trace);
        const QJsonArray facts = g.facts.value(QStringLiteral("op_flops")).toArray();
        QVERIFY(facts.size() >= 5);
        QCOMPARE(r.opsEfficiency.ops.size(), std::size_t(facts.size()));
        const qint64 recorded = g.facts.value(QStringLiteral("steps")).toArray().size();
        QVERIFY(recorded >= 2);
        double total = 0;
        for (const QJsonValue &v : facts) {
            const QJsonObject f = v.toObject();
            const QString name = f.value(QStringLiteral("name")).toString(), shapes = f.value(QStringLiteral("shapes")).toString();
            const auto it = std::find_if(r.opsEfficiency.ops.begin(), r.opsEfficiency.ops.end(),
                                         [&](const OpEfficiencyRow &o) { return o.name == name && o.shapes == shapes; });
            QVERIFY2(it != r.opsEfficiency.ops.end(), qPrintable(name + QLatin1Char(' ') + shapes));
            QCOMPARE(it->count * recorded, f.value(QStringLiteral("calls")).toInteger() * (recorded - 1));
            QCOMPARE(it->flops / double(it->count), f.value(QStringLiteral("flops")).toDouble());
            QCOMPARE(it->dtype, QStringLiteral("bf16"));
            QVERIFY(it->gpuNs > 0); // its kernels found by correlation
            total += it->flops;
        }
        QCOMPARE(r.opsEfficiency.totalFlops, total);
    }

    void advice_data()
    {
        QTest::addColumn<synth::Scenario>("scenario");
        QTest::addColumn<bool>("allGathers");
        QTest::addColumn<bool>("allocator");
        QTest::newRow("fsdp-baseline") << synth::Scenario::Baseline << true << true;
        QTest::newRow("fsdp-prefetch") << synth::Scenario::Prefetch << false << true;
        QTest::newRow("fsdp-tuned") << synth::Scenario::Tuned << false << false;
    }
    void advice()
    {
        QFETCH(synth::Scenario, scenario);
        QFETCH(bool, allGathers);
        QFETCH(bool, allocator);
        const Generated &g = generated(scenario);
        const AnalysisResult r = analyze(*g.trace, mfuOptions());
        QStringList ids;
        for (const Advice &a : r.advice) {
            ids << a.id;
            QVERIFY(!a.title.isEmpty());
            QVERIFY(!a.evidence.isEmpty());
            QVERIFY2(!a.where.empty(), qPrintable(a.id));
            QVERIFY(a.where.from >= g.trace->minTs && a.where.to <= g.trace->maxTs);
        }
        qInfo("%s advice: %s", synth::scenarioName(scenario), qPrintable(ids.join(QLatin1String(", "))));
        QCOMPARE(ids.contains(QStringLiteral("fsdp_limit_all_gathers")), allGathers);
        QCOMPARE(ids.contains(QStringLiteral("allocator_churn")), allocator);
        if (scenario == synth::Scenario::Tuned)
            QVERIFY2(r.advice.empty(), qPrintable(ids.join(QLatin1String(", "))));
        for (const Advice &a : r.advice)
            if (a.id == QLatin1String("fsdp_limit_all_gathers"))
                QVERIFY(a.title.contains(QLatin1String("limit_all_gathers=False")));
    }

    // What each fix is worth, checked against the trio's measured runs (their facts sidecars, which
    // the generator computes from its own model, not from this analysis). The projection is an upper
    // bound on the gain: the run that applies the fix may not beat it.
    void projectedGain()
    {
        const Generated &base = generated(synth::Scenario::Baseline);
        const Generated &pre = generated(synth::Scenario::Prefetch);
        const Generated &tuned = generated(synth::Scenario::Tuned);
        auto stepS = [](const Generated &g) { return g.facts.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("step_s")).toDouble(); };
        auto mfuPct = [](const Generated &g) { return g.facts.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("mfu_pct")).toDouble(); };
        // The generator's comm-wait gaps of a millisecond or more, per step: all the idle time
        // waiting on collectives that any fix of the AllGathers could take out.
        auto commWaitPerStep = [](const Generated &g) {
            double us = 0;
            for (const QJsonValue v : g.facts.value(QStringLiteral("gaps")).toArray()) {
                const QJsonObject o = v.toObject();
                if (o.value(QStringLiteral("cause")).toString() == QLatin1String("comm_wait")
                    && o.value(QStringLiteral("dur_us")).toDouble() >= 1000.0)
                    us += o.value(QStringLiteral("dur_us")).toDouble();
            }
            return us / 1e6 / double(g.facts.value(QStringLiteral("steps")).toArray().size());
        };
        auto adviceOf = [](const AnalysisResult &r, const char *id) -> const Advice * {
            for (const Advice &a : r.advice)
                if (a.id == QLatin1String(id))
                    return &a;
            return nullptr;
        };

        const AnalysisResult rb = analyze(*base.trace, mfuOptions());
        const Advice *ag = adviceOf(rb, "fsdp_limit_all_gathers");
        QVERIFY(ag);
        qInfo("baseline, limit_all_gathers=False: step %.3f s -> %.3f s, MFU %.1f %% -> %.1f %% replayed; "
              "fsdp-prefetch measures %.3f s / %.1f %%",
              ag->stepS, ag->projectedStepS, ag->mfuPct, ag->projectedMfuPct, stepS(pre), mfuPct(pre));
        QVERIFY(qFuzzyCompare(ag->stepS, stepS(base)));
        QVERIFY(qFuzzyCompare(ag->mfuPct, mfuPct(base)));
        // No more than every comm wait can go, and the run with prefetch does not beat the bound.
        QVERIFY(ag->projectedStepS >= stepS(base) - commWaitPerStep(base) - 1e-6);
        QVERIFY(ag->projectedStepS < stepS(pre));
        QVERIFY(ag->projectedMfuPct > mfuPct(pre));
        QVERIFY(qFuzzyCompare(ag->projectedMfuPct, ag->mfuPct * ag->stepS / ag->projectedStepS));
        // The case study: ~1.10 s of comm wait in each 3.90 s step. The projection is a replay of the
        // step with the AllGathers issued early (replay/AdviceReplay.h), not the bound 3.90 - 1.10:
        // it lands within 15 % of the prefetch run's measured step (which also pays the allocator
        // churn prefetching brings), MFU from 28 % to about 38 %.
        QVERIFY(std::abs(ag->projectedStepS - stepS(pre)) < 0.15 * stepS(pre));
        QVERIFY(ag->projectedMfuPct > 35.0 && ag->projectedMfuPct < 40.0);
        QVERIFY(ag->evidence.contains(QLatin1String("replayed on")));
        QVERIFY(!ag->evidence.contains(QLatin1String("at most")));

        // The prefetch run's allocator churn: its projection is still slower than the tuned run,
        // which also fuses kernels (torch.compile).
        const AnalysisResult rp = analyze(*pre.trace, mfuOptions());
        const Advice *al = adviceOf(rp, "allocator_churn");
        QVERIFY(al);
        qInfo("prefetch, allocator fix: step %.3f s -> %.3f s, MFU %.1f %% -> %.1f %% at most; fsdp-tuned measures %.3f s / %.1f %%",
              al->stepS, al->projectedStepS, al->mfuPct, al->projectedMfuPct, stepS(tuned), mfuPct(tuned));
        QVERIFY(al->projectedStepS < stepS(pre));
        QVERIFY(al->projectedStepS > stepS(tuned));
        QVERIFY(al->projectedMfuPct < mfuPct(tuned));
    }

    void limitToOneStep()
    {
        // The analysis limited to one step sees that step's gaps only.
        const Generated &g = generated(synth::Scenario::Baseline);
        AnalysisOptions o = mfuOptions();
        o.step = 3;
        const AnalysisResult r = analyze(*g.trace, o);
        QVERIFY(r.error.isEmpty());
        QVERIFY(!r.analysed.empty());
        QVERIFY(!r.gaps.empty());
        for (const Gap &x : r.gaps)
            QVERIFY(r.analysed.contains(x.start));
        QVERIFY(r.mfu.valid);
        QVERIFY(std::abs(r.mfu.stepS * 1e6 - g.facts.value(QStringLiteral("steps")).toArray().at(1).toObject().value(QStringLiteral("dur_us")).toDouble()) < 0.01);
        o.step = 99;
        QVERIFY(!analyze(*g.trace, o).error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAnalysisSynth)
#include "tst_analysis_synth.moc"
