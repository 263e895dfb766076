// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// lanescope-cli synth: a deterministic simulator of one FSDP training run that writes Kineto
// traces in PyTorch 2.x's dialect (byte layout, keys and event shapes of torch.profiler's JSON),
// plus a sidecar of the facts the trace was built to contain, for demos and analysis tests.
#include "core/synth/SynthModel.h"

#include <string>
#include <vector>

namespace lanescope::synth {

struct SynthOutput
{
    // One Kineto JSON document per written rank (index = rank).
    std::vector<std::string> traces;
    // The sidecar: scenario, parameters, and per written rank the steps, compute-stream gaps
    // (with cause), memory figures, the MFU implied by the parameters, the launch-bound phases
    // ("launch_bound": kernels, host wait) and the calls that blocked on a full launch queue
    // ("queue_full"). Times are microseconds relative to the first event of that rank's trace.
    std::string facts;
    // From the first event to the profiler's stop on the longest written rank, ns.
    std::int64_t durationNs = 0;
};

// Same configuration (seed included) => same bytes, on every platform.
SynthOutput synthesize(const SynthConfig &config);

} // namespace lanescope::synth
