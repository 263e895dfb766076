// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The loaded trace: columnar, compact and immutable once the loader hands it out.
#include "core/model/SliceColumns.h"
#include "core/model/StringTable.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace lanescope {

class MappedSource;

using TimeNs = std::int64_t; // all model times are integer nanoseconds on the trace's own clock

enum class TrackKind : std::uint8_t { Cpu, Gpu, Counter };
const char *trackKindName(TrackKind kind);

// What an event's category says about where it ran; decides the track kind.
enum class CategoryClass : std::uint8_t {
    CpuOp,          // cpu_op, Operator
    UserAnnotation, // user_annotation, python_function
    Runtime,        // cuda_runtime, cuda_driver, Runtime, Driver, mtia_runtime
    Kernel,         // kernel, Kernel, mtia_ccp_events (MTIA's on-device work)
    GpuMemcpy,      // gpu_memcpy, Memcpy
    GpuMemset,      // gpu_memset, Memset
    GpuAnnotation,  // gpu_user_annotation
    Other
};
CategoryClass classifyCategory(std::string_view cat);
inline bool isGpuCategory(CategoryClass c)
{
    return c == CategoryClass::Kernel || c == CategoryClass::GpuMemcpy || c == CategoryClass::GpuMemset
        || c == CategoryClass::GpuAnnotation;
}

// One lane: a CPU thread, a GPU stream of one device, or an async/other lane of a process.
// Slices are flat columns sorted by (start, longer first); index i is the same slice in every column.
struct Track
{
    TrackKind kind = TrackKind::Cpu;
    std::int64_t pid = 0;       // numeric pid, or -1 when the pid is a label (pidLabel)
    std::int64_t tid = 0;       // numeric tid / CUDA stream, or -1 when a label (tidLabel)
    std::int64_t stream = -1;   // the device stream its events name in args.stream, -1 if none
    QString pidLabel;           // set when the trace names the process with a string ("Spans")
    QString tidLabel;           // set when the thread id is a string that is not a number
    QString name;               // thread_name metadata, or derived ("stream 7")
    std::int64_t sortIndex = 0; // thread_sort_index metadata, else tid
    int device = -1;            // GPU index for GPU tracks
    std::uint16_t maxDepth = 0;

    std::vector<TimeNs> start;
    DurationColumn dur; // 4 bytes a slice; see SliceColumns.h
    std::vector<StringId> nameId;
    std::vector<std::uint16_t> catId; // index into Trace::categories
    DepthColumn depth;  // 1 byte a slice; see SliceColumns.h
    OffsetColumn fileOffset; // byte offset of the event's '{' (args are read from there); 4 bytes a slice

    std::size_t size() const { return start.size(); }
    TimeNs end(std::size_t i) const { return start[i] + dur[i]; }
    // The stream a user knows the lane by: args.stream where the events carry it (MTIA writes
    // tid 3774 for "Stream 108"), else the tid (CUDA writes the stream as the tid).
    std::int64_t streamId() const { return stream >= 0 ? stream : tid; }
    // One past the last slice starting at or before t (binary search on the sorted starts).
    std::size_t upperBoundStart(TimeNs t) const;
};

struct Process
{
    std::int64_t pid = 0;
    QString pidLabel;
    QString name;    // process_name
    QString labels;  // process_labels ("GPU 0", "CPU")
    std::int64_t sortIndex = 0;
};

enum class FlowKind : std::uint8_t { Launch /* ac2g */, FwdBwd, Correlation /* from args.correlation */, Other };

// 16 bytes: the target lane's index in 24 bits beside the kind. A trace with flows into more than
// 16.7 million lanes loses those past it (the merge drops and counts them as unbound).
struct Flow
{
    std::uint32_t fromTrack, fromSlice;
    std::uint32_t toSlice;
    std::uint32_t toTrack : 24;
    FlowKind kind : 8;
    static constexpr std::uint32_t kMaxTrack = (std::uint32_t(1) << 24) - 1;
};
static_assert(sizeof(Flow) == 16, "Flow is packed to 16 bytes");

