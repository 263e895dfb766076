// SPDX-License-Identifier: GPL-3.0-or-later
// Golden tests: small inline traces in each dialect the loader reads, next to the exact model they
// must produce (Perfetto's json diff tests are the model for this). Every expected figure below is
// worked out by hand from the inline text: µs * 1000 = ns, slices sorted by (start, longer first),
// depth = number of still-open enclosing slices.
#include "tests/core/LoadHelpers.h"

#include "core/parse/ContentWarnings.h"
#include "core/parse/EventArgs.h"

#include <QtTest>

#include <string>

using namespace lanescope;
using namespace lanescope::test;

class tst_LoaderDialects : public QObject
{
    Q_OBJECT

private slots:
    void modernKineto();
    void kineto2021();
    void rocm();
    void mtia();
    void contentWarnings_data();
    void contentWarnings();
    void cpuOnly();
    void stringPids();
    void uint64Args();
    void unsorted();
    void overlappingKernels();
    void chromeFormat();
    void bareArray_data();
    void bareArray();
    void correlationLinks();
    void headerOrder();
};

namespace {

// Checks one slice of a track: name, start, duration (ns), depth.
#define CHECK_SLICE(trace, track, i, nm, st, du, dp)                                                                  \
    do {                                                                                                               \
        QCOMPARE(sliceName(trace, track, i), QStringLiteral(nm));                                                      \
        QCOMPARE(qint64((track).start[i]), qint64(st));                                                                \
        QCOMPARE(qint64((track).dur[i]), qint64(du));                                                                  \
        QCOMPARE(int((track).depth[i]), int(dp));                                                                      \
    } while (false)

std::shared_ptr<Trace> mustLoad(const std::string &json, int threads = 1)
{
    LoadResult r = loadText(json, threads);
    if (!r.trace)
        qWarning("load failed: %s", qPrintable(r.error));
    return r.trace;
}

} // namespace

// Kineto since ~2022: lowercase categories, integer stream tids, 3-digit fractional µs,
// baseTimeNanoseconds, distributedInfo after traceEvents, ac2g flows, [memory] with totals.
void tst_LoaderDialects::modernKineto()
{
    const std::string json = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [
{"id": 0, "name": "NVIDIA A100-SXM4-80GB", "totalGlobalMem": 85899345920, "computeMajor": 8, "computeMinor": 0, "numSms": 108}
  ],
  "baseTimeNanoseconds": 1700000000000000000,
  "displayTimeUnit": "ms",
  "traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 100, "ts": 1000.500, "dur": 20.250, "args": {"External id": 1, "Input Dims": [[4, 4], [4, 4]]}},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 100, "ts": 1005.000, "dur": 5.125, "args": {"correlation": 77, "External id": 1}},
  {"ph": "X", "cat": "kernel", "name": "sm80_gemm", "pid": 0, "tid": 7, "ts": 1012.001, "dur": 30.000, "args": {"correlation": 77, "device": 0, "stream": 7}},
  {"ph": "s", "id": 77, "pid": 100, "tid": 100, "ts": 1005.000, "cat": "ac2g", "name": "ac2g"},
  {"ph": "f", "id": 77, "pid": 0, "tid": 7, "ts": 1012.001, "cat": "ac2g", "name": "ac2g", "bp": "e"},
  {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#3", "pid": 100, "tid": 100, "ts": 999.000, "dur": 100.000},
  {"ph": "X", "cat": "gpu_memcpy", "name": "Memcpy HtoD (Pinned -> Device)", "pid": 0, "tid": 8, "ts": 1050.000, "dur": 2.000},
  {"ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "[memory]", "pid": 100, "tid": 100, "ts": 1001.000, "args": {"Device Type": 1, "Device Id": 0, "Addr": 140000, "Bytes": 512, "Total Allocated": 1536, "Total Reserved": 2097152}},
  {"ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "[memory]", "pid": 100, "tid": 100, "ts": 1060.000, "args": {"Device Type": 1, "Device Id": 0, "Addr": 140000, "Bytes": -512, "Total Allocated": 1024, "Total Reserved": 2097152}},
  {"name": "process_name", "ph": "M", "ts": 999.000, "pid": 100, "tid": 0, "args": {"name": "python3"}},
  {"name": "process_labels", "ph": "M", "ts": 999.000, "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
  {"name": "process_sort_index", "ph": "M", "ts": 999.000, "pid": 0, "tid": 0, "args": {"sort_index": 16777216}},
  {"name": "process_sort_index", "ph": "M", "ts": 999.000, "pid": 100, "tid": 0, "args": {"sort_index": 100}},
  {"name": "thread_name", "ph": "M", "ts": 999.000, "pid": 0, "tid": 7, "args": {"name": "stream 7 "}},
  {"name": "thread_sort_index", "ph": "M", "ts": 999.000, "pid": 0, "tid": 8, "args": {"sort_index": 1}},
  {"name": "thread_name", "ph": "M", "ts": 999.000, "pid": 100, "tid": 100, "args": {"name": "thread 100 (python3)"}}
  ],
  "traceName": "host_100.1700000000.pt.trace.json",
  "distributedInfo": {"backend": "nccl", "rank": 3, "world_size": 8, "pg_config": [{"ranks": [0, 1]}]}
})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(16));
    QCOMPARE(t->malformedEvents, quint64(0));
    QVERIFY(!t->truncated);
    QVERIFY2(t->warnings.isEmpty(), qPrintable(t->warnings.join(QLatin1Char('\n'))));
    QCOMPARE(t->schemaVersion, 1);
    QCOMPARE(t->baseTimeNs, qint64(1700000000000000000LL));
    QCOMPARE(t->displayTimeUnit, QStringLiteral("ms"));
    QCOMPARE(t->rank, 3);
    QCOMPARE(t->worldSize, 8);
    QCOMPARE(t->backend, QStringLiteral("nccl"));
    QCOMPARE(t->devices.size(), std::size_t(1));
    QCOMPARE(t->devices[0].name, QStringLiteral("NVIDIA A100-SXM4-80GB"));
    QCOMPARE(t->devices[0].totalGlobalMem, qint64(85899345920LL));
    QCOMPARE(t->devices[0].computeMajor, 8);
    QCOMPARE(t->devices[0].numSms, 108);
    QCOMPARE(qint64(t->minTs), qint64(999000));
    QCOMPARE(qint64(t->maxTs), qint64(1099000));

    // Processes by sort index: the CPU process (100) before the GPU (16777216).
    QCOMPARE(t->processes.size(), std::size_t(2));
    QCOMPARE(t->processes[0].pid, qint64(100));
    QCOMPARE(t->processes[0].name, QStringLiteral("python3"));
    QCOMPARE(t->processes[1].pid, qint64(0));
    QCOMPARE(t->processes[1].labels, QStringLiteral("GPU 0"));
    QCOMPARE(t->processes[1].sortIndex, qint64(16777216));

    // Tracks: CPU thread, then GPU 0 stream 8 (thread_sort_index 1) before stream 7 (sort = tid 7).
    QCOMPARE(t->tracks.size(), std::size_t(3));
    const Track &cpu = t->tracks[0];
    QCOMPARE(cpu.kind, TrackKind::Cpu);
    QCOMPARE(cpu.pid, qint64(100));
    QCOMPARE(cpu.tid, qint64(100));
    QCOMPARE(cpu.name, QStringLiteral("thread 100 (python3)"));
    QCOMPARE(cpu.size(), std::size_t(3));
    QCOMPARE(int(cpu.maxDepth), 2);
    CHECK_SLICE(*t, cpu, 0, "ProfilerStep#3", 999000, 100000, 0);
    CHECK_SLICE(*t, cpu, 1, "aten::mm", 1000500, 20250, 1);
    CHECK_SLICE(*t, cpu, 2, "cudaLaunchKernel", 1005000, 5125, 2);
    QCOMPARE(t->category(cpu.catId[0]), QStringLiteral("user_annotation"));
    QCOMPARE(t->category(cpu.catId[1]), QStringLiteral("cpu_op"));
    QCOMPARE(t->category(cpu.catId[2]), QStringLiteral("cuda_runtime"));
    QCOMPARE(t->categoryClass[cpu.catId[2]], CategoryClass::Runtime);

    const Track &s8 = t->tracks[1];
    QCOMPARE(s8.kind, TrackKind::Gpu);
    QCOMPARE(s8.tid, qint64(8));
    QCOMPARE(s8.device, 0);
    QCOMPARE(s8.name, QStringLiteral("stream 8"));
    QCOMPARE(s8.sortIndex, qint64(1));
    QCOMPARE(s8.size(), std::size_t(1));
    CHECK_SLICE(*t, s8, 0, "Memcpy HtoD (Pinned -> Device)", 1050000, 2000, 0);

    const Track &s7 = t->tracks[2];
    QCOMPARE(s7.kind, TrackKind::Gpu);
    QCOMPARE(s7.pid, qint64(0));
    QCOMPARE(s7.tid, qint64(7));
    QCOMPARE(s7.name, QStringLiteral("stream 7")); // metadata "stream 7 " trimmed
    QCOMPARE(s7.size(), std::size_t(1));
    CHECK_SLICE(*t, s7, 0, "sm80_gemm", 1012001, 30000, 0);
    QCOMPARE(t->categoryClass[s7.catId[0]], CategoryClass::Kernel);
    // The model keeps the byte offset of the event's '{'.
    QCOMPARE(s7.fileOffset[0], quint64(json.find(R"JSON({"ph": "X", "cat": "kernel")JSON")));

    // One launch flow: cudaLaunchKernel -> sm80_gemm. Its correlation id adds no second link.
    QCOMPARE(t->flows.size(), std::size_t(1));
    QCOMPARE(t->flows[0].kind, FlowKind::Launch);
    QCOMPARE(t->flows[0].fromTrack, 0u);
    QCOMPARE(t->flows[0].fromSlice, 2u);
    QCOMPARE(t->flows[0].toTrack, 2u);
    QCOMPARE(t->flows[0].toSlice, 0u);

    QCOMPARE(t->memory.size(), std::size_t(1));
    const MemorySeries &m = t->memory[0];
    QCOMPARE(m.deviceType, 1);
    QCOMPARE(m.deviceId, 0);
    QVERIFY(m.totalsFromTrace);
    QCOMPARE(m.samples.size(), std::size_t(2));
    QCOMPARE(qint64(m.samples[0].ts), qint64(1001000));
    QCOMPARE(qint64(m.samples[0].bytes), qint64(512));
    QCOMPARE(qint64(m.samples[0].allocated), qint64(1536));
    QCOMPARE(qint64(m.samples[0].reserved), qint64(2097152));
    QCOMPARE(qint64(m.samples[1].ts), qint64(1060000));
    QCOMPARE(qint64(m.samples[1].bytes), qint64(-512));
    QCOMPARE(qint64(m.samples[1].allocated), qint64(1024));
    QCOMPARE(qint64(m.samples[1].reserved), qint64(2097152));
    QVERIFY(t->counters.empty());
}

