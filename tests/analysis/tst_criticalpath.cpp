// SPDX-License-Identifier: GPL-3.0-or-later
// The critical path of a step (core/analysis/measures/critical_path/CriticalPath.h): its parts add up to the step's
// length exactly on every real trace and the synthetic ones; on the synthetic baseline it runs
// through the AllGather waits, on a launch-bound synthetic step through the CPU (the facts
// sidecar says which); the optimizer's .item() is a synchronisation on it, named in the advice;
// `analyze --json` prints it. Over any range (core/analysis/run/AnalysisRange.h): on the traces
// without ProfilerStep a path over an annotation's instance (its longest CPU slice, and every
// occurrence of a repeated one) and over a window adds up the same way; bad ranges are said.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
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
#include <limits>
#include <map>
#include <memory>
#include <string>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

struct Generated
{
    QString path;
    std::shared_ptr<Trace> trace;
    QJsonObject facts; // ranks[0]
};

// A step whose kernels are shorter than their launches: a small model (tuned: no allocator churn,
// prefetched AllGathers) with many layers of tiny kernels.
synth::SynthConfig launchBoundConfig()
{
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Tuned;
    c.params = 1e8;
    c.layers = 24;
    c.hidden = 512;
    c.tokensPerStepPerGpu = 512;
    c.seqLen = 512;
    c.gpus = 8;
    c.gpusPerNode = 8;
    c.internodeGbps = 2400;
    return c;
}

const Generated &generated(const QString &name)
{
    static std::map<QString, Generated> cache;
    static QTemporaryDir dir;
    auto it = cache.find(name);
    if (it != cache.end())
        return it->second;
    synth::SynthConfig c;
    if (name == QLatin1String("launch-bound"))
        c = launchBoundConfig();
    else
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

QJsonObject stepFacts(const Generated &g, const QString &step)
{
    for (const QJsonValue &v : g.facts.value(QStringLiteral("critical_path")).toArray())
        if (v.toObject().value(QStringLiteral("step")).toString() == step)
            return v.toObject();
    return {};
}

// The parts add up to the length, the segments run without a hole from the step's start to its end.
void checkAddsUp(const CriticalPath &cp)
{
    TimeNs sum = 0;
    for (TimeNs p : cp.partsNs) {
        QVERIFY(p >= 0);
        sum += p;
    }
    QCOMPARE(sum, cp.lengthNs);
    QCOMPARE(cp.lengthNs, cp.step.dur);
    QVERIFY(!cp.segments.empty());
    QCOMPARE(cp.segments.front().from, cp.step.start);
    QCOMPARE(cp.segments.back().to, cp.step.end());
    for (std::size_t k = 1; k < cp.segments.size(); ++k)
        QCOMPARE(cp.segments[k].from, cp.segments[k - 1].to);
}

// Where a slice is: track, slice, its name.
struct SliceAt
{
    std::uint32_t track = 0, slice = 0;
    QString name;
    TimeNs dur = 0;
};

// The longest CPU slice of the trace that is not device work: an iteration's annotation on the
// traces without ProfilerStep (vLLM's execute_context, torch.compile's compiled region).
SliceAt longestCpuSlice(const Trace &t)
{
    SliceAt best;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t c = tr.catId[i];
            if (c < t.categoryClass.size() && isGpuCategory(t.categoryClass[c]))
                continue;
            if (tr.dur[i] > best.dur)
                best = SliceAt{k, std::uint32_t(i), t.name(tr.nameId[i]), tr.dur[i]};
        }
    }
    return best;
}

// The CPU slices named `name`, outermost per thread, by start: what --instance counts (found here
// against every kept occurrence, not only the last).
std::vector<SliceAt> occurrences(const Trace &t, const QString &name)
{
    std::vector<SliceAt> out;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        std::vector<std::pair<TimeNs, TimeNs>> kept;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (t.name(tr.nameId[i]) != name)
                continue;
            bool inside = false;
            for (const auto &[a, b] : kept)
                inside = inside || (tr.start[i] >= a && tr.end(i) <= b);
            if (inside)
                continue;
            kept.push_back({tr.start[i], tr.end(i)});
            out.push_back(SliceAt{k, std::uint32_t(i), name, tr.dur[i]});
        }
    }
    std::stable_sort(out.begin(), out.end(), [&](const SliceAt &a, const SliceAt &b) {
        return t.tracks[a.track].start[a.slice] < t.tracks[b.track].start[b.slice];
    });
    return out;
}

} // namespace

