// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel classification table on real kernel names: taken from the shared traces (V100, A100,
// ResNet-50 under cuDNN, NCCL 2.17) and from the synthetic FSDP generator (A100, NCCL 2.20); and
// kernel_classes.tsv, the checked-in class of every GPU activity name of the real traces (B200,
// H100, MI300X with Triton and HIP graphs, MTIA), which every real trace's names must be in.
#include "tests/TestTraces.h"

#include "core/analysis/run/KernelClass.h"
#include "core/parse/TraceLoader.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QtTest>

using namespace lanescope;
using namespace lanescope::analysis;

Q_DECLARE_METATYPE(lanescope::analysis::KernelClass)
Q_DECLARE_METATYPE(lanescope::CategoryClass)

namespace {

// kernel_classes.tsv: "class<TAB>category<TAB>trace<TAB>name" (category kernel, gpu_memcpy or
// gpu_memset; a tab or newline in a name written \\t, \\n). Lines starting with # are comments.
struct TableRow
{
    QString cls, category, trace, name;
};

QString unescape(QString s)
{
    s.replace(QLatin1String("\\t"), QLatin1String("\t"));
    s.replace(QLatin1String("\\n"), QLatin1String("\n"));
    return s;
}
QString escape(QString s)
{
    s.replace(QLatin1Char('\t'), QLatin1String("\\t"));
    s.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return s;
}

QString tablePath() { return QFINDTESTDATA("kernel_classes.tsv"); }

std::vector<TableRow> readTable()
{
    std::vector<TableRow> rows;
    QFile f(tablePath());
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList p = line.split(QLatin1Char('\t'));
        if (p.size() == 4)
            rows.push_back({p[0], p[1], p[2], unescape(p[3])});
        else
            rows.push_back({QStringLiteral("?"), QString(), QString(), line}); // malformed: fails below
    }
    return rows;
}

const char *categoryName(CategoryClass c)
{
    return c == CategoryClass::GpuMemcpy ? "gpu_memcpy" : c == CategoryClass::GpuMemset ? "gpu_memset" : "kernel";
}
CategoryClass categoryOf(const QString &name)
{
    return name == QLatin1String("gpu_memcpy") ? CategoryClass::GpuMemcpy
        : name == QLatin1String("gpu_memset")  ? CategoryClass::GpuMemset
                                               : CategoryClass::Kernel;
}

} // namespace

class TestKernelClass : public QObject
{
    Q_OBJECT
private slots:
    // Every row of the checked-in table gets its class.
    void table_data()
    {
        QTest::addColumn<QString>("category");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        const std::vector<TableRow> rows = readTable();
        QVERIFY2(rows.size() > 300, qPrintable(QStringLiteral("kernel_classes.tsv has %1 rows").arg(rows.size())));
        for (const TableRow &r : rows)
            QTest::newRow(qPrintable(r.trace + QLatin1Char(' ') + r.name.left(80))) << r.category << r.name << r.cls;
    }
    void table()
    {
        QFETCH(QString, category);
        QFETCH(QString, name);
        QFETCH(QString, expected);
        const QByteArray n = name.toUtf8();
        QCOMPARE(QString::fromLatin1(kernelClassName(classifyKernel(std::string_view(n.constData(), std::size_t(n.size())),
                                                                     categoryOf(category)))),
                 expected);
    }

