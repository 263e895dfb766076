// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing runs (core/analysis/compare/Compare, `lanescope-cli compare`): step alignment across runs that
// number their steps differently, deltas against the baseline, the step-time waterfall adding up
// exactly, kernel and operator differences on a small inline pair with exact rows, the warnings
// when runs are not comparable; then the real pairs in ../shared/traces and the synthetic trio.
#include "tests/CliRun.h"
#include "tests/TestTraces.h"
#include "tests/core/LoadHelpers.h"
#include "tests/core/TestUtil.h"

#include "core/analysis/compare/Compare.h"
#include "core/synth/TraceSynth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

using namespace lanescope;
using namespace lanescope::analysis;

Q_DECLARE_METATYPE(lanescope::analysis::AlignMode)

namespace {

// The inline pair (times in µs). Baseline A: ProfilerStep#5-#7, 100 ms each from 0; GEMMs of 30 ms
// on stream 7 at 10 and 60 ms into each step, an AllGather on stream 8 filling the 20 ms between
// them (a comm_wait gap), and 20 ms across each step boundary that nothing explains (other).
// After B: ProfilerStep#16-#18, 80 ms each from 1,005 ms (an op at 1,000 ms opens the trace),
// the AllGathers down to 5 ms, 15 ms across each boundary.
//
// Waterfall by hand (median of the two complete steps = the mean of both; Compare.h's rules):
//   A #5 [0,100): compute 60, comm_wait [40,60) 20, other [90,100) 10, idle_short [0,10) 10
//   A #6 [100,200): compute 60, comm_wait 20, other [100,110) + [190,200) 20, idle_short 0
//   B #16 [1005,1085): compute 60, comm_wait 5, other [1075,1085) 10, idle_short [1005,1010) 5
//   B #17 [1085,1165): compute 60, comm_wait 5, other [1085,1090) + [1155,1165) 15, idle_short 0
//   -> A 100 = 60 + 20 + 15 + 5, B 80 = 60 + 5 + 12.5 + 2.5; delta -20 = comm_wait -15, other -2.5,
//   idle_short -2.5 (ms).
struct PairSpec
{
    QString gpuB = QStringLiteral("NVIDIA A100-SXM4-80GB");
    int worldB = 8;
    bool extraStepB = false;
};

QString ev(const char *cat, const QString &name, int pid, int tid, qint64 ts, qint64 dur, int stream = -1)
{
    QJsonObject o{{QStringLiteral("ph"), QStringLiteral("X")}, {QStringLiteral("cat"), QString::fromLatin1(cat)},
                  {QStringLiteral("name"), name},        {QStringLiteral("pid"), pid},
                  {QStringLiteral("tid"), tid},          {QStringLiteral("ts"), ts},
                  {QStringLiteral("dur"), dur}};
    if (stream >= 0)
        o.insert(QStringLiteral("args"), QJsonObject{{QStringLiteral("stream"), stream}, {QStringLiteral("device"), 0}});
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

const QString kGemm = QStringLiteral("volta_sgemm_128x64_nn");
const QString kAllGather = QStringLiteral("ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)");
const QString kAddFloat = QStringLiteral("void add_kernel<float>()");
const QString kAddBf16 = QStringLiteral("void add_kernel<c10::BFloat16>()");

std::string document(const QString &gpu, int world, const QStringList &events)
{
    return QStringLiteral(R"({"schemaVersion":1,"distributedInfo":{"rank":0,"world_size":%1},)"
                          R"("deviceProperties":[{"id":0,"name":"%2"}],"traceEvents":[%3]})")
        .arg(world)
        .arg(gpu, events.join(QStringLiteral(",\n")))
        .toStdString();
}

std::string traceA()
{
    QStringList e;
    for (int k = 0; k < 3; ++k)
        e << ev("user_annotation", QStringLiteral("ProfilerStep#%1").arg(5 + k), 1, 1, k * 100000, 100000);
    e << ev("cpu_op", QStringLiteral("aten::mm"), 1, 1, 10000, 10) << ev("cpu_op", QStringLiteral("aten::mm"), 1, 1, 110000, 10)
      << ev("cpu_op", QStringLiteral("aten::copy_"), 1, 1, 20000, 5);
    for (int k = 0; k < 3; ++k) {
        const qint64 s = k * 100000;
        e << ev("kernel", kGemm, 0, 7, s + 10000, 30000, 7);
        if (k < 2)
            e << ev("kernel", kGemm, 0, 7, s + 60000, 30000, 7) << ev("kernel", kAllGather, 0, 8, s + 40000, 20000, 8);
    }
    e << ev("kernel", kAddFloat, 0, 9, 250000, 1000, 9);
    return document(QStringLiteral("NVIDIA A100-SXM4-80GB"), 8, e);
}

std::string traceB(const PairSpec &p = {})
{
    QStringList e;
    e << ev("cpu_op", QStringLiteral("aten::zeros"), 1, 1, 1000000, 10);
    const int steps = p.extraStepB ? 4 : 3;
    for (int k = 0; k < steps; ++k)
        e << ev("user_annotation", QStringLiteral("ProfilerStep#%1").arg(16 + k), 1, 1, 1005000 + k * 80000, 80000);
    e << ev("cpu_op", QStringLiteral("aten::mm"), 1, 1, 1010000, 20) << ev("cpu_op", QStringLiteral("aten::mm"), 1, 1, 1090000, 20)
      << ev("cpu_op", QStringLiteral("aten::relu"), 1, 1, 1095000, 3);
    for (int k = 0; k < 3; ++k) {
        const qint64 s = 1005000 + k * 80000;
        e << ev("kernel", kGemm, 0, 7, s + 5000, 30000, 7);
        if (k < 2)
            e << ev("kernel", kGemm, 0, 7, s + 40000, 30000, 7) << ev("kernel", kAllGather, 0, 8, s + 35000, 5000, 8);
    }
    e << ev("kernel", kAddBf16, 0, 9, 1210000, 1000, 9);
    return document(p.gpuB, p.worldB, e);
}

std::shared_ptr<Trace> load(const std::string &json, const QString &name)
{
    LoadResult r = test::loadText(json, 1, name);
    return r.trace;
}

struct Runs
{
    std::vector<std::shared_ptr<Trace>> traces;
    std::vector<AnalysisResult> analyses;
    std::vector<CompareRun> runs() const
    {
        std::vector<CompareRun> out;
        for (std::size_t i = 0; i < traces.size(); ++i)
            out.push_back({QStringLiteral("run%1").arg(i), traces[i]->path, traces[i].get(), &analyses[i], std::nullopt});
        return out;
    }
};

Runs analysed(std::vector<std::shared_ptr<Trace>> traces, const AnalysisOptions &o = {})
{
    Runs r;
    r.traces = std::move(traces);
    for (const auto &t : r.traces)
        r.analyses.push_back(analyze(*t, o));
    return r;
}

const MetricDelta &metric(const DeltaRow &row, const char *key)
{
    for (const MetricDelta &m : row.metrics)
        if (std::string_view(m.key) == key)
            return m;
    qFatal("no metric %s", key);
}

double part(const Waterfall &w, const char *name)
{
    for (const WaterfallPart &p : w.parts)
        if (std::string_view(p.name) == name)
            return p.deltaNs;
    return std::nan("");
}

double sumParts(const Waterfall &w)
{
    double s = 0;
    for (const WaterfallPart &p : w.parts)
        s += p.deltaNs;
    return s;
}

const NameDiffRow *row(const std::vector<NameDiffRow> &rows, const QString &name)
{
    for (const NameDiffRow &r : rows)
        if (r.name == name)
            return &r;
    return nullptr;
}

// Independent of the loader: count and total µs per name of every GPU activity event in the file.
std::map<QString, std::pair<qint64, double>> referenceKernelSums(const QString &path)
{
    const std::string raw = test::readFile(path);
    const std::string json = path.endsWith(QLatin1String(".gz")) ? test::gunzipBytes(raw) : raw;
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(json));
    const QStringList gpuCats{QStringLiteral("kernel"),     QStringLiteral("Kernel"),     QStringLiteral("gpu_memcpy"),
                              QStringLiteral("Memcpy"),     QStringLiteral("gpu_memset"), QStringLiteral("Memset")};
    std::map<QString, std::pair<qint64, double>> sums;
    for (const QJsonValue &v : d.object().value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X") || !gpuCats.contains(e.value(QStringLiteral("cat")).toString()))
            continue;
        auto &s = sums[e.value(QStringLiteral("name")).toString()];
        ++s.first;
        s.second += e.value(QStringLiteral("dur")).toDouble();
    }
    return sums;
}

test::CliRun cli(const QStringList &args) { return test::runCli(args); }

QStringList sortedKeys(const QJsonObject &o)
{
    QStringList k = o.keys();
    k.sort();
    return k;
}

std::shared_ptr<Trace> synthTrace(synth::Scenario s)
{
    synth::SynthConfig c;
    c.scenario = s;
    return load(synth::synthesize(c).traces.at(0), QString::fromLatin1(synth::scenarioName(s)));
}

} // namespace

