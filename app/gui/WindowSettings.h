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
// Docks and toolbars without an objectName: saveState cannot place them. Empty when all is well.
QStringList unnamedDocksAndToolBars(const QMainWindow *window);

} // namespace WindowSettings
} // namespace lanescope
