// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/LogDirController.h"

#include "widgets/compare/ComparisonDock.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <limits>

namespace lanescope {

namespace {

QString clean(const QString &path) { return QDir::cleanPath(QFileInfo(path).absoluteFilePath()); }

} // namespace

LogDirController::LogDirController(Session *session, ComparisonDock *dock, StartRuns startRuns, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_dock(dock)
    , m_startRuns(std::move(startRuns))
    , m_watcher(new LogDirWatcher(this))
{
    connect(m_watcher, &LogDirWatcher::sessionsArrived, this, &LogDirController::arrived);
    connect(m_dock, &ComparisonDock::logSessionsPicked, this, &LogDirController::picked);
    // Runs removed in the dock, or something else opened: the session list follows (or goes).
    // Queued: a tick in the list removes runs from inside the list's own signal.
    connect(
        m_session, &Session::runsChanged, this,
        [this] {
            if (m_folder.isEmpty() || m_loading)
                return;
            if (m_session->runCount() > 0 && !showsOnlyLogDir())
                stop();
            else
                updateDock();
        },
        Qt::QueuedConnection);
}

std::vector<session::RunSource> LogDirController::sourcesOf(const std::vector<session::LogSession> &sessions)
{
    // Each session a folder run of its own files, labelled by the session (sub-folder or start time).
    std::vector<session::RunSource> out;
    for (const session::LogSession &s : sessions)
        out.push_back(session::RunSource{s.folder, true, s.label, s.files});
    return out;
}

bool LogDirController::open(const QString &folder)
{
    // One look, as lanescope-cli compare LOGDIR takes it: a folder just copied is not "still being
    // written" (a file that really is fails to load and is said so).
    session::LogDirOptions once;
    once.settleSeconds = 0;
    const session::LogDirListing listing = session::listLogDir(folder, once);
    if (!session::isManySessions(listing))
        return false;
    stop();
    m_folder = clean(folder);
    m_sessions = listing.sessions;
    load(m_sessions, false);
    return true;
}

bool LogDirController::watch(const QString &folder, QString *error)
{
    const session::LogDirListing listing = session::listLogDir(folder);
    stop();
    m_folder = clean(folder);
    m_sessions = listing.sessions;
    QStringList known;
    for (const session::LogSession &s : m_sessions)
        known += s.files;
    m_watcher->start(m_folder, known);
    if (!m_sessions.empty())
        load(m_sessions, false);
    else if (error && !listing.error.isEmpty() && listing.incomplete.empty())
        *error = listing.error;
    updateDock();
    return true;
}

void LogDirController::stop()
{
    m_watcher->stop();
    m_folder.clear();
    m_sessions.clear();
    m_waiting.clear();
    m_lastLabel.clear();
    m_loading = false;
    m_dock->setLogSessions({}, {});
    m_dock->setWatchNote(QString());
}

int LogDirController::sessionOfRun(const SessionRun &run) const
{
    const QString path = clean(run.path);
    for (std::size_t i = 0; i < m_sessions.size(); ++i)
        for (const QString &f : m_sessions[i].files)
            if (clean(f) == path)
                return int(i);
    return -1;
}

bool LogDirController::showsOnlyLogDir() const
{
    if (!m_session)
        return false;
    for (int i = 0; i < m_session->runCount(); ++i)
        if (sessionOfRun(m_session->run(i)) < 0)
            return false;
    return true;
}

void LogDirController::load(const std::vector<session::LogSession> &sessions, bool keepShown)
{
    std::vector<SessionRun> kept;
    if (keepShown && m_session)
        for (int i = 0; i < m_session->runCount(); ++i)
            kept.push_back(m_session->run(i)); // loaded and analysed already: nothing read again
    m_loading = true;
    m_startRuns(sourcesOf(sessions), std::move(kept));
}

void LogDirController::picked(const QList<int> &indexes)
{
    if (m_folder.isEmpty() || !m_session || m_loading)
        return;
    // Runs of sessions no longer ticked leave; ticked sessions not shown load and join the rest.
    std::vector<bool> want(m_sessions.size(), false);
    for (const int i : indexes)
        if (i >= 0 && i < int(want.size()))
            want[std::size_t(i)] = true;
    std::vector<bool> shown(m_sessions.size(), false);
    for (int r = m_session->runCount(); r-- > 0;) {
        const int s = sessionOfRun(m_session->run(r));
        if (s >= 0 && !want[std::size_t(s)])
            m_session->removeRun(r);
        else if (s >= 0)
            shown[std::size_t(s)] = true;
    }
    std::vector<session::LogSession> missing;
    for (std::size_t i = 0; i < m_sessions.size(); ++i)
        if (want[i] && !shown[i])
            missing.push_back(m_sessions[i]);
    if (!missing.empty())
        load(missing, true);
    else
        emit sessionsChanged();
}

void LogDirController::arrived(const std::vector<session::LogSession> &sessions)
{
    if (m_folder.isEmpty())
        return;
    if (m_session && m_session->runCount() > 0 && !showsOnlyLogDir()) {
        stop(); // the user opened something else: the watch has nothing to add to
        return;
    }
    for (const session::LogSession &s : sessions)
        m_sessions.push_back(s);
    std::stable_sort(m_sessions.begin(), m_sessions.end(), [](const session::LogSession &a, const session::LogSession &b) { return a.startMs < b.startMs; });
    m_lastLabel = sessions.back().label;
    if (m_loading) {
        m_waiting.insert(m_waiting.end(), sessions.begin(), sessions.end());
        updateDock();
        return;
    }
    load(sessions, m_session && m_session->runCount() > 0);
}

void LogDirController::loadFinished(bool ok)
{
    if (!m_loading)
        return;
    m_loading = false;
    if (ok && m_session) {
        // Time order, the earliest the baseline: a session picked again or arrived joins at its place.
        for (int i = 1; i < m_session->runCount(); ++i) {
            int j = i;
            const auto startOf = [this](int run) {
                const int s = sessionOfRun(m_session->run(run));
                return s >= 0 ? m_sessions[std::size_t(s)].startMs : std::numeric_limits<qint64>::max();
            };
            while (j > 0 && startOf(j - 1) > startOf(j)) {
                m_session->moveRun(j, j - 1);
                --j;
            }
        }
    }
    updateDock();
    if (!m_waiting.empty()) {
        const std::vector<session::LogSession> next = std::move(m_waiting);
        m_waiting.clear();
        load(next, m_session && m_session->runCount() > 0);
        return;
    }
    emit sessionsChanged();
}

void LogDirController::updateDock()
{
    std::vector<bool> checked(m_sessions.size(), false);
    if (m_session)
        for (int i = 0; i < m_session->runCount(); ++i)
            if (const int s = sessionOfRun(m_session->run(i)); s >= 0)
                checked[std::size_t(s)] = true;
    m_dock->setLogSessions(m_sessions, checked);
    if (!isWatching()) {
        m_dock->setWatchNote(QString());
        return;
    }
    const int n = int(m_sessions.size());
    const QString count = n == 1 ? tr("%n session", nullptr, n) : tr("%n sessions", nullptr, n);
    const QDateTime last = m_watcher->lastArrival();
    m_dock->setWatchNote(last.isValid() ? tr("Watching %1 (%2): the last session, %3, arrived at %4.")
                                              .arg(QDir::toNativeSeparators(m_folder), count, m_lastLabel,
                                                   QLocale().toString(last.time(), QLocale::LongFormat))
                                        : tr("Watching %1 (%2): each new session joins the comparison when its files are complete.")
                                              .arg(QDir::toNativeSeparators(m_folder), count));
}

} // namespace lanescope
