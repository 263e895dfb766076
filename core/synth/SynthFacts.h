// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The sidecar of facts: what the synthetic run was built to contain, for tests and the demo.
#include "core/synth/Simulator.h"
#include "core/synth/SynthModel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lanescope::synth::detail {

// The facts document (TraceSynth.h's SynthOutput::facts); `reservedBases`: per written rank, the
// reserved bytes its trace's [memory] instants start from.
std::string writeFacts(const SynthConfig &config, const SimulatedRun &run,
                       const std::vector<std::int64_t> &reservedBases);

} // namespace lanescope::synth::detail
