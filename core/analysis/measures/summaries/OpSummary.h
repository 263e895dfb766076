// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the CPU time goes, per operator name: the TensorBoard profiler plugin's Operator view.
// The CPU slices of operators (cpu_op), annotations (user_annotation: ProfilerStep#N,
// record_function ranges) and runtime calls (cudaLaunchKernel, ...), grouped by name and
// category. Not python_function frames (the module tree, ModuleSummary.h), nor the profiler's own
// span ("PyTorch Profiler (0)", category Trace).
//
//  - total: the slices' durations (inclusive).
//  - self: the time the slice is the innermost one open on its lane (its duration minus its
//    children's, python_function slices seen through: an op inside a Python frame inside an op is
//    the outer op's child). Where slices overlap without nesting (a child overrunning its parent),
//    each instant belongs to the latest started. So the self times of a lane add up to the time the
//    lane is busy.
//  - device: the GPU time of the kernels, copies and memsets launched from inside the slice (by
//    the runtime calls nested in it, LaunchedDeviceTime.h); device self: of the runtime calls that
//    are its own children. A runtime call's device time is what it launched.
//  - input shapes (on request): the op's args "Input Dims" as the trace writes them, spaces
//    removed ("[[8,1024],[1024,1024]]"), read from the file for cpu_op slices only, in file order
//    (one pass over a .json.gz). Traces recorded without record_shapes have none: "" groups all.
// A pure function of a Trace.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

namespace detail {
class LaunchedDeviceTime;
}

struct OpSummaryRow
{
    QString name;
    QString category;     // the trace's category: "cpu_op", "user_annotation", "cuda_runtime", ...
    QString inputShapes;  // grouped by shapes only (OpSummaryOptions::byInputShapes); else empty
    std::int64_t count = 0;
    TimeNs totalNs = 0, selfNs = 0, deviceNs = 0, deviceSelfNs = 0;
    TimeNs maxNs = 0;     // the longest call (a double click zooms to it) ...
    std::uint32_t longestTrack = 0, longestSlice = 0; // ... and where it is (the first of equals)
};

struct OpSummaryOptions
{
    TimeRange window;          // empty: the whole trace; else slices that start in it
    bool byInputShapes = false; // rows per (name, category, input shapes)
};

struct OpSummary
{
    std::vector<OpSummaryRow> rows; // largest self time first, then total, then name
    bool shapesRead = false;        // byInputShapes was asked for and the file could be read
    std::int64_t opsWithShapes = 0; // of the cpu_op slices, those whose args carry Input Dims
    QString error;                  // why shapes could not be read (the rows are then by name)
};

// launched: the trace's launched device time where the caller has it already; built here if null.
OpSummary opSummary(const Trace &trace, const OpSummaryOptions &options = {},
                    const detail::LaunchedDeviceTime *launched = nullptr);

// The category of python_function slices in `trace` (Kineto's with_stack / with_modules frames),
// per catId: 1 where it is.
std::vector<char> pythonCategories(const Trace &trace);

} // namespace lanescope::analysis
