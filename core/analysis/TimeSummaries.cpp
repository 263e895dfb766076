// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/TimeSummaries.h"

namespace lanescope::analysis {

TimeSummaries timeSummaries(const Trace &trace, TimeRange gpuWindow, TimeRange cpuWindow, bool opsByInputShapes)
{
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
    s.ops = opSummary(trace, oo);
    s.modules = moduleSummary(trace, cpuWindow);
    return s;
}

} // namespace lanescope::analysis
