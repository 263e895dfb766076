// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/summaries/TimeSummaries.h"

#include "core/analysis/run/LaunchedDeviceTime.h"

#include <optional>

namespace lanescope::analysis {

TimeSummaries timeSummaries(const Trace &trace, TimeRange gpuWindow, TimeRange cpuWindow, bool opsByInputShapes,
                            const detail::LaunchedDeviceTime *given)
{
    // One launch map for the operators and the modules (it walks every flow of the trace).
    const std::optional<detail::LaunchedDeviceTime> own = given ? std::nullopt : std::optional<detail::LaunchedDeviceTime>(trace);
    const detail::LaunchedDeviceTime &launched = given ? *given : *own;
    TimeSummaries s;
    s.gpuWindow = gpuWindow;
    s.cpuWindow = cpuWindow;
    KernelSummaryOptions ko;
    ko.window = gpuWindow;
    s.kernels = kernelSummary(trace, ko);
    ko.foldTemplates = true;
    s.kernelsFolded = kernelSummary(trace, ko);
    OpSummaryOptions oo;
    oo.window = cpuWindow;
    oo.byInputShapes = opsByInputShapes;
    s.ops = opSummary(trace, oo, &launched);
    s.modules = moduleSummary(trace, cpuWindow, &launched);
    return s;
}

} // namespace lanescope::analysis
