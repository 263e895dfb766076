// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// From a Python frame elsewhere in the window (the Details panel's stack) to the Source view.
#include <QString>

namespace lanescope {

class AnalysisDock;

// Shows the Analysis dock's Time spent tab at the Source view's row of file:line of run `run`;
// where the dock analyses another run, it switches to `run` and shows the line once that analysis
// is in (true). False where the line is not in the analysis shown.
bool showSourceLine(AnalysisDock *dock, int run, const QString &file, int line);

} // namespace lanescope
