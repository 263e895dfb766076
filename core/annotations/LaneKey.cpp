// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/annotations/LaneKey.h"

namespace lanescope::annotations::LaneKey {

QString gpuStream(int device, std::int64_t stream)
{
    return QStringLiteral("gpu:%1:stream:%2").arg(device).arg(stream);
}

QString cpuThread(const Track &track)
{
    // pid and tid are -1 where the trace names them with a string ("Spans", "PyTorch Profiler").
    const QString pid = track.pid < 0 && !track.pidLabel.isEmpty() ? track.pidLabel : QString::number(track.pid);
    const QString tid = track.tid < 0 && !track.tidLabel.isEmpty() ? track.tidLabel : QString::number(track.tid);
    return QStringLiteral("cpu:%1:%2").arg(pid, tid);
}

QString memory(int device) { return QStringLiteral("memory:%1").arg(device); }

QString forTrack(const Track &track)
{
    if (track.kind == TrackKind::Gpu)
        return gpuStream(track.device >= 0 ? track.device : int(track.pid), track.streamId());
    return cpuThread(track);
}

bool parseMemory(const QString &key, int *device)
{
    if (!key.startsWith(QLatin1String("memory:")))
        return false;
    bool ok = false;
    const int d = QStringView(key).mid(7).toInt(&ok);
    if (ok && device)
        *device = d;
    return ok;
}

} // namespace lanescope::annotations::LaneKey