// The 2021 dialect (tb_plugin samples): capitalised categories, tids as strings ("stream 7" and
// "25738", which is the same thread as numeric 25738), [memory] with only "Bytes", launch flows
// spelled cat "async" / name "launch", and a "Spans" process named by a string pid.
void tst_LoaderDialects::kineto2021()
{
    const std::string json = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "Tesla V100-DGXS-32GB", "totalGlobalMem": 34089730048, "computeMajor": 7, "computeMinor": 0, "numSms": 80}],
  "traceEvents": [
  {"ph": "X", "cat": "Operator", "name": "aten::conv2d", "pid": 25738, "tid": "25738", "ts": 1621401187223005, "dur": 120, "args": {"Input dims": [[32, 3, 224, 224]]}},
  {"ph": "X", "cat": "Runtime", "name": "cudaLaunchKernel", "pid": 25738, "tid": 25738, "ts": 1621401187223010, "dur": 8, "args": {"correlation": 5, "external id": 3}},
  {"ph": "X", "cat": "Kernel", "name": "implicit_convolve_sgemm", "pid": 0, "tid": "stream 7", "ts": 1621401187223030, "dur": 50, "args": {"queued": 0, "device": 0, "context": 1, "stream": 7, "correlation": 5, "external id": 3}},
  {"ph": "X", "cat": "Memset", "name": "Memset (Device)", "pid": 0, "tid": "stream 7", "ts": 1621401187223100, "dur": 2, "args": {"device": 0, "stream": 7, "correlation": 6}},
  {"ph": "s", "id": 5, "pid": 25738, "tid": 25738, "ts": 1621401187223010, "cat": "async", "name": "launch"},
  {"ph": "f", "id": 5, "pid": 0, "tid": "stream 7", "ts": 1621401187223030, "cat": "async", "name": "launch", "bp": "e"},
  {"ph": "i", "s": "t", "name": "[memory]", "pid": 25738, "tid": 25738, "ts": 1621401187223006, "args": {"Device Type": 1, "Device Id": 0, "Bytes": 1024}},
  {"ph": "i", "s": "t", "name": "[memory]", "pid": 25738, "tid": 25738, "ts": 1621401187223040, "args": {"Device Type": 1, "Device Id": 0, "Bytes": 4096}},
  {"ph": "i", "s": "t", "name": "[memory]", "pid": 25738, "tid": 25738, "ts": 1621401187223060, "args": {"Device Type": 1, "Device Id": 0, "Bytes": -1024}},
  {"name": "process_name", "ph": "M", "ts": 1621401187223000, "pid": 0, "tid": 0, "args": {"name": "python"}},
  {"name": "process_labels", "ph": "M", "ts": 1621401187223000, "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
  {"name": "thread_name", "ph": "M", "ts": 1621401187223000, "pid": 25738, "tid": "25738", "args": {"name": "thread 25738 (python)"}},
  {"ph": "X", "cat": "Trace", "ts": 1621401187223000, "dur": 1000, "pid": "Spans", "tid": "PyTorch Profiler", "name": "PyTorch Profiler (0)", "args": {"Op count": 0}},
  {"name": "process_sort_index", "ph": "M", "ts": 1621401187223000, "pid": "Spans", "tid": 0, "args": {"sort_index": 536870912}}
  ]
})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(14));
    QCOMPARE(t->malformedEvents, quint64(0));
    QVERIFY(!t->truncated);
    QVERIFY2(t->warnings.isEmpty(), qPrintable(t->warnings.join(QLatin1Char('\n'))));
    QCOMPARE(t->rank, -1);
    QCOMPARE(t->worldSize, -1);
    QCOMPARE(t->devices.size(), std::size_t(1));
    QCOMPARE(t->devices[0].name, QStringLiteral("Tesla V100-DGXS-32GB"));

    // Processes: 0 (sort 0), 25738 (sort 25738), "Spans" (sort 536870912).
    QCOMPARE(t->tracks.size(), std::size_t(3));
    const Track &gpu = t->tracks[0];
    QCOMPARE(gpu.kind, TrackKind::Gpu);
    QCOMPARE(gpu.pid, qint64(0));
    QCOMPARE(gpu.tid, qint64(7)); // "stream 7"
    QVERIFY(gpu.tidLabel.isEmpty());
    QCOMPARE(gpu.name, QStringLiteral("stream 7"));
    QCOMPARE(gpu.device, 0);
    QCOMPARE(gpu.size(), std::size_t(2));
    CHECK_SLICE(*t, gpu, 0, "implicit_convolve_sgemm", 1621401187223030000LL, 50000, 0);
    CHECK_SLICE(*t, gpu, 1, "Memset (Device)", 1621401187223100000LL, 2000, 0);
    QCOMPARE(t->categoryClass[gpu.catId[0]], CategoryClass::Kernel);
    QCOMPARE(t->categoryClass[gpu.catId[1]], CategoryClass::GpuMemset);

    const Track &cpu = t->tracks[1];
    QCOMPARE(cpu.kind, TrackKind::Cpu);
    QCOMPARE(cpu.pid, qint64(25738));
    QCOMPARE(cpu.tid, qint64(25738)); // "25738" and 25738 are one thread
    QCOMPARE(cpu.name, QStringLiteral("thread 25738 (python)"));
    QCOMPARE(cpu.size(), std::size_t(2));
    CHECK_SLICE(*t, cpu, 0, "aten::conv2d", 1621401187223005000LL, 120000, 0);
    CHECK_SLICE(*t, cpu, 1, "cudaLaunchKernel", 1621401187223010000LL, 8000, 1);
    QCOMPARE(t->categoryClass[cpu.catId[0]], CategoryClass::CpuOp);
    QCOMPARE(t->categoryClass[cpu.catId[1]], CategoryClass::Runtime);

    const Track &spans = t->tracks[2];
    QCOMPARE(spans.kind, TrackKind::Cpu);
    QCOMPARE(spans.pid, qint64(-1));
    QCOMPARE(spans.pidLabel, QStringLiteral("Spans"));
    QCOMPARE(spans.tid, qint64(-1));
    QCOMPARE(spans.tidLabel, QStringLiteral("PyTorch Profiler"));
    QCOMPARE(spans.name, QStringLiteral("PyTorch Profiler"));
    QCOMPARE(spans.size(), std::size_t(1));
    CHECK_SLICE(*t, spans, 0, "PyTorch Profiler (0)", 1621401187223000000LL, 1000000, 0);

    QCOMPARE(t->processes.size(), std::size_t(3));
    QCOMPARE(t->processes[0].pid, qint64(0));
    QCOMPARE(t->processes[0].name, QStringLiteral("python"));
    QCOMPARE(t->processes[2].pidLabel, QStringLiteral("Spans"));
    QCOMPARE(t->processes[2].sortIndex, qint64(536870912));

    // "async"/"launch" is the launch flow; the memset's correlation 6 has no runtime call.
    QCOMPARE(t->flows.size(), std::size_t(1));
    QCOMPARE(t->flows[0].kind, FlowKind::Launch);
    QCOMPARE(t->flows[0].fromTrack, 1u);
    QCOMPARE(t->flows[0].fromSlice, 1u);
    QCOMPARE(t->flows[0].toTrack, 0u);
    QCOMPARE(t->flows[0].toSlice, 0u);

    // Only "Bytes": allocated is the running sum, reserved unknown.
    QCOMPARE(t->memory.size(), std::size_t(1));
    const MemorySeries &m = t->memory[0];
    QCOMPARE(m.deviceType, 1);
    QCOMPARE(m.deviceId, 0);
    QVERIFY(!m.totalsFromTrace);
    QCOMPARE(m.samples.size(), std::size_t(3));
    const qint64 bytes[] = {1024, 4096, -1024};
    const qint64 allocated[] = {1024, 5120, 4096};
    const qint64 ts[] = {1621401187223006000LL, 1621401187223040000LL, 1621401187223060000LL};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(qint64(m.samples[size_t(i)].ts), ts[i]);
        QCOMPARE(qint64(m.samples[size_t(i)].bytes), bytes[i]);
        QCOMPARE(qint64(m.samples[size_t(i)].allocated), allocated[i]);
        QCOMPARE(qint64(m.samples[size_t(i)].reserved), qint64(-1));
    }
}

