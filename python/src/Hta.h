// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What lanescope.hta reads beside the analyze JSON (Hta.cpp), under Holistic Trace Analysis'
// definitions.
#include "python/src/PyTrace.h"

namespace lanescope::python {

// Every device activity linked to a launch call under Holistic Trace Analysis' definitions (its
// launch statistics' calls: cudaLaunchKernel(ExC), cudaMemcpyAsync, cudaMemsetAsync), the rows of
// HTA's get_cuda_kernel_launch_stats, with the activity's correlation read back from the file:
// numpy arrays correlation, stream, call_name_id (the call's name, into the string table),
// cpu_duration, gpu_duration, launch_delay (µs, the activity's start less the call's end, not
// clipped; whole µs where HTA rounds).
py::dict htaLaunchRows(const PyTrace &self);
// Every device activity (kernel, copy, memset) as Holistic Trace Analysis reads the trace: its
// rounding to whole µs where the file has fractions, the activities launched from the last
// ProfilerStep left out. Numpy arrays stream, start and end (ns), name_id, and kernel_type (HTA's).
py::dict htaActivities(const PyTrace &self);
// Each stream's launch queue length over time under Holistic Trace Analysis' definitions (+1 at a
// launch call's start, -1 at its activity's start): [(stream, ts ns, length)], streams with a launch.
py::list htaQueueSeries(const PyTrace &self);

} // namespace lanescope::python