// One [memory] event: allocator totals after it. For traces that carry only "Bytes" (2021 Kineto),
// allocated is the running sum and reserved is -1.
struct MemorySample
{
    TimeNs ts;
    std::int64_t bytes;     // + allocation, - free
    std::int64_t allocated; // Total Allocated
    std::int64_t reserved;  // Total Reserved, -1 if unknown
};

// Whether a [memory] event's "Device Type" (c10::DeviceType as the profiler writes it) is an
// accelerator's memory: 1 CUDA (and ROCm builds that report their GPUs as CUDA), 6 HIP (ROCm 6
// and later), 12 XPU, 15 HPU, 19 MTIA, 20 PrivateUse1. 0 is the host's.
bool isAcceleratorMemory(int deviceType);

struct MemorySeries
{
    int deviceType = 0; // as the file says (c10::DeviceType): 0 CPU, 1 CUDA, 6 HIP, ...; see isAcceleratorMemory
    int deviceId = -1;
    bool totalsFromTrace = true; // false: allocated derived from the running sum of Bytes
    std::vector<MemorySample> samples;
    // Beside samples[i], for pairing allocations with their frees (core/analysis/measures/memory_owners/MemoryOwners.h):
    // the block's address (args.Addr; empty when no event of the series has one, as in 2021 Kineto)
    // and the CPU thread that recorded it (index into Trace::tracks, kNoTrack when it has no lane).
    // Two columns, 12 bytes a [memory] event, instead of widening every sample.
    std::vector<std::uint64_t> addr;
    std::vector<std::uint32_t> thread;
    static constexpr std::uint32_t kNoTrack = UINT32_MAX;
};

struct CounterSeries
{
    std::int64_t pid = 0;
    QString name;
    std::vector<TimeNs> ts;
    std::vector<double> value;
};

struct DeviceInfo
{
    int id = 0;
    QString name;
    std::int64_t totalGlobalMem = 0;
    int computeMajor = 0, computeMinor = 0, numSms = 0;
};

class Trace
{
public:
    Trace();
    ~Trace();
    Trace(const Trace &) = delete;
    Trace &operator=(const Trace &) = delete;

    // Source
    QString path;
    std::uint64_t fileBytes = 0;  // bytes on disk
    std::uint64_t jsonBytes = 0;  // bytes of JSON parsed (inflated size for .gz)
    bool gzipped = false;

    // Counts
    std::uint64_t eventCount = 0;     // entries of traceEvents, malformed ones included
    std::uint64_t malformedEvents = 0;
    bool truncated = false;
    std::uint64_t truncatedAtByte = 0;
    QStringList warnings;
    bool legacyProfiler = false;         // the autograd profiler's own exporter (PyTorch without Kineto): no categories
    bool unrecognisedDeviceWork = false; // events on device processes ("HPU 0"), none of them device activity we know

    // Header
    int rank = -1, worldSize = -1;
    QString backend;
    // distributedInfo.pg_config (Kineto 2023+) in one canonical line, "name:size:ranks;..." sorted by
    // group name: every rank of a job records the same process groups, so a file with other groups
    // belongs to another job. Empty when the trace has none.
    QString pgConfig;
    std::int64_t baseTimeNs = 0;
    QString displayTimeUnit;
    int schemaVersion = 0;
    std::vector<DeviceInfo> devices;
    // The devices of `devices` the trace recorded work on (its GPU lanes' device ids), by id.
    // deviceProperties lists every GPU of the node: a one-GPU rank's trace names eight.
    std::vector<const DeviceInfo *> tracedDevices() const;

    // Content
    StringTable strings;
    std::vector<StringId> categories; // catId -> string id
    std::vector<CategoryClass> categoryClass; // catId -> class
    std::vector<Process> processes;
    std::vector<Track> tracks;
    std::vector<Flow> flows;
    std::vector<MemorySeries> memory;
    std::vector<CounterSeries> counters;
    TimeNs minTs = 0, maxTs = 0; // span of all timed events

    // Load figures
    double loadSeconds = 0;
    int threadsUsed = 1;

    std::size_t sliceCount() const;
    QString name(StringId id) const;
    QString category(std::uint16_t catId) const;
    std::size_t modelBytes() const; // heap bytes held by the model (design figure)

    // Where the bytes are, for reading args on demand. Shared so readers outlive nothing.
    std::shared_ptr<MappedSource> source;
};

} // namespace lanescope
