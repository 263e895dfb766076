// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Turns the chunk outputs (in file order) into the Trace model: global string and track ids,
// B/E and async pairing, per-track sort and nesting depth, flow binding, memory series, metadata.
#include "core/model/Trace.h"
#include "core/parse/ChunkOutput.h"

#include <atomic>
#include <memory>
#include <vector>

namespace lanescope::parse {

// Chunks are consumed (their buffers freed as they are merged). `threads` parallelises the
// per-track work. Returns false if *cancel was raised before the merge finished (checked between
// its phases); the trace is then incomplete and must be dropped.
bool mergeChunks(std::vector<std::unique_ptr<ChunkOutput>> &chunks, Trace &trace, int threads,
                 const std::atomic<bool> *cancel = nullptr);

} // namespace lanescope::parse
