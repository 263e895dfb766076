// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A toy measure, outside the core, to show that a measure reaches the surfaces through its
// registration alone (registerMeasure(toyMeasure()), Measure.h): the longest GPU activity in the
// analysed window, and how many of its kernels have a name that starts with a letter. Its result
// lives in AnalysisResult::measures under "toy".
#include "core/analysis/run/Measure.h"

namespace lanescope::test {

struct ToyResult
{
    TimeNs longestNs = 0;           // the longest kernel, copy or memset starting in the window
    std::int64_t activities = 0;    // how many there are (the temporal breakdown's count)
    std::int64_t letteredKernels = 0; // kernels starting in the window whose name starts with A-Z or a-z
};

// key "toy", needs "temporal"; JSON member "toy"; figures "toy_lettered_kernels" (comparison and
// Metrics table) and "toy_longest_activity_us" (also the Ranks dock), the catalogue's last; a part
// "toy" of the rank summary.
analysis::Measure toyMeasure();

} // namespace lanescope::test