class TestCriticalPath : public QObject
{
    Q_OBJECT
private slots:
    void realTracesAddUp_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP("no real traces (set LANESCOPE_TRACES_DIR): skipped");
        for (const QString &f : files)
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void realTracesAddUp()
    {
        QFETCH(QString, path);
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const AnalysisResult r = analyze(*lr.trace);
        const std::vector<Step> complete = completeSteps(r.steps);
        if (r.steps.empty()) {
            QVERIFY(!r.criticalPath.valid); // no step, no path
            return;
        }
        QVERIFY2(r.criticalPath.valid, qPrintable(r.criticalPath.error));
        checkAddsUp(r.criticalPath);
        // The median-length complete step, said so where there is a choice.
        QCOMPARE(r.criticalPath.medianStep, complete.size() > 1);
        // Every step of the trace, one at a time.
        for (const Step &s : r.steps) {
            AnalysisOptions o;
            o.step = s.number;
            const AnalysisResult one = analyze(*lr.trace, o);
            QVERIFY2(one.criticalPath.valid, qPrintable(one.criticalPath.error));
            QCOMPARE(one.criticalPath.step.number, s.number);
            QVERIFY(!one.criticalPath.medianStep);
            checkAddsUp(one.criticalPath);
        }
    }

    void syntheticAddUp_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n : {"fsdp-baseline", "fsdp-prefetch", "fsdp-tuned", "launch-bound"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void syntheticAddUp()
    {
        QFETCH(QString, name);
        const Generated &g = generated(name);
        QVERIFY(g.trace);
        const AnalysisResult r = analyze(*g.trace);
        QVERIFY(r.steps.size() == 3);
        for (const Step &s : r.steps) {
            AnalysisOptions o;
            o.step = s.number;
            const CriticalPath cp = analyze(*g.trace, o).criticalPath;
            QVERIFY2(cp.valid, qPrintable(cp.error));
            checkAddsUp(cp);
            // Where the facts say it runs, it runs there more than anywhere else but GPU compute.
            const QJsonObject f = stepFacts(g, s.name);
            QVERIFY(!f.isEmpty());
            QCOMPARE(double(cp.lengthNs) / 1000.0, f.value(QStringLiteral("length_us")).toDouble());
            const QString through = f.value(QStringLiteral("runs_through")).toString();
            if (through == QLatin1String("cpu")) {
                QCOMPARE(cp.dominant(), PathPart::Cpu);
                QVERIFY2(cp.sharePct(PathPart::Cpu) >= 50, qPrintable(criticalPathSentence(cp)));
                QVERIFY(criticalPathSentence(cp).contains(QLatin1String("through the CPU")));
            } else if (through == QLatin1String("communication")) {
                // Through the AllGather waits: the path's communication covers (nearly) all the
                // time the compute stream waited for collectives, and AllGathers lead it.
                const double waitNs = f.value(QStringLiteral("comm_wait_idle_us")).toDouble() * 1000.0;
                QVERIFY2(double(cp.part(PathPart::Communication)) >= 0.9 * waitNs,
                         qPrintable(QStringLiteral("%1 vs %2").arg(cp.part(PathPart::Communication)).arg(waitNs)));
                bool allGather = false;
                for (const PathCulprit &c : cp.culprits)
                    allGather |= c.part == PathPart::Communication && c.name.contains(QLatin1String("AllGather"));
                QVERIFY2(allGather, qPrintable(criticalPathSentence(cp)));
            }
            // The optimizer's .item(): a cudaStreamSynchronize under aten::item, inside the
            // optimizer's step, on the path (the loss.item() closing every step is one too).
            TimeRange optimizer;
            const Track &main = g.trace->tracks[s.track];
            for (std::size_t i = main.upperBoundStart(s.start); i < main.size() && main.start[i] < s.end(); ++i)
                if (g.trace->name(main.nameId[i]).startsWith(QLatin1String("Optimizer.step#")))
                    optimizer = TimeRange{main.start[i], main.end(i)};
            QVERIFY(!optimizer.empty());
            bool item = false, stepEndItem = false;
            for (const PathSync &ps : cp.syncs) {
                const bool isItem = ps.call == QLatin1String("cudaStreamSynchronize") && ps.outerOp == QLatin1String("aten::item")
                    && ps.op == QLatin1String("aten::_local_scalar_dense");
                const bool inOptimizer = ps.where.from >= optimizer.from && ps.where.to <= optimizer.to;
                item |= isItem && inOptimizer;
                stepEndItem |= isItem && !inOptimizer;
            }
            QCOMPARE(item, f.value(QStringLiteral("sync")).isObject());
            QVERIFY(stepEndItem);
        }
    }

    void launchBoundFacts()
    {
        // The variant is what it claims: the facts call its steps launch-bound.
        const Generated &g = generated(QStringLiteral("launch-bound"));
        const QJsonArray steps = g.facts.value(QStringLiteral("critical_path")).toArray();
        QCOMPARE(steps.size(), 3);
        for (const QJsonValue &v : steps)
            QVERIFY(v.toObject().value(QStringLiteral("launch_bound")).toBool());
        const Generated &b = generated(QStringLiteral("fsdp-baseline"));
        for (const QJsonValue &v : b.facts.value(QStringLiteral("critical_path")).toArray())
            QCOMPARE(v.toObject().value(QStringLiteral("runs_through")).toString(), QStringLiteral("communication"));
    }

    void syncAdvice_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("expected");
        // The synthetic runs' .item() costs ~10 ms of a 3.2-3.9 s step: the rule speaks (its
        // minimum is 1 ms and 0.2 % of the step), but the replay of the step without the sync
        // gains under 2 % of it, so the advice is not shown (AdviceReplay.h). The rule's own
        // evidence minimum is checked by hand in syncAdviceMinimum.
        QTest::newRow("fsdp-baseline") << QStringLiteral("fsdp-baseline") << false;
        QTest::newRow("fsdp-prefetch") << QStringLiteral("fsdp-prefetch") << false;
        QTest::newRow("fsdp-tuned") << QStringLiteral("fsdp-tuned") << false;
    }
    void syncAdvice()
    {
        QFETCH(QString, name);
        QFETCH(bool, expected);
        const Generated &g = generated(name);
        AnalysisOptions o;
        o.mfu.params = 7e9;
        o.mfu.tokensPerStep = 8192;
        const AnalysisResult r = analyze(*g.trace, o);
        const Advice *sync = nullptr;
        for (const Advice &a : r.advice)
            if (a.id == QLatin1String("sync_on_critical_path"))
                sync = &a;
        QCOMPARE(sync != nullptr, expected);
        // Every advice shown with a projection gains at least 2 % of the step in its replay.
        for (const Advice &a : r.advice)
            if (a.projectedStepS > 0)
                QVERIFY2(a.stepS - a.projectedStepS >= 0.02 * a.stepS - 1e-9, qPrintable(a.id));
        if (!sync)
            return;
        // The CPU op that caused it, the step it was measured on, and what it is worth.
        QVERIFY2(sync->title.contains(QLatin1String(".item()")), qPrintable(sync->title));
        QVERIFY(sync->evidence.contains(r.criticalPath.step.name));
        QVERIFY(sync->evidence.contains(QLatin1String("cudaStreamSynchronize")));
        QVERIFY(sync->projectedStepS > 0 && sync->projectedStepS < sync->stepS);
        // The evidence minimum holds: at least kSyncOnPathMinNs and kSyncOnPathSharePct of the step.
        TimeNs cost = 0;
        for (const PathSync &ps : r.criticalPath.syncs)
            cost += ps.costNs;
        QVERIFY(cost >= AdviceMinimum::kSyncOnPathMinNs);
        QVERIFY(100.0 * double(cost) / double(r.criticalPath.lengthNs) >= AdviceMinimum::kSyncOnPathSharePct);
        // Its place: the costliest synchronisation, inside the trace.
        QVERIFY(!sync->where.empty());
        QVERIFY(sync->where.from >= r.criticalPath.step.start && sync->where.to <= r.criticalPath.step.end());
    }