// ROCm (MI250): the same Kineto schema; GPU events on pid = device index, hip* runtime calls.
void tst_LoaderDialects::rocm()
{
    const std::string json = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [
{"id": 0, "name": "AMD Radeon Graphics", "totalGlobalMem": 68702699520, "computeMajor": 9, "computeMinor": 0, "warpSize": 64, "numSms": 104},
{"id": 1, "name": "AMD Radeon Graphics", "totalGlobalMem": 68702699520, "computeMajor": 9, "computeMinor": 0, "warpSize": 64, "numSms": 104}
  ],
  "record_shapes": 1,
  "traceEvents": [
  {"ph": "X", "cat": "cuda_runtime", "name": "hipMemcpyWithStream", "pid": 597913, "tid": 597913, "ts": 4203669603438.301, "dur": 60.204, "args": {"stream": "0x0", "correlation": 117, "size": "2560"}},
  {"ph": "s", "id": 117, "pid": 597913, "tid": 597913, "ts": 4203669603438.301, "cat": "ac2g", "name": "ac2g"},
  {"ph": "X", "cat": "gpu_memcpy", "name": "Memcpy HtoD (Host -> Device)", "pid": 1, "tid": 0, "ts": 4203669603454.206, "dur": 22.441, "args": {"device": 1, "stream": 0, "correlation": 117, "kind": "HtoD"}},
  {"ph": "f", "id": 117, "pid": 1, "tid": 0, "ts": 4203669603454.206, "cat": "ac2g", "name": "ac2g", "bp": "e"},
  {"ph": "X", "cat": "cuda_runtime", "name": "hipLaunchKernel", "pid": 597913, "tid": 597913, "ts": 4203669603500.000, "dur": 10.000, "args": {"correlation": 118}},
  {"ph": "X", "cat": "kernel", "name": "Cijk_Ailk_Bljk_SB_MT64x64x16", "pid": 1, "tid": 0, "ts": 4203669603520.010, "dur": 100.990, "args": {"device": 1, "stream": 0, "correlation": 118}},
  {"ph": "X", "cat": "gpu_user_annotation", "name": "Optimizer.step#SGD.step", "pid": 1, "tid": 0, "ts": 4203669603520.000, "dur": 200.000},
  {"name": "process_name", "ph": "M", "ts": 4203669603069.091, "pid": 597913, "tid": 0, "args": {"name": "python3"}},
  {"name": "process_labels", "ph": "M", "ts": 4203669603069.091, "pid": 1, "tid": 0, "args": {"labels": "GPU 1"}}
  ],
  "traceName": "rocm.pt.trace.json",
  "displayTimeUnit": "ms",
  "baseTimeNanoseconds": 1727000000000000000
})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(9));
    QVERIFY2(t->warnings.isEmpty(), qPrintable(t->warnings.join(QLatin1Char('\n'))));
    QCOMPARE(t->devices.size(), std::size_t(2));
    QCOMPARE(t->devices[1].id, 1);
    QCOMPARE(t->devices[1].name, QStringLiteral("AMD Radeon Graphics"));
    QCOMPARE(t->devices[1].computeMajor, 9);
    QCOMPARE(t->baseTimeNs, qint64(1727000000000000000LL));
    // deviceProperties lists the node's two GPUs; the work is on GPU 1 alone.
    QCOMPARE(t->tracedDevices().size(), std::size_t(1));
    QCOMPARE(t->tracedDevices().front()->id, 1);

    // Process 1 (GPU 1) sorts before 597913.
    QCOMPARE(t->tracks.size(), std::size_t(2));
    const Track &gpu = t->tracks[0];
    QCOMPARE(gpu.kind, TrackKind::Gpu);
    QCOMPARE(gpu.device, 1);
    QCOMPARE(gpu.tid, qint64(0));
    QCOMPARE(gpu.name, QStringLiteral("stream 0"));
    QCOMPARE(gpu.size(), std::size_t(3));
    CHECK_SLICE(*t, gpu, 0, "Memcpy HtoD (Host -> Device)", 4203669603454206LL, 22441, 0);
    // The annotation starts 10 ns before the kernel and encloses it.
    CHECK_SLICE(*t, gpu, 1, "Optimizer.step#SGD.step", 4203669603520000LL, 200000, 0);
    CHECK_SLICE(*t, gpu, 2, "Cijk_Ailk_Bljk_SB_MT64x64x16", 4203669603520010LL, 100990, 1);

    const Track &cpu = t->tracks[1];
    QCOMPARE(cpu.kind, TrackKind::Cpu);
    QCOMPARE(cpu.size(), std::size_t(2));
    CHECK_SLICE(*t, cpu, 0, "hipMemcpyWithStream", 4203669603438301LL, 60204, 0);
    CHECK_SLICE(*t, cpu, 1, "hipLaunchKernel", 4203669603500000LL, 10000, 0);

    // The memcpy comes by its ac2g flow; the kernel, which has none, by its correlation id.
    QCOMPARE(t->flows.size(), std::size_t(2));
    QCOMPARE(t->flows[0].kind, FlowKind::Launch);
    QCOMPARE(t->flows[0].fromTrack, 1u);
    QCOMPARE(t->flows[0].fromSlice, 0u);
    QCOMPARE(t->flows[0].toTrack, 0u);
    QCOMPARE(t->flows[0].toSlice, 0u);
    QCOMPARE(t->flows[1].kind, FlowKind::Correlation);
    QCOMPARE(t->flows[1].fromTrack, 1u);
    QCOMPARE(t->flows[1].fromSlice, 1u);
    QCOMPARE(t->flows[1].toTrack, 0u);
    QCOMPARE(t->flows[1].toSlice, 2u);
    QVERIFY(t->memory.empty());
}

