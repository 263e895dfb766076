// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The context menu of a lane (its label or its row) and of a group header: Pin to Top / Unpin,
// Hide Lane, Show Only This Group, Copy Name, Show All Lanes. What it changes lives in the view's
// LaneLayout by lane and group key, so it holds through collapse and for every run of a comparison.
class QMenu;

namespace lanescope {

class TimelineView;

// Adds the actions for `lane` (-1: none, a group header) of `group` to menu. Actions have
// object names (pinLane, unpinLane, hideLane, showOnlyGroup, copyLaneName, showAllLanes) for tests.
void addLaneActions(QMenu *menu, TimelineView *view, int lane, int group);

} // namespace lanescope
