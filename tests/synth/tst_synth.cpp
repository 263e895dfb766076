// SPDX-License-Identifier: GPL-3.0-or-later
// The synthetic FSDP traces (lanescope-cli synth): deterministic, structurally what
// torch.profiler writes, loadable without a warning, and with each scenario's known properties.
// Every test is data-driven over the three scenarios; traces are generated once per scenario at
// the case study's full size (32 layers, 3 steps) and cached for the test functions.
#include "core/model/Trace.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <rapidjson/document.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>

using namespace lanescope;
using synth::Scenario;

Q_DECLARE_METATYPE(lanescope::synth::Scenario)

namespace {

constexpr std::int64_t kComputeStream = 7;
constexpr std::int64_t kAllGatherStream = 20;

struct Generated
{
    synth::SynthOutput out;
    QString path;
    std::shared_ptr<Trace> trace;
    QJsonObject facts; // facts.ranks[0]
    QJsonObject root;
};

bool isGemm(const QString &name)
{
    return name.contains(QLatin1String("gemm"));
}

const Track *gpuTrack(const Trace &t, std::int64_t stream)
{
    for (const Track &tr : t.tracks)
        if (tr.kind == TrackKind::Gpu && tr.device == 0 && tr.tid == stream)
            return &tr;
    return nullptr;
}

const Track *cpuTrackNamed(const Trace &t, const char *suffix)
{
    for (const Track &tr : t.tracks)
        if (tr.kind == TrackKind::Cpu && tr.name.endsWith(QLatin1String(suffix)))
            return &tr;
    return nullptr;
}

// A kernel, copy or memset: not a gpu_user_annotation, nor a cuda_sync event ("Stream Sync").
bool isActivity(CategoryClass c)
{
    return c == CategoryClass::Kernel || c == CategoryClass::GpuMemcpy || c == CategoryClass::GpuMemset;
}

// Intervals on a GPU track where kernels/copies ran (annotations and sync events excluded), sorted.
std::vector<std::pair<TimeNs, TimeNs>> busy(const Trace &t, const Track &tr)
{
    std::vector<std::pair<TimeNs, TimeNs>> v;
    for (std::size_t i = 0; i < tr.size(); ++i)
        if (isActivity(t.categoryClass[tr.catId[i]]))
            v.emplace_back(tr.start[i], tr.end(i));
    return v;
}

QString jsonString(const rapidjson::Value &v, const char *key)
{
    const auto it = v.FindMember(key);
    if (it == v.MemberEnd() || !it->value.IsString())
        return QString();
    return QString::fromUtf8(it->value.GetString(), int(it->value.GetStringLength()));
}

// "4812345680250.906" µs -> ns, exactly (as the loader reads it).
TimeNs usToNs(const rapidjson::Value &v)
{
    if (v.IsInt64())
        return v.GetInt64() * 1000;
    return TimeNs(std::llround(v.GetDouble() * 1000.0));
}

} // namespace

class tst_Synth : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void determinism_data() { scenarios(); }
    void determinism();
    void loadsCleanly_data() { scenarios(); }
    void loadsCleanly();
    void modelStructure_data() { scenarios(); }
    void modelStructure();
    void jsonStructure_data() { scenarios(); }
    void jsonStructure();
    void memoryConsistent_data() { scenarios(); }
    void memoryConsistent();
    void factsMatchTrace_data() { scenarios(); }
    void factsMatchTrace();
    void scenarioProperties_data() { scenarios(); }
    void scenarioProperties();
    void comparesAcrossScenarios();
    void cliRanks();
    void cliBadUsage();
    void cliOptionsTheAnalyzerCanRead_data();
    void cliOptionsTheAnalyzerCanRead();

private:
    QTemporaryDir m_dir;
    std::map<int, Generated> m_cache;

    static void scenarios()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::newRow("fsdp-baseline") << Scenario::Baseline;
        QTest::newRow("fsdp-prefetch") << Scenario::Prefetch;
        QTest::newRow("fsdp-tuned") << Scenario::Tuned;
    }
    const Generated &generated(Scenario s);
};

void tst_Synth::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

