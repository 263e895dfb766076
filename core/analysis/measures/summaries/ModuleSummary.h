// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The nn.Module hierarchy of a trace recorded with with_stack / with_modules: the TensorBoard
// profiler plugin's Module view. Kineto writes each module's forward as a python_function slice
// named "nn.Module: <Class>_<n>" (n counts instances of the class); the modules nested in it on
// the same lane are its submodules. One node per module path ("Qwen2Model_0 / Qwen2DecoderLayer_3
// / Linear_0"), with its calls, CPU time (the slices' durations) and device time (the GPU activities
// launched from inside them, LaunchedDeviceTime.h). The backward pass runs on autograd threads
// without Python frames and is not attributed to modules, as in the plugin.
#include "core/analysis/run/Steps.h"

#include <QString>

#include <vector>

namespace lanescope::analysis {

namespace detail {
class LaunchedDeviceTime;
}

struct ModuleNode
{
    QString name;   // "Linear_0" (at most kMaxModuleNameChars, elided in the middle)
    QString path;   // "Qwen2Model_0/Qwen2DecoderLayer_3/Linear_0" (its last kMaxModulePathChars)
    int parent = -1; // index in ModuleSummary::nodes; -1 for a root
    int depth = 0;
    std::int64_t count = 0;
    TimeNs cpuNs = 0, deviceNs = 0;
    TimeNs maxNs = 0;                                 // the longest call ...
    std::uint32_t longestTrack = 0, longestSlice = 0; // ... and where it is (the first of equals)
};

struct ModuleSummary
{
    // Depth first: a node's children follow it, in order of first call. Bounded by kMaxModuleNodes.
    std::vector<ModuleNode> nodes;
    bool truncated = false; // more distinct paths than kMaxModuleNodes, or tooDeep: the rest are left out
    // Module frames nested deeper than kMaxModuleDepth: left out (their time is their ancestors').
    std::int64_t tooDeep = 0;
};

// The tree is stored by parent index and bounded: nodes, depth, and each node's text, so a trace
// of 100,000 nested frames costs what 256 levels do (it would cost the square of its depth).
constexpr std::size_t kMaxModuleNodes = 100000;
constexpr int kMaxModuleDepth = 256;          // real models nest a few dozen levels
constexpr qsizetype kMaxModuleNameChars = 256;
constexpr qsizetype kMaxModulePathChars = 1024; // a longer path keeps its end, after "…/"

// Slices that start in `window` (empty: all). Empty when the trace has no "nn.Module: " frames.
// launched: as opSummary's.
ModuleSummary moduleSummary(const Trace &trace, TimeRange window = {}, const detail::LaunchedDeviceTime *launched = nullptr);

// "Linear_0" from "nn.Module: Linear_0"; empty for any other name.
QString moduleName(std::string_view sliceName);

} // namespace lanescope::analysis
