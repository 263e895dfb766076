// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Keeps an eye on a profiler log_dir while it trains: a QFileSystemWatcher on the folder and its
// sub-folders says something changed, and a periodic re-list catches what it misses (network
// folders, a file growing in place). Each look lists the folder (session::listLogDir, which leaves
// files still being written aside) and hands out the sessions that are new (none of their files
// known) and complete: a later session has started, or every rank of its world size is there, or
// nothing of it changed for quietMs. Files already known are never read again.
#include "core/session/LogDir.h"

#include <QDateTime>
#include <QObject>
#include <QSet>
#include <QString>

#include <vector>

class QFileSystemWatcher;
class QTimer;

namespace lanescope {

class LogDirWatcher : public QObject
{
    Q_OBJECT
public:
    explicit LogDirWatcher(QObject *parent = nullptr);

    // Watches `folder`; `known`: the files of the sessions already shown (never handed out again).
    void start(const QString &folder, const QStringList &known);
    void stop();
    bool isWatching() const { return !m_folder.isEmpty(); }
    QString folder() const { return m_folder; }
    void addKnown(const QStringList &files);

    void setInterval(int ms); // the periodic re-list (default 3 s)
    int interval() const;
    void setQuietMs(qint64 ms) { m_quietMs = ms; } // default 10 s
    void setOptions(const session::LogDirOptions &options) { m_options = options; }

    // Lists the folder now and hands out what is new and complete (sessionsArrived); how many.
    int relist();
    QDateTime lastArrival() const { return m_lastArrival; }
    const session::LogDirListing &listing() const { return m_listing; }

signals:
    // New complete sessions, earliest first, with the listing they were found in.
    void sessionsArrived(const std::vector<lanescope::session::LogSession> &sessions);

private:
    void rewatch();
    QFileSystemWatcher *m_watcher;
    QTimer *m_timer, *m_soon;
    QString m_folder;
    QSet<QString> m_known;
    session::LogDirOptions m_options;
    session::LogDirListing m_listing;
    qint64 m_quietMs = 10000;
    QDateTime m_lastArrival;
};

} // namespace lanescope
