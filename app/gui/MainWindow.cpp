// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/MainWindow.h"

#include "app/gui/AboutBox.h"
#include "app/gui/Preferences.h"
#include "app/gui/ShortcutsDialog.h"
#include "app/gui/StartPage.h"
#include "app/gui/WindowSettings.h"
#include "app/gui/PictureActions.h"
#include "app/gui/OpenController.h"
#include "app/gui/LogDirController.h"
#include "app/gui/RunsLoadJob.h"
#include "app/gui/SnapshotController.h"
#include "widgets/memsnap/MemorySnapshotDock.h"
#include "widgets/FileDialogs.h"
#include "widgets/TraceSummaryView.h"
#include "widgets/WarningBanner.h"
#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/ReplayGhostController.h"
#include "widgets/render/ReplayGhostOverlay.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/annotations/AnnotationEditor.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/RunAlignment.h"
#include "widgets/ranks/JobView.h"
#include "widgets/ranks/RanksDock.h"
#include "core/synth/DemoTrace.h"
#include "core/synth/SynthModel.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/source/SourceNavigation.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/SearchResultsPanel.h"
#include "widgets/timeline/TimelinePanels.h"
#include "core/analysis/compare/Compare.h"
#include "core/analysis/text/FigureText.h"
#include "widgets/view/Session.h"
#include "widgets/view/SessionAnalyser.h"
#include "widgets/timeline/TimelineView.h"
#include "core/util/TraceName.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScrollArea>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QUndoStack>
#include <QTimer>
#include <QVBoxLayout>

#include <limits>
#include <utility>

namespace lanescope {

namespace {
const QString kLastDirKey = QStringLiteral("lastOpenDir");

// The first local file among dropped URLs, or empty.
QString firstLocalFile(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile())
            return url.toLocalFile();
    }
    return {};
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    resize(1400, 900);
    setAcceptDrops(true);

    m_banner = new WarningBanner(this);
    m_summary = new TraceSummaryView(this);
    m_session = new Session(this);
    m_timeline = new TimelineView(this);
    m_timeline->setSession(m_session);
    m_search = new SearchBar(m_timeline, this);
    m_search->hide();
    m_placeholder = new QLabel(tr("Open a PyTorch Profiler trace (.json or .json.gz) with File > Open, "
                                  "or drop it on this window."),
                               this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false); // greyed: it is a hint, not content

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_timeline);
    // A folder shown as its summary, before a rank is picked: what to do, where the timeline goes.
    m_summaryPage = new QLabel(tr("This job is shown as its summary: the Ranks dock holds every rank's figures, the "
                                  "stragglers, the clock offsets and the collectives' transfer and waiting, measured as the "
                                  "ranks loaded. Double-click a rank there (or select it and press Open Rank's Timeline) to "
                                  "load its timeline and analysis here."),
                               this);
    m_summaryPage->setObjectName(QStringLiteral("summaryPage"));
    m_summaryPage->setAlignment(Qt::AlignCenter);
    m_summaryPage->setWordWrap(true);
    m_summaryPage->setMargin(24);
    m_summaryPage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summaryPage->setMinimumWidth(1);
    m_stack->addWidget(m_summaryPage);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_search);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);

    m_statusLabel = new QLabel(tr("Ready"), this);
    m_statusLabel->setTextFormat(Qt::PlainText);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(240);
    m_progress->setTextVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setToolTip(tr("Stop loading this trace"));
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelLoad);
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);

    // What is opened, its progress and cancel, the recent files and the watch on what is shown.
    m_open = new OpenController(this);
    connect(m_open, &OpenController::loadingChanged, this, &MainWindow::setLoading);
    connect(m_open, &OpenController::progress, this, [this](double p) {
        m_progress->setValue(int(p * 1000));
        if (m_startPage)
            m_startPage->setProgress(p);
    });
    connect(m_open, &OpenController::runsLoaded, this, &MainWindow::onRunsLoaded);
    connect(m_open, &OpenController::fileChanged, this, &MainWindow::onShownFileChanged);

    createDocks();
    createRanksDock();
    // What a load becomes: the session's runs (after the Ranks dock: it clears itself first when
    // the runs are no longer its folder's), then this window's layout for it.
    m_runs = new RunController(m_session, m_analyser, m_ranks, m_compare, this);
    connect(m_runs, &RunController::shown, this, &MainWindow::layOut);
    connect(m_runs, &RunController::failed, this, [this](const QString &path, const QString &error) {
        showError(path, error);
        emit loadFinished(false);
    });
    connect(m_runs, &RunController::cancelled, this, [this](const QString &status) {
        m_statusLabel->setText(status);
        emit loadFinished(false);
    });
    connect(m_runs, &RunController::warningsChanged, this, &MainWindow::updateBanner);
    // PyTorch memory snapshots (.pickle): their dock, load and marks on the timeline.
    m_snapshots = new SnapshotController(this, m_session, m_timeline);
    connect(m_snapshots, &SnapshotController::status, m_statusLabel, &QLabel::setText);
    connect(m_snapshots, &SnapshotController::loadFinished, this, [this] { updateStartPage(); });
    // A log_dir of several sessions opens as their comparison; File > Watch Folder… follows one.
    m_logDir = new LogDirController(
        m_session, m_compare, [this](std::vector<session::RunSource> sources, std::vector<SessionRun> kept) {
            startRunsJob(std::move(sources), std::move(kept));
        },
        this);
    connect(this, &MainWindow::loadFinished, m_logDir, &LogDirController::loadFinished);
    m_pictures = new PictureActions(this); // File > Export Picture, Edit > Copy Picture, File > Report…
    connect(m_pictures, &PictureActions::status, m_statusLabel, &QLabel::setText);
    createActions();
    createAnnotationTools();
    connect(m_session, &Session::runsChanged, this, &MainWindow::updateTitle);
    connect(m_session, &Session::runRenamed, this, &MainWindow::updateTitle); // a run renamed in the comparison
    // A run removed from the comparison: the status line counts the runs shown now.
    connect(m_session, &Session::runRemoved, this, [this] {
        const int now = m_session->runCount();
        if (isLoading() || !m_runs->folder().isEmpty() || now == 0)
            return;
        m_statusLabel->setText(now >= 2 ? tr("Comparing %n runs", nullptr, now) : tr("Showing %1 alone").arg(m_session->run(0).label));
    });
    setLoading(false);
    updateTitle();
    restoreDailyUseSettings();
    createStartPage();
}

