// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the time goes in what was analysed: the kernel, operator and module summaries
// (KernelSummary.h, OpSummary.h, ModuleSummary.h), computed once per analysis so the dock, the
// CLI and the report read the same rows. The GPU window is the analysed GPU span (a step's GPU
// span), the CPU window the analysed CPU span (a step's ProfilerStep range): the kernels of a step
// run after its operators launch them.
#include "core/analysis/measures/summaries/KernelSummary.h"
#include "core/analysis/measures/summaries/ModuleSummary.h"
#include "core/analysis/measures/summaries/OpSummary.h"

namespace lanescope::analysis {

struct TimeSummaries
{
    TimeRange gpuWindow, cpuWindow; // empty: the whole trace
    std::vector<KernelSummaryRow> kernels;       // by name as the trace spells it
    std::vector<KernelSummaryRow> kernelsFolded; // template arguments folded
    OpSummary ops;
    ModuleSummary modules;
};

// launched: the trace's launched device time where the caller has it (analyze() shares one with
// the operators' efficiency); built here if null.
TimeSummaries timeSummaries(const Trace &trace, TimeRange gpuWindow, TimeRange cpuWindow, bool opsByInputShapes = false,
                            const detail::LaunchedDeviceTime *launched = nullptr);

} // namespace lanescope::analysis
