// SPDX-License-Identifier: GPL-3.0-or-later
// FLOPs and bytes of an operator call from its recorded shapes (core/analysis/measures/ops_efficiency/OpFlops.h): each op
// kind against a hand computation, shapes that do not fit their op give nothing, and the parser
// bounds what it reads. On resnet50-dataloader-baseline (record_shapes) every GEMM call's FLOPs
// equal a computation from its args.
#include "core/analysis/measures/ops_efficiency/OpFlops.h"
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"
#include "core/analysis/run/Analysis.h"

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

std::string convEvent(const char *name, const char *dims, const char *types, const char *concrete)
{
    std::string e = opEvent(name, dims, types);
    if (*concrete)
        e.insert(e.size() - 2, std::string(R"(, "Concrete Inputs": )") + concrete);
    return e;
}

// One op at 0 us launching one kernel of `kernelUs` on stream 7.
std::string launchedOp(const std::string &name, const std::string &dims, const std::string &types, const std::string &concrete,
                       int kernelUs)
{
    return R"json({"traceEvents": [
      {"ph": "X", "cat": "cpu_op", "name": ")json" + name + R"json(", "pid": 1, "tid": 1, "ts": 0, "dur": 100,
       "args": {"Input Dims": )json" + dims + R"json(, "Input type": )json" + types
        + (concrete.empty() ? std::string() : R"(, "Concrete Inputs": )" + concrete) + R"json(}},
      {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 20, "dur": 5, "args": {"correlation": 1}},
      {"ph": "X", "cat": "kernel", "name": "some_kernel", "pid": 0, "tid": 7, "ts": 30, "dur": )json"
        + std::to_string(kernelUs) + R"json(, "args": {"stream": 7, "correlation": 1}}]})json";
}

// An A100's row (Mfu.h): bf16 312, TF32 156, FP32 19.5, FP64 19.5 TFLOPS, HBM 2.039 TB/s.
const RooflinePeaks kA100{312, 156, 19.5, 19.5, 2.039};

// An H100 SXM trace: a bf16 aten::mm on a bf16 kernel, an aten::_scaled_mm on fp8 inputs, and a
// bf16 aten::mm whose kernel is CUTLASS' e4m3 x e4m3 GEMM (a quantised path the inputs do not show).
// Each op 0.1 ms apart, its kernel `kernelUs` long.
std::string fp8Trace()
{
    const auto op = [](int at, const char *name, const char *types, int corr, const char *kernel) {
        const std::string ts = std::to_string(at), c = std::to_string(corr);
        return std::string(R"({"ph": "X", "cat": "cpu_op", "name": ")") + name + R"(", "pid": 1, "tid": 1, "ts": )" + ts
            + R"(, "dur": 50, "args": {"Input Dims": [[4096, 4096], [4096, 4096]], "Input type": )" + types + R"(}},
      {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": )"
            + std::to_string(at + 10) + R"(, "dur": 5, "args": {"correlation": )" + c + R"(}},
      {"ph": "X", "cat": "kernel", "name": ")" + kernel + R"(", "pid": 0, "tid": 7, "ts": )" + std::to_string(at + 20)
            + R"(, "dur": 200, "args": {"stream": 7, "correlation": )" + c + "}}";
    };
    return R"({"deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3"}], "traceEvents": [)"
        + op(0, "aten::mm", R"(["c10::BFloat16", "c10::BFloat16"])", 1, "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64") + ",\n"
        + op(1000, "aten::_scaled_mm", R"(["c10::Float8_e4m3fn", "c10::Float8_e4m3fn", "float", "float"])", 2,
             "sm90_xmma_gemm_e4m3e4m3_e4m3f32_f32_tn_n_tilesize128x128x128") + ",\n"
        + op(2000, "aten::mm", R"(["c10::BFloat16", "c10::BFloat16"])", 3,
             "cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_bf16_bf16_128x128x128_1x1x1_0_tnn_align16") + "]}";
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

    // Convolutions: the output's size from the stride, padding, dilation and groups PyTorch 2.1+
    // records in "Concrete Inputs"; FLOPs 2 x N x Cout x prod(out) x Cin/groups x prod(k).
    void convolution_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("types");
        QTest::addColumn<QString>("concrete");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        const QString f32x9 = QStringLiteral(R"(["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar"])");
        // ResNet's stem: 224 -> (224 + 2x3 - 1x(7-1) - 1) / 2 + 1 = 112; no bias.
        QTest::newRow("convolution stem, stride 2")
            << "aten::convolution" << "[[32, 3, 224, 224], [64, 3, 7, 7], [], [], [], [], [], [], []]" << f32x9
            << R"(["", "", "", "[2, 2]", "[3, 3]", "[1, 1]", "False", "[0, 0]", "1"])" << 2.0 * 32 * 64 * 112 * 112 * 3 * 7 * 7
            << (32.0 * 3 * 224 * 224 + 64.0 * 3 * 7 * 7 + 32.0 * 64 * 112 * 112) * 4;
        // Two groups of 32 input channels, a bias: 56 -> (56 + 2 - 2 - 1) / 1 + 1 = 56.
        QTest::newRow("conv2d grouped with bias")
            << "aten::conv2d" << "[[8, 64, 56, 56], [128, 32, 3, 3], [128], [], [], [], []]"
            << R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "ScalarList", "ScalarList", "ScalarList", "Scalar"])"
            << R"(["", "", "", "[1, 1]", "[1, 1]", "[1, 1]", "2"])" << 2.0 * 8 * 128 * 56 * 56 * 32 * 3 * 3
            << (8.0 * 64 * 56 * 56 + 128.0 * 32 * 9 + 128 + 8.0 * 128 * 56 * 56) * 2;
        // cudnn_convolution takes padding before stride: 32 -> (32 + 0 - 2 - 1) / 2 + 1 = 15.
        QTest::newRow("cudnn_convolution padding first")
            << "aten::cudnn_convolution" << "[[4, 16, 32, 32], [32, 16, 3, 3], [], [], [], [], [], [], []]"
            << R"(["float", "float", "ScalarList", "ScalarList", "ScalarList", "Scalar", "Scalar", "Scalar", "Scalar"])"
            << R"(["", "", "[0, 0]", "[2, 2]", "[1, 1]", "1", "False", "False", "True"])" << 2.0 * 4 * 32 * 15 * 15 * 16 * 3 * 3
            << (4.0 * 16 * 32 * 32 + 32.0 * 16 * 9 + 4.0 * 32 * 15 * 15) * 4;
        // Dilation 2 in one dimension: 100 -> (100 - 2x(5-1) - 1) / 1 + 1 = 92.
        QTest::newRow("conv1d dilated") << "aten::conv1d" << "[[2, 8, 100], [16, 8, 5], [], [], [], [], []]"
                                        << R"(["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar"])"
                                        << R"(["", "", "", "[1]", "[0]", "[2]", "1"])" << 2.0 * 2 * 16 * 92 * 8 * 5
                                        << (2.0 * 8 * 100 + 16.0 * 8 * 5 + 2.0 * 16 * 92) * 4;
        // A one-element list spreads over the spatial dims, as PyTorch's expand_param_if_needed does.
        QTest::newRow("one-element stride list")
            << "aten::convolution" << "[[1, 4, 9, 9], [4, 4, 3, 3], [], [], [], [], [], [], []]" << f32x9
            << R"(["", "", "", "[2]", "[0]", "[1]", "False", "[0]", "1"])" << 2.0 * 1 * 4 * 4 * 4 * 4 * 3 * 3
            << (4.0 * 81 + 4.0 * 4 * 9 + 4.0 * 16) * 4;
        // What is not known gives nothing (a wrong count is worse than none).
        QTest::newRow("2021 trace: no Concrete Inputs")
            << "aten::cudnn_convolution" << "[[32, 3, 224, 224], [64, 3, 7, 7], [], [], [], [], [], [], []]"
            << R"(["float", "float", "GenericList", "GenericList", "GenericList", "Int", "Bool", "Bool", "Bool"])" << "" << -1.0 << -1.0;
        QTest::newRow("transposed") << "aten::convolution" << "[[1, 4, 9, 9], [4, 4, 3, 3], [], [], [], [], [], [], []]" << f32x9
                                    << R"(["", "", "", "[1, 1]", "[0, 0]", "[1, 1]", "True", "[0, 0]", "1"])" << -1.0 << -1.0;
        QTest::newRow("channels do not match groups")
            << "aten::convolution" << "[[1, 6, 9, 9], [4, 4, 3, 3], [], [], [], [], [], [], []]" << f32x9
            << R"(["", "", "", "[1, 1]", "[0, 0]", "[1, 1]", "False", "[0, 0]", "1"])" << -1.0 << -1.0;
        QTest::newRow("kernel larger than the input")
            << "aten::convolution" << "[[1, 4, 2, 2], [4, 4, 3, 3], [], [], [], [], [], [], []]" << f32x9
            << R"(["", "", "", "[1, 1]", "[0, 0]", "[1, 1]", "False", "[0, 0]", "1"])" << -1.0 << -1.0;
        QTest::newRow("padding as a string") << "aten::conv2d" << "[[1, 4, 9, 9], [4, 4, 3, 3], [], [], [], [], []]"
                                             << R"(["float", "float", "", "ScalarList", "", "ScalarList", "Scalar"])"
                                             << R"(["", "", "", "[1, 1]", "same", "[1, 1]", "1"])" << -1.0 << -1.0;
    }
    void convolution()
    {
        QFETCH(QString, name);
        QFETCH(QString, dims);
        QFETCH(QString, types);
        QFETCH(QString, concrete);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        const std::string n = name.toStdString();
        QVERIFY(isCountedOp(n));
        QVERIFY(isConvolutionOp(n));
        const OpCost c = opCost(n, parseOpInputs(convEvent(n.c_str(), dims.toUtf8().constData(), types.toUtf8().constData(),
                                                           concrete.toUtf8().constData())));
        QCOMPARE(c.flops, flops);
        QCOMPARE(c.bytes, bytes);
    }

    // The compute roof of each dtype: bf16/fp16 the tensor peak, fp32 GEMMs FP32 (allow_tf32 off by
    // default), fp32 convolutions TF32 (cuDNN's default) where the GPU has it, fp64 FP64.
    void computePeaks_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<bool>("convolution");
        QTest::addColumn<double>("tf32");
        QTest::addColumn<double>("peak");
        QTest::newRow("bf16") << "bf16" << false << 156.0 << 312.0;
        QTest::newRow("fp16 conv") << "fp16" << true << 156.0 << 312.0;
        QTest::newRow("fp32 gemm") << "fp32" << false << 156.0 << 19.5;
        QTest::newRow("fp32 conv, TF32") << "fp32" << true << 156.0 << 156.0;
        QTest::newRow("fp32 conv, no TF32 (V100)") << "fp32" << true << 0.0 << 19.5;
        QTest::newRow("fp64") << "fp64" << false << 156.0 << 9.7;
        QTest::newRow("fp8: none") << "fp8" << false << 156.0 << 0.0;
    }
    void computePeaks()
    {
        QFETCH(QString, dtype);
        QFETCH(bool, convolution);
        QFETCH(double, tf32);
        QFETCH(double, peak);
        QCOMPARE(computePeakFor(RooflinePeaks{312, tf32, 19.5, 9.7, 2.0}, dtype, convolution), peak);
    }

    // The dtype a GEMM or attention kernel multiplies at, from names seen in the shared traces
    // (b200-eager-nccl, mi300x-vllm-graph-replay, h100-qwen-inference) and the libraries' schemes.
    void kernelPrecision_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("dtype");
        // triton_kernels: bf16 activations x mxfp4 weights, widened to bf16.
        QTest::newRow("matmul_ogs bf16 x mxfp4") << "_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1" << "";
        QTest::newRow("matmul_ogs swiglu") << "_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1_swiglu" << "";
        QTest::newRow("matmul_ogs fp8 x mxfp4") << "_matmul_ogs_NNT_bf16xfp8e4nvxmxfp4_16x128x256x1" << "fp8";
        // trtllm-gen on B200: fp4 (E2m1) x fp8 (E4m3) runs at the FP8 rate, whatever the output.
        QTest::newRow("trtllm bmm, bf16 out") << "bmm_Bfloat16_MxE2m1MxE4m3_Fp32_t128x16x256u2_s3_et128x16_m128x16x32_cga1x1x1_16dp256b_rM_TN_transOut_schedP2x1x2x3_biasM_bN_tmaOpt_clmp_dynBatch_sm100f"
                                              << "fp8";
        QTest::newRow("trtllm bmm, fp8 out") << "bmm_MxE4m3_MxE2m1MxE4m3_Fp32_t128x16x256u2_s3_et128x16_m128x16x32_cga1x1x1_16dp256b_rM_TN_transOut_schedP2x1x2x3_biasM_bN_tma_tmaOpt_clmp_swiGlu_dynBatch_sm100f"
                                             << "fp8";
        QTest::newRow("trtllm bmm, fp4 x fp4") << "bmm_Bfloat16_E2m1E2m1_Fp32_t128x8x512_s4_sm100f" << "fp4";
        QTest::newRow("trtllm bmm, bf16") << "bmm_Bfloat16_Bfloat16Bfloat16_Fp32_t128x8x64_sm100f" << "";
        QTest::newRow("fmha fp8 qkv") << "fmhaSm100aKernel_QkvE4m3OBfloat16H64PagedKvCausalP16VarSeqQ128Kv128PersistentContext" << "fp8";
        QTest::newRow("fmha bf16 qkv") << "fmhaSm100aKernel_QkvBfloat16OBfloat16H64PagedKvCausalP16VarSeqQ128Kv128PersistentContext" << "";
        QTest::newRow("vllm block fp8") << "_w8a8_block_fp8_matmul" << "fp8";
        QTest::newRow("cutlass e4m3") << "cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_bf16_bf16_128x128x128_1x1x1_0_tnn_align16" << "fp8";
        QTest::newRow("cublasLt e4m3") << "sm90_xmma_gemm_e4m3e4m3_e4m3f32_f32_tn_n_tilesize128x128x128" << "fp8";
        QTest::newRow("cutlass nvfp4, bf16 out: unsure") << "cutlass3x_sm100_bstensorop_gemm_e2m1_e2m1_f32_bf16_bf16_128x128x256" << "";
        QTest::newRow("cutlass nvfp4") << "cutlass3x_sm100_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_e2m1" << "fp4";
        QTest::newRow("cublasLt bf16") << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64" << "";
        QTest::newRow("tensile bf16") << "Cijk_Alik_Bljk_BBS_BH_MT128x128x64_MI16x16x1_SN_1LDSB1" << "";
        QTest::newRow("triton mm") << "triton_tem_fused_mm_0" << "";
        QTest::newRow("kv cache kAuto") << "void vllm::reshape_and_cache_flash_kernel<__hip_bfloat16, __hip_bfloat16, (vllm::Fp8KVCacheDataType)0>(__hip_bfloat16 const*)"
                                        << "";
        QTest::newRow("kv cache fp8 e4m3") << "void vllm::paged_attention_v2_kernel<__nv_bfloat16, unsigned char, 128, 16, 128, (vllm::Fp8KVCacheDataType)1, false, 512>()"
                                           << "fp8";
        QTest::newRow("empty") << "" << "";
    }
    void kernelPrecision()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, dtype);
        QCOMPARE(lowPrecisionOfKernel(kernel.toStdString()), dtype);
    }

    void lowPrecisionTypes_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("bytes");
        QTest::newRow("e4m3fn") << "c10::Float8_e4m3fn" << "fp8" << 1;
        QTest::newRow("e5m2") << "c10::Float8_e5m2" << "fp8" << 1;
        QTest::newRow("e4m3fnuz (ROCm)") << "c10::Float8_e4m3fnuz" << "fp8" << 1;
        QTest::newRow("e5m2fnuz (ROCm)") << "c10::Float8_e5m2fnuz" << "fp8" << 1;
        QTest::newRow("fp4 packed pairs") << "c10::Float4_e2m1fn_x2" << "fp4" << 1;
        QTest::newRow("bf16") << "c10::BFloat16" << "bf16" << 2;
    }
    void lowPrecisionTypes()
    {
        QFETCH(QString, type);
        QFETCH(QString, dtype);
        QFETCH(int, bytes);
        QCOMPARE(shortDtype(type), dtype);
        QCOMPARE(dtypeSize(dtype), bytes);
    }

    // _scaled_mm: 2MNK over its two matrices (the scales are no operands); fp4's packed K counts twice.
    void scaledMm_data()
    {
        QTest::addColumn<QString>("types");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<double>("flops");
        QTest::newRow("fp8") << R"(["c10::Float8_e4m3fn", "c10::Float8_e4m3fn", "float", "float"])" << "fp8" << 2.0 * 128 * 256 * 64;
        QTest::newRow("fp4 x2") << R"(["c10::Float4_e2m1fn_x2", "c10::Float4_e2m1fn_x2", "c10::Float8_e4m3fn", "c10::Float8_e4m3fn"])"
                                << "fp4" << 2.0 * 128 * 512 * 64;
    }
    void scaledMm()
    {
        QFETCH(QString, types);
        QFETCH(QString, dtype);
        QFETCH(double, flops);
        const std::string e = opEvent("aten::_scaled_mm", "[[128, 256], [256, 64], [], []]", types.toUtf8().constData());
        const OpCost c = opCost("aten::_scaled_mm", parseOpInputs(e));
        QCOMPARE(c.dtype, dtype);
        QCOMPARE(c.flops, flops);
        QVERIFY(isCountedOp("aten::_scaled_mm"));
    }

    void lowPrecisionPeaks_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<double>("peak");
        QTest::newRow("fp8") << "fp8" << 1979.0;
        QTest::newRow("fp4: the GPU has none") << "fp4" << 0.0;
        QTest::newRow("bf16") << "bf16" << 989.0;
    }
    void lowPrecisionPeaks()
    {
        QFETCH(QString, dtype);
        QFETCH(double, peak);
        RooflinePeaks h100{989, 494, 67, 67, 3.35};
        h100.fp8Tflops = 1979;
        QCOMPARE(computePeakFor(h100, dtype, false), peak);
    }

    // On an H100 (its row's FP8 peak taken from the table, as the caller passes bf16 figures only):
    // the fp8 _scaled_mm and the bf16 mm whose kernel is an e4m3 GEMM are counted at 1,979 TFLOPS,
    // the bf16 mm at 989; two roofs, the dominant (fp8: twice the FLOPs) first.
    void fp8OpAtTheFp8Roof()
    {
        const std::string json = fp8Trace();
        const auto l = loadTrace(MappedSource::fromBytes(json, QStringLiteral("fp8.json")));
        QVERIFY2(l.trace, qPrintable(l.error));
        const RooflinePeaks callers{989, 494, 67, 67, 3.35};
        const OpsEfficiency e = opsEfficiency(*l.trace, {}, callers);
        QCOMPARE(e.peaks.fp8Tflops, 1979.0);
        QCOMPARE(e.peaks.fp4Tflops, 0.0);
        QCOMPARE(int(e.ops.size()), 3);
        const double flops = 2.0 * 4096 * 4096 * 4096, achieved = flops / 200e3 / 1e3;
        int fp8 = 0, bf16 = 0;
        for (const OpEfficiencyRow &r : e.ops) {
            QCOMPARE(r.flops, flops);
            if (r.dtype == QLatin1String("fp8")) {
                ++fp8;
                QCOMPARE(r.peakTflops, 1979.0);
                QCOMPARE(r.pctOfPeak, 100.0 * achieved / 1979.0);
            } else {
                ++bf16;
                QCOMPARE(r.dtype, QStringLiteral("bf16"));
                QCOMPARE(r.name, QStringLiteral("aten::mm"));
                QCOMPARE(r.peakTflops, 989.0);
            }
        }
        QCOMPARE(fp8, 2);
        QCOMPARE(bf16, 1);
        QCOMPARE(e.dominantDtype, QStringLiteral("fp8"));
        QCOMPARE(e.dominantPeakTflops, 1979.0);
        QCOMPARE(int(e.roofs.size()), 2);
        QCOMPARE(e.roofs[0].dtype, QStringLiteral("fp8"));
        QCOMPARE(e.roofs[0].tflops, 1979.0);
        QCOMPARE(e.roofs[0].flops, 2 * flops);
        QCOMPARE(e.roofs[1].dtype, QStringLiteral("bf16"));
        QCOMPARE(e.roofs[1].tflops, 989.0);
        // The caller's own fp8 figure (a user's) is kept.
        RooflinePeaks mine = callers;
        mine.fp8Tflops = 1500;
        QCOMPARE(opsEfficiency(*l.trace, {}, mine).dominantPeakTflops, 1500.0);
    }

    // Through the whole analysis: a user's FP8 figure for the H100 row (Preferences' peak table,
    // a peak override) is the fp8 roof the operators are measured against; without one, the row's.
    void userFp8PeakReachesTheRoofline()
    {
        const std::string json = fp8Trace();
        const auto l = loadTrace(MappedSource::fromBytes(json, QStringLiteral("fp8.json")));
        QVERIFY2(l.trace, qPrintable(l.error));
        QCOMPARE(analyze(*l.trace).opsEfficiency.peaks.fp8Tflops, 1979.0);
        AnalysisOptions o;
        PeakOverride mine;
        mine.match = QStringLiteral("H100");
        mine.tflops = 989;
        mine.fp8Tflops = 1500;
        o.mfu.peakOverrides = {mine};
        const AnalysisResult r = analyze(*l.trace, o);
        QCOMPARE(r.opsEfficiency.peaks.fp8Tflops, 1500.0);
        QCOMPARE(r.opsEfficiency.dominantPeakTflops, 1500.0);
    }

    // Each op against the roofline, worked out by hand: intensity = FLOPs / bytes, the ridge point
    // peak / HBM, attainable = min(peak, intensity x HBM), the achieved rate's share of it.
    void roofline_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("types");
        QTest::addColumn<QString>("concrete");
        QTest::addColumn<int>("kernelUs");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("peak");
        QTest::addColumn<QString>("bound");
        // 8192^3 bf16: intensity 2 x 8192^3 / (3 x 8192^2 x 2) = 2730.7 > 312 / 2.039 = 153: compute.
        QTest::newRow("big bf16 mm, compute") << "aten::mm" << "[[8192, 8192], [8192, 8192]]"
                                              << R"(["c10::BFloat16", "c10::BFloat16"])" << "" << 4000 << 2.0 * 8192 * 8192 * 8192
                                              << 3.0 * 8192 * 8192 * 2 << 312.0 << "compute";
        // A skinny bf16 GEMM (decode): [16, 4096] x [4096, 4096]: intensity ~15.9: memory.
        QTest::newRow("skinny bf16 mm, memory") << "aten::mm" << "[[16, 4096], [4096, 4096]]"
                                                << R"(["c10::BFloat16", "c10::BFloat16"])" << "" << 20 << 2.0 * 16 * 4096 * 4096
                                                << (16.0 * 4096 + 4096.0 * 4096 + 16.0 * 4096) * 2 << 312.0 << "memory";
        // fp32 GEMM: the FP32 roof (19.5); ridge 9.6; 1024^3 intensity 170.7: compute.
        QTest::newRow("fp32 mm on FP32") << "aten::mm" << "[[1024, 1024], [1024, 1024]]" << R"(["float", "float"])" << "" << 150
                                         << 2.0 * 1024 * 1024 * 1024 << 3.0 * 1024 * 1024 * 4 << 19.5 << "compute";
        // fp32 convolution: TF32 (156); ridge 76.5; intensity 2 x 8 x 64 x 56^2 x 64 x 9 / bytes ~ 126.
        QTest::newRow("fp32 conv on TF32")
            << "aten::convolution" << "[[8, 64, 56, 56], [64, 64, 3, 3], [], [], [], [], [], [], []]"
            << R"(["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar"])"
            << R"(["", "", "", "[1, 1]", "[1, 1]", "[1, 1]", "False", "[0, 0]", "1"])" << 100 << 2.0 * 8 * 64 * 56 * 56 * 64 * 9
            << (8.0 * 64 * 56 * 56 * 2 + 64.0 * 64 * 9) * 4 << 156.0 << "compute";
        // fp8 has no roof in the table: no share, no bound.
        QTest::newRow("fp8: no roof") << "aten::mm" << "[[64, 64], [64, 64]]"
                                      << R"(["c10::Float8_e4m3fn", "c10::Float8_e4m3fn"])" << "" << 10 << 2.0 * 64 * 64 * 64
                                      << 3.0 * 64 * 64 << -1.0 << "";
    }
    void roofline()
    {
        QFETCH(QString, name);
        QFETCH(QString, dims);
        QFETCH(QString, types);
        QFETCH(QString, concrete);
        QFETCH(int, kernelUs);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, peak);
        QFETCH(QString, bound);
        const std::string json = launchedOp(name.toStdString(), dims.toStdString(), types.toStdString(), concrete.toStdString(), kernelUs);
        const auto l = loadTrace(MappedSource::fromBytes(json, QStringLiteral("roofline.json")));
        QVERIFY2(l.trace, qPrintable(l.error));
        const OpsEfficiency e = opsEfficiency(*l.trace, {}, kA100);
        QCOMPARE(int(e.ops.size()), 1);
        const OpEfficiencyRow &r = e.ops.front();
        QCOMPARE(r.flops, flops);
        QCOMPARE(r.bytes, bytes);
        const double ns = kernelUs * 1000.0;
        const double achieved = flops / ns / 1e3, intensity = flops / bytes;
        QCOMPARE(r.achievedTflops, achieved);
        QCOMPARE(r.intensity, intensity);
        QCOMPARE(r.achievedTBps, bytes / ns / 1e3);
        QCOMPARE(r.peakTflops, peak);
        QCOMPARE(QString::fromLatin1(boundName(r.bound)), bound);
        QCOMPARE(e.dominantPeakTflops, std::max(peak, 0.0));
        if (peak < 0) {
            QCOMPARE(r.pctOfPeak, -1.0);
            QCOMPARE(r.attainableTflops, -1.0);
            QCOMPARE(r.pctOfRoofline, -1.0);
            return;
        }
        const double attainable = std::min(peak, intensity * kA100.hbmTBps);
        QCOMPARE(r.attainableTflops, attainable);
        QCOMPARE(r.bound == Bound::Compute, attainable == peak);
        QCOMPARE(r.pctOfPeak, 100.0 * achieved / peak);
        QCOMPARE(r.pctOfRoofline, 100.0 * achieved / attainable);
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
        const OpsEfficiency e = opsEfficiency(*l.trace, {}, kA100);
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
        // The roofline: bytes (input, weight, bias, output) x 2; below the ridge point 312 / 2.039.
        const double bytes = (128.0 * 4096 + 4096.0 * 4096 + 4096 + 128.0 * 4096) * 2;
        QCOMPARE(r.bytes, bytes);
        QCOMPARE(r.intensity, flops / bytes);
        QCOMPARE(r.bound, Bound::Memory);
        QCOMPARE(r.pctOfRoofline, 100.0 * (flops / 50000.0 / 1e3) / (flops / bytes * 2.039));
        QCOMPARE(e.dominantDtype, QStringLiteral("bf16"));
    }
};

QTEST_GUILESS_MAIN(TestOpFlops)
#include "tst_opflops.moc"
