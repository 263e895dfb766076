// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What CUPTI reports and Kineto writes, as the synthesizer models it: runtime callback ids, CUDA
// streams, kinds of GPU activity, why a stream idled, and a kernel's name and launch shape.
#include <cstdint>

namespace lanescope::synth::detail {

using TimeNs = std::int64_t;

// CUPTI runtime callback ids (cupti_runtime_cbid.h), as Kineto writes them in args.cbid; the
// values are those real Kineto recordings carry.
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

enum class GpuKind : std::uint8_t { Kernel, Memcpy, Memset };
enum class Cause : std::uint8_t { HostLaunch, CommWait, Allocator, Sync, Dataloader };

inline const char *causeName(Cause c)
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

} // namespace lanescope::synth::detail
