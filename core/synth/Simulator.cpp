// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/synth/Simulator.h"

#include "core/synth/KernelCatalogue.h"
#include "core/synth/KinetoText.h"
#include "core/synth/SplitMix64.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace lanescope::synth::detail {
namespace {

// Kineto draws a gpu_user_annotation from 1 µs before its first kernel to 0.5 µs after its last
// (as in the recorded a100-2rank-nccl trace), so it strictly encloses them.
constexpr TimeNs kAnnotationLeadNs = 1000;
constexpr TimeNs kAnnotationTailNs = 500;

constexpr int kPackedDocuments = 96; // documents packed into a step's two 4096-token sequences

// ---------------------------------------------------------------------------------------------
// The program: a training step of a LLaMA-style model under FSDP, issued in lockstep on every
// simulated rank so that collectives start when the last rank arrives.

class Simulator : public SimulatedRun
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
        const double factor = stepComputeFactor(cfg, number);
        all([&](Rank &r) {
            r.slow = r.baseSlow * factor;
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

} // namespace

SimulatedRun simulate(const SynthConfig &config)
{
    Simulator sim(config);
    sim.run();
    return std::move(static_cast<SimulatedRun &>(sim));
}

} // namespace lanescope::synth::detail
