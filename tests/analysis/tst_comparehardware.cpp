// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison's hardware rows (core/analysis/compare/CompareHardware, `compare --json` "hardware"): on
// an inline pair with hand-computed figures (an all-gather twice as fast, a GEMM twice as fast),
// and on the real ResNet-50 pair, where every row must be the runs' own analysis figures and the
// CLI must print the same values the core computed.
#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include "core/analysis/compare/Compare.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// One step of 1 ms with an all-gather of `agUs` and a bf16 GEMM of `gemmUs` launched by an
// aten::mm of [4096,4096] x [4096,4096].
std::string pairTrace(int agUs, int gemmUs)
{
    return QStringLiteral(R"json({"distributedInfo": {"rank": 0, "world_size": 8},
      "deviceProperties": [{"id": 0, "name": "NVIDIA A100-SXM4-80GB"}], "traceEvents": [
      {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 1, "tid": 1, "ts": 0, "dur": 5000},
      {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 10, "dur": 20,
       "args": {"Input Dims": [[4096, 4096], [4096, 4096]], "Input type": ["c10::BFloat16", "c10::BFloat16"]}},
      {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 15, "dur": 5, "args": {"correlation": 1}},
      {"ph": "X", "cat": "kernel", "name": "sm80_xmma_gemm_bf16bf16_bf16f32", "pid": 0, "tid": 7, "ts": 100, "dur": %2,
       "args": {"stream": 7, "device": 0, "correlation": 1}},
      {"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", "pid": 0, "tid": 8,
       "ts": 100, "dur": %1, "args": {"stream": 8, "device": 0, "Collective name": "_allgather_base", "In msg nelems": 16777216,
       "Out msg nelems": 134217728, "Group size": 8, "dtype": "BFloat16"}}]})json")
        .arg(agUs)
        .arg(gemmUs)
        .toStdString();
}

struct Loaded
{
    std::shared_ptr<const Trace> trace;
    AnalysisResult analysis;
};

Loaded load(const std::string &json, const QString &name)
{
    Loaded l;
    l.trace = loadTrace(MappedSource::fromBytes(json, name)).trace;
    if (l.trace)
        l.analysis = analyze(*l.trace);
    return l;
}

const HardwareDiffRow *find(const std::vector<HardwareDiffRow> &rows, const char *kind, const QString &name)
{
    for (const HardwareDiffRow &r : rows)
        if (std::string_view(r.kind) == kind && r.name == name)
            return &r;
    return nullptr;
}

} // namespace

class TestCompareHardware : public QObject
{
    Q_OBJECT
private slots:
    void inlinePairByHand()
    {
        const Loaded a = load(pairTrace(1000, 200), QStringLiteral("a.json")), b = load(pairTrace(500, 100), QStringLiteral("b.json"));
        QVERIFY(a.trace && b.trace);
        const ComparisonResult c = compareRuns({{QStringLiteral("base"), {}, a.trace.get(), &a.analysis},
                                                {QStringLiteral("tuned"), {}, b.trace.get(), &b.analysis}});
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        // S = 134,217,728 x 2 bytes; busbw = S / t x 7/8 (nccl-tests' all-gather factor).
        const double bytes = 134217728.0 * 2;
        const HardwareDiffRow *ag = find(c.hardware, "collective_busbw", QStringLiteral("allgather"));
        QVERIFY(ag);
        QCOMPARE(QString::fromLatin1(ag->unit), QStringLiteral("GB/s"));
        QVERIFY(ag->higherIsBetter);
        QCOMPARE(*ag->values[0], bytes / 1000e-6 / 1e9 * 7 / 8);
        QCOMPARE(*ag->values[1], bytes / 500e-6 / 1e9 * 7 / 8);
        QCOMPARE(ag->count, (std::vector<std::int64_t>{1, 1}));
        QCOMPARE(*ag->pct(1), 100.0);
        // 2 x 4096^3 FLOPs in 200 µs, then in 100 µs.
        const double flops = 2.0 * 4096 * 4096 * 4096;
        const HardwareDiffRow *mm = find(c.hardware, "op_tflops", QStringLiteral("aten::mm [[4096,4096],[4096,4096]] bf16"));
        QVERIFY(mm);
        QCOMPARE(*mm->values[0], flops / 200e-6 / 1e12);
        QCOMPARE(*mm->values[1], flops / 100e-6 / 1e12);
        QCOMPARE(*mm->delta(1), flops / 100e-6 / 1e12 - flops / 200e-6 / 1e12);
        // A row one run lacks has no value, no delta.
        const Loaded n = load(R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": 0, "dur": 5}]})",
                              QStringLiteral("n.json"));
        const ComparisonResult c2 = compareRuns({{QStringLiteral("base"), {}, a.trace.get(), &a.analysis},
                                                 {QStringLiteral("none"), {}, n.trace.get(), &n.analysis}});
        const HardwareDiffRow *ag2 = find(c2.hardware, "collective_busbw", QStringLiteral("allgather"));
        QVERIFY(ag2 && ag2->values[0] && !ag2->values[1] && !ag2->delta(1) && !ag2->pct(1));
    }

