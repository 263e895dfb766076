// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A profiler log_dir in the window (session/LogDir.h): several sessions open as a comparison, the
// earliest the baseline, in time order, each run one session (its ranks alone: no rank of one
// attempt is aligned to another's) labelled by the session's label. The Comparison dock's session
// list picks which sessions take part; File > Watch Folder… (and `lanescope --watch`) adds every new
// complete session as a run while the job trains (LogDirWatcher), keeping the runs loaded.
#include "app/gui/LogDirWatcher.h"
#include "core/session/RunSet.h"
#include "widgets/view/Session.h"

#include <QList>
#include <QObject>

#include <functional>
#include <vector>

namespace lanescope {

class ComparisonDock;

class LogDirController : public QObject
{
    Q_OBJECT
public:
    // startRuns: the window's one load of runs (kept: runs on screen the new ones join).
    using StartRuns = std::function<void(std::vector<session::RunSource> sources, std::vector<SessionRun> kept)>;
    LogDirController(Session *session, ComparisonDock *dock, StartRuns startRuns, QObject *parent = nullptr);

    // Opens `folder` as its sessions where it holds more than one (true: the load started); a
    // folder of one session is left to the caller (false), opened as today.
    bool open(const QString &folder);
    // Opens `folder`'s sessions (one or more) and watches it for new ones. False with *error where
    // it holds no session yet and cannot be listed.
    bool watch(const QString &folder, QString *error = nullptr);
    void stop(); // forgets the log_dir and stops watching
    bool isWatching() const { return m_watcher->isWatching(); }
    QString folder() const { return m_folder; }
    LogDirWatcher *watcher() const { return m_watcher; }
    // The sessions listed, earliest first (the session list's).
    const std::vector<session::LogSession> &sessions() const { return m_sessions; }
    // Which session a run of the window shows (by its files), -1 for none.
    int sessionOfRun(const SessionRun &run) const;
    // The window finished a load (MainWindow::loadFinished): the runs put in time order, the
    // session list filled, and a load that waited started.
    void loadFinished(bool ok);

    static std::vector<session::RunSource> sourcesOf(const std::vector<session::LogSession> &sessions);

signals:
    void sessionsChanged(); // listed or picked anew (tests wait on it)

private:
    void load(const std::vector<session::LogSession> &sessions, bool keepShown);
    void picked(const QList<int> &indexes);
    void arrived(const std::vector<session::LogSession> &sessions);
    bool showsOnlyLogDir() const;
    void updateDock();

    Session *m_session; // the window's: it outlives the controller
    ComparisonDock *m_dock;
    StartRuns m_startRuns;
    LogDirWatcher *m_watcher;
    QString m_folder;
    std::vector<session::LogSession> m_sessions;
    bool m_loading = false;
    std::vector<session::LogSession> m_waiting; // arrived while a load ran
    QString m_lastLabel;
};

} // namespace lanescope
