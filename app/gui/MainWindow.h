// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window: opens a trace (menu, recent files, drag and drop, command line), loads it off the
// UI thread with progress and cancel (OpenController), and lays out what the load became
// (RunController puts it into the session): the timeline in the middle, the summary, details of the
// selection, time-range statistics and the legend in docks, warnings on top. The window keeps the
// menus, the docks and their layout; it relays nothing between the docks (they follow the session).
#include "app/gui/PictureActions.h"
#include "app/gui/RunController.h"
#include "app/gui/RunsLoadJob.h"
#include "core/model/Trace.h"
#include "widgets/view/Session.h"
#include "core/session/RunSet.h"

#include <QMainWindow>
#include <QPageSize>

#include <memory>

class QAction;
class QDockWidget;
class QFileSystemWatcher;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTimer;
class QToolBar;

namespace lanescope {

class AnalysisDock;
class AnnotationAutosave;
class AnnotationEditor;
class ComparisonDock;
class DetailsPanel;
class RangeStatsPanel;
class JobView;
class RanksDock;
class Session;
class SearchBar;
class StartPage;
class TimelineView;
class RunsLoadJob;
class OpenController;
class LogDirController;
class SessionAnalyser;
class SnapshotController;
class TraceViewIndex;
class TraceSummaryView;
class WarningBanner;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    static constexpr int kMaxRecentFiles = 10; // OpenController keeps them

    // The first window on a screen smaller than its default size (a laptop, QT_SCALE_FACTOR=2):
    // the window within `available` (the screen's available geometry), the docks a share of its
    // width. A layout restored from the last session is left as it was. main() calls it before
    // show().
    void fitToScreen(const QRect &available);

    // Starts loading path (cancelling a load in progress). Returns at once.
    void openFile(const QString &path);
    // Two or more traces or folders: loads them all at once (session::loadRuns) and shows them
    // stacked on one time axis, the first as the baseline, each aligned on its first complete
    // ProfilerStep. One path is openFile. loadFinished(ok) comes once, at the end.
    void openFiles(const QStringList &paths, const QStringList &labels = {});
    // Adds traces to what is shown (File > Compare With…, a trace dropped on the window): the runs
    // already loaded stay as they are, the new ones are loaded and appended. Nothing shown: openFiles.
    void addRuns(const QStringList &paths);
    // A folder of rank traces: every rank trace in it loaded in parallel off the UI
    // thread, then shown as the session's runs in rank order ("rank N"), placed on one clock by the
    // offsets measured on their collectives, with the Ranks dock. A path that is not a folder, or
    // a folder without a rank trace, is an error box; files left out are warnings in the banner.
    void openFolder(const QString &folder);
    QString currentFolder() const { return m_runs->folder(); } // empty unless a folder is shown
    // The built-in case study: fsdp-baseline, fsdp-prefetch and fsdp-tuned, compared (generated on
    // first use into the cache folder).
    void openDemo();
    // A profiler log_dir watched while it trains (File > Watch Folder…, lanescope --watch): its
    // sessions compared, each new complete one added as a run (LogDirController).
    void watchFolder(const QString &folder);
    LogDirController *logDir() const { return m_logDir; }
    QStringList currentFiles() const { return m_runs->currentFiles(); }
    void cancelLoad();
    bool isLoading() const;
    // A folder shown as its summary (too large to hold every rank): no rank's model is kept but the
    // one picked, if any. openRankTimeline(i) loads rank index i's timeline in place of the shown one.
    bool isFolderSummary() const;
    void openRankTimeline(int rank) { openJobRank(rank); }
    const FolderPlan &folderPlan() const { return m_runs->folderPlan(); }
    QWidget *summaryPage() const;