const Generated &tst_Synth::generated(Scenario s)
{
    auto it = m_cache.find(int(s));
    if (it != m_cache.end())
        return it->second;
    Generated g;
    synth::SynthConfig c;
    c.scenario = s;
    c.seed = 7;
    g.out = synth::synthesize(c);
    g.path = m_dir.filePath(QString::fromLatin1(synth::scenarioName(s)) + QStringLiteral(".json"));
    QFile f(g.path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(g.out.traces.at(0).data(), qint64(g.out.traces.at(0).size()));
        f.close();
    }
    LoadResult r = loadTrace(g.path);
    g.trace = r.trace;
    g.root = QJsonDocument::fromJson(QByteArray::fromStdString(g.out.facts)).object();
    g.facts = g.root.value(QStringLiteral("ranks")).toArray().at(0).toObject();
    return m_cache.emplace(int(s), std::move(g)).first->second;
}

// Same configuration, same bytes; another seed, other bytes (the jitter is seeded).
void tst_Synth::determinism()
{
    QFETCH(Scenario, scenario);
    synth::SynthConfig c;
    c.scenario = scenario;
    c.layers = 4;
    c.seed = 42;
    const synth::SynthOutput a = synth::synthesize(c);
    const synth::SynthOutput b = synth::synthesize(c);
    QCOMPARE(a.traces.size(), std::size_t(1));
    QVERIFY(a.traces[0] == b.traces[0]);
    QVERIFY(a.facts == b.facts);
    c.seed = 43;
    const synth::SynthOutput other = synth::synthesize(c);
    QVERIFY(other.traces[0] != a.traces[0]);
    QVERIFY(other.facts != a.facts);
    // The full-size default matches the cached run generated the same way.
    const Generated &g = generated(scenario);
    synth::SynthConfig full;
    full.scenario = scenario;
    full.seed = 7;
    QVERIFY(synth::synthesize(full).traces[0] == g.out.traces[0]);
}

void tst_Synth::loadsCleanly()
{
    QFETCH(Scenario, scenario);
    const Generated &g = generated(scenario);
    QVERIFY2(g.trace, "the synthetic trace did not load");
    const Trace &t = *g.trace;
    QVERIFY2(t.warnings.isEmpty(), qPrintable(t.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(t.malformedEvents, std::uint64_t(0));
    QVERIFY(!t.truncated);
    QCOMPARE(t.rank, 0);
    QCOMPARE(t.worldSize, 32);
    QCOMPARE(t.devices.size(), std::size_t(8));
    QCOMPARE(t.devices[0].name, QStringLiteral("NVIDIA A100-SXM4-80GB"));
    QCOMPARE(t.displayTimeUnit, QStringLiteral("ms"));
    QVERIFY(t.baseTimeNs > 0);
    QVERIFY(gpuTrack(t, kComputeStream));
    QVERIFY(gpuTrack(t, kAllGatherStream));
    QVERIFY(gpuTrack(t, 24));
    QVERIFY(cpuTrackNamed(t, "(pt_main_thread)"));
    QVERIFY(cpuTrackNamed(t, "(pt_autograd_0)"));
    // Manageable: tens of MB at most for the default 3 steps x 32 layers.
    QVERIFY2(t.fileBytes < 40u * 1000 * 1000, qPrintable(QString::number(t.fileBytes)));
}

// Nesting, steps, and launch flows as the loaded model sees them.
void tst_Synth::modelStructure()
{
    QFETCH(Scenario, scenario);
    const Generated &g = generated(scenario);
    QVERIFY(g.trace);
    const Trace &t = *g.trace;

    // Every slice of a CPU thread (and every GPU lane) nests properly: no partial overlaps.
    for (const Track &tr : t.tracks) {
        std::vector<TimeNs> ends;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            while (!ends.empty() && ends.back() <= tr.start[i])
                ends.pop_back();
            if (!ends.empty())
                QVERIFY2(tr.end(i) <= ends.back(), qPrintable(QStringLiteral("%1: %2 overlaps its parent")
                                                                   .arg(tr.name, t.name(tr.nameId[i]))));
            QCOMPARE(int(tr.depth[i]), int(ends.size()));
            ends.push_back(tr.end(i));
        }
    }

    // ProfilerStep#2..#4 on the main thread (top level) and on the compute stream (enclosing
    // the step's kernels).
    const Track *mainThread = cpuTrackNamed(t, "(pt_main_thread)");
    const Track *compute = gpuTrack(t, kComputeStream);
    QVERIFY(mainThread && compute);
    QStringList cpuSteps, gpuSteps;
    for (std::size_t i = 0; i < mainThread->size(); ++i)
        if (t.name(mainThread->nameId[i]).startsWith(QLatin1String("ProfilerStep#"))) {
            QCOMPARE(int(mainThread->depth[i]), 0);
            cpuSteps << t.name(mainThread->nameId[i]);
        }
    std::size_t kernelsInSteps = 0, kernels = 0;
    for (std::size_t i = 0; i < compute->size(); ++i) {
        if (t.name(compute->nameId[i]).startsWith(QLatin1String("ProfilerStep#"))) {
            QCOMPARE(int(compute->depth[i]), 0);
            gpuSteps << t.name(compute->nameId[i]);
        } else if (isActivity(t.categoryClass[compute->catId[i]])) {
            ++kernels;
            kernelsInSteps += compute->depth[i] == 1 ? 1 : 0;
        }
    }
    const QStringList expected{QStringLiteral("ProfilerStep#2"), QStringLiteral("ProfilerStep#3"), QStringLiteral("ProfilerStep#4")};
    QCOMPARE(cpuSteps, expected);
    QCOMPARE(gpuSteps, expected);
    QCOMPARE(kernelsInSteps, kernels);

    // Every GPU activity has a launch flow from a CUDA runtime call on a CPU thread.
    std::set<std::pair<std::uint32_t, std::uint32_t>> launched;
    for (const Flow &f : t.flows) {
        if (f.kind != FlowKind::Launch)
            continue;
        const Track &from = t.tracks[f.fromTrack];
        QCOMPARE(from.kind, TrackKind::Cpu);
        QCOMPARE(t.categoryClass[from.catId[f.fromSlice]], CategoryClass::Runtime);
        const QString api = t.name(from.nameId[f.fromSlice]);
        QVERIFY2(api.startsWith(QLatin1String("cudaLaunchKernel")) || api.startsWith(QLatin1String("cudaMem")),
                 qPrintable(api));
        launched.insert({f.toTrack, f.toSlice});
    }
    std::size_t gpuActivities = 0;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::uint32_t i = 0; i < tr.size(); ++i) {
            if (!isActivity(t.categoryClass[tr.catId[i]]))
                continue;
            ++gpuActivities;
            QVERIFY2(launched.count({k, i}), qPrintable(t.name(tr.nameId[i])));
        }
    }
    QVERIFY(gpuActivities > 1000);
}

