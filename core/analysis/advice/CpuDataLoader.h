// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The data loader's share of a trace without device activity (the autograd profiler's legacy
// format of PyTorch built without Kineto, a CPU-only run): no GPU idles, so the GPU-gap rules say
// nothing, yet the step still waits on its own thread in enumerate(DataLoader)...__next__ while
// num_workers=0 loads the batch. That wait is the data loader's share; the step without it is the
// projection (every other part of the step unchanged).
#include "core/analysis/advice/Advice.h"

#include <optional>
#include <vector>

namespace lanescope::analysis {

namespace detail {
class EvidenceIndex;
}

// Each measured step's wait in the DataLoader on the step's own thread (the union of its
// enumerate(DataLoader) spans clipped to the step), in ns, in the order of `steps`.
std::vector<TimeNs> cpuDataLoaderWaits(const detail::EvidenceIndex &index, const std::vector<Step> &steps);

// The "dataloader" advice for a trace whose analysed window has no device activity
// (`deviceActivities` == 0): silent unless the waits come at least every other step
// (AdviceMinimum::kDataLoaderStallsPerStep) and take AdviceMinimum::kDataLoaderSharePct of the
// steps. stepS: the step time (the median of `steps`); the projection is the median of each
// step's length less its wait.
std::optional<Advice> cpuDataLoaderAdvice(const detail::EvidenceIndex &index, const std::vector<Step> &steps,
                                          std::int64_t deviceActivities, double stepS);

// Puts `a` among `advice` by its projected gain (stepS - projectedStepS, largest first), before
// the first item that gains less or has no projection.
void insertByGain(std::vector<Advice> &advice, Advice a);

} // namespace lanescope::analysis
