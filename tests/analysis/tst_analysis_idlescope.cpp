// SPDX-License-Identifier: GPL-3.0-or-later
// Gaps are time the GPU computes nothing, every count and total of a run is over the analysed
// steps, and the advice claims no more of a step than the critical path spends on what its fix
// removes: on every shared real trace, the synthetic FSDP baseline and hand-built paths.
#include "tests/TestTraces.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/Format.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QLocale>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

TimeNs total(const std::vector<Gap> &gaps)
{
    TimeNs t = 0;
    for (const Gap &g : gaps)
        t += g.dur;
    return t;
}

const Advice *findAdvice(const AnalysisResult &r, const char *id)
{
    for (const Advice &a : r.advice)
        if (a.id == QLatin1String(id))
            return &a;
    return nullptr;
}

std::shared_ptr<Trace> synthBaseline()
{
    static std::shared_ptr<Trace> trace;
    static QTemporaryDir dir;
    if (trace)
        return trace;
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Baseline;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString path = dir.filePath(QStringLiteral("fsdp-baseline.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return nullptr;
    f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
    f.close();
    trace = loadTrace(path).trace;
    return trace;
}

// The scope and idle invariants of one analysis, for `what` (a trace and its options).
void checkScope(const Trace &trace, const AnalysisOptions &o, const QString &what)
{
    const AnalysisResult r = analyze(trace, o);
    QVERIFY2(r.error.isEmpty(), qPrintable(what));
    const TimeNs gaps = total(r.gaps);
    // Gaps are compute idle time, each instant once: all of them lie in the idle time.
    QVERIFY2(gaps <= r.computeIdle.idleNs,
             qPrintable(QStringLiteral("%1: gaps %2 ns > compute idle %3 ns").arg(what).arg(gaps).arg(r.computeIdle.idleNs)));
    QVERIFY2(r.computeIdle.inGapsNs == gaps,
             qPrintable(QStringLiteral("%1: gaps %2 ns, of which idle %3 ns").arg(what).arg(gaps).arg(r.computeIdle.inGapsNs)));
    // One scope: the listed gaps are the figures' and the header's, inside the measured steps.
    QCOMPARE(r.figures.gapCount, std::int64_t(r.gaps.size()));
    QCOMPARE(r.figures.gapTotalNs, gaps);
    QCOMPARE(r.computeIdle.gaps, int(r.gaps.size()));
    const std::vector<Step> measured = measuredSteps(r.steps, r.steps);
    if (o.range.empty() && o.step < 0 && !measured.empty()) {
        const TimeNs from = measured.front().start, to = measured.back().end();
        for (const Gap &g : r.gaps)
            QVERIFY2(g.start >= from && g.end() <= to, qPrintable(what));
    }
    // The advice counts the gaps of its cause at its own threshold over the same steps: those
    // are the gaps the same analysis lists at that threshold.
    AnalysisOptions fine = o;
    fine.gaps.minGap = kAdviceGapNs;
    fine.gaps.kernels = GapKernels::All;
    const AnalysisResult rf = analyze(trace, fine);
    for (const Advice &a : r.advice) {
        if (!a.listsGaps)
            continue;
        int n = 0;
        for (const Gap &g : rf.gaps)
            if (g.cause == a.gapCause && (a.gapCollective.isEmpty() || g.collective.contains(a.gapCollective, Qt::CaseInsensitive)))
                ++n;
        QVERIFY2(a.gapCount == n, qPrintable(QStringLiteral("%1: %2 counts %3 gaps, the analysis lists %4").arg(what, a.id).arg(a.gapCount).arg(n)));
        // Where the gap table keeps another number of them, the advice says how many it lists.
        int listed = 0;
        for (const Gap &g : r.gaps)
            if (g.cause == a.gapCause && (a.gapCollective.isEmpty() || g.collective.contains(a.gapCollective, Qt::CaseInsensitive)))
                ++listed;
        if (listed != a.gapCount)
            QVERIFY2(a.evidence.contains(QStringLiteral("%1 of them listed in the gaps table").arg(listed)), qPrintable(a.evidence));
    }
}

// What a CPU-side critical path spends in the DataLoader, launching, and blocked in syncs.
struct PathParts
{
    TimeNs cpu = 0, launchDelay = 0, sync = 0, syncCalls = 0;
};
PathParts partsOf(const CriticalPath &cp)
{
    PathParts p;
    p.cpu = cp.part(PathPart::Cpu);
    p.launchDelay = cp.part(PathPart::LaunchDelay);
    p.sync = cp.part(PathPart::Sync);
    for (const PathSync &s : cp.syncs)
        p.syncCalls += s.where.to - s.where.from;
    return p;
}

// No advice claims more of a step than the path's parts its fix removes (per step: the path is
// of one step, the explained time of every analysed step).
void checkAgainstPath(const AnalysisResult &r, const QString &what)
{
    if (!r.criticalPath.valid)
        return;
    const PathParts p = partsOf(r.criticalPath);
    const TimeNs steps = std::max<TimeNs>(1, r.figures.scope.stepsMeasured);
    for (const Advice &a : r.advice) {
        TimeNs bound = -1;
        if (a.id == QLatin1String("sync_on_critical_path"))
            bound = p.sync + std::min(p.syncCalls, p.cpu + p.launchDelay + r.criticalPath.part(PathPart::Idle));
        else if (a.id == QLatin1String("launch_bound") || a.id == QLatin1String("cpu_bound_launch"))
            bound = p.cpu + p.launchDelay;
        else if (a.id == QLatin1String("dataloader") && r.temporal.activities > 0)
            bound = p.cpu;
        if (bound < 0)
            continue;
        QVERIFY2(a.explainedNs <= bound * steps,
                 qPrintable(QStringLiteral("%1: %2 explains %3 ns over %4 step(s), the path's parts %5 ns a step")
                                .arg(what, a.id)
                                .arg(a.explainedNs)
                                .arg(steps)
                                .arg(bound)));
        if (a.id != QLatin1String("dataloader") || r.temporal.activities > 0)
            QVERIFY2(a.evidence.contains(r.criticalPath.step.name), qPrintable(what + QStringLiteral(": ") + a.evidence));
    }
}

} // namespace

class TestIdleScope : public QObject
{
    Q_OBJECT
private slots:
    // Every shared trace: the listed gaps (the default view and the advice's 1 ms, any kernel)
    // never add up to more than compute idle, and every surface's count is over the same steps.
    void sharedTraces_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces under %1 (set LANESCOPE_TRACES_DIR): skipped").arg(test::tracesDir())));
        for (const QString &f : files)
            QTest::newRow(qPrintable(QDir(test::tracesDir()).relativeFilePath(f))) << f;
    }
    void sharedTraces()
    {
        QFETCH(QString, path);
        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        AnalysisOptions o;
        {
            const AnalysisResult r = analyze(*l.trace, o);
            qInfo("%s: %zu gaps, %.3f ms; compute idle %.3f ms", qPrintable(QFileInfo(path).fileName()), r.gaps.size(),
                  double(total(r.gaps)) / 1e6, double(r.computeIdle.idleNs) / 1e6);
        }
        checkScope(*l.trace, o, path);
        o.gaps.minGap = kAdviceGapNs;
        o.gaps.kernels = GapKernels::All;
        checkScope(*l.trace, o, path + QStringLiteral(" (1 ms, all kernels)"));
        checkAgainstPath(analyze(*l.trace), path);
    }

    // The synthetic FSDP baseline: the figures, the header's gap count and the AllGather advice
    // say the same count over the two complete steps, and its per-step count divides by them.
    void synthBaselineOneScope()
    {
        const std::shared_ptr<Trace> t = synthBaseline();
        QVERIFY(t);
        checkScope(*t, AnalysisOptions{}, QStringLiteral("fsdp-baseline"));
        const AnalysisResult r = analyze(*t);
        const int steps = r.figures.scope.stepsMeasured;
        QVERIFY(steps >= 2 && steps < int(r.steps.size())); // the last step left out
        const Advice *ag = findAdvice(r, "fsdp_limit_all_gathers");
        QVERIFY(ag);
        QVERIFY(ag->gapCount > 0);
        QCOMPARE(r.computeIdle.gaps, int(r.figures.gapCount));
        // Per step: the count over the measured steps divided by their number.
        const QString perStep = QLocale().toString(double(ag->gapCount) / steps, 'f', 1);
        QVERIFY2(ag->evidence.contains((ag->gapCount == 1 ? QStringLiteral("%1 time (%2 per step)") : QStringLiteral("%1 times (%2 per step)")).arg(ag->gapCount).arg(perStep)), qPrintable(ag->evidence));
        // Whole steps only: nothing in the step left out is counted.
        for (const Gap &g : r.gaps)
            QVERIFY(g.start < r.steps.back().start);
    }

    // The ResNet-50 input-bound pair: the data loader leads the baseline's advice; nothing claims
    // it once num_workers=4; the synchronisations (8 µs of the baseline's path) are not advised on.
    void resnetPair()
    {
        LANESCOPE_REQUIRE_TRACE(basePath, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(optPath, "resnet50-dataloader-optimized.pt.trace.json.gz");
        const LoadResult base = loadTrace(basePath), opt = loadTrace(optPath);
        QVERIFY(base.trace && opt.trace);
        const AnalysisResult rb = analyze(*base.trace), ro = analyze(*opt.trace);
        QVERIFY(!rb.advice.empty());
        QCOMPARE(rb.advice.front().id, QStringLiteral("dataloader"));
        QVERIFY(rb.criticalPath.valid && ro.criticalPath.valid);
        qInfo("baseline path: sync %lld ns, launch delay %lld ns; optimized: sync %lld ns", static_cast<long long>(rb.criticalPath.part(PathPart::Sync)),
              static_cast<long long>(rb.criticalPath.part(PathPart::LaunchDelay)), static_cast<long long>(ro.criticalPath.part(PathPart::Sync)));
        QVERIFY(!findAdvice(rb, "sync_on_critical_path"));
        QVERIFY(!findAdvice(ro, "sync_on_critical_path"));
        QVERIFY(!findAdvice(ro, "dataloader"));
        for (const Advice &a : ro.advice)
            QVERIFY2(!a.evidence.contains(QLatin1String("DataLoader")), qPrintable(a.evidence));
        checkAgainstPath(rb, basePath);
        checkAgainstPath(ro, optPath);
    }

    // The CPU-only pair (PyTorch without Kineto, num_workers 0 -> 2): the data loader leads rank 0's
    // advice before, nothing claims it after, and no advice exceeds the path's parts.
    void cpuOnlyPair()
    {
        const QDir before(test::tracePath(QStringLiteral("torch-cpu-2rank-nw0"))), after(test::tracePath(QStringLiteral("torch-cpu-2rank-nw2")));
        const QStringList fb = before.entryList(QDir::Files, QDir::Name), fa = after.entryList(QDir::Files, QDir::Name);
        if (fb.isEmpty() || fa.isEmpty())
            QSKIP("torch-cpu-2rank-nw0/nw2 not found (set LANESCOPE_TRACES_DIR): skipped");
        const LoadResult b = loadTrace(before.filePath(fb.front())), a = loadTrace(after.filePath(fa.front()));
        QVERIFY2(b.trace, qPrintable(b.error));
        QVERIFY2(a.trace, qPrintable(a.error));
        const AnalysisResult rb = analyze(*b.trace), ra = analyze(*a.trace);
        if (rb.advice.empty())
            QSKIP("no advice on a CPU-only trace in this build: nothing to compare");
        QCOMPARE(rb.advice.front().id, QStringLiteral("dataloader"));
        QVERIFY(!findAdvice(ra, "dataloader"));
        QVERIFY(!findAdvice(rb, "sync_on_critical_path") && !findAdvice(ra, "sync_on_critical_path"));
        checkAgainstPath(rb, before.path());
        checkAgainstPath(ra, after.path());
    }

    // Two compute streams by hand (ms): a hole of one stream covered by the other's compute is not
    // a gap; what is left of it is, and says which stream covered the rest; where both streams are
    // idle at once, the time goes to the gap that ends first, so the gaps add up to the device's
    // compute idle exactly.
    void twoStreams()
    {
        // Stream 7: GEMMs [0,10) [50,60) [100,110), a copy [75,77). Stream 9: elementwise kernels
        // [5,45) [65,70) [90,95). The device computes nothing in [45,50) [60,65) [70,90) [95,100).
        const char *json = R"json({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"NVIDIA A100-SXM4-80GB"}],"traceEvents":[
{"ph":"X","cat":"kernel","name":"ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_nt","pid":0,"tid":7,"ts":0,"dur":10000,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"kernel","name":"ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_nt","pid":0,"tid":7,"ts":50000,"dur":10000,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pinned -> Device)","pid":0,"tid":7,"ts":75000,"dur":2000,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"kernel","name":"ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_nt","pid":0,"tid":7,"ts":100000,"dur":10000,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"kernel","name":"void at::native::vectorized_elementwise_kernel<4>(int)","pid":0,"tid":9,"ts":5000,"dur":40000,"args":{"stream":9,"device":0}},
{"ph":"X","cat":"kernel","name":"void at::native::vectorized_elementwise_kernel<4>(int)","pid":0,"tid":9,"ts":65000,"dur":5000,"args":{"stream":9,"device":0}},
{"ph":"X","cat":"kernel","name":"void at::native::vectorized_elementwise_kernel<4>(int)","pid":0,"tid":9,"ts":90000,"dur":5000,"args":{"stream":9,"device":0}}
]})json";
        const LoadResult l = loadTrace(MappedSource::fromBytes(std::string(json), QStringLiteral("two-streams")));
        QVERIFY2(l.trace, qPrintable(l.error));
        GapOptions o;
        o.minGap = 1'000'000;
        o.kernels = GapKernels::All;
        const std::vector<Gap> gaps = findGaps(*l.trace, o);
        const TimeNs ms = 1'000'000, t0 = l.trace->minTs;
        struct Want
        {
            TimeNs from, to;
            std::int64_t stream;
            bool covered; // the stream's own hole began earlier, under the other stream's compute
        };
        const std::vector<Want> want{{45, 50, 7, true}, {60, 65, 9, true}, {70, 75, 7, true}, {75, 90, 9, false}, {95, 100, 7, true}};
        QCOMPARE(gaps.size(), want.size());
        TimeNs sum = 0;
        for (std::size_t k = 0; k < want.size(); ++k) {
            const Gap &g = gaps[k];
            QCOMPARE(g.start - t0, want[k].from * ms);
            QCOMPARE(g.end() - t0, want[k].to * ms);
            QCOMPARE(g.stream, want[k].stream);
            QCOMPARE(g.evidence.contains(QLatin1String("covered by stream")), want[k].covered);
            sum += g.dur;
        }
        QCOMPARE(sum, 35 * ms);
        // The same over the trace's compute intervals: the idle time between them, exactly.
        const std::vector<TimeRange> busy = computeIntervals(*l.trace);
        TimeNs idle = 0;
        for (std::size_t k = 1; k < busy.size(); ++k)
            idle += busy[k].from - busy[k - 1].to;
        QCOMPARE(sum, idle);
    }

    // The sync rule by hand: a call that waited `waitNs` and then `catchUpNs` of CPU on the path
    // before the GPU has work again costs what it blocked plus at most what it waited.
    void syncCost_data()
    {
        QTest::addColumn<qint64>("blockedNs");
        QTest::addColumn<qint64>("waitNs");
        QTest::addColumn<qint64>("catchUpNs");
        QTest::addColumn<qint64>("costNs");
        // The CPU was far ahead (a long wait): the catch-up would have overlapped the GPU's work.
        QTest::newRow("ahead") << qint64(1'000'000) << qint64(50'000'000) << qint64(10'000'000) << qint64(11'000'000);
        // A CPU-bound step: the call barely waited, the CPU work after it is the step's anyway.
        QTest::newRow("cpu-bound") << qint64(8'000) << qint64(10'000) << qint64(100'000'000) << qint64(18'000);
    }
    void syncCost()
    {
        QFETCH(qint64, blockedNs);
        QFETCH(qint64, waitNs);
        QFETCH(qint64, catchUpNs);
        QFETCH(qint64, costNs);
        const TimeNs length = 200'000'000, s0 = 10'000'000;
        CriticalPath cp;
        cp.valid = true;
        cp.step.name = QStringLiteral("ProfilerStep#3");
        cp.step.start = 0;
        cp.step.dur = length;
        cp.lengthNs = length;
        const TimeNs callEnd = s0 + waitNs, gpuFrom = callEnd + catchUpNs;
        // GPU work while the call waits, the path's sync edge into the call's end, the CPU catching
        // up, then the GPU to the step's end.
        cp.segments = {PathSegment{0, s0, PathPart::Cpu, 0, 0, -1}, PathSegment{s0, callEnd - blockedNs, PathPart::GpuCompute, 1, 1, -1},
                       PathSegment{callEnd - blockedNs, callEnd, PathPart::Sync, 0, 1, -1}, PathSegment{callEnd, gpuFrom, PathPart::Cpu, 0, 0, -1},
                       PathSegment{gpuFrom, length, PathPart::GpuCompute, 1, 1, -1}};
        for (const PathSegment &sg : cp.segments)
            cp.partsNs[std::size_t(sg.part)] += sg.to - sg.from;
        PathSync s;
        s.call = QStringLiteral("cudaStreamSynchronize");
        s.op = QStringLiteral("aten::_local_scalar_dense");
        s.outerOp = QStringLiteral("aten::item");
        s.where = TimeRange{s0, callEnd};
        s.costNs = blockedNs + catchUpNs; // the path's own figure: everything until the GPU again
        cp.syncs = {s};
        const std::vector<Step> steps(2, cp.step);
        MfuResult mfu;
        mfu.stepS = double(length) / 1e9;
        AdviceInputs in;
        in.steps = &steps;
        in.mfu = &mfu;
        in.windows = {TimeRange{0, length}};
        in.criticalPath = &cp;
        const std::vector<Advice> out = advise(in);
        const Advice *sync = nullptr;
        for (const Advice &x : out)
            if (x.id == QLatin1String("sync_on_critical_path"))
                sync = &x;
        const bool speaks = costNs >= AdviceMinimum::kSyncOnPathMinNs;
        QCOMPARE(sync != nullptr, speaks);
        if (!sync)
            return;
        QCOMPARE(sync->explainedNs, TimeNs(2 * costNs)); // one step's cost, taken as both steps'
        QVERIFY(sync->evidence.contains(formatDuration(costNs)));
    }
};

QTEST_GUILESS_MAIN(TestIdleScope)
#include "tst_analysis_idlescope.moc"
