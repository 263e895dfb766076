// Temporal breakdown and communication-computation overlap against Holistic Trace Analysis:
// a small inline trace with the exact expected result, and HTA's own figures on the real traces
// (idle / compute / non-compute %, overlap %) within 0.5 percentage points.
#include "TestTraces.h"

#include "analysis/Gaps.h"
#include "analysis/KernelClass.h"
#include "analysis/Temporal.h"
#include "io/MappedSource.h"
#include "parse/TraceLoader.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// Three steps; the kernel launched in the last one is left out. Integer microseconds.
//   gemm [20,50) stream 7, AllReduce [120,170) stream 8, gemm [150,190) stream 7, memcpy [230,240)
//   launched in ProfilerStep#3 (excluded).
// Merged: [20,50) [120,190): span 170, busy 100, idle 70; compute [20,50) [150,190) = 70;
// non-compute 170 - 70 - 70 = 30; overlap [150,170) = 20 of 50 communication = 40 %.
const char *kInline = R"json({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"NVIDIA A100-SXM4-80GB"}],"traceEvents":[
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":100},
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#2","pid":1,"tid":1,"ts":100,"dur":100},
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#3","pid":1,"tid":1,"ts":200,"dur":100},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":2,"args":{"correlation":1}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":110,"dur":2,"args":{"correlation":2}},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":113,"dur":2,"args":{"correlation":4}},
{"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":210,"dur":2,"args":{"correlation":3}},
{"ph":"X","cat":"kernel","name":"volta_sgemm_128x32_nt","pid":0,"tid":7,"ts":20,"dur":30,"args":{"stream":7,"correlation":1,"device":0}},
{"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)","pid":0,"tid":8,"ts":120,"dur":50,"args":{"stream":8,"correlation":2,"device":0}},
{"ph":"X","cat":"kernel","name":"volta_sgemm_128x64_nn","pid":0,"tid":7,"ts":150,"dur":40,"args":{"stream":7,"correlation":4,"device":0}},
{"ph":"X","cat":"gpu_memcpy","name":"Memcpy DtoH (Device -> Pageable)","pid":0,"tid":7,"ts":230,"dur":10,"args":{"stream":7,"correlation":3,"device":0}}
]})json";

// MTIA: device work in "mtia_ccp_events", classified as HTA 0.5+ does (hta/common/types.py):
// "dma_*" is memory, "pe_exe" is neither computation nor memory ("other"), "merge" computes.
// No ProfilerStep: every activity counts. Integer microseconds on two streams of device 9.
//   merge [0,40) s1, dma_request [30,50) s2, pe_exe [60,80) s1, remote [100,110) s2.
// Merged busy: [0,50) [60,80) [100,110) = 80 of span 110, idle 30; compute merge+remote = 50;
// non-compute 110 - 50 - 30 = 30 (the DMA's 10 outside merge and pe_exe's 20).
const char *kMtia = R"json({"schemaVersion":1,"deviceProperties":[{"id":9,"name":"ARTEMIS"}],"traceEvents":[
{"ph":"X","cat":"mtia_ccp_events","name":"merge","pid":9,"tid":3536,"ts":0,"dur":40,"args":{"stream":1}},
{"ph":"X","cat":"mtia_ccp_events","name":"dma_request","pid":9,"tid":3570,"ts":30,"dur":20,"args":{"stream":2}},
{"ph":"X","cat":"mtia_ccp_events","name":"pe_exe","pid":9,"tid":3536,"ts":60,"dur":20,"args":{"stream":1}},
{"ph":"X","cat":"mtia_ccp_events","name":"remote","pid":9,"tid":3570,"ts":100,"dur":10,"args":{"stream":2}},
{"ph":"X","cat":"mtia_runtime","name":"synchronize","pid":865,"tid":1,"ts":0,"dur":110},
{"name":"process_name","ph":"M","ts":0,"pid":9,"tid":0,"args":{"name":"MTIA 9"}}
]})json";

} // namespace

