// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a run is measured, apart from what part of it: the gap threshold and the kernels whose gaps
// are listed, the MFU inputs (peak overrides included), the GPU-time definition and the operator
// grouping. A plain value: the window's session owns one, every dock edits it there and every
// consumer (the runs' analyser, the comparison, the ranks, the exports) reads it from there. What
// part of a trace is analysed (a step, a range, an annotation) is the Analysis dock's own choice and
// goes into the AnalysisOptions made from these settings.
#include "core/analysis/run/Analysis.h"

namespace lanescope::analysis {

struct AnalysisSettings
{
    TimeNs gapThresholdNs = 15'000'000; // 15 ms: the FSDP case study's signature
    GapKernels gapKernels = GapKernels::Gemm;
    MfuInputs mfu;
    GpuTimeDefinition definition = GpuTimeDefinition::Lanescope;
    bool htaCompatible = true;
    bool opsByInputShapes = false;

    // The options that measure the whole trace with these settings.
    AnalysisOptions options() const
    {
        AnalysisOptions o;
        o.gaps.minGap = gapThresholdNs;
        o.gaps.kernels = gapKernels;
        o.mfu = mfu;
        o.definition = definition;
        o.htaCompatible = htaCompatible;
        o.opsByInputShapes = opsByInputShapes;
        return o;
    }
    // ... only ProfilerStep#step (-1: the whole trace).
    AnalysisOptions optionsForStep(int step) const
    {
        AnalysisOptions o = options();
        o.step = step;
        return o;
    }
    // ... only this window of trace time (empty: the whole trace).
    AnalysisOptions optionsForRange(TimeRange range) const
    {
        AnalysisOptions o = options();
        o.range = range;
        return o;
    }
    // ... only the instance-th occurrence of the annotation `name` (AnalysisRange.h).
    AnalysisOptions optionsForAnnotation(const QString &name, int instance) const
    {
        AnalysisOptions o = options();
        o.annotation = name;
        o.instance = instance;
        return o;
    }

    // The settings options were made with (their step, range or annotation left aside).
    static AnalysisSettings of(const AnalysisOptions &o)
    {
        AnalysisSettings s;
        s.gapThresholdNs = o.gaps.minGap;
        s.gapKernels = o.gaps.kernels;
        s.mfu = o.mfu;
        s.definition = o.definition;
        s.htaCompatible = o.htaCompatible;
        s.opsByInputShapes = o.opsByInputShapes;
        return s;
    }

    // Equal when they measure the same way (sameMeasures: peak overrides compared as a set).
    friend bool operator==(const AnalysisSettings &a, const AnalysisSettings &b) { return sameMeasures(a.options(), b.options()); }
    friend bool operator!=(const AnalysisSettings &a, const AnalysisSettings &b) { return !(a == b); }
};

} // namespace lanescope::analysis
