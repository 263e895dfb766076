// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a GPU activity is for the analysis: GEMM, attention, other compute, communication or memory.
// One table of name patterns (kernelPatterns()) decides it; everything else asks classifyKernel().
#include "core/model/Trace.h"

#include <string_view>
#include <vector>

namespace lanescope::analysis {

enum class KernelClass : std::uint8_t {
    Gemm,          // dense matrix multiply: cuBLAS / cuBLASLt / CUTLASS / implicit-GEMM convolutions
    Attention,     // fused attention (flash, memory-efficient, fmha)
    OtherCompute,  // everything else that computes: elementwise, reductions, norms, non-GEMM convolutions
    Communication, // NCCL / RCCL collectives and point-to-point kernels
    Memory,        // memcpy / memset
};
const char *kernelClassName(KernelClass c);

// Holistic Trace Analysis' kernel types (hta/utils/utils.py, KernelType / get_kernel_type):
// communication, memory, computation, and since HTA 0.5 "other" for device work its
// ComputeKernelGroupingPattern (hta/common/types.py) leaves out of computation.
enum class HtaKernelType : std::uint8_t { Computation, Communication, Memory, Other };
inline HtaKernelType htaKernelType(KernelClass c)
{
    return c == KernelClass::Communication ? HtaKernelType::Communication
        : c == KernelClass::Memory         ? HtaKernelType::Memory
                                           : HtaKernelType::Computation;
}
// By class and name: the names HTA counts as neither computation, communication nor memory —
// MTIA's per-PE execution spans ("pe_exe", "job_exe", "packet...", "cpum_exe_subgraph",
// "collective_subgraph_execution"). They are non-compute time in the temporal breakdown.
HtaKernelType htaKernelType(KernelClass c, std::string_view name);
// HTA's communication kernels by name (an NCCL / RCCL kernel, MTIA's HCCL): what its definitions
// count as communication. Communication kernels of ours without such a name (SymmetricMemory's
// all-reduce) are computation to HTA.
bool isHtaCommunicationName(std::string_view name);
inline bool isCompute(KernelClass c)
{
    return c == KernelClass::Gemm || c == KernelClass::Attention || c == KernelClass::OtherCompute;
}

struct KernelPattern
{
    // Glob: '*' matches any run of characters (possibly none), everything else itself; the whole
    // name must match ("triton_tem_fused_*mm*").
    enum class Match : std::uint8_t { Prefix, Contains, ContainsNoCase, Glob } match;
    std::string_view text;
    KernelClass cls;
    std::string_view why; // where the spelling comes from
};
// First match wins; a name that matches nothing is OtherCompute.
const std::vector<KernelPattern> &kernelPatterns();

// By name, and by category for copies and memsets (their names vary across Kineto versions).
KernelClass classifyKernel(std::string_view name, CategoryClass category = CategoryClass::Kernel);

// Classification of every GPU activity of one trace, cached per interned name.
class KernelClassifier
{
public:
    explicit KernelClassifier(const Trace &trace);
    // Only meaningful for GPU activities (kernel / memcpy / memset slices).
    KernelClass of(const Track &track, std::size_t slice) const;
    KernelClass ofName(StringId name, CategoryClass category) const;

private:
    const Trace &m_trace;
    mutable std::vector<std::int8_t> m_byName; // -1: not classified yet
};

// Kernel, memcpy or memset on a GPU stream (gpu_user_annotation spans are not activities).
inline bool isGpuActivity(CategoryClass c)
{
    return c == CategoryClass::Kernel || c == CategoryClass::GpuMemcpy || c == CategoryClass::GpuMemset;
}

// "AllGather" from "ncclDevKernel_AllGather_RING_LL(...)" / "ncclKernel_AllReduce_RING_LL_Sum_float";
// empty when the name is not an NCCL kernel.
std::string_view collectiveName(std::string_view kernelName);

} // namespace lanescope::analysis