    const std::shared_ptr<const Trace> &trace() const { return m_runs->trace(); }
    QString currentFile() const { return m_runs->currentFile(); }
    // What turns a finished load into the session's runs, and keeps the files and folder shown.
    RunController *runController() const { return m_runs; }
    // Where Compare With… starts: the shown trace's folder (a shown folder's parent), else the
    // folder last opened from.
    QString compareDialogDir() const;
    QString statusText() const;
    TraceSummaryView *summaryView() const { return m_summary; }
    TimelineView *timelineView() const { return m_timeline; }
    Session *session() const { return m_session; }
    SessionAnalyser *sessionAnalyser() const { return m_analyser; } // the one writer of the runs' analyses
    // PyTorch memory snapshots: the Memory Snapshot dock, its load and its marks on the timeline.
    SnapshotController *snapshotController() const { return m_snapshots; }
    // The picture of what the timeline shows (its window and lanes), as File > Export draws it.
    using ExportRequest = PictureActions::ExportRequest;
    bool exportPicture(const ExportRequest &request, QString *error);
    void copyPicture(); // Edit > Copy Picture: the PNG of the timeline's window on the clipboard
    // File > Report…: one landscape PDF page with the picture of the timeline's window,
    // the runs and the metrics table (a comparison's with the comparison dock's deltas). False with
    // *error while nothing is shown or the figures are still being measured.
    bool writeReport(const QString &path, QPageSize::PageSizeId page, QString *error, QStringList *drawn = nullptr);
    AnalysisDock *analysisDock() const { return m_analysis; }
    ComparisonDock *comparisonDock() const { return m_compare; }
    RanksDock *ranksDock() const { return m_ranks; }
    JobView *jobView() const { return m_jobView; }
    QWidget *centralView() const; // what the window shows in the middle: the start page, the timeline or the job view
    SearchBar *searchBar() const { return m_search; }
    DetailsPanel *detailsPanel() const { return m_details; }
    // Over the window while nothing is shown: open a trace, a folder, the demo, a recent file.
    StartPage *startPage() const { return m_startPage; }
    RangeStatsPanel *rangePanel() const { return m_range; }
    QAction *memoryOverlayAction() const { return m_memoryAction; }
    WarningBanner *warningBanner() const { return m_banner; }
    QProgressBar *progressBar() const { return m_progress; }
    // Annotations: the tools, undo stack and "Annotate findings"; the sidecar autosave.
    AnnotationEditor *annotationEditor() const { return m_annotator; }
    AnnotationAutosave *annotationAutosave() const { return m_autosave; }
    QToolBar *annotateToolBar() const { return m_annotateBar; }
    QAction *annotateFindingsAction() const { return m_annotateFindings; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    // Daily use: File > Reload (F5), also offered by the banner when a shown file changes
    // on disk (never reloaded silently); Edit > Preferences; Help > Keyboard Shortcuts.
    QAction *reloadAction() const { return m_reloadAction; }
    void reload();
    void showPreferences();
    void showShortcuts();
    // Recent entries, newest first: a path, or a comparison's paths joined by '\n'. Entries whose
    // files are gone are left out (and forgotten).
    static QStringList recentFiles();

signals:
    void loadFinished(bool ok); // after the window has taken in a load's result (tests wait on it)

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override; // the timeline's clicks (lane collapse)

private:
    void createActions();
    void createDocks();
    void showOpenDialog();
    void showCompareDialog();
    void rebuildRecentMenu();
    void addRecentFile(const QString &path); // a comparison: its paths joined by '\n'
    void updateBanner();
    void setLoading(bool loading);
    // The one open path of traces and comparisons (RunsLoadJob); a folder alone is the ranks view.
    void startRunsJob(std::vector<session::RunSource> sources, std::vector<SessionRun> kept);
    void onRunsLoaded(const RunsLoadJob &job, const std::vector<SessionRun> &kept);
    // The docks, the middle of the window, the banner and the status line for what the load became.
    void layOut(const RunController::Shown &shown);
    void showCompareFolderDialog();
    void showError(const QString &path, const QString &error);
    void updateTitle();
    void about();
    // Annotations, kept apart from the rest of the window's wiring.
    void createAnnotationTools();
    void showGapTableMenu(const QPoint &pos);
    // The folder of ranks, kept apart from the one-trace and comparison paths.
    void createRanksDock();
    void addFolderActions(QMenu *file);
    void showOpenFolderDialog();
    void showRankLanes(int run);
    // A folder too large to hold (RunsLoadJob::plan()): the job's summary in the Ranks dock, no
    // rank's model kept; a rank's timeline loaded when the user picks it, one at a time.
    void openJobRank(int rank); // index into the Ranks dock's ranks
    QString summaryModeText() const; // the banner's line: which mode and why
    void updateStartPage();
    // Summary mode without a rank: the docks that show a trace (Summary, Details, Time Range,
    // Analysis, Legend) step aside so the Ranks dock can take the window; off: they come back.
    void setSummaryLayout(bool on);
    QList<QDockWidget *> m_hiddenForSummary;
    // Daily use, kept apart: WindowSettings, Preferences and ShortcutsDialog do the work.
    void restoreDailyUseSettings();
    void sizeDocksAsShares();
    bool m_layoutRestored = false;
    void addReloadAction(QMenu *file);
    void onShownFileChanged(const QString &path, bool exists);
    void trackLaneCollapse();

    Session *m_session = nullptr;
    RunController *m_runs = nullptr;

    QStackedWidget *m_stack = nullptr;
    QLabel *m_placeholder = nullptr;
    TraceSummaryView *m_summary = nullptr;
    TimelineView *m_timeline = nullptr;
    AnalysisDock *m_analysis = nullptr;
    ComparisonDock *m_compare = nullptr;
    RanksDock *m_ranks = nullptr;
    JobView *m_jobView = nullptr;
    QAction *m_jobViewAction = nullptr;
    static constexpr int kJobViewRanks = 8; // a folder of more ranks opens in the job view
    QLabel *m_summaryPage = nullptr;        // the middle of the window while a summary shows no rank
    QStringList m_compareWarnings; // of the comparison (GPU models, world sizes, step counts)
    SearchBar *m_search = nullptr;
    DetailsPanel *m_details = nullptr;
    RangeStatsPanel *m_range = nullptr;
    QDockWidget *m_summaryDock = nullptr;
    QDockWidget *m_detailsDock = nullptr;
    QDockWidget *m_rangeDock = nullptr;
    QDockWidget *m_legendDock = nullptr;
    QAction *m_memoryAction = nullptr;
    WarningBanner *m_banner = nullptr;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_statusLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancelButton = nullptr;
    AnnotationEditor *m_annotator = nullptr;
    AnnotationAutosave *m_autosave = nullptr;
    QToolBar *m_annotateBar = nullptr;
    QAction *m_annotateFindings = nullptr;
    QAction *m_reloadAction = nullptr;
    StartPage *m_startPage = nullptr;
    PictureActions *m_pictures = nullptr;
    OpenController *m_open = nullptr;
    LogDirController *m_logDir = nullptr;
    SessionAnalyser *m_analyser = nullptr;
    SnapshotController *m_snapshots = nullptr;
    void createStartPage();
};

} // namespace lanescope
