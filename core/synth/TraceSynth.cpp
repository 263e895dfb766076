// SPDX-License-Identifier: GPL-3.0-or-later
// The synthesizer in its parts: CuptiTypes.h and KernelCatalogue.h (what CUDA reports), RankModel.h
// (one rank's records and clocks), Simulator (the training run), KinetoWriter (the trace bytes),
// SynthFacts (the sidecar).
#include "core/synth/TraceSynth.h"

#include "core/synth/KinetoWriter.h"
#include "core/synth/Simulator.h"
#include "core/synth/SynthFacts.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace lanescope::synth {

SynthOutput synthesize(const SynthConfig &config)
{
    const detail::SimulatedRun sim = detail::simulate(config);

    const int written = std::max(1, config.ranksToWrite);
    SynthOutput out;
    std::vector<std::int64_t> reservedBases;
    for (int k = 0; k < written; ++k) {
        const detail::Rank &r = *sim.ranks[std::size_t(k)];
        // Reserved = allocated high-water mark plus the cache's slack, and never below allocated
        // during the fragmented cache's cudaFree dips (minReservedMargin is <= 0).
        const std::int64_t slack = 512LL << 20;
        const std::int64_t base = std::max<std::int64_t>(r.peakAllocated, -r.minReservedMargin) + slack;
        reservedBases.push_back((base + (2LL << 20) - 1) / (2LL << 20) * (2LL << 20));
        detail::TimeNs end = r.cpu;
        for (const detail::GpuAct &a : r.acts)
            end = std::max(end, a.ts + a.dur);
        out.traces.push_back(detail::writeKinetoTrace(config, r, reservedBases.back(), end + 200000));
        out.durationNs = std::max<std::int64_t>(out.durationNs, end + 200000);
    }
    out.facts = detail::writeFacts(config, sim, reservedBases);
    return out;
}

} // namespace lanescope::synth
