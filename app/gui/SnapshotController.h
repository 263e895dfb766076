// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The window's side of PyTorch memory snapshots: which paths are snapshots (a .pickle), the one
// load at a time (SnapshotLoadJob: the newest request wins), the Memory Snapshot dock and the
// snapshot's marks on the timeline. A snapshot never replaces the traces shown: opened alone it
// fills the dock; beside a trace (the command line's `trace.json.gz snap.pickle`, or dropped on an
// open trace) it is aligned with it, and aligned again whenever the traces shown change. The
// timeline's selected slice moves the dock's moment; the dock's moment is drawn on the timeline.
#include "widgets/memsnap/LoadedSnapshot.h"
#include "widgets/render/SliceRef.h"

#include <QObject>
#include <QStringList>

class QMainWindow;

namespace lanescope {

class MemorySnapshotDock;
class Session;
class SnapshotLoadJob;
class SnapshotTimelineMarks;
class TimelineView;

class SnapshotController : public QObject
{
    Q_OBJECT
public:
    // The dock is added to the window's bottom area, hidden until a snapshot is opened.
    SnapshotController(QMainWindow *window, Session *session, TimelineView *timeline);
    ~SnapshotController() override;

    static bool isSnapshotFile(const QString &path); // *.pickle
    // Takes the snapshots out of paths and opens the first (a second one is named as left out);
    // returns the other paths, for the window to open as it would have.
    QStringList takeSnapshots(const QStringList &paths);
    void open(const QString &path);
    bool isLoading() const; // reading a file (not only aligning one read before)
    bool hasSnapshot() const;
    MemorySnapshotDock *dock() const { return m_dock; }
    SnapshotTimelineMarks *marks() const { return m_marks; }

signals:
    void status(const QString &text);  // for the window's status line
    void loadFinished(bool ok);         // a snapshot read (or refused), after the dock shows it
    void alignmentFinished();           // the placement on the traces shown is in the dock

private:
    void start(SnapshotLoadJob *job);
    void onFinished(SnapshotLoadJob *job);
    void realign();
    void placeOnDock(const SnapshotPlacement &placement);
    void showDock();
    void momentFromSelection(SliceRef ref);

    QMainWindow *m_window;
    Session *m_session;
    TimelineView *m_timeline;
    MemorySnapshotDock *m_dock;
    SnapshotTimelineMarks *m_marks;
    SnapshotLoadJob *m_job = nullptr; // a child; null when idle
    bool m_pendingAlign = false;      // the traces changed while a snapshot was loading
    bool m_tabbed = false;            // put beside the legend once
};

} // namespace lanescope