// MTIA (Meta's accelerator, Kineto's MTIA activity profiler): device work is "mtia_ccp_events" in a
// process "MTIA N" whose pid is the device, on tids that are not the stream (args.stream is);
// launches are "mtia_runtime" with ac2g flows. Shaped on ../shared/traces/mtia-inference.json.gz.
void tst_LoaderDialects::mtia()
{
    const std::string json = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 9, "name": "ARTEMIS", "runtimeMajorVersion": 1, "runtimeMinorVersion": 30}],
  "traceEvents": [
  {"ph": "X", "cat": "mtia_runtime", "name": "runFunction - job_prep_and_submit_for_execution", "pid": 865, "tid": 1837, "ts": 100.000, "dur": 6.500, "args": {"correlation": 21600000, "device": 9, "stream_id": "1"}},
  {"ph": "s", "id": 21600000, "pid": 865, "tid": 1837, "ts": 100.000, "cat": "ac2g", "name": "ac2g"},
  {"ph": "X", "cat": "mtia_ccp_events", "name": "merge", "pid": 9, "tid": 3536, "ts": 110.250, "dur": 40.000, "args": {"correlation": 21600000, "stream": 1, "column": "0", "row": "0"}},
  {"ph": "f", "id": 21600000, "pid": 9, "tid": 3536, "ts": 110.250, "cat": "ac2g", "name": "ac2g", "bp": "e"},
  {"ph": "X", "cat": "mtia_ccp_events", "name": "dma_request", "pid": 9, "tid": 3570, "ts": 120.000, "dur": 5.000, "args": {"stream": 2, "direction": "DEVICE_TO_HOST", "size": 1024}},
  {"name": "process_name", "ph": "M", "ts": 0.0, "pid": 9, "tid": 0, "args": {"name": "MTIA 9"}},
  {"name": "process_labels", "ph": "M", "ts": 0.0, "pid": 9, "tid": 0, "args": {"labels": "MTIA 9"}},
  {"name": "thread_name", "ph": "M", "ts": 0.0, "pid": 9, "tid": 3536, "args": {"name": "Stream 1"}},
  {"name": "process_name", "ph": "M", "ts": 0.0, "pid": 865, "tid": 0, "args": {"name": "service"}}
  ],
  "displayTimeUnit": "ms"
})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QVERIFY2(t->warnings.isEmpty(), qPrintable(t->warnings.join(QLatin1Char('\n'))));
    QCOMPARE(countKind(*t, TrackKind::Gpu), 2);
    const Track *s1 = findTrack(*t, 9, 3536);
    const Track *s2 = findTrack(*t, 9, 3570);
    const Track *host = findTrack(*t, 865, 1837);
    QVERIFY(s1 && s2 && host);
    QCOMPARE(s1->kind, TrackKind::Gpu);
    QCOMPARE(s1->device, 9);
    QCOMPARE(s1->stream, qint64(1));
    QCOMPARE(s1->streamId(), qint64(1));
    QCOMPARE(s1->name, QStringLiteral("Stream 1")); // thread_name metadata wins
    QCOMPARE(s2->streamId(), qint64(2));
    QCOMPARE(s2->name, QStringLiteral("stream 2")); // derived from args.stream, not the tid
    QCOMPARE(host->kind, TrackKind::Cpu);
    QCOMPARE(host->stream, qint64(-1));
    QCOMPARE(t->categoryClass[host->catId[0]], CategoryClass::Runtime);
    QCOMPARE(t->categoryClass[s1->catId[0]], CategoryClass::Kernel);
    CHECK_SLICE(*t, *s1, 0, "merge", 110250, 40000, 0);
    // The launch flow joins the runtime call to the device work.
    QCOMPARE(countFlows(*t, FlowKind::Launch), 1);
    QCOMPARE(t->flows[0].fromTrack, quint32(trackIndex(*t, host)));
    QCOMPARE(t->flows[0].toTrack, quint32(trackIndex(*t, s1)));
    QCOMPARE(t->devices.size(), std::size_t(1));
    QCOMPARE(t->devices[0].id, 9);
}

