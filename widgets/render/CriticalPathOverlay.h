// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The critical path of a step (core/analysis/measures/critical_path/CriticalPath.h) drawn over the lanes: each stretch of
// the path outlined on the lane where its time went, in its part's colour (the slice it is
// attributed to, or a line through the lane where none), and each launch or synchronisation
// edge as a line from the lane it leaves to the lane it reaches. Stretches narrower than a pixel
// merge per lane and colour, so the cost is bounded by the picture, not by the path's length.
#include "core/analysis/measures/critical_path/CriticalPath.h"

#include <QColor>

#include <memory>

class QPainter;

namespace lanescope {

class TimelineRenderer;

// The path of one run of the session, as the overlay holds it.
struct CriticalPathMark
{
    int run = 0;
    std::shared_ptr<const analysis::CriticalPath> path;
};

// One colour per part, for the overlay and the Analysis dock's breakdown alike.
QColor criticalPathColor(analysis::PathPart part);

void paintCriticalPath(QPainter &p, const TimelineRenderer &renderer, const CriticalPathMark &mark);

} // namespace lanescope
