// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The words of the critical path (measures/critical_path): why there is none, for the path's
// error. The path's words for its readers (pathPartLabel, criticalPathScope,
// criticalPathSentence) are declared beside its types in CriticalPath.h and defined with these in
// CriticalPathText.cpp.
#include <QString>

#include <cstddef>

namespace lanescope::analysis::criticalPathText {

// The step's (or range's) CPU span is not in the trace.
QString spanMissing();
// More than maxEvents events in `step`: too many to build the path.
QString tooManyEvents(std::size_t maxEvents, const QString &step);
// No path from the start of `step` to its end.
QString noPath(const QString &step);

} // namespace lanescope::analysis::criticalPathText
