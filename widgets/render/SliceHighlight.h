// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The slices of one name in every run: what a click on a row of the comparison's kernel or
// operator differences marks in the lanes. Names are matched as the differences count them
// (analysis::normalizedName: "ProfilerStep#17" is "ProfilerStep#N", template arguments folded on
// request), so the row "ProfilerStep#N" marks every step of every run. Built once per click
// (one pass over each run's string table, then over the tracks whose names matched); immutable
// after, shared by every view and export of the session.
#include "core/model/Trace.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace lanescope {

struct SliceHighlight
{
    QString name; // the normalised name
    bool foldTemplates = false;
    struct TrackHits
    {
        std::vector<std::uint32_t> slices; // by start
        TimeNs maxDur = 0;                 // a window search starts maxDur before the window
        // The level of detail: the same hits split by depth, each by start. A depth's
        // slices never overlap, so a zoomed-out frame finds the next pixel column's first hit with
        // one search instead of visiting every hit of the column (TimelineRenderer::paintSearch).
        // Empty: not built (the frame visits every hit).
        std::vector<std::vector<std::uint32_t>> byDepth;
    };
    std::vector<std::vector<TrackHits>> runs; // [run][track]; empty vector: no match in that run
    std::vector<std::uint64_t> counts;        // matches per run

    std::uint64_t total() const;
};

// Fills hits.byDepth from hits.slices (4 bytes per hit; built with the highlight, off the UI thread).
void indexHitsByDepth(SliceHighlight::TrackHits &hits, const Track &track);

std::shared_ptr<const SliceHighlight> buildSliceHighlight(const std::vector<const Trace *> &traces,
                                                          const QString &normalizedName, bool foldTemplates);

} // namespace lanescope
