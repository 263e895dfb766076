// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The words of a GEMM gap's evidence (Gap::evidence): the gap finder (measures/gaps) judges the
// cause and measures the times; these turn its numbers into the line a person reads.
#include "core/model/Trace.h"

#include <QString>

#include <cstdint>

namespace lanescope::analysis::gapText {

// comm_wait: the stream waited for `collective` (empty: unnamed) run by `kernel` on `stream`,
// which ran `insideNs` of the gap; the next kernel started `afterNs` after it ended.
QString commWait(const QString &collective, const QString &kernel, std::int64_t stream, TimeNs insideNs, TimeNs afterNs);
// dataloader: `span` (the DataLoader's CPU span) ran `overlapNs` of the gap, which spans the
// start of step `stepName` where acrossStep.
QString dataLoader(const QString &span, TimeNs overlapNs, bool acrossStep, const QString &stepName);
// allocator: the allocator calls during the gap and their CPU time in it.
QString allocator(int mallocs, int frees, int hostAllocations, TimeNs busyNs);
// sync: `call` (lasting callNs) blocked the CPU until intoGapNs into the gap.
QString sync(const QString &call, TimeNs callNs, TimeNs intoGapNs);
// host_launch: `call` for the next kernel started afterNs after the stream went idle, on `cpuTrack`.
QString hostLaunch(const QString &call, TimeNs afterNs, const QString &cpuTrack);
// other: nothing explains the wait.
QString other();
// Appended: the stream had run nothing for idleBeforeNs before the gap, while another stream computed.
QString coveredNote(std::int64_t stream, TimeNs idleBeforeNs, std::int64_t coveringStream);
// Appended: the Python line that launched the kernel after the gap.
QString launchedFromNote(const QString &pythonLine);

} // namespace lanescope::analysis::gapText