    // The rule's evidence minimum by hand: silent below kSyncOnPathMinNs or kSyncOnPathSharePct of
    // the step, and where it speaks, the projection takes its cost out of every step.
    void syncAdviceMinimum_data()
    {
        QTest::addColumn<qint64>("lengthNs");
        QTest::addColumn<qint64>("costNs");
        QTest::addColumn<bool>("speaks");
        QTest::newRow("2 ms of 100 ms") << qint64(100'000'000) << qint64(2'000'000) << true;
        QTest::newRow("0.5 ms of 100 ms: under 1 ms") << qint64(100'000'000) << qint64(500'000) << false;
        QTest::newRow("1.5 ms of 10 s: under 0.2 %") << qint64(10'000'000'000) << qint64(1'500'000) << false;
        QTest::newRow("30 ms of 10 s") << qint64(10'000'000'000) << qint64(30'000'000) << true;
    }
    void syncAdviceMinimum()
    {
        QFETCH(qint64, lengthNs);
        QFETCH(qint64, costNs);
        QFETCH(bool, speaks);
        // Two blocking calls the path runs through: the path waits in each (its sync part) and
        // goes back to the GPU right after, so each costs what it blocked.
        const TimeNs ca = costNs / 2, cb = costNs - ca + 1; // the second the costlier: its cause names the advice
        CriticalPath cp;
        cp.valid = true;
        cp.step.name = QStringLiteral("ProfilerStep#7");
        cp.step.start = 1000;
        cp.step.dur = lengthNs;
        cp.lengthNs = lengthNs;
        const TimeNs a0 = 2000, b0 = a0 + ca + 1000, end = cp.step.end();
        cp.segments = {PathSegment{cp.step.start, a0, PathPart::Cpu, 0, 0, -1}, PathSegment{a0, a0 + ca, PathPart::Sync, 0, 0, -1},
                       PathSegment{a0 + ca, b0, PathPart::GpuCompute, 1, 1, -1}, PathSegment{b0, b0 + cb, PathPart::Sync, 0, 0, -1},
                       PathSegment{b0 + cb, end, PathPart::GpuCompute, 1, 1, -1}};
        for (const PathSegment &sg : cp.segments)
            cp.partsNs[std::size_t(sg.part)] += sg.to - sg.from;
        PathSync a;
        a.call = QStringLiteral("cudaStreamSynchronize");
        a.op = QStringLiteral("aten::_local_scalar_dense");
        a.outerOp = QStringLiteral("aten::item");
        a.where = TimeRange{a0, a0 + ca};
        a.costNs = ca;
        PathSync b = a;
        b.call = QStringLiteral("cudaMemcpy");
        b.op = QStringLiteral("aten::copy_");
        b.outerOp = QStringLiteral("aten::to");
        b.where = TimeRange{b0, b0 + cb};
        b.costNs = cb;
        cp.syncs = {a, b};
        const std::vector<Step> steps(4, cp.step);
        MfuResult mfu;
        mfu.stepS = double(lengthNs) / 1e9;
        AdviceInputs in;
        in.steps = &steps;
        in.mfu = &mfu;
        in.windows = {TimeRange{cp.step.start, cp.step.end()}};
        in.criticalPath = &cp;
        const std::vector<Advice> out = advise(in);
        const Advice *sync = nullptr;
        for (const Advice &x : out)
            if (x.id == QLatin1String("sync_on_critical_path"))
                sync = &x;
        QCOMPARE(sync != nullptr, speaks);
        if (!sync)
            return;
        QVERIFY2(sync->title.contains(QLatin1String(".cpu() / .to()")), qPrintable(sync->title));
        QVERIFY(sync->evidence.contains(QLatin1String("cudaMemcpy in aten::copy_")));
        QVERIFY(sync->evidence.contains(QLatin1String("ProfilerStep#7")));
        QCOMPARE(sync->where.from, b.where.from);
        // Measured on one step, taken as each of the four's.
        QCOMPARE(sync->explainedNs, TimeNs(4 * (costNs + 1)));
        QVERIFY(std::abs(sync->projectedStepS - (mfu.stepS - double(costNs + 1) / 1e9)) < 1e-12);
    }

    // A wait the trace names (a "Stream Wait Event" on stream 7 for the cudaEventRecord after the
    // AllGather's launch on stream 20) is the one the path takes, though another stream's kernel
    // ended closer before the waiting kernel: without the names, the times point at that one.
    // Kineto since 2026 writes the Stream Sync on a row of its own (tid = stream + 1,000,000,
    // "stream 7 (sync)"): the same path.
    void namedStreamWait_data()
    {
        QTest::addColumn<bool>("named");
        QTest::addColumn<bool>("syncRow");
        QTest::newRow("named") << true << false;
        QTest::newRow("named, Stream Sync on its own row") << true << true;
        QTest::newRow("times alone") << false << false;
    }
    void namedStreamWait()
    {
        QFETCH(bool, named);
        QFETCH(bool, syncRow);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wait.json"));
        // µs: step 0..1000; AllGather on 20 runs 20..520, a compute kernel on 24 runs 50..525; the
        // kernel on 7 was launched at 70 and waits until 530; a stream sync until 640.
        auto x = [](const char *cat, const char *name, int pid, int tid, int ts, int dur, const QString &args) {
            return QStringLiteral("{\"ph\":\"X\",\"cat\":\"%1\",\"name\":\"%2\",\"pid\":%3,\"tid\":%4,\"ts\":%5,\"dur\":%6,\"args\":{%7}}")
                .arg(QLatin1String(cat), QLatin1String(name))
                .arg(pid)
                .arg(tid)
                .arg(ts)
                .arg(dur)
                .arg(args);
        };
        auto gpu = [](int stream, int corr) {
            return QStringLiteral("\"device\":0,\"stream\":%1,\"correlation\":%2").arg(stream).arg(corr);
        };
        auto corr = [](int c) { return QStringLiteral("\"correlation\":%1").arg(c); };
        QStringList ev;
        ev << x("user_annotation", "ProfilerStep#1", 1, 1, 0, 1000, {});
        ev << x("cuda_runtime", "cudaLaunchKernel", 1, 1, 10, 5, corr(100));
        ev << x("kernel", "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", 0, 20, 20, 500, gpu(20, 100));
        ev << x("cuda_runtime", "cudaEventRecord", 1, 1, 30, 2, corr(101));
        ev << x("cuda_runtime", "cudaLaunchKernel", 1, 1, 40, 5, corr(102));
        ev << x("kernel", "void at::native::elementwise_kernel<128, 4>(int)", 0, 24, 50, 475, gpu(24, 102));
        ev << x("cuda_runtime", "cudaStreamWaitEvent", 1, 1, 60, 2, corr(103));
        if (named)
            ev << x("cuda_sync", "Stream Wait Event", 0, 7, 61, 1,
                    gpu(7, 103) + QStringLiteral(",\"wait_on_stream\":20,\"wait_on_cuda_event_record_corr_id\":101"));
        ev << x("cuda_runtime", "cudaLaunchKernel", 1, 1, 70, 5, corr(104));
        ev << x("kernel", "void at::native::reduce_kernel<512, 1>(int)", 0, 7, 530, 100, gpu(7, 104));
        ev << x("cuda_runtime", "cudaStreamSynchronize", 1, 1, 80, 560, corr(105));
        ev << x("cuda_sync", "Stream Sync", 0, syncRow ? 1000007 : 7, 81, 558, gpu(7, 105));
        if (syncRow)
            ev << QStringLiteral("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":0,\"tid\":1000007,\"args\":{\"name\":\"stream 7 (sync)\"}}");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("{\"traceEvents\":[%1]}").arg(ev.join(QLatin1Char(','))).toUtf8());
        f.close();
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const CriticalPath cp = analyze(*lr.trace).criticalPath;
        QVERIFY2(cp.valid, qPrintable(cp.error));
        checkAddsUp(cp);
        // Named: through the AllGather (500 µs of communication), then the kernel it held; by the
        // times alone: through the compute kernel on stream 24 that ended last before it.
        QCOMPARE(cp.part(PathPart::Communication), named ? TimeNs(500'000) : TimeNs(0));
        QCOMPARE(cp.part(PathPart::GpuCompute), named ? TimeNs(100'000) : TimeNs(575'000));
        // The CPU's wait in cudaStreamSynchronize ends with the held kernel: 630 -> 640 is sync.
        QVERIFY(cp.part(PathPart::Sync) >= 10'000);
        QCOMPARE(cp.syncs.size(), std::size_t(1));
        QCOMPARE(cp.syncs[0].call, QStringLiteral("cudaStreamSynchronize"));
        if (syncRow) {
            // The row is a lane of stream 7 (a GPU lane right under it, not a thread of the device's
            // process nor a stream of its own).
            const Trace &t = *lr.trace;
            int streamLane = -1, syncLane = -1;
            for (std::size_t k = 0; k < t.tracks.size(); ++k) {
                if (t.tracks[k].tid == 7)
                    streamLane = int(k);
                if (t.tracks[k].tid == 1000007)
                    syncLane = int(k);
            }
            QVERIFY(streamLane >= 0 && syncLane >= 0);
            QCOMPARE(int(t.tracks[std::size_t(syncLane)].kind), int(TrackKind::Gpu));
            QCOMPARE(t.tracks[std::size_t(syncLane)].streamId(), std::int64_t(7));
            QCOMPARE(t.tracks[std::size_t(syncLane)].device, 0);
            QCOMPARE(t.tracks[std::size_t(syncLane)].name, QStringLiteral("stream 7 (sync)"));
            QCOMPARE(syncLane, streamLane + 1);
            // Stream 7 is one stream to the queue and the idle breakdown.
            int stream7 = 0;
            for (const StreamQueue &q : analyze(t).queueLengths)
                stream7 += q.stream == 7;
            QCOMPARE(stream7, 1);
        }
    }

    void stepChoice()
    {
        const Generated &g = generated(QStringLiteral("fsdp-baseline"));
        const AnalysisResult r = analyze(*g.trace);
        // Three steps, the last left out: the median of two complete steps is the shorter (lower middle).
        const std::vector<Step> complete = completeSteps(r.steps);
        QCOMPARE(complete.size(), std::size_t(2));
        const Step &shorter = complete[0].dur <= complete[1].dur ? complete[0] : complete[1];
        QCOMPARE(r.criticalPath.step.number, shorter.number);
        QVERIFY(r.criticalPath.medianStep);
        // Scoped to the last step: that one, though it is not complete.
        AnalysisOptions o;
        o.step = r.steps.back().number;
        const AnalysisResult last = analyze(*g.trace, o);
        QCOMPARE(last.criticalPath.step.number, r.steps.back().number);
        QVERIFY(!last.criticalPath.medianStep);
    }

    void cliJson()
    {
        const Generated &g = generated(QStringLiteral("fsdp-baseline"));
        const test::CliRun run = test::runCli({QStringLiteral("analyze"), g.path, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        const QJsonObject cp = o.value(QStringLiteral("critical_path")).toObject();
        const AnalysisResult r = analyze(*g.trace);
        QCOMPARE(cp.value(QStringLiteral("step")).toString(), r.criticalPath.step.name);
        QCOMPARE(cp.value(QStringLiteral("step_choice")).toString(), QStringLiteral("median"));
        QCOMPARE(cp.value(QStringLiteral("length_us")).toDouble(), double(r.criticalPath.lengthNs) / 1000.0);
        const QJsonObject us = cp.value(QStringLiteral("parts_us")).toObject();
        const QJsonObject ns = cp.value(QStringLiteral("parts_ns")).toObject();
        QCOMPARE(us.size(), kPathParts);
        qint64 sum = 0;
        for (int k = 0; k < kPathParts; ++k) {
            const QString key = QString::fromLatin1(pathPartName(PathPart(k)));
            QVERIFY(us.contains(key) && ns.contains(key));
            QCOMPARE(qint64(ns.value(key).toDouble()), qint64(r.criticalPath.partsNs[std::size_t(k)]));
            QCOMPARE(us.value(key).toDouble(), double(r.criticalPath.partsNs[std::size_t(k)]) / 1000.0);
            sum += qint64(ns.value(key).toDouble());
        }
        QCOMPARE(sum, qint64(cp.value(QStringLiteral("length_ns")).toDouble()));
        QCOMPARE(cp.value(QStringLiteral("summary")).toString(), criticalPathSentence(r.criticalPath));
        // The text output says it too.
        const test::CliRun text = test::runCli({QStringLiteral("analyze"), g.path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(QString::fromUtf8(text.out).contains(criticalPathSentence(r.criticalPath)));
    }

    void compareDeltas()
    {
        // compare --json: the path's parts are rows of the deltas, each run's own (its analysis').
        const Generated &a = generated(QStringLiteral("fsdp-baseline"));
        const Generated &b = generated(QStringLiteral("fsdp-prefetch"));
        const test::CliRun run = test::runCli({QStringLiteral("compare"), a.path, b.path, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject d = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("deltas")).toArray().at(0).toObject();
        const CriticalPath pa = analyze(*a.trace).criticalPath, pb = analyze(*b.trace).criticalPath;
        double deltaSum = 0;
        for (int k = 0; k < kPathParts; ++k) {
            const QString key = QStringLiteral("critical_path_%1_us").arg(QLatin1String(pathPartName(PathPart(k))));
            const QJsonObject m = d.value(key).toObject();
            QVERIFY2(!m.isEmpty(), qPrintable(key));
            const double va = double(pa.partsNs[std::size_t(k)]) / 1000.0, vb = double(pb.partsNs[std::size_t(k)]) / 1000.0;
            QCOMPARE(m.value(QStringLiteral("value")).toDouble(), vb);
            QVERIFY(std::abs(m.value(QStringLiteral("delta")).toDouble() - (vb - va)) < 1e-6);
            deltaSum += m.value(QStringLiteral("delta")).toDouble();
        }
        // The parts' deltas add up to the change of the paths' steps' lengths.
        QVERIFY(std::abs(deltaSum - double(pb.lengthNs - pa.lengthNs) / 1000.0) < 1e-3);
        // Prefetching takes the AllGather waits off the path.
        QVERIFY(pb.part(PathPart::Communication) < pa.part(PathPart::Communication) / 2);
    }

    void annotationPathAddsUp_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP("no real traces (set LANESCOPE_TRACES_DIR): skipped");
        for (const QString &f : files)
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void annotationPathAddsUp()
    {
        // Every real trace, those without ProfilerStep above all: the path over the instance of
        // its longest CPU slice, found by name and instance as analyze --annotation finds it.
        QFETCH(QString, path);
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const Trace &t = *lr.trace;
        const SliceAt longest = longestCpuSlice(t);
        if (longest.dur <= 0)
            QSKIP("no CPU slice");
        // The double-click's resolution: the slice's own name and instance.
        const AnalysisRange clicked = sliceRange(t, longest.track, longest.slice);
        QVERIFY2(clicked.ok(), qPrintable(clicked.error));
        QCOMPARE(clicked.span.start, t.tracks[longest.track].start[longest.slice]);
        QCOMPARE(clicked.span.dur, longest.dur);
        const std::vector<SliceAt> all = occurrences(t, longest.name);
        QCOMPARE(clicked.instances, int(all.size()));
        QVERIFY(clicked.instance >= 0 && clicked.instance < clicked.instances);
        QCOMPARE(all[std::size_t(clicked.instance)].slice, longest.slice);

        AnalysisOptions o;
        o.annotation = longest.name;
        o.instance = clicked.instance;
        const AnalysisResult r = analyze(t, o);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const CriticalPath &cp = r.criticalPath;
        QVERIFY2(cp.valid, qPrintable(cp.error));
        QCOMPARE(cp.scope, RangeKind::Annotation);
        QCOMPARE(cp.instance, clicked.instance);
        QCOMPARE(cp.instances, clicked.instances);
        QCOMPARE(cp.step.name, longest.name);
        QCOMPARE(cp.lengthNs, longest.dur);
        checkAddsUp(cp);
        QVERIFY(criticalPathSentence(cp).contains(criticalPathScope(cp)));
        // The operators summarised are the annotation's.
        QCOMPARE(r.summaries.cpuWindow.from, clicked.span.start);
        QCOMPARE(r.summaries.cpuWindow.to, clicked.span.end());
    }

    void everyInstance()
    {
        // A repeated annotation (MTIA inference marks each request's stages): every instance in
        // start order, each a path of exactly its length; one past the last is refused.
        LANESCOPE_REQUIRE_TRACE(path, "mtia-inference.json.gz");
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const Trace &t = *lr.trace;
        QVERIFY(findSteps(t).empty());
        const QString name = QStringLiteral("Stage::PyTorchMRSGIFTask::run");
        const std::vector<SliceAt> all = occurrences(t, name);
        QVERIFY(all.size() > 10);
        const detail::EvidenceIndex ix(t);
        TimeNs previous = std::numeric_limits<TimeNs>::min();
        for (std::size_t k = 0; k < all.size(); ++k) {
            const AnalysisRange range = resolveRange(t, {}, RangeRequest{-1, {}, name, int(k)});
            QVERIFY2(range.ok(), qPrintable(range.error));
            QCOMPARE(range.span.track, all[k].track);
            QCOMPARE(range.span.slice, all[k].slice);
            QVERIFY(range.span.start >= previous);
            previous = range.span.start;
            const CriticalPath cp = criticalPath(ix, range);
            QVERIFY2(cp.valid, qPrintable(cp.error));
            QCOMPARE(cp.lengthNs, all[k].dur);
            checkAddsUp(cp);
        }
        AnalysisOptions o;
        o.annotation = name;
        o.instance = int(all.size());
        QVERIFY(analyze(t, o).error.contains(QString::number(all.size() - 1)));
        o.annotation = QStringLiteral("no such annotation");
        o.instance = 0;
        QVERIFY(!analyze(t, o).error.isEmpty());
    }

    void windowPath_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"subus-kernel.json.gz", "b200-eager-nccl.json.gz", "torch-compile-triton.json.gz", "mi300x-vllm-graph-replay.json.gz"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void windowPath()
    {
        // A trace without steps, analysed over a window: the window's path, as long as the window.
        QFETCH(QString, file);
        const QString path = test::tracePath(file);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const Trace &t = *lr.trace;
        QVERIFY(findSteps(t).empty());
        AnalysisOptions o;
        // The middle half of the trace.
        const TimeNs span = t.maxTs - t.minTs;
        o.range = TimeRange{t.minTs + span / 4, t.maxTs - span / 4};
        const CriticalPath cp = analyze(t, o).criticalPath;
        QVERIFY2(cp.valid, qPrintable(cp.error));
        QCOMPARE(cp.scope, RangeKind::Window);
        QCOMPARE(cp.step.start, o.range.from);
        QCOMPARE(cp.lengthNs, o.range.to - o.range.from);
        checkAddsUp(cp);
    }

    void windowWithoutStepOnStepTrace()
    {
        // A window inside one step holds no complete step: the window's own path, not null; a
        // window around steps keeps the median step's.
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const std::vector<Step> steps = findSteps(*lr.trace);
        QVERIFY(steps.size() >= 3);
        const Step &s = steps[1];
        AnalysisOptions o;
        o.range = TimeRange{s.start + s.dur / 4, s.end() - s.dur / 4};
        const CriticalPath inside = analyze(*lr.trace, o).criticalPath;
        QVERIFY2(inside.valid, qPrintable(inside.error));
        QCOMPARE(inside.scope, RangeKind::Window);
        QCOMPARE(inside.lengthNs, o.range.to - o.range.from);
        checkAddsUp(inside);
        o.range = TimeRange{steps.front().start, steps.back().end()};
        const CriticalPath around = analyze(*lr.trace, o).criticalPath;
        QVERIFY2(around.valid, qPrintable(around.error));
        QCOMPARE(around.scope, RangeKind::Step);
    }

    void annotationCli()
    {
        // analyze --annotation NAME --instance K: the path in the JSON, its parts adding up; the
        // options' misuse is one line and exit 2.
        LANESCOPE_REQUIRE_TRACE(path, "mtia-inference.json.gz");
        const QString name = QStringLiteral("Stage::PyTorchMRSGIFTask::run");
        const test::CliRun run = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--annotation"), name,
                                               QStringLiteral("--instance"), QStringLiteral("3"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject cp = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("critical_path")).toObject();
        QCOMPARE(cp.value(QStringLiteral("scope")).toString(), QStringLiteral("annotation"));
        QCOMPARE(cp.value(QStringLiteral("annotation")).toString(), name);
        QCOMPARE(cp.value(QStringLiteral("instance")).toInt(), 3);
        qint64 sum = 0;
        const QJsonObject ns = cp.value(QStringLiteral("parts_ns")).toObject();
        for (const QString &k : ns.keys())
            sum += qint64(ns.value(k).toDouble());
        QCOMPARE(sum, qint64(cp.value(QStringLiteral("length_ns")).toDouble()));
        const LoadResult lr = loadTrace(path);
        QVERIFY(lr.trace);
        const std::vector<SliceAt> all = occurrences(*lr.trace, name);
        QVERIFY(all.size() > 3);
        QCOMPARE(qint64(cp.value(QStringLiteral("length_ns")).toDouble()), qint64(all[3].dur));
        QCOMPARE(cp.value(QStringLiteral("from_us")).toDouble(), double(lr.trace->tracks[all[3].track].start[all[3].slice] - lr.trace->minTs) / 1000.0);

        const auto refused = [&](const QStringList &extra) {
            const test::CliRun r = test::runCli(QStringList{QStringLiteral("analyze"), path} + extra);
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err.count('\n'), 1);
        };
        refused({QStringLiteral("--instance"), QStringLiteral("1")});
        refused({QStringLiteral("--annotation"), name, QStringLiteral("--step"), QStringLiteral("1")});
        refused({QStringLiteral("--annotation"), name, QStringLiteral("--from-us"), QStringLiteral("0"), QStringLiteral("--to-us"), QStringLiteral("10")});
        refused({QStringLiteral("--annotation"), name, QStringLiteral("--instance"), QStringLiteral("-1")});
        refused({QStringLiteral("--annotation"), name, QStringLiteral("--instance"), QString::number(all.size())});
        refused({QStringLiteral("--annotation"), QStringLiteral("no such annotation")});
    }

    void noStepsNoPath()
    {
        // A trace without ProfilerSteps: null in the JSON, no path.
        LANESCOPE_REQUIRE_TRACE(path, "subus-kernel.json.gz");
        const test::CliRun run = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        QVERIFY(o.contains(QStringLiteral("critical_path")));
        QVERIFY(o.value(QStringLiteral("critical_path")).isNull());
    }
    // A step over the event bound has no path, and analyze says why in text and JSON instead of
    // leaving it out silently.
    void overTheBoundSaysWhy()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("many.json"));
        // Step 1 holds 520,000 tiny operators on its thread: 1,040,000 chain events.
        const int ops = int(kCriticalPathMaxEvents / 2) + 20000;
        std::string json = "{\"schemaVersion\":1,\"traceEvents\":["
                           "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#1\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":"
            + std::to_string(ops + 10) + "},";
        json.reserve(std::size_t(ops) * 80 + 1024);
        for (int i = 0; i < ops; ++i)
            json += "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(i + 1) + ",\"dur\":0.5},";
        json += "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#2\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(ops + 20)
            + ",\"dur\":10}]}";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(json.data(), qint64(json.size())), qint64(json.size()));
        f.close();
        const test::CliRun text = test::runCli({QStringLiteral("analyze"), path});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("critical path: none (more than"), text.out.right(2000).constData());
        const test::CliRun js = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(js.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(js.out).object();
        QVERIFY(o.value(QStringLiteral("critical_path")).isNull());
        QVERIFY2(o.value(QStringLiteral("critical_path_error")).toString().startsWith(QStringLiteral("more than")),
                 qPrintable(o.value(QStringLiteral("critical_path_error")).toString()));
    }
};

QTEST_GUILESS_MAIN(TestCriticalPath)
#include "tst_criticalpath.moc"
