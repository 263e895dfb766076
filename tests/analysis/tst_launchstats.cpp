// SPDX-License-Identifier: GPL-3.0-or-later
// Why the GPU waits on the CPU: the idle breakdown per stream, the launch statistics and the
// queue length (core/analysis/measures/idle_breakdown/IdleBreakdown.h, LaunchStats.h, QueueLength.h). An inline trace with
// every figure worked out by hand, in our definitions and in Holistic Trace Analysis'; HTA 0.6's own
// figures on every shared trace (../shared/traces/hta-launch/*.hta.json) with analyze's HTA
// definition; and ROCm traces, where HTA finds no launch and we do.
#include "tests/CliRun.h"
#include "tests/TestTraces.h"
#include "tests/core/TestUtil.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// No ProfilerStep: both definitions take the whole trace. Integer microseconds. Stream 7:
//   A cudaLaunchKernel [0,10)   -> K1 [20,25)    delay 10, gpu 5 < cpu 10
//   B cudaLaunchKernel [12,16)  -> K2 [40,70)    delay 24; gap 15 after K1, B started before K1 ended: kernel wait
//   C cudaLaunchKernel [100,300)-> K3 [450,460)  delay 150 (outlier), call 200 (outlier); gap 380, C after K2: host wait
//   H hipLaunchKernel  [470,475)-> K4 [520,530)  delay 45 (ours only); gap 60, H after K3: host wait
//   D cudaLaunchKernel [480,485)-> K5 [600,610)  delay 115 (outlier); gap 70 >= 30, D before K4 ended: other
// Stream 8, two copies that overlap on one stream (MTIA's do):
//   cudaMemcpyAsync [200,205) -> M1 [210,260) delay 5;  cudaMemsetAsync [206,208) -> M2 [220,230) delay 12
//   HTA: gap 220 - 260 = -40 < 30: kernel wait -40 (it sums the negative); ours: 0.
const char *kInline = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":0,"dur":10,"args":{"correlation":1}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":12,"dur":4,"args":{"correlation":2}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":100,"dur":200,"args":{"correlation":3}},
{"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":302,"dur":5,"args":{"correlation":6}},
{"ph":"X","cat":"cuda_runtime","name":"cudaMemsetAsync","pid":1,"tid":1,"ts":308,"dur":2,"args":{"correlation":7}},
{"ph":"X","cat":"cuda_runtime","name":"hipLaunchKernel","pid":1,"tid":1,"ts":470,"dur":5,"args":{"correlation":4}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":480,"dur":5,"args":{"correlation":5}},
{"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":20,"dur":5,"args":{"stream":7,"correlation":1,"device":0}},
{"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":40,"dur":30,"args":{"stream":7,"correlation":2,"device":0}},
{"ph":"X","cat":"kernel","name":"k3","pid":0,"tid":7,"ts":450,"dur":10,"args":{"stream":7,"correlation":3,"device":0}},
{"ph":"X","cat":"kernel","name":"k4","pid":0,"tid":7,"ts":520,"dur":10,"args":{"stream":7,"correlation":4,"device":0}},
{"ph":"X","cat":"kernel","name":"k5","pid":0,"tid":7,"ts":600,"dur":10,"args":{"stream":7,"correlation":5,"device":0}},
{"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pinned -> Device)","pid":0,"tid":8,"ts":312,"dur":50,"args":{"stream":8,"correlation":6,"device":0}},
{"ph":"X","cat":"gpu_memset","name":"Memset (Device)","pid":0,"tid":8,"ts":322,"dur":10,"args":{"stream":8,"correlation":7,"device":0}}
]})json";

const StreamIdle *idleOf(const AnalysisResult &r, std::int64_t stream)
{
    for (const StreamIdle &s : r.idleBreakdown.streams)
        if (s.stream == stream)
            return &s;
    return nullptr;
}
const StreamQueue *queueOf(const AnalysisResult &r, std::int64_t stream)
{
    for (const StreamQueue &s : r.queueLengths)
        if (s.stream == stream)
            return &s;
    return nullptr;
}

AnalysisResult analyzed(const Trace &t, bool hta)
{
    AnalysisOptions o;
    o.definition = hta ? GpuTimeDefinition::Hta : GpuTimeDefinition::Lanescope;
    return analyze(t, o);
}

// HTA's JSON writes NaN for a ratio of nothing; JSON has no NaN.
QJsonObject readReference(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray bytes = f.readAll();
    bytes.replace("NaN", "null");
    return QJsonDocument::fromJson(bytes).object();
}

constexpr double us = 1000.0;

struct SynthRun
{
    std::shared_ptr<Trace> trace;
    QJsonObject facts; // ranks[0]
};

// One generation per scenario for every test function.
const SynthRun &synthRun(synth::Scenario s)
{
    static std::map<synth::Scenario, SynthRun> cache;
    if (auto it = cache.find(s); it != cache.end())
        return it->second;
    synth::SynthConfig c;
    c.scenario = s;
    synth::SynthOutput out = synth::synthesize(c);
    SynthRun run;
    run.trace = loadTrace(MappedSource::fromBytes(std::move(out.traces.at(0)), QStringLiteral("synth")), LoadOptions{}).trace;
    run.facts = QJsonDocument::fromJson(QByteArray::fromStdString(out.facts)).object().value(QStringLiteral("ranks")).toArray().at(0).toObject();
    return cache.emplace(s, std::move(run)).first->second;
}

