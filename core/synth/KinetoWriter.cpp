// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/synth/KinetoWriter.h"

#include "core/synth/KinetoText.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace lanescope::synth::detail {
namespace {

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
    TimeNs origin() const
    {
        return TimeNs(4812345678901000LL) + TimeNs(cfg.seed % 100000) * 1000000 + rank.skewNs + cfg.clockOffsetNs;
    }

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
        appendInt(s, baseTimeNs(cfg));
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

} // namespace

std::string writeKinetoTrace(const SynthConfig &config, const Rank &rank, std::int64_t reservedBase, TimeNs traceEnd)
{
    Writer w(config, rank);
    w.reservedBase = reservedBase;
    return w.write(traceEnd);
}

} // namespace lanescope::synth::detail