// Re-read with RapidJSON: the shapes torch.profiler (and Holistic Trace Analysis) rely on.
void tst_Synth::jsonStructure()
{
    QFETCH(Scenario, scenario);
    const Generated &g = generated(scenario);
    rapidjson::Document d;
    d.Parse(g.out.traces[0].c_str(), g.out.traces[0].size());
    QVERIFY(!d.HasParseError());
    QVERIFY(d.IsObject());

    // Header keys, in Kineto's order.
    QStringList keys;
    for (auto m = d.MemberBegin(); m != d.MemberEnd(); ++m)
        keys << QString::fromUtf8(m->name.GetString());
    QCOMPARE(keys, (QStringList{QStringLiteral("schemaVersion"), QStringLiteral("deviceProperties"),
                                QStringLiteral("distributedInfo"), QStringLiteral("traceEvents"), QStringLiteral("traceName"),
                                QStringLiteral("displayTimeUnit"), QStringLiteral("baseTimeNanoseconds")}));
    QCOMPARE(d["distributedInfo"]["rank"].GetInt(), 0);
    QCOMPARE(d["distributedInfo"]["world_size"].GetInt(), 32);
    QCOMPARE(jsonString(d["distributedInfo"], "backend"), QStringLiteral("nccl"));

    struct Runtime
    {
        TimeNs ts;
        std::int64_t ext;
    };
    std::unordered_map<std::int64_t, Runtime> runtimeByCorr;
    std::unordered_map<std::int64_t, TimeNs> flowStart, flowEnd;
    std::vector<const rapidjson::Value *> gpu;
    int profilerSteps = 0, memoryEvents = 0, metadata = 0, traceSpans = 0, iterationStarts = 0;
    for (const auto &e : d["traceEvents"].GetArray()) {
        const QString ph = jsonString(e, "ph"), cat = jsonString(e, "cat"), name = jsonString(e, "name");
        QVERIFY2(!ph.isEmpty(), "event without ph");
        if (ph == QLatin1String("M")) {
            ++metadata;
            continue;
        }
        QVERIFY(e.HasMember("ts"));
        if (ph == QLatin1String("X")) {
            QVERIFY(e.HasMember("dur") && e.HasMember("pid") && e.HasMember("tid") && !cat.isEmpty());
            if (cat == QLatin1String("Trace")) {
                ++traceSpans;
                continue;
            }
            const auto &args = e["args"];
            QVERIFY(args.HasMember("External id"));
            if (cat == QLatin1String("cuda_runtime")) {
                QVERIFY(args.HasMember("cbid") && args.HasMember("correlation"));
                QVERIFY2(!args.HasMember("stream"), "HTA tells CPU from GPU events by args.stream");
                runtimeByCorr[args["correlation"].GetInt64()] = Runtime{usToNs(e["ts"]), args["External id"].GetInt64()};
                if (name == QLatin1String("cudaLaunchKernel"))
                    QCOMPARE(args["cbid"].GetInt(), 211);
                if (name == QLatin1String("cudaStreamWaitEvent"))
                    QVERIFY(args.HasMember("wait_on_stream") && args.HasMember("wait_on_cuda_event_record_corr_id"));
            } else if (cat == QLatin1String("kernel") || cat == QLatin1String("gpu_memcpy") || cat == QLatin1String("gpu_memset")) {
                for (const char *k : {"device", "stream", "correlation"})
                    QVERIFY2(args.HasMember(k), k);
                QVERIFY(args["stream"].GetInt() > 0);
                if (cat == QLatin1String("kernel"))
                    for (const char *k : {"queued", "context", "registers per thread", "shared memory", "blocks per SM",
                                          "warps per SM", "grid", "block", "est. achieved occupancy %"})
                        QVERIFY2(args.HasMember(k), k);
                gpu.push_back(&e);
            } else if (name.startsWith(QLatin1String("ProfilerStep#"))) {
                ++profilerSteps;
                QVERIFY(cat == QLatin1String("user_annotation") || cat == QLatin1String("gpu_user_annotation"));
            }
        } else if (ph == QLatin1String("s") || ph == QLatin1String("f")) {
            QCOMPARE(cat, QStringLiteral("ac2g"));
            (ph == QLatin1String("s") ? flowStart : flowEnd)[e["id"].GetInt64()] = usToNs(e["ts"]);
            if (ph == QLatin1String("f"))
                QCOMPARE(jsonString(e, "bp"), QStringLiteral("e"));
        } else if (ph == QLatin1String("i")) {
            if (name == QLatin1String("[memory]")) {
                ++memoryEvents;
                const auto &args = e["args"];
                for (const char *k : {"Device Type", "Device Id", "Addr", "Bytes", "Total Allocated", "Total Reserved"})
                    QVERIFY2(args.HasMember(k), k);
            } else if (name.startsWith(QLatin1String("Iteration Start"))) {
                ++iterationStarts;
            }
        }
    }
    QCOMPARE(profilerSteps, 6); // 3 on the CPU, 3 on the compute stream
    QCOMPARE(traceSpans, 1);
    QCOMPARE(iterationStarts, 1);
    QVERIFY(metadata > 30);
    QVERIFY(memoryEvents > 1000);
    // Each kernel: a runtime call with the same correlation (and External id), launched before it,
    // an ac2g flow start on the call's ts and its end on the kernel's ts.
    for (const rapidjson::Value *k : gpu) {
        const std::int64_t corr = (*k)["args"]["correlation"].GetInt64();
        const auto rt = runtimeByCorr.find(corr);
        QVERIFY2(rt != runtimeByCorr.end(), qPrintable(jsonString(*k, "name")));
        QCOMPARE(rt->second.ext, (*k)["args"]["External id"].GetInt64());
        QVERIFY(rt->second.ts <= usToNs((*k)["ts"]));
        QVERIFY(flowStart.count(corr) && flowEnd.count(corr));
        QCOMPARE(flowStart[corr], rt->second.ts);
        QCOMPARE(flowEnd[corr], usToNs((*k)["ts"]));
    }
    QCOMPARE(flowStart.size(), gpu.size());
}

