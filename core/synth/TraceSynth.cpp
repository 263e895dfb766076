// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/synth/TraceSynth.h"

#include "core/analysis/Steps.h"

#include "core/synth/SplitMix64.h"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lanescope::synth {
namespace {

using TimeNs = std::int64_t;

// CUPTI runtime callback ids (cupti_runtime_cbid.h), as Kineto writes them in args.cbid; the
// values match those in the recorded traces under ../shared/traces.
constexpr int kCbidMalloc = 20;
constexpr int kCbidFree = 22;
constexpr int kCbidMemcpyAsync = 41;
constexpr int kCbidMemsetAsync = 51;
constexpr int kCbidStreamSynchronize = 131;
constexpr int kCbidEventRecord = 135;
constexpr int kCbidEventSynchronize = 137;
constexpr int kCbidStreamWaitEvent = 147;
constexpr int kCbidLaunchKernel = 211;
constexpr int kCbidLaunchKernelExC = 430; // NCCL launches through cudaLaunchKernelExC

// CUDA stream ids as CUPTI numbers them: 7 is PyTorch's default stream, where the model computes;
// FSDP's all-gathers and reduce-scatters run on two NCCL streams of their own.
enum StreamIx { Compute = 0, AgStream = 1, RsStream = 2, StreamCount = 3 };
constexpr int kStreamId[StreamCount] = {7, 20, 24};

// CUDA's launch queue holds about a thousand pending kernels per stream; beyond that
// cudaLaunchKernel blocks, which is what keeps a GPU-bound CPU from running a whole step ahead.
constexpr std::size_t kLaunchQueueDepth = 1024;

// Kineto draws a gpu_user_annotation from 1 µs before its first kernel to 0.5 µs after its last
// (as in the recorded a100-2rank-nccl trace), so it strictly encloses them.
constexpr TimeNs kAnnotationLeadNs = 1000;
constexpr TimeNs kAnnotationTailNs = 500;

// A gap on the compute stream shorter than this is launch jitter, not worth a fact.
constexpr TimeNs kFactGapNs = 1000000; // 1 ms

enum class GpuKind : std::uint8_t { Kernel, Memcpy, Memset };
enum class Cause : std::uint8_t { HostLaunch, CommWait, Allocator, Sync, Dataloader };

const char *causeName(Cause c)
{
    switch (c) {
    case Cause::HostLaunch: return "host_launch";
    case Cause::CommWait: return "comm_wait";
    case Cause::Allocator: return "allocator";
    case Cause::Sync: return "sync";
    case Cause::Dataloader: return "dataloader";
    }
    return "other";
}

enum class KClass : std::uint8_t { Gemm, Flash, Elementwise, Nccl, Other };

// A kernel as CUPTI reports it: demangled name and launch shape (registers, static shared memory,
// threads per block). Names are those cuBLAS, CUTLASS, flash-attention, ATen, Inductor and NCCL
// kernels carry on sm_80.
struct KernelSpec
{
    const char *name;
    KClass cls;
    int block;
    int regs;
    int smem;
};

// GEMMs. cuBLAS picks different kernels per shape and transpose; these are the ones it picks on
// A100 for LLaMA-7B-like bf16 shapes (forward "tn", data-gradient "nn", weight-gradient "nt").
const KernelSpec kGemmQkv{"sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x32_stage4_warpsize2x2x1_tensor16x8x16_kernel",
                          KClass::Gemm, 128, 230, 81920};
const KernelSpec kGemmOut{"ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn", KClass::Gemm, 256, 238, 73728};
const KernelSpec kGemmMlp{"void cutlass::Kernel<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8>(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8::Params)",
                          KClass::Gemm, 128, 168, 82944};
const KernelSpec kGemmDgrad{"sm80_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize160x128x32_stage4_warpsize2x2x1_tensor16x8x16_kernel",
                            KClass::Gemm, 256, 234, 102400};
const KernelSpec kGemmWgrad{"ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_nt", KClass::Gemm, 256, 254, 98304};
const KernelSpec kGemmLmHead{"sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x32_stage3_warpsize4x2x1_tensor16x8x16_kernel",
                             KClass::Gemm, 256, 232, 110592};

// Flash attention (PyTorch's bundled flash-attention 2).
const KernelSpec kFlashFwd{"void pytorch_flash::flash_fwd_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, false, false, true, true, false, false>(pytorch_flash::Flash_fwd_params)",
                           KClass::Flash, 128, 255, 49152};
const KernelSpec kFlashBwdDotDoO{"void pytorch_flash::flash_bwd_dot_do_o_kernel<true, pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> > >(pytorch_flash::Flash_bwd_params)",
                                 KClass::Flash, 256, 40, 0};
const KernelSpec kFlashBwd{"void pytorch_flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> >, false, true, false, false, false, true, false, false>(pytorch_flash::Flash_bwd_params)",
                           KClass::Flash, 256, 255, 49152};
const KernelSpec kFlashBwdConvert{"void pytorch_flash::flash_bwd_convert_dq_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> > >(pytorch_flash::Flash_bwd_params, int)",
                                  KClass::Flash, 256, 64, 0};

// ATen elementwise and reduction kernels (unfused eager mode).
const KernelSpec kAdd{"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3>)",
                      KClass::Elementwise, 128, 26, 0};
const KernelSpec kMul{"void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3> >(int, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3>)",
                      KClass::Elementwise, 128, 24, 0};
const KernelSpec kMulFloat{"void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3> >(int, at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3>)",
                           KClass::Elementwise, 128, 24, 0};
const KernelSpec kToFloat{"void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2>, TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::memory::LoadWithCast<1>, at::native::memory::StoreWithCast<1> >(int, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2>, TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::memory::LoadWithCast<1>, at::native::memory::StoreWithCast<1>)",
                          KClass::Elementwise, 128, 30, 0};
const KernelSpec kPow{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase&, float)::{lambda(float)#2}, at::detail::Array<char*, 2> >(int, at::native::(anonymous namespace)::pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase&, float)::{lambda(float)#2}, at::detail::Array<char*, 2>)",
                      KClass::Elementwise, 128, 20, 0};
const KernelSpec kMean{"void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, 4>)",
                       KClass::Elementwise, 512, 32, 16},
                 kAddScalar{"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctorOnSelf_add<float>, at::detail::Array<char*, 2> >(int, at::native::CUDAFunctorOnSelf_add<float>, at::detail::Array<char*, 2>)",
                            KClass::Elementwise, 128, 18, 0},
                 kRsqrt{"void at::native::vectorized_elementwise_kernel<4, at::native::rsqrt_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#2}::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2> >(int, at::native::rsqrt_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#2}::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2>)",
                        KClass::Elementwise, 128, 18, 0},
                 kToBf16{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#12}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2> >(int, at::native::(anonymous namespace)::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#12}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2>)",
                         KClass::Elementwise, 128, 22, 0},
                 kNeg{"void at::native::vectorized_elementwise_kernel<4, at::native::neg_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#7}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2> >(int, at::native::neg_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#7}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2>)",
                      KClass::Elementwise, 128, 20, 0},
                 kCat{"void at::native::(anonymous namespace)::CatArrayBatchedCopy_aligned16_contig<at::native::(anonymous namespace)::OpaqueType<2u>, unsigned int, 4, 128, 1>(at::native::(anonymous namespace)::OpaqueType<2u>*, at::native::(anonymous namespace)::CatArrInputTensorMetadata<at::native::(anonymous namespace)::OpaqueType<2u>, unsigned int, 128, 1>, at::native::(anonymous namespace)::TensorSizeStride<unsigned int, 4u>, int, unsigned int)",
                      KClass::Elementwise, 512, 32, 0},
                 kSilu{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::silu_kernel(at::TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda()#5}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2> >(int, at::native::(anonymous namespace)::silu_kernel(at::TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda()#5}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2>)",
                       KClass::Elementwise, 128, 28, 0},
                 kSiluBwd{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::silu_backward_kernel(at::TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda()#5}::operator()() const::{lambda(c10::BFloat16, c10::BFloat16)#1}, at::detail::Array<char*, 3> >(int, at::native::(anonymous namespace)::silu_backward_kernel(at::TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda()#5}::operator()() const::{lambda(c10::BFloat16, c10::BFloat16)#1}, at::detail::Array<char*, 3>)",
                          KClass::Elementwise, 128, 30, 0},
                 kEmbedding{"void at::native::(anonymous namespace)::indexSelectLargeIndex<c10::BFloat16, long, unsigned int, 2, 2, -2, true>(at::cuda::detail::TensorInfo<c10::BFloat16, unsigned int>, at::cuda::detail::TensorInfo<c10::BFloat16, unsigned int>, at::cuda::detail::TensorInfo<long, unsigned int>, int, int, unsigned int, unsigned int, long)",
                            KClass::Elementwise, 128, 30, 0},
                 kEmbeddingBwd{"void at::native::(anonymous namespace)::embedding_backward_feature_kernel<c10::BFloat16, float, long>(long const*, c10::BFloat16 const*, c10::BFloat16*, int, long, int, int)",
                               KClass::Elementwise, 1024, 40, 4096},
                 kLogSoftmax{"void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, at::native::(anonymous namespace)::LogSoftMaxForwardEpilogue>(float*, float const*, int)",
                             KClass::Elementwise, 1024, 32, 0},
                 kLogSoftmaxBwd{"void at::native::(anonymous namespace)::cunn_SoftMaxBackward<4, float, float, float, at::native::(anonymous namespace)::LogSoftMaxBackwardEpilogue>(float*, float const*, float const*, long)",
                                KClass::Elementwise, 1024, 32, 0},
                 kNllLoss{"void at::native::(anonymous namespace)::nll_loss_forward_reduce_cuda_kernel_2d<float, float, long>(float*, float*, float const*, long const*, float const*, bool, long, long, long, long)",
                          KClass::Elementwise, 1024, 30, 8192},
                 kNllLossBwd{"void at::native::(anonymous namespace)::nll_loss_backward_reduce_cuda_kernel_2d<float, long>(float*, float const*, long const*, float const*, float const*, bool, int, int, long, long)",
                             KClass::Elementwise, 1024, 24, 0},
                 kAdamW{"void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous namespace)::FusedOptimizerTensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)1, false>, double*, double, double, double, double, double, bool, double*, double*>(at::native::(anonymous namespace)::FusedOptimizerTensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)1, false>, double*, double, double, double, double, double, bool, double*, double*)",
                        KClass::Other, 512, 64, 0};

// Sequence packing's per-document position ids (int64): arange, add_ of the offset, copy_.
const KernelSpec kArange{"void (anonymous namespace)::elementwise_kernel_with_index<int, at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}>(int, at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}, function_traits<at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}>::result_type*)",
                         KClass::Elementwise, 512, 16, 0};
const KernelSpec kAddLong{"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctorOnSelf_add<long>, at::detail::Array<char*, 2> >(int, at::native::CUDAFunctorOnSelf_add<long>, at::detail::Array<char*, 2>)",
                          KClass::Elementwise, 128, 18, 0};
const KernelSpec kCopyLong{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}, at::detail::Array<char*, 2> >(int, at::native::(anonymous namespace)::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}, at::detail::Array<char*, 2>)",
                           KClass::Elementwise, 128, 16, 0};
constexpr int kPackedDocuments = 96; // documents packed into a step's two 4096-token sequences

// Inductor (torch.compile) fusions used by the tuned scenario.
const KernelSpec kTritonRmsNorm{"triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0", KClass::Elementwise, 256, 40, 0};
const KernelSpec kTritonRope{"triton_poi_fused_add_cat_mul_neg_slice_1", KClass::Elementwise, 256, 36, 0};
const KernelSpec kTritonAddRmsNorm{"triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_2", KClass::Elementwise, 256, 44, 0};
const KernelSpec kTritonSiluMul{"triton_poi_fused_mul_silu_3", KClass::Elementwise, 256, 28, 0};
const KernelSpec kTritonAdd{"triton_poi_fused_add_4", KClass::Elementwise, 256, 20, 0};
const KernelSpec kTritonSiluMulBwd{"triton_poi_fused_add_fill_mul_sigmoid_silu_sub_5", KClass::Elementwise, 256, 34, 0};
const KernelSpec kTritonRmsNormBwd{"triton_red_fused__to_copy_add_div_mul_pow_sum_6", KClass::Elementwise, 256, 48, 0};
const KernelSpec kTritonRopeBwd{"triton_poi_fused_add_cat_mul_neg_slice_7", KClass::Elementwise, 256, 36, 0};

// NCCL 2.18+ device kernels for FSDP's collectives on bf16 flat parameters.
const KernelSpec kNcclAllGather{"ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", KClass::Nccl, 544, 96, 87568};
const KernelSpec kNcclReduceScatter{"ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
                                    KClass::Nccl, 544, 96, 87568};

// ---------------------------------------------------------------------------------------------
// Text helpers: deterministic, locale-free number formatting.

void appendInt(std::string &s, std::int64_t v) { s += std::to_string(v); }

// Kineto writes times in microseconds with three decimals (nanosecond resolution).
void appendUs(std::string &s, TimeNs ns)
{
    if (ns < 0) {
        s += '-';
        ns = -ns;
    }
    s += std::to_string(ns / 1000);
    const int frac = int(ns % 1000);
    s += '.';
    s += char('0' + frac / 100);
    s += char('0' + frac / 10 % 10);
    s += char('0' + frac % 10);
}

// Fixed six decimals with trailing zeros dropped ("4.740741", "0.3"), as Kineto prints floats.
void appendFloat6(std::string &s, double v)
{
    const std::int64_t scaled = std::int64_t(v * 1e6 + (v >= 0 ? 0.5 : -0.5));
    std::int64_t whole = scaled / 1000000, frac = scaled % 1000000;
    if (frac < 0) {
        frac = -frac;
        if (whole == 0)
            s += '-';
    }
    s += std::to_string(whole);
    if (frac == 0)
        return;
    std::string f = std::to_string(frac);
    f.insert(0, 6 - f.size(), '0');
    while (!f.empty() && f.back() == '0')
        f.pop_back();
    s += '.';
    s += f;
}

void appendJsonString(std::string &s, const std::string &v)
{
    s += '"';
    for (const char ch : v) {
        switch (ch) {
        case '"': s += "\\\""; break;
        case '\\': s += "\\\\"; break;
        case '\n': s += "\\n"; break;
        case '\t': s += "\\t"; break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                s += "\\u00";
                s += hex[(ch >> 4) & 0xf];
                s += hex[ch & 0xf];
            } else {
                s += ch;
            }
        }
    }
    s += '"';
}