class TestTemporal : public QObject
{
    Q_OBJECT
private slots:
    void inlineGolden()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("t.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kInline);
        f.close();
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const TemporalBreakdown b = temporalBreakdown(*r.trace);
        QVERIFY(b.lastStepExcluded);
        QVERIFY(!b.microsecondRounding);
        QCOMPARE(b.activities, std::size_t(3));
        QCOMPARE(b.span, TimeNs(170'000));
        QCOMPARE(b.idle, TimeNs(70'000));
        QCOMPARE(b.compute, TimeNs(70'000));
        QCOMPARE(b.nonCompute, TimeNs(30'000));
        QCOMPARE(b.communication, TimeNs(50'000));
        QCOMPARE(b.overlap, TimeNs(20'000));
        QCOMPARE(b.commCompOverlapPct, 40.0);

        // A window: everything inside it counts, clipped, and the last-step rule is off.
        TemporalOptions o;
        o.range = {r.trace->minTs + 0, r.trace->minTs + 300'000};
        const TemporalBreakdown w = temporalBreakdown(*r.trace, o);
        QVERIFY(!w.lastStepExcluded);
        QCOMPARE(w.activities, std::size_t(4));
        QCOMPARE(w.span, TimeNs(220'000));
    }

    void mtiaGolden()
    {
        LoadOptions lo;
        const LoadResult r = loadTrace(MappedSource::fromBytes(kMtia, QStringLiteral("mtia")), lo);
        QVERIFY2(r.trace, qPrintable(r.error));
        const TemporalBreakdown b = temporalBreakdown(*r.trace);
        QVERIFY(!b.lastStepExcluded);
        QCOMPARE(b.activities, std::size_t(4)); // the host's mtia_runtime call is not device work
        QCOMPARE(b.span, TimeNs(110'000));
        QCOMPARE(b.idle, TimeNs(30'000));
        QCOMPARE(b.compute, TimeNs(50'000));
        QCOMPARE(b.nonCompute, TimeNs(30'000));
        QCOMPARE(b.communication, TimeNs(0));
        QCOMPARE(b.commCompOverlapPct, 0.0);

        // Gaps name the stream the events carry (args.stream), not the profiler's tid.
        GapOptions go;
        go.minGap = 10'000;
        go.kernels = GapKernels::All;
        const std::vector<Gap> gaps = findGaps(*r.trace, go);
        QCOMPARE(gaps.size(), std::size_t(2));
        QCOMPARE(gaps[0].device, 9);
        QCOMPARE(gaps[0].stream, qint64(1)); // [40,60) on stream 1
        QCOMPARE(gaps[0].dur, TimeNs(20'000));
        QCOMPARE(gaps[1].stream, qint64(2)); // [50,100) on stream 2
        QCOMPARE(gaps[1].dur, TimeNs(50'000));
    }

    void htaKernelTypes_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("type");
        QTest::newRow("dma") << QStringLiteral("dma_request") << int(HtaKernelType::Memory);
        QTest::newRow("pe_exe") << QStringLiteral("pe_exe") << int(HtaKernelType::Other);
        QTest::newRow("job_exe") << QStringLiteral("job_exe") << int(HtaKernelType::Other);
        QTest::newRow("merge") << QStringLiteral("merge") << int(HtaKernelType::Computation);
        QTest::newRow("hccl") << QStringLiteral("hccl_allreduce") << int(HtaKernelType::Communication);
        QTest::newRow("cuda gemm") << QStringLiteral("volta_sgemm_128x32_nt") << int(HtaKernelType::Computation);
        // Only a prefix counts: a CUDA kernel that merely mentions the word still computes.
        QTest::newRow("not prefix") << QStringLiteral("void fused_pe_exe_kernel") << int(HtaKernelType::Computation);
    }
    void htaKernelTypes()
    {
        QFETCH(QString, name);
        QFETCH(int, type);
        const std::string n = name.toStdString();
        QCOMPARE(int(htaKernelType(classifyKernel(n), n)), type);
    }

    void htaReference_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("idle");
        QTest::addColumn<double>("compute");
        QTest::addColumn<double>("nonCompute");
        QTest::addColumn<double>("overlap"); // < 0: HTA's figure not given (no communication)
        QTest::addColumn<bool>("lastStep");  // HTA leaves the last ProfilerStep out
        // Holistic Trace Analysis: get_temporal_breakdown() / get_comm_comp_overlap() per rank.
        QTest::newRow("v100-memory-allreduce") << QStringLiteral("v100-memory-allreduce.json.gz") << 46.08 << 35.55 << 18.37 << 0.0 << true;
        QTest::newRow("a100-2rank-nccl") << QStringLiteral("a100-2rank-nccl.json.gz") << 77.78 << 17.26 << 4.97 << 14.31 << true;
        QTest::newRow("resnet50-baseline") << QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz") << 39.43 << 59.35 << 1.22 << -1.0 << true;
        QTest::newRow("resnet50-optimized") << QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz") << 15.86 << 81.70 << 2.44 << -1.0 << true;
        QTest::newRow("v100-resnet-ns") << QStringLiteral("v100-resnet-ns.pt.trace.json.gz") << 2.63 << 96.75 << 0.62 << -1.0 << true;
        // From ../shared/traces/README.md (HTA on these files): no ProfilerStep, every activity counts.
        QTest::newRow("mtia-inference") << QStringLiteral("mtia-inference.json.gz") << 4.34 << 86.17 << 9.49 << -1.0 << false;
        QTest::newRow("mi300x-qwen") << QStringLiteral("mi300x-qwen-inference.json.gz") << 11.76 << 88.24 << 0.00 << -1.0 << false;
    }
    void htaReference()
    {
        QFETCH(QString, file);
        QFETCH(double, idle);
        QFETCH(double, compute);
        QFETCH(double, nonCompute);
        QFETCH(double, overlap);
        QFETCH(bool, lastStep);
        const QString path = lanescope::test::tracePath(file);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const TemporalBreakdown b = temporalBreakdown(*r.trace);
        qInfo("%s: idle %.2f compute %.2f non-compute %.2f overlap %.2f (HTA %.2f / %.2f / %.2f / %.2f)", qPrintable(file),
              b.idlePct, b.computePct, b.nonComputePct, b.commCompOverlapPct, idle, compute, nonCompute, overlap);
        QCOMPARE(b.lastStepExcluded, lastStep);
        QVERIFY(b.activities > 0);
        QVERIFY(std::abs(b.idlePct - idle) <= 0.5);
        QVERIFY(std::abs(b.computePct - compute) <= 0.5);
        QVERIFY(std::abs(b.nonComputePct - nonCompute) <= 0.5);
        if (overlap >= 0)
            QVERIFY(std::abs(b.commCompOverlapPct - overlap) <= 0.5);
        QVERIFY(std::abs(b.idlePct + b.computePct + b.nonComputePct - 100.0) < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestTemporal)
#include "tst_analysis_temporal.moc"