TimeNs fromFactUs(const Trace &t, const QJsonValue &v) { return t.minTs + TimeNs(std::llround(v.toDouble() * 1000.0)); }

const Advice *findAdvice(const std::vector<Advice> &advice, const char *id)
{
    for (const Advice &a : advice)
        if (a.id == QLatin1String(id))
            return &a;
    return nullptr;
}

} // namespace

Q_DECLARE_METATYPE(lanescope::synth::Scenario)

class TestLaunchStats : public QObject
{
    Q_OBJECT

private slots:
    void inlineGolden_data()
    {
        QTest::addColumn<bool>("hta");
        QTest::newRow("lanescope") << false;
        QTest::newRow("hta") << true;
    }
    void inlineGolden()
    {
        QFETCH(bool, hta);
        const LoadResult lr = loadTrace(MappedSource::fromBytes(kInline, QStringLiteral("inline")), LoadOptions{});
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const AnalysisResult r = analyzed(*lr.trace, hta);

        const StreamIdle *s7 = idleOf(r, 7);
        QVERIFY(s7);
        QCOMPARE(s7->device, hta ? -1 : 0);
        QCOMPARE(s7->hostWait, TimeNs(440'000));
        QCOMPARE(s7->kernelWait, TimeNs(15'000));
        QCOMPARE(s7->other, TimeNs(70'000));
        QCOMPARE(s7->idle, TimeNs(525'000));
        QCOMPARE(s7->gaps, std::int64_t(4));
        const StreamIdle *s8 = idleOf(r, 8);
        QVERIFY(s8);
        QCOMPARE(s8->kernelWait, hta ? TimeNs(-40'000) : TimeNs(0));
        QCOMPARE(r.idleBreakdown.hostWait, TimeNs(440'000));
        // Of the compute streams' idle time: stream 8 only copies.
        QVERIFY(s7->computes && !s8->computes);
        QCOMPARE(*r.figures.hostWaitSharePct, 100.0 * 440.0 / 525.0);

        const LaunchStats &l = r.launchStats;
        QCOMPARE(l.launches, std::int64_t(hta ? 6 : 7)); // hipLaunchKernel: ours only
        QCOMPARE(l.gpuShorterThanCpu, std::int64_t(2));
        QCOMPARE(l.runtimeOutliers, std::int64_t(1));
        QCOMPARE(l.delayOutliers, std::int64_t(2));
        QCOMPARE(*l.medianDelayNs, (hta ? 18.0 : 24.0) * us);
        QCOMPARE(*l.p95DelayNs, (hta ? 141.25 : 139.5) * us);
        QCOMPARE(r.figures.launches, l.launches);
        QCOMPARE(*r.figures.launchDelayMedianNs, *l.medianDelayNs);
        QVERIFY(!l.worst.empty());
        QCOMPARE(l.worst.front().name, QStringLiteral("k3"));
        QCOMPARE(l.worst.front().delay, TimeNs(150'000));

        // HTA: +1 at the call, -1 at the kernel's start, the mean over the change points.
        // Ours: -1 at the end, the mean over time.
        const StreamQueue *q7 = queueOf(r, 7), *q8 = queueOf(r, 8);
        QVERIFY(q7 && q8);
        QCOMPARE(q7->count, std::int64_t(10));
        QCOMPARE(q7->max, 2);
        QCOMPARE(q8->max, 2);
        QCOMPARE(q7->fullNs, TimeNs(0));
        if (hta) {
            QCOMPARE(q7->mean, 0.9);
            QCOMPARE(q8->mean, 1.0);
        } else {
            QCOMPARE(q7->mean, 633.0 / 610.0);
            QCOMPARE(q8->mean, 84.0 / 60.0);
        }
    }

    // A window (analyze --step or --from-us/--to-us): only activities starting inside, the gap
    // before the first clipped to the window.
    void window()
    {
        const LoadResult lr = loadTrace(MappedSource::fromBytes(kInline, QStringLiteral("inline")), LoadOptions{});
        QVERIFY2(lr.trace, qPrintable(lr.error));
        AnalysisOptions o;
        o.range = {lr.trace->minTs + 400'000, lr.trace->minTs + 560'000}; // K3, K4
        const AnalysisResult r = analyze(*lr.trace, o);
        const StreamIdle *s7 = idleOf(r, 7);
        QVERIFY(s7);
        QCOMPARE(s7->gaps, std::int64_t(2));
        QCOMPARE(s7->hostWait, TimeNs(50'000 + 60'000)); // [400,450) and [460,520)
        QCOMPARE(idleOf(r, 8), nullptr);                // nothing of stream 8 inside
        QCOMPARE(r.launchStats.launches, std::int64_t(2));
    }

    // HTA 0.6's figures on every shared trace, with its definitions: launch counts exact, median
    // and p95 delay within 1 µs, each idle category within 1 % of the stream's idle time, queue
    // mean within 2 %, max exact. Where HTA raised an error instead of a section (a string), we
    // give an empty list: no stream has a device activity to measure.
    void htaReference_data()
    {
        QTest::addColumn<QString>("reference");
        const QDir dir(QDir(test::tracesDir()).filePath(QStringLiteral("hta-launch")));
        const QStringList refs = dir.entryList({QStringLiteral("*.hta.json")}, QDir::Files, QDir::Name);
        if (refs.isEmpty())
            QTest::newRow("none") << QString();
        for (const QString &f : refs)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void htaReference()
    {
        QFETCH(QString, reference);
        if (reference.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no HTA reference figures under %1/hta-launch (set LANESCOPE_TRACES_DIR): skipped").arg(test::tracesDir())));
        const QJsonObject ref = readReference(reference);
        QVERIFY2(!ref.isEmpty(), qPrintable(reference));
        const QString tracePath = test::tracePath(ref.value(QStringLiteral("trace")).toString());
        if (!QFileInfo::exists(tracePath))
            QSKIP(qPrintable(QStringLiteral("%1 not found: skipped").arg(tracePath)));
        const LoadResult lr = loadTrace(tracePath);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const AnalysisResult r = analyzed(*lr.trace, true);

        const QJsonObject L = ref.value(QStringLiteral("launch")).toObject();
        const LaunchStats &l = r.launchStats;
        QCOMPARE(l.launches, std::int64_t(L.value(QStringLiteral("launches")).toInteger()));
        QCOMPARE(l.gpuShorterThanCpu, std::int64_t(L.value(QStringLiteral("gpu_shorter_than_cpu")).toInteger()));
        QCOMPARE(l.runtimeOutliers, std::int64_t(L.value(QStringLiteral("runtime_outliers")).toInteger()));
        QCOMPARE(l.delayOutliers, std::int64_t(L.value(QStringLiteral("launch_delay_outliers")).toInteger()));
        const auto checkDelay = [&](const char *key, const std::optional<double> &ours) {
            const QJsonValue v = L.value(QLatin1String(key));
            QCOMPARE(bool(ours), !v.isNull());
            if (ours)
                QVERIFY2(std::abs(*ours / us - v.toDouble()) <= 1.0,
                         qPrintable(QStringLiteral("%1: ours %2 µs, HTA %3 µs").arg(QLatin1String(key)).arg(*ours / us).arg(v.toDouble())));
        };
        checkDelay("launch_delay_median_us", l.medianDelayNs);
        checkDelay("launch_delay_p95_us", l.p95DelayNs);

        const QJsonValue idle = ref.value(QStringLiteral("idle"));
        if (idle.isString()) {
            QVERIFY(r.idleBreakdown.streams.empty());
        } else {
            std::map<std::int64_t, std::map<QString, double>> byStream;
            for (const QJsonValue &row : idle.toArray()) {
                const QJsonObject o = row.toObject();
                byStream[o.value(QStringLiteral("stream")).toInteger()][o.value(QStringLiteral("idle_category")).toString()] =
                    o.value(QStringLiteral("idle_time")).toDouble();
            }
            QCOMPARE(r.idleBreakdown.streams.size(), byStream.size());
            for (const auto &[stream, cats] : byStream) {
                const StreamIdle *s = idleOf(r, stream);
                QVERIFY2(s, qPrintable(QStringLiteral("stream %1").arg(stream)));
                double total = 0;
                for (const auto &c : cats)
                    total += c.second;
                const double tolerance = std::max(0.01 * std::abs(total), 1e-9);
                const std::pair<const char *, TimeNs> ours[] = {
                    {"host_wait", s->hostWait}, {"kernel_wait", s->kernelWait}, {"other", s->other}};
                for (const auto &[cat, ns] : ours) {
                    const auto it = cats.find(QLatin1String(cat));
                    const double theirs = it == cats.end() ? 0.0 : it->second;
                    QVERIFY2(std::abs(double(ns) / us - theirs) <= tolerance,
                             qPrintable(QStringLiteral("stream %1 %2: ours %3 µs, HTA %4 µs").arg(stream).arg(QLatin1String(cat)).arg(double(ns) / us).arg(theirs)));
                }
            }
        }

        const QJsonValue queue = ref.value(QStringLiteral("queue"));
        if (!queue.isArray()) {
            QVERIFY(r.queueLengths.empty()); // HTA returned no summary (None): no stream had a launch
        } else {
            QCOMPARE(r.queueLengths.size(), std::size_t(queue.toArray().size()));
            for (const QJsonValue &row : queue.toArray()) {
                const QJsonObject o = row.toObject();
                const StreamQueue *q = queueOf(r, o.value(QStringLiteral("stream")).toInteger());
                QVERIFY(q);
                const double mean = o.value(QStringLiteral("queue_length_mean")).toDouble();
                QVERIFY2(std::abs(q->mean - mean) <= 0.02 * mean,
                         qPrintable(QStringLiteral("stream %1 mean: ours %2, HTA %3").arg(q->stream).arg(q->mean).arg(mean)));
                QCOMPARE(q->max, int(o.value(QStringLiteral("queue_length_max")).toDouble()));
                QCOMPARE(double(q->count), o.value(QStringLiteral("queue_length_count")).toDouble());
            }
        }
    }

    // A graph launch is a launch of each activity of the graph: one cudaGraphLaunch [100,110) µs
    // replays three kernels on stream 7 (each with the call's correlation; only the first has a
    // flow event, as Kineto writes one), each delay measured from the call's end: 10, 20, 30 µs.
    // HTA counts no graph launch.
    void graphLaunchInline_data()
    {
        QTest::addColumn<bool>("hta");
        QTest::newRow("lanescope") << false;
        QTest::newRow("hta") << true;
    }
    void graphLaunchInline()
    {
        QFETCH(bool, hta);
        const char *json = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":0,"dur":10,"args":{"correlation":1}},
{"ph":"X","cat":"cuda_runtime","name":"cudaGraphLaunch","pid":1,"tid":1,"ts":100,"dur":10,"args":{"correlation":9}},
{"ph":"X","cat":"kernel","name":"k0","pid":0,"tid":7,"ts":20,"dur":5,"args":{"stream":7,"correlation":1,"device":0}},
{"ph":"X","cat":"kernel","name":"g1","pid":0,"tid":7,"ts":120,"dur":5,"args":{"stream":7,"correlation":9,"device":0,"graph id":3,"graph node id":11}},
{"ph":"X","cat":"kernel","name":"g2","pid":0,"tid":7,"ts":130,"dur":5,"args":{"stream":7,"correlation":9,"device":0,"graph id":3,"graph node id":12}},
{"ph":"X","cat":"kernel","name":"g3","pid":0,"tid":7,"ts":140,"dur":5,"args":{"stream":7,"correlation":9,"device":0,"graph id":3,"graph node id":13}},
{"ph":"s","id":9,"pid":1,"tid":1,"ts":100,"cat":"ac2g","name":"ac2g"},
{"ph":"f","id":9,"pid":0,"tid":7,"ts":120,"cat":"ac2g","name":"ac2g","bp":"e"}
]})json";
        const LoadResult lr = loadTrace(MappedSource::fromBytes(std::string(json), QStringLiteral("graph")), LoadOptions{});
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const AnalysisResult r = analyzed(*lr.trace, hta);
        const LaunchStats &l = r.launchStats;
        if (hta) {
            QCOMPARE(l.launches, std::int64_t(1)); // the cudaLaunchKernel alone
            QCOMPARE(l.graphLaunches, std::int64_t(0));
            QCOMPARE(l.graphKernels, std::int64_t(0));
            return;
        }
        QCOMPARE(l.launches, std::int64_t(4));
        QCOMPARE(l.graphLaunches, std::int64_t(1));
        QCOMPARE(l.graphKernels, std::int64_t(3));
        // Delays 10 (k0), 10, 20, 30: median 15, p95 28.5 (pandas' linear quantile).
        QVERIFY(l.medianDelayNs);
        QCOMPARE(*l.medianDelayNs, 15.0 * us);
        QCOMPARE(*l.p95DelayNs, 28.5 * us);
        // The graph call is one call: 10 µs, no outlier; its kernels (5 µs) are not compared with it.
        QCOMPARE(l.runtimeOutliers, std::int64_t(0));
        QCOMPARE(l.gpuShorterThanCpu, std::int64_t(1)); // k0 (5 µs) after its 10 µs call
        QCOMPARE(*l.medianCpuNs, 10.0 * us);
        // The queue holds all three from the graph launch's start until each ends.
        const StreamQueue *q = queueOf(r, 7);
        QVERIFY(q);
        QCOMPARE(q->max, 3);
        // Every graph kernel is linked to the call (the flow event reaches only the first).
        const detail::EvidenceIndex ix(*lr.trace);
        int linked = 0;
        for (std::uint32_t k = 0; k < lr.trace->tracks.size(); ++k)
            for (std::uint32_t i = 0; i < lr.trace->tracks[k].size(); ++i) {
                detail::EvidenceIndex::Source src;
                if (lr.trace->tracks[k].kind == TrackKind::Gpu && ix.launchOf(k, i, &src)
                    && lr.trace->name(lr.trace->tracks[src.track].nameId[src.slice]) == QLatin1String("cudaGraphLaunch"))
                    ++linked;
            }
        QCOMPARE(linked, 3);
    }

    // vLLM decode on MI300X replays one HIP graph: every activity carrying the hipGraphLaunch's
    // correlation (counted here from the file itself) is a launch of it.
    void graphLaunchReal()
    {
        const QString path = test::tracePath(QStringLiteral("mi300x-vllm-graph-replay.json.gz"));
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = test::gunzipBytes(f.readAll().toStdString());
        const QJsonArray events = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object().value(QStringLiteral("traceEvents")).toArray();
        std::map<qint64, std::int64_t> activitiesByCorrelation;
        std::vector<qint64> graphCorrelations;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString cat = e.value(QStringLiteral("cat")).toString();
            const qint64 corr = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("correlation")).toInteger(-1);
            if (cat == QLatin1String("kernel") || cat == QLatin1String("gpu_memcpy") || cat == QLatin1String("gpu_memset"))
                ++activitiesByCorrelation[corr];
            else if (e.value(QStringLiteral("name")).toString().endsWith(QLatin1String("GraphLaunch")))
                graphCorrelations.push_back(corr);
        }
        QVERIFY(!graphCorrelations.empty());
        std::int64_t expectedKernels = 0;
        for (qint64 c : graphCorrelations)
            expectedKernels += activitiesByCorrelation[c];
        qInfo("graph launches %zu, replaying %lld activities", graphCorrelations.size(), qlonglong(expectedKernels));
        QVERIFY(expectedKernels > 100); // ~420 kernels in one replay

        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const AnalysisResult ours = analyzed(*lr.trace, false);
        QCOMPARE(ours.launchStats.graphLaunches, std::int64_t(graphCorrelations.size()));
        QCOMPARE(ours.launchStats.graphKernels, expectedKernels);
        QVERIFY(ours.launchStats.launches >= expectedKernels);
        // The graph launch call counts once among the calls, whatever number of kernels it replays.
        QVERIFY(ours.launchStats.runtimeOutliers <= ours.launchStats.launches - ours.launchStats.graphKernels + ours.launchStats.graphLaunches);
        QVERIFY(ours.launchStats.gpuShorterThanCpu <= ours.launchStats.launches - ours.launchStats.graphKernels);
        // HTA's definition still counts no HIP launch at all.
        QCOMPARE(analyzed(*lr.trace, true).launchStats.launches, std::int64_t(0));

        // The CLI's "launch" object carries the same counts.
        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject launch = QJsonDocument::fromJson(cli.out).object().value(QStringLiteral("launch")).toObject();
        QCOMPARE(launch.value(QStringLiteral("graph_launches")).toInteger(), ours.launchStats.graphLaunches);
        QCOMPARE(launch.value(QStringLiteral("graph_kernels")).toInteger(), ours.launchStats.graphKernels);
        QCOMPARE(launch.value(QStringLiteral("launches")).toInteger(), ours.launchStats.launches);
    }

    // ROCm: HTA's launch statistics look for CUDA's call names only; ours find the HIP launches.
    void hipLaunches_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::newRow("mi250") << QStringLiteral("mi250-rocm-minitoy.json.gz");
        QTest::newRow("mi300x") << QStringLiteral("mi300x-qwen-inference.json.gz");
    }
    void hipLaunches()
    {
        QFETCH(QString, trace);
        const QString path = test::tracePath(trace);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        QCOMPARE(analyzed(*lr.trace, true).launchStats.launches, std::int64_t(0));
        const AnalysisResult ours = analyzed(*lr.trace, false);
        QVERIFY(ours.launchStats.launches > 0);
        QVERIFY(ours.launchStats.medianDelayNs);
        QVERIFY(!ours.launchStats.worst.empty());
        QVERIFY(ours.figures.launches == ours.launchStats.launches);
    }

    // The synthetic FSDP runs: the unfused scenarios pack documents in a Python loop of tiny
    // kernels at the start of every step (the facts' launch_bound phases); the tuned one builds
    // them in one kernel, so it has none.
    void synthLaunchBound_data()
    {
        QTest::addColumn<synth::Scenario>("scenario");
        QTest::addColumn<bool>("phases");
        QTest::newRow("fsdp-baseline") << synth::Scenario::Baseline << true;
        QTest::newRow("fsdp-prefetch") << synth::Scenario::Prefetch << true;
        QTest::newRow("fsdp-tuned") << synth::Scenario::Tuned << false;
    }
    void synthLaunchBound()
    {
        QFETCH(synth::Scenario, scenario);
        QFETCH(bool, phases);
        const SynthRun &g = synthRun(scenario);
        QVERIFY(g.trace);
        const QJsonArray facts = g.facts.value(QStringLiteral("launch_bound")).toArray();
        QCOMPARE(facts.isEmpty(), !phases);
        for (const QJsonValue &v : facts) {
            const QJsonObject f = v.toObject();
            const int kernels = f.value(QStringLiteral("kernels")).toInt();
            QVERIFY(kernels > 100);
            // The phase alone: from its first kernel's start to its last kernel's end.
            AnalysisOptions o;
            o.range = {fromFactUs(*g.trace, f.value(QStringLiteral("first_start_us"))), fromFactUs(*g.trace, f.value(QStringLiteral("last_end_us")))};
            for (const bool hta : {false, true}) {
                o.definition = hta ? GpuTimeDefinition::Hta : GpuTimeDefinition::Lanescope;
                const AnalysisResult r = analyze(*g.trace, o);
                QCOMPARE(r.launchStats.launches, std::int64_t(kernels));
                QCOMPARE(r.launchStats.gpuShorterThanCpu, std::int64_t(kernels)); // a microsecond or two behind a call of 3.5 µs or more
                const StreamIdle *s = idleOf(r, f.value(QStringLiteral("stream")).toInteger());
                QVERIFY(s);
                QCOMPARE(s->gaps, std::int64_t(kernels)); // the first one's from the window's start: 0
                // Every gap is the host's: written to the nanosecond, so exact.
                QCOMPARE(s->hostWait, TimeNs(std::llround(f.value(QStringLiteral("host_wait_us")).toDouble() * 1000.0)));
                QCOMPARE(s->kernelWait, TimeNs(0));
                QCOMPARE(s->other, TimeNs(0));
                // The advice names it, and says what CUDA graphs are worth at most.
                const Advice *a = findAdvice(r.advice, "launch_bound");
                QVERIFY2(a, hta ? "hta" : "lanescope");
                // The host wait, but no more than the critical path spends launching (its launch
                // delay and its CPU time in the launch calls): what CUDA graphs take off the path.
                QVERIFY(r.criticalPath.valid);
                TimeNs launching = 0;
                for (const PathSegment &sg : r.criticalPath.segments) {
                    const Track &ct = g.trace->tracks[sg.track];
                    if (sg.part == PathPart::LaunchDelay)
                        launching += sg.to - sg.from;
                    else if (sg.part == PathPart::Cpu && sg.slice >= 0
                             && (launchSetsOf(g.trace->strings.view(ct.nameId[std::size_t(sg.slice)])) & kLanescopeLaunch))
                        launching += sg.to - sg.from;
                }
                QVERIFY(launching > 0);
                QCOMPARE(a->explainedNs, std::min(s->hostWait, launching * std::max(1, r.figures.scope.stepsMeasured)));
                QVERIFY(a->evidence.contains(QLatin1String("launching kernels")));
                QVERIFY(!findAdvice(r.advice, "cpu_bound_launch")); // the same remedy is said once
            }
        }
        // Whole steps: the phase is a few milliseconds of a step of seconds, not worth advice.
        QVERIFY(!findAdvice(analyze(*g.trace).advice, "launch_bound"));
    }

    // A full launch queue: the tuned run's CPU runs a thousand launches ahead until cudaLaunchKernel
    // blocks (the facts' blocked calls). While a call blocks, the queue holds the limit or more in
    // both definitions; the queue also stays full between blocked calls, so a little more time.
    void synthQueueFull_data()
    {
        QTest::addColumn<synth::Scenario>("scenario");
        QTest::addColumn<bool>("hta");
        QTest::newRow("fsdp-baseline") << synth::Scenario::Baseline << false;
        QTest::newRow("fsdp-tuned") << synth::Scenario::Tuned << false;
        QTest::newRow("fsdp-tuned hta") << synth::Scenario::Tuned << true;
    }
    void synthQueueFull()
    {
        QFETCH(synth::Scenario, scenario);
        QFETCH(bool, hta);
        const SynthRun &g = synthRun(scenario);
        QVERIFY(g.trace);
        const QJsonObject f = g.facts.value(QStringLiteral("queue_full")).toObject();
        QCOMPARE(f.value(QStringLiteral("limit")).toInt(), kQueueLimit);
        AnalysisOptions o;
        o.range = {g.trace->minTs, g.trace->maxTs + 1}; // every step: the facts count them all
        o.definition = hta ? GpuTimeDefinition::Hta : GpuTimeDefinition::Lanescope;
        const AnalysisResult r = analyze(*g.trace, o);
        const StreamQueue *q = queueOf(r, f.value(QStringLiteral("stream")).toInteger());
        QVERIFY(q);
        const double blocked = f.value(QStringLiteral("blocked_us")).toDouble() * us;
        if (f.value(QStringLiteral("blocked_calls")).toInt() == 0) {
            QCOMPARE(q->fullNs, TimeNs(0));
            QVERIFY(q->max < kQueueLimit);
            return;
        }
        QVERIFY(q->max >= kQueueLimit);
        // Full at least while calls blocked on it; and, by the default definition, exactly as long
        // as the synthesiser's own count of the queue says (it also stays full while the CPU does
        // other work, the optimizer's Python for one).
        QVERIFY2(double(q->fullNs) >= blocked - 1.0,
                 qPrintable(QStringLiteral("full %1 µs, blocked %2 µs").arg(double(q->fullNs) / us).arg(blocked / us)));
        if (!hta) {
            const double full = f.value(QStringLiteral("full_us")).toDouble() * us;
            QVERIFY2(std::abs(double(q->fullNs) - full) <= 1.0,
                     qPrintable(QStringLiteral("full %1 µs, the facts' %2 µs").arg(double(q->fullNs) / us).arg(full / us)));
        }
    }

    // The two rules' evidence minimums, on inputs made to sit on each side of them.
    void adviceMinimums_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("launches");     // in 1 step
        QTest::addColumn<int>("shorter");      // of them shorter than their call
        QTest::addColumn<int>("hostWaitMs");   // of the compute stream's 100 ms idle time
        QTest::addColumn<int>("emptyMs");      // the main queue empty, of its 1000 ms
        QTest::addColumn<double>("queueMean");
        QTest::addColumn<bool>("fires");
        QTest::newRow("launch-bound") << "launch_bound" << 1000 << 600 << 100 << 0 << 5.0 << true;
        QTest::newRow("launch-bound: 99 launches") << "launch_bound" << 99 << 99 << 100 << 0 << 5.0 << false;
        QTest::newRow("launch-bound: 49.9 % short") << "launch_bound" << 1000 << 499 << 100 << 0 << 5.0 << false;
        QTest::newRow("launch-bound: host wait 49 %") << "launch_bound" << 1000 << 600 << 49 << 0 << 5.0 << false;
        QTest::newRow("starved") << "queue_starvation" << 1000 << 0 << 0 << 300 << 0.5 << true;
        QTest::newRow("starved: empty 19.9 %") << "queue_starvation" << 1000 << 0 << 0 << 199 << 0.5 << false;
        QTest::newRow("starved: 2 deep") << "queue_starvation" << 1000 << 0 << 0 << 300 << 2.0 << false;
    }
    void adviceMinimums()
    {
        QFETCH(QString, rule);
        QFETCH(int, launches);
        QFETCH(int, shorter);
        QFETCH(int, hostWaitMs);
        QFETCH(int, emptyMs);
        QFETCH(double, queueMean);
        QFETCH(bool, fires);
        constexpr TimeNs ms = 1'000'000;
        // One step of 1 s; the compute stream idles 100 ms of it.
        const std::vector<Step> steps{Step{QStringLiteral("ProfilerStep#1"), 1, 0, 1000 * ms}};
        LaunchStats l;
        l.launches = launches;
        l.gpuShorterThanCpu = shorter;
        l.medianGpuNs = 2000;
        l.medianCpuNs = 9000;
        IdleBreakdown ib;
        StreamIdle si;
        si.device = 0;
        si.stream = 7;
        si.computes = true;
        si.idle = 100 * ms;
        si.hostWait = TimeNs(hostWaitMs) * ms;
        si.other = si.idle - si.hostWait;
        ib.streams.push_back(si);
        ib.idle = ib.computeIdle = si.idle;
        ib.hostWait = ib.computeHostWait = si.hostWait;
        StreamQueue q;
        q.stream = 7;
        q.count = 2000;
        q.mean = queueMean;
        q.spanNs = 1000 * ms;
        q.emptyNs = TimeNs(emptyMs) * ms;
        const std::vector<StreamQueue> queues{q};
        AdviceInputs in;
        in.steps = &steps;
        in.windows.push_back(TimeRange{0, 1000 * ms});
        in.launchStats = &l;
        in.idleBreakdown = &ib;
        in.queueLengths = &queues;
        const std::vector<Advice> advice = advise(in);
        const Advice *a = findAdvice(advice, qPrintable(rule));
        QCOMPARE(bool(a), fires);
        if (a) {
            QCOMPARE(a->explainedNs, rule == QLatin1String("launch_bound") ? si.hostWait : q.emptyNs);
            QVERIFY(!a->evidence.isEmpty());
        }
    }

    // The command line: every rank of `analyze DIR --json` carries the three sections as
    // `analyze RANKFILE --json` prints them (times aside: the folder's count from the job's first
    // event), and `compare --json` has the three new deltas.
    void cliFolderAndCompare()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ranks = dir.filePath(QStringLiteral("job"));
        const test::CliRun made = test::runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-baseline"),
                                                QStringLiteral("--layers"), QStringLiteral("4"), QStringLiteral("--ranks"), QStringLiteral("2"),
                                                QStringLiteral("-o"), ranks});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const test::CliRun job = test::runCli({QStringLiteral("analyze"), ranks, QStringLiteral("--json")});
        QVERIFY2(job.exitCode == 0, job.err.constData());
        const QJsonArray perRank = QJsonDocument::fromJson(job.out).object().value(QStringLiteral("ranks")).toArray();
        QCOMPARE(perRank.size(), 2);
        for (const QJsonValue &v : perRank) {
            const QJsonObject rank = v.toObject();
            const test::CliRun one = test::runCli({QStringLiteral("analyze"), rank.value(QStringLiteral("path")).toString(), QStringLiteral("--json")});
            QVERIFY2(one.exitCode == 0, one.err.constData());
            const QJsonObject alone = QJsonDocument::fromJson(one.out).object();
            QCOMPARE(rank.value(QStringLiteral("idle_breakdown")), alone.value(QStringLiteral("idle_breakdown")));
            QCOMPARE(rank.value(QStringLiteral("queue")), alone.value(QStringLiteral("queue")));
            QJsonObject a = rank.value(QStringLiteral("launch")).toObject(), b = alone.value(QStringLiteral("launch")).toObject();
            QVERIFY(a.value(QStringLiteral("launches")).toInteger() > 0);
            QCOMPARE(a.value(QStringLiteral("worst")).toArray().size(), b.value(QStringLiteral("worst")).toArray().size());
            a.remove(QStringLiteral("worst"));
            b.remove(QStringLiteral("worst"));
            QCOMPARE(a, b);
        }
        const QString tuned = dir.filePath(QStringLiteral("tuned.json"));
        QCOMPARE(test::runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-tuned"), QStringLiteral("--layers"),
                               QStringLiteral("4"), QStringLiteral("-o"), tuned}).exitCode, 0);
        const QString base = perRank.at(0).toObject().value(QStringLiteral("path")).toString();
        const test::CliRun cmp = test::runCli({QStringLiteral("compare"), base, tuned, QStringLiteral("--json")});
        QVERIFY2(cmp.exitCode == 0, cmp.err.constData());
        const QJsonObject cmpJson = QJsonDocument::fromJson(cmp.out).object();
        const QJsonObject delta = cmpJson.value(QStringLiteral("deltas")).toArray().at(0).toObject();
        const QJsonObject run1 = cmpJson.value(QStringLiteral("runs")).toArray().at(1).toObject().value(QStringLiteral("analysis")).toObject();
        const QJsonObject run0 = cmpJson.value(QStringLiteral("runs")).toArray().at(0).toObject().value(QStringLiteral("analysis")).toObject();
        const QJsonObject launches = delta.value(QStringLiteral("launches")).toObject();
        QCOMPARE(launches.value(QStringLiteral("value")).toDouble(),
                 run1.value(QStringLiteral("launch")).toObject().value(QStringLiteral("launches")).toDouble());
        QCOMPARE(launches.value(QStringLiteral("delta")).toDouble(),
                 run1.value(QStringLiteral("launch")).toObject().value(QStringLiteral("launches")).toDouble()
                     - run0.value(QStringLiteral("launch")).toObject().value(QStringLiteral("launches")).toDouble());
        QCOMPARE(delta.value(QStringLiteral("launch_delay_median_us")).toObject().value(QStringLiteral("value")).toDouble(),
                 run1.value(QStringLiteral("launch")).toObject().value(QStringLiteral("launch_delay_median_us")).toDouble());
        QVERIFY(delta.value(QStringLiteral("host_wait_pct")).toObject().value(QStringLiteral("value")).isDouble());
    }
    // Clock skew: kernels that start (and end) before the call that launched them. The queue
    // never goes below 0 in either definition, their delays read 0 as HTA clips them, and the
    // analysis counts them and says so, naming the stream.
    void kernelsBeforeTheirLaunch_data()
    {
        QTest::addColumn<bool>("hta");
        QTest::newRow("ours") << false;
        QTest::newRow("hta") << true;
    }
    void kernelsBeforeTheirLaunch()
    {
        QFETCH(bool, hta);
        // Stream 7: three launches at 100, 110, 120 us whose kernels ran at 10-15, 20-25, 30-35 us
        // (the GPU's clock some 100 us behind), then one kernel launched in time.
        const char *json = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":100,"dur":5,"args":{"correlation":1}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":110,"dur":5,"args":{"correlation":2}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":120,"dur":5,"args":{"correlation":3}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":130,"dur":5,"args":{"correlation":4}},
{"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":10,"dur":5,"args":{"stream":7,"correlation":1,"device":0}},
{"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":20,"dur":5,"args":{"stream":7,"correlation":2,"device":0}},
{"ph":"X","cat":"kernel","name":"k3","pid":0,"tid":7,"ts":30,"dur":5,"args":{"stream":7,"correlation":3,"device":0}},
{"ph":"X","cat":"kernel","name":"k4","pid":0,"tid":7,"ts":140,"dur":5,"args":{"stream":7,"correlation":4,"device":0}}
]})json";
        const LoadResult l = loadTrace(MappedSource::fromBytes(std::string(json), QStringLiteral("skew")));
        QVERIFY2(l.trace, qPrintable(l.error));
        const AnalysisResult r = analyzed(*l.trace, hta);
        const StreamQueue *q = queueOf(r, 7);
        QVERIFY(q);
        QVERIFY2(q->mean >= 0, qPrintable(QString::number(q->mean)));
        QCOMPARE(q->startBeforeLaunch, std::int64_t(3));
        LaunchOptions o;
        o.hta = hta;
        const ActivityView view = launchedActivities(detail::EvidenceIndex(*l.trace), o);
        for (const StreamActivities &s : view.streams)
            for (const QueuePoint &p : queueSeries(s, o))
                QVERIFY2(p.length >= 0, qPrintable(QStringLiteral("%1 at %2").arg(p.length).arg(p.ts)));
        QCOMPARE(r.launchStats.startBeforeLaunch, std::int64_t(3));
        QVERIFY(r.launchStats.medianDelayNs && *r.launchStats.medianDelayNs >= 0);
        const QString warning = r.warnings.filter(QStringLiteral("before the call that launched them")).value(0);
        QVERIFY2(warning.contains(QStringLiteral("launched them: 3 (")) && warning.contains(QStringLiteral("stream 7")), qPrintable(r.warnings.join(QLatin1Char('\n'))));
    }

    // A trace without skew says nothing about it.
    void noSkewNoWarning()
    {
        const LoadResult l = loadTrace(MappedSource::fromBytes(std::string(kInline), QStringLiteral("inline")));
        QVERIFY(l.trace);
        const AnalysisResult r = analyzed(*l.trace, false);
        QCOMPARE(r.launchStats.startBeforeLaunch, std::int64_t(0));
        QVERIFY(r.warnings.filter(QStringLiteral("before the call")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLaunchStats)
#include "tst_launchstats.moc"