std::string dims(std::int64_t a, std::int64_t b) { return "[" + std::to_string(a) + ", " + std::to_string(b) + "]"; }

// ---------------------------------------------------------------------------------------------
// What one rank's profiler records.

struct Slice
{
    TimeNs ts = 0, dur = 0;
    int thread = 0;
    bool userAnnotation = false;
    std::string name;
    std::string shapes; // "Input Dims"/"Input type" args (record_shapes=True), may be empty
    std::int64_t extId = 0, evIdx = 0, sequence = -1;
};

struct MemEvent
{
    TimeNs ts = 0;
    int thread = 0;
    std::uint64_t addr = 0;
    std::int64_t bytes = 0, allocated = 0, reservedDelta = 0, evIdx = 0;
    std::string owner; // the innermost open cpu_op that is not aten::empty & kin (MemoryOwners.h's rule)
};

struct GpuAct
{
    TimeNs ts = 0, dur = 0;
    int stream = Compute;
    GpuKind kind = GpuKind::Kernel;
    const KernelSpec *spec = nullptr;
    std::string name; // memcpy / memset
    std::int64_t extId = 0, corr = 0, bytes = 0;
    int grid[3] = {1, 1, 1};
    Cause cause = Cause::HostLaunch; // why the stream idled before it, if it did
    std::string where;               // program position, for the facts
    std::string ncclArgs;            // extra args of NCCL kernels
};

struct RuntimeCall
{
    TimeNs ts = 0, dur = 0;
    int thread = 0;
    const char *name = "";
    int cbid = 0;
    std::int64_t extId = 0, corr = 0;
    int act = -1;      // GPU activity it launched, -1 none
    std::string extra; // further args (cudaStreamWaitEvent)
    int syncStream = -1; // cudaStreamSynchronize: the stream its "Stream Sync" cuda_sync event is on ...
    TimeNs syncFrom = 0; // ... from when the stream had drained to the call's end
};

struct GpuAnnotation
{
    TimeNs ts = 0, dur = 0;
    int stream = Compute;
    std::string name;
    std::int64_t extId = 0;
};

struct CudaEvent
{
    TimeNs time = 0;
    std::int64_t corr = 0;
    int stream = Compute;
};

struct Block
{
    std::uint64_t addr = 0;
    std::int64_t bytes = 0;
};

struct GapFact
{
    TimeNs start = 0, dur = 0;
    std::string before, after, beforeGemm, afterGemm, where;
    bool betweenGemms = false;
    Cause cause = Cause::HostLaunch;
};

struct StepFact
{
    std::string name;
    TimeNs start = 0, dur = 0;
};

// A launch-bound phase: small kernels the CPU cannot launch as fast as the GPU runs them, so the
// compute stream waits on the host before each one (host wait in every definition).
struct LaunchBoundFact
{
    TimeNs firstStart = 0, lastEnd = 0; // its first kernel's start, its last kernel's end
    int kernels = 0;
    TimeNs hostWait = 0;                // the compute stream's gaps between them
};

class Rank
{
public:
    Rank(const SynthConfig &c, int rank)
        : cfg(c), rankId(rank), rng(SplitMix64::mix(c.seed, std::uint64_t(rank) + 1)),
          slow(rank == c.straggler ? c.stragglerSlowdown : 1.0)
    {
        SplitMix64 ids(SplitMix64::mix(c.seed, 0x5eedULL + std::uint64_t(rank)));
        pid = ids.between(100000, 3900000);
        tid[0] = pid;
        tid[1] = pid + ids.between(800, 12000);
        nextExt = 1;
        nextCorr = ids.between(15000, 40000);
        // Clock skew between ranks (NTP-disciplined hosts): a few tens of microseconds.
        const std::int64_t maxSkew = std::int64_t(c.clockSkewMaxUs * 1000.0 + 0.5);
        skewNs = rank == 0 ? 0 : ids.between(-maxSkew, maxSkew);
        nextAddr = 0x7f2a00000000ULL + std::uint64_t(ids.between(0, 255)) * 0x200000ULL;
        cpu = 0;
    }

    const SynthConfig &cfg;
    const int rankId;
    SplitMix64 rng;
    const double slow; // compute slowdown of a straggler

    std::int64_t pid = 0, tid[2] = {0, 0};
    TimeNs skewNs = 0;
    int thread = 0; // 0 main, 1 autograd
    TimeNs cpu = 0; // the current CPU thread's clock
    TimeNs streamFree[StreamCount] = {0, 0, 0};
    TimeNs waitFloor[StreamCount] = {0, 0, 0};
    Cause cpuCause = Cause::HostLaunch;
    std::string where;

    std::vector<Slice> slices;
    std::vector<int> stack[2];
    std::vector<MemEvent> memory;
    std::vector<GpuAct> acts;
    std::vector<RuntimeCall> calls;
    std::vector<GpuAnnotation> annotations;
    std::vector<TimeNs> computeStarts;
    std::vector<StepFact> steps;
    std::vector<LaunchBoundFact> launchBound;
    // The FLOPs the shapes of each counted op imply (analysis/OpFlops.h's formulas), per op name and
    // "Input Dims" as the analysis writes them ("[[8192,4096],[4096,4096],[]]"): the facts' op_flops.
    struct OpFlopsFact
    {
        double flops = 0; // per call
        std::int64_t calls = 0;
    };
    std::map<std::pair<std::string, std::string>, OpFlopsFact> opFlops;
    void noteFlops(const std::string &op, const std::string &inputDims, double flops)
    {
        std::string key;
        for (char ch : inputDims)
            if (ch != ' ')
                key += ch;
        OpFlopsFact &f = opFlops[{op, key}];
        f.flops = flops;
        ++f.calls;
    }
    // Launches that found the compute stream's queue full: how many, and how long the CPU blocked.
    int queueBlockedCalls = 0;
    TimeNs queueBlockedNs = 0;

    std::int64_t nextExt = 1, nextCorr = 0, evIdx = 0, sequence = 0;
    std::uint64_t nextAddr = 0;
    std::int64_t allocated = 0, reservedDelta = 0, peakAllocated = 0;
    std::int64_t minReservedMargin = 0; // most negative (reservedDelta - allocated) seen, see finish()
    int mallocCalls = 0, freeCalls = 0, allocEvents = 0, freeEvents = 0;

    // ---- CPU side ---------------------------------------------------------------------------

    double us(double lo, double hi) { return rng.range(lo, hi) * 1000.0; }
    void advance(double lo, double hi) { cpu += TimeNs(us(lo, hi)); }

    // Opens a cpu_op (or user_annotation) on the current thread after `lo..hi` µs of Python.
    void open(const std::string &name, bool annotation = false, std::string shapes = {}, bool withSequence = false)
    {
        advance(1.0, 4.0);
        Slice s;
        s.ts = cpu;
        s.thread = thread;
        s.userAnnotation = annotation;
        s.name = name;
        s.shapes = std::move(shapes);
        s.extId = nextExt++;
        s.evIdx = evIdx++;
        if (withSequence)
            s.sequence = sequence++;
        stack[thread].push_back(int(slices.size()));
        slices.push_back(std::move(s));
        advance(1.5, 5.0); // dispatcher overhead before the op does anything
    }
    void close()
    {
        advance(0.8, 2.5);
        const int ix = stack[thread].back();
        stack[thread].pop_back();
        slices[std::size_t(ix)].dur = cpu - slices[std::size_t(ix)].ts;
    }
    std::int64_t currentExt() const
    {
        return stack[thread].empty() ? 0 : slices[std::size_t(stack[thread].back())].extId;
    }
    void switchThread(int to)
    {
        advance(15.0, 40.0); // the autograd engine hands over to its device thread
        thread = to;
    }

    RuntimeCall &runtime(const char *name, int cbid, TimeNs dur)
    {
        RuntimeCall c;
        c.ts = cpu;
        c.dur = dur;
        c.thread = thread;
        c.name = name;
        c.cbid = cbid;
        c.extId = currentExt();
        c.corr = nextCorr;
        // CUPTI numbers every runtime call, including the blocklisted ones Kineto drops.
        nextCorr += rng.between(1, 4);
        calls.push_back(std::move(c));
        cpu += dur;
        return calls.back();
    }

    // ---- GPU side ---------------------------------------------------------------------------

    // Launches one kernel (or a copy / memset) on a stream; returns its index in acts.
    int launch(const KernelSpec *spec, int stream, double seconds, GpuKind kind = GpuKind::Kernel,
               const std::string &copyName = {}, std::int64_t bytes = 0, const int *grid = nullptr)
    {
        const char *api = kind == GpuKind::Kernel ? "cudaLaunchKernel" : kind == GpuKind::Memcpy ? "cudaMemcpyAsync"
                                                                                                 : "cudaMemsetAsync";
        const int cbid = kind == GpuKind::Kernel ? kCbidLaunchKernel : kind == GpuKind::Memcpy ? kCbidMemcpyAsync
                                                                                                : kCbidMemsetAsync;
        TimeNs callDur = TimeNs(us(3.5, 9.0));
        // A full launch queue blocks the call until the kernel 1024 launches back has started.
        if (stream == Compute && computeStarts.size() >= kLaunchQueueDepth) {
            const TimeNs slot = computeStarts[computeStarts.size() - kLaunchQueueDepth];
            if (slot + callDur > cpu + callDur) {
                ++queueBlockedCalls;
                queueBlockedNs += slot - cpu;
                callDur = slot - cpu + callDur;
            }
        }
        RuntimeCall &call = runtime(api, cbid, callDur);
        const TimeNs ready = call.ts + TimeNs(us(6.0, 12.0)); // launch latency
        const TimeNs prevFree = streamFree[stream];
        TimeNs start = std::max(ready, prevFree);
        Cause cause = cpuCause;
        if (waitFloor[stream] > start) {
            start = waitFloor[stream];
            cause = Cause::CommWait;
        }
        waitFloor[stream] = 0;
        TimeNs dur = toNs(seconds);
        if (dur < 1000)
            dur = 1000 + TimeNs(rng.between(0, 900));
        GpuAct a;
        a.ts = start;
        a.dur = dur;
        a.stream = stream;
        a.kind = kind;
        a.spec = spec;
        a.name = copyName;
        a.extId = call.extId;
        a.corr = call.corr;
        a.bytes = bytes;
        a.cause = cause;
        a.where = where;
        if (grid)
            std::copy(grid, grid + 3, a.grid);
        call.act = int(acts.size());
        acts.push_back(std::move(a));
        streamFree[stream] = start + dur;
        if (stream == Compute) {
            computeStarts.push_back(start);
            cpuCause = Cause::HostLaunch;
        }
        return call.act;
    }

    // cudaEventRecord: the event completes when the work queued on `stream` so far has.
    CudaEvent recordEvent(int stream)
    {
        const RuntimeCall &c = runtime("cudaEventRecord", kCbidEventRecord, TimeNs(us(2.0, 4.5)));
        return CudaEvent{std::max(streamFree[stream], waitFloor[stream]), c.corr, stream};
    }
    // cudaStreamWaitEvent: later work on `stream` starts after the event. PyTorch 2.x's Kineto
    // names the awaited stream and event record in args (what HTA's critical path reads).
    void waitEvent(int stream, const CudaEvent &ev)
    {
        RuntimeCall &c = runtime("cudaStreamWaitEvent", kCbidStreamWaitEvent, TimeNs(us(1.2, 3.0)));
        c.extra = ", \"wait_on_stream\": " + std::to_string(kStreamId[ev.stream])
            + ", \"wait_on_cuda_event_record_corr_id\": " + std::to_string(ev.corr);
        waitFloor[stream] = std::max(waitFloor[stream], ev.time);
    }
    // cudaEventSynchronize: the CPU blocks until the event has completed.
    void eventSynchronize(const CudaEvent &ev)
    {
        const TimeNs base = TimeNs(us(3.0, 6.0));
        runtime("cudaEventSynchronize", kCbidEventSynchronize, std::max(base, ev.time - cpu + base));
        cpuCause = Cause::Sync;
    }
    // cudaStreamSynchronize: the CPU blocks until the stream has drained. Kineto (PyTorch 2.3+)
    // records the wait on the GPU too, as a cuda_sync "Stream Sync" event of the same correlation.
    void streamSynchronize(int stream)
    {
        const TimeNs base = TimeNs(us(4.0, 8.0));
        RuntimeCall &c = runtime("cudaStreamSynchronize", kCbidStreamSynchronize, std::max(base, streamFree[stream] - cpu + base));
        c.syncStream = stream;
        // After the stream's last activity and the step's annotation around it (Kineto's own
        // event starts with the call and may overlap them; here every GPU lane nests).
        c.syncFrom = std::max(c.ts, streamFree[stream]) + 1000;
        cpuCause = Cause::Sync;
    }
    TimeNs deviceBusyUntil() const
    {
        return std::max({streamFree[0], streamFree[1], streamFree[2]});
    }