// What the trace cannot tell is said once: device processes whose events are not device work, and
// the legacy exporter of a PyTorch built without Kineto (bare array, pid "CPU functions", no cat).
void tst_LoaderDialects::contentWarnings_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("legacy");
    QTest::addColumn<QString>("deviceWarning"); // empty: none expected; else a part of it

    const QByteArray hpu = R"({"traceEvents":[
{"ph":"X","cat":"hpu_op","name":"matmul","pid":0,"tid":1,"ts":10,"dur":5},
{"ph":"X","cat":"hpu_op","name":"add","pid":0,"tid":1,"ts":20,"dur":5},
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":100,"tid":100,"ts":5,"dur":30},
{"name":"process_labels","ph":"M","pid":0,"tid":0,"args":{"labels":"HPU 0"}}]})";
    QTest::newRow("unknown device category") << hpu << false << QStringLiteral("2 events on HPU 0 have categories hpu_op (2) that");
    QByteArray cuda = hpu;
    cuda.replace("\"hpu_op\"", "\"kernel\"");
    QTest::newRow("kernels on the device") << cuda << false << QString();
    QTest::newRow("mtia recognised") << QByteArray(R"({"traceEvents":[
{"ph":"X","cat":"mtia_ccp_events","name":"merge","pid":17,"tid":3,"ts":10,"dur":5,"args":{"stream":1}},
{"name":"process_name","ph":"M","pid":17,"tid":0,"args":{"name":"MTIA 17"}}]})") << false << QString();
    // Kineto names every visible GPU; one with no events says nothing about the trace.
    QTest::newRow("idle device named") << QByteArray(R"({"traceEvents":[
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":100,"tid":100,"ts":5,"dur":30},
{"name":"process_labels","ph":"M","pid":3,"tid":0,"args":{"labels":"GPU 3"}}]})") << false << QString();
    QTest::newRow("legacy exporter") << QByteArray(R"([
{"name":"aten::zeros","ph":"X","ts":254,"dur":38,"tid":1,"pid":"CPU functions","args":{}},
{"name":"ProfilerStep#1","ph":"X","ts":250,"dur":100,"tid":1,"pid":"CPU functions","args":{}}])") << true << QString();
    QTest::newRow("bare array with categories") << QByteArray(R"([
{"name":"aten::zeros","cat":"cpu_op","ph":"X","ts":254,"dur":38,"tid":1,"pid":"CPU functions"}])") << false << QString();
    QTest::newRow("object, no categories") << QByteArray(R"({"traceEvents":[
{"name":"aten::zeros","ph":"X","ts":254,"dur":38,"tid":1,"pid":"CPU functions"}]})") << false << QString();
}

void tst_LoaderDialects::contentWarnings()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, legacy);
    QFETCH(QString, deviceWarning);
    auto t = mustLoad(json.toStdString());
    QVERIFY(t);
    QCOMPARE(t->legacyProfiler, legacy);
    QCOMPARE(int(t->warnings.count(parse::legacyFormatWarning())), legacy ? 1 : 0);
    const bool hasDevice = anyWarningContains(*t, QStringLiteral("no accelerator work recognised"));
    QCOMPARE(hasDevice, !deviceWarning.isEmpty());
    QCOMPARE(t->unrecognisedDeviceWork, hasDevice);
    if (!deviceWarning.isEmpty())
        QVERIFY2(anyWarningContains(*t, deviceWarning), qPrintable(t->warnings.join(QLatin1Char('\n'))));
    QCOMPARE(t->warnings.size(), int(legacy) + int(hasDevice)); // nothing else to say about these
}

// A CPU-only trace (gloo): no GPU lane, no flows, no memory; distributedInfo before traceEvents.
void tst_LoaderDialects::cpuOnly()
{
    const std::string json = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [],
  "distributedInfo": {"backend": "gloo", "rank": 34, "world_size": 300},
  "username": "someone",
  "traceEvents": [
  {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "pid": 77, "tid": 77, "ts": 10, "dur": 90},
  {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 77, "tid": 77, "ts": 20, "dur": 10},
  {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 77, "tid": 77, "ts": 30, "dur": 10},
  {"ph": "X", "cat": "cpu_op", "name": "gloo:all_reduce", "pid": 77, "tid": 78, "ts": 40, "dur": 5},
  {"name": "thread_name", "ph": "M", "ts": 10, "pid": 77, "tid": 78, "args": {"name": "comm thread"}},
  {"name": "thread_sort_index", "ph": "M", "ts": 10, "pid": 77, "tid": 78, "args": {"sort_index": -5}}
  ]
})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(6));
    QCOMPARE(t->rank, 34);
    QCOMPARE(t->worldSize, 300);
    QCOMPARE(t->backend, QStringLiteral("gloo"));
    QVERIFY(t->devices.empty());
    QCOMPARE(countKind(*t, TrackKind::Gpu), 0);
    QVERIFY(t->flows.empty());
    QVERIFY(t->memory.empty());
    // thread_sort_index -5 puts the comm thread first.
    QCOMPARE(t->tracks.size(), std::size_t(2));
    QCOMPARE(t->tracks[0].tid, qint64(78));
    QCOMPARE(t->tracks[0].name, QStringLiteral("comm thread"));
    QCOMPARE(t->tracks[0].sortIndex, qint64(-5));
    const Track &main = t->tracks[1];
    QCOMPARE(main.name, QStringLiteral("thread 77"));
    QCOMPARE(main.size(), std::size_t(3));
    // Touching slices (one ends where the next starts) are siblings.
    CHECK_SLICE(*t, main, 0, "ProfilerStep#2", 10000, 90000, 0);
    CHECK_SLICE(*t, main, 1, "aten::add", 20000, 10000, 1);
    CHECK_SLICE(*t, main, 2, "aten::add", 30000, 10000, 1);
    QCOMPARE(main.nameId[1], main.nameId[2]); // interned once
}

