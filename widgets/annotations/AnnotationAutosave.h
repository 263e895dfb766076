// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Keeps every run's annotations in its sidecar (core/annotations/AnnotationStore.h): loads them when
// a trace is shown and writes them back ~500 ms after the last edit, when the runs are replaced, and
// on flush() (the window's close). A write that fails is reported once per message (saveFailed)
// and retried at the next edit; nothing is dropped from memory. When another window saved the same
// sidecar in between, the store merges the two (AnnotationStore.h): the merged set replaces the
// run's set as one change (the view redraws it) and mergedFromDisk says what came in.
// Where the sidecars go is the preference "Keep annotations" (setPlace): beside the trace, or the
// data folder only; a save meant for beside the trace that went to the data folder instead is said
// once per trace (keptInDataFolder, for the status line).
#include "core/annotations/AnnotationSet.h"
#include "core/annotations/AnnotationStore.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <vector>

namespace lanescope {

class Session;

class AnnotationAutosave : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDelayMs = 500;

    explicit AnnotationAutosave(Session *session, QObject *parent = nullptr);
    ~AnnotationAutosave() override; // flushes

    // Gives every run of the session that has a file and is not kept yet its sidecar's
    // annotations; returns what the user must be told (damaged, newer or foreign sidecars).
    QStringList attach();
    // Writes every kept set that changed since it was loaded or last written.
    void flush();
    bool isPending() const { return m_timer.isActive(); }
    // Where the next saves go, for every run shown and every run attached later.
    void setPlace(annotations::AnnotationStore::Place place);
    annotations::AnnotationStore::Place place() const { return m_place; }
    QString pathOf(const annotations::AnnotationSet *set) const; // where it was last written or read

signals:
    void saveFailed(const QString &message);
    void saved(const QString &path);
    void mergedFromDisk(const QString &message); // for the status bar
    void keptInDataFolder(const QString &message); // for the status bar: the trace's folder could not be written

private:
    struct Entry
    {
        std::shared_ptr<annotations::AnnotationSet> set; // strong: an edit is never lost with its run
        std::shared_ptr<annotations::AnnotationStore> store;
        quint64 savedRevision = 0;
        QString path;
        bool toldKeptInDataFolder = false;
    };
    void onRunsChanged();

    QPointer<Session> m_session;
    std::vector<Entry> m_entries;
    QSet<QString> m_reported;
    QTimer m_timer;
    annotations::AnnotationStore::Place m_place = annotations::AnnotationStore::Place::BesideTrace;
};

} // namespace lanescope
