// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/annotations/AnnotationAutosave.h"

#include "widgets/view/Session.h"

#include <QDir>

#include <algorithm>

namespace lanescope {

using annotations::AnnotationSet;
using annotations::AnnotationStore;

AnnotationAutosave::AnnotationAutosave(Session *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &AnnotationAutosave::flush);
    connect(session, &Session::annotationsChanged, this, [this] { m_timer.start(); });
    connect(session, &Session::runsChanged, this, &AnnotationAutosave::onRunsChanged);
}

AnnotationAutosave::~AnnotationAutosave() { flush(); }

QStringList AnnotationAutosave::attach()
{
    QStringList problems;
    Session *s = m_session.data();
    if (!s)
        return problems;
    for (int i = 0; i < s->runCount(); ++i) {
        const SessionRun &run = s->run(i);
        if (run.path.isEmpty())
            continue;
        const bool kept = std::any_of(m_entries.begin(), m_entries.end(), [&](const Entry &e) { return e.set == run.annotations; });
        if (kept)
            continue;
        // One store per run's set, even for a trace shown twice: a store remembers what its set
        // last read or wrote, so two sets saving to one file merge rather than overwrite.
        const auto store = std::make_shared<AnnotationStore>(run.path, m_place);
        Entry e;
        e.store = store;
        if (!store->isValid()) {
            problems << tr("%1: annotations cannot be kept: %2").arg(run.label.isEmpty() ? run.path : run.label, store->error());
            e.set = run.annotations;
        } else {
            AnnotationStore::Loaded loaded = store->load();
            for (const QString &p : loaded.problems)
                problems << (s->runCount() > 1 ? tr("%1: %2").arg(run.label, p) : p);
            e.set = std::make_shared<AnnotationSet>(std::move(loaded.set));
            e.path = loaded.path;
        }
        e.savedRevision = e.set->revision();
        m_entries.push_back(e);
        if (e.set != run.annotations)
            s->setAnnotations(i, e.set);
    }
    return problems;
}

void AnnotationAutosave::flush()
{
    m_timer.stop();
    for (Entry &e : m_entries) {
        if (e.set->revision() == e.savedRevision || !e.store->isValid())
            continue;
        const AnnotationStore::Saved saved = e.store->save(*e.set);
        if (!saved.ok) {
            const QString message = tr("Annotations of %1 could not be saved: %2").arg(e.store->identity().name, saved.error);
            if (!m_reported.contains(message)) {
                m_reported.insert(message);
                emit saveFailed(message);
            }
            continue;
        }
        if (saved.fromDisk.any()) {
            // Another window saved this sidecar since: show the merge that was written.
            e.set->setItems(saved.merged.items());
            if (Session *s = m_session.data())
                s->notifyAnnotationsChanged(s->runOfAnnotations(e.set.get()));
            m_timer.stop(); // what the notification restarted: the set is on disk as it is
            emit mergedFromDisk(tr("Annotations of %1 merged with another window's: %n added, %2 changed, %3 removed there",
                                   nullptr, saved.fromDisk.added)
                                    .arg(e.store->identity().name)
                                    .arg(saved.fromDisk.changed)
                                    .arg(saved.fromDisk.removed));
        }
        e.savedRevision = e.set->revision();
        if (saved.fellBack && !e.toldKeptInDataFolder) {
            e.toldKeptInDataFolder = true;
            // Short enough for the status line: the why (besideError) is a full path and an OS
            // message, and the banner already names a file in the sidecar's way.
            const QString message = tr("Annotations of %1 are kept in Lanescope's data folder (%2): the trace's folder cannot take them")
                                        .arg(e.store->identity().name, QDir::toNativeSeparators(AnnotationStore::dataFolder()));
            emit keptInDataFolder(message);
        }
        if (!saved.path.isEmpty()) {
            e.path = saved.path;
            emit this->saved(saved.path);
        }
    }
}

void AnnotationAutosave::setPlace(AnnotationStore::Place place)
{
    m_place = place;
    for (Entry &e : m_entries)
        e.store->setPlace(place);
}

QString AnnotationAutosave::pathOf(const AnnotationSet *set) const
{
    for (const Entry &e : m_entries)
        if (e.set.get() == set)
            return e.path;
    return {};
}

void AnnotationAutosave::onRunsChanged()
{
    // Runs replaced or removed: what they held is written now, then let go.
    Session *s = m_session.data();
    const auto shown = [s](const Entry &e) { return s && s->runOfAnnotations(e.set.get()) >= 0; };
    if (std::all_of(m_entries.begin(), m_entries.end(), shown))
        return;
    flush();
    m_entries.erase(std::remove_if(m_entries.begin(), m_entries.end(), [&](const Entry &e) { return !shown(e); }), m_entries.end());
}

} // namespace lanescope
