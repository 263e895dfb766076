// SPDX-License-Identifier: GPL-3.0-or-later
// The replay of a step (core/analysis/measures/replay): unchanged, it reproduces every real trace's measured
// step; on the ResNet-50 input-bound pair the data-loader fix lands on the optimized run's step and
// gains the most; on the synthetic FSDP trio the AllGather fix lands on the prefetch run's step with
// its higher peak memory, and the allocator fix removes the allocator idle time the facts list;
// advice replayed (AdviceReplay.h) puts the data loader first; `whatif` prints it.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/measures/replay/AdviceReplay.h"
#include "core/analysis/measures/replay/Replay.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <memory>
#include <optional>

using namespace lanescope;
using namespace lanescope::analysis;
using namespace lanescope::analysis::replay;

namespace {

struct Generated
{
    QString path;
    std::shared_ptr<Trace> trace;
    QJsonObject facts; // ranks[0]
};

const Generated &generated(const QString &name)
{
    static std::map<QString, Generated> cache;
    static QTemporaryDir dir;
    auto it = cache.find(name);
    if (it != cache.end())
        return it->second;
    synth::SynthConfig c;
    synth::scenarioFromName(name, &c.scenario);
    const synth::SynthOutput out = synth::synthesize(c);
    Generated g;
    g.path = dir.filePath(name + QStringLiteral(".json"));
    QFile f(g.path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        f.close();
    }
    g.trace = loadTrace(g.path).trace;
    g.facts = QJsonDocument::fromJson(QByteArray::fromStdString(out.facts)).object().value(QStringLiteral("ranks")).toArray().at(0).toObject();
    return cache.emplace(name, std::move(g)).first->second;
}

// The step a replay is of: the median complete step, as the critical path takes it.
std::optional<Step> replayStep(const detail::EvidenceIndex &ix)
{
    const std::vector<Step> measured = measuredSteps(ix.steps, ix.steps);
    const Step *s = criticalPathStep(measured, -1, nullptr);
    return s ? std::optional<Step>(*s) : std::nullopt;
}

// The measured step time of a trace (Steps.h's rule).
double stepTimeNs(const detail::EvidenceIndex &ix) { return medianStepNs(measuredSteps(ix.steps, ix.steps)); }

std::vector<Fix> fixesOf(const QString &text)
{
    std::vector<Fix> f;
    QString error;
    if (!parseFixes(text, &f, &error))
        qWarning("%s", qPrintable(error));
    return f;
}

const QString kEveryFix = QStringLiteral("dataloader,sync_on_critical_path,allocator_churn,launch_bound,gemm_faster:20,comm_faster:20,"
                                         "fsdp_limit_all_gathers");

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT
private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("count");
        QTest::newRow("one") << "dataloader" << true << 1;
        QTest::newRow("several") << "dataloader,gemm_faster:20,comm_faster:12.5" << true << 3;
        QTest::newRow("both launch spellings twice") << "launch_bound,cpu_bound_launch" << false << 0;
        QTest::newRow("unknown") << "dataloader,faster" << false << 0;
        QTest::newRow("percent missing") << "gemm_faster" << false << 0;
        QTest::newRow("percent 100") << "gemm_faster:100" << false << 0;
        QTest::newRow("percent 0") << "comm_faster:0" << false << 0;
        QTest::newRow("value where none") << "dataloader:5" << false << 0;
        QTest::newRow("empty") << "," << false << 0;
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(int, count);
        std::vector<Fix> f;
        QString error;
        QCOMPARE(parseFixes(text, &f, &error), ok);
        if (ok)
            QCOMPARE(int(f.size()), count);
        else
            QVERIFY2(error.contains(QLatin1String("dataloader")) || error.contains(QLatin1String("percentage"))
                         || error.contains(QLatin1String("twice")) || error.contains(QLatin1String("no value")),
                     qPrintable(error));
    }

    // Unchanged, the replay reproduces the measured step within 2 % on every real trace with
    // steps (the whole trace as a window where it has none); no fix but fsdp_limit_all_gathers
    // (which adds waits) makes a step longer; with no fix every activity keeps its measured start.
    void unchangedReplay()
    {
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP("no real traces (set LANESCOPE_TRACES_DIR): skipped");
        qInfo("%-48s %-18s %12s %12s %8s", "trace", "step", "measured ms", "replayed ms", "error %");
        int withSteps = 0;
        for (const QString &path : files) {
            const LoadResult lr = loadTrace(path);
            QVERIFY2(lr.trace, qPrintable(path));
            const detail::EvidenceIndex ix(*lr.trace);
            const std::optional<Step> step = replayStep(ix);
            const ReplayGraph g = step ? buildReplayGraph(ix, *step) : buildReplayGraph(ix, TimeRange{lr.trace->minTs, lr.trace->maxTs});
            if (!g.valid) {
                qInfo("%-48s no replay: %s", qPrintable(QFileInfo(path).fileName()), qPrintable(g.error));
                QVERIFY2(!step, qPrintable(path + QStringLiteral(": ") + g.error));
                continue;
            }
            withSteps += step ? 1 : 0;
            const WhatIf w = whatIf(g, fixesOf(kEveryFix), -1);
            QVERIFY(w.valid);
            const double err = 100.0 * std::abs(double(w.replayedNs - w.stepNs)) / double(std::max<TimeNs>(1, w.stepNs));
            qInfo("%-48s %-18s %12.3f %12.3f %8.3f", qPrintable(QFileInfo(path).fileName()),
                  qPrintable(step ? step->name : QStringLiteral("(whole trace)")), double(w.stepNs) / 1e6, double(w.replayedNs) / 1e6, err);
            QVERIFY2(err <= 2.0, qPrintable(path));
            for (const FixProjection &p : w.fixes)
                if (!p.id.startsWith(QLatin1String("fsdp")))
                    QVERIFY2(p.projectedNs <= w.stepNs, qPrintable(path + QStringLiteral(": ") + p.id));
            const WhatIf none = whatIf(g, {}, -1);
            for (const ProjectedActivity &a : none.activities) {
                QCOMPARE(a.projectedStart, a.start);
                QCOMPARE(a.projectedEnd, a.end);
            }
        }
        QVERIFY(withSteps >= 10); // the shared set has about a dozen traces with steps
    }

    // The input-bound ResNet-50: with the batch ready when asked, the baseline's step lands
    // within 10 % of the optimized run's (num_workers 0 -> 4; measured 176.5 -> 123.1 ms), and
    // of every fix the data loader gains the most.
    void resnetDataLoader()
    {
        LANESCOPE_REQUIRE_TRACE(basePath, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(optPath, "resnet50-dataloader-optimized.pt.trace.json.gz");
        const LoadResult base = loadTrace(basePath), opt = loadTrace(optPath);
        QVERIFY(base.trace && opt.trace);
        const detail::EvidenceIndex bix(*base.trace), oix(*opt.trace);
        const double optStep = stepTimeNs(oix);
        const std::optional<Step> step = replayStep(bix);
        QVERIFY(step);
        const WhatIf w = whatIf(buildReplayGraph(bix, *step), fixesOf(kEveryFix), -1);
        QVERIFY(w.valid);
        const FixProjection *best = nullptr, *dl = nullptr, *sync = nullptr;
        for (const FixProjection &p : w.fixes) {
            qInfo("baseline %s: %s %.1f -> %.1f ms", qPrintable(w.step.name), qPrintable(p.id), double(w.stepNs) / 1e6, double(p.projectedNs) / 1e6);
            if (!best || p.gainNs > best->gainNs)
                best = &p;
            if (p.id == QLatin1String("dataloader"))
                dl = &p;
            if (p.id == QLatin1String("sync_on_critical_path"))
                sync = &p;
        }
        QVERIFY(dl && sync);
        qInfo("optimized run's step %.1f ms; baseline replayed with dataloader %.1f ms (%.1f %% off)", optStep / 1e6,
              double(dl->projectedNs) / 1e6, 100.0 * std::abs(double(dl->projectedNs) - optStep) / optStep);
        QVERIFY(std::abs(double(dl->projectedNs) - optStep) <= 0.10 * optStep);
        QCOMPARE(best->id, QStringLiteral("dataloader"));
        QVERIFY(dl->gainNs > sync->gainNs);
        QVERIFY(dl->removedPartsNs[std::size_t(PathPart::Cpu)] > 0); // the wait is CPU time on the path

        // The optimized run has no data-loader wait left to remove.
        const std::optional<Step> ostep = replayStep(oix);
        QVERIFY(ostep);
        const WhatIf o = whatIf(buildReplayGraph(oix, *ostep), fixesOf(QStringLiteral("dataloader")), -1);
        QVERIFY(o.valid);
        QVERIFY(o.fixes.front().gainNs < TimeNs(0.02 * double(o.stepNs)));
    }

    // Advice replayed: on the baseline the data loader comes first, its projected step within
    // 10 % of the optimized run's; on the optimized run no advice claims the data loader; every
    // advice kept gains at least 2 % of the step, in order of gain.
    void adviceReplayResnet()
    {
        LANESCOPE_REQUIRE_TRACE(basePath, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(optPath, "resnet50-dataloader-optimized.pt.trace.json.gz");
        for (const QString &path : {basePath, optPath}) {
            const LoadResult lr = loadTrace(path);
            QVERIFY(lr.trace);
            const AnalysisResult r = analyze(*lr.trace);
            const detail::EvidenceIndex ix(*lr.trace);
            const std::optional<Step> step = replayStep(ix);
            QVERIFY(step);
            std::vector<Advice> advice = r.advice;
            QVERIFY(replayAdvice(advice, ix, *step, -1));
            qInfo("%s: advice before the replay: %d, after: %d", qPrintable(QFileInfo(path).fileName()), int(r.advice.size()), int(advice.size()));
            double prevGain = 1e300;
            for (const Advice &a : advice) {
                qInfo("  %s: step %.1f -> %.1f ms", qPrintable(a.id), a.stepS * 1e3, a.projectedStepS * 1e3);
                if (a.projectedStepS > 0) {
                    const double gain = a.stepS - a.projectedStepS;
                    QVERIFY(gain >= 0.02 * a.stepS - 1e-9);
                    QVERIFY(gain <= prevGain + 1e-12);
                    prevGain = gain;
                }
            }
            if (path == basePath) {
                QVERIFY(!advice.empty());
                QCOMPARE(advice.front().id, QStringLiteral("dataloader"));
                const LoadResult opt = loadTrace(optPath);
                const double optStep = stepTimeNs(detail::EvidenceIndex(*opt.trace)) / 1e9;
                QVERIFY(std::abs(advice.front().projectedStepS - optStep) <= 0.10 * optStep);
                QVERIFY(advice.front().evidence.contains(QLatin1String("critical path")));
            } else {
                for (const Advice &a : advice)
                    QVERIFY(a.id != QLatin1String("dataloader"));
            }
        }
    }

    // The synthetic trio (ground truth in the facts): the baseline's AllGathers issued a unit
    // early land within 15 % of the prefetch run's measured step and raise the peak memory by a
    // gathered unit; the prefetch run without allocator churn sheds the allocator idle time the
    // facts list for that step (within 10 %).
    void synthFsdp()
    {
        const Generated &base = generated(QStringLiteral("fsdp-baseline"));
        const Generated &pre = generated(QStringLiteral("fsdp-prefetch"));
        QVERIFY(base.trace && pre.trace);
        const detail::EvidenceIndex bix(*base.trace), pix(*pre.trace);
        const double preStep = stepTimeNs(pix);
        const std::optional<Step> bstep = replayStep(bix);
        QVERIFY(bstep);
        const ReplayGraph bg = buildReplayGraph(bix, *bstep);
        QVERIFY(bg.valid);
        QVERIFY(bg.allGatherGates > 0);
        const WhatIf w = whatIf(bg, fixesOf(QStringLiteral("fsdp_limit_all_gathers")), -1);
        QVERIFY(w.valid);
        const FixProjection &p = w.fixes.front();
        qInfo("baseline %s %.1f ms + fsdp_limit_all_gathers -> %.1f ms; prefetch run's step %.1f ms (%.1f %% off); peak %lld -> %lld B",
              qPrintable(w.step.name), double(w.stepNs) / 1e6, double(p.projectedNs) / 1e6, preStep / 1e6,
              100.0 * std::abs(double(p.projectedNs) - preStep) / preStep, qlonglong(w.peakBytes), qlonglong(p.projectedPeakBytes));
        QVERIFY(std::abs(double(p.projectedNs) - preStep) <= 0.15 * preStep);
        QVERIFY(w.peakBytes > 0);
        QVERIFY(p.projectedPeakBytes > w.peakBytes);
        // The prefetch run's own peak is higher than the baseline's by about one gathered unit.
        const qint64 prePeak = qint64(pre.facts.value(QStringLiteral("memory")).toObject().value(QStringLiteral("peak_allocated_bytes")).toDouble());
        const qint64 basePeak = qint64(base.facts.value(QStringLiteral("memory")).toObject().value(QStringLiteral("peak_allocated_bytes")).toDouble());
        QVERIFY(prePeak > basePeak);
        QVERIFY(std::abs(double(p.projectedPeakBytes - w.peakBytes) - double(prePeak - basePeak)) <= 0.10 * double(prePeak - basePeak));

        // The rate limiter's waits are the AllGather fix's: the synchronisation fix does not claim them.
        const WhatIf both = whatIf(bg, fixesOf(QStringLiteral("fsdp_limit_all_gathers,sync_on_critical_path")), -1);
        QVERIFY(both.valid);
        qInfo("baseline: fsdp_limit_all_gathers gains %.1f ms, sync_on_critical_path %.1f ms", double(both.fixes[0].gainNs) / 1e6,
              double(both.fixes[1].gainNs) / 1e6);
        QVERIFY(both.fixes[1].gainNs < both.fixes[0].gainNs / 10);

        // A device too small for the extra gathered unit: the replay says the change would run out of memory.
        QVERIFY(w.warnings.filter(QStringLiteral("exceeds")).isEmpty());
        ReplayGraph small = bg;
        small.deviceMemoryBytes = (w.peakBytes + p.projectedPeakBytes) / 2;
        const WhatIf oom = whatIf(small, fixesOf(QStringLiteral("fsdp_limit_all_gathers")), -1);
        QCOMPARE(oom.warnings.filter(QStringLiteral("exceeds")).size(), 1);
        const WhatIf noFsdp = whatIf(small, fixesOf(QStringLiteral("allocator_churn")), -1);
        QVERIFY(noFsdp.warnings.filter(QStringLiteral("exceeds")).isEmpty());

        const std::optional<Step> pstep = replayStep(pix);
        QVERIFY(pstep);
        const WhatIf a = whatIf(buildReplayGraph(pix, *pstep), fixesOf(QStringLiteral("allocator_churn")), -1);
        QVERIFY(a.valid);
        double allocatorIdleUs = -1;
        for (const QJsonValue &v : pre.facts.value(QStringLiteral("critical_path")).toArray())
            if (v.toObject().value(QStringLiteral("step")).toString() == pstep->name)
                allocatorIdleUs = v.toObject().value(QStringLiteral("allocator_idle_us")).toDouble();
        QVERIFY(allocatorIdleUs > 0);
        const double gainUs = double(a.fixes.front().gainNs) / 1e3;
        qInfo("prefetch %s + allocator_churn: gains %.1f ms; the facts' allocator idle %.1f ms", qPrintable(pstep->name), gainUs / 1e3,
              allocatorIdleUs / 1e3);
        QVERIFY(std::abs(gainUs - allocatorIdleUs) <= 0.10 * allocatorIdleUs);
    }

    // Advice replayed on the synthetic baseline: the AllGather advice comes first, its projected
    // step within 15 % of the prefetch run's.
    void adviceReplaySynth()
    {
        const Generated &base = generated(QStringLiteral("fsdp-baseline"));
        const Generated &pre = generated(QStringLiteral("fsdp-prefetch"));
        QVERIFY(base.trace && pre.trace);
        const AnalysisResult r = analyze(*base.trace);
        const detail::EvidenceIndex ix(*base.trace);
        const std::optional<Step> step = replayStep(ix);
        QVERIFY(step);
        std::vector<Advice> advice = r.advice;
        QVERIFY(replayAdvice(advice, ix, *step, -1));
        for (const Advice &a : advice)
            qInfo("  %s: step %.1f -> %.1f ms", qPrintable(a.id), a.stepS * 1e3, a.projectedStepS * 1e3);
        QVERIFY(!advice.empty());
        QCOMPARE(advice.front().id, QStringLiteral("fsdp_limit_all_gathers"));
        const double preStep = stepTimeNs(detail::EvidenceIndex(*pre.trace)) / 1e9;
        QVERIFY(std::abs(advice.front().projectedStepS - preStep) <= 0.15 * preStep);
    }

    // lanescope-cli whatif: the JSON contract, the text, and exit 2 naming the fixes on a bad id.
    void cli()
    {
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        const test::CliRun j = test::runCli({QStringLiteral("whatif"), path, QStringLiteral("--fix"),
                                             QStringLiteral("dataloader,gemm_faster:20"), QStringLiteral("--json")});
        QCOMPARE(j.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(j.out).object();
        QVERIFY(o.value(QStringLiteral("step")).toString().startsWith(QLatin1String("ProfilerStep#")));
        QVERIFY(o.value(QStringLiteral("step_us")).toDouble() > 0);
        const QJsonArray fixes = o.value(QStringLiteral("fixes")).toArray();
        QCOMPARE(fixes.size(), 2);
        for (const QJsonValue &v : fixes) {
            const QJsonObject f = v.toObject();
            for (const char *key : {"id", "projected_step_us", "projected_mfu_pct", "projected_peak_bytes", "removed_parts_us"})
                QVERIFY2(f.contains(QLatin1String(key)), key);
            QVERIFY(f.value(QStringLiteral("projected_step_us")).toDouble() <= o.value(QStringLiteral("step_us")).toDouble());
            QCOMPARE(f.value(QStringLiteral("projected_mfu_pct")).toDouble(), -1.0);
        }
        QCOMPARE(fixes.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("dataloader"));
        QVERIFY(o.value(QStringLiteral("combined")).toObject().contains(QStringLiteral("removed_parts_us")));
        QVERIFY(o.value(QStringLiteral("warnings")).isArray());

        const test::CliRun s = test::runCli({QStringLiteral("whatif"), path, QStringLiteral("--fix"), QStringLiteral("dataloader"),
                                             QStringLiteral("--step"), QStringLiteral("9")});
        QCOMPARE(s.exitCode, 0);
        QVERIFY(s.out.contains("ProfilerStep#9"));
        QVERIFY(s.out.contains("dataloader"));

        const test::CliRun bad = test::runCli({QStringLiteral("whatif"), path, QStringLiteral("--fix"), QStringLiteral("nonsense")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("nonsense"));
        QVERIFY(bad.err.contains("fsdp_limit_all_gathers"));
        QCOMPARE(bad.err.count('\n'), 1);
        // Misuse is one line and exit 2: no such step, a window past the trace, --instance alone, no --fix.
        const QString fix = QStringLiteral("--fix"), dl = QStringLiteral("dataloader"), w0 = QStringLiteral("whatif");
        for (const QStringList &args : {QStringList{w0, path, fix, dl, QStringLiteral("--step"), QStringLiteral("999")},
                                        QStringList{w0, path, fix, dl, QStringLiteral("--from-us"), QStringLiteral("1e9"), QStringLiteral("--to-us"),
                                                    QStringLiteral("2e9")},
                                        QStringList{w0, path, fix, dl, QStringLiteral("--instance"), QStringLiteral("1")},
                                        QStringList{w0, path}}) {
            const test::CliRun r = test::runCli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' '))));
            QCOMPARE(r.err.count('\n'), 1);
        }

        // A trace without ProfilerStep: an annotation's occurrence, replayed unchanged to its length.
        const QString mtia = test::tracePath(QStringLiteral("mtia-inference.json.gz"));
        if (QFileInfo::exists(mtia)) {
            const test::CliRun a = test::runCli({QStringLiteral("whatif"), mtia, QStringLiteral("--fix"), QStringLiteral("launch_bound"),
                                                 QStringLiteral("--annotation"), QStringLiteral("Stage::PyTorchMRSGIFTask::run"),
                                                 QStringLiteral("--instance"), QStringLiteral("3"), QStringLiteral("--json")});
            QCOMPARE(a.exitCode, 0);
            const QJsonObject ao = QJsonDocument::fromJson(a.out).object();
            QVERIFY(ao.value(QStringLiteral("step")).toString().contains(QLatin1String("Stage::PyTorchMRSGIFTask::run")));
            QVERIFY(ao.value(QStringLiteral("step_us")).toDouble() > 0);
            QCOMPARE(ao.value(QStringLiteral("replayed_step_us")).toDouble(), ao.value(QStringLiteral("step_us")).toDouble());
            const test::CliRun both = test::runCli({QStringLiteral("whatif"), mtia, QStringLiteral("--fix"), QStringLiteral("dataloader"),
                                                    QStringLiteral("--annotation"), QStringLiteral("x"), QStringLiteral("--step"),
                                                    QStringLiteral("1")});
            QCOMPARE(both.exitCode, 2);
        }

        const test::CliRun w = test::runCli({QStringLiteral("whatif"), path, QStringLiteral("--fix"), QStringLiteral("dataloader"),
                                             QStringLiteral("--from-us"), QStringLiteral("0"), QStringLiteral("--to-us"),
                                             QStringLiteral("200000"), QStringLiteral("--json")});
        QCOMPARE(w.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(w.out).object().value(QStringLiteral("step_us")).toDouble() > 0);
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
