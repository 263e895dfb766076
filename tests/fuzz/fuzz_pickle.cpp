// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the PyTorch snapshot reader (core/memsnap): any bytes -> readPickle (the
// generic value graph, walked to its leaves) and readSnapshot (the decoded model), then the
// allocator history analysed and the segment map taken at a few moments. Crashes, sanitizer
// reports, hangs and broken invariants (a value graph deeper than the limit, a block outside its
// segment's list) are the findings. Seeds: corpus-pickle/ (pickles the generator writes).
#include "core/memsnap/MemorySnapshot.h"
#include "core/memsnap/Pickle.h"
#include "core/memsnap/SnapshotAnalysis.h"

#include <cstddef>
#include <cstdint>

namespace {

using namespace lanescope::memsnap;

// Walks the graph depth-first; the reader guarantees no cycles and at most maxDepth levels.
std::uint64_t walk(const PickleDocument &doc, const PickleValue &v, int depth)
{
    if (depth > PickleLimits().maxDepth + 1)
        __builtin_trap();
    std::uint64_t h = std::uint64_t(v.kind) + std::uint64_t(v.i);
    if (v.kind == PickleValue::Kind::String || v.kind == PickleValue::Kind::Bytes)
        h += doc.text(v).size();
    for (const PickleValue &c : doc.items(v))
        h += walk(doc, c, depth + 1);
    return h;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);
    const PickleResult p = readPickle(bytes, size);
    volatile std::uint64_t sink = 0;
    if (p.document)
        sink = sink + walk(*p.document, p.document->root(), 0);
    else if (p.error.isEmpty())
        __builtin_trap(); // a refusal always says why

    const SnapshotResult s = readSnapshot(bytes, size);
    if (!s.snapshot)
        return 0;
    const MemorySnapshot &snap = *s.snapshot;
    for (const Segment &seg : snap.segments)
        if (std::size_t(seg.firstBlock) + seg.blockCount > snap.blocks.size())
            __builtin_trap();
    for (const DeviceTrace &t : snap.deviceTraces)
        for (const TraceEntry &e : t.entries)
            if (std::size_t(e.stack) + 1 >= snap.stackOffsets.size() && e.stack != 0)
                __builtin_trap();
    const SnapshotAnalysis a = analyzeSnapshot(snap);
    for (const DeviceHistory &h : a.devices) {
        for (std::uint32_t pos : {std::uint32_t(0), h.peakAllocatedPos, h.entries})
            sink = sink + stateAtPosition(h, pos).size() + aliveByStackAt(h, pos).size();
        sink = sink + aliveByStack(h, h.endUs).size();
    }
    sink = sink + fragmentationFigures(a).size();
    sink = sink + std::uint64_t(fragmentationAdvice(a, snap).wouldFreeBytes);
    (void)sink;
    return 0;
}
