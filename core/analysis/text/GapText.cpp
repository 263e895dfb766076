// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/text/GapText.h"

#include "core/analysis/text/Format.h"

#include <QCoreApplication>

namespace lanescope::analysis::gapText {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

} // namespace

QString commWait(const QString &collective, const QString &kernel, std::int64_t stream, TimeNs insideNs, TimeNs afterNs)
{
    return Text::tr("waited for %1 (%2) on stream %3: it ran %4 inside the gap and the next kernel started %5 after it ended")
        .arg(collective.isEmpty() ? Text::tr("a collective") : collective, kernel, QString::number(stream), formatDuration(insideNs),
             formatDuration(afterNs));
}

QString dataLoader(const QString &span, TimeNs overlapNs, bool acrossStep, const QString &stepName)
{
    return acrossStep ? Text::tr("%1 ran %2 of the gap on the CPU, across the start of %3").arg(span, formatDuration(overlapNs), stepName)
                      : Text::tr("%1 ran %2 of the gap on the CPU").arg(span, formatDuration(overlapNs));
}

QString allocator(int mallocs, int frees, int hostAllocations, TimeNs busyNs)
{
    return Text::tr("%1 cudaMalloc, %2 cudaFree and %3 host-allocation calls during the gap took %4 of it on the CPU")
        .arg(mallocs)
        .arg(frees)
        .arg(hostAllocations)
        .arg(formatDuration(busyNs));
}

QString sync(const QString &call, TimeNs callNs, TimeNs intoGapNs)
{
    return Text::tr("%1 (%2) blocked the CPU until %3 into the gap, so nothing was queued behind it")
        .arg(call, formatDuration(callNs), formatDuration(intoGapNs));
}

QString hostLaunch(const QString &call, TimeNs afterNs, const QString &cpuTrack)
{
    return Text::tr("%1 for the next kernel started %2 after the stream went idle (CPU track %3)").arg(call, formatDuration(afterNs), cpuTrack);
}

QString other()
{
    return Text::tr("the next kernel was queued before the gap began and no collective, allocator call, synchronisation or data loading explains the wait");
}

QString coveredNote(std::int64_t stream, TimeNs idleBeforeNs, std::int64_t coveringStream)
{
    return Text::tr("; stream %1 had run nothing for %2 before the gap, covered by stream %3's compute")
        .arg(stream)
        .arg(formatDuration(idleBeforeNs))
        .arg(coveringStream);
}

QString launchedFromNote(const QString &pythonLine) { return Text::tr("; the next kernel was launched from %1").arg(pythonLine); }

} // namespace lanescope::analysis::gapText
