#pragma once
// Turns the chunk outputs (in file order) into the Trace model: global string and track ids,
// B/E and async pairing, per-track sort and nesting depth, flow binding, memory series, metadata.
#include "model/Trace.h"
#include "parse/ChunkOutput.h"

#include <memory>
#include <vector>

namespace lanescope::parse {

// Chunks are consumed (their buffers freed as they are merged). `threads` parallelises the
// per-track sort.
void mergeChunks(std::vector<std::unique_ptr<ChunkOutput>> &chunks, Trace &trace, int threads);

} // namespace lanescope::parse