// Total Allocated is the running sum of the Bytes deltas; reserved never below allocated.
void tst_Synth::memoryConsistent()
{
    QFETCH(Scenario, scenario);
    const Generated &g = generated(scenario);
    QVERIFY(g.trace);
    const MemorySeries *cuda = nullptr;
    for (const MemorySeries &m : g.trace->memory)
        if (m.deviceType == 1 && m.deviceId == 0)
            cuda = &m;
    QVERIFY(cuda);
    QVERIFY(cuda->totalsFromTrace);
    QVERIFY(cuda->samples.size() > 1000);
    std::int64_t peak = 0;
    for (std::size_t i = 0; i < cuda->samples.size(); ++i) {
        const MemorySample &s = cuda->samples[i];
        if (i > 0) {
            QCOMPARE(s.allocated, cuda->samples[i - 1].allocated + s.bytes);
            QVERIFY(s.ts > cuda->samples[i - 1].ts);
        }
        QVERIFY(s.reserved >= s.allocated);
        peak = std::max(peak, s.allocated);
    }
    const QJsonObject mem = g.facts.value(QStringLiteral("memory")).toObject();
    QCOMPARE(qint64(mem.value(QStringLiteral("peak_allocated_bytes")).toDouble()), qint64(peak));
    // Everything allocated during the trace is freed by its end (persistent state stays).
    QCOMPARE(mem.value(QStringLiteral("alloc_events")).toInt(), mem.value(QStringLiteral("free_events")).toInt());
}