class TestAnalysisCompare : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void completeStepsLeaveTheLastOut()
    {
        std::vector<Step> s(3);
        for (int k = 0; k < 3; ++k)
            s[std::size_t(k)].number = 5 + k;
        QCOMPARE(completeSteps(s).size(), std::size_t(2));
        QCOMPARE(completeSteps(s).back().number, 6);
        s.resize(1);
        QCOMPARE(completeSteps(s).size(), std::size_t(1)); // one step: it is the step
        QVERIFY(completeSteps({}).empty());
    }

    void alignment_data()
    {
        QTest::addColumn<AlignMode>("mode");
        QTest::addColumn<int>("position");
        QTest::addColumn<int>("baselineStep");
        QTest::addColumn<int>("stepA");
        QTest::addColumn<int>("stepB");
        QTest::addColumn<qint64>("offsetBUs");
        QTest::addColumn<int>("warnings");
        // B's first complete step (#16) starts 5 ms after its first event, A's (#5) at its first.
        QTest::newRow("first complete step: #5 with #16") << AlignMode::Step << 0 << -1 << 5 << 16 << qint64(-5000) << 0;
        QTest::newRow("second by position: #6 with #17") << AlignMode::Step << 1 << -1 << 6 << 17 << qint64(15000) << 0;
        QTest::newRow("named baseline step #6") << AlignMode::Step << 0 << 6 << 6 << 17 << qint64(15000) << 0;
        QTest::newRow("trace start") << AlignMode::Start << 0 << -1 << -1 << -1 << qint64(0) << 0;
        QTest::newRow("past the complete steps: starts") << AlignMode::Step << 2 << -1 << -1 << -1 << qint64(0) << 2;
    }
    void alignment()
    {
        QFETCH(AlignMode, mode);
        QFETCH(int, position);
        QFETCH(int, baselineStep);
        QFETCH(int, stepA);
        QFETCH(int, stepB);
        QFETCH(qint64, offsetBUs);
        QFETCH(int, warnings);
        const auto a = load(traceA(), QStringLiteral("a")), b = load(traceB(), QStringLiteral("b"));
        QVERIFY(a && b);
        const std::vector<Step> sa = findSteps(*a), sb = findSteps(*b);
        AlignOptions o;
        o.mode = mode;
        o.position = position;
        o.baselineStep = baselineStep;
        const Alignment al = alignRuns({a.get(), b.get()}, {&sa, &sb}, o);
        QVERIFY2(al.error.isEmpty(), qPrintable(al.error));
        QCOMPARE(al.runs.size(), std::size_t(2));
        QCOMPARE(al.runs[0].stepNumber, stepA);
        QCOMPARE(al.runs[1].stepNumber, stepB);
        QCOMPARE(al.runs[0].offsetNs, TimeNs(0));
        QCOMPARE(al.runs[1].offsetNs, TimeNs(offsetBUs * 1000));
        QCOMPARE(int(al.warnings.size()), warnings);
        // On the shared axis (SessionRun: axis = time - minTs + offset) the anchors coincide.
        QCOMPARE(al.runs[1].anchor - b->minTs + al.runs[1].offsetNs, al.runs[0].anchor - a->minTs + al.runs[0].offsetNs);
    }

    void alignmentOnAStepThatIsNotComplete()
    {
        const auto a = load(traceA(), QStringLiteral("a")), b = load(traceB(), QStringLiteral("b"));
        const std::vector<Step> sa = findSteps(*a), sb = findSteps(*b);
        AlignOptions o;
        o.baselineStep = 7; // the last step: closed by the profiler's stop
        QVERIFY(!alignRuns({a.get(), b.get()}, {&sa, &sb}, o).error.isEmpty());
        o.baselineStep = 16; // B's numbering, not the baseline's
        QVERIFY(!alignRuns({a.get(), b.get()}, {&sa, &sb}, o).error.isEmpty());
    }

    void normalizedNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("fold");
        QTest::addColumn<QString>("expected");
        QTest::newRow("step") << QStringLiteral("ProfilerStep#17") << false << QStringLiteral("ProfilerStep#N");
        QTest::newRow("step, spaced") << QStringLiteral("ProfilerStep #3") << false << QStringLiteral("ProfilerStep#N");
        QTest::newRow("not a step") << QStringLiteral("ProfilerStepper#1") << false << QStringLiteral("ProfilerStepper#1");
        QTest::newRow("templates kept") << kAddFloat << false << kAddFloat;
        QTest::newRow("templates folded") << kAddBf16 << true << QStringLiteral("void add_kernel<...>()");
        QTest::newRow("nested folded")
            << QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<int>, at::detail::Array<char*, 3> >(int)")
            << true << QStringLiteral("void at::native::vectorized_elementwise_kernel<...>(int)");
        QTest::newRow("unbalanced stays") << QStringLiteral("operator<(int)") << true << QStringLiteral("operator<(int)");
        QTest::newRow("arrow stays") << QStringLiteral("Memcpy HtoD (Pinned -> Device)") << true << QStringLiteral("Memcpy HtoD (Pinned -> Device)");
    }
    void normalizedNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, fold);
        QFETCH(QString, expected);
        const QByteArray u = name.toUtf8();
        QCOMPARE(normalizedName(std::string_view(u.constData(), std::size_t(u.size())), fold), expected);
    }

    void inlineDeltas()
    {
        AnalysisOptions ao;
        ao.mfu.params = 1e9; // the figures' MFU inputs are the analysis'
        ao.mfu.tokensPerStep = 1000;
        const Runs r = analysed({load(traceA(), QStringLiteral("a")), load(traceB(), QStringLiteral("b"))}, ao);
        const ComparisonResult c = compareRuns(r.runs());
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.runs.size(), std::size_t(2));
        QCOMPARE(c.runs[0].gpu, QStringLiteral("NVIDIA A100-SXM4-80GB"));
        QCOMPARE(c.runs[0].worldSize, 8);
        QCOMPARE(c.runs[0].completeSteps, 2);
        QCOMPARE(*c.runs[0].stepTimeNs, 100e6);
        QCOMPARE(*c.runs[1].stepTimeNs, 80e6);
        // Listed gaps (15 ms, between GEMMs) in the two complete steps the figures are over: A two
        // comm_wait of 20 ms and one other of 20 ms; B one other of 15 ms. Each run's last other gap
        // runs into the step left out: 10 ms of it inside, under the threshold.
        QCOMPARE(c.runs[0].gapCount, std::int64_t(3));
        QCOMPARE(c.runs[0].gapCountByCause[int(GapCause::CommWait)], std::int64_t(2));
        QCOMPARE(c.runs[1].gapCount, std::int64_t(1));
        QCOMPARE(c.runs[1].gapCountByCause[int(GapCause::Other)], std::int64_t(1));
        QCOMPARE(c.runs[0].kernelCount, std::int64_t(8));
        QCOMPARE(c.runs[1].kernelCount, std::int64_t(8));
        QVERIFY(c.warnings.isEmpty());

        QCOMPARE(c.deltas.size(), std::size_t(1));
        const DeltaRow &d = c.deltas[0];
        QStringList keys;
        for (const MetricDelta &m : d.metrics)
            keys << QString::fromLatin1(m.key);
        // docs/architecture.md's keys first, in its order.
        QCOMPARE(keys.mid(0, 9), (QStringList{QStringLiteral("step_time_us"), QStringLiteral("idle_pct"), QStringLiteral("compute_pct"),
                                              QStringLiteral("non_compute_pct"), QStringLiteral("comm_comp_overlap_pct"),
                                              QStringLiteral("gap_count"), QStringLiteral("gap_total_us"),
                                              QStringLiteral("peak_allocated_bytes"), QStringLiteral("mfu_pct")}));
        QCOMPARE(*metric(d, "step_time_us").value, 80000.0);
        QCOMPARE(*metric(d, "step_time_us").delta, -20000.0);
        QCOMPARE(*metric(d, "step_time_us").pct, -20.0);
        QCOMPARE(*metric(d, "gap_count").delta, -2.0);
        QVERIFY(std::abs(*metric(d, "gap_count").pct - -200.0 / 3.0) < 1e-9);
        QCOMPARE(*metric(d, "gap_total_us").value, 15000.0);
        QCOMPARE(*metric(d, "gap_total_us").delta, -45000.0);
        QCOMPARE(*metric(d, "gap_total_us").pct, -75.0);
        const double idleA = r.analyses[0].temporal.idlePct, idleB = r.analyses[1].temporal.idlePct;
        QCOMPARE(*metric(d, "idle_pct").delta, idleB - idleA);
        // MFU from the median step: 1e9 params x 1000 tokens / 0.1 s = 60 TFLOPS of 312, / 0.08 s = 75.
        QVERIFY(std::abs(*metric(d, "achieved_tflops").value - 75.0) < 1e-9);
        QVERIFY(std::abs(*c.runs[0].mfuPct - 100.0 * 60 / 312) < 1e-9);
        QVERIFY(std::abs(*metric(d, "mfu_pct").pct - 25.0) < 1e-9);
        // No memory events: unknown, not zero.
        QVERIFY(!metric(d, "peak_allocated_bytes").value);
        QVERIFY(!metric(d, "peak_allocated_bytes").delta);
        // Without MFU inputs MFU is unknown in both.
        const Runs noInputs = analysed({load(traceA(), QStringLiteral("a")), load(traceB(), QStringLiteral("b"))});
        const ComparisonResult plain = compareRuns(noInputs.runs());
        QVERIFY(!metric(plain.deltas[0], "mfu_pct").value);
        QVERIFY(!metric(plain.deltas[0], "mfu_pct").pct);
    }

    void inlineWaterfall()
    {
        const Runs r = analysed({load(traceA(), QStringLiteral("a")), load(traceB(), QStringLiteral("b"))});
        const ComparisonResult c = compareRuns(r.runs());
        QCOMPARE(c.waterfall.size(), std::size_t(1));
        const Waterfall &w = c.waterfall[0];
        QCOMPARE(w.fromNs, 100e6);
        QCOMPARE(w.toNs, 80e6);
        QVERIFY(sumParts(w) == w.toNs - w.fromNs); // exactly, not within a tolerance
        QCOMPARE(part(w, "compute"), 0.0);
        QCOMPARE(part(w, "comm_wait"), -15e6);
        QCOMPARE(part(w, "other"), -2.5e6);
        QCOMPARE(part(w, "idle_short"), -2.5e6);
        QCOMPARE(part(w, "communication_memory"), 0.0);
        QCOMPARE(part(w, "allocator"), 0.0);
        // Each run's own split adds up to its step time.
        for (const StepSplit &s : c.splits) {
            double sum = 0;
            for (const auto &p : s.parts)
                sum += p.second;
            QVERIFY(sum == s.stepNs);
        }
        const StepSplit &a = c.splits[0];
        QCOMPARE(a.parts.front().second, 60e6); // compute
    }

    void inlineNameDiffs()
    {
        const Runs r = analysed({load(traceA(), QStringLiteral("a")), load(traceB(), QStringLiteral("b"))});
        const ComparisonResult c = compareRuns(r.runs());
        // Kernels: name, counts, totals (µs), deltas (µs), by largest absolute delta; a tie goes to the
        // larger baseline total.
        struct Expected
        {
            QString name;
            std::vector<std::int64_t> count;
            std::vector<TimeNs> totalUs, deltaUs;
        };
        const auto check = [](const std::vector<NameDiffRow> &rows, const std::vector<Expected> &expected) {
            QCOMPARE(rows.size(), expected.size());
            for (std::size_t k = 0; k < rows.size(); ++k) {
                QCOMPARE(rows[k].name, expected[k].name);
                QCOMPARE(rows[k].count, expected[k].count);
                for (std::size_t i = 0; i < 2; ++i) {
                    QCOMPARE(rows[k].totalNs[i], expected[k].totalUs[i] * 1000);
                    QCOMPARE(rows[k].deltaNs[i], expected[k].deltaUs[i] * 1000);
                }
            }
        };
        check(c.kernels, {{kAllGather, {2, 2}, {40000, 10000}, {0, -30000}},
                          {kAddFloat, {1, 0}, {1000, 0}, {0, -1000}},
                          {kAddBf16, {0, 1}, {0, 1000}, {0, 1000}},
                          {kGemm, {5, 5}, {150000, 150000}, {0, 0}}});
        check(c.ops, {{QStringLiteral("ProfilerStep#N"), {3, 3}, {300000, 240000}, {0, -60000}},
                      {QStringLiteral("aten::mm"), {2, 2}, {20, 40}, {0, 20}},
                      {QStringLiteral("aten::zeros"), {0, 1}, {0, 10}, {0, 10}},
                      {QStringLiteral("aten::copy_"), {1, 0}, {5, 0}, {0, -5}},
                      {QStringLiteral("aten::relu"), {0, 1}, {0, 3}, {0, 3}}});
        // Per step: the totals over the run's three steps.
        QCOMPARE(*row(c.ops, QStringLiteral("ProfilerStep#N"))->perStepNs[1], 80e6);

        CompareOptions fold;
        fold.foldTemplates = true;
        const ComparisonResult f = compareRuns(r.runs(), fold);
        check(f.kernels, {{kAllGather, {2, 2}, {40000, 10000}, {0, -30000}},
                          {kGemm, {5, 5}, {150000, 150000}, {0, 0}},
                          {QStringLiteral("void add_kernel<...>()"), {1, 1}, {1000, 1000}, {0, 0}}});

        // One aligned step (#6 of A, #17 of B): only what ran in it.
        CompareOptions one;
        one.align.baselineStep = 6;
        one.scopeToStep = true;
        const ComparisonResult s = compareRuns(r.runs(), one);
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        const NameDiffRow *gemm = row(s.kernels, kGemm);
        QVERIFY(gemm);
        QCOMPARE(gemm->count, (std::vector<std::int64_t>{2, 2}));
        QCOMPARE(row(s.ops, QStringLiteral("ProfilerStep#N"))->count, (std::vector<std::int64_t>{1, 1}));
        QCOMPARE(*s.runs[0].stepTimeNs, 100e6);
        QCOMPARE(s.waterfall.size(), std::size_t(1));
        QCOMPARE(sumParts(s.waterfall[0]), -20e6);
        QCOMPARE(part(s.waterfall[0], "comm_wait"), -15e6);
        QCOMPARE(part(s.waterfall[0], "other"), -5e6); // #6: 20 -> #17: 15
    }

    void warnings_data()
    {
        QTest::addColumn<QString>("gpuB");
        QTest::addColumn<int>("worldB");
        QTest::addColumn<bool>("extraStep");
        QTest::addColumn<QString>("expected"); // empty: no warning
        QTest::newRow("comparable") << QStringLiteral("NVIDIA A100-SXM4-80GB") << 8 << false << QString();
        QTest::newRow("A100 against V100") << QStringLiteral("Tesla V100-SXM2-16GB") << 8 << false << QStringLiteral("different GPU models");
        QTest::newRow("world sizes") << QStringLiteral("NVIDIA A100-SXM4-80GB") << 16 << false << QStringLiteral("different world sizes");
        QTest::newRow("step counts") << QStringLiteral("NVIDIA A100-SXM4-80GB") << 8 << true << QStringLiteral("different step counts");
    }
    void warnings()
    {
        QFETCH(QString, gpuB);
        QFETCH(int, worldB);
        QFETCH(bool, extraStep);
        QFETCH(QString, expected);
        PairSpec p;
        p.gpuB = gpuB;
        p.worldB = worldB;
        p.extraStepB = extraStep;
        const Runs r = analysed({load(traceA(), QStringLiteral("a")), load(traceB(p), QStringLiteral("b"))});
        const ComparisonResult c = compareRuns(r.runs());
        if (expected.isEmpty()) {
            QVERIFY2(c.warnings.isEmpty(), qPrintable(c.warnings.join(QLatin1Char('|'))));
            return;
        }
        QCOMPARE(int(c.warnings.size()), 1);
        QVERIFY2(c.warnings.first().startsWith(expected), qPrintable(c.warnings.first()));
        if (!gpuB.contains(QLatin1String("A100")))
            QVERIFY(c.warnings.first().contains(gpuB) && c.warnings.first().contains(QLatin1String("A100")));
    }

    void noGpuNoWaterfall()
    {
        // A CPU-only run has step times but no GPU time to split: the deltas stay, the waterfall
        // is left out and said to be.
        QStringList e;
        for (int k = 0; k < 3; ++k)
            e << ev("user_annotation", QStringLiteral("ProfilerStep#%1").arg(k), 1, 1, k * 90000, 90000);
        const Runs r = analysed({load(traceA(), QStringLiteral("a")), load(document(QStringLiteral("NVIDIA A100-SXM4-80GB"), 8, e), QStringLiteral("cpu"))});
        const ComparisonResult c = compareRuns(r.runs());
        QCOMPARE(*metric(c.deltas.at(0), "step_time_us").delta, -10000.0);
        QVERIFY(c.waterfall.empty());
        QVERIFY2(c.warnings.join(QLatin1Char('|')).contains(QLatin1String("no step-time waterfall for run1")), qPrintable(c.warnings.join(QLatin1Char('|'))));
        // Aligned on a step the second run lacks: on its start, said with its label.
        CompareOptions past;
        past.align.position = 1;
        const Runs one = analysed({load(traceA(), QStringLiteral("a")), load(document(QStringLiteral("NVIDIA A100-SXM4-80GB"), 8, e.mid(0, 2)), QStringLiteral("cpu"))});
        const ComparisonResult p = compareRuns(one.runs(), past);
        QVERIFY(p.alignment.runs[1].fellBack);
        QVERIFY2(p.warnings.join(QLatin1Char('|')).contains(QLatin1String("run1 has 1 complete step,")), qPrintable(p.warnings.join(QLatin1Char('|'))));
    }

    void resnetDataLoaderPair()
    {
        LANESCOPE_REQUIRE_TRACE(pa, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(pb, "resnet50-dataloader-optimized.pt.trace.json.gz");
        const Runs r = analysed({loadTrace(pa).trace, loadTrace(pb).trace});
        QVERIFY(r.traces[0] && r.traces[1]);
        const ComparisonResult c = compareRuns(r.runs());
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        // Steps 5-10 against 16-21: the first complete steps are aligned.
        QCOMPARE(c.alignment.runs[0].stepNumber, 5);
        QCOMPARE(c.alignment.runs[1].stepNumber, 16);
        // Idle 39.4 % -> 15.9 % (HTA's definition).
        const DeltaRow &d = c.deltas.at(0);
        qInfo("resnet50: idle %.2f%% -> %.2f%%, step %.3f -> %.3f ms, gaps %lld -> %lld", c.runs[0].idlePct, c.runs[1].idlePct,
              *c.runs[0].stepTimeNs / 1e6, *c.runs[1].stepTimeNs / 1e6, static_cast<long long>(c.runs[0].gapCount),
              static_cast<long long>(c.runs[1].gapCount));
        QVERIFY(std::abs(c.runs[0].idlePct - 39.4) < 0.1);
        QVERIFY(std::abs(c.runs[1].idlePct - 15.9) < 0.1);
        QVERIFY(*metric(d, "idle_pct").delta < -23);
        // The ~57 ms data-loader gaps are gone. The figures are over the five complete steps: four
        // of the gaps lie inside them, the sixth step's is left out with it.
        QCOMPARE(c.runs[0].gapCountByCause[int(GapCause::DataLoader)], std::int64_t(4));
        QCOMPARE(c.runs[1].gapCount, std::int64_t(0));
        // The operator whose time vanished leads the operator differences.
        const NameDiffRow &top = c.ops.at(0);
        QCOMPARE(top.name, QStringLiteral("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__"));
        QCOMPARE(top.count, (std::vector<std::int64_t>{6, 0}));
        QCOMPARE(top.totalNs[1], TimeNs(0));
        QVERIFY(top.deltaNs[1] < -400'000'000);
        // The waterfall: the data loader's idle time is what went, and the parts add up exactly.
        const Waterfall &w = c.waterfall.at(0);
        QVERIFY(sumParts(w) == w.toNs - w.fromNs);
        qInfo("resnet50 waterfall: %.3f ms, dataloader %.3f ms, compute %.3f ms", (w.toNs - w.fromNs) / 1e6, part(w, "dataloader") / 1e6,
              part(w, "compute") / 1e6);
        QVERIFY(part(w, "dataloader") < -40e6);
        QVERIFY(w.toNs < w.fromNs);
        // Beside the measured change, the baseline's replay of the fix of that cause: the data loader's
        // replay is the baseline's dataloader advice, its projection within 10 % of the change measured.
        const WaterfallPart *dl = nullptr;
        for (const WaterfallPart &p : w.parts)
            if (QLatin1String(p.name) == QLatin1String("dataloader"))
                dl = &p;
        QVERIFY(dl && dl->projectedDeltaNs);
        QCOMPARE(dl->projectedBy, QStringLiteral("dataloader"));
        const Advice &first = r.runs()[0].analysis->advice.at(0);
        QCOMPARE(first.id, QStringLiteral("dataloader"));
        QCOMPARE(*dl->projectedDeltaNs, std::round((first.projectedStepS - first.stepS) * 1e9));
        qInfo("resnet50 waterfall: dataloader measured %.3f ms, replay of the baseline %.3f ms", dl->deltaNs / 1e6, *dl->projectedDeltaNs / 1e6);
        QVERIFY(std::abs(*dl->projectedDeltaNs - dl->deltaNs) < 0.1 * std::abs(dl->deltaNs));
        // Parts without a fix project nothing.
        for (const WaterfallPart &p : w.parts)
            if (QLatin1String(p.name) == QLatin1String("compute") || QLatin1String(p.name) == QLatin1String("idle_short"))
                QVERIFY(!p.projectedDeltaNs);
        // Kernel totals per name against a plain sum over the file's kernel events.
        for (std::size_t i = 0; i < 2; ++i) {
            const auto ref = referenceKernelSums(i == 0 ? pa : pb);
            std::int64_t rows = 0;
            for (const NameDiffRow &k : c.kernels) {
                if (k.count[i] == 0)
                    continue;
                ++rows;
                const auto it = ref.find(k.name);
                QVERIFY2(it != ref.end(), qPrintable(k.name));
                QCOMPARE(k.count[i], std::int64_t(it->second.first));
                QVERIFY2(std::abs(double(k.totalNs[i]) / 1000.0 - it->second.second) < 0.01, qPrintable(k.name));
            }
            QCOMPARE(rows, std::int64_t(ref.size()));
        }
        // Same GPU model, same number of steps: nothing to warn about but the traces' own notes.
        for (const QString &w2 : c.warnings)
            QVERIFY2(!w2.startsWith(QLatin1String("different")), qPrintable(w2));
    }

    void compareSmallPair()
    {
        LANESCOPE_REQUIRE_TRACE(pa, "compare-small-base.json.gz");
        LANESCOPE_REQUIRE_TRACE(pb, "compare-small-test.json.gz");
        const Runs r = analysed({loadTrace(pa).trace, loadTrace(pb).trace});
        const ComparisonResult c = compareRuns(r.runs());
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.alignment.runs[1].stepNumber, 1009);
        QCOMPARE(c.alignment.runs[1].offsetNs, TimeNs(0));
        QCOMPARE(*c.runs[0].stepTimeNs, 100298e3);
        QCOMPARE(c.waterfall.at(0).toNs - c.waterfall.at(0).fromNs, 0.0);
        // Kernels: the test run launched one CUDAFunctor_add<int> kernel fewer.
        const QString addInt = QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<int>, "
                                              "at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<int>, at::detail::Array<char*, 3>)");
        QCOMPARE(c.kernels.size(), std::size_t(6));
        QCOMPARE(c.kernels[0].name, addInt);
        QCOMPARE(c.kernels[0].count, (std::vector<std::int64_t>{3, 2}));
        QCOMPARE(c.kernels[0].totalNs, (std::vector<TimeNs>{12000, 8000}));
        QCOMPARE(c.kernels[1].name, QStringLiteral("Memcpy HtoD (Pinned -> Device)"));
        QCOMPARE(c.kernels[1].count, (std::vector<std::int64_t>{5, 5}));
        QCOMPARE(c.kernels[1].totalNs, (std::vector<TimeNs>{1226000, 1226000}));
        QCOMPARE(c.kernels[5].deltaNs[1], TimeNs(0));
        // Operators: three new ones, one nccl:all_reduce fewer, the rest unchanged.
        struct Op
        {
            const char *name;
            std::int64_t countA, countB;
            TimeNs totalA, totalB;
        };
        const Op expected[] = {{"All2All_Pooled_Req", 0, 1, 0, 311},
                               {"AddmmBackward0", 0, 1, 0, 207},
                               {"nccl:all_reduce", 2, 1, 133, 66},
                               {"CatBackward0", 0, 1, 0, 11},
                               {"ProfilerStep#N", 2, 2, 222447, 222447},
                               {"aten::zeros", 1, 1, 25, 25},
                               {"aten::empty", 2, 2, 2, 2},
                               {"aten::zero_", 1, 1, 1, 1},
                               {"aten::as_strided", 2, 2, 0, 0}};
        QCOMPARE(c.ops.size(), std::size(expected));
        for (std::size_t k = 0; k < c.ops.size(); ++k) {
            QCOMPARE(c.ops[k].name, QString::fromLatin1(expected[k].name));
            QCOMPARE(c.ops[k].count, (std::vector<std::int64_t>{expected[k].countA, expected[k].countB}));
            QCOMPARE(c.ops[k].totalNs, (std::vector<TimeNs>{expected[k].totalA * 1000, expected[k].totalB * 1000}));
            QCOMPARE(c.ops[k].deltaNs[1], (expected[k].totalB - expected[k].totalA) * 1000);
        }
    }

    void realGpuMismatch()
    {
        // The pair others use to test trace diffs: an A100 run against a V100 run. Said, not silent.
        LANESCOPE_REQUIRE_TRACE(pa, "a100-2rank-nccl.json.gz");
        LANESCOPE_REQUIRE_TRACE(pb, "v100-memory-allreduce.json.gz");
        const Runs r = analysed({loadTrace(pa).trace, loadTrace(pb).trace});
        const ComparisonResult c = compareRuns(r.runs());
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.runs[0].gpu, QStringLiteral("NVIDIA A100-PG509-200"));
        QCOMPARE(c.runs[1].gpu, QStringLiteral("Tesla V100-SXM2-32GB"));
        int gpuWarnings = 0;
        for (const QString &w : c.warnings)
            if (w.startsWith(QLatin1String("different GPU models"))) {
                ++gpuWarnings;
                QVERIFY(w.contains(QLatin1String("A100")) && w.contains(QLatin1String("V100")));
            }
        QCOMPARE(gpuWarnings, 1);
        // Both are 2-rank runs: no world-size warning; 3 steps against 5: a step-count warning.
        QVERIFY(!c.warnings.join(QLatin1Char('|')).contains(QLatin1String("different world sizes")));
        QVERIFY(c.warnings.join(QLatin1Char('|')).contains(QLatin1String("different step counts")));
    }

    // compare --hta: every run's breakdown by HTA's definition, said per run in the JSON.
    void cliCompareHta_data()
    {
        QTest::addColumn<bool>("hta");
        QTest::addColumn<QString>("definition");
        QTest::addColumn<double>("idle");
        QTest::newRow("ours") << false << QStringLiteral("lanescope") << 80.61;
        QTest::newRow("hta") << true << QStringLiteral("hta") << 78.71; // HTA's figure (../shared/traces/README.md)
    }
    void cliCompareHta()
    {
        QFETCH(bool, hta);
        QFETCH(QString, definition);
        QFETCH(double, idle);
        LANESCOPE_REQUIRE_TRACE(pa, "cuda-event-sync.json.gz");
        LANESCOPE_REQUIRE_TRACE(pb, "v100-memory-allreduce.json.gz");
        QStringList args{QStringLiteral("compare"), pa, pb, QStringLiteral("--align"), QStringLiteral("start"), QStringLiteral("--json")};
        if (hta)
            args << QStringLiteral("--hta");
        const test::CliRun r = cli(args);
        QCOMPARE(r.exitCode, 0);
        const QJsonArray runs = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        for (const auto &run : runs)
            QCOMPARE(run.toObject().value(QStringLiteral("analysis")).toObject().value(QStringLiteral("temporal")).toObject()
                         .value(QStringLiteral("definition")).toString(), definition);
        const QJsonObject t = runs.at(0).toObject().value(QStringLiteral("analysis")).toObject().value(QStringLiteral("temporal")).toObject();
        QVERIFY2(std::abs(t.value(QStringLiteral("idle_pct")).toDouble() - idle) < 0.005, r.out.constData());
        // The V100 run has no events on a stream besides its device activity: the same under both (HTA 46.08 %).
        const QJsonObject v = runs.at(1).toObject().value(QStringLiteral("analysis")).toObject().value(QStringLiteral("temporal")).toObject();
        QVERIFY(std::abs(v.value(QStringLiteral("idle_pct")).toDouble() - 46.08) <= 0.5);
    }

    void syntheticTrio()
    {
        std::vector<std::shared_ptr<Trace>> traces = {synthTrace(synth::Scenario::Baseline), synthTrace(synth::Scenario::Prefetch),
                                                      synthTrace(synth::Scenario::Tuned)};
        for (const auto &t : traces)
            QVERIFY(t);
        AnalysisOptions ao;
        ao.mfu.params = 7e9;
        ao.mfu.tokensPerStep = 8192;
        const Runs r = analysed(traces, ao);
        const ComparisonResult c = compareRuns(r.runs());
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        const auto count = [&](std::size_t i, GapCause g) { return c.runs[i].gapCountByCause[int(g)]; };
        qInfo("trio: comm_wait %lld -> %lld -> %lld, allocator %lld -> %lld -> %lld, MFU %.2f -> %.2f -> %.2f %%",
              static_cast<long long>(count(0, GapCause::CommWait)), static_cast<long long>(count(1, GapCause::CommWait)),
              static_cast<long long>(count(2, GapCause::CommWait)), static_cast<long long>(count(0, GapCause::Allocator)),
              static_cast<long long>(count(1, GapCause::Allocator)), static_cast<long long>(count(2, GapCause::Allocator)),
              *c.runs[0].mfuPct, *c.runs[1].mfuPct, *c.runs[2].mfuPct);
        // Over the two complete steps of three the figures are measured on (65 AllGather waits a
        // step in the baseline, 3 in the others; 49 allocator gaps in the prefetch run).
        QCOMPARE(count(0, GapCause::CommWait), std::int64_t(130));
        QCOMPARE(count(1, GapCause::CommWait), std::int64_t(6));
        QCOMPARE(count(2, GapCause::CommWait), std::int64_t(6));
        QCOMPARE(count(0, GapCause::Allocator), std::int64_t(0));
        QCOMPARE(count(1, GapCause::Allocator), std::int64_t(49));
        QCOMPARE(count(2, GapCause::Allocator), std::int64_t(0));
        QVERIFY(std::abs(*c.runs[0].mfuPct - 28) < 1.0);
        QVERIFY(std::abs(*c.runs[1].mfuPct - 34) < 1.0);
        QVERIFY(std::abs(*c.runs[2].mfuPct - 47) < 1.0);
        // The gap rows of their own kind: comm_wait 130 -> 6 -> 6 leads.
        QCOMPARE(c.gaps.at(0).cause, GapCause::CommWait);
        QCOMPARE(c.gaps.at(0).count, (std::vector<std::int64_t>{130, 6, 6}));
        // Baseline -> prefetch: comm-wait time falls, allocator time rises, and the parts add up.
        const Waterfall &w = c.waterfall.at(0);
        qInfo("baseline -> prefetch: %.3f ms = comm_wait %.3f + allocator %.3f + compute %.3f + ...", (w.toNs - w.fromNs) / 1e6,
              part(w, "comm_wait") / 1e6, part(w, "allocator") / 1e6, part(w, "compute") / 1e6);
        QVERIFY(part(w, "comm_wait") < -500e6);
        QVERIFY(part(w, "allocator") > 100e6);
        // The baseline's replay with fsdp_limit_all_gathers projects the comm-wait change the prefetch
        // run measured, within 15 %.
        for (const WaterfallPart &p : w.parts)
            if (QLatin1String(p.name) == QLatin1String("comm_wait")) {
                QVERIFY(p.projectedDeltaNs);
                QCOMPARE(p.projectedBy, QStringLiteral("fsdp_limit_all_gathers"));
                qInfo("baseline -> prefetch: comm_wait measured %.3f ms, replay of the baseline %.3f ms", p.deltaNs / 1e6, *p.projectedDeltaNs / 1e6);
                QVERIFY(std::abs(*p.projectedDeltaNs - p.deltaNs) < 0.15 * std::abs(p.deltaNs));
            }
        QVERIFY(sumParts(w) == w.toNs - w.fromNs);
        QVERIFY(sumParts(c.waterfall.at(1)) == c.waterfall.at(1).toNs - c.waterfall.at(1).fromNs);
        QVERIFY(c.warnings.isEmpty());
    }

    void cliCompareJson()
    {
        QVERIFY(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH)));
        const QString a = m_dir.filePath(QStringLiteral("a.json")), b = m_dir.filePath(QStringLiteral("b.pt.trace.json"));
        QVERIFY(test::writeFile(a, traceA()));
        QVERIFY(test::writeFile(b, traceB()));
        const test::CliRun r = cli({QStringLiteral("compare"), a, b, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("3")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out.count('\n'), 1);
        QJsonParseError e;
        const QJsonObject o = QJsonDocument::fromJson(r.out, &e).object();
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        for (const char *k : {"runs", "deltas", "step_time_waterfall", "kernels", "ops", "warnings"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        const QJsonArray runs = o.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        const QJsonObject r1 = runs.at(1).toObject();
        QCOMPARE(runs.at(0).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("a")); // from the file name
        QCOMPARE(r1.value(QStringLiteral("label")).toString(), QStringLiteral("b"));
        QCOMPARE(r1.value(QStringLiteral("path")).toString(), b);
        QCOMPARE(r1.value(QStringLiteral("gpu")).toString(), QStringLiteral("NVIDIA A100-SXM4-80GB"));
        QCOMPARE(r1.value(QStringLiteral("world_size")).toInt(), 8);
        QCOMPARE(r1.value(QStringLiteral("offset_us")).toDouble(), -5000.0);
        // runs[].analysis is the analyze object, exactly.
        const test::CliRun an = cli({QStringLiteral("analyze"), b, QStringLiteral("--json")});
        QCOMPARE(an.exitCode, 0);
        QCOMPARE(r1.value(QStringLiteral("analysis")).toObject(), QJsonDocument::fromJson(an.out).object());

        const QJsonObject d = o.value(QStringLiteral("deltas")).toArray().at(0).toObject();
        QCOMPARE(d.value(QStringLiteral("label")).toString(), QStringLiteral("b"));
        for (const char *k : {"step_time_us", "idle_pct", "compute_pct", "non_compute_pct", "comm_comp_overlap_pct", "gap_count",
                              "gap_total_us", "peak_allocated_bytes", "mfu_pct"}) {
            const QJsonObject m = d.value(QLatin1String(k)).toObject();
            QVERIFY2(m.contains(QStringLiteral("value")) && m.contains(QStringLiteral("delta")) && m.contains(QStringLiteral("pct")), k);
        }
        const QJsonObject st = d.value(QStringLiteral("step_time_us")).toObject();
        QCOMPARE(st.value(QStringLiteral("value")).toDouble(), 80000.0);
        QCOMPARE(st.value(QStringLiteral("delta")).toDouble(), -20000.0);
        QCOMPARE(st.value(QStringLiteral("pct")).toDouble(), -20.0);
        QVERIFY(d.value(QStringLiteral("mfu_pct")).toObject().value(QStringLiteral("value")).isNull());

        const QJsonObject w = o.value(QStringLiteral("step_time_waterfall")).toArray().at(0).toObject();
        QCOMPARE(w.value(QStringLiteral("label")).toString(), QStringLiteral("b"));
        double sum = 0;
        for (const QJsonValue &p : w.value(QStringLiteral("parts")).toArray()) {
            QCOMPARE(sortedKeys(p.toObject()), (QStringList{QStringLiteral("delta_us"), QStringLiteral("name"), QStringLiteral("projected_by"), QStringLiteral("projected_delta_us")}));
            sum += p.toObject().value(QStringLiteral("delta_us")).toDouble();
        }
        QVERIFY(std::abs(sum - -20000.0) < 1e-6);

        const QJsonArray kernels = o.value(QStringLiteral("kernels")).toArray();
        QCOMPARE(kernels.size(), 3); // --top 3 of 4
        const QJsonObject k0 = kernels.at(0).toObject();
        QCOMPARE(k0.value(QStringLiteral("name")).toString(), kAllGather);
        QCOMPARE(k0.value(QStringLiteral("count")).toArray(), (QJsonArray{2, 2}));
        QCOMPARE(k0.value(QStringLiteral("total_us")).toArray(), (QJsonArray{40000.0, 10000.0}));
        QCOMPARE(k0.value(QStringLiteral("delta_us")).toArray(), (QJsonArray{0.0, -30000.0}));
        QCOMPARE(o.value(QStringLiteral("ops")).toArray().at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("ProfilerStep#N"));
        QVERIFY(o.value(QStringLiteral("warnings")).toArray().isEmpty());

        // Labels, one aligned step, and the text form.
        const test::CliRun l = cli({QStringLiteral("compare"), a, b, QStringLiteral("--labels"), QStringLiteral("before,after"),
                              QStringLiteral("--step"), QStringLiteral("6"), QStringLiteral("--json")});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        const QJsonObject lo = QJsonDocument::fromJson(l.out).object();
        QCOMPARE(lo.value(QStringLiteral("runs")).toArray().at(1).toObject().value(QStringLiteral("aligned_step")).toString(),
                 QStringLiteral("ProfilerStep#17"));
        QCOMPARE(lo.value(QStringLiteral("deltas")).toArray().at(0).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("after"));
        // The same file twice: default labels kept apart.
        const test::CliRun same = cli({QStringLiteral("compare"), a, a, QStringLiteral("--json")});
        QCOMPARE(same.exitCode, 0);
        const QJsonArray sr = QJsonDocument::fromJson(same.out).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(sr.at(1).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("a (2)"));
        const test::CliRun t = cli({QStringLiteral("compare"), a, b});
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("step_time_us"));
        QVERIFY(t.out.contains("comm_wait"));
    }

    void cliExitCodes_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<bool>("missingFile");
        QTest::addColumn<int>("code");
        QTest::newRow("labels count") << QStringList{QStringLiteral("--labels"), QStringLiteral("one")} << false << 2;
        QTest::newRow("bad align") << QStringList{QStringLiteral("--align"), QStringLiteral("middle")} << false << 2;
        QTest::newRow("step not complete") << QStringList{QStringLiteral("--step"), QStringLiteral("7")} << false << 2;
        QTest::newRow("step with start") << QStringList{QStringLiteral("--step"), QStringLiteral("5"), QStringLiteral("--align"), QStringLiteral("start")} << false << 2;
        QTest::newRow("params alone") << QStringList{QStringLiteral("--params"), QStringLiteral("7e9")} << false << 2;
        QTest::newRow("unreadable") << QStringList{} << true << 3;
    }
    void cliExitCodes()
    {
        QFETCH(QStringList, extra);
        QFETCH(bool, missingFile);
        QFETCH(int, code);
        const QString a = m_dir.filePath(QStringLiteral("a.json")), b = m_dir.filePath(QStringLiteral("b.json"));
        QVERIFY(test::writeFile(a, traceA()));
        QVERIFY(test::writeFile(b, traceB()));
        const test::CliRun r = cli(QStringList{QStringLiteral("compare"), a, missingFile ? m_dir.filePath(QStringLiteral("none.json")) : b,
                                         QStringLiteral("--json")}
                             + extra);
        QCOMPARE(r.exitCode, code);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1); // one line
        // One trace alone is a usage error too.
        QCOMPARE(cli({QStringLiteral("compare"), a}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestAnalysisCompare)
#include "tst_analysis_compare.moc"
