// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The analysis of one trace as JSON: the object `lanescope-cli analyze --json` prints
// (docs/architecture.md has its keys), written by the measures themselves (Measure.h), each its
// own members, in the measure catalogue's order. The CLI, `compare --json` (per run) and the
// Python module write it through here; none writes a measure's members by hand.
#include "core/analysis/run/Measure.h"

#include <QByteArray>

namespace lanescope {
class JsonWriter;
}

namespace lanescope::analysis {

// The whole analyze object, without a trailing newline.
QByteArray analysisJson(const Trace &trace, const AnalysisResult &result, const AnalysisJsonOptions &options = {});
// The same members into an object the caller has opened (compare's runs[].analysis).
void writeAnalysisMembers(JsonWriter &j, const Trace &trace, const AnalysisResult &result, const AnalysisJsonOptions &options = {});

// Single measures' members, for the outputs that carry them outside the analyze object (each rank
// of `analyze DIR`). origin: where "_us" instants count from (the trace's first event).
// One advice item's fields (id, title, evidence, what the fix is worth), into an open object.
void writeAdviceJson(JsonWriter &j, const Advice &advice);
// "idle_breakdown", "launch" and "queue".
void writeLaunchJson(JsonWriter &j, const AnalysisResult &result, TimeNs origin);
// "critical_path" (null without a path, with "critical_path_error" where the analysis says why):
// "step", "step_choice", "length_us", "parts_us"; full: also its scope and span, "length_ns",
// "parts_ns" and "summary".
void writeCriticalPathJson(JsonWriter &j, const CriticalPath &path, bool full, TimeNs origin);
// "memory_owners": who holds the device memory (the first `top` rows of its longer lists).
void writeMemoryOwnersJson(JsonWriter &j, const MemoryOwners &owners, TimeNs origin, std::size_t top);

} // namespace lanescope::analysis
