// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/MainWindow.h"

#include "app/gui/LogDirController.h"
#include "app/gui/OpenController.h"
#include "app/gui/PictureActions.h"
#include "app/gui/SnapshotController.h"
#include "app/gui/StartPage.h"
#include "app/gui/WindowSettings.h"
#include "core/analysis/text/FigureText.h"
#include "core/synth/DemoTrace.h"
#include "core/synth/SynthModel.h"
#include "widgets/TraceSummaryView.h"
#include "widgets/WarningBanner.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

namespace lanescope {

namespace {

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

// A running job is a child: its destructor cancels and joins. The timeline outlives the session
// (a child made before it): when the session goes, the view drops its selection and says so, and
// the docks that would show it are gone by then.
MainWindow::~MainWindow()
{
    if (m_timeline)
        disconnect(m_timeline, nullptr, this, nullptr);
}

QStringList MainWindow::recentFiles() { return OpenController::recentFiles(); }

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

// --- a folder of rank traces ----------------------------------------------------------

void MainWindow::watchFolder(const QString &folder)
{
    QString error;
    m_logDir->watch(folder, &error);
    if (!error.isEmpty())
        m_statusLabel->setText(error);
    else if (m_logDir->sessions().empty())
        m_statusLabel->setText(tr("Watching %1: no complete session yet").arg(QDir::toNativeSeparators(folder)));
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

// --- reload ---------------------------------------------------------------------------

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

} // namespace lanescope