// String pids other than Kineto's "Spans": "Traces", and the empty string.
void tst_LoaderDialects::stringPids()
{
    const std::string json = R"JSON({"traceEvents": [
  {"name": "Iteration Start: PyTorch Profiler", "ph": "i", "s": "g", "pid": "Traces", "tid": "Trace PyTorch Profiler", "ts": 5},
  {"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": 9},
  {"ph": "X", "name": "a", "pid": "Traces", "tid": 3, "ts": 6, "dur": 1},
  {"ph": "X", "name": "b", "pid": 12.5, "tid": 3, "ts": 7, "dur": 1}
]})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(4));
    QCOMPARE(t->tracks.size(), std::size_t(4));
    int traces = 0, labelled = 0;
    for (const Track &tr : t->tracks) {
        QCOMPARE(tr.kind, TrackKind::Cpu);
        QCOMPARE(tr.size(), std::size_t(1));
        if (tr.pidLabel == QLatin1String("Traces"))
            ++traces;
        if (tr.pidLabel == QLatin1String("12.5")) // a fractional pid is a label, not a number
            ++labelled;
    }
    QCOMPARE(traces, 2);
    QCOMPARE(labelled, 1);
    const Track *traceLane = nullptr;
    for (const Track &tr : t->tracks)
        if (tr.tidLabel == QLatin1String("Trace PyTorch Profiler"))
            traceLane = &tr;
    QVERIFY(traceLane);
    QCOMPARE(traceLane->name, QStringLiteral("Trace PyTorch Profiler"));
    CHECK_SLICE(*t, *traceLane, 0, "Iteration Start: PyTorch Profiler", 5000, 0, 0);
}

// 64-bit integer args (NCCL "Comms Id" hashes) come back exact from the file.
void tst_LoaderDialects::uint64Args()
{
    const std::string json = R"JSON({"traceEvents": [
{"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)", "pid": 0, "tid": 20, "ts": 100.5, "dur": 50, "args": {"Comms Id": 18446744073709551557, "Seq": 9223372036854775808, "In msg nelems": -9223372036854775808, "Group size": 2, "bw": 1.25, "Process Group Ranks": "[0, 1]", "shape": [[1024], [2]], "flag": true, "nothing": null, "nested": {"k": "v"}}}
]})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->tracks.size(), std::size_t(1));
    const Track &tr = t->tracks[0];
    QCOMPARE(tr.fileOffset[0], quint64(json.find(R"JSON({"ph")JSON")));
    const EventDetails d = readEventDetails(*t, tr.fileOffset[0]);
    QVERIFY2(d.ok, qPrintable(d.error));
    const QVariant comms = d.args.value(QStringLiteral("Comms Id"));
    QCOMPARE(comms.typeId(), int(QMetaType::ULongLong));
    QCOMPARE(comms.toULongLong(), Q_UINT64_C(18446744073709551557));
    QCOMPARE(d.args.value(QStringLiteral("Seq")).toULongLong(), Q_UINT64_C(9223372036854775808));
    const QVariant nelems = d.args.value(QStringLiteral("In msg nelems"));
    QCOMPARE(nelems.typeId(), int(QMetaType::LongLong));
    QCOMPARE(nelems.toLongLong(), std::numeric_limits<qint64>::min());
    QCOMPARE(d.args.value(QStringLiteral("Group size")).toLongLong(), qint64(2));
    QCOMPARE(d.args.value(QStringLiteral("bw")).toDouble(), 1.25);
    QCOMPARE(d.args.value(QStringLiteral("Process Group Ranks")).toString(), QStringLiteral("[0, 1]"));
    QCOMPARE(d.args.value(QStringLiteral("shape")).toList().size(), 2);
    QCOMPARE(d.args.value(QStringLiteral("shape")).toList().at(0).toList().at(0).toLongLong(), qint64(1024));
    QCOMPARE(d.args.value(QStringLiteral("flag")).toBool(), true);
    QVERIFY(d.args.contains(QStringLiteral("nothing")));
    QVERIFY(!d.args.value(QStringLiteral("nothing")).isValid());
    QCOMPARE(d.args.value(QStringLiteral("nested")).toMap().value(QStringLiteral("k")).toString(), QStringLiteral("v"));
    QVERIFY(d.json.contains(QStringLiteral("18446744073709551557")));
    QVERIFY(d.json.contains(QStringLiteral("ncclKernel_AllReduce")));

    // An offset that is not in the file is an error, not a crash.
    const EventDetails bad = readEventDetails(*t, quint64(json.size()) + 10);
    QVERIFY(!bad.ok);
    QVERIFY(!bad.error.isEmpty());
}

// Events in no particular order (merged files, hand-edited traces): sorted per track; a flow's
// 'f' listed before its 's' still pairs.
void tst_LoaderDialects::unsorted()
{
    const std::string json = R"JSON({"traceEvents": [
  {"ph": "f", "id": 1, "cat": "ac2g", "name": "ac2g", "pid": 0, "tid": 7, "ts": 260, "bp": "e"},
  {"ph": "X", "cat": "kernel", "name": "k2", "pid": 0, "tid": 7, "ts": 260, "dur": 10, "args": {"correlation": 2}},
  {"ph": "X", "cat": "cpu_op", "name": "leaf", "pid": 1, "tid": 1, "ts": 150, "dur": 10},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 155, "dur": 3, "args": {"correlation": 2}},
  {"ph": "X", "cat": "cpu_op", "name": "root", "pid": 1, "tid": 1, "ts": 100, "dur": 100},
  {"ph": "X", "cat": "kernel", "name": "k1", "pid": 0, "tid": 7, "ts": 210, "dur": 20},
  {"ph": "s", "id": 1, "cat": "ac2g", "name": "ac2g", "pid": 1, "tid": 1, "ts": 156},
  {"ph": "X", "cat": "cpu_op", "name": "first", "pid": 1, "tid": 1, "ts": 50, "dur": 5}
]})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(8));
    QCOMPARE(t->tracks.size(), std::size_t(2));
    const Track *gpu = findTrack(*t, 0, 7);
    const Track *cpu = findTrack(*t, 1, 1);
    QVERIFY(gpu && cpu);
    QCOMPARE(cpu->size(), std::size_t(4));
    CHECK_SLICE(*t, *cpu, 0, "first", 50000, 5000, 0);
    CHECK_SLICE(*t, *cpu, 1, "root", 100000, 100000, 0);
    CHECK_SLICE(*t, *cpu, 2, "leaf", 150000, 10000, 1);
    CHECK_SLICE(*t, *cpu, 3, "cudaLaunchKernel", 155000, 3000, 2);
    QCOMPARE(gpu->size(), std::size_t(2));
    CHECK_SLICE(*t, *gpu, 0, "k1", 210000, 20000, 0);
    CHECK_SLICE(*t, *gpu, 1, "k2", 260000, 10000, 0);
    for (std::size_t i = 1; i < cpu->size(); ++i)
        QVERIFY(cpu->start[i - 1] <= cpu->start[i]);
    QCOMPARE(t->flows.size(), std::size_t(1)); // the flow; the correlation then adds nothing
    QCOMPARE(t->flows[0].kind, FlowKind::Launch);
    QCOMPARE(int(t->flows[0].fromTrack), trackIndex(*t, cpu));
    QCOMPARE(t->flows[0].fromSlice, 3u);
    QCOMPARE(int(t->flows[0].toTrack), trackIndex(*t, gpu));
    QCOMPARE(t->flows[0].toSlice, 1u);
}