    // ---- Memory (profile_memory=True): a [memory] instant per caching-allocator event ----------

    Block alloc(std::int64_t bytes)
    {
        bytes = (bytes + 511) / 512 * 512; // the caching allocator rounds to 512 bytes
        Block b{nextAddr, bytes};
        nextAddr += std::uint64_t(bytes + 0x1fffff) / 0x200000 * 0x200000;
        memEvent(b.addr, bytes);
        ++allocEvents;
        return b;
    }
    void release(const Block &b)
    {
        memEvent(b.addr, -b.bytes);
        ++freeEvents;
    }
    void memEvent(std::uint64_t addr, std::int64_t bytes)
    {
        cpu += 300 + TimeNs(rng.between(0, 700));
        allocated += bytes;
        peakAllocated = std::max(peakAllocated, allocated);
        minReservedMargin = std::min(minReservedMargin, reservedDelta - allocated);
        MemEvent m;
        m.ts = cpu;
        m.thread = thread;
        m.addr = addr;
        m.bytes = bytes;
        m.allocated = allocated;
        m.reservedDelta = reservedDelta;
        m.evIdx = evIdx++;
        for (auto it = stack[thread].rbegin(); it != stack[thread].rend() && bytes > 0; ++it) {
            const Slice &op = slices[std::size_t(*it)];
            if (!op.userAnnotation && op.name.rfind("aten::empty", 0) != 0) {
                m.owner = op.name;
                break;
            }
        }
        memory.push_back(m);
    }

    // A fragmented cache: release cached segments (the first cudaFree synchronizes the device, as
    // cudaFree does) and map a fresh one. The GPU drains and idles while the CPU is stuck here.
    void allocatorStall(std::int64_t segmentBytes)
    {
        const int frees = int(rng.between(5, 8));
        const std::int64_t chunk = segmentBytes / frees;
        for (int i = 0; i < frees; ++i) {
            const TimeNs base = TimeNs(us(350.0, 900.0));
            const TimeNs wait = i == 0 ? std::max<TimeNs>(0, deviceBusyUntil() - cpu) : 0;
            runtime("cudaFree", kCbidFree, base + wait);
            reservedDelta -= chunk;
            minReservedMargin = std::min(minReservedMargin, reservedDelta - allocated);
            ++freeCalls;
        }
        runtime("cudaMalloc", kCbidMalloc, TimeNs(us(1500.0, 3200.0)));
        reservedDelta += chunk * frees;
        ++mallocCalls;
        cpuCause = Cause::Allocator;
    }

    // ---- Facts ----------------------------------------------------------------------------

    std::vector<GapFact> computeGaps() const
    {
        std::vector<const GpuAct *> onCompute;
        for (const auto &a : acts)
            if (a.stream == Compute)
                onCompute.push_back(&a);
        std::vector<GapFact> gaps;
        auto nameOf = [](const GpuAct *a) { return a->spec ? std::string(a->spec->name) : a->name; };
        auto isGemm = [](const GpuAct *a) { return a->spec && a->spec->cls == KClass::Gemm; };
        for (std::size_t i = 1; i < onCompute.size(); ++i) {
            const GpuAct *prev = onCompute[i - 1], *next = onCompute[i];
            const TimeNs end = prev->ts + prev->dur;
            if (next->ts - end < kFactGapNs)
                continue;
            GapFact g;
            g.start = end;
            g.dur = next->ts - end;
            g.before = nameOf(prev);
            g.after = nameOf(next);
            g.betweenGemms = isGemm(prev) && isGemm(next);
            for (std::size_t j = i; j-- > 0;)
                if (isGemm(onCompute[j])) {
                    g.beforeGemm = nameOf(onCompute[j]);
                    break;
                }
            for (std::size_t j = i; j < onCompute.size(); ++j)
                if (isGemm(onCompute[j])) {
                    g.afterGemm = nameOf(onCompute[j]);
                    break;
                }
            g.cause = next->cause;
            g.where = next->where;
            gaps.push_back(std::move(g));
        }
        return gaps;
    }
};

// Kernel launch shapes as CUPTI reports them.
void gemmGrid(std::int64_t m, std::int64_t n, int out[3])
{
    out[0] = int((n + 127) / 128);
    out[1] = int((m + 127) / 128);
    out[2] = 1;
}
void elementwiseGrid(std::int64_t elements, int block, int out[3])
{
    const std::int64_t blocks = std::max<std::int64_t>(1, std::min<std::int64_t>((elements / 4 + block - 1) / block, 2147483647));
    out[0] = int(std::min<std::int64_t>(blocks, 65535 * 16));
    out[1] = 1;
    out[2] = 1;
}

// ---------------------------------------------------------------------------------------------
// The program: a training step of a LLaMA-style model under FSDP, issued in lockstep on every
// simulated rank so that collectives start when the last rank arrives.

class Simulator
{
public:
    explicit Simulator(const SynthConfig &c)
        : cfg(c), traits(traitsOf(c.scenario)), shape(deriveShape(c)), shared(SplitMix64::mix(c.seed, 0xc011ec7ULL))
    {
        int simulated = std::max(1, c.ranksToWrite);
        if (c.straggler >= 0)
            simulated = std::max(simulated, c.straggler + 1);
        for (int r = 0; r < simulated; ++r)
            ranks.push_back(std::make_unique<Rank>(cfg, r));
        T = c.tokensPerStepPerGpu;
        H = c.hidden;
        F = shape.ffn;
        world = std::max(1, c.gpus);
    }

    void run()
    {
        // Persistent state per rank: sharded fp32 parameters, AdamW moments and sharded gradients
        // (4 + 8 + 4 bytes per parameter of the shard), allocated before the profiler starts.
        const std::int64_t shardParams = std::int64_t(cfg.params / world);
        all([&](Rank &r) {
            r.allocated = shardParams * 16;
            r.peakAllocated = r.allocated;
            r.cpu = 0;
        });
        all([&](Rank &r) { r.advance(250.0, 420.0); }); // profiler start -> first step
        for (int s = 0; s < cfg.activeSteps; ++s)
            step(cfg.firstRecordedStep + s);
        all([&](Rank &r) { r.advance(400.0, 900.0); });
    }

    std::vector<std::unique_ptr<Rank>> ranks;
    // Ground truth for the straggler analysis, over the written ranks only (what a reader of the
    // folder can see): per rank, the others' waits on it while it was the last to arrive.
    std::vector<TimeNs> madeOthersWait;
    std::vector<int> timesLast;
    int collectives = 0;
    // Ground truth for the collectives' bandwidth (analysis/CollectiveBandwidth.h) and, over the
    // written ranks, their transfer against skew (analysis/JobCollectives.h): per collective kind,
    // size S and group size. A kernel lasts from its rank's arrival to the last rank's arrival plus
    // the transfer; over the written ranks the shortest of a call's kernels is its transfer as a
    // reader of the folder sees it (the true one where the last rank is written).
    struct CollectiveFact
    {
        std::int64_t count = 0;
        TimeNs transferNs = 0, skewNs = 0;
        std::vector<double> rank0Busbw, transferBusbw;
    };
    std::map<std::tuple<std::string, std::int64_t, int>, CollectiveFact> collectiveFacts;
    std::vector<TimeNs> skewByRank, durationByRank; // written ranks
    TimeNs transferTotalNs = 0, skewTotalNs = 0;
    std::int64_t matchedCalls = 0;

private:
    // busbw as nccl-tests (and the analysis) compute it: S / duration x (n-1)/n for all-gather and
    // reduce-scatter, in GB/s (bytes per ns), the same operations in the same order.
    static double ringBusbw(std::int64_t bytes, TimeNs ns, int n) { return double(bytes) / double(ns) * (double(n - 1) / n); }

    void noteTransfer(const char *kind, std::int64_t bytes, const std::vector<TimeNs> &arrival, TimeNs last, TimeNs transfer)
    {
        const std::size_t written = std::min(arrival.size(), std::size_t(std::max(1, cfg.ranksToWrite)));
        CollectiveFact &f = collectiveFacts[{kind, bytes, world}];
        ++f.count;
        f.rank0Busbw.push_back(ringBusbw(bytes, last + transfer - arrival[0], world));
        if (written < 2)
            return;
        skewByRank.resize(written, 0);
        durationByRank.resize(written, 0);
        TimeNs shortest = std::numeric_limits<TimeNs>::max();
        for (std::size_t i = 0; i < written; ++i)
            shortest = std::min(shortest, last + transfer - arrival[i]);
        ++matchedCalls;
        transferTotalNs += shortest;
        f.transferNs += shortest;
        f.transferBusbw.push_back(ringBusbw(bytes, shortest, world));
        for (std::size_t i = 0; i < written; ++i) {
            const TimeNs d = last + transfer - arrival[i];
            durationByRank[i] += d;
            skewByRank[i] += d - shortest;
            f.skewNs += d - shortest;
            skewTotalNs += d - shortest;
        }
    }

    void noteWaits(const std::vector<TimeNs> &arrival)
    {
        const std::size_t written = std::min(arrival.size(), std::size_t(std::max(1, cfg.ranksToWrite)));
        madeOthersWait.resize(written, 0);
        timesLast.resize(written, 0);
        ++collectives;
        if (written < 2)
            return;
        std::size_t lastRank = 0; // the lower rank wins a tie, as the analysis does
        for (std::size_t i = 1; i < written; ++i)
            if (arrival[i] > arrival[lastRank])
                lastRank = i;
        for (std::size_t i = 0; i < written; ++i)
            madeOthersWait[lastRank] += arrival[lastRank] - arrival[i];
        ++timesLast[lastRank];
    }

    const SynthConfig &cfg;
    const ScenarioTraits traits;
    const ModelShape shape;
    SplitMix64 shared; // draws common to all ranks (collective transfer jitter)
    double T = 0, H = 0, F = 0;
    int world = 1;

    template<class Fn>
    void all(Fn fn)
    {
        for (auto &r : ranks)
            fn(*r);
    }

    std::string unitName(int unit) const
    {
        return unit < cfg.layers ? "model.layers." + std::to_string(unit) : std::string("model");
    }

    double unitBytes(int unit) const { return unit < cfg.layers ? shape.layerBytesBf16 : 2.0 * shape.embeddingParams; }

    // ---- ops ----------------------------------------------------------------------------------

    // One memory-bound ATen op (or fused Triton kernel) touching `bytes` of HBM.
    void pointwise(Rank &r, const char *op, const KernelSpec &k, double bytes, double elements)
    {
        r.open(op, false, {}, true);
        const Block out = r.alloc(std::int64_t(elements * 2));
        int grid[3];
        elementwiseGrid(std::int64_t(elements), k.block, grid);
        r.launch(&k, Compute, memoryBoundSeconds(bytes) * r.slow * r.rng.jitter(0.06), GpuKind::Kernel, {}, 0, grid);
        r.close();
        r.release(out);
    }

    // Sequence packing done on the GPU in a Python loop: per packed document, position ids restart
    // at 0 (aten::arange, aten::add_ of the offset, aten::copy_ into the batch's slice). Tiny
    // kernels (a microsecond or two) behind ~20 µs of Python each: launch-bound, the compute stream
    // runs dry before every one. Unfused scenarios only; torch.compile'd runs build them in one kernel.
    void packedDocumentIds(Rank &r)
    {
        static const KernelSpec *const ops[] = {&kArange, &kAddLong, &kCopyLong};
        static const char *const names[] = {"aten::arange", "aten::add_", "aten::copy_"};
        // Its own jitter stream, so the rest of the step draws what it drew before the phase existed.
        SplitMix64 phaseRng(SplitMix64::mix(r.cfg.seed, 0x9ac4ULL + std::uint64_t(r.rankId) * 131 + r.launchBound.size()));
        std::swap(r.rng, phaseRng);
        LaunchBoundFact f;
        const std::size_t first = r.acts.size();
        r.open("packed_document_ids", true);
        for (int doc = 0; doc < kPackedDocuments; ++doc) {
            for (int k = 0; k < 3; ++k) {
                // The loop's Python before each op (document boundaries, slicing): with it the next
                // call always starts after the previous kernel (at most 13.9 µs after its call) ended.
                r.advance(8.0, 20.0);
                r.open(names[k], false, {}, true);
                int grid[3] = {1, 1, 1};
                r.launch(ops[k], Compute, 2e-7, GpuKind::Kernel, {}, 0, grid);
                r.close();
            }
        }
        r.close();
        std::swap(r.rng, phaseRng);
        for (std::size_t i = first; i < r.acts.size(); ++i) {
            const GpuAct &a = r.acts[i];
            if (i == first)
                f.firstStart = a.ts;
            else
                f.hostWait += a.ts - f.lastEnd;
            f.lastEnd = a.ts + a.dur;
            ++f.kernels;
        }
        r.launchBound.push_back(f);
    }

