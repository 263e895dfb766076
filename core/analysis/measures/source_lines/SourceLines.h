// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Source lines: from a kernel to the line of Python that launched it. A trace recorded with
// with_stack holds the Python frames as python_function slices named "file.py(123): function"
// around every op and launch; this measures, for every distinct frame, its calls, its CPU time
// and the GPU time it launched, per call path (a tree, for a flame graph) and per line.
//
// Definitions (every time in ns):
// - A frame's stack is found by nesting on its thread: a python_function slice inside another one
//   on the same lane is its callee. Kineto's "Python id" / "Python parent id" args say the same for
//   all but a few frames (6 of 23,758 in the shared traces: frames recorded as ending after their
//   next sibling began); nesting needs no read of every frame's args from the file.
// - CPU total: the frame's duration, each call (a callee that outlives its caller is cut at the
//   caller's end). CPU self: the time the frame is the innermost open Python frame of its thread;
//   Python callees are subtracted, the CPU ops and runtime calls it makes are not (they run on its
//   behalf). Summed over every frame, self is the time the threads spend inside Python frames.
// - GPU launched: a device activity (kernel, copy, memset) counts for the Python frames open on the
//   launching thread when its runtime call started (the launch flow, else args.correlation; the
//   last launch linked to an activity, as LaunchedDeviceTime.h). Inclusive to every frame of that
//   stack, self to the innermost. Summed over every frame, GPU self is the GPU time launched from
//   inside Python frames.
// - Recursion: a line that is on the stack more than once counts each call and activity once in
//   its row (only its outermost occurrence adds to cpuTotalNs / gpuNs); the call-path tree needs
//   no such rule, each node being one path.
// - Module frames ("nn.Module: Linear_0", the Module view's, ModuleSummary.h) are not source lines:
//   they are seen through, their time being the enclosing Python frame's. Built-in frames
//   ("<built-in method sum of numpy.ndarray object at 0x7f...>") are rows of their own with no
//   file and line 0, the object's address dropped so that one method is one row.
//
// "My code only" (myCodeOnly(), on by default in the CLI and the GUI) folds the frames of
// kFoldRules into their nearest caller that is kept: their self CPU and GPU time goes to that
// caller, their callees hang under it, and every total stays as it was. A frame at the root of a
// stack is always kept (so threading.py's _bootstrap holds the time of a thread without user code).
#include "core/analysis/run/AnalysisRange.h" // SliceRef
#include "core/model/Trace.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace lanescope::analysis {

namespace detail {
class LaunchedDeviceTime;
}

// Whose code a frame is. Only User frames are kept by myCodeOnly() (and every root).
enum class FrameOrigin : std::uint8_t {
    User,    // anything not below
    Stdlib,  // Python's standard library
    Torch,   // PyTorch itself
    BuiltIn, // a C function called from Python, or code without a file ("<frozen ...>", "<string>")
};
const char *frameOriginName(FrameOrigin origin); // "user", "stdlib", "torch", "builtin" (the JSON's)

// The "my code only" rules, in the order they are tried on a frame's file (Kineto writes paths
// relative to the sys.path entry they were found under: "torch/nn/modules/module.py",
// "threading.py", "vllm/v1/worker/gpu_model_runner.py"; absolute where they were not).
struct FoldRule
{
    FrameOrigin origin;
    const char *pattern; // what it matches, for people (the documentation and the CLI's help)
};
extern const FoldRule kFoldRules[5];

// A frame's origin from its file ("" for built-ins).
FrameOrigin frameOrigin(QStringView file);

// "path/file.py(123): function" split; built-ins and anything else without "(line): " keep their
// whole name (addresses dropped) as function, with an empty file and line 0. Module frames
// ("nn.Module: ...") return isModule.
struct PythonFrameName
{
    QString file;
    int line = 0;
    QString function;
    bool isModule = false;
};
PythonFrameName parsePythonFrameName(std::string_view name);

// One distinct line: file, line and function (a function spelled twice at one line is two rows).
struct SourceLine
{
    QString file;     // as the trace spells it; empty for built-ins
    int line = 0;     // 0 for built-ins
    QString function; // "execute_model"; "<built-in method sum of numpy.ndarray object>"
    FrameOrigin origin = FrameOrigin::User;
    std::int64_t calls = 0;   // every call, recursive ones included
    TimeNs cpuTotalNs = 0;    // its calls' durations, outermost occurrences only
    TimeNs cpuSelfNs = 0;
    TimeNs gpuNs = 0;         // GPU time launched with the line on the stack, once per activity
    TimeNs gpuSelfNs = 0;     // ... with the line innermost (after folding, where folded)
    TimeNs longestNs = 0;     // the costliest call, for a zoom ...
    SliceRef longest;         // ... and its python_function slice (the first of equals)
    QString location() const; // "file.py:123", or the function for built-ins
};

