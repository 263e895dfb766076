// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a snapshot's trace of actions says over time, per device: allocated and reserved bytes,
// the life of every allocation and segment (the segment map), what was alive at a moment grouped
// by stack, the segment_alloc / segment_free events with the request that caused each, and the
// fragmentation diagnosis.
//
// The trace is a window (PyTorch keeps the last max_entries actions); the segments and blocks are
// the state at its end. The state before the window is found by undoing the window's actions
// from the end state backwards; the curves are then replayed forwards. Allocated counts a tensor
// from its `alloc` to its `free_completed` (a block waiting on free_requested still holds its
// memory); reserved counts a segment from `segment_alloc` (or `segment_map`) to `segment_free`
// (`segment_unmap`).
//
// All times here are the snapshot's time_us (µs). A snapshot without time_us (PyTorch 2.0) uses
// the entry's index as its time. Several actions often share one µs, so lives are also given in
// positions: position p is the state after the device's entries [0, p) (0: before the window,
// entries.size(): the end state the segments describe).
#include "core/memsnap/MemorySnapshot.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace lanescope::memsnap {

struct MemoryPoint
{
    std::int64_t timeUs = 0;
    std::int64_t allocated = 0; // bytes after the action at timeUs
    std::int64_t reserved = 0;
    std::uint32_t position = 0; // the state this point shows (after the entry at position - 1)
};

// One allocation's life. fromUs == DeviceHistory::beginUs with before true: alive before the
// window; toUs == endUs with after true: still alive at the end (in the snapshot's blocks).
struct AllocationSpan
{
    std::uint64_t addr = 0;
    std::int64_t size = 0;
    std::int64_t stream = 0;
    std::int64_t fromUs = 0, toUs = 0;
    StackId stack = 0; // the alloc's stack (or the block's, for one alive before the window)
    bool before = false, after = false;
    std::uint32_t fromPos = 0, toPos = 0; // alive at positions [fromPos, toPos)
};

struct SegmentSpan
{
    std::uint64_t addr = 0;
    std::int64_t size = 0;
    std::int64_t stream = 0;
    std::int64_t fromUs = 0, toUs = 0;
    StackId stack = 0;
    bool before = false, after = false;
    bool large = true;     // pool: false for a 2 MiB small-pool segment
    bool expandable = false;
    std::uint32_t fromPos = 0, toPos = 0; // alive at positions [fromPos, toPos)
};

// A cudaMalloc (segment_alloc / segment_map) or cudaFree (segment_free / segment_unmap) and the
// allocation request that caused it: the first `alloc` after it on the device (PyTorch records
// the segment's action before the allocation it serves). For a segment_free that is part of an
// allocation retry, the request is the alloc after the segment_alloc that follows.
struct SegmentEvent
{
    std::int64_t timeUs = 0;
    std::uint32_t entry = 0;  // index into the device's DeviceTrace::entries
    Action action = Action::SegmentAlloc;
    std::uint64_t addr = 0;
    std::int64_t size = 0;
    std::int64_t stream = 0;
    std::int64_t requestSize = -1; // -1: no alloc follows
    StackId requestStack = 0;
    std::int64_t requestUs = 0;
    bool malloc() const { return action == Action::SegmentAlloc || action == Action::SegmentMap; }
};

// A segment_alloc made while the cache had enough free bytes for the request, but only in
// pieces smaller than it. Free in cache: the unallocated bytes inside the device's segments of
// the request's pool (large for requests over 1 MiB, small otherwise) and stream; largest free
// block: the largest such gap (PyTorch never merges blocks across segments). An allocation's
// block is its requested size rounded up to 512 bytes, and in the large pool a gap of 1 MiB or
// less is the unsplit tail of the block before it (PyTorch splits only when more than 1 MiB
// would be left), not free memory. Measured before the segment_frees of the same allocation
// attempt (the retry that releases cached segments). requested: the request rounded to 512.
struct FragmentationEvent
{
    int device = 0;
    std::int64_t timeUs = 0;
    std::uint32_t entry = 0;        // the segment_alloc's index in its DeviceTrace
    std::int64_t requested = 0;     // the request's rounded size
    std::int64_t freeInCache = 0;
    std::int64_t largestFreeBlock = 0;
    std::int64_t reserved = 0, allocated = 0; // the device's totals then
    std::int64_t segmentSize = 0;   // what the cudaMalloc took
    std::int64_t stream = 0;
    StackId requestStack = 0;
};