    // aten::linear > aten::matmul > aten::mm: one GEMM [tokens x in] x [in x out].
    void linear(Rank &r, const KernelSpec &k, double in, double out, bool stall = false)
    {
        const std::string inputDims = "[" + dims(std::int64_t(T), std::int64_t(in)) + ", " + dims(std::int64_t(out), std::int64_t(in)) + ", []]";
        const std::string shapes = ", \"Input Dims\": " + inputDims + ", \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\", \"\"]";
        r.open("aten::linear", false, shapes, true);
        r.noteFlops("aten::linear", inputDims, 2.0 * T * in * out);
        r.open("aten::matmul");
        r.open("aten::mm");
        Block spike{};
        if (stall) {
            // The fragmented cache has no block for this output: free cached segments, map a
            // new one, and (cuBLAS workspace + fp32 staging) a transient spike in allocated bytes.
            const std::int64_t big = std::int64_t(T * out * 4.0);
            r.allocatorStall(big * 2);
            spike = r.alloc(big);
        }
        const Block result = r.alloc(std::int64_t(T * out * 2));
        int grid[3];
        gemmGrid(std::int64_t(T), std::int64_t(out), grid);
        r.launch(&k, Compute, gemmSeconds(gemmFlops(T, in, out), cfg) * r.slow * r.rng.jitter(0.03), GpuKind::Kernel, {}, 0,
                 grid);
        if (stall)
            r.release(spike);
        r.close();
        r.close();
        r.close();
        savedActivations(r).push_back(result);
    }

    // MmBackward0: data gradient then weight gradient of one linear layer.
    void linearBackward(Rank &r, double in, double out, bool stall = false)
    {
        r.open("autograd::engine::evaluate_function: MmBackward0");
        r.open("MmBackward0", false, {}, true);
        const std::string dgradDims = "[" + dims(std::int64_t(T), std::int64_t(out)) + ", " + dims(std::int64_t(out), std::int64_t(in)) + "]";
        r.open("aten::mm", false, ", \"Input Dims\": " + dgradDims + ", \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\"]");
        r.noteFlops("aten::mm", dgradDims, 2.0 * T * out * in);
        const Block dx = r.alloc(std::int64_t(T * in * 2));
        int grid[3];
        gemmGrid(std::int64_t(T), std::int64_t(in), grid);
        r.launch(&kGemmDgrad, Compute, gemmSeconds(gemmFlops(T, out, in), cfg) * r.slow * r.rng.jitter(0.03),
                 GpuKind::Kernel, {}, 0, grid);
        r.close();
        const std::string wgradDims = "[" + dims(std::int64_t(out), std::int64_t(T)) + ", " + dims(std::int64_t(T), std::int64_t(in)) + "]";
        r.open("aten::mm", false, ", \"Input Dims\": " + wgradDims + ", \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\"]");
        r.noteFlops("aten::mm", wgradDims, 2.0 * out * T * in);
        Block spike{};
        if (stall) {
            const std::int64_t big = std::int64_t(in * out * 4.0 * 4.0);
            r.allocatorStall(big * 2);
            spike = r.alloc(big);
        }
        gemmGrid(std::int64_t(out), std::int64_t(in), grid);
        r.launch(&kGemmWgrad, Compute, gemmSeconds(gemmFlops(T, out, in), cfg) * r.slow * r.rng.jitter(0.03),
                 GpuKind::Kernel, {}, 0, grid);
        if (stall)
            r.release(spike);
        r.close();
        r.close();
        r.close();
        r.release(dx);
    }

    // HF LlamaRMSNorm in eager mode: to(fp32), pow, mean, add eps, rsqrt, mul, to(bf16), mul weight.
    void rmsNorm(Rank &r, bool afterResidual)
    {
        const double n = T * H;
        if (traits.fusedKernels) {
            pointwise(r, "CompiledFunction", afterResidual ? kTritonAddRmsNorm : kTritonRmsNorm, n * (afterResidual ? 8 : 6), n);
            return;
        }
        pointwise(r, "aten::to", kToFloat, n * 6, n);
        pointwise(r, "aten::pow", kPow, n * 8, n);
        pointwise(r, "aten::mean", kMean, n * 4, T);
        pointwise(r, "aten::add", kAddScalar, T * 8, T);
        pointwise(r, "aten::rsqrt", kRsqrt, T * 8, T);
        pointwise(r, "aten::mul", kMulFloat, n * 12, n);
        pointwise(r, "aten::to", kToBf16, n * 6, n);
        pointwise(r, "aten::mul", kMul, n * 6, n);
    }

    void rope(Rank &r)
    {
        const double n = T * H;
        if (traits.fusedKernels) {
            pointwise(r, "CompiledFunction", kTritonRope, n * 8, n * 2);
            return;
        }
        for (int qk = 0; qk < 2; ++qk) {
            pointwise(r, "aten::mul", kMul, n * 6, n);
            pointwise(r, "aten::neg", kNeg, n * 2, n / 2);
            pointwise(r, "aten::cat", kCat, n * 4, n);
            pointwise(r, "aten::mul", kMul, n * 6, n);
            pointwise(r, "aten::add", kAdd, n * 6, n);
        }
    }

    // q/k/v of the model's attention: [sequences, heads, sequence length, head dim].
    std::string qkvDims() const
    {
        return "[" + std::to_string(std::int64_t(T / cfg.seqLen)) + ", " + std::to_string(shape.heads) + ", " + std::to_string(cfg.seqLen)
            + ", " + std::to_string(std::int64_t(H) / shape.heads) + "]";
    }
    // What the shapes say (4 B heads Lq Lk D), not what the causal kernel computes (half of it,
    // flashForwardFlops): a profiler's shapes do not say the mask.
    double attentionFlops() const
    {
        return 4.0 * double(std::int64_t(T / cfg.seqLen)) * shape.heads * double(cfg.seqLen) * double(cfg.seqLen)
            * double(std::int64_t(H) / shape.heads);
    }

    void flashForward(Rank &r)
    {
        // q, k, v [B, heads, L, head dim], then attn_mask, dropout_p, is_causal (and scale) as the
        // dispatcher records them; the flash op takes dropout_p, is_causal, return_debug_mask, scale.
        const std::string qkv = qkvDims();
        const std::string sdpaDims = "[" + qkv + ", " + qkv + ", " + qkv + ", [], [], [], []]";
        r.open("aten::scaled_dot_product_attention", false,
               ", \"Input Dims\": " + sdpaDims + ", \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", \"\", \"Scalar\", \"Scalar\", \"\"]",
               true);
        // The outermost counted op is the one the analysis counts (analysis/OpsEfficiency.h).
        r.noteFlops("aten::scaled_dot_product_attention", sdpaDims, attentionFlops());
        r.open("aten::_scaled_dot_product_flash_attention", false,
               ", \"Input Dims\": [" + qkv + ", " + qkv + ", " + qkv
                   + ", [], [], [], []], \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\", \"Scalar\", \"Scalar\", \"\"]");
        r.open("aten::_flash_attention_forward");
        const Block out = r.alloc(std::int64_t(T * H * 2));
        const Block lse = r.alloc(std::int64_t(T * shape.heads * 4));
        int grid[3] = {int(cfg.seqLen / 128), int(T / cfg.seqLen) * shape.heads, 1};
        r.launch(&kFlashFwd, Compute, flashSeconds(flashForwardFlops(T, cfg.seqLen, H), cfg) * r.slow * r.rng.jitter(0.03),
                 GpuKind::Kernel, {}, 0, grid);
        r.close();
        r.close();
        r.close();
        savedActivations(r).push_back(out);
        savedActivations(r).push_back(lse);
    }

    void flashBackward(Rank &r)
    {
        r.open("autograd::engine::evaluate_function: ScaledDotProductFlashAttentionBackward0");
        r.open("ScaledDotProductFlashAttentionBackward0", false, {}, true);
        // grad_out, q, k, v, out [B, heads, L, head dim], logsumexp [B, heads, L], then the scalars.
        const std::string qkv = qkvDims();
        const std::string bwdDims = "[" + qkv + ", " + qkv + ", " + qkv + ", " + qkv + ", " + qkv + ", ["
            + std::to_string(std::int64_t(T / cfg.seqLen)) + ", " + std::to_string(shape.heads) + ", " + std::to_string(cfg.seqLen)
            + "], [], [], [], [], [], [], [], [], []]";
        r.open("aten::_scaled_dot_product_flash_attention_backward", false,
               ", \"Input Dims\": " + bwdDims
                   + ", \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", "
                     "\"c10::BFloat16\", \"float\", \"\", \"\", \"Scalar\", \"Scalar\", \"Scalar\", \"Scalar\", \"\", \"\", \"\"]");
        r.noteFlops("aten::_scaled_dot_product_flash_attention_backward", bwdDims, 2.5 * attentionFlops());
        r.open("aten::_flash_attention_backward");
        const Block dqkv = r.alloc(std::int64_t(T * H * 2 * 3));
        const Block dqAccum = r.alloc(std::int64_t(T * H * 4));
        int grid[3] = {int(cfg.seqLen / 128), int(T / cfg.seqLen) * shape.heads, 1};
        r.launch(&kFlashBwdDotDoO, Compute, memoryBoundSeconds(T * H * 4) * r.rng.jitter(0.05), GpuKind::Kernel, {}, 0, grid);
        // Backward is ~2.5x the forward FLOPs (recomputes the attention matrix).
        r.launch(&kFlashBwd, Compute,
                 flashSeconds(2.5 * flashForwardFlops(T, cfg.seqLen, H), cfg) * r.slow * r.rng.jitter(0.03), GpuKind::Kernel, {},
                 0, grid);
        r.launch(&kFlashBwdConvert, Compute, memoryBoundSeconds(T * H * 6) * r.rng.jitter(0.05), GpuKind::Kernel, {}, 0, grid);
        r.close();
        r.close();
        r.close();
        r.close();
        r.release(dqAccum);
        r.release(dqkv);
    }

    // Elementwise backward of a group of ops: one autograd node, `count` kernels.
    void pointwiseBackward(Rank &r, const char *node, const KernelSpec &k, int count, double bytesEach)
    {
        const std::string eval = std::string("autograd::engine::evaluate_function: ") + node;
        r.open(eval);
        r.open(node, false, {}, true);
        for (int i = 0; i < count; ++i)
            pointwise(r, i % 2 ? "aten::mul" : "aten::add", k, bytesEach, T * H);
        r.close();
        r.close();
    }

    // ---- FSDP machinery -------------------------------------------------------------------------

    std::vector<std::vector<Block>> saved;   // per rank: activations saved for backward (per layer, flat)
    std::vector<std::vector<std::size_t>> savedMarks;
    std::vector<std::vector<Block>> unsharded; // per rank, per unit: AllGather output buffers
    std::vector<std::vector<CudaEvent>> agDone; // per rank, per unit: event after its AllGather
    std::vector<CudaEvent> lastComputeEvent;    // per rank: "free event" of the previous unit

    std::vector<Block> &savedActivations(Rank &r) { return saved[std::size_t(r.rankId)]; }