// A node of the call-path tree: one Python stack, its frame being `line` and its caller `parent`
// (a stack is a parent index, never a copied path). The flame graph's rectangles.
struct SourceFrame
{
    std::int32_t parent = -1;    // index in SourceLines::frames; -1 for a root
    std::int32_t line = -1;      // index in SourceLines::lines
    std::int32_t subtreeEnd = 0; // one past its last descendant: its subtree is [index, subtreeEnd)
    std::int32_t depth = 0;
    std::int64_t calls = 0;
    TimeNs cpuTotalNs = 0, cpuSelfNs = 0; // inclusive (= self + children's) and self
    TimeNs gpuNs = 0, gpuSelfNs = 0;      // the same of launched GPU time
    TimeNs longestNs = 0;
    SliceRef longest;
};

// The per-file roll-up: a file's lines summed, each call and activity once even where the file's
// functions call each other.
struct SourceFile
{
    QString file;
    FrameOrigin origin = FrameOrigin::User;
    int lines = 0;           // its rows in SourceLines::lines
    std::int64_t calls = 0;
    TimeNs cpuTotalNs = 0, cpuSelfNs = 0, gpuNs = 0, gpuSelfNs = 0;
};

struct SourceLines
{
    bool myCodeOnly = false;  // folded by myCodeOnly()
    TimeRange window;         // what was measured (model time); empty: the whole trace
    // By gpuNs, then cpuTotalNs, descending (then file, line, function).
    std::vector<SourceLine> lines;
    // Depth first; a node's children follow it in order of first call. Bounded by kMaxSourceFrames.
    std::vector<SourceFrame> frames;
    std::vector<SourceFile> files; // by gpuNs, then cpuTotalNs, descending
    std::int64_t pythonSlices = 0; // python_function slices read (module frames excluded)
    TimeNs pythonCpuNs = 0;        // time threads spent inside Python frames: the sum of cpuSelfNs
    TimeNs pythonGpuNs = 0;        // GPU time launched from inside Python frames: the sum of gpuSelfNs
    // More distinct call paths than kMaxSourceFrames: a new path past it counts for its caller.
    bool truncated = false;
    // Frames nested deeper than kMaxSourceDepth: counted for the frame at that depth.
    std::int64_t tooDeep = 0;
    bool empty() const { return lines.empty(); }
};

// Bounds: a call path is one fixed-size node whatever its depth, so 100,000 frames 5,000 deep cost
// what 100,000 shallow ones do.
constexpr std::size_t kMaxSourceFrames = 1'000'000;
constexpr int kMaxSourceDepth = 20'000;

// Every Python frame of the trace, no folding (myCodeOnly() folds it). Frames clipped to `window`
// (empty: all), and the activities whose launching call starts inside it. Empty (quickly) when the
// trace has no python_function slices. launched: the trace's, where the caller has it.
SourceLines sourceLines(const Trace &trace, TimeRange window = {}, const detail::LaunchedDeviceTime *launched = nullptr);

// `all` with the frames of kFoldRules folded into their callers; the same totals. Folding a
// folded result returns it unchanged.
SourceLines myCodeOnly(const SourceLines &all);

// What a row of `lines` is on the timeline: its python_function slices (each call, recursive ones
// included) and the device activities it launched (inclusive), at most `maxEach` of each, by
// track then start. The same walk as sourceLines() over the trace it was measured on.
struct SourceSlices
{
    std::vector<SliceRef> frames;     // python_function slices on CPU lanes
    std::vector<SliceRef> activities; // kernels, copies, memsets on GPU lanes
    bool truncated = false;           // more than maxEach of either
};
SourceSlices sourceLineSlices(const Trace &trace, const SourceLines &lines, int line, std::size_t maxEach = 1'000'000);
// The same for one node of `lines.frames` (its calls with that very stack; folded frames' calls
// count for the node they fold into).
SourceSlices sourceFrameSlices(const Trace &trace, const SourceLines &lines, int frame, std::size_t maxEach = 1'000'000);

// Which lines got slower from `a` to `b`: lines matched by file, line and function (both measured
// the same way: fold both or neither). Sorted by gpuDeltaNs, then cpuTotalDeltaNs, descending: the
// lines that got slower first, those that got faster last; unchanged lines are kept.
struct SourceLineDelta
{
    QString file;
    int line = 0;
    QString function;
    FrameOrigin origin = FrameOrigin::User;
    int rowA = -1, rowB = -1; // indices in a.lines and b.lines; -1 where the line is absent
    std::int64_t callsA = 0, callsB = 0;
    TimeNs cpuTotalA = 0, cpuTotalB = 0, cpuSelfA = 0, cpuSelfB = 0;
    TimeNs gpuA = 0, gpuB = 0, gpuSelfA = 0, gpuSelfB = 0;
    TimeNs gpuDeltaNs() const { return gpuB - gpuA; }
    TimeNs cpuTotalDeltaNs() const { return cpuTotalB - cpuTotalA; }
};
std::vector<SourceLineDelta> compareSourceLines(const SourceLines &a, const SourceLines &b);

// The Python frame that was innermost on CPU lane `track` when its slice `slice` (a runtime call)
// started; with myCode, the nearest one of those open that myCodeOnly() keeps (the outermost open
// frame where none is user code). Empty where no Python frame was open: for a gap's evidence.
std::optional<PythonFrameName> launchingPythonFrame(const Trace &trace, std::uint32_t track, std::uint32_t slice, bool myCode = true);

} // namespace lanescope::analysis