// An `oom` action with the cache as it was.
struct OomEvent
{
    int device = 0;
    std::int64_t timeUs = 0;
    std::uint32_t entry = 0;
    std::int64_t requested = 0;
    std::int64_t deviceFree = 0; // what the driver said was left
    std::int64_t reserved = 0, allocated = 0, freeInCache = 0, largestFreeBlock = 0;
    StackId stack = 0;
};

struct DeviceHistory
{
    int device = 0;
    std::int64_t beginUs = 0, endUs = 0;  // the window (first and last entry's time)
    std::vector<MemoryPoint> curve;        // one point per action that changed a total, plus both ends
    std::int64_t peakAllocated = 0, peakReserved = 0;
    std::int64_t peakAllocatedAt = 0, peakReservedAt = 0;
    std::uint32_t peakAllocatedPos = 0, peakReservedPos = 0;
    std::uint32_t entries = 0; // the device's trace entries (the end state is at this position)
    std::vector<AllocationSpan> allocations; // sorted by fromUs
    std::vector<SegmentSpan> segments;       // sorted by fromUs
    std::vector<SegmentEvent> segmentEvents;
    std::vector<FragmentationEvent> fragmentation;
    std::vector<OomEvent> ooms;
    int segmentAllocs = 0, segmentFrees = 0; // segment_alloc + segment_map, segment_free + segment_unmap
    bool inconsistent = false; // the actions and the end state disagree (warned)
};

struct StackGroup
{
    StackId stack = 0;
    std::int64_t bytes = 0;
    std::int64_t count = 0;
};

struct SnapshotAnalysis
{
    std::vector<DeviceHistory> devices; // devices with segments or actions, by device number
    QStringList warnings;
};

SnapshotAnalysis analyzeSnapshot(const MemorySnapshot &snap);

// The allocations alive at timeUs (fromUs <= t < toUs; t at or past endUs: those still alive at
// the end), grouped by stack, largest first. Default: at the peak of allocated bytes.
std::vector<StackGroup> aliveByStack(const DeviceHistory &h, std::int64_t timeUs);
std::vector<StackGroup> aliveByStackAt(const DeviceHistory &h, std::uint32_t position);
std::vector<StackGroup> aliveAtPeak(const DeviceHistory &h);
// The position showing the state at timeUs: after every action at or before it.
std::uint32_t positionAt(const DeviceHistory &h, std::int64_t timeUs);

// The segments alive at timeUs and the allocations inside them (the segment map at one moment).
struct SegmentState
{
    SegmentSpan segment;
    std::vector<AllocationSpan> allocations; // inside the segment, by address
    std::int64_t freeBytes = 0, largestFree = 0;
};
std::vector<SegmentState> stateAt(const DeviceHistory &h, std::int64_t timeUs);
std::vector<SegmentState> stateAtPosition(const DeviceHistory &h, std::uint32_t position);

// Fragmentation summed per period: per step where steps are known (stepStartsUs: each step's
// start on the snapshot's clock, sorted), else one period for the whole window.
struct FragmentationFigure
{
    std::int64_t fromUs = 0, toUs = 0;
    int events = 0;
    std::int64_t requestedBytes = 0;  // sum of the requests the cache could not place
    std::int64_t segmentBytes = 0;    // sum of the segments cudaMalloc'd for them
};
std::vector<FragmentationFigure> fragmentationFigures(const SnapshotAnalysis &a,
                                                      const std::vector<std::int64_t> &stepStartsUs = {});

// The advice: PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:N (N chosen so the requests that
// fragmented are not split from larger free blocks: the largest MiB value at or below the
// smallest such request, at least 21, as PyTorch refuses 20 or less) or expandable_segments:True
// (where the requests vary too much for one threshold), and the memory it would free: the
// segments cudaMalloc'd at fragmentation events that were still reserved at the peak of reserved
// memory, bounded by peak reserved minus peak allocated.
struct FragmentationAdvice
{
    bool present = false;
    int maxSplitSizeMb = 0;      // 0: advise expandable segments
    std::int64_t wouldFreeBytes = 0;
    QString text;                // one paragraph, translated
};
FragmentationAdvice fragmentationAdvice(const SnapshotAnalysis &a, const MemorySnapshot &snap);

} // namespace lanescope::memsnap
