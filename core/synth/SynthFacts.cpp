// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/synth/SynthFacts.h"

#include "core/analysis/run/Steps.h"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace lanescope::synth::detail {
namespace {

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
    // What the critical path of each step must find (core/analysis/measures/critical_path/CriticalPath.h): the compute
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

std::string writeFacts(const SynthConfig &config, const SimulatedRun &run,
                       const std::vector<std::int64_t> &reservedBases)
{
    const int written = std::max(1, config.ranksToWrite);
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
        w.Double(usOf(run.ranks[std::size_t(k)]->skewNs));
    }
    w.EndObject();
    key(w, "collectives");
    w.Int(run.collectives);
    // Per collective kind, size S (bytes) and group size: rank 0's calls and the busbw of its
    // kernels (what analyze RANK0 --json's collectives.by_type must find); over the written ranks
    // (two or more), the transfer (each call's shortest kernel), the skew (the rest) and the busbw
    // on transfer time (what analyze DIR --json's job.collectives must find).
    key(w, "collective_bandwidth");
    w.StartArray();
    for (const auto &[k, f] : run.collectiveFacts) {
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
        w.Int64(run.matchedCalls);
        key(w, "transfer_us");
        w.Double(usOf(run.transferTotalNs));
        key(w, "skew_us");
        w.Double(usOf(run.skewTotalNs));
        key(w, "skew_by_rank");
        w.StartArray();
        for (std::size_t k = 0; k < run.skewByRank.size(); ++k) {
            w.StartObject();
            key(w, "rank");
            w.Int(int(k));
            key(w, "duration_us");
            w.Double(usOf(run.durationByRank[k]));
            key(w, "skew_us");
            w.Double(usOf(run.skewByRank[k]));
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
        writeRankFacts(w, config, *run.ranks[ki], reservedBases[ki], file, ki < run.madeOthersWait.size() ? run.madeOthersWait[ki] : 0,
                       ki < run.timesLast.size() ? run.timesLast[ki] : 0, config.activeSteps);
    }
    w.EndArray();
    w.EndObject();
    std::string facts(buf.GetString(), buf.GetSize());
    facts += '\n';
    return facts;
}

} // namespace lanescope::synth::detail
