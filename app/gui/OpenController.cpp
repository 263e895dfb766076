// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/OpenController.h"

#include "app/gui/Preferences.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace lanescope {

namespace {
const QString kRecentKey = QStringLiteral("recentFiles");
}

OpenController::OpenController(QObject *parent)
    : QObject(parent)
    , m_progressTimer(new QTimer(this))
    , m_watcher(new QFileSystemWatcher(this))
{
    m_progressTimer->setInterval(50); // polled: a fast loader never floods the event loop
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_job)
            emit progress(m_job->progress());
    });
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString &path) {
        if (!m_watched.contains(path))
            return;
        // An editor or copy that replaces the file (write elsewhere, rename) ends the watch: renew it.
        const bool exists = QFileInfo::exists(path);
        if (exists && !m_watcher->files().contains(path))
            m_watcher->addPath(path);
        emit fileChanged(path, exists);
    });
}

OpenController::~OpenController() = default; // the jobs are children: their destructors cancel and join

void OpenController::stop()
{
    // Deleting a job joins its loader, which stops at its next cancel check.
    if (m_job) {
        m_job->disconnect(this);
        delete m_job;
        m_job = nullptr;
    }
    setLoading(false);
}

void OpenController::openRuns(std::vector<session::RunSource> sources, std::vector<SessionRun> kept)
{
    start(std::move(sources), std::move(kept), RunsLoadJob::Kind::Runs)->start();
}

void OpenController::openFolder(const QString &folder, const analysis::AnalysisOptions &summaryOptions)
{
    const QString clean = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    RunsLoadJob *job = start({session::RunSource{clean, true, QDir(clean).dirName(), {}}}, {}, RunsLoadJob::Kind::Folder);
    job->setFolderBudget(folderBudget(), summaryOptions);
    job->start();
}

void OpenController::openRank(const QString &path, const QString &label)
{
    start({session::RunSource{path, false, label, {}}}, {}, RunsLoadJob::Kind::JobRank)->start();
}

std::uint64_t OpenController::folderBudget(QString *from)
{
    bool ok = false;
    const double mb = qEnvironmentVariable("LANESCOPE_FOLDER_MEMORY_MB").toDouble(&ok);
    if (ok && mb > 0) {
        if (from)
            *from = QStringLiteral("LANESCOPE_FOLDER_MEMORY_MB"); // a name, not words
        return std::uint64_t(mb * 1048576.0);
    }
    if (const qint64 prefMb = Preferences::load().folderMemoryMb; prefMb > 0) {
        if (from)
            *from = tr("Preferences");
        return std::uint64_t(prefMb) << 20;
    }
    if (from)
        *from = tr("half of the memory available");
    return defaultMemoryBudget();
}

RunsLoadJob *OpenController::start(std::vector<session::RunSource> sources, std::vector<SessionRun> kept, RunsLoadJob::Kind kind)
{
    stop();
    auto *job = new RunsLoadJob(std::move(sources), kind, this);
    m_job = job;
    connect(job, &RunsLoadJob::finished, this, [this, job, kept = std::move(kept)] {
        if (m_job == job) {
            m_job = nullptr;
            setLoading(false);
            emit runsLoaded(*job, kept);
        }
        job->deleteLater();
    });
    setLoading(true);
    return job;
}

bool OpenController::cancel()
{
    if (!m_job || m_job->isCancelRequested())
        return false; // nothing running, or already stopping
    m_job->cancel();
    return true;
}

void OpenController::setLoading(bool loading)
{
    if (loading)
        m_progressTimer->start();
    else
        m_progressTimer->stop();
    emit loadingChanged(loading);
}

QStringList OpenController::recentFiles()
{
    QSettings settings;
    const QStringList stored = settings.value(kRecentKey).toStringList();
    QStringList kept;
    for (const QString &entry : stored) {
        const QStringList paths = entry.split(QLatin1Char('\n'));
        if (std::all_of(paths.begin(), paths.end(), [](const QString &p) { return QFileInfo::exists(p); }))
            kept << entry;
    }
    if (kept != stored)
        settings.setValue(kRecentKey, kept);
    return kept;
}

void OpenController::addRecentFile(const QString &entry)
{
    QSettings settings;
    QStringList files = settings.value(kRecentKey).toStringList();
    QStringList parts = entry.split(QLatin1Char('\n'));
    for (QString &p : parts)
        p = QFileInfo(p).absoluteFilePath();
    const QString absolute = parts.join(QLatin1Char('\n'));
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(kRecentKey, files);
}

void OpenController::clearRecentFiles() { QSettings().remove(kRecentKey); }

void OpenController::watch(const QStringList &paths)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    m_watched = paths;
    if (!paths.isEmpty())
        m_watcher->addPaths(paths);
}

} // namespace lanescope
