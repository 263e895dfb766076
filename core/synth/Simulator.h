// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The simulation of one FSDP training run: every simulated rank's records, and the ground truth of
// the job (collectives, stragglers, transfer against skew) that the facts report.
#include "core/synth/RankModel.h"
#include "core/synth/SynthModel.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace lanescope::synth::detail {

struct SimulatedRun
{
    std::vector<std::unique_ptr<Rank>> ranks;
    // Ground truth for the straggler analysis, over the written ranks only (what a reader of the
    // folder can see): per rank, the others' waits on it while it was the last to arrive.
    std::vector<TimeNs> madeOthersWait;
    std::vector<int> timesLast;
    int collectives = 0;
    // Ground truth for the collectives' bandwidth (analysis/CollectiveBandwidth.h) and, over the
    // written ranks, their transfer against skew (analysis/JobCollectives.h): per collective kind,
    // size S and group size. A kernel lasts from its rank's arrival to the last rank's arrival plus
    // the transfer; over the written ranks the shortest of a call's kernels is its transfer as a
    // reader of the folder sees it (the true one where the last rank is written).
    struct CollectiveFact
    {
        std::int64_t count = 0;
        TimeNs transferNs = 0, skewNs = 0;
        std::vector<double> rank0Busbw, transferBusbw;
    };
    std::map<std::tuple<std::string, std::int64_t, int>, CollectiveFact> collectiveFacts;
    std::vector<TimeNs> skewByRank, durationByRank; // written ranks
    TimeNs transferTotalNs = 0, skewTotalNs = 0;
    std::int64_t matchedCalls = 0;
};

// Runs the configured training steps on every simulated rank (the written ones and a straggler
// beyond them). Rank keeps a reference to `config`, which must outlive the result.
SimulatedRun simulate(const SynthConfig &config);

} // namespace lanescope::synth::detail
