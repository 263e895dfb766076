// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The kernels of the synthetic run as CUPTI reports them on an A100 (sm_80): cuBLAS, CUTLASS,
// flash-attention, ATen, Inductor and NCCL names with their launch shapes, and the grids CUPTI
// records for GEMMs and elementwise kernels.
#include "core/synth/CuptiTypes.h"

#include <algorithm>
#include <cstdint>

namespace lanescope::synth::detail {

// GEMMs. cuBLAS picks different kernels per shape and transpose; these are the ones it picks on
// A100 for LLaMA-7B-like bf16 shapes (forward "tn", data-gradient "nn", weight-gradient "nt").
inline constexpr KernelSpec kGemmQkv{"sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x32_stage4_warpsize2x2x1_tensor16x8x16_kernel",
                                           KClass::Gemm, 128, 230, 81920};
inline constexpr KernelSpec kGemmOut{"ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn", KClass::Gemm, 256, 238, 73728};
inline constexpr KernelSpec kGemmMlp{"void cutlass::Kernel<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8>(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8::Params)",
                                           KClass::Gemm, 128, 168, 82944};
inline constexpr KernelSpec kGemmDgrad{"sm80_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize160x128x32_stage4_warpsize2x2x1_tensor16x8x16_kernel",
                                             KClass::Gemm, 256, 234, 102400};
inline constexpr KernelSpec kGemmWgrad{"ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_nt", KClass::Gemm, 256, 254, 98304};
inline constexpr KernelSpec kGemmLmHead{"sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x32_stage3_warpsize4x2x1_tensor16x8x16_kernel",
                                              KClass::Gemm, 256, 232, 110592};

// Flash attention (PyTorch's bundled flash-attention 2).
inline constexpr KernelSpec kFlashFwd{"void pytorch_flash::flash_fwd_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, false, false, true, true, false, false>(pytorch_flash::Flash_fwd_params)",
                                            KClass::Flash, 128, 255, 49152};
inline constexpr KernelSpec kFlashBwdDotDoO{"void pytorch_flash::flash_bwd_dot_do_o_kernel<true, pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> > >(pytorch_flash::Flash_bwd_params)",
                                                  KClass::Flash, 256, 40, 0};
inline constexpr KernelSpec kFlashBwd{"void pytorch_flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> >, false, true, false, false, false, true, false, false>(pytorch_flash::Flash_bwd_params)",
                                            KClass::Flash, 256, 255, 49152};
inline constexpr KernelSpec kFlashBwdConvert{"void pytorch_flash::flash_bwd_convert_dq_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> > >(pytorch_flash::Flash_bwd_params, int)",
                                                   KClass::Flash, 256, 64, 0};

// ATen elementwise and reduction kernels (unfused eager mode).
inline constexpr KernelSpec kAdd{"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3>)",
                                       KClass::Elementwise, 128, 26, 0};
inline constexpr KernelSpec kMul{"void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3> >(int, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3>)",
                                       KClass::Elementwise, 128, 24, 0};
inline constexpr KernelSpec kMulFloat{"void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3> >(int, at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 3>)",
                                            KClass::Elementwise, 128, 24, 0};
inline constexpr KernelSpec kToFloat{"void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2>, TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::memory::LoadWithCast<1>, at::native::memory::StoreWithCast<1> >(int, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2>, TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::memory::LoadWithCast<1>, at::native::memory::StoreWithCast<1>)",
                                           KClass::Elementwise, 128, 30, 0};
inline constexpr KernelSpec kPow{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase&, float)::{lambda(float)#2}, at::detail::Array<char*, 2> >(int, at::native::(anonymous namespace)::pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase&, float)::{lambda(float)#2}, at::detail::Array<char*, 2>)",
                                       KClass::Elementwise, 128, 20, 0};
inline constexpr KernelSpec kMean{"void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, 4>)",
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
inline constexpr KernelSpec kArange{"void (anonymous namespace)::elementwise_kernel_with_index<int, at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}>(int, at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}, function_traits<at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}>::result_type*)",
                                          KClass::Elementwise, 512, 16, 0};
inline constexpr KernelSpec kAddLong{"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctorOnSelf_add<long>, at::detail::Array<char*, 2> >(int, at::native::CUDAFunctorOnSelf_add<long>, at::detail::Array<char*, 2>)",
                                           KClass::Elementwise, 128, 18, 0};
inline constexpr KernelSpec kCopyLong{"void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}, at::detail::Array<char*, 2> >(int, at::native::(anonymous namespace)::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}, at::detail::Array<char*, 2>)",
                                            KClass::Elementwise, 128, 16, 0};

// Inductor (torch.compile) fusions used by the tuned scenario.
inline constexpr KernelSpec kTritonRmsNorm{"triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0", KClass::Elementwise, 256, 40, 0};
inline constexpr KernelSpec kTritonRope{"triton_poi_fused_add_cat_mul_neg_slice_1", KClass::Elementwise, 256, 36, 0};
inline constexpr KernelSpec kTritonAddRmsNorm{"triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_2", KClass::Elementwise, 256, 44, 0};
inline constexpr KernelSpec kTritonSiluMul{"triton_poi_fused_mul_silu_3", KClass::Elementwise, 256, 28, 0};
inline constexpr KernelSpec kTritonAdd{"triton_poi_fused_add_4", KClass::Elementwise, 256, 20, 0};
inline constexpr KernelSpec kTritonSiluMulBwd{"triton_poi_fused_add_fill_mul_sigmoid_silu_sub_5", KClass::Elementwise, 256, 34, 0};
inline constexpr KernelSpec kTritonRmsNormBwd{"triton_red_fused__to_copy_add_div_mul_pow_sum_6", KClass::Elementwise, 256, 48, 0};
inline constexpr KernelSpec kTritonRopeBwd{"triton_poi_fused_add_cat_mul_neg_slice_7", KClass::Elementwise, 256, 36, 0};

// NCCL 2.18+ device kernels for FSDP's collectives on bf16 flat parameters.
inline constexpr KernelSpec kNcclAllGather{"ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", KClass::Nccl, 544, 96, 87568};
inline constexpr KernelSpec kNcclReduceScatter{"ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
                                                     KClass::Nccl, 544, 96, 87568};

// Kernel launch shapes as CUPTI reports them.
inline void gemmGrid(std::int64_t m, std::int64_t n, int out[3])
{
    out[0] = int((n + 127) / 128);
    out[1] = int((m + 127) / 128);
    out[2] = 1;
}
inline void elementwiseGrid(std::int64_t elements, int block, int out[3])
{
    const std::int64_t blocks = std::max<std::int64_t>(1, std::min<std::int64_t>((elements / 4 + block - 1) / block, 2147483647));
    out[0] = int(std::min<std::int64_t>(blocks, 65535 * 16));
    out[1] = 1;
    out[2] = 1;
}

} // namespace lanescope::synth::detail