// The sidecar's facts are true of the trace: steps, gaps (idle intervals of stream 7), MFU.
void tst_Synth::factsMatchTrace()
{
    QFETCH(Scenario, scenario);
    const Generated &g = generated(scenario);
    QVERIFY(g.trace);
    const Trace &t = *g.trace;
    QCOMPARE(g.root.value(QStringLiteral("scenario")).toString(), QString::fromLatin1(synth::scenarioName(scenario)));

    const Track *mainThread = cpuTrackNamed(t, "(pt_main_thread)");
    QVERIFY(mainThread);
    const QJsonArray steps = g.facts.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 3);
    std::vector<double> stepNs;
    int k = 0;
    for (std::size_t i = 0; i < mainThread->size(); ++i) {
        if (!t.name(mainThread->nameId[i]).startsWith(QLatin1String("ProfilerStep#")))
            continue;
        const QJsonObject s = steps.at(k++).toObject();
        QCOMPARE(s.value(QStringLiteral("name")).toString(), t.name(mainThread->nameId[i]));
        QCOMPARE(std::llround(s.value(QStringLiteral("start_us")).toDouble() * 1000), qint64(mainThread->start[i] - t.minTs));
        QCOMPARE(std::llround(s.value(QStringLiteral("dur_us")).toDouble() * 1000), qint64(mainThread->dur[i]));
        stepNs.push_back(double(mainThread->dur[i]));
    }
    QCOMPARE(k, 3);
    // The analysis' step time: the median of the complete steps (the first two of three).

    // MFU implied by the parameters: 6 x params FLOPs per token, tokens/s/GPU from the step time.
    const QJsonObject mfu = g.facts.value(QStringLiteral("mfu")).toObject();
    const double stepS = (stepNs[0] + stepNs[1]) / 2 / 1e9;
    const double expected = 100.0 * 6.0 * 7e9 * (8192.0 / stepS) / 312e12;
    QVERIFY(std::abs(mfu.value(QStringLiteral("mfu_pct")).toDouble() - expected) < 1e-6);

    // Each gap is an idle interval of the compute stream between the named kernels.
    const Track *compute = gpuTrack(t, kComputeStream);
    QVERIFY(compute);
    std::map<TimeNs, std::size_t> byEnd, byStart;
    for (std::size_t i = 0; i < compute->size(); ++i)
        if (isActivity(t.categoryClass[compute->catId[i]])) {
            byEnd[compute->end(i)] = i;
            byStart[compute->start[i]] = i;
        }
    const QJsonArray gaps = g.facts.value(QStringLiteral("gaps")).toArray();
    QVERIFY(!gaps.isEmpty());
    for (const QJsonValue &v : gaps) {
        const QJsonObject gap = v.toObject();
        QCOMPARE(gap.value(QStringLiteral("stream")).toInt(), 7);
        const TimeNs start = t.minTs + std::llround(gap.value(QStringLiteral("start_us")).toDouble() * 1000);
        const TimeNs end = start + std::llround(gap.value(QStringLiteral("dur_us")).toDouble() * 1000);
        QVERIFY(byEnd.count(start) && byStart.count(end));
        QCOMPARE(t.name(compute->nameId[byEnd[start]]), gap.value(QStringLiteral("before")).toString());
        QCOMPARE(t.name(compute->nameId[byStart[end]]), gap.value(QStringLiteral("after")).toString());
        // Nothing ran on the stream in between.
        const auto next = byStart.upper_bound(start);
        QVERIFY(next != byStart.end() && next->first == end);
        const QString cause = gap.value(QStringLiteral("cause")).toString();
        QVERIFY2(QStringList({QStringLiteral("comm_wait"), QStringLiteral("host_launch"), QStringLiteral("allocator"),
                              QStringLiteral("sync"), QStringLiteral("dataloader"), QStringLiteral("other")})
                     .contains(cause),
                 qPrintable(cause));
    }
}

