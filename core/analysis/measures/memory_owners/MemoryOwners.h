// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Who holds the device memory: the caching allocator's [memory] events (profile_memory=True)
// paired by address (args.Addr) per device, each allocation owned by the CPU op that made it (the
// innermost enclosing op on its thread at its time, skipping aten::empty and its kin, which say
// nothing about who wanted the block) and counted to a phase of the step (forward, backward,
// optimizer, FSDP's all-gathered parameters). From that: what is alive at the peak of allocated
// memory and who allocated it, the ops that allocate the most, what is never freed within the
// trace, and, for the memory band, the curve split by phase. The peak is MemorySummary's (one
// figure, one computation): the bytes alive at it, summed over owners, are that peak.
#include "core/analysis/measures/memory/Memory.h"
#include "core/analysis/run/Steps.h"

#include <QString>
#include <QStringList>

#include <array>
#include <vector>

namespace lanescope::analysis {

// Where an allocation was made. BeforeTrace: blocks allocated before the trace began (the peak's
// share that no traced allocation explains: the baseline, less the frees of such blocks).
enum class MemoryPhase : std::uint8_t { BeforeTrace, Forward, Backward, Optimizer, FsdpAllGather, Other, Count };
constexpr int kMemoryPhases = int(MemoryPhase::Count);
const char *memoryPhaseName(MemoryPhase phase); // JSON: "before_trace", "forward", ..., "other"
QString memoryPhaseLabel(MemoryPhase phase);    // translated, for the band and the table

struct MemoryOwnerRow
{
    enum class Kind : std::uint8_t { Op, NoOp, BeforeTrace };
    Kind kind = Kind::Op;
    QString op;           // the owning op's name (Kind::Op)
    int device = -1;      // the device, or -1 where the row adds up several
    std::int64_t bytes = 0, count = 0;
    std::int64_t freed = 0;  // of count, freed within the trace
    TimeNs lifetimeNs = 0;   // summed over the freed ones (mean: meanLifetimeNs())
    // The row's largest allocation, to show it on the timeline: allocated at start, freed at end
    // (-1: not within the trace), made on lane `track` inside slice `slice` (kNone: no op).
    std::int64_t largest = 0;
    TimeNs start = 0, end = -1;
    std::uint32_t track = MemorySeries::kNoTrack, slice = MemorySeries::kNoTrack;
    // The row's op name for JSON and sorting: the op, or "[no op]" / "[before trace]".
    QString key() const;
    // The freed allocations' mean lifetime (-1: none freed), for analyze --json and the dock alike.
    double meanLifetimeNs() const { return freed > 0 ? double(lifetimeNs) / double(freed) : -1.0; }
};

struct MemoryOwners
{
    bool addresses = false;      // the accelerator's [memory] events carry Addr: frees are paired
    // The run's peak of allocated memory (MemorySummary::peakAllocated) and where it is.
    int device = -1;
    std::int64_t peakBytes = -1;
    TimeNs peakAt = 0;
    // At the peak, by owner, most bytes first; their bytes add up to peakBytes (with addresses).
    std::vector<MemoryOwnerRow> aliveAtPeak;
    std::array<std::int64_t, kMemoryPhases> phaseAtPeak{}; // the same by phase
    // Every accelerator device: the ops that allocate the most bytes (most first), and the
    // allocations never freed within the trace, by op.
    std::vector<MemoryOwnerRow> topAllocators, neverFreed;
    std::array<std::int64_t, kMemoryPhases> phaseAllocatedBytes{}, phaseAllocations{};
    std::int64_t allocations = 0, frees = 0, paired = 0;
    std::int64_t neverFreedCount = 0, neverFreedBytes = 0;
    // Frees of blocks allocated before the trace began (no allocation to pair with).
    std::int64_t unmatchedFrees = 0, unmatchedFreeBytes = 0;
    // Allocations at an address still held: the free was lost; the old block counts as freed there.
    std::int64_t reusedWithoutFree = 0;
    // [memory] events of more than kMaxAllocationBytes either way: no allocator hands out such a
    // block, so they are left out of every figure above (and counted here). Every sum saturates at
    // INT64_MAX rather than wrap; `saturated` says one did.
    std::int64_t implausibleSizes = 0;
    bool saturated = false;
};

// One petabyte (2^50 bytes): far beyond any accelerator's memory; a larger [memory] event is damage.
constexpr std::int64_t kMaxAllocationBytes = std::int64_t(1) << 50;

// What the analysis should say about these owners (implausible sizes left out, a sum saturated);
// empty when nothing.
QStringList memoryOwnersWarnings(const MemoryOwners &owners);

// `summary` gives the peak (memorySummary); `steps` the ProfilerStep ranges (findSteps).
MemoryOwners memoryOwners(const Trace &trace, const MemorySummary &summary, const std::vector<Step> &steps);

// One accelerator series' curve split by phase, for the memory band: each sample's phase (an
// allocation's own, a free's allocation's, an unmatched free BeforeTrace) and, every kCheckpoint
// samples, the bytes alive per phase before it, so a window's values start without a walk from
// the beginning. BeforeTrace's share is what the allocator reported less the traced phases.
struct MemoryPhaseCurve
{
    static constexpr std::size_t kCheckpoint = 1024;
    int device = -1;
    const MemorySeries *series = nullptr;
    std::vector<std::uint8_t> phase;
    std::vector<std::array<std::int64_t, kMemoryPhases>> checkpoints;
    // Alive per phase right after sample i (BeforeTrace: allocated less the others).
    std::array<std::int64_t, kMemoryPhases> aliveAfter(std::size_t i) const;
    // Apply sample i's bytes to `alive` (the running form of aliveAfter).
    void step(std::array<std::int64_t, kMemoryPhases> &alive, std::size_t i) const;
};

// The curves of the series that carry addresses (none for 2021 traces with only "Bytes").
std::vector<MemoryPhaseCurve> memoryPhaseCurves(const Trace &trace, const std::vector<Step> &steps);

} // namespace lanescope::analysis
