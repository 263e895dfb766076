// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The context menu of a slice: Copy Name, Find Similar (the search for exactly that name), Zoom to
// Slice, Select All Like This (every slice of that name in every run outlined; the Time Range
// panel gives their count, total, mean, min and max).
class QMenu;

namespace lanescope {

class TimelineView;
struct SliceRef;

// Object names: copySliceName, findSimilar, zoomToSlice, selectAllLike.
void addSliceActions(QMenu *menu, TimelineView *view, SliceRef ref);

} // namespace lanescope
