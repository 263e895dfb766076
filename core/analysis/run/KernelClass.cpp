// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/KernelClass.h"

#include <algorithm>
#include <cctype>

namespace lanescope::analysis {

const char *kernelClassName(KernelClass c)
{
    switch (c) {
    case KernelClass::Gemm: return "gemm";
    case KernelClass::Attention: return "attention";
    case KernelClass::OtherCompute: return "other_compute";
    case KernelClass::Communication: return "communication";
    case KernelClass::Memory: return "memory";
    }
    return "other_compute";
}

const std::vector<KernelPattern> &kernelPatterns()
{
    using M = KernelPattern::Match;
    using K = KernelClass;
    // Order matters: communication and memory first (HTA's order), attention before GEMM because
    // CUTLASS-based attention kernels carry "gemm" in their template arguments.
    static const std::vector<KernelPattern> table = {
        // NCCL: "ncclKernel_AllReduce_RING_LL_Sum_float" (NCCL < 2.19), "ncclDevKernel_AllGather_RING_LL"
        // (NCCL >= 2.19); RCCL keeps the NCCL names, older RCCL builds spell "rcclKernel".
        {M::Contains, "ncclKernel", K::Communication, "NCCL < 2.19, RCCL"},
        {M::Contains, "ncclDevKernel", K::Communication, "NCCL >= 2.19"},
        {M::Contains, "rcclKernel", K::Communication, "older RCCL"},
        // MTIA collectives (HCCL) on the device lanes; HTA's CommunicateKernelGroupingPattern ^hccl.
        {M::Prefix, "hccl", K::Communication, "MTIA HCCL collectives"},
        // PyTorch's SymmetricMemory collectives (NVLink multicast / one- and two-shot all-reduce,
        // as torch.distributed._symmetric_memory and torch.compile's fused all-reduce launch them)
        // and vLLM's custom all-reduce: communication, though no NCCL kernel (HTA counts them as
        // computation: isHtaCommunicationName, applied under HTA's definitions).
        {M::Contains, "multimem_all_reduce", K::Communication, "SymmetricMemory multimem all-reduce"},
        {M::Contains, "one_shot_all_reduce", K::Communication, "SymmetricMemory one-shot all-reduce"},
        {M::Contains, "two_shot_all_reduce", K::Communication, "SymmetricMemory two-shot all-reduce"},
        {M::Contains, "cross_device_reduce", K::Communication, "vLLM custom all-reduce"},
        // HTA's is_memory_kernel: "Memcpy DtoH (Device -> Pageable)", "Memset (Device)".
        {M::Contains, "Memcpy", K::Memory, "gpu_memcpy activity names"},
        {M::Contains, "Memset", K::Memory, "gpu_memset activity names"},
        // MTIA's DMA engine ("dma_request" in mtia_ccp_events); HTA's MemoryKernelGroupingPattern ^dma.
        {M::Prefix, "dma_", K::Memory, "MTIA DMA transfers"},
        // Attention: FlashAttention 2 ("flash_fwd_kernel", "flash_bwd_dq_dk_dv_loop..."), PyTorch's
        // vendored copy ("pytorch_flash::"), xformers / PyTorch memory-efficient attention
        // ("fmha_cutlassF_...", "AttentionKernel"), cuDNN SDPA ("cudnn_generated_fort_native_sdpa").
        {M::Contains, "flash_fwd", K::Attention, "FlashAttention forward"},
        {M::Contains, "flash_bwd", K::Attention, "FlashAttention backward"},
        {M::ContainsNoCase, "fmha", K::Attention, "fused multi-head attention (xformers, cuDNN, TensorRT)"},
        {M::ContainsNoCase, "attention", K::Attention, "memory-efficient attention kernels"},
        {M::Contains, "_sdpa", K::Attention, "cuDNN scaled-dot-product attention"},
        // ROCm: the Triton / AITER flash-attention kernels ("attn_fwd", "_attn_bwd_dkdv"), as
        // mi300x-qwen-inference records them.
        {M::Contains, "attn_fwd", K::Attention, "Triton flash attention forward (ROCm, the Triton tutorial's _attn_fwd)"},
        {M::Contains, "attn_bwd", K::Attention, "Triton flash attention backward"},
        // FlashAttention 3 ("flash::FlashAttnFwdSm90<...>"), Triton's "flash_attn_*", FlashInfer's
        // paged kernels ("BatchDecodeWithPagedKVCacheKernel", "BatchPrefillWithPagedKVCacheKernel");
        // vLLM's paged and unified attention say "attention" (above).
        {M::ContainsNoCase, "flashattn", K::Attention, "FlashAttention 3 (Hopper)"},
        {M::ContainsNoCase, "flash_attn", K::Attention, "Triton / ROCm flash_attn kernels"},
        {M::Contains, "WithPagedKVCache", K::Attention, "FlashInfer paged-KV attention"},
        // GEMM: cuBLAS ("volta_sgemm_128x64_nn", "ampere_bf16_s16816gemm_..."), cuBLASLt
        // ("sm80_xmma_gemm_...", "sm90_xmma_gemm_..."), CUTLASS ("cutlass_80_tensorop_s1688gemm_..."),
        // MAGMA ("magma_sgemmEx_kernel"), cuDNN implicit-GEMM convolutions ("implicit_convolve_sgemm",
        // "sm80_xmma_fprop_implicit_gemm_..."), and Hopper cuBLAS kernels that no longer say gemm
        // ("nvjet_tst_128x256_64x4_..."; "sm90_xmma_..." families).
        {M::Prefix, "nvjet", K::Gemm, "cuBLAS on Hopper (CUDA 12.4+)"},
        {M::Prefix, "sm90_xmma", K::Gemm, "cuBLASLt on Hopper"},
        // ROCm: Tensile / hipBLASLt GEMMs ("Cijk_Alik_Bljk_B_BS_BH_Bias_..._MT256x128x64_MI16x16x1_...":
        // C(i,j,k) = A(i,l,k) B(l,j,k)), as rocBLAS and hipBLASLt name them.
        {M::Contains, "Cijk_", K::Gemm, "rocBLAS / hipBLASLt (Tensile) on ROCm, also as Custom_Cijk_..."},
        // Triton and compiled GEMMs that do not say gemm: triton_kernels' MoE matmul
        // ("_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1", vLLM gpt-oss on MI300X), Inductor's
        // matmul templates ("triton_tem_fused_mm_0", "triton_tem_fused_addmm_1", "..._bmm_2"),
        // vLLM's Triton MoE ("fused_moe_kernel") and block-FP8 GEMM ("_w8a8_block_fp8_matmul"),
        // TensorRT-LLM's batched GEMMs ("bmm_MxE4m3_MxE2m1MxE4m3_Fp32_t128x16x256u2_...", FP8 x
        // FP4 MoE on B200), vLLM's ROCm skinny GEMMs ("wvSplitK_hf_sml_", "LLGemm1_kernel").
        {M::Prefix, "_matmul_ogs", K::Gemm, "triton_kernels matmul_ogs (MoE, mxfp4/bf16)"},
        {M::Glob, "triton_tem_fused_*mm*", K::Gemm, "Inductor matmul templates (mm, addmm, bmm)"},
        {M::Prefix, "fused_moe_kernel", K::Gemm, "vLLM Triton fused MoE GEMM"},
        {M::Contains, "fp8_matmul", K::Gemm, "vLLM Triton block-FP8 GEMM"},
        {M::Prefix, "bmm_", K::Gemm, "TensorRT-LLM trtllm-gen batched GEMM (FP8/FP4 MoE)"},
        {M::Contains, "wvSplitK", K::Gemm, "vLLM ROCm skinny GEMM"},
        {M::ContainsNoCase, "gemm", K::Gemm, "cuBLAS / cuBLASLt / CUTLASS / implicit-GEMM convolution"},
    };
    return table;
}

namespace {

// '*' any run (possibly empty), other characters themselves; iterative with one backtrack point.
bool globMatch(std::string_view name, std::string_view pattern)
{
    std::size_t n = 0, p = 0, starP = std::string_view::npos, starN = 0;
    while (n < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            starP = p++;
            starN = n;
        } else if (p < pattern.size() && pattern[p] == name[n]) {
            ++p;
            ++n;
        } else if (starP != std::string_view::npos) {
            p = starP + 1;
            n = ++starN;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

bool containsNoCase(std::string_view hay, std::string_view needle)
{
    if (needle.size() > hay.size())
        return false;
    const auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != hay.end();
}

} // namespace

KernelClass classifyKernel(std::string_view name, CategoryClass category)
{
    for (const KernelPattern &p : kernelPatterns()) {
        bool hit = false;
        switch (p.match) {
        case KernelPattern::Match::Prefix: hit = name.substr(0, p.text.size()) == p.text; break;
        case KernelPattern::Match::Contains: hit = name.find(p.text) != std::string_view::npos; break;
        case KernelPattern::Match::ContainsNoCase: hit = containsNoCase(name, p.text); break;
        case KernelPattern::Match::Glob: hit = globMatch(name, p.text); break;
        }
        if (hit)
            return p.cls;
    }
    // A copy or memset whose name says neither (custom names in some dialects) is still memory.
    if (category == CategoryClass::GpuMemcpy || category == CategoryClass::GpuMemset)
        return KernelClass::Memory;
    return KernelClass::OtherCompute;
}

KernelClassifier::KernelClassifier(const Trace &trace)
    : m_trace(trace), m_byName(trace.strings.size(), std::int8_t(-1))
{
}

KernelClass KernelClassifier::ofName(StringId name, CategoryClass category) const
{
    if (name >= m_byName.size())
        return classifyKernel(m_trace.strings.view(name), category);
    // The cache holds what the name alone says; the category fallback (memcpy/memset with an
    // unusual name) is applied per call, since one name may appear under several categories.
    std::int8_t &c = m_byName[name];
    if (c < 0)
        c = std::int8_t(classifyKernel(m_trace.strings.view(name), CategoryClass::Other));
    const KernelClass byName = KernelClass(c);
    if (byName == KernelClass::OtherCompute
        && (category == CategoryClass::GpuMemcpy || category == CategoryClass::GpuMemset))
        return KernelClass::Memory;
    return byName;
}

KernelClass KernelClassifier::of(const Track &track, std::size_t slice) const
{
    const std::uint16_t cat = track.catId[slice];
    const CategoryClass cc = cat < m_trace.categoryClass.size() ? m_trace.categoryClass[cat] : CategoryClass::Other;
    return ofName(track.nameId[slice], cc);
}

HtaKernelType htaKernelType(KernelClass c, std::string_view name)
{
    const HtaKernelType byClass = htaKernelType(c);
    if (byClass != HtaKernelType::Computation)
        return byClass;
    // The MTIA part of hta/common/types.py ComputeKernelGroupingPattern (an inverse match): the
    // CUDA names it lists there (Memcpy, Memset, nccl, Sync, Stream Wait Event, cuda*LaunchKernel)
    // are memory, communication, or not GPU activities here.
    static constexpr std::string_view notCompute[] = {"pe_exe", "job_exe", "packet", "cpum_exe_subgraph",
                                                      "collective_subgraph_execution"};
    for (std::string_view p : notCompute)
        if (name.substr(0, p.size()) == p)
            return HtaKernelType::Other;
    return HtaKernelType::Computation;
}

bool isHtaCommunicationName(std::string_view name)
{
    return name.find("nccl") != std::string_view::npos || name.find("rccl") != std::string_view::npos
        || name.substr(0, 4) == "hccl";
}

std::string_view collectiveName(std::string_view n)
{
    std::size_t p = n.find("ncclDevKernel_");
    std::size_t skip = 14;
    if (p == std::string_view::npos) {
        p = n.find("ncclKernel_");
        skip = 11;
    }
    if (p == std::string_view::npos)
        return {};
    n.remove_prefix(p + skip);
    const std::size_t e = n.find_first_of("_(");
    return n.substr(0, e);
}

} // namespace lanescope::analysis
