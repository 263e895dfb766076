// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One rank's records written as torch.profiler writes a Kineto trace, byte for byte in its layout.
#include "core/synth/RankModel.h"
#include "core/synth/SynthModel.h"

#include <cstdint>
#include <string>

namespace lanescope::synth::detail {

// `reservedBase`: the caching allocator's reserved bytes the [memory] instants add their delta to;
// `traceEnd`: the profiler span's end, relative to the trace's first event.
std::string writeKinetoTrace(const SynthConfig &config, const Rank &rank, std::int64_t reservedBase, TimeNs traceEnd);

} // namespace lanescope::synth::detail