    // One collective on every rank: the kernel starts on each rank when that rank launches it and
    // ends when the last rank has arrived plus the ring transfer time (shared by all ranks).
    void collective(int unit, bool allGather)
    {
        const int stream = allGather ? AgStream : RsStream;
        const double bytes = unitBytes(unit);
        const std::int64_t nelems = std::int64_t(bytes / 2);
        std::vector<std::size_t> callIx(ranks.size());
        std::vector<TimeNs> arrival(ranks.size());
        for (std::size_t i = 0; i < ranks.size(); ++i) {
            Rank &r = *ranks[i];
            r.open(allGather ? "nccl:_all_gather_base" : "nccl:_reduce_scatter_base", true);
            r.open("record_param_comms", false,
                   std::string(", \"Collective name\": \"") + (allGather ? "_allgather_base" : "_reduce_scatter_base")
                       + "\", \"dtype\": \"BFloat16\", \"In msg nelems\": "
                       + std::to_string(allGather ? nelems / world : nelems) + ", \"Out msg nelems\": "
                       + std::to_string(allGather ? nelems : nelems / world) + ", \"Group size\": " + std::to_string(world));
            // The collective's buffers come from the compute stream: its stream waits for it.
            const CudaEvent ready = r.recordEvent(Compute);
            r.waitEvent(stream, ready);
            if (allGather)
                unsharded[i][std::size_t(unit)] = r.alloc(std::int64_t(bytes));
            const RuntimeCall &call = r.runtime("cudaLaunchKernelExC", kCbidLaunchKernelExC, TimeNs(r.us(8.0, 18.0)));
            callIx[i] = r.calls.size() - 1;
            // NCCL kernels on one stream are a few microseconds apart (the proxy thread's hand-off).
            arrival[i] = std::max({call.ts + TimeNs(r.us(6.0, 12.0)), r.streamFree[stream] + TimeNs(r.us(3.0, 6.0)),
                                   r.waitFloor[stream]});
            r.waitFloor[stream] = 0;
            r.close();
            r.close();
        }
        const TimeNs last = *std::max_element(arrival.begin(), arrival.end());
        noteWaits(arrival);
        const TimeNs transfer = toNs(ringCollectiveSeconds(bytes, world, cfg.internodeGbps) * shared.jitter(0.04));
        // S as the kernel's args give it: max(in, out) nelems x 2 bytes (bf16).
        noteTransfer(allGather ? "allgather" : "reducescatter", nelems * 2, arrival, last, transfer);
        std::string ranksText = "[";
        for (int k = 0; k < world; ++k)
            ranksText += (k ? ", " : "") + std::to_string(k);
        ranksText += "]";
        for (std::size_t i = 0; i < ranks.size(); ++i) {
            Rank &r = *ranks[i];
            RuntimeCall &call = r.calls[callIx[i]];
            GpuAct a;
            a.ts = arrival[i];
            a.dur = last + transfer - arrival[i];
            a.stream = stream;
            a.spec = allGather ? &kNcclAllGather : &kNcclReduceScatter;
            a.extId = call.extId;
            a.corr = call.corr;
            a.where = (allGather ? "all_gather " : "reduce_scatter ") + unitName(unit);
            a.grid[0] = 2;
            a.ncclArgs = std::string(", \"Collective name\": \"") + (allGather ? "_allgather_base" : "_reduce_scatter_base")
                + "\", \"In msg nelems\": " + std::to_string(allGather ? nelems / world : nelems)
                + ", \"Out msg nelems\": " + std::to_string(allGather ? nelems : nelems / world)
                + ", \"Group size\": " + std::to_string(world)
                + ", \"dtype\": \"BFloat16\", \"In split size\": \"[]\", \"Out split size\": \"[]\", \"Process Group Name\": \"0\", "
                  "\"Process Group Description\": \"default_pg\", \"Process Group Ranks\": \""
                + ranksText + "\"";
            call.act = int(r.acts.size());
            r.acts.push_back(a);
            r.streamFree[stream] = a.ts + a.dur;
            GpuAnnotation g;
            g.ts = a.ts - kAnnotationLeadNs;
            g.dur = a.dur + kAnnotationLeadNs + kAnnotationTailNs;
            g.stream = stream;
            g.name = allGather ? "nccl:_all_gather_base" : "nccl:_reduce_scatter_base";
            // The CPU annotation that issued it is two slices before record_param_comms' launch.
            g.extId = call.extId - 1;
            r.annotations.push_back(std::move(g));
            if (allGather)
                agDone[i][std::size_t(unit)] = r.recordEvent(AgStream);
        }
    }

    // FSDP _unshard: AllGather of the unit's flat parameter. With limit_all_gathers=True the rate
    // limiter makes the CPU wait until the previous unit's compute is done before issuing it.
    void unshard(int unit)
    {
        all([&](Rank &r) {
            r.open("FullyShardedDataParallel._unshard", true);
            if (traits.limitAllGathers && lastComputeEvent[std::size_t(r.rankId)].corr != 0)
                r.eventSynchronize(lastComputeEvent[std::size_t(r.rankId)]);
        });
        collective(unit, true);
        all([&](Rank &r) { r.close(); });
    }

    void waitForUnshard(int unit)
    {
        all([&](Rank &r) { r.waitEvent(Compute, agDone[std::size_t(r.rankId)][std::size_t(unit)]); });
    }

    void reshard(int unit)
    {
        all([&](Rank &r) {
            r.open("FullyShardedDataParallel._reshard", true);
            r.release(unsharded[std::size_t(r.rankId)][std::size_t(unit)]);
            lastComputeEvent[std::size_t(r.rankId)] = r.recordEvent(Compute);
            r.close();
        });
    }

    // ---- the model --------------------------------------------------------------------------

    void layerForward(int l, std::vector<bool> &prefetched)
    {
        all([&](Rank &r) {
            r.where = "forward " + unitName(l);
            r.open("FullyShardedDataParallel.forward", true);
            r.open("FullyShardedDataParallel._pre_forward", true);
            savedMarks[std::size_t(r.rankId)].push_back(saved[std::size_t(r.rankId)].size());
        });
        if (!prefetched[std::size_t(l)])
            unshard(l);
        // forward_prefetch: issue the next unit's AllGather now, so it overlaps this compute.
        if (!traits.limitAllGathers && l + 1 < cfg.layers && !prefetched[std::size_t(l + 1)]) {
            unshard(l + 1);
            prefetched[std::size_t(l + 1)] = true;
        }
        waitForUnshard(l);
        all([&](Rank &r) {
            r.close(); // _pre_forward
            // The fragmented cache misses in most layers (seeded, per rank).
            const bool stall = traits.allocatorChurn && r.rng.uniform() < 0.8;
            rmsNorm(r, false);
            linear(r, kGemmQkv, H, H);
            linear(r, kGemmQkv, H, H, stall);
            linear(r, kGemmQkv, H, H);
            rope(r);
            flashForward(r);
            linear(r, kGemmOut, H, H);
            rmsNorm(r, true);
            if (!traits.fusedKernels)
                pointwise(r, "aten::add", kAdd, T * H * 6, T * H);
            linear(r, kGemmMlp, H, F);
            if (!traits.fusedKernels)
                pointwise(r, "aten::silu", kSilu, T * F * 4, T * F);
            linear(r, kGemmMlp, H, F);
            pointwise(r, traits.fusedKernels ? "CompiledFunction" : "aten::mul", traits.fusedKernels ? kTritonSiluMul : kMul,
                      T * F * 6, T * F);
            linear(r, kGemmMlp, F, H);
            pointwise(r, traits.fusedKernels ? "CompiledFunction" : "aten::add", traits.fusedKernels ? kTritonAdd : kAdd,
                      T * H * 6, T * H);
            r.open("FullyShardedDataParallel._post_forward", true);
        });
        reshard(l);
        all([&](Rank &r) {
            r.close(); // _post_forward
            r.close(); // FullyShardedDataParallel.forward
        });
    }

    void layerBackward(int l, std::vector<bool> &prefetched)
    {
        all([&](Rank &r) {
            r.where = "backward " + unitName(l);
            r.open("FullyShardedDataParallel._pre_backward_hook", true);
        });
        if (!prefetched[std::size_t(l)])
            unshard(l);
        // backward_prefetch=BACKWARD_PRE: gather the next unit in backward order now.
        if (!traits.limitAllGathers && l - 1 >= 0 && !prefetched[std::size_t(l - 1)]) {
            unshard(l - 1);
            prefetched[std::size_t(l - 1)] = true;
        }
        waitForUnshard(l);
        std::vector<Block> grads(ranks.size());
        all([&](Rank &r) {
            r.close();
            // FSDP's unsharded flat gradient of this unit.
            grads[std::size_t(r.rankId)] = r.alloc(std::int64_t(shape.layerBytesBf16));
            const bool stall = traits.allocatorChurn && r.rng.uniform() < 0.8;
            const bool fused = traits.fusedKernels;
            linearBackward(r, F, H); // down_proj
            if (fused)
                pointwiseBackward(r, "CompiledFunctionBackward", kTritonSiluMulBwd, 1, T * F * 10);
            else
                pointwiseBackward(r, "MulBackward0", kMul, 2, T * F * 6);
            linearBackward(r, H, F); // up_proj
            if (!fused)
                pointwiseBackward(r, "SiluBackward0", kSiluBwd, 1, T * F * 6);
            linearBackward(r, H, F, stall); // gate_proj
            if (fused)
                pointwiseBackward(r, "CompiledFunctionBackward", kTritonRmsNormBwd, 1, T * H * 14);
            else
                pointwiseBackward(r, "MulBackward0", kMulFloat, 7, T * H * 8);
            linearBackward(r, H, H); // o_proj
            flashBackward(r);
            if (fused)
                pointwiseBackward(r, "CompiledFunctionBackward", kTritonRopeBwd, 1, T * H * 8);
            else
                pointwiseBackward(r, "MulBackward0", kMul, 6, T * H * 6);
            linearBackward(r, H, H); // v_proj
            linearBackward(r, H, H); // k_proj
            linearBackward(r, H, H); // q_proj
            if (fused)
                pointwiseBackward(r, "CompiledFunctionBackward", kTritonRmsNormBwd, 1, T * H * 14);
            else
                pointwiseBackward(r, "MulBackward0", kMulFloat, 8, T * H * 8);
            // The layer's saved activations die with its backward.
            auto &mine = saved[std::size_t(r.rankId)];
            const std::size_t mark = savedMarks[std::size_t(r.rankId)].back();
            savedMarks[std::size_t(r.rankId)].pop_back();
            for (std::size_t i = mine.size(); i-- > mark;)
                r.release(mine[i]);
            mine.resize(mark);
            r.open("FullyShardedDataParallel._post_backward_hook", true);
        });
        reshard(l);
        collective(l, false);
        all([&](Rank &r) {
            r.release(grads[std::size_t(r.rankId)]);
            r.close();
        });
    }

