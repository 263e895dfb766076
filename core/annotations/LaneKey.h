// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The stable name of a timeline lane, as annotations anchor to it: not a row index (rows move when
// groups collapse, runs are reordered or a trace is opened with other options) but what the lane
// shows, spelled from the trace itself, so the same trace gives the same keys on every load:
//
//   gpu:<device>:stream:<stream>   a GPU stream (Track::streamId(): args.stream, else the tid)
//   cpu:<pid>:<tid>                a CPU thread (the process' or thread's label where it has one)
//   memory:<device>                the device memory curve drawn over a GPU's lanes
//
// The format lives here in core (annotations are a core model); widgets/render/LaneLayout
// computes each lane's key with forTrack().
#include "core/model/Trace.h"

#include <QString>

namespace lanescope::annotations::LaneKey {

QString gpuStream(int device, std::int64_t stream);
QString cpuThread(const Track &track);
QString memory(int device);
// The key of a lane showing this track (gpu:... for GPU tracks, cpu:... for the rest).
QString forTrack(const Track &track);

// "memory:<device>" -> true and *device; anything else -> false.
bool parseMemory(const QString &key, int *device);

} // namespace lanescope::annotations::LaneKey
