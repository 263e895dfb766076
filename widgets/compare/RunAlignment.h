// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Puts the session's runs on one axis: each run's offset set so the same complete ProfilerStep (by
// position: runs number their steps differently) starts at the same axis time, or so every trace
// starts at 0. The window opening a comparison and the comparison dock's "Align on" both use it.
#include "core/analysis/compare/Compare.h"

namespace lanescope {

class Session;

analysis::Alignment alignSession(Session &session, const analysis::AlignOptions &options);

// The number of complete steps every run has (the positions "Align on" can offer).
int commonCompleteSteps(const Session &session);

} // namespace lanescope
