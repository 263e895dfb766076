// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One analysis from Python (Analyze.cpp): the options of `analyze`, the analyze JSON and the
// figure catalogue's figures; a step replayed with fixes as `whatif --json` prints it.
#include "python/src/PyTrace.h"

#include <optional>
#include <string>
#include <utility>

namespace lanescope::python {

struct AnalyzeArgs
{
    double gapMs = 15;
    bool gapKernelsAll = false;
    double params = 0, tokensPerStep = 0, samplesPerStep = 0, peakTflops = 0;
    bool tokensGlobal = false;
    int step = -1;
    std::optional<std::pair<double, double>> windowUs;
    std::string annotation;
    int instance = 0;
    bool hta = false;
    bool opShapes = false;
    bool allFrames = false;
};


// One analysis: (the analyze JSON as bytes, the figures). The options are those of `analyze`.
py::tuple analyzeTrace(const PyTrace &self, const AnalyzeArgs &a);
// One step replayed with fixes, as `lanescope-cli whatif --json` prints it: the step (step >= 0:
// ProfilerStep#step, else the median complete one), MFU where params and tokens are given.
py::dict whatIf(const PyTrace &self, const std::string &fixText, int step, double params, double tokensPerStep, bool tokensGlobal,
                double peakTflops);

} // namespace lanescope::python
