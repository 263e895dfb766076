// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The ghost of a replayed step (core/analysis/measures/replay/Replay.h) drawn over the lanes: each device
// activity of the step at the place the replay with the fixes applied projects it, as an outlined,
// translucent box in its own lane and row, with a thin line back to where it ran when it moved by
// more than kReplayGhostTiePx; and, at the step's projected end, a mark and the label
// "replayed: 176.5 ms → 114.1 ms (dataloader)". Activities back to back (within a pixel) in a row
// share one box, so a busy stream zoomed out reads as outlined spans and the cost is bounded by
// the picture.
#include "core/analysis/measures/replay/Replay.h"

#include <QColor>
#include <QLineF>
#include <QRectF>
#include <QString>

#include <memory>
#include <vector>

class QPainter;

namespace lanescope {

class TimelineRenderer;

// What the overlay draws: one run's replay (its step, the activities' projected times).
struct ReplayGhost
{
    int run = 0;
    std::shared_ptr<const analysis::replay::WhatIf> whatIf; // valid, with activities
};

// A moved box's line back to its measured place starts past this many pixels of move.
constexpr double kReplayGhostTiePx = 3.0;

// The ghost's geometry in picture coordinates, for painting and for tests.
struct ReplayGhostGeometry
{
    struct Box
    {
        // From the projected start of `activity` to the projected end of the last activity of
        // the row that starts within a pixel of it, in the row.
        QRectF rect;
        std::size_t activity = 0; // the first, index in WhatIf::activities
    };
    std::vector<Box> boxes;
    std::vector<QLineF> ties;  // measured start -> projected start, at the row's middle
    bool endVisible = false;   // the projected end of the step is in the window
    double endX = 0;           // its x
    double measuredEndX = 0;   // the measured end's x (may be outside the picture)
};

ReplayGhostGeometry replayGhostGeometry(const TimelineRenderer &renderer, const ReplayGhost &ghost);

// The boxes' outline and lines (tests find the ghost's pixels by it).
QColor replayGhostLineColor();

// "replayed: 176.5 ms → 114.1 ms (dataloader)"; empty without a valid replay.
QString replayGhostLabel(const analysis::replay::WhatIf &whatIf);

void paintReplayGhost(QPainter &p, const TimelineRenderer &renderer, const ReplayGhost &ghost);

} // namespace lanescope