void tst_Synth::scenarioProperties()
{
    QFETCH(Scenario, scenario);
    const Generated &g = generated(scenario);
    QVERIFY(g.trace);
    const Trace &t = *g.trace;
    const Track *compute = gpuTrack(t, kComputeStream);
    const Track *allGather = gpuTrack(t, kAllGatherStream);
    QVERIFY(compute && allGather);

    // GEMM-to-GEMM distances on the compute stream of 10 ms or more, and whether an AllGather
    // ran through (most of) each.
    std::vector<std::pair<TimeNs, TimeNs>> gemmGaps;
    TimeNs lastGemmEnd = -1;
    for (std::size_t i = 0; i < compute->size(); ++i) {
        if (t.categoryClass[compute->catId[i]] != CategoryClass::Kernel || !isGemm(t.name(compute->nameId[i])))
            continue;
        if (lastGemmEnd >= 0 && compute->start[i] - lastGemmEnd >= 10000000)
            gemmGaps.emplace_back(lastGemmEnd, compute->start[i]);
        lastGemmEnd = compute->end(i);
    }
    const auto ag = busy(t, *allGather);
    auto allGatherThrough = [&](TimeNs from, TimeNs to) {
        for (const auto &[s, e] : ag)
            if (std::min(e, to) - std::max(s, from) >= (to - from) * 8 / 10)
                return true;
        return false;
    };
    int withAllGather = 0;
    for (const auto &[from, to] : gemmGaps)
        withAllGather += allGatherThrough(from, to) ? 1 : 0;

    // Layer-boundary gaps from the facts: waiting on an AllGather inside the layer stack.
    int layerCommGaps = 0, allocatorGaps = 0;
    for (const QJsonValue &v : g.facts.value(QStringLiteral("gaps")).toArray()) {
        const QJsonObject gap = v.toObject();
        const QString cause = gap.value(QStringLiteral("cause")).toString();
        if (cause == QLatin1String("allocator"))
            ++allocatorGaps;
        // Interior layer boundaries only: the first layer of each pass (forward layers.0 after the
        // embedding, backward layers.31 after the LM head) waits on its AllGather in every
        // scenario, as nothing long enough runs before it to hide the transfer.
        const QString where = gap.value(QStringLiteral("where")).toString();
        if (cause != QLatin1String("comm_wait") || !where.contains(QLatin1String("layers."))
            || where == QLatin1String("forward model.layers.0") || where == QLatin1String("backward model.layers.31"))
            continue;
        ++layerCommGaps;
        const double ms = gap.value(QStringLiteral("dur_us")).toDouble() / 1000.0;
        QVERIFY2(ms > 12 && ms < 25, qPrintable(QString::number(ms)));
        QVERIFY(!gap.value(QStringLiteral("gemm_before")).toString().isEmpty());
        QVERIFY(!gap.value(QStringLiteral("gemm_after")).toString().isEmpty());
        const TimeNs start = t.minTs + std::llround(gap.value(QStringLiteral("start_us")).toDouble() * 1000);
        const TimeNs end = start + std::llround(gap.value(QStringLiteral("dur_us")).toDouble() * 1000);
        QVERIFY(allGatherThrough(start, end));
    }

    // No allocator calls inside the steps once max_split_size_mb is set.
    int allocatorCalls = 0;
    for (const Track &tr : t.tracks)
        if (tr.kind == TrackKind::Cpu)
            for (std::size_t i = 0; i < tr.size(); ++i) {
                const QString n = t.name(tr.nameId[i]);
                allocatorCalls += (n == QLatin1String("cudaMalloc") || n == QLatin1String("cudaFree")) ? 1 : 0;
            }

    const double mfu = g.facts.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("mfu_pct")).toDouble();
    const int layers = 32, steps = 3;
    switch (scenario) {
    case Scenario::Baseline:
        // limit_all_gathers=True: every layer boundary, forward and backward, waits ~15 ms on
        // the next layer's AllGather, with the GPU's GEMMs on either side.
        QVERIFY2(layerCommGaps >= 2 * (layers - 1) * steps, qPrintable(QString::number(layerCommGaps)));
        QVERIFY2(int(gemmGaps.size()) >= 2 * (layers - 1) * steps, qPrintable(QString::number(gemmGaps.size())));
        QVERIFY(withAllGather >= 2 * (layers - 1) * steps);
        QVERIFY(allocatorCalls > 100);
        QVERIFY(allocatorGaps > 50);
        QVERIFY2(mfu > 25 && mfu < 31, qPrintable(QString::number(mfu)));
        break;
    case Scenario::Prefetch:
        QCOMPARE(layerCommGaps, 0);
        // At most the two pass starts per step (see above) still wait on an AllGather.
        QVERIFY2(withAllGather <= 2 * steps, qPrintable(QString::number(withAllGather)));
        QVERIFY(allocatorCalls > 100);
        QVERIFY2(mfu > 31 && mfu < 45, qPrintable(QString::number(mfu)));
        break;
    case Scenario::Tuned:
        QCOMPARE(layerCommGaps, 0);
        QVERIFY2(withAllGather <= 2 * steps, qPrintable(QString::number(withAllGather)));
        QCOMPARE(allocatorCalls, 0);
        QCOMPARE(allocatorGaps, 0);
        QCOMPARE(g.facts.value(QStringLiteral("memory")).toObject().value(QStringLiteral("alloc_calls")).toInt(), 0);
        QVERIFY2(mfu >= 45 && mfu <= 50, qPrintable(QString::number(mfu)));
        break;
    }
}

