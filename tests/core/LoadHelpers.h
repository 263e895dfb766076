// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers shared by the core tests: load bytes held in memory, find a track, read a slice.
#include "core/io/MappedSource.h"
#include "core/model/Trace.h"
#include "core/parse/TraceLoader.h"

#include <QString>

#include <memory>
#include <string>

namespace lanescope::test {

inline LoadResult loadText(const std::string &json, int threads = 1, const QString &name = QStringLiteral("inline"))
{
    LoadOptions o;
    o.threads = threads;
    return loadTrace(MappedSource::fromBytes(json, name), o);
}

// The track with this numeric pid/tid, or null.
inline const Track *findTrack(const Trace &t, std::int64_t pid, std::int64_t tid)
{
    for (const Track &tr : t.tracks)
        if (tr.pid == pid && tr.tid == tid && tr.pidLabel.isEmpty() && tr.tidLabel.isEmpty())
            return &tr;
    return nullptr;
}

inline int trackIndex(const Trace &t, const Track *tr)
{
    return tr ? int(tr - t.tracks.data()) : -1;
}

inline QString sliceName(const Trace &t, const Track &tr, std::size_t i) { return t.name(tr.nameId[i]); }

inline int countKind(const Trace &t, TrackKind k)
{
    int n = 0;
    for (const Track &tr : t.tracks)
        n += tr.kind == k;
    return n;
}

inline int countFlows(const Trace &t, FlowKind k)
{
    int n = 0;
    for (const Flow &f : t.flows)
        n += f.kind == k;
    return n;
}

inline bool anyWarningContains(const Trace &t, const QString &needle)
{
    for (const QString &w : t.warnings)
        if (w.contains(needle))
            return true;
    return false;
}

} // namespace lanescope::test