    // Every GPU activity name of every real trace is in the table: a new trace's names get a
    // class decided by a person, not by default. With LANESCOPE_KERNEL_TABLE_ADD=FILE the
    // missing rows (with today's class, to review) are written to FILE.
    void realTraceNamesAreListed()
    {
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(test::tracesDir())));
        QSet<QString> listed;
        for (const TableRow &r : readTable())
            listed.insert(r.category + QLatin1Char('\t') + r.name);
        QStringList missing;
        QSet<QString> seen;
        for (const QString &path : files) {
            const LoadResult lr = loadTrace(path);
            if (!lr.trace)
                continue; // not a trace (tst_real_traces says which)
            const Trace &t = *lr.trace;
            for (const Track &tr : t.tracks) {
                if (tr.kind != TrackKind::Gpu)
                    continue;
                for (std::size_t i = 0; i < tr.size(); ++i) {
                    const std::uint16_t cat = tr.catId[i];
                    const CategoryClass cc = cat < t.categoryClass.size() ? t.categoryClass[cat] : CategoryClass::Other;
                    if (!isGpuActivity(cc))
                        continue;
                    const QString name = t.name(tr.nameId[i]);
                    const QString key = QLatin1String(categoryName(cc)) + QLatin1Char('\t') + name;
                    if (listed.contains(key) || seen.contains(key))
                        continue;
                    seen.insert(key);
                    const QByteArray n = name.toUtf8();
                    missing << QStringLiteral("%1\t%2\t%3\t%4")
                                   .arg(QLatin1String(kernelClassName(classifyKernel(std::string_view(n.constData(), std::size_t(n.size())), cc))),
                                        QLatin1String(categoryName(cc)), QFileInfo(path).fileName().section(QLatin1Char('.'), 0, 0), escape(name));
                }
            }
        }
        if (const QByteArray out = qgetenv("LANESCOPE_KERNEL_TABLE_ADD"); !out.isEmpty() && !missing.isEmpty()) {
            QFile f(QString::fromLocal8Bit(out));
            if (f.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
                f.write((missing.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 GPU activity names of the real traces are not in kernel_classes.tsv, e.g. %2")
                                                   .arg(missing.size())
                                                   .arg(missing.isEmpty() ? QString() : missing.first().left(200))));
    }

    // Glob rules match whole names.
    void glob_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("inductor mm") << QByteArray("triton_tem_fused_mm_0") << QByteArray("gemm");
        QTest::newRow("inductor addmm") << QByteArray("triton_tem_fused_addmm_relu_3") << QByteArray("gemm");
        QTest::newRow("inductor bmm") << QByteArray("triton_tem_fused_bmm_1") << QByteArray("gemm");
        QTest::newRow("inductor pointwise") << QByteArray("triton_poi_fused_add_0") << QByteArray("other_compute");
        QTest::newRow("inductor template without mm") << QByteArray("triton_tem_fused_0") << QByteArray("other_compute");
    }
    void glob()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, expected);
        QCOMPARE(QByteArray(kernelClassName(classifyKernel(std::string_view(name.constData(), std::size_t(name.size()))))), expected);
    }

    void classify_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<CategoryClass>("category");
        QTest::addColumn<KernelClass>("expected");
        const auto K = CategoryClass::Kernel;
        auto row = [&](const char *tag, const char *name, KernelClass c, CategoryClass cat = CategoryClass::Kernel) {
            QTest::newRow(tag) << QByteArray(name) << cat << c;
        };
        // v100-memory-allreduce (cuBLAS on Volta, NCCL 2.x ncclKernel_ spelling, MAGMA).
        row("volta_sgemm", "volta_sgemm_128x32_nt", KernelClass::Gemm);
        row("volta_sgemm_sliced", "volta_sgemm_32x32_sliced1x4_nt", KernelClass::Gemm);
        row("magma", "void magma_sgemmEx_kernel<float, float, float, true, false, 6, 4, 6, 3, 4>(int, int, int, Tensor, int, Tensor, int, Tensor, int, Tensor, int, int, int, float const*, float const*, float, float, int)", KernelClass::Gemm);
        row("nccl_allreduce_v100", "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)", KernelClass::Communication);
        row("memcpy_dtod", "Memcpy DtoD (Device -> Device)", KernelClass::Memory, CategoryClass::GpuMemcpy);
        row("memset", "Memset (Device)", KernelClass::Memory, CategoryClass::GpuMemset);
        // a100-2rank-nccl (CUTLASS, cuBLASLt xmma, cuDNN implicit-GEMM convolutions, NCCL 2.17).
        row("cutlass_s1688gemm", "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4>(cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4::Params)", KernelClass::Gemm);
        row("cutlass_simt_sgemm", "void cutlass::Kernel<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>(cutlass_80_simt_sgemm_128x32_8x5_nn_align1::Params)", KernelClass::Gemm);
        row("ampere_sgemm", "ampere_sgemm_32x128_nt", KernelClass::Gemm);
        row("xmma_fprop_implicit_gemm", "sm80_xmma_fprop_implicit_gemm_indexed_tf32f32_tf32f32_f32_nhwckrsc_nchw_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8_execute_kernel_cudnn_infer", KernelClass::Gemm);
        row("mangled_implicit_gemm_conv", "_ZN19cutlass_cudnn_train6KernelINS_4conv6kernel23ImplicitGemmConvolutionINS1_11threadblock22ImplicitGemmMultistageE", KernelClass::Gemm);
        row("cutlass_fprop_not_gemm", "void cutlass_cudnn_infer::Kernel<cutlass_tensorop_s1688fprop_optimized_tf32_128x128_32x4_nhwc_align4>(cutlass_tensorop_s1688fprop_optimized_tf32_128x128_32x4_nhwc_align4::Params)", KernelClass::OtherCompute);
        row("nccl_broadcast", "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)", KernelClass::Communication);
        row("memcpy_htod", "Memcpy HtoD (Pageable -> Device)", KernelClass::Memory, CategoryClass::GpuMemcpy);
        // resnet50 (2021 Kineto, cuDNN on Volta).
        row("implicit_convolve_sgemm", "void implicit_convolve_sgemm<float, float, 1024, 6, 7, 3, 3, 5, 1, false, true, true>(int, int, int, float const*, int, float*, float const*, kernel_conv_params, unsigned long long, int, float, float, int, float const*, float const*, bool, int, int)", KernelClass::Gemm);
        row("cudnn_dgrad", "void cudnn::detail::dgrad_engine<float, 512, 6, 5, 3, 3, 3, false>(int, int, int, float const*, int, float const*, int, float*, kernel_grad_params, unsigned long long, int, unsigned long long, int, float, int, int, int)", KernelClass::OtherCompute);
        row("winograd", "void cudnn::winograd_nonfused::winogradWgradData4x4<float, float>(cudnn::winograd_nonfused::WinogradDataParams<float, float>)", KernelClass::OtherCompute);
        row("cask_offsets", "cask_cudnn::computeWgradSplitKOffsetsKernel(cask_cudnn::ComputeSplitKOffsetsParams)", KernelClass::OtherCompute);
        // Synthetic FSDP (PyTorch 2.x on A100: cuBLAS, cuBLASLt, CUTLASS, flash attention, NCCL 2.20).
        row("ampere_bf16_s16816gemm", "ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn", KernelClass::Gemm);
        row("sm80_xmma_gemm", "sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x32_stage4_warpsize2x2x1_tensor16x8x16_kernel", KernelClass::Gemm);
        row("cutlass_s16816gemm_relu", "void cutlass::Kernel<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8>(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8::Params)", KernelClass::Gemm);
        row("flash_fwd", "void pytorch_flash::flash_fwd_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, false, false, true, true, false, false>(pytorch_flash::Flash_fwd_params)", KernelClass::Attention);
        row("flash_bwd", "void pytorch_flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> >, true, false, false, false, false, true, true, false>(pytorch_flash::Flash_bwd_params)", KernelClass::Attention);
        row("nccl_dev_allgather", "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", KernelClass::Communication);
        row("nccl_dev_reducescatter", "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", KernelClass::Communication);
        row("elementwise_add", "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3>)", KernelClass::OtherCompute);
        row("triton_rmsnorm", "triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0", KernelClass::OtherCompute);
        row("memcpy_pinned", "Memcpy HtoD (Pinned -> Device)", KernelClass::Memory, CategoryClass::GpuMemcpy);
        // Spellings the shared traces do not have: Hopper cuBLAS, xformers, cuDNN SDPA.
        row("nvjet", "nvjet_tst_128x256_64x4_2x1_v_bz_coopA_TNT", KernelClass::Gemm);
        row("sm90_xmma", "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas", KernelClass::Gemm);
        row("fmha_cutlass", "fmha_cutlassF_bf16_aligned_64x128_rf_sm80(PyTorchMemEffAttention::AttentionKernel<cutlass::bfloat16_t, cutlass::arch::Sm80, true, 64, 128, 128, true, true>::Params)", KernelClass::Attention);
        row("unnamed_copy_category", "some copy", KernelClass::Memory, CategoryClass::GpuMemcpy);
        // Current workloads the shared traces do not have: Inductor templates, vLLM's Triton MoE and
        // block-FP8 GEMMs, hipBLASLt's custom kernels, ROCm skinny GEMMs, FlashAttention 3,
        // FlashInfer, PyTorch's SymmetricMemory and vLLM's custom all-reduce.
        row("inductor_tem_mm", "triton_tem_fused_mm_4", KernelClass::Gemm);
        row("vllm_fused_moe", "fused_moe_kernel", KernelClass::Gemm);
        row("vllm_block_fp8", "_w8a8_block_fp8_matmul", KernelClass::Gemm);
        row("hipblaslt_custom", "Custom_Cijk_Alik_Bljk_F8BS_BH_SAV_UserArgs_MT256x256x128_MI16x16x1", KernelClass::Gemm);
        row("rocm_skinny", "void wvSplitK_hf_sml_<__hip_bfloat16, 64, 2, 16, 8, 2, 1>(int, int, int)", KernelClass::Gemm);
        row("fa3", "void flash::FlashAttnFwdSm90<flash::CollectiveMainloopFwdSm90<2, cute::tuple<cute::C<1>>, 128>>(flash::Params)", KernelClass::Attention);
        row("flashinfer", "void flashinfer::BatchDecodeWithPagedKVCacheKernel<flashinfer::PosEncodingMode::kNone, 2u>(flashinfer::Params)", KernelClass::Attention);
        row("triton_attn_fwd", "_attn_fwd", KernelClass::Attention);
        row("symm_one_shot", "void c10d::symmetric_memory::one_shot_all_reduce_kernel<c10::BFloat16, 16>(c10::BFloat16**, unsigned long)", KernelClass::Communication);
        row("vllm_custom_ar", "void vllm::cross_device_reduce_1stage<__nv_bfloat16, 8>(vllm::RankData*, vllm::RankSignals, vllm::Signal*, __nv_bfloat16*, int, int)", KernelClass::Communication);
        // mtia-inference (MTIA's mtia_ccp_events): DMA is memory, merge / remote / pe_exe compute.
        row("mtia_dma", "dma_request", KernelClass::Memory);
        row("mtia_merge", "merge", KernelClass::OtherCompute);
        row("mtia_pe_exe", "pe_exe", KernelClass::OtherCompute);
        row("mtia_hccl", "hccl_allreduce", KernelClass::Communication);
        Q_UNUSED(K);
    }
    void classify()
    {
        QFETCH(QByteArray, name);
        QFETCH(CategoryClass, category);
        QFETCH(KernelClass, expected);
        const KernelClass got = classifyKernel(std::string_view(name.constData(), size_t(name.size())), category);
        QCOMPARE(kernelClassName(got), kernelClassName(expected));
    }

    void htaTypes()
    {
        // HTA: communication if "ncclKernel" in the name, memory if Memcpy / Memset, else computation.
        QCOMPARE(int(htaKernelType(classifyKernel("ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"))),
                 int(HtaKernelType::Communication));
        QCOMPARE(int(htaKernelType(classifyKernel("Memset (Device)", CategoryClass::GpuMemset))), int(HtaKernelType::Memory));
        QCOMPARE(int(htaKernelType(classifyKernel("volta_sgemm_128x32_nt"))), int(HtaKernelType::Computation));
        QCOMPARE(int(htaKernelType(classifyKernel("flash_fwd_kernel"))), int(HtaKernelType::Computation));
    }

    void collective_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("dev") << QByteArray("ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)") << QByteArray("AllGather");
        QTest::newRow("old") << QByteArray("ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)") << QByteArray("AllReduce");
        QTest::newRow("rs") << QByteArray("ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)") << QByteArray("ReduceScatter");
        QTest::newRow("not nccl") << QByteArray("volta_sgemm_128x32_nt") << QByteArray();
    }
    void collective()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, expected);
        const std::string_view c = collectiveName(std::string_view(name.constData(), size_t(name.size())));
        QCOMPARE(QByteArray(c.data(), qsizetype(c.size())), expected);
    }

    void tableIsOrdered()
    {
        // Communication and memory rules come before everything else (HTA's order), attention
        // before GEMM (CUTLASS attention kernels carry "gemm" in template arguments).
        const auto &t = kernelPatterns();
        QVERIFY(!t.empty());
        QCOMPARE(int(t.front().cls), int(KernelClass::Communication));
        std::size_t lastAttention = 0, firstGemm = t.size();
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i].cls == KernelClass::Attention)
                lastAttention = i;
            if (t[i].cls == KernelClass::Gemm)
                firstGemm = std::min(firstGemm, i);
        }
        QVERIFY(lastAttention < firstGemm);
    }
};

QTEST_GUILESS_MAIN(TestKernelClass)
#include "tst_analysis_kernelclass.moc"
