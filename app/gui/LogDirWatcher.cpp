// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/LogDirWatcher.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

#include <algorithm>

namespace lanescope {

LogDirWatcher::LogDirWatcher(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_timer(new QTimer(this))
    , m_soon(new QTimer(this))
{
    m_timer->setInterval(3000);
    connect(m_timer, &QTimer::timeout, this, &LogDirWatcher::relist);
    // A profiler writes a cycle's files one after another: one look once they have come, not one per file.
    m_soon->setSingleShot(true);
    m_soon->setInterval(500);
    connect(m_soon, &QTimer::timeout, this, &LogDirWatcher::relist);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_soon, qOverload<>(&QTimer::start));
}

void LogDirWatcher::start(const QString &folder, const QStringList &known)
{
    stop();
    m_folder = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    addKnown(known);
    rewatch();
    m_timer->start();
}

void LogDirWatcher::stop()
{
    m_timer->stop();
    m_soon->stop();
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    m_folder.clear();
    m_known.clear();
    m_listing = {};
}

void LogDirWatcher::addKnown(const QStringList &files)
{
    for (const QString &f : files)
        m_known.insert(QDir::cleanPath(QFileInfo(f).absoluteFilePath()));
}

void LogDirWatcher::setInterval(int ms) { m_timer->setInterval(std::max(100, ms)); }

int LogDirWatcher::interval() const { return m_timer->interval(); }

void LogDirWatcher::rewatch()
{
    // The folder and its sub-folders (one level, as listLogDir reads them): a new attempt's
    // sub-folder is watched from its first look.
    QStringList dirs{m_folder};
    const QDir dir(m_folder);
    for (const QString &s : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name).mid(0, 1000))
        dirs << dir.filePath(s);
    const QStringList watched = m_watcher->directories();
    QStringList add;
    for (const QString &d : dirs)
        if (!watched.contains(d))
            add << d;
    if (!add.isEmpty())
        m_watcher->addPaths(add);
}

int LogDirWatcher::relist()
{
    if (m_folder.isEmpty())
        return 0;
    rewatch();
    m_listing = session::listLogDir(m_folder, m_options);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    std::vector<session::LogSession> fresh;
    const auto &all = m_listing.sessions;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const session::LogSession &s = all[i];
        const bool seen = std::any_of(s.files.begin(), s.files.end(),
                                      [&](const QString &f) { return m_known.contains(QDir::cleanPath(QFileInfo(f).absoluteFilePath())); });
        if (seen)
            continue; // shown already (a rank that came late to it is left out, never reloaded)
        // Complete: a later session started, or every rank of its world is there, or quiet for a while.
        bool complete = i + 1 < all.size() || (s.worldSize > 0 && int(s.files.size()) >= s.worldSize);
        if (!complete) {
            qint64 newest = 0;
            for (const QString &f : s.files)
                newest = std::max(newest, QFileInfo(f).lastModified().toMSecsSinceEpoch());
            complete = now - newest >= m_quietMs;
        }
        if (complete)
            fresh.push_back(s);
    }
    if (fresh.empty())
        return 0;
    for (const session::LogSession &s : fresh)
        addKnown(s.files);
    m_lastArrival = QDateTime::currentDateTime();
    emit sessionsArrived(fresh);
    return int(fresh.size());
}

} // namespace lanescope
