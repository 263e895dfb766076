// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a critical path (or any step-sized analysis) is measured over: a ProfilerStep, a window of
// trace time, or an annotation and its instance (a record_function / user annotation, or any CPU
// slice, named NAME: its K-th occurrence, 0-based, by start time). Traces without ProfilerStep
// (benchmarks, inference) mark their iterations with annotations only; Holistic Trace Analysis'
// critical path takes any annotation and instance the same way.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace lanescope::analysis {

enum class RangeKind : std::uint8_t { Step, Window, Annotation };
// "step", "window", "annotation": the JSON values.
const char *rangeKindName(RangeKind k);

// What the user asked for; at most one of step, window, annotation is set.
struct RangeRequest
{
    int step = -1;        // ProfilerStep#step
    TimeRange window;     // model ns
    QString annotation;   // the slice name, exactly
    int instance = 0;     // its occurrence, 0-based
};

// The range resolved in the trace. `span` holds it as a Step: its CPU span (start, dur), the CPU
// slice that encloses it (track, slice; for a window the thread that launches the most in it and
// no slice), its GPU span (gpuStart, gpuDur: the work launched from inside the CPU span, gpuDur < 0
// where none ran), and a name ("ProfilerStep#4", the annotation's name, "window").
struct AnalysisRange
{
    RangeKind kind = RangeKind::Step;
    Step span;
    bool hasSlice = true; // false for a window: no CPU slice encloses it
    int instance = -1;    // the annotation's occurrence (RangeKind::Annotation)
    int instances = 0;    // how many the trace has
    QString error;        // why it could not be resolved (then the rest is empty)
    bool ok() const { return error.isEmpty(); }
    TimeRange cpu() const { return TimeRange{span.start, span.end()}; }
    // What people read: "ProfilerStep#4", "forward (instance 2 of 10)", "the window 1.000 ms to 2.500 ms".
    QString label(TimeNs origin = 0) const;
};

// At most this many occurrences of one name are counted (a bound on what one name can cost).
constexpr int kMaxAnnotationInstances = 10'000'000;

// The occurrences of the CPU slices named `name` on CPU threads, by start time; a slice inside an
// occurrence of the same name on its thread (re-annotation, recursion) is not one.
struct SliceRef
{
    std::uint32_t track = 0, slice = 0;
};
std::vector<SliceRef> annotationInstances(const Trace &trace, const QString &name);

// The CPU slices of track `track` that are open at `t` (start before it, end after it), outermost
// first, past GPU categories and zero-length slices: what a window that starts inside an op starts
// in. Looks back at most `maxScan` slices (the outermost one, at depth 0, ends the search).
std::vector<std::uint32_t> slicesAround(const Trace &trace, std::uint32_t track, TimeNs t, std::size_t maxScan = 1'000'000);

// Resolves a request. A step: `steps` (findSteps) must hold it. A window: the CPU thread that makes
// the most runtime calls in it (else the one with the most slices) is its thread. An annotation:
// its instance-th occurrence.
AnalysisRange resolveRange(const Trace &trace, const std::vector<Step> &steps, const RangeRequest &request);

// The range of one CPU slice as an annotation (the dock's double-click): its name and its instance.
AnalysisRange sliceRange(const Trace &trace, std::uint32_t track, std::uint32_t slice);

} // namespace lanescope::analysis