    void step(int number)
    {
        const std::string name = "ProfilerStep#" + std::to_string(number);
        const std::size_t rankCount = ranks.size();
        saved.assign(rankCount, {});
        savedMarks.assign(rankCount, {});
        unsharded.assign(rankCount, std::vector<Block>(std::size_t(cfg.layers + 1)));
        agDone.assign(rankCount, std::vector<CudaEvent>(std::size_t(cfg.layers + 1)));
        lastComputeEvent.assign(rankCount, CudaEvent{});
        std::vector<std::size_t> stepSlice(rankCount), firstAct(rankCount);
        all([&](Rank &r) {
            r.where = "step start";
            r.thread = 0;
            r.open(name, true);
            stepSlice[std::size_t(r.rankId)] = std::size_t(r.stack[0].back());
            firstAct[std::size_t(r.rankId)] = r.acts.size();
            // Single-process DataLoader: the batch is collated on the main thread.
            r.open("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", true);
            r.advance(1800.0, 3400.0);
            r.close();
            r.cpuCause = Cause::Dataloader;
            r.open("aten::to", false, {}, false);
            r.open("aten::_to_copy");
            r.open("aten::copy_");
            const std::int64_t idsBytes = std::int64_t(T * 8);
            const Block ids = r.alloc(idsBytes);
            r.launch(nullptr, Compute, 2e-6 + double(idsBytes) / 20e9, GpuKind::Memcpy, "Memcpy HtoD (Pinned -> Device)", idsBytes);
            r.close();
            r.close();
            r.close();
            savedActivations(r).push_back(ids);
            if (!traits.fusedKernels)
                packedDocumentIds(r);
            r.open("Optimizer.zero_grad#AdamW.zero_grad", true);
            r.advance(40.0, 90.0);
            r.close();
            r.open("FullyShardedDataParallel.forward", true);
            r.open("FullyShardedDataParallel._pre_forward", true);
        });
        const int root = cfg.layers;
        unshard(root);
        waitForUnshard(root);
        std::vector<bool> prefetched(std::size_t(cfg.layers + 1), false);
        all([&](Rank &r) {
            r.close();
            r.where = "forward model";
            r.open("aten::embedding", false, {}, true);
            pointwise(r, "aten::index_select", kEmbedding, T * H * 4, T * H);
            r.close();
        });
        for (int l = 0; l < cfg.layers; ++l)
            layerForward(l, prefetched);
        all([&](Rank &r) {
            r.where = "forward model";
            rmsNorm(r, false);
            linear(r, kGemmLmHead, H, cfg.vocab);
            r.open("aten::cross_entropy_loss", false, {}, true);
            pointwise(r, "aten::_log_softmax", kLogSoftmax, T * cfg.vocab * 6, T * cfg.vocab * 2);
            pointwise(r, "aten::nll_loss_forward", kNllLoss, T * 12, 1);
            r.close();
            r.close(); // root FullyShardedDataParallel.forward
            // loss.backward(): the autograd engine runs CUDA backward on its device thread.
            r.switchThread(1);
            r.where = "backward model";
            r.open("autograd::engine::evaluate_function: NllLossBackward0");
            r.open("NllLossBackward0", false, {}, true);
            r.open("aten::nll_loss_backward");
            r.open("aten::zero_");
            const std::int64_t lossGradBytes = std::int64_t(T * cfg.vocab * 4);
            const Block grad = r.alloc(lossGradBytes);
            r.launch(nullptr, Compute, memoryBoundSeconds(double(lossGradBytes)), GpuKind::Memset, "Memset (Device)", lossGradBytes);
            r.close();
            pointwise(r, "aten::nll_loss_backward", kNllLossBwd, T * 16, T);
            r.close();
            r.close();
            r.close();
            pointwiseBackward(r, "LogSoftmaxBackward0", kLogSoftmaxBwd, 1, T * cfg.vocab * 8);
            r.release(grad);
            linearBackward(r, H, cfg.vocab);
            pointwiseBackward(r, "MulBackward0", traits.fusedKernels ? kTritonRmsNormBwd : kMulFloat,
                              traits.fusedKernels ? 1 : 8, T * H * 8);
        });
        all([&](Rank &r) { lastComputeEvent[std::size_t(r.rankId)] = CudaEvent{}; });
        // Backward re-gathers every layer (reshard_after_forward), so forward prefetches don't count.
        std::vector<bool> bwdPrefetched(std::size_t(cfg.layers + 1), false);
        if (!traits.limitAllGathers) {
            // BACKWARD_PRE prefetch of the last layer while the head's backward runs.
            unshard(cfg.layers - 1);
            bwdPrefetched[std::size_t(cfg.layers - 1)] = true;
        }
        for (int l = cfg.layers - 1; l >= 0; --l)
            layerBackward(l, bwdPrefetched);
        all([&](Rank &r) {
            r.where = "backward model";
            r.open("autograd::engine::evaluate_function: EmbeddingBackward0");
            r.open("EmbeddingBackward0", false, {}, true);
            r.open("aten::embedding_backward");
            pointwise(r, "aten::embedding_dense_backward", kEmbeddingBwd, T * H * 6 + double(cfg.vocab) * H * 4, double(cfg.vocab) * H);
            r.close();
            r.close();
            r.close();
            r.open("FullyShardedDataParallel._post_backward_hook", true);
        });
        reshard(root);
        collective(root, false);
        all([&](Rank &r) {
            r.close();
            // _post_backward_final_callback: the optimizer must see every reduced gradient.
            r.open("FullyShardedDataParallel._post_backward_final_callback", true);
            const CudaEvent rs = r.recordEvent(RsStream);
            r.waitEvent(Compute, rs);
            r.close();
            r.switchThread(0);
            r.where = "optimizer";
            // Activations still alive (input ids) die with the graph.
            for (const Block &b : saved[std::size_t(r.rankId)])
                r.release(b);
            saved[std::size_t(r.rankId)].clear();
            r.open("Optimizer.step#AdamW.step", true);
            // A scalar read in the optimizer (a non-finite check on the gradient norm, .item()):
            // the CPU waits for the backward to drain, then the GPU idles while the optimizer's
            // Python prepares its parameter groups.
            // Drawn aside: the run's other random choices (which layers stall) stay as they were.
            const SplitMix64 drawsBefore = r.rng;
            if (traits.optimizerItem) {
                r.where = "optimizer item";
                r.open("aten::item", false, {}, false);
                r.open("aten::_local_scalar_dense");
                r.launch(nullptr, Compute, 2.5e-6, GpuKind::Memcpy, "Memcpy DtoH (Device -> Pageable)", 4);
                r.streamSynchronize(Compute);
                r.close();
                r.close();
            }
            // _init_group over the parameters: nine tensors a layer, 25-45 µs each.
            r.advance(9.0 * cfg.layers * 25.0, 9.0 * cfg.layers * 45.0);
            r.rng = drawsBefore;
            r.where = "optimizer";
            r.open("aten::_fused_adamw_", false, {}, false);
            // fp32 param, grad, exp_avg, exp_avg_sq read; param and both moments written.
            const double shardBytes = cfg.params / world * 28.0;
            for (int chunk = 0; chunk < 4; ++chunk) {
                int grid[3] = {int(cfg.params / world / 65536 / 4) + 1, 1, 1};
                r.launch(&kAdamW, Compute, memoryBoundSeconds(shardBytes / 4) * r.rng.jitter(0.04), GpuKind::Kernel, {}, 0, grid);
            }
            r.close();
            r.close();
            // loss.item() for logging: a device-to-host copy and a stream sync close the step.
            r.where = "step end";
            r.open("aten::item", false, {}, false);
            r.open("aten::_local_scalar_dense");
            r.launch(nullptr, Compute, 2.5e-6, GpuKind::Memcpy, "Memcpy DtoH (Device -> Pageable)", 4);
            r.streamSynchronize(Compute);
            r.close();
            r.close();
            r.close(); // ProfilerStep
            const Slice &s = r.slices[stepSlice[std::size_t(r.rankId)]];
            r.steps.push_back(StepFact{s.name, s.ts, s.dur});
            // The step on the GPU: from its first to its last activity on the compute stream.
            TimeNs first = -1, last = 0;
            for (std::size_t i = firstAct[std::size_t(r.rankId)]; i < r.acts.size(); ++i) {
                const GpuAct &a = r.acts[i];
                if (a.stream != Compute)
                    continue;
                if (first < 0)
                    first = a.ts;
                last = std::max(last, a.ts + a.dur);
            }
            r.annotations.push_back(GpuAnnotation{first - kAnnotationLeadNs, last - first + kAnnotationLeadNs + kAnnotationTailNs,
                                                  Compute, s.name, s.extId});
            r.cpuCause = Cause::Sync;
        });
    }
};

// ---------------------------------------------------------------------------------------------
// Writing: Kineto's own layout (one key group per line, two-space indent), section order as
// torch.profiler writes it: CPU ops and [memory] instants, GPU activities with their runtime
// calls and ac2g flows, GPU annotations, metadata, the profiler span and instants.

class Writer
{
public:
    Writer(const SynthConfig &c, const Rank &r) : cfg(c), rank(r) {}

    // Epoch of the trace clock: Kineto writes steady-clock microseconds and the epoch offset in
    // baseTimeNanoseconds. Ranks differ by their clock skew.
    TimeNs origin() const { return TimeNs(4812345678901000LL) + TimeNs(cfg.seed % 100000) * 1000000 + rank.skewNs; }

    std::string write(TimeNs traceEnd)
    {
        std::string s;
        s.reserve(rank.acts.size() * 1400 + rank.slices.size() * 300 + (std::size_t(1) << 20));
        header(s);
        s += "  \"traceEvents\": [\n";
        first = true;
        cpuSection(s);
        gpuSection(s);
        annotations(s);
        metadata(s, traceEnd);
        s += "\n  ],\n";
        s += "  \"traceName\": ";
        appendJsonString(s, "/tmp/lanescope-synth/rank-" + std::to_string(rank.rankId) + ".pt.trace.json");
        s += ",\n  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": ";
        appendInt(s, 1717400000000000000LL + std::int64_t(cfg.seed % 1000) * 1000000000LL);
        s += "\n}";
        return s;
    }

private:
    const SynthConfig &cfg;
    const Rank &rank;
    bool first = true;

    void ts(std::string &s, TimeNs t) { appendUs(s, origin() + t); }
    void begin(std::string &s)
    {
        s += first ? "  {\n" : ",\n  {\n";
        first = false;
    }

    void header(std::string &s)
    {
        s += "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n";
        for (int d = 0; d < cfg.gpusPerNode; ++d) {
            s += "    {\n      \"id\": ";
            appendInt(s, d);
            s += ", \"name\": \"NVIDIA A100-SXM4-80GB\", \"totalGlobalMem\": 85045379072,\n"
                 "      \"computeMajor\": 8, \"computeMinor\": 0,\n"
                 "      \"maxThreadsPerBlock\": 1024, \"maxThreadsPerMultiprocessor\": 2048,\n"
                 "      \"regsPerBlock\": 65536, \"warpSize\": 32,\n"
                 "      \"sharedMemPerBlock\": 49152, \"numSms\": 108\n"
                 "    , \"regsPerMultiprocessor\": 65536, \"sharedMemPerBlockOptin\": 166912, \"sharedMemPerMultiprocessor\": 167936\n"
                 "    }";
            s += d + 1 < cfg.gpusPerNode ? ",\n" : "\n";
        }
        s += "  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": ";
        appendInt(s, rank.rankId);
        s += ", \"world_size\": ";
        appendInt(s, cfg.gpus);
        s += ", \"pg_count\": 1, \"pg_config\": [{\"pg_name\": \"0\", \"pg_desc\": \"default_pg\", \"backend_config\": "
             "\"cuda:nccl\", \"pg_size\": ";
        appendInt(s, cfg.gpus);
        s += ", \"ranks\": [";
        for (int k = 0; k < cfg.gpus; ++k) {
            if (k)
                s += ", ";
            appendInt(s, k);
        }
        s += "]}], \"nccl_version\": \"2.20.5\"},\n";
    }

    int device() const { return rank.rankId % std::max(1, cfg.gpusPerNode); }

    void cpuSection(std::string &s)
    {
        // Slices in pre-order (start, then longer first) merged with [memory] instants by time.
        std::vector<std::size_t> order(rank.slices.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const Slice &x = rank.slices[a], &y = rank.slices[b];
            if (x.ts != y.ts)
                return x.ts < y.ts;
            return x.dur > y.dur;
        });
        std::size_t m = 0;
        for (const std::size_t i : order) {
            const Slice &sl = rank.slices[i];
            while (m < rank.memory.size() && rank.memory[m].ts < sl.ts)
                memoryEvent(s, rank.memory[m++]);
            begin(s);
            s += "    \"ph\": \"X\", \"cat\": \"";
            s += sl.userAnnotation ? "user_annotation" : "cpu_op";
            s += "\", \"name\": ";
            appendJsonString(s, sl.name);
            s += ", \"pid\": ";
            appendInt(s, rank.pid);
            s += ", \"tid\": ";
            appendInt(s, rank.tid[sl.thread]);
            s += ",\n    \"ts\": ";
            ts(s, sl.ts);
            s += ", \"dur\": ";
            appendUs(s, sl.dur);
            s += ",\n    \"args\": {\n      \"External id\": ";
            appendInt(s, sl.extId);
            s += ",\"Record function id\": ";
            appendInt(s, sl.extId);
            s += sl.shapes;
            if (sl.sequence >= 0) {
                s += ", \"Sequence number\": ";
                appendInt(s, sl.sequence);
                s += ", \"Fwd thread id\": ";
                appendInt(s, sl.thread);
            }
            s += ", \"Ev Idx\": ";
            appendInt(s, sl.evIdx);
            s += "\n    }\n  }";
        }
        while (m < rank.memory.size())
            memoryEvent(s, rank.memory[m++]);
    }

    void memoryEvent(std::string &s, const MemEvent &e)
    {
        begin(s);
        s += "    \"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"[memory]\",\n    \"pid\": ";
        appendInt(s, rank.pid);
        s += ", \"tid\": ";
        appendInt(s, rank.tid[e.thread]);
        s += ",\n    \"ts\": ";
        ts(s, e.ts);
        s += ",\n    \"args\": {\n      \"Ev Idx\": ";
        appendInt(s, e.evIdx);
        s += ", \"Device Type\": 1, \"Device Id\": ";
        appendInt(s, device());
        s += ", \"Addr\": ";
        appendInt(s, std::int64_t(e.addr));
        s += ", \"Bytes\": ";
        appendInt(s, e.bytes);
        s += ", \"Total Allocated\": ";
        appendInt(s, e.allocated);
        s += ", \"Total Reserved\": ";
        appendInt(s, reservedBase + e.reservedDelta);
        s += "\n    }\n  }";
    }

public:
    std::int64_t reservedBase = 0;