// Two kernels overlapping on one stream (e.g. a profiler timing quirk): both kept, stacked.
void tst_LoaderDialects::overlappingKernels()
{
    const std::string json = R"JSON({"traceEvents": [
  {"ph": "X", "cat": "kernel", "name": "A", "pid": 0, "tid": 7, "ts": 0, "dur": 100},
  {"ph": "X", "cat": "kernel", "name": "B", "pid": 0, "tid": 7, "ts": 50, "dur": 100},
  {"ph": "X", "cat": "kernel", "name": "C", "pid": 0, "tid": 7, "ts": 200, "dur": 10},
  {"ph": "X", "cat": "kernel", "name": "D", "pid": 0, "tid": 7, "ts": 200, "dur": 30}
]})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->tracks.size(), std::size_t(1));
    const Track &g = t->tracks[0];
    QCOMPARE(g.kind, TrackKind::Gpu);
    QCOMPARE(g.size(), std::size_t(4));
    CHECK_SLICE(*t, g, 0, "A", 0, 100000, 0);
    CHECK_SLICE(*t, g, 1, "B", 50000, 100000, 1);
    CHECK_SLICE(*t, g, 2, "D", 200000, 30000, 0); // same start: the longer one first
    CHECK_SLICE(*t, g, 3, "C", 200000, 10000, 1);
    QCOMPARE(int(g.maxDepth), 1);
}

// Plain Chrome Trace Event Format: B/E (with one unmatched of each), X, i/I, C, M, s/t/f, b/n/e.
void tst_LoaderDialects::chromeFormat()
{
    const std::string json = R"JSON({"displayTimeUnit": "ns", "traceEvents": [
 {"ph": "B", "name": "outer", "cat": "c", "pid": 1, "tid": 1, "ts": 10},
 {"ph": "B", "name": "inner", "cat": "c", "pid": 1, "tid": 1, "ts": 20},
 {"ph": "E", "pid": 1, "tid": 1, "ts": 30},
 {"ph": "E", "pid": 1, "tid": 1, "ts": 40},
 {"ph": "E", "pid": 1, "tid": 1, "ts": 45},
 {"ph": "B", "name": "open", "cat": "c", "pid": 1, "tid": 2, "ts": 50},
 {"ph": "X", "name": "x1", "cat": "c", "pid": 1, "tid": 2, "ts": 60, "dur": 5},
 {"ph": "i", "name": "mark", "cat": "c", "pid": 1, "tid": 2, "ts": 62, "s": "t"},
 {"ph": "I", "name": "mark2", "cat": "c", "pid": 1, "tid": 2, "ts": 63},
 {"ph": "C", "name": "ctr", "pid": 1, "ts": 10, "args": {"cats": 10, "dogs": 3.5}},
 {"ph": "C", "name": "ctr", "pid": 1, "ts": 5, "args": {"cats": 1, "dogs": 2}},
 {"ph": "C", "name": "load", "pid": 1, "ts": 7, "args": {"value": 0.25}},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "worker"}},
 {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "chrome"}},
 {"ph": "s", "id": "0x10", "cat": "foo", "name": "f", "pid": 1, "tid": 1, "ts": 15},
 {"ph": "t", "id": "0x10", "cat": "foo", "name": "f", "pid": 1, "tid": 2, "ts": 61},
 {"ph": "f", "id": "0x10", "cat": "foo", "name": "f", "pid": 1, "tid": 1, "ts": 25, "bp": "e"},
 {"ph": "b", "id": 7, "cat": "net", "name": "request", "pid": 1, "ts": 100},
 {"ph": "n", "id": 7, "cat": "net", "name": "request", "pid": 1, "ts": 110},
 {"ph": "e", "id": 7, "cat": "net", "name": "request", "pid": 1, "ts": 150},
 {"ph": "P", "name": "sample", "pid": 1, "tid": 1, "ts": 1}
]})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(21));
    QCOMPARE(t->malformedEvents, quint64(0));
    QVERIFY(!t->truncated);
    QCOMPARE(t->displayTimeUnit, QStringLiteral("ns"));
    QCOMPARE(qint64(t->minTs), qint64(5000));
    QCOMPARE(qint64(t->maxTs), qint64(150000));
    QVERIFY(anyWarningContains(*t, QStringLiteral("1 end events had no matching begin")));
    QVERIFY(anyWarningContains(*t, QStringLiteral("1 slices began but never ended")));
    QVERIFY(anyWarningContains(*t, QStringLiteral("phase 'P'")));
    QCOMPARE(t->warnings.size(), 3);

    QCOMPARE(t->processes.size(), std::size_t(1));
    QCOMPARE(t->processes[0].name, QStringLiteral("chrome"));
    // Async lane (tid -1) first, then tid 1, tid 2.
    QCOMPARE(t->tracks.size(), std::size_t(3));
    const Track &async = t->tracks[0];
    QCOMPARE(async.tid, qint64(-1));
    QCOMPARE(async.tidLabel, QStringLiteral("request"));
    QCOMPARE(async.name, QStringLiteral("request"));
    QCOMPARE(async.size(), std::size_t(2));
    CHECK_SLICE(*t, async, 0, "request", 100000, 50000, 0);
    CHECK_SLICE(*t, async, 1, "request", 110000, 0, 1);
    QCOMPARE(t->category(async.catId[0]), QStringLiteral("net"));

    const Track &t1 = t->tracks[1];
    QCOMPARE(t1.tid, qint64(1));
    QCOMPARE(t1.name, QStringLiteral("thread 1"));
    QCOMPARE(t1.size(), std::size_t(2));
    CHECK_SLICE(*t, t1, 0, "outer", 10000, 30000, 0);
    CHECK_SLICE(*t, t1, 1, "inner", 20000, 10000, 1);

    const Track &t2 = t->tracks[2];
    QCOMPARE(t2.tid, qint64(2));
    QCOMPARE(t2.name, QStringLiteral("worker"));
    QCOMPARE(t2.size(), std::size_t(4));
    CHECK_SLICE(*t, t2, 0, "open", 50000, 100000, 0); // unmatched B: drawn to the trace's end (150 µs)
    CHECK_SLICE(*t, t2, 1, "x1", 60000, 5000, 1);
    CHECK_SLICE(*t, t2, 2, "mark", 62000, 0, 2);
    CHECK_SLICE(*t, t2, 3, "mark2", 63000, 0, 2);

    // s (in outer) -> t (in x1) -> f (bound to the enclosing slice, inner).
    QCOMPARE(t->flows.size(), std::size_t(2));
    QCOMPARE(t->flows[0].kind, FlowKind::Other);
    QCOMPARE(t->flows[0].fromTrack, 1u);
    QCOMPARE(t->flows[0].fromSlice, 0u);
    QCOMPARE(t->flows[0].toTrack, 2u);
    QCOMPARE(t->flows[0].toSlice, 1u);
    QCOMPARE(t->flows[1].fromTrack, 2u);
    QCOMPARE(t->flows[1].fromSlice, 1u);
    QCOMPARE(t->flows[1].toTrack, 1u);
    QCOMPARE(t->flows[1].toSlice, 1u);

    // Counters: one series per arg ("name arg") unless there is a single arg; sorted by time.
    QCOMPARE(t->counters.size(), std::size_t(3));
    QCOMPARE(t->counters[0].name, QStringLiteral("ctr cats"));
    QCOMPARE(t->counters[0].pid, qint64(1));
    QCOMPARE(t->counters[0].ts, (std::vector<TimeNs>{5000, 10000}));
    QCOMPARE(t->counters[0].value, (std::vector<double>{1, 10}));
    QCOMPARE(t->counters[1].name, QStringLiteral("ctr dogs"));
    QCOMPARE(t->counters[1].value, (std::vector<double>{2, 3.5}));
    QCOMPARE(t->counters[2].name, QStringLiteral("load"));
    QCOMPARE(t->counters[2].ts, (std::vector<TimeNs>{7000}));
    QCOMPARE(t->counters[2].value, (std::vector<double>{0.25}));
}

