// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Advice as a replay: each advice whose id names a fix (Fixes.h) is replayed on one step, its
// projection (stepS, projectedStepS, projectedMfuPct) becomes the replay's, its evidence cites
// the replayed critical-path parts the fix removes; advice whose replayed gain is under
// kAdviceReplayMinGainPct of the step is dropped; the rest are ordered by replayed gain, the
// advice no fix replays (queue_starvation, low_mfu_busy_gpu) after them in their own order.
#include "core/analysis/advice/Advice.h"

namespace lanescope::analysis {
namespace detail {
class EvidenceIndex;
}
namespace replay {

constexpr double kAdviceReplayMinGainPct = 2.0;

// step: the step replayed (criticalPathStep of the analysed steps); mfuPct: its measured MFU, <= 0
// unknown; runStepS: the run's step time (RunFigures: the median of the measured steps), which the
// replayed step's relative gain is applied to so that the advice's "step A -> B" starts from the
// figure every surface shows; <= 0: the replayed step's own length. Returns false (advice
// untouched) where the step cannot be replayed.
bool replayAdvice(std::vector<Advice> &advice, const detail::EvidenceIndex &index, const Step &step, double mfuPct,
                  double runStepS = -1);

} // namespace replay
} // namespace lanescope::analysis