    // The real pair: every op_tflops row is the runs' own OpsEfficiency figure, and the CLI's JSON
    // carries the same rows and values.
    void realPairIsEachRunsOwnFigures()
    {
        LANESCOPE_REQUIRE_TRACE(base, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(opt, "resnet50-dataloader-optimized.pt.trace.json.gz");
        const auto la = loadTrace(base), lb = loadTrace(opt);
        QVERIFY(la.trace && lb.trace);
        const AnalysisResult ra = analyze(*la.trace), rb = analyze(*lb.trace);
        QVERIFY(!ra.opsEfficiency.ops.empty());
        const ComparisonResult c = compareRuns({{QStringLiteral("baseline"), base, la.trace.get(), &ra},
                                                {QStringLiteral("optimized"), opt, lb.trace.get(), &rb}});
        int opRows = 0;
        for (const HardwareDiffRow &h : c.hardware) {
            if (std::string_view(h.kind) != "op_tflops")
                continue;
            ++opRows;
            for (int run = 0; run < 2; ++run) {
                const AnalysisResult &r = run == 0 ? ra : rb;
                std::optional<double> own;
                for (const OpEfficiencyRow &o : r.opsEfficiency.ops)
                    if (QStringLiteral("%1 %2 %3").arg(o.name, o.shapes, o.dtype) == h.name && o.achievedTflops >= 0)
                        own = o.achievedTflops;
                QCOMPARE(h.values[std::size_t(run)].has_value(), own.has_value());
                if (own)
                    QCOMPARE(*h.values[std::size_t(run)], *own);
            }
        }
        QVERIFY(opRows > 0);

        const test::CliRun cli = test::runCli({QStringLiteral("compare"), base, opt, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("0")});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(cli.out).object().value(QStringLiteral("hardware")).toArray();
        QCOMPARE(rows.size(), qsizetype(c.hardware.size()));
        for (qsizetype k = 0; k < rows.size(); ++k) {
            const QJsonObject o = rows[k].toObject();
            const HardwareDiffRow &h = c.hardware[std::size_t(k)];
            QCOMPARE(o.value(QStringLiteral("kind")).toString(), QString::fromLatin1(h.kind));
            QCOMPARE(o.value(QStringLiteral("name")).toString(), h.name);
            const QJsonArray values = o.value(QStringLiteral("values")).toArray();
            for (int run = 0; run < 2; ++run) {
                if (h.values[std::size_t(run)])
                    QCOMPARE(values[run].toDouble(), *h.values[std::size_t(run)]);
                else
                    QVERIFY(values[run].isNull());
            }
        }
    }

    // Memory by owner: each run's rows are its own alive-at-peak owners, and they add up to its peak
    // (the v100 trace against the synthetic FSDP baseline, two runs with different owners).
    void memoryOwnersAddUpToEachPeak()
    {
        LANESCOPE_REQUIRE_TRACE(v100, "v100-memory-allreduce.json.gz");
        const auto la = loadTrace(v100);
        QVERIFY(la.trace);
        synth::SynthConfig sc;
        sc.layers = 4;
        const synth::SynthOutput so = synth::synthesize(sc);
        const auto lb = loadTrace(MappedSource::fromBytes(so.traces.at(0), QStringLiteral("synth.json")));
        QVERIFY(lb.trace);
        const AnalysisResult ra = analyze(*la.trace), rb = analyze(*lb.trace);
        QVERIFY(ra.memoryOwners.addresses && rb.memoryOwners.addresses);
        const ComparisonResult c = compareRuns({{QStringLiteral("v100"), v100, la.trace.get(), &ra},
                                                {QStringLiteral("synth"), {}, lb.trace.get(), &rb}});
        double sum[2] = {0, 0};
        int rows = 0;
        for (const HardwareDiffRow &h : c.hardware) {
            if (std::string_view(h.kind) != "memory_owner_peak")
                continue;
            ++rows;
            QVERIFY(!h.higherIsBetter);
            for (int run = 0; run < 2; ++run) {
                const AnalysisResult &r = run == 0 ? ra : rb;
                double own = 0;
                for (const MemoryOwnerRow &o : r.memoryOwners.aliveAtPeak)
                    if (o.key() == h.name)
                        own += double(o.bytes);
                QVERIFY(h.values[std::size_t(run)].has_value());
                QCOMPARE(*h.values[std::size_t(run)], own);
                sum[run] += own;
            }
        }
        QVERIFY(rows > 1);
        QCOMPARE(sum[0], double(ra.memoryOwners.peakBytes));
        QCOMPARE(sum[1], double(rb.memoryOwners.peakBytes));
        QCOMPARE(sum[0], *ra.figures.peakAllocatedBytes);
    }
};

QTEST_GUILESS_MAIN(TestCompareHardware)
#include "tst_comparehardware.moc"