// Prefetching holds two layers' parameters at once: a higher peak than the baseline.
void tst_Synth::comparesAcrossScenarios()
{
    auto peak = [&](Scenario s) {
        return generated(s).facts.value(QStringLiteral("memory")).toObject().value(QStringLiteral("peak_allocated_bytes")).toDouble();
    };
    QVERIFY(peak(Scenario::Prefetch) > peak(Scenario::Baseline));
    auto mfu = [&](Scenario s) {
        return generated(s).facts.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("mfu_pct")).toDouble();
    };
    QVERIFY(mfu(Scenario::Baseline) < mfu(Scenario::Prefetch));
    QVERIFY(mfu(Scenario::Prefetch) < mfu(Scenario::Tuned));
}

// The command line: rank files with distributedInfo, skewed clocks, a straggler, same bytes twice.
void tst_Synth::cliRanks()
{
    auto run = [&](const QString &out) {
        QProcess p;
        p.start(QStringLiteral(LANESCOPE_CLI_PATH),
                {QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-tuned"), QStringLiteral("-o"), out,
                 QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--straggler"), QStringLiteral("1"),
                 QStringLiteral("--layers"), QStringLiteral("3"), QStringLiteral("--seed"), QStringLiteral("5"),
                 QStringLiteral("--json")});
        p.waitForFinished(60000);
        return std::make_pair(p.exitCode(), p.readAllStandardOutput());
    };
    const QString a = m_dir.filePath(QStringLiteral("ranksA")), b = m_dir.filePath(QStringLiteral("ranksB"));
    const auto ra = run(a), rb = run(b);
    QCOMPARE(ra.first, 0);
    QCOMPARE(rb.first, 0);
    const QJsonObject summary = QJsonDocument::fromJson(ra.second).object();
    QCOMPARE(summary.value(QStringLiteral("files")).toArray().size(), 2);
    QCOMPARE(summary.value(QStringLiteral("facts")).toString(), a + QStringLiteral(".facts.json"));
    std::vector<TimeNs> minTs;
    for (int k = 0; k < 2; ++k) {
        const QString name = QStringLiteral("rank-%1.pt.trace.json").arg(k);
        QFile fa(QDir(a).filePath(name)), fb(QDir(b).filePath(name));
        QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
        QVERIFY(fa.readAll() == fb.readAll());
        LoadResult r = loadTrace(QDir(a).filePath(name));
        QVERIFY(r.trace);
        QVERIFY(r.trace->warnings.isEmpty());
        QCOMPARE(r.trace->rank, k);
        QCOMPARE(r.trace->worldSize, 32);
        minTs.push_back(r.trace->minTs);
    }
    QVERIFY(minTs[0] != minTs[1]); // per-rank clock skew
    // Only traces in the folder, so tools that read every .json of it (HTA) see only ranks.
    QCOMPARE(QDir(a).entryList(QDir::Files).size(), 2);
    QFile facts(a + QStringLiteral(".facts.json"));
    QVERIFY(facts.open(QIODevice::ReadOnly));
    const QJsonArray ranks = QJsonDocument::fromJson(facts.readAll()).object().value(QStringLiteral("ranks")).toArray();
    QCOMPARE(ranks.size(), 2);
    QVERIFY(ranks.at(1).toObject().value(QStringLiteral("straggler")).toBool());
    QVERIFY(!ranks.at(0).toObject().value(QStringLiteral("straggler")).toBool());
    // The fast rank waits for the straggler inside its collectives: same step times on both.
    const double s0 = ranks.at(0).toObject().value(QStringLiteral("mfu")).toObject().value(QStringLiteral("step_s")).toDouble();
    const double s1 = ranks.at(1).toObject().value(QStringLiteral("mfu")).toObject().value(QStringLiteral("step_s")).toDouble();
    QVERIFY(std::abs(s0 - s1) / s1 < 0.02);
}

