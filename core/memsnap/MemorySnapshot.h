// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A PyTorch CUDA caching-allocator snapshot (torch.cuda.memory._dump_snapshot()), decoded from its
// pickle (memsnap/Pickle.h) into flat arrays. The dict PyTorch writes
// (torch/csrc/cuda/memory_snapshot.cpp, torch/cuda/memory.py's _snapshot() docstring):
//
//   segments: [{device, address, total_size, allocated_size, active_size, requested_size, stream,
//               segment_type ("large"/"small"), segment_pool_id (2-tuple), is_expandable, frames,
//               blocks: [{address (not before 2.1: computed from the segment's), size,
//                         requested_size, state ("active_allocated"/"active_pending_free"/
//                         "inactive"), frames}]}]
//   device_traces: one list per device of {action, addr (device_free instead for "oom"), size,
//                  stream, time_us, frames, [compile_context], [user_metadata]}
//   allocator_settings: {PYTORCH_CUDA_ALLOC_CONF, max_split_size, expandable_segments, ...}
//   [external_annotations]
//
// Versions: PyTorch 1.13/2.0 wrote a block's stack as `history: [{addr, real_size, frames}]`
// instead of `frames` and `requested_size`, no block `address`, no `time_us` (entries then keep
// their order only), no `segment_pool_id`/`is_expandable`/`allocator_settings`. 2.1 added
// `time_us`, `segment_map`/`segment_unmap` (expandable segments) and `is_expandable`; 2.5+
// `compile_context` and `user_metadata` on trace entries. Each is read where present; what is
// missing reads as unknown (-1 or a flag), never as zero.
//
// A frame is {filename, line, name}. Stacks repeat massively: each distinct stack is stored once
// (a StackId) and each distinct frame once.
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lanescope::memsnap {

using StackId = std::uint32_t; // index into MemorySnapshot::stackOffsets; 0 is the empty stack
using SnapStringId = std::uint32_t;

struct Frame
{
    SnapStringId filename = 0;
    SnapStringId name = 0;
    std::int64_t line = 0;
};

enum class BlockState : std::uint8_t { ActiveAllocated, ActivePendingFree, Inactive, Unknown };

struct Block
{
    std::uint64_t address = 0;
    std::int64_t size = 0;
    std::int64_t requestedSize = -1; // -1: not recorded
    BlockState state = BlockState::Unknown;
    StackId stack = 0;
};

struct Segment
{
    int device = 0;
    std::uint64_t address = 0;
    std::int64_t totalSize = 0;
    std::int64_t allocatedSize = -1, activeSize = -1, requestedSize = -1; // -1: not recorded
    std::int64_t stream = 0;
    bool large = true;         // segment_type "large" (the large pool) or "small" (2 MiB segments)
    bool expandable = false;   // is_expandable
    std::int64_t poolId[2] = {0, 0}; // segment_pool_id: (0, 0) is the default pool
    StackId stack = 0;
    std::uint32_t firstBlock = 0, blockCount = 0; // into MemorySnapshot::blocks
};

enum class Action : std::uint8_t {
    Alloc,          // a tensor allocation was served (addr, size: the block's rounded size)
    FreeRequested,  // the tensor was freed; the block waits for its streams' work
    FreeCompleted,  // the block went back to the cache
    SegmentAlloc,   // cudaMalloc of a new segment
    SegmentFree,    // cudaFree of a cached segment (empty_cache or an allocation retry)
    SegmentMap,     // expandable segment grew (cuMemMap)
    SegmentUnmap,   // expandable segment shrank
    Snapshot,       // a snapshot was taken here
    Oom,            // an allocation failed: size requested, deviceFree what the driver had left
    Unknown,
};
const char *actionName(Action a); // PyTorch's spelling ("segment_alloc")

struct TraceEntry
{
    std::int64_t timeUs = 0;     // time_us (µs since the Unix epoch); hasTime false: not recorded
    std::uint64_t addr = 0;      // for Oom: device_free
    std::int64_t size = 0;
    std::int64_t stream = 0;
    StackId stack = 0;
    Action action = Action::Unknown;
    bool hasTime = false;
};
static_assert(sizeof(TraceEntry) <= 48, "one per allocator action: millions in a large snapshot");

struct DeviceTrace
{
    int device = 0;
    std::vector<TraceEntry> entries; // in the allocator's order (time order where time_us exists)
};

struct AllocatorSettings
{
    bool present = false;         // allocator_settings was in the file
    QString conf;                 // PYTORCH_CUDA_ALLOC_CONF as last set
    std::int64_t maxSplitSize = -1; // bytes; PyTorch writes SIZE_MAX when unset
    bool expandableSegments = false;
    double garbageCollectionThreshold = 0;
};

struct MemorySnapshot
{
    QString path;
    std::uint64_t fileBytes = 0;
    int pickleProtocol = 0;

    std::vector<Segment> segments;        // the allocator's state when the snapshot was taken
    std::vector<Block> blocks;            // every segment's blocks, in address order per segment
    std::vector<DeviceTrace> deviceTraces; // by device index (devices with no entries included)
    AllocatorSettings settings;

    // Interned text and stacks.
    std::vector<std::string> strings;         // SnapStringId -> UTF-8; 0 is ""
    std::vector<Frame> frames;
    std::vector<std::uint32_t> stackFrames;   // frame indices, innermost first (as PyTorch lists them)
    std::vector<std::uint32_t> stackOffsets;  // stack s: stackFrames[stackOffsets[s] .. stackOffsets[s+1])

    // Which optional keys were seen (the PyTorch version shows in these).
    bool hasTimes = false;          // time_us on trace entries
    bool hasBlockHistory = false;   // 1.13/2.0 `history` on blocks
    bool hasRequestedSizes = false; // requested_size on blocks
    bool hasCompileContext = false;
    bool hasUserMetadata = false;
    bool hasExternalAnnotations = false;

    QStringList warnings; // fields of the wrong type (ignored), unknown actions, ... (one line each)
    std::size_t pickleBytesPeak = 0; // the reader's own memory while decoding (for the benchmark)

    // Helpers.
    std::size_t stackDepth(StackId s) const;
    const Frame &stackFrame(StackId s, std::size_t i) const; // i < stackDepth(s)
    QString frameText(const Frame &f) const;                 // "name (file:line)"
    // The first frame that is not PyTorch's own (torch/ or a <frozen ...> module), else the first.
    QString stackSummary(StackId s) const;
    QString text(SnapStringId id) const;
    int deviceCount() const; // max device seen + 1 (segments and traces)
    std::size_t modelBytes() const;
};

struct SnapshotResult
{
    std::shared_ptr<const MemorySnapshot> snapshot; // null on error
    QString error;
};

// Opens a snapshot file (memory-mapped; a gzip-compressed one is refused with a message saying
// to decompress it). Never throws.
SnapshotResult openSnapshot(const QString &path);
// Decodes a snapshot from bytes in memory (tests, the fuzzer).
SnapshotResult readSnapshot(const char *data, std::size_t size, const QString &name = QString());

} // namespace lanescope::memsnap
