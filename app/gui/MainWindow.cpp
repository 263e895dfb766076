#include "MainWindow.h"

#include "TraceLoadJob.h"
#include "TraceSummaryView.h"
#include "WarningBanner.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace lanescope {

namespace {
const QString kRecentKey = QStringLiteral("recentFiles");
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
    m_placeholder = new QLabel(tr("Open a PyTorch Profiler trace (.json or .json.gz) with File > Open, "
                                  "or drop it on this window."),
                               this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false); // greyed: it is a hint, not content

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_summary);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
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

    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(50);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (TraceLoadJob *job = m_job)
            m_progress->setValue(int(job->progress() * 1000));
    });

    createActions();
    setLoading(false);
    updateTitle();
}

MainWindow::~MainWindow() = default; // a running job is a child: its destructor cancels and joins

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a PyTorch Profiler / Kineto trace"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Lanescope"), this, &MainWindow::about);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::showOpenDialog()
{
    QSettings settings;
    const QString dir = settings.value(kLastDirKey).toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Trace"), dir,
        tr("PyTorch Profiler traces (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    openFile(path);
}

QStringList MainWindow::recentFiles() { return QSettings().value(kRecentKey).toStringList(); }

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    int n = 0;
    for (const QString &path : files) {
        ++n;
        // Mnemonics 1..9, then 0 for the tenth.
        const QString label = tr("&%1 %2").arg(n % 10).arg(QFileInfo(path).fileName());
        QAction *a = m_recentMenu->addAction(label, this, [this, path] { openFile(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear Menu"), this, [] { QSettings().remove(kRecentKey); });
}

void MainWindow::addRecentFile(const QString &path)
{
    QSettings settings;
    QStringList files = settings.value(kRecentKey).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(kRecentKey, files);
}

void MainWindow::openFile(const QString &path)
{
    if (m_job) {
        // Only one load at a time: the newest request wins. Deleting joins the loader, which stops
        // at its next cancel check.
        m_job->disconnect(this);
        delete m_job;
        m_job = nullptr;
    }
    auto *job = new TraceLoadJob(path, this);
    m_job = job;
    connect(job, &TraceLoadJob::finished, this, [this, job](const LoadResult &result) {
        if (m_job == job) {
            m_job = nullptr;
            onLoadFinished(*job, result);
        }
        job->deleteLater();
    });
    m_statusLabel->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    m_progress->setValue(0);
    setLoading(true);
    job->start();
}

void MainWindow::cancelLoad()
{
    if (!m_job || m_job->isCancelRequested())
        return; // nothing running, or already stopping
    m_job->cancel();
    m_cancelButton->setEnabled(false);
    m_statusLabel->setText(tr("Cancelling…"));
}

bool MainWindow::isLoading() const { return m_job != nullptr; }

QString MainWindow::statusText() const { return m_statusLabel->text(); }

void MainWindow::setLoading(bool loading)
{
    m_progress->setVisible(loading);
    m_cancelButton->setVisible(loading);
    m_cancelButton->setEnabled(loading);
    if (loading)
        m_progressTimer->start();
    else
        m_progressTimer->stop();
}

void MainWindow::onLoadFinished(const TraceLoadJob &job, const LoadResult &result)
{
    const QString path = job.path();
    // A load that completed just as the user pressed Cancel is dropped too: they asked to stop.
    const bool cancelled = result.cancelled || job.isCancelRequested();
    setLoading(false);

    if (cancelled) {
        // The previous trace (if any) stays on screen: cancelling changes nothing.
        m_statusLabel->setText(tr("Loading %1 was cancelled.").arg(QFileInfo(path).fileName()));
        emit loadFinished(false);
        return;
    }
    if (!result.trace) {
        showError(path, result.error);
        emit loadFinished(false);
        return;
    }

    m_trace = result.trace;
    m_currentFile = path;
    addRecentFile(path);
    m_summary->setTrace(m_trace);
    m_stack->setCurrentWidget(m_summary);
    m_banner->setWarnings(m_trace->warnings);
    updateTitle();

    const Trace &t = *m_trace;
    QStringList parts;
    if (t.rank >= 0)
        parts << (t.worldSize > 0 ? tr("Rank %1/%2").arg(t.rank).arg(t.worldSize) : tr("Rank %1").arg(t.rank));
    if (!t.devices.empty())
        parts << (t.devices.size() > 1 ? tr("%1 (+%n more GPU(s))", nullptr, int(t.devices.size() - 1)).arg(t.devices[0].name)
                                       : t.devices[0].name);
    const QLocale locale;
    parts << tr("%1 events").arg(locale.toString(quint64(t.eventCount)));
    parts << tr("loaded in %1 s").arg(locale.toString(t.loadSeconds, 'f', 2));
    if (!t.warnings.isEmpty())
        parts << tr("%n warning(s)", nullptr, int(t.warnings.size()));
    m_statusLabel->setText(parts.join(QStringLiteral(" · ")));
    emit loadFinished(true);
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
    if (m_currentFile.isEmpty()) {
        setWindowTitle(tr("Lanescope"));
        setWindowFilePath(QString());
    } else {
        setWindowTitle(tr("%1 — Lanescope").arg(QFileInfo(m_currentFile).fileName()));
    }
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Lanescope"),
                       tr("<h3>Lanescope %1</h3>"
                          "<p>A native viewer for PyTorch Profiler (Kineto) traces: find out why a "
                          "distributed training run wastes its GPUs, prove the fix, and show the proof.</p>"
                          "<p>Built with Qt %2.</p>")
                           .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!firstLocalFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = firstLocalFile(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openFile(path);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Stop the loader promptly rather than finishing a load nobody will see.
    if (m_job)
        m_job->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace lanescope
