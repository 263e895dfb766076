// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The built-in demo: the case study's baseline run from the synthetic generator, written once into
// the user's cache folder and reused (it is deterministic, so the file never goes stale).
#include "core/synth/SynthModel.h"

#include <QString>

namespace lanescope::synth {

// Path of the demo trace for `scenario`, generating it on first use. Empty with *error on failure.
QString ensureDemoTrace(Scenario scenario, QString *error);

// What a synthetic trace's sidecar (TRACE.facts.json beside TRACE.json, written by `synth` and the
// demo) says about the model, so the MFU inputs need not be typed for the demo. Nothing when the
// trace has no sidecar or it does not read.
struct ModelFacts
{
    double params = 0;
    double tokensPerStepPerGpu = 0;
    double peakTflops = 0;
};
bool readModelFacts(const QString &tracePath, ModelFacts *out);

} // namespace lanescope::synth
