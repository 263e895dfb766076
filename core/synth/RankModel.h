// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One simulated rank: what its profiler records (CPU ops, [memory] instants, runtime calls, GPU
// activities and annotations), the CPU and stream clocks that place them, and the facts kept on the
// way (steps, launch-bound phases, the compute stream's gaps, the FLOPs of counted ops).
#include "core/synth/CuptiTypes.h"
#include "core/synth/SplitMix64.h"
#include "core/synth/SynthModel.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lanescope::synth::detail {

// CUDA's launch queue holds about a thousand pending kernels per stream; beyond that
// cudaLaunchKernel blocks, which is what keeps a GPU-bound CPU from running a whole step ahead.
constexpr std::size_t kLaunchQueueDepth = 1024;

// A gap on the compute stream shorter than this is launch jitter, not worth a fact.
constexpr TimeNs kFactGapNs = 1000000; // 1 ms

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
          baseSlow(rank == c.straggler ? c.stragglerSlowdown : 1.0), slow(baseSlow)
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
    const double baseSlow; // compute slowdown of a straggler
    double slow;           // this step's: baseSlow x the cycle's scale and noise (stepComputeFactor)

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
    // The most negative (reservedDelta - allocated) seen: synthesize() keeps reserved above allocated.
    std::int64_t minReservedMargin = 0;
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

} // namespace lanescope::synth::detail