// The bare-array form of the Trace Event Format; the closing ']' is optional there.
void tst_LoaderDialects::bareArray_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("events");
    QTest::addColumn<bool>("truncated");
    const QByteArray a = R"JSON({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 2})JSON";
    const QByteArray b = R"JSON({"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 4, "dur": 1})JSON";
    QTest::newRow("closed") << "[" + a + "," + b + "]" << 2 << false;
    QTest::newRow("closed, whitespace") << " \n[\n  " + a + ",\n  " + b + "\n]\n" << 2 << false;
    QTest::newRow("no closing bracket") << "[" + a + "," + b << 2 << false;
    QTest::newRow("trailing comma, no bracket") << "[" + a + ",\n" + b + ",\n" << 2 << false;
    QTest::newRow("byte-order mark") << "\xEF\xBB\xBF[" + a + "]" << 1 << false;
    QTest::newRow("cut inside an event") << "[" + a + "," + b.left(20) << 1 << true;
    QTest::newRow("empty array") << QByteArray("[]") << 0 << false;
}
void tst_LoaderDialects::bareArray()
{
    QFETCH(QByteArray, json);
    QFETCH(int, events);
    QFETCH(bool, truncated);
    LoadResult r = loadText(json.toStdString());
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->eventCount, quint64(events));
    QCOMPARE(r.trace->truncated, truncated);
    QCOMPARE(r.trace->sliceCount(), std::size_t(events));
    if (events >= 1) {
        const Track &tr = r.trace->tracks[0];
        CHECK_SLICE(*r.trace, tr, 0, "a", 1000, 2000, 0);
    }
}

// Kernels whose launch has no flow event are linked by args.correlation; kernels that have one
// are not linked twice; a correlation id with no runtime call links nothing.
void tst_LoaderDialects::correlationLinks()
{
    const std::string json = R"JSON({"traceEvents": [
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 9, "tid": 9, "ts": 10, "dur": 2, "args": {"correlation": 5}},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaMemcpyAsync", "pid": 9, "tid": 9, "ts": 20, "dur": 2, "args": {"correlation": 6}},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 9, "tid": 9, "ts": 30, "dur": 2, "args": {"correlation": 7}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 9, "tid": 9, "ts": 40, "dur": 2, "args": {"correlation": 8}},
  {"ph": "X", "cat": "kernel", "name": "k5", "pid": 0, "tid": 7, "ts": 15, "dur": 3, "args": {"correlation": 5}},
  {"ph": "X", "cat": "gpu_memcpy", "name": "m6", "pid": 0, "tid": 7, "ts": 25, "dur": 3, "args": {"correlation": 6}},
  {"ph": "X", "cat": "kernel", "name": "k7", "pid": 0, "tid": 7, "ts": 35, "dur": 3, "args": {"correlation": 7}},
  {"ph": "X", "cat": "kernel", "name": "k8", "pid": 0, "tid": 7, "ts": 45, "dur": 3, "args": {"correlation": 8}},
  {"ph": "X", "cat": "kernel", "name": "k9", "pid": 0, "tid": 7, "ts": 55, "dur": 3, "args": {"correlation": 9}},
  {"ph": "s", "id": 7, "cat": "ac2g", "name": "ac2g", "pid": 9, "tid": 9, "ts": 30},
  {"ph": "f", "id": 7, "cat": "ac2g", "name": "ac2g", "pid": 0, "tid": 7, "ts": 35, "bp": "e"}
]})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    const Track *gpu = findTrack(*t, 0, 7);
    const Track *cpu = findTrack(*t, 9, 9);
    QVERIFY(gpu && cpu);
    const int g = trackIndex(*t, gpu), c = trackIndex(*t, cpu);
    QCOMPARE(t->flows.size(), std::size_t(3));
    QCOMPARE(countFlows(*t, FlowKind::Launch), 1);
    QCOMPARE(countFlows(*t, FlowKind::Correlation), 2);
    // Expected (from cpu slice, to gpu slice, kind): launch 7 by flow; 5 and 6 by correlation.
    // k8's correlation matches a cpu_op (not a runtime call) and k9's nothing: no link.
    struct E
    {
        unsigned from, to;
        FlowKind kind;
    };
    const E expected[] = {{2, 2, FlowKind::Launch}, {0, 0, FlowKind::Correlation}, {1, 1, FlowKind::Correlation}};
    for (const E &e : expected) {
        bool found = false;
        for (const Flow &f : t->flows)
            found |= int(f.fromTrack) == c && f.fromSlice == e.from && int(f.toTrack) == g && f.toSlice == e.to
                && f.kind == e.kind;
        QVERIFY2(found, qPrintable(QStringLiteral("missing flow %1 -> %2").arg(e.from).arg(e.to)));
    }
}

// Header keys may come in any order and unknown keys (with nested values) are skipped.
void tst_LoaderDialects::headerOrder()
{
    const std::string json = R"JSON({"INFO": {"a": [1, {"b": "]}"}]}, "traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1}], "traceName": "t", "deviceProperties": [{"id": 3, "name": "GPU \"x\""}], "distributedInfo": {"rank": 1}, "schemaVersion": 2})JSON";
    auto t = mustLoad(json);
    QVERIFY(t);
    QCOMPARE(t->eventCount, quint64(1));
    QCOMPARE(t->rank, 1);
    QCOMPARE(t->worldSize, -1);
    QCOMPARE(t->schemaVersion, 2);
    QCOMPARE(t->devices.size(), std::size_t(1));
    QCOMPARE(t->devices[0].id, 3);
    QCOMPARE(t->devices[0].name, QStringLiteral("GPU \"x\""));
    QVERIFY(t->warnings.isEmpty());
}


QTEST_GUILESS_MAIN(tst_LoaderDialects)
#include "tst_loader_dialects.moc"