private:
    void gpuSection(std::string &s)
    {
        for (const RuntimeCall &c : rank.calls) {
            begin(s);
            s += "    \"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"";
            s += c.name;
            s += "\", \"pid\": ";
            appendInt(s, rank.pid);
            s += ", \"tid\": ";
            appendInt(s, rank.tid[c.thread]);
            s += ",\n    \"ts\": ";
            ts(s, c.ts);
            s += ", \"dur\": ";
            appendUs(s, c.dur);
            s += ",\n    \"args\": {\n      \"External id\": ";
            appendInt(s, c.extId);
            s += ",      \"cbid\": ";
            appendInt(s, c.cbid);
            s += ", \"correlation\": ";
            appendInt(s, c.corr);
            s += c.extra;
            s += "\n    }\n  }";
            if (c.syncStream >= 0)
                streamSync(s, c);
            if (c.act < 0)
                continue;
            // ac2g: flow start on the runtime call, same ts.
            begin(s);
            s += "    \"ph\": \"s\", \"id\": ";
            appendInt(s, c.corr);
            s += ", \"pid\": ";
            appendInt(s, rank.pid);
            s += ", \"tid\": ";
            appendInt(s, rank.tid[c.thread]);
            s += ", \"ts\": ";
            ts(s, c.ts);
            s += ",\n    \"cat\": \"ac2g\", \"name\": \"ac2g\"\n  }";
            const GpuAct &a = rank.acts[std::size_t(c.act)];
            activity(s, a);
            // ... and its end on the GPU activity, binding to the enclosing slice ("bp": "e").
            begin(s);
            s += "    \"ph\": \"f\", \"id\": ";
            appendInt(s, c.corr);
            s += ", \"pid\": ";
            appendInt(s, device());
            s += ", \"tid\": ";
            appendInt(s, kStreamId[a.stream]);
            s += ", \"ts\": ";
            ts(s, a.ts);
            s += ",\n    \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"\n  }";
        }
    }

    // The GPU side of a cudaStreamSynchronize, as Kineto writes it: inside the call, on the stream.
    void streamSync(std::string &s, const RuntimeCall &c)
    {
        begin(s);
        s += "    \"ph\": \"X\", \"cat\": \"cuda_sync\", \"name\": \"Stream Sync\", \"pid\": ";
        appendInt(s, device());
        s += ", \"tid\": ";
        appendInt(s, kStreamId[c.syncStream]);
        s += ",\n    \"ts\": ";
        ts(s, c.syncFrom);
        s += ", \"dur\": ";
        appendUs(s, std::max<TimeNs>(0, c.ts + c.dur - c.syncFrom));
        s += ",\n    \"args\": {\n      \"External id\": ";
        appendInt(s, c.extId);
        s += ", \"cuda_sync_kind\": \"Stream Sync\", \"stream\": ";
        appendInt(s, kStreamId[c.syncStream]);
        s += ", \"correlation\": ";
        appendInt(s, c.corr);
        s += ", \"device\": ";
        appendInt(s, device());
        s += ", \"context\": 1\n    }\n  }";
    }

    void activity(std::string &s, const GpuAct &a)
    {
        begin(s);
        s += "    \"ph\": \"X\", \"cat\": \"";
        s += a.kind == GpuKind::Kernel ? "kernel" : a.kind == GpuKind::Memcpy ? "gpu_memcpy" : "gpu_memset";
        s += "\", \"name\": ";
        appendJsonString(s, a.spec ? std::string(a.spec->name) : a.name);
        s += ", \"pid\": ";
        appendInt(s, device());
        s += ", \"tid\": ";
        appendInt(s, kStreamId[a.stream]);
        s += ",\n    \"ts\": ";
        ts(s, a.ts);
        s += ", \"dur\": ";
        appendUs(s, a.dur);
        s += ",\n    \"args\": {\n      \"External id\": ";
        appendInt(s, a.extId);
        if (a.kind == GpuKind::Kernel) {
            s += ",      \"queued\": 0, \"device\": ";
            appendInt(s, device());
            s += ", \"context\": 1,      \"stream\": ";
            appendInt(s, kStreamId[a.stream]);
            s += ", \"correlation\": ";
            appendInt(s, a.corr);
            s += ",      \"registers per thread\": ";
            appendInt(s, a.spec->regs);
            s += ",      \"shared memory\": ";
            appendInt(s, a.spec->smem);
            const double blocks = double(a.grid[0]) * a.grid[1] * a.grid[2];
            const double blocksPerSm = blocks / 108.0;
            const double warpsPerSm = blocksPerSm * (a.spec->block / 32);
            s += ",      \"blocks per SM\": ";
            appendFloat6(s, blocksPerSm);
            s += ",      \"warps per SM\": ";
            appendFloat6(s, warpsPerSm);
            s += ",      \"grid\": [";
            appendInt(s, a.grid[0]);
            s += ", ";
            appendInt(s, a.grid[1]);
            s += ", ";
            appendInt(s, a.grid[2]);
            s += "],      \"block\": [";
            appendInt(s, a.spec->block);
            s += ", 1, 1],      \"est. achieved occupancy %\": ";
            // 64 resident warps per SM at most; register-heavy GEMMs sit at one block per SM.
            const double resident = std::min(warpsPerSm, a.spec->regs > 128 ? double(a.spec->block / 32) : 64.0);
            appendInt(s, std::int64_t(std::min(100.0, resident / 64.0 * 100.0)));
            s += a.ncclArgs;
        } else {
            s += ", \"device\": ";
            appendInt(s, device());
            s += ", \"context\": 1, \"stream\": ";
            appendInt(s, kStreamId[a.stream]);
            s += ", \"correlation\": ";
            appendInt(s, a.corr);
            s += ", \"bytes\": ";
            appendInt(s, a.bytes);
            s += ", \"memory bandwidth (GB/s)\": ";
            appendFloat6(s, double(a.bytes) / double(std::max<TimeNs>(1, a.dur)));
        }
        s += "\n    }\n  }";
    }

    void annotations(std::string &s)
    {
        for (const GpuAnnotation &g : rank.annotations) {
            begin(s);
            s += "    \"ph\": \"X\", \"cat\": \"gpu_user_annotation\", \"name\": ";
            appendJsonString(s, g.name);
            s += ", \"pid\": ";
            appendInt(s, device());
            s += ", \"tid\": ";
            appendInt(s, kStreamId[g.stream]);
            s += ",\n    \"ts\": ";
            ts(s, g.ts);
            s += ", \"dur\": ";
            appendUs(s, g.dur);
            s += ",\n    \"args\": {\n      \"External id\": ";
            appendInt(s, g.extId);
            s += "\n    }\n  }";
        }
    }

    void meta(std::string &s, const char *name, std::int64_t pid, std::int64_t tid, const char *key, const std::string &value,
              bool quoted)
    {
        begin(s);
        s += "    \"name\": \"";
        s += name;
        s += "\", \"ph\": \"M\", \"ts\": ";
        ts(s, 0);
        s += ", \"pid\": ";
        appendInt(s, pid);
        s += ", \"tid\": ";
        appendInt(s, tid);
        s += ",\n    \"args\": {\n      \"";
        s += key;
        s += "\": ";
        if (quoted)
            appendJsonString(s, value);
        else
            s += value;
        s += "\n    }\n  }";
    }

    void metadata(std::string &s, TimeNs traceEnd)
    {
        meta(s, "process_name", rank.pid, 0, "name", "python3.10", true);
        meta(s, "process_labels", rank.pid, 0, "labels", "CPU", true);
        meta(s, "process_sort_index", rank.pid, 0, "sort_index", std::to_string(rank.pid), false);
        for (int d = 0; d < cfg.gpusPerNode; ++d) {
            meta(s, "process_name", d, 0, "name", "python3.10", true);
            meta(s, "process_labels", d, 0, "labels", "GPU " + std::to_string(d), true);
            meta(s, "process_sort_index", d, 0, "sort_index", std::to_string(16777216 + d), false);
        }
        for (int st = 0; st < StreamCount; ++st) {
            meta(s, "thread_name", device(), kStreamId[st], "name", "stream " + std::to_string(kStreamId[st]) + " ", true);
            meta(s, "thread_sort_index", device(), kStreamId[st], "sort_index", std::to_string(kStreamId[st]), false);
        }
        meta(s, "thread_name", rank.pid, rank.tid[0], "name", "thread " + std::to_string(rank.tid[0]) + " (pt_main_thread)", true);
        meta(s, "thread_sort_index", rank.pid, rank.tid[0], "sort_index", std::to_string(rank.tid[0]), false);
        meta(s, "thread_name", rank.pid, rank.tid[1], "name", "thread " + std::to_string(rank.tid[1]) + " (pt_autograd_0)", true);
        meta(s, "thread_sort_index", rank.pid, rank.tid[1], "sort_index", std::to_string(rank.tid[1]), false);

        begin(s);
        s += "    \"ph\": \"X\", \"cat\": \"Trace\", \"ts\": ";
        ts(s, 0);
        s += ", \"dur\": ";
        appendUs(s, traceEnd);
        s += ",\n    \"pid\": \"Spans\", \"tid\": \"PyTorch Profiler\",\n    \"name\": \"PyTorch Profiler (0)\",\n"
             "    \"args\": {\n      \"Op count\": 0\n    }\n  }";
        begin(s);
        s += "    \"name\": \"process_sort_index\", \"ph\": \"M\", \"ts\": ";
        ts(s, 0);
        s += ",\n    \"pid\": \"Spans\", \"tid\": 0,\n    \"args\": {\n      \"sort_index\": 536870912\n    }\n  }";
        begin(s);
        s += "    \"name\": \"Iteration Start: PyTorch Profiler\", \"ph\": \"i\", \"s\": \"g\",\n"
             "    \"pid\": \"Traces\", \"tid\": \"Trace PyTorch Profiler\", \"ts\": ";
        ts(s, 0);
        s += "\n  }";
        begin(s);
        s += "    \"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\",\n    \"pid\": \"\", \"tid\": \"\", \"ts\": ";
        ts(s, traceEnd);
        s += "\n  }";
    }
};

// ---------------------------------------------------------------------------------------------
// The sidecar facts.

using JsonOut = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

void key(JsonOut &w, const char *k) { w.Key(k); }
void str(JsonOut &w, const std::string &v) { w.String(v.c_str(), rapidjson::SizeType(v.size())); }
double usOf(TimeNs ns) { return double(ns) / 1000.0; }

struct RankFacts
{
    double stepSeconds = 0;
    double mfu = 0;
    std::int64_t peakReserved = 0;
};

