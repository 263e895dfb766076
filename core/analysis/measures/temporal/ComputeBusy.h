// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A rank's compute stream as the compact job view draws it: one row per rank, its busy and idle.
// The compute stream is the GPU stream with the most compute-kernel time (GEMM, attention, other
// compute; as Gaps.h, a stream whose NCCL kernels take longer is a communication side stream, not
// it). Its busy intervals are those in which it runs anything (kernels, copies, memsets), merged:
// what the row paints; the rest of the row, between its first and last activity, is idle.
#include "core/analysis/run/Steps.h"

#include <vector>

namespace lanescope::analysis {

struct ComputeBusy
{
    std::int64_t track = -1;      // index into Trace::tracks; -1 when the trace has no compute stream
    std::vector<TimeRange> busy;  // model ns, sorted, disjoint
    TimeNs busyNs = 0;            // their total
    TimeRange span;               // first activity's start to last one's end
};

ComputeBusy computeBusy(const Trace &trace);

// Of [from, to) (model ns), the time busy covers; busy as ComputeBusy::busy.
TimeNs busyWithin(const std::vector<TimeRange> &busy, TimeNs from, TimeNs to);

} // namespace lanescope::analysis
