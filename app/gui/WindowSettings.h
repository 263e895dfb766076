// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a window remembers between runs (QSettings): its geometry and dock/toolbar layout, saved on
// close and restored at start, and the Analysis dock's gap threshold and kernel filter, saved as the
// user changes them and restored at start (a --gap-ms given on the command line is applied after the
// restore and, being set programmatically, is not remembered); which lane groups the user collapsed,
// per kind of trace.
#include <QStringList>

class QMainWindow;

namespace lanescope {

class AnalysisDock;
class Session;
class TimelineView;
class Trace;

namespace WindowSettings {

void saveLayout(const QMainWindow *window);
// False when nothing was stored or the stored layout did not fit (a build with other docks).
bool restoreLayout(QMainWindow *window);
// Restores the dock's options and saves them from now on whenever the user changes them.
void restoreAndTrackAnalysisOptions(AnalysisDock *dock);
// Lane collapse per kind of trace: a trace's kind is the set of its process names (the same training
// script profiled again has the same kind). remember stores the keys (LaneGroup::key) of the groups
// collapsed now, for each kind shown; restore collapses the remembered groups of what is shown and expands
// the others.
QString traceKind(const Trace &trace);
void rememberCollapsedGroups(const TimelineView *view, const Session *session);
void restoreCollapsedGroups(TimelineView *view, const Session *session);
// Docks whose content wants no more than its size hint across its dock area (a size policy without
// the grow flag in that direction, as the Legend's) are given that size: a layout restored from a
// window whose Ranks dock shared the area, or the area left by a dock hidden since, would give them
// the room of the others. A dock tabbed with another shown dock is left to its tab group.
void fitSmallDocks(QMainWindow *window);
// fitSmallDocks once laid out whenever a dock of the window is shown or hidden (the window's first
// show included: its docks become visible), so the layout it restored or the last load left fits.
void keepSmallDocksFitted(QMainWindow *window);
// Docks and toolbars without an objectName: saveState cannot place them. Empty when all is well.
QStringList unnamedDocksAndToolBars(const QMainWindow *window);

} // namespace WindowSettings
} // namespace lanescope
