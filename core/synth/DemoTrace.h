#pragma once
// The built-in demo: the case study's baseline run from the synthetic generator, written once into
// the user's cache folder and reused (it is deterministic, so the file never goes stale).
#include "synth/SynthModel.h"

#include <QString>

namespace lanescope::synth {

// Path of the demo trace for `scenario`, generating it on first use. Empty with *error on failure.
QString ensureDemoTrace(Scenario scenario, QString *error);

} // namespace lanescope::synth