void tst_Synth::cliBadUsage()
{
    auto exitCode = [&](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral(LANESCOPE_CLI_PATH), QStringList{QStringLiteral("synth")} + args);
        p.waitForFinished(30000);
        return p.exitCode();
    };
    QCOMPARE(exitCode({}), 2);
    QCOMPARE(exitCode({QStringLiteral("--scenario"), QStringLiteral("nope"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.json"))}), 2);
    QCOMPARE(exitCode({QStringLiteral("--scenario"), QStringLiteral("fsdp-tuned"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.json")),
                       QStringLiteral("--layers"), QStringLiteral("zero")}),
             2);
    QCOMPARE(exitCode({QStringLiteral("--scenario"), QStringLiteral("fsdp-tuned"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.json")),
                       QStringLiteral("--ranks"), QStringLiteral("64")}),
             2);
}

// Options that would make steps of years (timestamps its own analyzer refuses, nanoseconds past
// int64) are refused before anything is simulated or written; a slow but sane model still makes a
// trace that analyze reads.
void tst_Synth::cliOptionsTheAnalyzerCanRead_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("--gemm-efficiency 1e-12") << QStringList{QStringLiteral("--gemm-efficiency"), QStringLiteral("1e-12")} << false;
    QTest::newRow("--internode-gbps 1e-9") << QStringList{QStringLiteral("--internode-gbps"), QStringLiteral("1e-9")} << false;
    QTest::newRow("--gemm-efficiency 0.05") << QStringList{QStringLiteral("--gemm-efficiency"), QStringLiteral("0.05")} << true;
}

void tst_Synth::cliOptionsTheAnalyzerCanRead()
{
    QFETCH(QStringList, options);
    QFETCH(bool, accepted);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("slow.json"));
    QProcess p;
    p.start(QStringLiteral(LANESCOPE_CLI_PATH), QStringList{QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-baseline"),
                                                            QStringLiteral("--layers"), QStringLiteral("1"), QStringLiteral("--gpus"),
                                                            QStringLiteral("2"), QStringLiteral("-o"), out}
                                                    + options);
    QVERIFY(p.waitForFinished(120000));
    const QByteArray err = p.readAllStandardError();
    if (!accepted) {
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains("make a step of about") && err.count('\n') == 1, err.constData());
        QVERIFY(!QFileInfo::exists(out));
        return;
    }
    QVERIFY2(p.exitCode() == 0, err.constData());
    QProcess a;
    a.start(QStringLiteral(LANESCOPE_CLI_PATH), {QStringLiteral("analyze"), out, QStringLiteral("--json")});
    QVERIFY(a.waitForFinished(120000));
    QVERIFY2(a.exitCode() == 0, a.readAllStandardError().constData());
}

QTEST_GUILESS_MAIN(tst_Synth)
#include "tst_synth.moc"