RankFacts writeRankFacts(JsonOut &w, const SynthConfig &c, const Rank &r, std::int64_t reservedBase, const std::string &file,
                         TimeNs madeOthersWait, int timesLast, int steps)
{
    RankFacts f;
    w.StartObject();
    key(w, "rank");
    w.Int(r.rankId);
    key(w, "file");
    str(w, file);
    key(w, "straggler");
    w.Bool(r.rankId == c.straggler);
    key(w, "clock_skew_us");
    w.Double(usOf(r.skewNs));
    // Collective kernels start when the rank arrives; the written ranks' waits on this one.
    key(w, "made_others_wait_us");
    w.Double(usOf(madeOthersWait));
    key(w, "made_others_wait_us_per_step");
    w.Double(usOf(madeOthersWait) / std::max(1, steps));
    key(w, "times_last");
    w.Int(timesLast);
    key(w, "steps");
    w.StartArray();
    for (const StepFact &s : r.steps) {
        w.StartObject();
        key(w, "name");
        str(w, s.name);
        key(w, "start_us");
        w.Double(usOf(s.start));
        key(w, "dur_us");
        w.Double(usOf(s.dur));
        w.EndObject();
    }
    w.EndArray();
    // The step time by the analysis' rule (analysis/Steps.h): the median of the complete steps,
    // the last of two or more left out, so the facts state what the analysis must find.
    {
        std::vector<TimeNs> d;
        for (std::size_t k = 0; k < r.steps.size(); ++k)
            if (r.steps.size() < 2 || k + 1 < r.steps.size()) // completeSteps' rule
                d.push_back(r.steps[k].dur);
        std::sort(d.begin(), d.end());
        f.stepSeconds = analysis::medianOfSorted(d) / 1e9;
    }
    const double tokensPerSecond = f.stepSeconds > 0 ? c.tokensPerStepPerGpu / f.stepSeconds : 0;
    f.mfu = mfuPercent(c.params, tokensPerSecond, kPeakBf16Tflops);
    key(w, "mfu");
    w.StartObject();
    key(w, "step_s");
    w.Double(f.stepSeconds);
    key(w, "tokens_per_s_per_gpu");
    w.Double(tokensPerSecond);
    key(w, "achieved_tflops");
    w.Double(modelFlopsPerToken(c.params) * tokensPerSecond / 1e12);
    key(w, "peak_tflops");
    w.Double(kPeakBf16Tflops);
    key(w, "mfu_pct");
    w.Double(f.mfu);
    w.EndObject();

    std::int64_t peakReserved = 0;
    for (const MemEvent &m : r.memory)
        peakReserved = std::max(peakReserved, reservedBase + m.reservedDelta);
    f.peakReserved = peakReserved;
    key(w, "memory");
    w.StartObject();
    key(w, "device");
    w.Int(r.rankId % std::max(1, c.gpusPerNode));
    key(w, "peak_allocated_bytes");
    w.Int64(r.peakAllocated);
    key(w, "peak_reserved_bytes");
    w.Int64(peakReserved);
    key(w, "alloc_calls"); // cudaMalloc runtime calls
    w.Int(r.mallocCalls);
    key(w, "free_calls"); // cudaFree runtime calls
    w.Int(r.freeCalls);
    key(w, "alloc_events"); // [memory] events with Bytes > 0
    w.Int(r.allocEvents);
    key(w, "free_events");
    w.Int(r.freeEvents);
    w.EndObject();

    // Who holds the memory at the peak (analysis/MemoryOwners.h): the allocations alive at the
    // first event at the peak, by owning op, paired with their frees by address.
    {
        std::size_t peak = 0;
        for (std::size_t k = 0; k < r.memory.size(); ++k)
            if (r.memory[k].allocated > r.memory[peak].allocated)
                peak = k;
        std::map<std::uint64_t, std::size_t> open;
        // What the allocator held before the first event (the model's weights and optimizer
        // state), less the frees of such blocks: "[before trace]".
        std::int64_t before = r.memory.empty() ? 0 : r.memory.front().allocated - r.memory.front().bytes;
        for (std::size_t k = 0; k <= peak && k < r.memory.size(); ++k) {
            if (r.memory[k].bytes > 0)
                open[r.memory[k].addr] = k;
            else if (r.memory[k].bytes < 0 && !open.erase(r.memory[k].addr))
                before += r.memory[k].bytes;
        }
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> owners; // op -> bytes, count
        if (before != 0)
            owners["[before trace]"] = {before, 0};
        for (const auto &[addr, k] : open) {
            auto &o = owners[r.memory[k].owner.empty() ? std::string("[no op]") : r.memory[k].owner];
            o.first += r.memory[k].bytes;
            ++o.second;
        }
        key(w, "memory_owners");
        w.StartObject();
        key(w, "peak_bytes");
        w.Int64(r.peakAllocated);
        key(w, "alive_at_peak");
        w.StartArray();
        for (const auto &[op, o] : owners) {
            w.StartObject();
            key(w, "op");
            str(w, op);
            key(w, "bytes");
            w.Int64(o.first);
            key(w, "count");
            w.Int64(o.second);
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    }

    // Where the GPU time goes, per activity name as the trace spells it (the kernel summary's rows).
    {
        std::map<std::string, std::pair<std::int64_t, TimeNs>> byName;
        for (const GpuAct &a : r.acts) {
            auto &n = byName[a.spec ? std::string(a.spec->name) : a.name];
            ++n.first;
            n.second += a.dur;
        }
        key(w, "kernel_summary");
        w.StartArray();
        for (const auto &[name, n] : byName) {
            w.StartObject();
            key(w, "name");
            str(w, name);
            key(w, "count");
            w.Int64(n.first);
            key(w, "total_us");
            w.Double(usOf(n.second));
            w.EndObject();
        }
        w.EndArray();
    }
    // Why the compute stream waits on the CPU (analysis/IdleBreakdown.h, LaunchStats.h,
    // QueueLength.h): each launch-bound phase, and the calls that blocked on a full launch queue.
    key(w, "launch_bound");
    w.StartArray();
    for (const LaunchBoundFact &lb : r.launchBound) {
        w.StartObject();
        key(w, "stream");
        w.Int(kStreamId[Compute]);
        key(w, "first_start_us");
        w.Double(usOf(lb.firstStart));
        key(w, "last_end_us");
        w.Double(usOf(lb.lastEnd));
        key(w, "kernels");
        w.Int(lb.kernels);
        key(w, "host_wait_us");
        w.Double(usOf(lb.hostWait));
        w.EndObject();
    }
    w.EndArray();
    key(w, "queue_full");
    w.StartObject();
    key(w, "stream");
    w.Int(kStreamId[Compute]);
    key(w, "limit");
    w.Int(int(kLaunchQueueDepth));
    key(w, "blocked_calls");
    w.Int(r.queueBlockedCalls);
    key(w, "blocked_us");
    w.Double(usOf(r.queueBlockedNs));
    // The time the compute stream's queue (launched by a call that has started, not yet finished)
    // holds the limit or more: the CPU blocked, or busy elsewhere while the queue stayed full.
    {
        std::vector<std::pair<TimeNs, int>> edges;
        for (const RuntimeCall &call : r.calls)
            if (call.act >= 0 && r.acts[std::size_t(call.act)].stream == Compute) {
                const GpuAct &a = r.acts[std::size_t(call.act)];
                edges.emplace_back(call.ts, +1);
                edges.emplace_back(a.ts + a.dur, -1);
            }
        std::sort(edges.begin(), edges.end()); // at one instant, ends before starts
        TimeNs full = 0, since = 0;
        std::size_t depth = 0;
        for (const auto &[t, d] : edges) {
            const bool wasFull = depth >= kLaunchQueueDepth;
            depth = std::size_t(std::int64_t(depth) + d);
            if (!wasFull && depth >= kLaunchQueueDepth)
                since = t;
            else if (wasFull && depth < kLaunchQueueDepth)
                full += t - since;
        }
        key(w, "full_us");
        w.Double(usOf(full));
    }
    w.EndObject();
    // What the critical path of each step must find (core/analysis/CriticalPath.h): the compute
    // stream's idle time inside the step by why it idled, and whether the step is launch-bound
    // (the stream waits for the CPU's launches at least half the step).
    key(w, "critical_path");
    w.StartArray();
    for (const StepFact &st : r.steps) {
        TimeNs idle[5] = {};
        TimeNs prevEnd = st.start, busy = 0;
        const TimeNs stepEnd = st.start + st.dur;
        for (const GpuAct &a : r.acts) {
            if (a.stream != Compute || a.ts + a.dur <= st.start || a.ts >= stepEnd)
                continue;
            const TimeNs from = std::max(prevEnd, st.start), to = std::min(a.ts, stepEnd);
            if (to > from)
                idle[int(a.cause)] += to - from;
            busy += std::min(a.ts + a.dur, stepEnd) - std::max(a.ts, st.start);
            prevEnd = std::max(prevEnd, a.ts + a.dur);
        }
        w.StartObject();
        key(w, "step");
        str(w, st.name);
        key(w, "length_us");
        w.Double(usOf(st.dur));
        key(w, "compute_stream_busy_us");
        w.Double(usOf(busy));
        for (const Cause why : {Cause::HostLaunch, Cause::CommWait, Cause::Allocator, Cause::Sync, Cause::Dataloader}) {
            key(w, (std::string(causeName(why)) + "_idle_us").c_str());
            w.Double(usOf(idle[int(why)]));
        }
        const bool launchBound = 2 * idle[int(Cause::HostLaunch)] >= st.dur;
        key(w, "launch_bound");
        w.Bool(launchBound);
        // The path runs through the CPU where launches starve the GPU, else through the
        // AllGather waits where the compute stream waits for them a tenth of the step or more.
        key(w, "runs_through");
        w.String(launchBound ? "cpu" : 10 * idle[int(Cause::CommWait)] >= st.dur ? "communication" : "gpu_compute");
        // The optimizer's .item(): a cudaStreamSynchronize the path runs through (null: none).
        key(w, "sync");
        if (traitsOf(c.scenario).optimizerItem) {
            w.StartObject();
            key(w, "op");
            w.String("aten::item");
            key(w, "call");
            w.String("cudaStreamSynchronize");
            w.EndObject();
        } else {
            w.Null();
        }
        w.EndObject();
    }
    w.EndArray();

    key(w, "gaps");
    w.StartArray();
    for (const GapFact &g : r.computeGaps()) {
        w.StartObject();
        key(w, "device");
        w.Int(r.rankId % std::max(1, c.gpusPerNode));
        key(w, "stream");
        w.Int(kStreamId[Compute]);
        key(w, "start_us");
        w.Double(usOf(g.start));
        key(w, "dur_us");
        w.Double(usOf(g.dur));
        key(w, "before");
        str(w, g.before);
        key(w, "after");
        str(w, g.after);
        key(w, "between_gemms");
        w.Bool(g.betweenGemms);
        key(w, "gemm_before");
        str(w, g.beforeGemm);
        key(w, "gemm_after");
        str(w, g.afterGemm);
        key(w, "cause");
        w.String(causeName(g.cause));
        key(w, "where");
        str(w, g.where);
        w.EndObject();
    }
    w.EndArray();
    // FLOPs per call of each counted op (name, "Input Dims" without spaces), over the whole trace.
    key(w, "op_flops");
    w.StartArray();
    for (const auto &[op, fact] : r.opFlops) {
        w.StartObject();
        key(w, "name");
        str(w, op.first);
        key(w, "shapes");
        str(w, op.second);
        key(w, "flops");
        w.Double(fact.flops);
        key(w, "calls");
        w.Int64(fact.calls);
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    return f;
}

// The median as the analysis takes it (the mean of the middle two of an even count).
double medianOf(std::vector<double> v)
{
    if (v.empty())
        return -1;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size();
    return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

} // namespace

SynthOutput synthesize(const SynthConfig &config)
{
    Simulator sim(config);
    sim.run();

    const int written = std::max(1, config.ranksToWrite);
    SynthOutput out;
    std::vector<std::int64_t> reservedBases;
    for (int k = 0; k < written; ++k) {
        const Rank &r = *sim.ranks[std::size_t(k)];
        // Reserved = allocated high-water mark plus the cache's slack, and never below allocated
        // during the fragmented cache's cudaFree dips (minReservedMargin is <= 0).
        const std::int64_t slack = 512LL << 20;
        const std::int64_t base = std::max<std::int64_t>(r.peakAllocated, -r.minReservedMargin) + slack;
        reservedBases.push_back((base + (2LL << 20) - 1) / (2LL << 20) * (2LL << 20));
        TimeNs end = r.cpu;
        for (const GpuAct &a : r.acts)
            end = std::max(end, a.ts + a.dur);
        Writer w(config, r);
        w.reservedBase = reservedBases.back();
        out.traces.push_back(w.write(end + 200000));
    }

    rapidjson::StringBuffer buf;
    JsonOut w(buf);
    w.SetIndent(' ', 2);
    w.StartObject();
    key(w, "generator");
    w.String("lanescope-cli synth");
    key(w, "scenario");
    w.String(scenarioName(config.scenario));
    key(w, "seed");
    w.Uint64(config.seed);
    const ScenarioTraits t = traitsOf(config.scenario);
    const ModelShape shape = deriveShape(config);
    key(w, "config");
    w.StartObject();
    key(w, "limit_all_gathers");
    w.Bool(t.limitAllGathers);
    key(w, "allocator_churn");
    w.Bool(t.allocatorChurn);
    key(w, "fused_kernels");
    w.Bool(t.fusedKernels);
    key(w, "optimizer_item");
    w.Bool(t.optimizerItem);
    key(w, "params");
    w.Double(config.params);
    key(w, "layers");
    w.Int(config.layers);
    key(w, "hidden");
    w.Int(config.hidden);
    key(w, "ffn");
    w.Int(shape.ffn);
    key(w, "seq_len");
    w.Int(config.seqLen);
    key(w, "tokens_per_step_per_gpu");
    w.Double(config.tokensPerStepPerGpu);
    key(w, "gpus");
    w.Int(config.gpus);
    key(w, "gemm_efficiency");
    w.Double(config.gemmEfficiency);
    key(w, "internode_gbps");
    w.Double(config.internodeGbps);
    key(w, "peak_tflops");
    w.Double(kPeakBf16Tflops);
    key(w, "layer_allgather_bytes");
    w.Double(shape.layerBytesBf16);
    key(w, "layer_allgather_ms");
    w.Double(ringCollectiveSeconds(shape.layerBytesBf16, config.gpus, config.internodeGbps) * 1e3);
    key(w, "straggler");
    w.Int(config.straggler);
    key(w, "clock_skew_max_us");
    w.Double(config.clockSkewMaxUs);
    w.EndObject();
    // The offset added to each written rank's clock (rank 0's is 0): what clock alignment recovers,
    // with the opposite sign.
    key(w, "clock_skew_us");
    w.StartObject();
    for (int k = 0; k < written; ++k) {
        key(w, std::to_string(k).c_str());
        w.Double(usOf(sim.ranks[std::size_t(k)]->skewNs));
    }
    w.EndObject();
    key(w, "collectives");
    w.Int(sim.collectives);
    // Per collective kind, size S (bytes) and group size: rank 0's calls and the busbw of its
    // kernels (what analyze RANK0 --json's collectives.by_type must find); over the written ranks
    // (two or more), the transfer (each call's shortest kernel), the skew (the rest) and the busbw
    // on transfer time (what analyze DIR --json's job.collectives must find).
    key(w, "collective_bandwidth");
    w.StartArray();
    for (const auto &[k, f] : sim.collectiveFacts) {
        w.StartObject();
        key(w, "collective");
        str(w, std::get<0>(k));
        key(w, "bytes");
        w.Int64(std::get<1>(k));
        key(w, "group_size");
        w.Int(std::get<2>(k));
        key(w, "count");
        w.Int64(f.count);
        key(w, "busbw_median_gbps");
        w.Double(medianOf(f.rank0Busbw));
        key(w, "busbw_best_gbps");
        w.Double(*std::max_element(f.rank0Busbw.begin(), f.rank0Busbw.end()));
        if (written >= 2) {
            key(w, "transfer_us");
            w.Double(usOf(f.transferNs));
            key(w, "skew_us");
            w.Double(usOf(f.skewNs));
            key(w, "transfer_busbw_median_gbps");
            w.Double(medianOf(f.transferBusbw));
        }
        w.EndObject();
    }
    w.EndArray();
    if (written >= 2) {
        key(w, "job_collectives");
        w.StartObject();
        key(w, "calls");
        w.Int64(sim.matchedCalls);
        key(w, "transfer_us");
        w.Double(usOf(sim.transferTotalNs));
        key(w, "skew_us");
        w.Double(usOf(sim.skewTotalNs));
        key(w, "skew_by_rank");
        w.StartArray();
        for (std::size_t k = 0; k < sim.skewByRank.size(); ++k) {
            w.StartObject();
            key(w, "rank");
            w.Int(int(k));
            key(w, "duration_us");
            w.Double(usOf(sim.durationByRank[k]));
            key(w, "skew_us");
            w.Double(usOf(sim.skewByRank[k]));
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    }
    key(w, "time_base");
    w.String("microseconds relative to the first event of each rank's trace");
    key(w, "ranks");
    w.StartArray();
    for (int k = 0; k < written; ++k) {
        const std::string file = config.ranksToWrite > 0 ? "rank-" + std::to_string(k) + ".pt.trace.json" : std::string();
        const std::size_t ki = std::size_t(k);
        writeRankFacts(w, config, *sim.ranks[ki], reservedBases[ki], file, ki < sim.madeOthersWait.size() ? sim.madeOthersWait[ki] : 0,
                       ki < sim.timesLast.size() ? sim.timesLast[ki] : 0, config.activeSteps);
    }
    w.EndArray();
    w.EndObject();
    out.facts.assign(buf.GetString(), buf.GetSize());
    out.facts += '\n';
    return out;
}

} // namespace lanescope::synth
