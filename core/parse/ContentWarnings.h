// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a loaded trace cannot tell, said once where the user looks (Trace::warnings: the GUI's
// banner, `info --json`, and the analysis' warnings): device processes whose events are not
// recognised as accelerator work, and the legacy (non-Kineto) profiler format.
#include "core/model/Trace.h"

namespace lanescope::parse {

// The exact text of the legacy-format warning (translated), for callers that test for it.
QString legacyFormatWarning();

// Appends the warnings and sets Trace::legacyProfiler / unrecognisedDeviceWork. arrayFormat: the file is a bare [...].
void addContentWarnings(Trace &trace, bool arrayFormat);

// "GPU 0", "MTIA 17", "HPU 3", "XPU 1": a process the profiler named or labelled after a device.
bool isDeviceLikeName(const QString &processNameOrLabel);

} // namespace lanescope::parse