void MainWindow::createStartPage()
{
    m_startPage = new StartPage(this);
    connect(m_startPage, &StartPage::openTraceRequested, this, &MainWindow::showOpenDialog);
    connect(m_startPage, &StartPage::openFolderRequested, this, &MainWindow::showOpenFolderDialog);
    connect(m_startPage, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(m_startPage, &StartPage::recentRequested, this, [this](const QStringList &paths) { openFiles(paths); });
    connect(m_session, &Session::runsChanged, m_startPage, [this] { updateStartPage(); });
    updateStartPage();
}

void MainWindow::updateStartPage()
{
    if (!m_startPage)
        return;
    // Shown while the session has no run: before the first trace, and if it is ever emptied; not
    // over a folder's summary, which has no run until a rank is picked.
    const bool empty = m_session->runCount() == 0 && !m_ranks->isSummary() && !m_snapshots->hasSnapshot();
    if (empty)
        m_startPage->setRecentFiles(recentFiles());
    m_startPage->setVisible(empty);
}

// A running job is a child: its destructor cancels and joins. The timeline outlives the session
// (a child made before it): when the session goes, the view drops its selection and says so, and
// the docks that would show it are gone by then.
MainWindow::~MainWindow()
{
    if (m_timeline)
        disconnect(m_timeline, nullptr, this, nullptr);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a PyTorch Profiler / Kineto trace"));
    addFolderActions(file);
    QAction *compareWith = file->addAction(tr("&Compare With…"), this, &MainWindow::showCompareDialog);
    compareWith->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    compareWith->setStatusTip(tr("Add traces to compare with the one shown, which stays the baseline"));
    file->addAction(tr("Open &Demo Comparison"), this, &MainWindow::openDemo)
        ->setStatusTip(tr("The case study: an FSDP run before and after prefetching and allocator tuning"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    addReloadAction(file);
    file->addSeparator();
    QAction *exportAction = file->addAction(tr("&Export Picture…"), m_pictures, &PictureActions::showExportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setStatusTip(tr("Write the timeline's window as PNG, SVG or PDF, drawn at the size you choose"));
    QAction *report = file->addAction(tr("Re&port…"), m_pictures, &PictureActions::showReportDialog);
    report->setStatusTip(tr("Write one landscape PDF page: the picture, the runs and the metrics table"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *find = edit->addAction(tr("&Find…"), m_search, &SearchBar::activate);
    find->setShortcut(QKeySequence::Find);
    QAction *findNext = edit->addAction(tr("Find &Next"), m_search, &SearchBar::next);
    findNext->setShortcut(QKeySequence::FindNext);
    QAction *findPrev = edit->addAction(tr("Find &Previous"), m_search, &SearchBar::previous);
    findPrev->setShortcut(QKeySequence::FindPrevious);
    edit->addSeparator();
    QAction *copyPic = edit->addAction(tr("&Copy Picture"), m_pictures, &PictureActions::copyPicture);
    copyPic->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyPic->setStatusTip(tr("Put a PNG of the timeline's window, with title and legend, on the clipboard"));
    edit->addSeparator();
    // Pr&eferences and Co&lour: F is Find's mnemonic and C Copy Picture's in this menu.
    QAction *prefs = edit->addAction(tr("Pr&eferences…"), this, &MainWindow::showPreferences);
    prefs->setMenuRole(QAction::PreferencesRole);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *fit = view->addAction(tr("&Fit All"), m_timeline, &TimelineView::fitAll);
    fit->setStatusTip(tr("Show the whole trace (F or Home in the timeline)"));
    m_memoryAction = view->addAction(tr("&Memory Overlay"));
    m_memoryAction->setCheckable(true);
    m_memoryAction->setChecked(m_timeline->memoryOverlayVisible());
    m_memoryAction->setStatusTip(tr("Draw each GPU's allocated and reserved memory over its lanes"));
    connect(m_memoryAction, &QAction::toggled, m_timeline, &TimelineView::setMemoryOverlayVisible);
    QAction *stacked = view->addAction(tr("Memory Stacked by &Owner"));
    stacked->setObjectName(QStringLiteral("memoryStackedAction"));
    stacked->setCheckable(true);
    stacked->setChecked(m_timeline->memoryStacked());
    stacked->setStatusTip(tr("Split each GPU's allocated memory by who allocated it: forward, backward, optimizer, FSDP all-gather, before the trace"));
    connect(stacked, &QAction::toggled, m_timeline, &TimelineView::setMemoryStacked);
    connect(m_timeline, &TimelineView::memoryStackedChanged, stacked, &QAction::setChecked);
    QAction *queues = view->addAction(tr("Launch &Queues"));
    queues->setObjectName(QStringLiteral("queueLanesAction"));
    queues->setCheckable(true);
    queues->setChecked(m_timeline->queueLanesVisible());
    queues->setStatusTip(tr("Under each GPU stream, its launch queue: operations launched and not yet finished"));
    connect(queues, &QAction::toggled, m_timeline, &TimelineView::setQueueLanesVisible);
    QAction *pathAction = view->addAction(tr("&Critical Path"));
    pathAction->setObjectName(QStringLiteral("criticalPathAction"));
    pathAction->setCheckable(true);
    pathAction->setChecked(m_timeline->criticalPathVisible());
    pathAction->setStatusTip(tr("Draw the critical path of the analysed step over the lanes, in the colours of its parts"));
    connect(pathAction, &QAction::toggled, m_timeline, &TimelineView::setCriticalPathVisible);
    view->addSeparator();
    view->addAction(m_summaryDock->toggleViewAction());
    view->addAction(m_detailsDock->toggleViewAction());
    view->addAction(m_rangeDock->toggleViewAction());
    view->addAction(m_legendDock->toggleViewAction());
    view->addAction(m_snapshots->dock()->toggleViewAction());
    view->addAction(m_analysis->toggleViewAction());
    view->addAction(m_compare->toggleViewAction());
    view->addAction(m_ranks->toggleViewAction());
    view->addSeparator();
    QAction *gpuOnly = view->addAction(tr("&GPU Lanes Only"));
    gpuOnly->setCheckable(true);
    gpuOnly->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    gpuOnly->setStatusTip(tr("Hide the CPU threads: every run's GPU streams next to each other"));
    connect(gpuOnly, &QAction::toggled, m_timeline, &TimelineView::setGpuLanesOnly);
    m_jobViewAction = view->addAction(tr("&Job Overview"));
    m_jobViewAction->setCheckable(true);
    m_jobViewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
    m_jobViewAction->setStatusTip(tr("A folder of ranks: one row per rank, its compute stream busy and idle and its gaps, the "
                                     "straggler marked; a click opens that rank's lanes"));
    m_jobViewAction->setEnabled(false); // a folder of ranks only
    connect(m_jobViewAction, &QAction::toggled, this, [this](bool on) {
        if (m_ranks->hasRanks())
            m_stack->setCurrentWidget(on ? static_cast<QWidget *>(m_jobView) : m_timeline);
    });
    connect(m_stack, &QStackedWidget::currentChanged, this, [this] {
        const QSignalBlocker block(m_jobViewAction);
        m_jobViewAction->setChecked(m_stack->currentWidget() == m_jobView);
    });
    // Runs that are no longer a folder's (the Ranks dock cleared itself first): the timeline.
    connect(m_session, &Session::runsChanged, this, [this] {
        m_jobViewAction->setEnabled(m_ranks->hasRanks() && !m_ranks->isSummary()); // its rows are the ranks' timelines
        if (!m_ranks->hasRanks() && m_stack->currentWidget() == m_jobView)
            m_stack->setCurrentWidget(m_timeline);
        if (m_stack->currentWidget() == m_summaryPage && m_session->runCount() > 0)
            m_stack->setCurrentWidget(m_timeline);
    });

    QMenu *analysisMenu = menuBar()->addMenu(tr("&Analysis"));
    QAction *analyseRange = analysisMenu->addAction(tr("Analyse &Selected Range"), this, [this] {
        if (!m_timeline->hasTimeRange())
            return;
        const int run = m_analysis->run(); // the range in the analysed run's own time
        m_analysis->setAnalysisRange(qint64(m_timeline->timeRangeStartNs(run)), qint64(m_timeline->timeRangeEndNs(run)));
        m_analysis->show();
        m_analysis->raise();
    });
    analyseRange->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    analyseRange->setStatusTip(tr("Limit the gap analysis to the time range selected with Shift+drag"));
    analysisMenu->addAction(tr("Analyse &Whole Trace"), this, [this] { m_analysis->setAnalysisRange(0, 0); });
    analysisMenu->addAction(tr("Clear Gap &Mark"), m_timeline, &TimelineView::clearHighlight);
    // The analysed step replayed with the advice's fixes, drawn over the lanes where it would run.
    auto *ghost = new ReplayGhostController(m_session, this);
    ghost->setObjectName(QStringLiteral("replayGhostController"));
    QAction *ghostAction = analysisMenu->addAction(tr("Replayed Step &Ghost"));
    ghostAction->setObjectName(QStringLiteral("replayGhostAction"));
    ghostAction->setCheckable(true);
    ghostAction->setStatusTip(tr("Draw where each kernel of the analysed step would run with every shown advice's fix, over the lanes"));
    connect(ghostAction, &QAction::triggered, ghost, &ReplayGhostController::setOn);
    connect(ghost, &ReplayGhostController::onChanged, ghostAction, &QAction::setChecked);
    connect(m_analysis->adviceList(), &AdviceList::replayRequested, ghost, &ReplayGhostController::showAdvice);
    connect(m_analysis, &AnalysisDock::analysisFinished, ghost, [this, ghost] { ghost->setRun(m_analysis->run()); });
    connect(ghost, &ReplayGhostController::ghostReady, this, [this, ghost] {
        if (!ghost->message().isEmpty())
            m_statusLabel->setText(ghost->message());
        const std::shared_ptr<const ReplayGhost> g = ghost->ghost();
        if (!g || !g->whatIf)
            return;
        // The step out of view: show it, the replayed and the measured end both.
        const analysis::Step &s = g->whatIf->step;
        const double from = double(s.start), to = double(s.start + std::max(g->whatIf->stepNs, g->whatIf->combined.projectedNs));
        const double viewFrom = m_timeline->visibleStartNs(g->run), viewTo = m_timeline->visibleEndNs(g->run);
        if (to < viewFrom || from > viewTo) {
            const double margin = (to - from) * 0.05;
            m_timeline->setVisibleRange(from - margin, to + margin, g->run);
        }
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Open &Demo"), this, &MainWindow::openDemo)
        ->setStatusTip(tr("The case study: an FSDP run before and after prefetching and allocator tuning, compared"));
    help->addSeparator();
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setShortcut(QKeySequence::HelpContents);
    shortcuts->setStatusTip(tr("Every shortcut of the menus and toolbars, and the timeline's keys"));
    QAction *about = help->addAction(tr("&About Lanescope"), this, &MainWindow::about);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    auto dock = [this](const QString &title, const QString &name, QWidget *content, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        return d;
    };
    m_details = new DetailsPanel(m_timeline, this);
    m_range = new RangeStatsPanel(m_timeline, this);
    m_summaryDock = dock(tr("Summary"), QStringLiteral("summaryDock"), m_summary, Qt::RightDockWidgetArea);
    m_detailsDock = dock(tr("Details"), QStringLiteral("detailsDock"), m_details, Qt::RightDockWidgetArea);
    m_rangeDock = dock(tr("Time Range"), QStringLiteral("rangeDock"), m_range, Qt::RightDockWidgetArea);
    m_legendDock = dock(tr("Legend"), QStringLiteral("legendDock"), new LegendWidget(this), Qt::BottomDockWidgetArea);
    // The search's results under the timeline, shown when a search finds something.
    QDockWidget *searchDock = dock(tr("Search Results"), QStringLiteral("searchResultsDock"), m_search->resultsPanel(), Qt::BottomDockWidgetArea);
    m_search->resultsPanel()->show();
    searchDock->hide();
    connect(m_search, &SearchBar::resultsReady, searchDock, [this, searchDock] {
        // First shown: a tab beside the legend, the window's width under the timeline (tabbed at
        // start, the hidden dock would still claim height from a fresh window).
        if (!searchDock->property("placed").toBool() && !searchDock->isVisible() && m_legendDock->isVisible())
            tabifyDockWidget(m_legendDock, searchDock);
        searchDock->setProperty("placed", true);
        searchDock->show();
        searchDock->raise();
    });
    m_analysis = new AnalysisDock(this);
    // The one writer of the runs' analyses; the Analysis and Comparison docks read them.
    m_analyser = new SessionAnalyser(m_session, this);
    m_analysis->setSession(m_session);
    m_analysis->setSessionAnalyser(m_analyser);
    addDockWidget(Qt::RightDockWidgetArea, m_analysis);
    tabifyDockWidget(m_summaryDock, m_detailsDock);
    tabifyDockWidget(m_detailsDock, m_rangeDock);
    tabifyDockWidget(m_rangeDock, m_analysis);
    m_compare = new ComparisonDock(this);
    m_compare->setSession(m_session);
    m_compare->setSessionAnalyser(m_analyser);
    addDockWidget(Qt::RightDockWidgetArea, m_compare);
    tabifyDockWidget(m_analysis, m_compare);
    m_compare->hide(); // shown when a second run arrives
    connect(m_compare, &ComparisonDock::addRunRequested, this, &MainWindow::showCompareDialog);
    connect(m_compare, &ComparisonDock::warningsChanged, this, [this](const QStringList &w) {
        m_compareWarnings = w;
        updateBanner();
    });
    resizeDocks({m_summaryDock}, {450}, Qt::Horizontal);
    m_analysis->raise();

    // A gap picked in the analysis: zoom so it fills the middle half of the view, mark it on its
    // stream with its cause.
    connect(m_analysis, &AnalysisDock::gapActivated, this, [this](int run, const analysis::Gap &gap) {
        const double margin = std::max<double>(double(gap.dur) * 0.5, 1000.0);
        m_timeline->setVisibleRange(double(gap.start) - margin, double(gap.end()) + margin, run);
        m_timeline->showGap(run, gap);
    });
    // A launch picked in the Launch tab: select its kernel and zoom to it.
    connect(m_analysis, &AnalysisDock::launchActivated, this, [this](int run, quint32 track, quint32 slice) {
        const SliceRef ref{run, track, slice};
        m_timeline->zoomToSlice(ref);
        m_timeline->selectSlice(ref, true);
    });
    connect(m_analysis, &AnalysisDock::rangeRequested, this, [this](qint64 startNs, qint64 endNs) {
        const double margin = std::max<double>(double(endNs - startNs) * 0.05, 1000.0);
        m_timeline->clearHighlight();
        m_timeline->setVisibleRange(double(startNs) - margin, double(endNs) + margin, m_analysis->run());
    });

    // A double-click on an annotation of the analysed run analyses that instance of it (its
    // critical path shown): traces without ProfilerStep mark their iterations so.
    connect(m_timeline, &TimelineView::sliceDoubleClicked, this, [this](SliceRef ref) {
        if (ref.run == m_analysis->run() && m_analysis->setAnalysisSlice(ref.track, ref.slice)) {
            m_analysis->show();
            m_analysis->raise();
        }
    });
    connect(m_timeline, &TimelineView::selectionChanged, this, [this](SliceRef ref) {
        m_details->showSlice(ref);
        if (ref.isValid())
            m_detailsDock->raise();
    });
    // A gap clicked in the timeline: Details tells it (it shows any selected gap; raised only for
    // the timeline's click, so the Analysis dock's gap table stays in front for its own).
    connect(m_timeline, &TimelineView::gapClicked, m_detailsDock, &QDockWidget::raise);
    connect(m_details, &DetailsPanel::sourceRequested, this,
            [this](int run, const QString &file, int line) { showSourceLine(m_analysis, run, file, line); });
    connect(m_details, &DetailsPanel::jumpRequested, this, [this](SliceRef ref) {
        m_timeline->selectSlice(ref, true);
        // The link took the focus into the Details text: W/A/S/D belong to the timeline again,
        // unless the user is typing in a field (the search bar, the gap threshold).
        QWidget *f = QApplication::focusWidget();
        const auto *line = qobject_cast<const QLineEdit *>(f);
        const auto *spin = qobject_cast<const QAbstractSpinBox *>(f);
        if (!(line && !line->isReadOnly()) && !(spin && !spin->isReadOnly()))
            m_timeline->setFocus(Qt::OtherFocusReason);
    });
    connect(m_timeline, &TimelineView::allLikeSelected, this, [this] {
        m_rangeDock->show();
        m_rangeDock->raise();
    });
    connect(m_timeline, &TimelineView::timeRangeChanged, this, [this] {
        m_range->update();
        if (m_timeline->hasTimeRange()) {
            m_rangeDock->show();
            m_rangeDock->raise();
        }
    });
}

void MainWindow::showOpenDialog()
{
    QSettings settings;
    const QString dir = settings.value(kLastDirKey).toString();
    const QString path = FileDialogs::getOpenFileName(
        this, tr("Open Trace"), dir,
        tr("PyTorch Profiler traces and memory snapshots (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz *.pickle);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    openFile(path);
}

QStringList MainWindow::recentFiles() { return OpenController::recentFiles(); }

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    int n = 0;
    for (const QString &entry : files) {
        ++n;
        const QStringList paths = entry.split(QLatin1Char('\n'));
        QStringList names;
        for (const QString &p : paths)
            names << QFileInfo(p).fileName();
        // Mnemonics 1..9, then 0 for the tenth.
        const QString label = tr("&%1 %2").arg(n % 10).arg(names.join(tr(" vs ")));
        QAction *a = m_recentMenu->addAction(label, this, [this, paths] { openFiles(paths); });
        a->setToolTip(paths.join(QLatin1Char('\n')));
        a->setStatusTip(paths.join(tr(" vs ")));
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear Menu"), this, [] { OpenController::clearRecentFiles(); });
}

void MainWindow::addRecentFile(const QString &path) { OpenController::addRecentFile(path); }

void MainWindow::openFiles(const QStringList &given, const QStringList &givenLabels)
{
    // A memory snapshot among them opens in its dock, beside the traces (SnapshotController).
    const QStringList paths = m_snapshots->takeSnapshots(given);
    const QStringList labels = paths.size() == given.size() ? givenLabels : QStringList();
    if (paths.size() != given.size())
        updateStartPage();
    if (paths.isEmpty())
        return;
    if (paths.size() == 1 && QFileInfo(paths.first()).isDir()) {
        openFolder(paths.first()); // the command line, a recent entry
        return;
    }
    startRunsJob(session::runSources(paths, labels), {});
}

// The one open path of traces and comparisons: every run loaded at once off the UI thread
// (session::loadRuns, as lanescope-cli compare loads them), one result. kept: runs already on
// screen that the new ones join (Compare With…). Only one load at a time: the newest wins.
void MainWindow::startRunsJob(std::vector<session::RunSource> sources, std::vector<SessionRun> kept)
{
    const QString what = sources.size() == 1 && kept.empty() ? QFileInfo(sources.front().path).fileName()
                                                             : sources.size() == 1 ? tr("%n run", nullptr, 1)
                                                                                   : tr("%n runs", nullptr, int(sources.size()));
    m_open->openRuns(std::move(sources), std::move(kept));
    m_statusLabel->setText(tr("Loading %1…").arg(what));
    if (m_startPage && isLoading())
        m_startPage->setLoading(true, m_statusLabel->text());
    m_progress->setValue(0);
    m_cancelButton->setToolTip(tr("Stop loading"));
}

void MainWindow::onRunsLoaded(const RunsLoadJob &job, const std::vector<SessionRun> &kept)
{
    if (job.kind() != RunsLoadJob::Kind::Runs)
        m_cancelButton->setToolTip(tr("Stop loading this trace"));
    m_runs->show(job, kept); // then layOut, or an error box, or the cancel said
}

void MainWindow::layOut(const RunController::Shown &shown)
{
    using Kind = RunController::Kind;
    // Summary mode without a rank: the docks that show a trace step aside for the Ranks dock.
    setSummaryLayout(shown.kind == Kind::Summary);
    m_summary->setTrace(m_runs->trace());
    m_search->reset();
    m_details->showSlice(SliceRef());
    m_range->update();
    switch (shown.kind) {
    case Kind::Trace:
    case Kind::JobRank:
        m_stack->setCurrentWidget(m_timeline);
        m_analysis->raise(); // the first question is why the GPUs idle
        m_timeline->setFocus();
        m_compareWarnings.clear();
        m_compare->hide();
        if (shown.kind == Kind::JobRank) {
            // The timeline gets the room the summary took; the ranks stay in view to pick the next.
            resizeDocks({m_ranks}, {height() / 3}, Qt::Vertical);
            m_ranks->raise();
        }
        break;
    case Kind::Comparison:
        m_stack->setCurrentWidget(m_timeline);
        m_timeline->setFocus();
        if (!m_compare->isVisible()) {
            m_compare->show();
            // Room for a value and a delta column per run, the timeline keeping most of the width.
            resizeDocks({m_compare}, {std::max(m_compare->width(), std::min(width() * 2 / 5, 420 + 180 * m_session->runCount()))},
                        Qt::Horizontal);
        }
        m_compare->raise();
        break;
    case Kind::Ranks:
        m_compare->hide();
        m_jobView->setJob(nullptr); // the new ranks' gaps come with their analysis
        m_jobViewAction->setEnabled(true);
        // More ranks than the timeline shows at once: the job view first, a row each.
        m_stack->setCurrentWidget(shown.rankCount > kJobViewRanks ? static_cast<QWidget *>(m_jobView) : m_timeline);
        m_timeline->setFocus();
        m_compareWarnings.clear();
        if (!m_ranks->isVisible()) {
            m_ranks->show();
            // Room for the status lines, the header and up to ten ranks; less beside the job view,
            // whose rows are the ranks.
            const int rows = std::min(shown.rankCount, 10);
            const int cap = shown.rankCount > kJobViewRanks ? height() / 4 : height() * 2 / 5;
            resizeDocks({m_legendDock, m_ranks},
                        {m_legendDock->sizeHint().height(), std::min(cap, 150 + m_ranks->fontMetrics().height() * 2 * rows)},
                        Qt::Vertical);
        }
        m_ranks->raise();
        break;
    case Kind::Summary:
        m_compare->hide();
        m_jobView->setJob(nullptr);
        m_jobViewAction->setEnabled(false); // its rows are the ranks' timelines
        m_stack->setCurrentWidget(m_summaryPage);
        updateStartPage();
        m_compareWarnings.clear();
        m_ranks->show();
        m_ranks->raise();
        break;
    }
    updateBanner();
    updateTitle();
    m_statusLabel->setText(shown.status);
    emit loadFinished(true);
}

void MainWindow::addRuns(const QStringList &given)
{
    const QStringList paths = m_snapshots->takeSnapshots(given); // a snapshot joins as its dock
    if (paths.isEmpty())
        return;
    if (isFolderSummary()) {
        // A job too large to hold is never loaded whole for a comparison: the rank shown (if any)
        // is compared with what is added, as a trace opened alone would be.
        if (m_session->runCount() == 0 || isLoading()) {
            openFiles(paths);
            return;
        }
    } else if (m_session->runCount() == 0 || isLoading()) {
        openFiles(m_runs->currentFiles() + paths);
        return;
    } else if (!m_runs->folder().isEmpty()) {
        // The ranks of one job on screen: the folder becomes the comparison's first run.
        openFiles(QStringList{m_runs->folder()} + paths);
        return;
    }
    std::vector<SessionRun> kept;
    QStringList allPaths, labels;
    for (int i = 0; i < m_session->runCount(); ++i) {
        SessionRun r = m_session->run(i); // its analysis comes along: the comparison reuses it
        allPaths << (r.folder.isEmpty() ? r.path : r.folder);
        labels << r.label;
        kept.push_back(std::move(r));
    }
    // The newcomers labelled by the comparison's rule, apart from the runs they join.
    allPaths += paths;
    const std::vector<session::RunSource> all = session::runSources(allPaths, labels);
    std::vector<session::RunSource> added(all.begin() + std::ptrdiff_t(kept.size()), all.end());
    startRunsJob(std::move(added), std::move(kept));
}

void MainWindow::openDemo()
{
    QStringList paths, labels;
    for (auto scenario : {synth::Scenario::Baseline, synth::Scenario::Prefetch, synth::Scenario::Tuned}) {
        labels << QString::fromLatin1(synth::scenarioName(scenario)); // "fsdp-baseline": the CLI's name for it
        QString error;
        const QString path = synth::ensureDemoTrace(scenario, &error);
        if (path.isEmpty()) {
            showError(tr("the demo"), error);
            return;
        }
        paths << path;
    }
    openFiles(paths, labels);
}

QString MainWindow::compareDialogDir() const
{
    // The other run of a comparison usually lies beside the one shown, wherever the app started.
    if (!m_runs->currentFile().isEmpty()) {
        const QFileInfo shown(m_runs->currentFile());
        return shown.isDir() ? QDir::cleanPath(shown.absoluteFilePath() + QStringLiteral("/..")) : shown.absolutePath();
    }
    return QSettings().value(kLastDirKey).toString();
}

void MainWindow::showCompareDialog()
{
    QSettings settings;
    const QStringList paths = FileDialogs::getOpenFileNames(
        this, tr("Compare With"), compareDialogDir(),
        tr("PyTorch Profiler traces (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings.setValue(kLastDirKey, QFileInfo(paths.first()).absolutePath());
    addRuns(paths);
}

void MainWindow::updateBanner()
{
    m_banner->setMode(isFolderSummary() ? summaryModeText() : QString());
    m_banner->setWarnings(m_runs->warnings() + m_compareWarnings);
}

void MainWindow::openFile(const QString &path)
{
    if (SnapshotController::isSnapshotFile(path)) {
        openFiles({path});
        return;
    }
    startRunsJob(session::runSources({path}), {});
}

void MainWindow::cancelLoad()
{
    if (!m_open->cancel())
        return; // nothing running, or already stopping
    m_cancelButton->setEnabled(false);
    m_statusLabel->setText(tr("Cancelling…"));
}

bool MainWindow::isLoading() const { return m_open->isLoading(); }

QString MainWindow::statusText() const { return m_statusLabel->text(); }

void MainWindow::setLoading(bool loading)
{
    // The start page, while it is up, shows the load where the eye is; the status line says what.
    if (m_startPage)
        m_startPage->setLoading(loading, loading ? m_statusLabel->text() : QString());
    m_progress->setVisible(loading);
    m_cancelButton->setVisible(loading);
    m_cancelButton->setEnabled(loading);
}

void MainWindow::showError(const QString &path, const QString &error)
{
    const QString fileName = QFileInfo(path).fileName();
    const QString reason = error.isEmpty() ? tr("unknown error") : error;
    m_statusLabel->setText(tr("Could not open %1: %2").arg(fileName, reason));
    // Window-modal and non-blocking: the event loop (and any test driving it) keeps running.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not open trace"),
                                tr("Lanescope could not open %1.").arg(fileName), QMessageBox::Ok, this);
    box->setInformativeText(reason);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->open();
}

void MainWindow::updateTitle()
{
    if (!m_runs->folder().isEmpty()) {
        const int ranks = m_ranks->isSummary() ? m_ranks->rankCount() : m_session->runCount();
        setWindowTitle((ranks == 1 ? tr("%1 (%n rank) — Lanescope", nullptr, ranks) : tr("%1 (%n ranks) — Lanescope", nullptr, ranks))
                           .arg(QDir(m_runs->folder()).dirName()));
        return;
    }
    if (m_session->runCount() >= 2) {
        QStringList labels;
        for (int i = 0; i < m_session->runCount(); ++i)
            labels << m_session->run(i).label;
        setWindowTitle(tr("%1 — Lanescope").arg(labels.join(tr(" vs "))));
    } else if (m_runs->currentFile().isEmpty()) {
        setWindowTitle(tr("Lanescope"));
        setWindowFilePath(QString());
    } else {
        setWindowTitle(tr("%1 — Lanescope").arg(QFileInfo(m_runs->currentFile()).fileName()));
    }
}

void MainWindow::about() { showAbout(this); }

bool MainWindow::exportPicture(const ExportRequest &request, QString *error) { return m_pictures->exportPicture(request, error); }

void MainWindow::copyPicture() { m_pictures->copyPicture(); }

bool MainWindow::writeReport(const QString &path, QPageSize::PageSizeId page, QString *error, QStringList *drawn)
{
    return m_pictures->writeReport(path, page, error, drawn);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!firstLocalFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    if (event->mimeData() && event->mimeData()->hasUrls())
        for (const QUrl &url : event->mimeData()->urls())
            if (url.isLocalFile())
                paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    // A memory snapshot dropped opens in its dock and is aligned with the traces shown.
    const int dropped = int(paths.size());
    paths = m_snapshots->takeSnapshots(paths);
    if (paths.size() != dropped)
        updateStartPage();
    if (paths.isEmpty())
        return;
    if (paths.size() == 1 && QFileInfo(paths.first()).isDir()) {
        openFolder(paths.first());
        return;
    }
    // A trace dropped on a window that shows one (or two dropped at once): compare them, the
    // one already shown as the baseline.
    if (paths.size() == 1 && !m_runs->currentFiles().isEmpty() && !isLoading())
        addRuns(paths);
    else
        openFiles(paths);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Stop the loader promptly rather than finishing a load nobody will see.
    m_open->cancel();
    m_autosave->flush(); // nothing drawn waits on the autosave's timer
    setSummaryLayout(false); // the layout remembered is the user's, not summary mode's
    WindowSettings::saveLayout(this);
    QMainWindow::closeEvent(event);
}

// --- annotations ----------------------------------------------------------------------

namespace {
QMenu *menuTitled(QMenuBar *bar, const QString &title)
{
    for (QAction *a : bar->actions())
        if (a->menu() && a->menu()->title() == title)
            return a->menu();
    return nullptr;
}

// The preference "Keep annotations" (Preferences::annotationsInDataFolder) for the next saves.
void applyAnnotationPlace(AnnotationAutosave *autosave, const Preferences &prefs)
{
    autosave->setPlace(prefs.annotationsInDataFolder ? annotations::AnnotationStore::Place::DataFolder
                                                     : annotations::AnnotationStore::Place::BesideTrace);
}
} // namespace

void MainWindow::createAnnotationTools()
{
    m_autosave = new AnnotationAutosave(m_session, this);
    m_runs->setAnnotationAutosave(m_autosave); // the sidecars of the runs it shows
    connect(m_autosave, &AnnotationAutosave::saveFailed, this, [this](const QString &message) {
        m_runs->addWarning(message); // the banner follows
    });
    // The same trace open in another window saved its annotations too: the merge is on screen.
    connect(m_autosave, &AnnotationAutosave::mergedFromDisk, m_statusLabel, &QLabel::setText);
    // Annotations meant for beside the trace went to the data folder: said, not a warning.
    connect(m_autosave, &AnnotationAutosave::keptInDataFolder, m_statusLabel, &QLabel::setText);
    applyAnnotationPlace(m_autosave, Preferences::load());
    m_annotator = new AnnotationEditor(m_session, m_timeline, this);
    connect(m_annotator, &AnnotationEditor::message, m_statusLabel, &QLabel::setText);

    m_annotateBar = m_annotator->createToolBar(this);
    addToolBar(Qt::TopToolBarArea, m_annotateBar);
    // The tools' letter shortcuts work wherever the window has focus, except in text fields.
    addActions(m_annotator->toolGroup()->actions());

    if (QMenu *edit = menuTitled(menuBar(), tr("&Edit"))) {
        QAction *first = edit->actions().value(0);
        edit->insertAction(first, m_annotator->undoAction());
        edit->insertAction(first, m_annotator->redoAction());
        edit->insertSeparator(first);
        edit->addSeparator();
        edit->addAction(m_annotator->editTextAction());
        edit->addAction(m_annotator->deleteAction());
        edit->addMenu(m_annotator->colorMenu());
    }
    if (QMenu *view = menuTitled(menuBar(), tr("&View"))) {
        view->addSeparator();
        view->addAction(m_annotateBar->toggleViewAction());
    }
    m_annotateFindings = new QAction(tr("Annotate &Findings"), this);
    m_annotateFindings->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    m_annotateFindings->setStatusTip(tr("Label each gap over the threshold and each allocator spike in view (undo removes them)"));
    connect(m_annotateFindings, &QAction::triggered, m_annotator, &AnnotationEditor::annotateFindings);
    if (QMenu *analysisMenu = menuTitled(menuBar(), tr("&Analysis"))) {
        analysisMenu->addSeparator();
        analysisMenu->addAction(m_annotateFindings);
    }

    QTableView *gaps = m_analysis->gapView();
    gaps->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(gaps, &QWidget::customContextMenuRequested, this, &MainWindow::showGapTableMenu);
}

void MainWindow::showGapTableMenu(const QPoint &pos)
{
    QTableView *view = m_analysis->gapView();
    const QModelIndex index = view->indexAt(pos);
    const analysis::Gap *gap = index.isValid() ? m_analysis->gapModel()->gap(m_analysis->gapProxy()->mapToSource(index).row()) : nullptr;
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (gap) {
        const analysis::Gap copy = *gap;
        menu->addAction(tr("&Annotate This Gap"), this, [this, copy] {
            // The dock analyses the baseline, run 0.
            m_statusLabel->setText(m_annotator->annotateGap(0, copy) ? tr("Annotated the gap") : tr("The gap is annotated already"));
        });
    }
    menu->addAction(m_annotateFindings);
    menu->popup(view->viewport()->mapToGlobal(pos));
}

} // namespace lanescope

// --- a folder of rank traces ----------------------------------------------------------

namespace lanescope {

void MainWindow::createRanksDock()
{
    m_ranks = new RanksDock(this);
    m_ranks->setSession(m_session);
    // Under the legend, the window's whole width: the table has ten columns beside the stragglers.
    addDockWidget(Qt::BottomDockWidgetArea, m_ranks, Qt::Vertical);
    m_ranks->hide(); // shown when a folder opens
    connect(m_ranks, &RanksDock::rankActivated, this, &MainWindow::showRankLanes);
    // The compact job view: one row per rank, in the timeline's place (View > Job Overview).
    m_jobView = new JobView(this);
    m_jobView->setSession(m_session);
    m_stack->addWidget(m_jobView);
    connect(m_ranks, &RanksDock::analysisFinished, m_jobView, [this] { m_jobView->setJob(m_ranks->resultPtr()); });
    connect(m_jobView, &JobView::rankActivated, this, &MainWindow::showRankLanes);
}

void MainWindow::addFolderActions(QMenu *file)
{
    QAction *openFolderAction = file->addAction(tr("Open &Folder…"), this, &MainWindow::showOpenFolderDialog);
    openFolderAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O));
    openFolderAction->setStatusTip(tr("Open a folder of rank traces (one file per rank) as one job, side by side on one clock"));
    QAction *compareFolder = file->addAction(tr("Compare With Folder…"), this, &MainWindow::showCompareFolderDialog);
    compareFolder->setStatusTip(tr("Compare what is shown with a folder of rank traces (baseline job vs optimized job)"));
    QAction *watch = file->addAction(tr("&Watch Folder…"), this, [this] {
        QSettings settings;
        const QString dir = FileDialogs::getExistingDirectory(this, tr("Watch a Profiler log_dir"), settings.value(kLastDirKey).toString());
        if (dir.isEmpty())
            return;
        settings.setValue(kLastDirKey, dir);
        watchFolder(dir);
    });
    watch->setStatusTip(tr("Compare the profiling sessions of a log_dir and add each new one as it is written"));
}

void MainWindow::watchFolder(const QString &folder)
{
    QString error;
    m_logDir->watch(folder, &error);
    if (!error.isEmpty())
        m_statusLabel->setText(error);
    else if (m_logDir->sessions().empty())
        m_statusLabel->setText(tr("Watching %1: no complete session yet").arg(QDir::toNativeSeparators(folder)));
}

void MainWindow::showCompareFolderDialog()
{
    QSettings settings;
    const QString dir = FileDialogs::getExistingDirectory(this, tr("Compare With Folder of Rank Traces"), QDir::cleanPath(compareDialogDir()));
    if (dir.isEmpty())
        return;
    settings.setValue(kLastDirKey, dir);
    addRuns({dir});
}

void MainWindow::showOpenFolderDialog()
{
    QSettings settings;
    const QString dir = FileDialogs::getExistingDirectory(this, tr("Open Folder of Rank Traces"), settings.value(kLastDirKey).toString());
    if (dir.isEmpty())
        return;
    settings.setValue(kLastDirKey, dir);
    openFolder(dir);
}

void MainWindow::openFolder(const QString &folder)
{
    // A profiler log_dir of several sessions (attempts, cycles): their comparison, not one job.
    if (m_logDir->open(folder))
        return;
    m_logDir->stop();
    // Too large to hold, the folder is measured as it loads: with the session's settings, as the
    // Ranks dock would measure it, and a synthetic job's MFU inputs.
    const QStringList files = traceFilesIn(folder);
    if (!files.isEmpty())
        m_runs->applyModelFacts(files.first());
    m_open->openFolder(folder, m_session->settings().options()); // a comparison being loaded stops
    m_statusLabel->setText(tr("Loading the ranks in %1…").arg(QDir(QDir::cleanPath(folder)).dirName()));
    if (m_startPage && isLoading())
        m_startPage->setLoading(true, m_statusLabel->text());
    m_progress->setValue(0);
    m_cancelButton->setToolTip(tr("Stop loading this folder"));
}

QWidget *MainWindow::centralView() const { return m_stack->currentWidget(); }

QWidget *MainWindow::summaryPage() const { return m_summaryPage; }

bool MainWindow::isFolderSummary() const { return m_runs->isFolderSummary(); }

QString MainWindow::summaryModeText() const
{
    QString from;
    OpenController::folderBudget(&from);
    // Summary mode comes with many ranks; the singular is here for a budget set very low.
    const FolderPlan &plan = m_runs->folderPlan();
    const int files = int(plan.files);
    return (files == 1 ? tr("Summary mode: the %n rank of %1 would take about %2 of memory shown, more than the %3 allowed "
                            "(%4), so it was measured as it loaded and let go. The Ranks dock holds the job's figures; double-click "
                            "the rank to load its timeline.",
                            nullptr, files)
                       : tr("Summary mode: the %n ranks of %1 would take about %2 of memory shown together, more than the %3 allowed "
                            "(%4), so each rank was measured as it loaded and let go. The Ranks dock holds the job's figures; double-click "
                            "a rank to load its timeline, one rank at a time.",
                            nullptr, files))
        .arg(QDir(m_runs->folder()).dirName(), analysis::figure::bytes(double(plan.shownBytes)),
             analysis::figure::bytes(double(plan.budgetBytes)), from);
}

void MainWindow::openJobRank(int rank)
{
    if (!m_ranks->isSummary() || rank < 0 || rank >= m_ranks->rankCount())
        return;
    const RankFile *file = m_ranks->rankFile(rank);
    if (!file)
        return;
    const QString label = RunController::rankLabel(*file);
    // One model at a time: the rank shown goes before the next loads.
    m_runs->releaseShownRank();
    m_summary->setTrace(nullptr);
    m_stack->setCurrentWidget(m_summaryPage);
    m_open->openRank(file->path, label);
    m_statusLabel->setText(tr("Loading the timeline of %1…").arg(label));
    m_progress->setValue(0);
    m_cancelButton->setToolTip(tr("Stop loading this rank"));
}

void MainWindow::setSummaryLayout(bool on)
{
    if (on) {
        for (QDockWidget *d : {m_summaryDock, m_detailsDock, m_rangeDock, static_cast<QDockWidget *>(m_analysis), m_legendDock})
            if (d->isVisible() && !m_hiddenForSummary.contains(d)) {
                m_hiddenForSummary << d;
                d->hide();
            }
        // Once laid out without them: the dock most of the height, the summary page a band above.
        QTimer::singleShot(0, this, [this] {
            if (isFolderSummary() && m_session->runCount() == 0)
                resizeDocks({m_ranks}, {height() * 3 / 4}, Qt::Vertical);
        });
        return;
    }
    const QList<QDockWidget *> hidden = std::exchange(m_hiddenForSummary, {});
    for (QDockWidget *d : hidden)
        d->show();
    if (hidden.contains(m_analysis))
        m_analysis->raise();
}

void MainWindow::showRankLanes(int run)
{
    if (m_ranks->isSummary()) {
        openJobRank(run); // the ranks are not loaded: this one is, in place of the one shown
        return;
    }
    m_stack->setCurrentWidget(m_timeline);
    for (const LaneGroup &g : m_timeline->laneLayout().groups())
        if (g.run == run) {
            m_timeline->verticalScrollBar()->setValue(g.y);
            return;
        }
}

// File > Report…, kept apart from the picture export above.
// --- daily use: remembered layout and options, reload, preferences, shortcuts ------------

void MainWindow::restoreDailyUseSettings()
{
    applyTheme(Preferences::load().theme);
    WindowSettings::restoreAndTrackAnalysisOptions(m_analysis);
    trackLaneCollapse();
    m_layoutRestored = WindowSettings::restoreLayout(this);
    WindowSettings::keepSmallDocksFitted(this); // the legend at its grid's height, whatever was restored
    if (m_layoutRestored) {
        // Where these docks sit is remembered; whether they show depends on what is opened. The
        // search results are empty at start: they come back with the first search; the memory
        // snapshot's with the next snapshot opened (an empty one took the Legend's place).
        m_compare->hide();
        m_ranks->hide();
        if (!m_snapshots->hasSnapshot())
            m_snapshots->dock()->hide();
        if (auto *search = findChild<QDockWidget *>(QStringLiteral("searchResultsDock")))
            search->hide();
    } else {
        // The default layout: the timeline most of the width, the docks 40 % of it (the gap table
        // fits its columns to that). Once shown: before, the docks' size hints win.
        QTimer::singleShot(0, this, &MainWindow::sizeDocksAsShares);
    }
}

void MainWindow::sizeDocksAsShares()
{
    // 40 % of the width, at least 420 px where the window has room for that and a wider timeline.
    const int share = width() * 2 / 5;
    resizeDocks({m_analysis}, {std::max(share, std::min(420, width() / 2))}, Qt::Horizontal);
}

void MainWindow::fitToScreen(const QRect &available)
{
    if (m_layoutRestored || !available.isValid())
        return;
    // Room for the window's frame and title bar, which the size does not count.
    const QSize room(available.width() - 16, available.height() - 48);
    const QSize want = size().boundedTo(room);
    if (want == size())
        return;
    // A dock's content as it is may not shrink that far (the legend's row of classes, the analysis'
    // tabs): on a screen this small each scrolls inside its dock instead.
    for (QDockWidget *d : findChildren<QDockWidget *>()) {
        QWidget *content = d->widget();
        if (!content || qobject_cast<QScrollArea *>(content))
            continue;
        auto *scroll = new QScrollArea(d);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(content);
        d->setWidget(scroll);
    }
    resize(want);
    move(available.center() - QPoint(want.width() / 2, want.height() / 2 + 16));
    sizeDocksAsShares();
}

void MainWindow::addReloadAction(QMenu *file)
{
    m_reloadAction = file->addAction(tr("Re&load"), this, &MainWindow::reload);
    m_reloadAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_reloadAction->setStatusTip(tr("Load what is shown again from disk"));
    m_reloadAction->setEnabled(false);
    connect(m_banner, &WarningBanner::noticeActionTriggered, this, &MainWindow::reload);
    // Whatever was shown before is replaced: watch what is shown now, forget any old notice.
    connect(this, &MainWindow::loadFinished, this, [this](bool ok) {
        if (!ok)
            return; // a failed or cancelled load leaves the previous trace, and its watch, in place
        m_open->watch(m_runs->currentFiles());
        m_banner->setNotice(QString());
        m_reloadAction->setEnabled(!m_runs->currentFiles().isEmpty());
    });
}

void MainWindow::trackLaneCollapse()
{
    connect(this, &MainWindow::loadFinished, this, [this](bool ok) {
        if (ok)
            WindowSettings::restoreCollapsedGroups(m_timeline, m_session);
    });
    // A group header is toggled by a click in the timeline (TimelineView has no signal for it): after
    // each click, once the view has handled it, the collapsed groups are remembered.
    m_timeline->viewport()->installEventFilter(this);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_timeline->viewport() && event->type() == QEvent::MouseButtonRelease)
        QTimer::singleShot(0, this, [this] { WindowSettings::rememberCollapsedGroups(m_timeline, m_session); });
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::onShownFileChanged(const QString &path, bool exists)
{
    if (!m_runs->currentFiles().contains(path))
        return;
    const QString name = QFileInfo(path).fileName();
    // Never a silent reload: the user may be in the middle of reading this one.
    m_banner->setNotice(exists ? tr("%1 changed on disk — Reload to see the new version.").arg(name)
                               : tr("%1 was removed or renamed on disk.").arg(name),
                        exists ? tr("Reload") : QString());
}

void MainWindow::reload()
{
    if (m_runs->currentFiles().isEmpty() || isLoading())
        return;
    m_banner->setNotice(QString());
    if (!m_runs->folder().isEmpty()) {
        openFolder(m_runs->folder());
        return;
    }
    QStringList labels; // a comparison keeps the names its runs were given
    if (m_session->runCount() >= 2)
        for (int i = 0; i < m_session->runCount(); ++i)
            labels << m_session->run(i).label;
    openFiles(m_runs->currentFiles(), labels);
}

void MainWindow::showPreferences()
{
    auto *dialog = new PreferencesDialog(Preferences::load(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const Preferences prefs = dialog->preferences();
        prefs.save();
        applyTheme(prefs.theme);
        // The analysis settings apply to what is shown too, and to every trace opened after.
        analysis::AnalysisSettings settings = m_session->settings();
        settings.gapThresholdNs = std::max(AnalysisDock::kMinGapNs, prefs.gapThresholdNs);
        settings.gapKernels = prefs.gemmOnly ? analysis::GapKernels::Gemm : analysis::GapKernels::All;
        m_session->setSettings(settings);
        applyAnnotationPlace(m_autosave, prefs);
    });
    dialog->open();
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(this, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace lanescope
