// SPDX-License-Identifier: GPL-3.0-or-later
// MFU arithmetic and the GPU peak table.
#include "core/analysis/measures/mfu/Mfu.h"

#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"

#include <QtTest>

#include <limits>

using namespace lanescope::analysis;

class TestMfu : public QObject
{
    Q_OBJECT
private slots:

    // with_flops=True: PyTorch writes a "flops" arg on matrix-multiply/convolution ops; the sum
    // over the ops (read back from the file) is the measured work. Other ops, GPU kernels and ops
    // outside the range do not count.
    void measuredFlopsFromArgs()
    {
        const std::string json = R"({"traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::linear", "pid": 1, "tid": 1, "ts": 100, "dur": 50, "args": {"External id": 1}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::addmm", "pid": 1, "tid": 1, "ts": 101, "dur": 40, "args": {"External id": 2, "flops": 1000000000000}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 1, "tid": 1, "ts": 160, "dur": 5, "args": {"External id": 3}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 200, "dur": 30, "args": {"External id": 4, "flops": 2500000000000}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 300, "dur": 30, "args": {"External id": 5}},
  {"ph": "X", "cat": "kernel", "name": "ampere_bf16_s16816gemm", "pid": 0, "tid": 7, "ts": 210, "dur": 20, "args": {"stream": 7, "flops": 999}}
]})";
        const lanescope::LoadResult r = lanescope::loadTrace(lanescope::MappedSource::fromBytes(json));
        QVERIFY(r.trace);
        const MeasuredFlops all = measuredFlops(*r.trace);
        QCOMPARE(all.opsRead, std::size_t(3)); // addmm and both mm: the ops PyTorch counts
        QCOMPARE(all.opsWithFlops, std::size_t(2));
        QCOMPARE(all.flops, 3.5e12);
        // Only the second half of the trace: the mm at 200 µs.
        const MeasuredFlops late = measuredFlops(*r.trace, TimeRange{150000, 400000});
        QCOMPARE(late.opsWithFlops, std::size_t(1));
        QCOMPARE(late.flops, 2.5e12);
    }
    void caseStudy()
    {
        // The case study: 2,200 tokens/s/GPU on a 7B model on A100 -> 92.4 TFLOPS, 29.6 % MFU.
        const GpuPeak *a100 = peakForGpu(QStringLiteral("NVIDIA A100-SXM4-80GB"));
        QVERIFY(a100);
        const MfuResult r = computeMfu(7e9, 2200, a100->tflops);
        QVERIFY(r.valid);
        QCOMPARE(qRound(r.achievedTflops * 10), 924);
        QCOMPARE(qRound(r.mfuPct * 10), 296);
    }

    void calculator_data()
    {
        QTest::addColumn<double>("params");
        QTest::addColumn<double>("tokensPerS");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("tflops");
        QTest::addColumn<double>("mfu");
        QTest::newRow("7B A100") << 7e9 << 2200.0 << 312.0 << 92.4 << 29.615384615384617;
        QTest::newRow("70B H100") << 70e9 << 500.0 << 989.0 << 210.0 << 21.233569261880688;
        QTest::newRow("1B V100") << 1e9 << 10000.0 << 125.0 << 60.0 << 48.0;
    }
    void calculator()
    {
        QFETCH(double, params);
        QFETCH(double, tokensPerS);
        QFETCH(double, peak);
        QFETCH(double, tflops);
        QFETCH(double, mfu);
        const MfuResult r = computeMfu(params, tokensPerS, peak);
        QVERIFY(qFuzzyCompare(r.achievedTflops, tflops));
        QVERIFY(qFuzzyCompare(r.mfuPct, mfu));
    }

    void invalidWithoutInputs()
    {
        QVERIFY(!computeMfu(0, 2200, 312).valid);
        QVERIFY(!computeMfu(7e9, 2200, 0).valid);
    }

    void peaks_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("tflops");
        // deviceProperties[].name as the shared traces and common machines spell them.
        QTest::newRow("a100 sxm") << QStringLiteral("NVIDIA A100-SXM4-80GB") << 312.0;
        QTest::newRow("a100 pg509") << QStringLiteral("NVIDIA A100-PG509-200") << 312.0;
        QTest::newRow("a100 pcie") << QStringLiteral("NVIDIA A100 80GB PCIe") << 312.0;
        QTest::newRow("h100 sxm") << QStringLiteral("NVIDIA H100 80GB HBM3") << 989.0;
        QTest::newRow("h100 pcie") << QStringLiteral("NVIDIA H100 PCIe") << 756.0;
        QTest::newRow("h200") << QStringLiteral("NVIDIA H200") << 989.0;
        QTest::newRow("v100 sxm2") << QStringLiteral("Tesla V100-SXM2-32GB") << 125.0;
        QTest::newRow("v100 dgxs") << QStringLiteral("Tesla V100-DGXS-32GB") << 125.0;
        QTest::newRow("a10") << QStringLiteral("NVIDIA A10") << 125.0;
        QTest::newRow("l4") << QStringLiteral("NVIDIA L4") << 121.0;
        QTest::newRow("l40s") << QStringLiteral("NVIDIA L40S") << 362.0;
        QTest::newRow("mi250x") << QStringLiteral("AMD Instinct MI250X") << 383.0;
        QTest::newRow("mi300x") << QStringLiteral("AMD Instinct MI300X") << 1307.0;
        QTest::newRow("unknown") << QStringLiteral("AMD Radeon Graphics") << 0.0;
    }
    void peaks()
    {
        QFETCH(QString, device);
        QFETCH(double, tflops);
        const GpuPeak *p = peakForGpu(device);
        QCOMPARE(p ? p->tflops : 0.0, tflops);
        if (p)
            QVERIFY(!p->source.empty());
    }

    // The roofline's and the collectives' figures of a row, as the datasheets give them (Mfu.cpp):
    // the link per direction, as nccl-tests' busbw compares with it.
    void specs_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("tf32");
        QTest::addColumn<double>("fp32");
        QTest::addColumn<double>("hbm");
        QTest::addColumn<double>("link");
        QTest::newRow("a100 sxm: NVLink3 600 bidirectional") << QStringLiteral("NVIDIA A100-SXM4-80GB") << 156.0 << 19.5 << 2.039 << 300.0;
        QTest::newRow("h100 sxm: NVLink4 900 bidirectional") << QStringLiteral("NVIDIA H100 80GB HBM3") << 494.0 << 67.0 << 3.35 << 450.0;
        QTest::newRow("h100 pcie: PCIe Gen5") << QStringLiteral("NVIDIA H100 PCIe") << 378.0 << 51.0 << 2.0 << 64.0;
        QTest::newRow("v100 sxm2: NVLink2, no TF32") << QStringLiteral("Tesla V100-SXM2-32GB") << 0.0 << 15.7 << 0.9 << 150.0;
        QTest::newRow("v100 pcie: PCIe Gen3") << QStringLiteral("Tesla V100-PCIE-16GB") << 0.0 << 14.0 << 0.9 << 16.0;
        QTest::newRow("mi300x: 7 xGMI links") << QStringLiteral("AMD Instinct MI300X") << 653.7 << 163.4 << 5.3 << 448.0;
    }
    void specs()
    {
        QFETCH(QString, device);
        QFETCH(double, tf32);
        QFETCH(double, fp32);
        QFETCH(double, hbm);
        QFETCH(double, link);
        const ResolvedPeak p = resolvePeak(device, {});
        QVERIFY(p.row);
        QCOMPARE(p.tf32Tflops, tf32);
        QCOMPARE(p.fp32Tflops, fp32);
        QCOMPARE(p.hbmTBps, hbm);
        QCOMPARE(p.linkGBps, link);
    }

    // FP8 and FP4 dense tensor peaks, half the datasheets' "with sparsity" figures (AMD's dense
    // one): none on Ampere, Volta or CDNA2.
    void lowPrecisionPeaks_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("fp8");
        QTest::addColumn<double>("fp4");
        QTest::newRow("h100 sxm: 3,958 sparse") << QStringLiteral("NVIDIA H100 80GB HBM3") << 1979.0 << 0.0;
        QTest::newRow("h100 pcie: 3,026 sparse") << QStringLiteral("NVIDIA H100 PCIe") << 1513.0 << 0.0;
        QTest::newRow("h100 nvl: 3,341 sparse") << QStringLiteral("NVIDIA H100 NVL") << 1670.5 << 0.0;
        QTest::newRow("h200") << QStringLiteral("NVIDIA H200") << 1979.0 << 0.0;
        QTest::newRow("gh200") << QStringLiteral("NVIDIA GH200 480GB") << 1979.0 << 0.0;
        QTest::newRow("b200: 72 / 144 PFLOPS sparse per 8") << QStringLiteral("NVIDIA B200") << 4500.0 << 9000.0;
        QTest::newRow("l40s") << QStringLiteral("NVIDIA L40S") << 733.0 << 0.0;
        QTest::newRow("l4") << QStringLiteral("NVIDIA L4") << 242.5 << 0.0;
        QTest::newRow("mi300x: 2,614.9 dense") << QStringLiteral("AMD Instinct MI300X") << 2614.9 << 0.0;
        QTest::newRow("a100: none") << QStringLiteral("NVIDIA A100-SXM4-80GB") << 0.0 << 0.0;
        QTest::newRow("mi250x: none") << QStringLiteral("AMD Instinct MI250X") << 0.0 << 0.0;
        QTest::newRow("v100: none") << QStringLiteral("Tesla V100-SXM2-32GB") << 0.0 << 0.0;
    }
    void lowPrecisionPeaks()
    {
        QFETCH(QString, device);
        QFETCH(double, fp8);
        QFETCH(double, fp4);
        const ResolvedPeak p = resolvePeak(device, {});
        QVERIFY(p.row);
        QCOMPARE(p.fp8Tflops, fp8);
        QCOMPARE(p.fp4Tflops, fp4);
        QCOMPARE(specOf(*p.row, GpuSpec::Fp8Tflops), fp8);
        QCOMPARE(specOf(*p.row, GpuSpec::Fp4Tflops), fp4);
        // A user's FP8 figure replaces the row's, and only that one.
        PeakOverride o;
        o.match = QString::fromUtf8(p.row->match.data(), qsizetype(p.row->match.size()));
        o.setValue(GpuSpec::Fp8Tflops, 1234);
        QCOMPARE(o.fp8Tflops, 1234.0);
        QVERIFY(o.any());
        const ResolvedPeak mine = resolvePeak(device, {o});
        QCOMPARE(mine.fp8Tflops, 1234.0);
        QCOMPARE(mine.fp4Tflops, fp4);
        QCOMPARE(mine.tflops, p.tflops);
        QVERIFY(!mine.overridden);
    }

    // Every row: a datasheet for the new figures, memory and link known, and the figures in the
    // order a GPU has them (TF32 below bf16, FP32 below the tensor peaks).
    void everyRowHasSpecs()
    {
        for (const GpuPeak &p : gpuPeakTable()) {
            const QByteArray m(p.match.data(), qsizetype(p.match.size()));
            QVERIFY2(!p.specSource.empty() && !p.link.empty(), m.constData());
            QVERIFY2(p.hbmTBps > 0 && p.linkGBps > 0 && p.fp32Tflops > 0, m.constData());
            QVERIFY2(p.tf32Tflops < p.tflops && p.fp32Tflops < p.tflops && p.fp64Tflops <= p.fp32Tflops * 2, m.constData());
            for (int c = 0; c < kGpuSpecCount; ++c)
                QVERIFY(specOf(p, GpuSpec(c)) >= 0);
            // FP8 twice the bf16 rate where a GPU has it, FP4 twice FP8; each with its datasheet.
            QVERIFY2(p.fp8Tflops == 0 || p.fp8Tflops > p.tflops, m.constData());
            QVERIFY2(p.fp4Tflops == 0 || (p.fp8Tflops > 0 && p.fp4Tflops > p.fp8Tflops), m.constData());
            QVERIFY2((p.fp8Tflops > 0) == !p.lowPrecisionSource.empty(), m.constData());
        }
    }

    // flops args that are no count of work (negative, a string, 1e308, more than kMaxOpFlops) are
    // skipped and counted, never summed ("-15000.000 TFLOP").
    void measuredFlopsSkipsInvalid()
    {
        const std::string json = R"({"traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 100, "dur": 10, "args": {"flops": 2000000000000}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 120, "dur": 10, "args": {"flops": -15000000000000000}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 140, "dur": 10, "args": {"flops": "1000"}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 160, "dur": 10, "args": {"flops": 1e308}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::addmm", "pid": 1, "tid": 1, "ts": 180, "dur": 10, "args": {"flops": 2e18}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::bmm", "pid": 1, "tid": 1, "ts": 200, "dur": 10, "args": {"flops": null}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::bmm", "pid": 1, "tid": 1, "ts": 220, "dur": 10, "args": {"flops": 0}}
]})";
        const lanescope::LoadResult r = lanescope::loadTrace(lanescope::MappedSource::fromBytes(json));
        QVERIFY(r.trace);
        const MeasuredFlops m = measuredFlops(*r.trace);
        QCOMPARE(m.opsRead, std::size_t(7));
        QCOMPARE(m.flops, 2e12);
        QCOMPARE(m.opsWithFlops, std::size_t(2)); // the 2e12 and the 0
        QCOMPARE(m.invalid, std::size_t(5));
    }

    // The user's figure replaces the row's one column at a time; the others stay the table's.
    void overridePerColumn()
    {
        PeakOverride o;
        o.match = QStringLiteral("A100");
        o.setValue(GpuSpec::HbmTBps, 1.555);
        o.setValue(GpuSpec::LinkGBps, 32);
        QCOMPARE(o.hbmTBps, 1.555);
        QVERIFY(o.any());
        const ResolvedPeak p = resolvePeak(QStringLiteral("NVIDIA A100-PCIE-40GB"), {o});
        QCOMPARE(p.hbmTBps, 1.555);
        QCOMPARE(p.linkGBps, 32.0);
        QCOMPARE(p.tflops, 312.0); // not overridden
        QVERIFY(!p.overridden);
        QCOMPARE(p.tf32Tflops, 156.0);
        QCOMPARE(overrideFor("A100", {o}), 0.0);
        QCOMPARE(overrideFor("A100", {o}, GpuSpec::HbmTBps), 1.555);
        QVERIFY(!PeakOverride{}.any());
    }

    // A figure no GPU has (not finite, absurdly large or small) is not a figure: the table's stays,
    // so `inf` cannot turn an MFU of 28 % into 0.1 %. The bounds themselves are taken.
    void implausibleOverrideIsIgnored_data()
    {
        QTest::addColumn<int>("spec");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("taken");
        const double inf = std::numeric_limits<double>::infinity();
        const int bf16 = int(GpuSpec::Bf16Tflops), hbm = int(GpuSpec::HbmTBps), link = int(GpuSpec::LinkGBps);
        QTest::newRow("bf16 inf") << bf16 << inf << false;
        QTest::newRow("bf16 nan") << bf16 << std::numeric_limits<double>::quiet_NaN() << false;
        QTest::newRow("bf16 1e308") << bf16 << 1e308 << false;
        QTest::newRow("bf16 1e-9") << bf16 << 1e-9 << false;
        QTest::newRow("bf16 -5") << bf16 << -5.0 << false;
        QTest::newRow("bf16 100000") << bf16 << 100000.0 << true;
        QTest::newRow("bf16 0.001") << bf16 << 0.001 << true;
        QTest::newRow("hbm 5000 TB/s") << hbm << 5000.0 << false;
        QTest::newRow("hbm 1.555") << hbm << 1.555 << true;
        QTest::newRow("link inf") << link << inf << false;
    }
    void implausibleOverrideIsIgnored()
    {
        QFETCH(int, spec);
        QFETCH(double, value);
        QFETCH(bool, taken);
        const auto s = GpuSpec(spec);
        QCOMPARE(isPlausibleFigure(s, value), taken);
        PeakOverride o;
        o.match = QStringLiteral("A100");
        o.setValue(s, value);
        QCOMPARE(o.any(), taken);
        const ResolvedPeak p = resolvePeak(QStringLiteral("NVIDIA A100-SXM4-80GB"), {o});
        const ResolvedPeak table = resolvePeak(QStringLiteral("NVIDIA A100-SXM4-80GB"), {});
        QCOMPARE(overrideFor("A100", {o}, s), taken ? value : 0.0);
        QCOMPARE(p.overridden, taken && s == GpuSpec::Bf16Tflops);
        if (!taken) {
            QCOMPARE(p.tflops, table.tflops);
            QCOMPARE(p.hbmTBps, table.hbmTBps);
            QCOMPARE(p.linkGBps, table.linkGBps);
        }
        // The MFU at the resolved peak stays the table's percentage, not a tiny or huge one.
        const MfuResult m = computeMfu(7e9, 3000, p.tflops);
        if (!taken || s != GpuSpec::Bf16Tflops)
            QCOMPARE(m.mfuPct, computeMfu(7e9, 3000, table.tflops).mfuPct);
    }
};

QTEST_GUILESS_MAIN(TestMfu)
#include "tst_analysis_mfu.moc"
