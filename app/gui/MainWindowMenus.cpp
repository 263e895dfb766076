// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's menus and the dialogs they open (File, Edit, View, Analysis, Help; the recent
// files; the annotation tools' actions; Preferences and the shortcuts). Kept apart from the
// window's layout (MainWindowLayout.cpp) and from what the window opens (MainWindow.cpp).
#include "app/gui/MainWindow.h"

#include "app/gui/AboutBox.h"
#include "app/gui/LogDirController.h"
#include "app/gui/OpenController.h"
#include "app/gui/Preferences.h"
#include "app/gui/ShortcutsDialog.h"
#include "app/gui/SnapshotController.h"
#include "widgets/FileDialogs.h"
#include "widgets/WarningBanner.h"
#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/ReplayGhostController.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/annotations/AnnotationEditor.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/memsnap/MemorySnapshotDock.h"
#include "widgets/ranks/JobView.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/render/ReplayGhostOverlay.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QToolBar>

namespace lanescope {

namespace {
const QString kLastDirKey = QStringLiteral("lastOpenDir");

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

void MainWindow::about() { showAbout(this); }

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
