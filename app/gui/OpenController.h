// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the window opens and keeps an eye on, apart from how it shows it: the one load at a time
// (a trace, a comparison or a folder of ranks, all through RunsLoadJob; the newest request wins), its cancel and progress, the recent files, and the watch on the files shown.
// MainWindow shows what it hands back and keeps the menus, docks and layout.
#include "app/gui/RunsLoadJob.h"
#include "widgets/view/Session.h"

#include <QObject>
#include <QStringList>

#include <vector>

class QFileSystemWatcher;
class QTimer;

namespace lanescope {

class OpenController : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxRecentFiles = 10;

    explicit OpenController(QObject *parent = nullptr);
    ~OpenController() override; // a running job is cancelled and joined

    // Every run at once (session::loadRuns); kept: runs on screen that the new ones join.
    void openRuns(std::vector<session::RunSource> sources, std::vector<SessionRun> kept = {});
    // A folder of rank traces shown as the job's ranks (RunsLoadJob::isRanksView()), or as the
    // job's summary, measured with summaryOptions, where its ranks together would take more than
    // folderBudget() (RunsLoadJob::plan()).
    void openFolder(const QString &folder, const analysis::AnalysisOptions &summaryOptions = {});
    // One rank of a folder shown as its summary: its trace alone (RunsLoadJob::Kind::JobRank).
    void openRank(const QString &path, const QString &label);

    // What the window may keep of a folder's ranks before it opens the folder as its summary:
    // LANESCOPE_FOLDER_MEMORY_MB (MiB) where set, else Preferences::folderMemoryMb where the user
    // set one, else half of the memory available now (the folder loader's default budget).
    // *from: where the figure comes from, for the banner.
    static std::uint64_t folderBudget(QString *from = nullptr);
    // Stops and forgets whatever is loading: no result comes.
    void stop();
    // Asks the load to stop; its result then comes as cancelled. False when nothing runs or it is
    // stopping already.
    bool cancel();
    bool isLoading() const { return m_job != nullptr; }

    // Recent entries, newest first: a path, or a comparison's paths joined by '\n'. Entries whose
    // files are gone are left out (and forgotten).
    static QStringList recentFiles();
    static void addRecentFile(const QString &entry);
    static void clearRecentFiles();

    // The files shown now: a change on disk says so (fileChanged), never reloads by itself.
    void watch(const QStringList &paths);

signals:
    void runsLoaded(const lanescope::RunsLoadJob &job, const std::vector<lanescope::SessionRun> &kept);
    void loadingChanged(bool loading);
    void progress(double fraction); // 0..1, polled while loading
    void fileChanged(const QString &path, bool exists);

private:
    void setLoading(bool loading);
    RunsLoadJob *start(std::vector<session::RunSource> sources, std::vector<SessionRun> kept, RunsLoadJob::Kind kind);

    RunsLoadJob *m_job = nullptr;         // a child; null when idle
    QTimer *m_progressTimer;
    QFileSystemWatcher *m_watcher;
    QStringList m_watched;
};

} // namespace lanescope
