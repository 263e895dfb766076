// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in measures (Measure.h), one line each: adding a measure is its folder under
// core/analysis/measures/ with a `Measure <name>Measure()` in it, and its line here.
//
// Why a list rather than self-registering static objects: lanescope_core is a static library, and
// the linker leaves out an object file nobody references, so a measure that registered itself from
// a static initialiser would silently vanish from some programs. This list references every
// measure, so each one is linked wherever analyze() is. (A program or test adds its own with
// registerMeasure() before its first analysis.)
//
// The order is the order of the members of `analyze --json` (docs/architecture.md); the run order
// is computed from each measure's needs (MeasureCatalogue::runOrder()), the earliest listed first
// among those that are ready.
#include "core/analysis/run/Measure.h"

#define LANESCOPE_MEASURES(X)                                                                                                              \
    X(temporal)                                                                                                                            \
    X(steps)                                                                                                                               \
    X(gaps)                                                                                                                                \
    X(mfu)                                                                                                                                 \
    X(memory)                                                                                                                              \
    X(memoryOwners)                                                                                                                        \
    X(advice)                                                                                                                              \
    X(launches)                                                                                                                            \
    X(summaries)                                                                                                                           \
    X(collectives)                                                                                                                         \
    X(criticalPath)                                                                                                                        \
    X(opsEfficiency)                                                                                                                       \
    X(warnings)                                                                                                                            \
    X(sourceLines)

namespace lanescope::analysis {

#define LANESCOPE_DECLARE_MEASURE(name) Measure name##Measure();
LANESCOPE_MEASURES(LANESCOPE_DECLARE_MEASURE)
#undef LANESCOPE_DECLARE_MEASURE

std::vector<Measure> builtinMeasures()
{
    std::vector<Measure> out;
#define LANESCOPE_ADD_MEASURE(name) out.push_back(name##Measure());
    LANESCOPE_MEASURES(LANESCOPE_ADD_MEASURE)
#undef LANESCOPE_ADD_MEASURE
    return out;
}

} // namespace lanescope::analysis
