// SPDX-License-Identifier: GPL-3.0-or-later
// FLOPs and bytes of an operator call from its recorded shapes (core/analysis/OpFlops.h): each op
// kind against a hand computation, shapes that do not fit their op give nothing, and the parser
// bounds what it reads. On resnet50-dataloader-baseline (record_shapes) every GEMM call's FLOPs
// equal a computation from its args.
#include "core/analysis/OpFlops.h"
#include "core/analysis/OpsEfficiency.h"

#include "core/io/MappedSource.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"
#include "core/parse/TraceLoader.h"
#include "tests/TestTraces.h"

#include <QtTest>

#include <cmath>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

std::string opEvent(const char *name, const char *dims, const char *types)
{
    return std::string(R"({"ph": "X", "cat": "cpu_op", "name": ")") + name + R"(", "ts": 1, "dur": 1, "args": {"Input Dims": )" + dims
        + R"(, "Input type": )" + types + "}}";
}

} // namespace

class TestOpFlops : public QObject
{
    Q_OBJECT
private slots:
    void byHand_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("types");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("dtype");
        // 2 x 64 x 32 x 16 = 65,536; bytes (64x32 + 32x16 + 64x16) x 2.
        QTest::newRow("mm") << "aten::mm" << "[[64, 32], [32, 16]]" << R"(["c10::BFloat16", "c10::BFloat16"])" << 65536.0
                            << (2048.0 + 512 + 1024) * 2 << "bf16";
        QTest::newRow("addmm") << "aten::addmm" << "[[16], [64, 32], [32, 16], [], []]"
                               << R"(["float", "float", "float", "Scalar", "Scalar"])" << 65536.0 << (16.0 + 2048 + 512 + 1024) * 4 << "fp32";
        QTest::newRow("bmm") << "aten::bmm" << "[[8, 64, 32], [8, 32, 16]]" << R"(["c10::Half", "c10::Half"])" << 8 * 65536.0
                             << (8 * 2048.0 + 8 * 512 + 8 * 1024) * 2 << "fp16";
        QTest::newRow("baddbmm") << "aten::baddbmm" << "[[8, 64, 16], [8, 64, 32], [8, 32, 16], [], []]"
                                 << R"(["float", "float", "float", "Scalar", "Scalar"])" << 8 * 65536.0
                                 << (8 * 1024.0 + 8 * 2048 + 8 * 512 + 8 * 1024) * 4 << "fp32";
        // input [4, 128, 4096], weight [11008, 4096]: 2 x 512 x 4096 x 11008.
        QTest::newRow("linear") << "aten::linear" << "[[4, 128, 4096], [11008, 4096], [11008]]"
                                << R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"])" << 2.0 * 512 * 4096 * 11008
                                << (512.0 * 4096 + 11008.0 * 4096 + 11008 + 512.0 * 11008) * 2 << "bf16";
        QTest::newRow("matmul batched") << "aten::matmul" << "[[2, 8, 64, 32], [2, 8, 32, 64]]"
                                        << R"(["float", "float"])" << 2.0 * 16 * 64 * 32 * 64
                                        << (16.0 * 2048 + 16.0 * 2048 + 16.0 * 4096) * 4 << "fp32";
        QTest::newRow("matmul broadcast weight") << "aten::matmul" << "[[4, 10, 32], [32, 8]]" << R"(["float", "float"])"
                                                 << 2.0 * 40 * 32 * 8 << (1280.0 + 256 + 320) * 4 << "fp32";
        QTest::newRow("matmul vectors") << "aten::matmul" << "[[32], [32]]" << R"(["float", "float"])" << 64.0 << (1.0 + 32 + 32) * 4 << "fp32";
        // q [2, 16, 1024, 64], k [2, 16, 1024, 64]: 4 x 2 x 16 x 1024 x 1024 x 64.
        QTest::newRow("sdpa flash forward") << "aten::_scaled_dot_product_flash_attention" << "[[2, 16, 1024, 64], [2, 16, 1024, 64], [2, 16, 1024, 64], [], []]"
                                            << R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"])"
                                            << 4.0 * 2 * 16 * 1024 * 1024 * 64 << 4.0 * 2097152 * 2 << "bf16";
        QTest::newRow("sdpa flash backward") << "aten::_scaled_dot_product_flash_attention_backward"
                                             << "[[2, 16, 1024, 64], [2, 16, 1024, 64], [2, 16, 512, 64], [2, 16, 512, 64]]"
                                             << R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16"])"
                                             << 2.5 * 4.0 * 2 * 16 * 1024 * 512 * 64
                                             << (2097152.0 * 2 + 1048576.0 * 2 + 2097152.0) * 2 << "bf16";
        // flash_attn's layout [B, L, H, D].
        QTest::newRow("flash_attn forward") << "flash_attn::_flash_attn_forward" << "[[2, 1024, 16, 64], [2, 1024, 16, 64], [2, 1024, 16, 64]]"
                                            << R"(["c10::Half", "c10::Half", "c10::Half"])" << 4.0 * 2 * 16 * 1024 * 1024 * 64
                                            << 4.0 * 2097152 * 2 << "fp16";
        // Shapes that do not fit: nothing.
        QTest::newRow("mm, K differs") << "aten::mm" << "[[64, 32], [31, 16]]" << R"(["float", "float"])" << -1.0 << -1.0 << "";
        QTest::newRow("bmm, rank 2") << "aten::bmm" << "[[64, 32], [32, 16]]" << R"(["float", "float"])" << -1.0 << -1.0 << "";
        QTest::newRow("not counted") << "aten::add" << "[[64, 32], [64, 32], []]" << R"(["float", "float", "Scalar"])" << -1.0 << -1.0 << "";
        QTest::newRow("tensor list") << "aten::mm" << "[[[1, 2]], [2, 3]]" << R"(["TensorList", "float"])" << -1.0 << -1.0 << "";
        QTest::newRow("unknown dtype: FLOPs, no bytes") << "aten::mm" << "[[4, 4], [4, 4]]" << R"(["c10::Mystery", "c10::Mystery"])" << 128.0 << -1.0
                                                        << "c10::Mystery";
    }
    void byHand()
    {
        QFETCH(QString, name);
        QFETCH(QString, dims);
        QFETCH(QString, types);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(QString, dtype);
        const std::string n = name.toStdString();
        const OpCost c = opCost(n, parseOpInputs(opEvent(n.c_str(), dims.toUtf8().constData(), types.toUtf8().constData())));
        QCOMPARE(c.flops, flops);
        QCOMPARE(c.bytes, bytes);
        if (flops >= 0)
            QCOMPARE(c.dtype, dtype);
    }

    void boundedParse()
    {
        std::string many = "[";
        for (int i = 0; i < 65; ++i)
            many += i ? ", [1]" : "[1]";
        many += "]";
        QVERIFY(!parseOpInputs(opEvent("aten::mm", many.c_str(), "[]")).ok);
        QVERIFY(!parseOpInputs(opEvent("aten::mm", "[[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]]", "[]")).ok);
        QVERIFY(!parseOpInputs("not json").ok);
        QVERIFY(!parseOpInputs(R"({"ph": "X", "args": {}})").ok);
    }

    // A real trace recorded with record_shapes: every aten::mm / addmm / bmm call's FLOPs equal
    // 2MNK (2BMNK) worked out here from the args as the Details panel reads them.
    void realTraceGemms()
    {
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        const Trace &t = *l.trace;
        SourceReader reader(*t.source);
        std::vector<std::pair<std::uint64_t, QString>> ops;
        for (const Track &tr : t.tracks)
            if (tr.kind == TrackKind::Cpu)
                for (std::size_t i = 0; i < tr.size(); ++i) {
                    const QString n = t.name(tr.nameId[i]);
                    if (n == QLatin1String("aten::mm") || n == QLatin1String("aten::addmm") || n == QLatin1String("aten::bmm"))
                        ops.emplace_back(tr.fileOffset[i], n);
                }
        std::sort(ops.begin(), ops.end());
        int counted = 0;
        for (const auto &[offset, n] : ops) {
            const OpCost c = opCost(n.toStdString(), parseOpInputs(reader.object(offset)));
            const EventDetails d = readEventDetails(t, reader, offset, EventParts::ArgsOnly);
            QVERIFY(d.ok);
            const QVariantList dims = d.args.value(QStringLiteral("Input Dims")).toList();
            const int first = n == QLatin1String("aten::addmm") ? 1 : 0;
            QVERIFY(dims.size() >= first + 2);
            const QVariantList a = dims.at(first).toList(), b = dims.at(first + 1).toList();
            double expected = 2.0;
            for (const QVariant &x : a)
                expected *= x.toDouble();
            expected *= b.last().toDouble();
            QCOMPARE(c.flops, expected);
            ++counted;
        }
        qInfo("%d GEMM calls counted from their shapes", counted);
        QVERIFY(counted > 0);
    }

    // Per op and shapes: an aten::linear around its aten::addmm counts once, with the GPU time of
    // the kernel its nested launch started; achieved TFLOPS and the share of the bf16 peak follow.
    void efficiencyOfANestedLinear()
    {
        const std::string json = R"json({"traceEvents": [
          {"ph": "X", "cat": "cpu_op", "name": "aten::linear", "pid": 1, "tid": 1, "ts": 0, "dur": 100,
           "args": {"Input Dims": [[128, 4096], [4096, 4096], [4096]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"]}},
          {"ph": "X", "cat": "cpu_op", "name": "aten::addmm", "pid": 1, "tid": 1, "ts": 10, "dur": 80,
           "args": {"Input Dims": [[4096], [128, 4096], [4096, 4096], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"]}},
          {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 20, "dur": 5, "args": {"correlation": 1}},
          {"ph": "X", "cat": "kernel", "name": "sm80_xmma_gemm_bf16bf16_bf16f32", "pid": 0, "tid": 7, "ts": 30, "dur": 50,
           "args": {"stream": 7, "correlation": 1}},
          {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 200, "dur": 10,
           "args": {"Input Dims": [[8, 8], [9, 8]], "Input type": ["float", "float"]}}]})json";
        const auto l = loadTrace(MappedSource::fromBytes(json, QStringLiteral("linear.json")));
        QVERIFY2(l.trace, qPrintable(l.error));
        const OpsEfficiency e = opsEfficiency(*l.trace, {}, 312);
        QCOMPARE(e.callsRead, std::int64_t(2)); // the linear (its addmm is inside) and the mm
        QCOMPARE(e.callsCounted, std::int64_t(1)); // the mm's K does not match
        QCOMPARE(int(e.ops.size()), 1);
        const OpEfficiencyRow &r = e.ops.front();
        QCOMPARE(r.name, QStringLiteral("aten::linear"));
        QCOMPARE(r.shapes, QStringLiteral("[[128,4096],[4096,4096],[4096]]"));
        QCOMPARE(r.dtype, QStringLiteral("bf16"));
        const double flops = 2.0 * 128 * 4096 * 4096;
        QCOMPARE(r.flops, flops);
        QCOMPARE(r.gpuNs, TimeNs(50000));
        QCOMPARE(r.achievedTflops, flops / 50000.0 / 1e3);
        QCOMPARE(r.pctOfPeak, 100.0 * (flops / 50000.0 / 1e3) / 312.0);
        QCOMPARE(e.totalFlops, flops);
    }
};

QTEST_GUILESS_MAIN(TestOpFlops)
#include "tst_opflops.moc"
