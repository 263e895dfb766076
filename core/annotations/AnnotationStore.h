// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where a trace's annotations are kept, so that nothing the user drew is ever lost.
//
// Beside the trace: TRACE + ".lanescope.json" (x.pt.trace.json.gz -> x.pt.trace.json.gz.lanescope.json:
// the whole file name is kept, so x.json and x.json.gz in one folder never share one, and the
// pair sorts together in a file manager). When that folder cannot be written (read-only media, a
// shared results folder), or when the user keeps annotations out of trace folders (Place::DataFolder,
// the preference "Keep annotations"), in the user's data folder (dataFolder(): one for the GUI and
// the CLI) under a name made of the trace's file name and the SHA-256 of its absolute path and of
// its head. With Place::DataFolder nothing is written, moved or removed beside the trace.
//
// Every write goes through QSaveFile (a temporary file renamed over the old one), so a crash or a
// full disk leaves the previous file whole. A sidecar that is damaged, from a newer Lanescope, or
// written for another file of the same name (size or head hash differ) is reported (problems,
// one message each, for the window's banner or the CLI's stderr) and never overwritten, moved or
// deleted: the trace still opens, and this trace's annotations go to the data folder instead.
// (A damaged file in the data folder, Lanescope's own, is renamed NAME.corrupt-<UTC time> before
// a new one is written there, so it cannot block every later save; it is still never overwritten.)
//
// Both places are read. When both hold a valid file for the trace (a write beside the trace failed
// after an earlier one succeeded; the place was changed; someone else saved the file beside the
// trace since), the one modified last is loaded, the data folder's on a tie. Saving writes to the
// place asked for (merging with the file loaded, as below); a successful write beside the trace
// removes the data folder's copy, a write to the data folder leaves the file beside the trace as it is.
//
// Several writers of one file (the same trace open in two windows): a store remembers what it last
// read or wrote (the file's content hash and its annotations). Before writing, it reads the file
// again; when the content is not what it left there, another writer saved since, and the set is
// merged with the file by annotation id (AnnotationSet::merge) instead of written over it. The
// merged set is what is written and what save() hands back for the window to show. The read,
// merge and write happen under a lock file in the data folder, so two windows saving at once take
// turns. A file that vanished since is no news: the set is written as it is.
#include "core/annotations/AnnotationFile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QStringList>

namespace lanescope::annotations {

class AnnotationStore
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::annotations::AnnotationStore)
public:
    // Where save() writes: beside the trace (the data folder when that fails), or the data folder.
    enum class Place { BesideTrace, DataFolder };

    // Reads the trace's head once (its identity); every load and save below uses it.
    explicit AnnotationStore(const QString &tracePath, Place place = Place::BesideTrace);

    Place place() const { return m_place; }
    void setPlace(Place place) { m_place = place; } // the next save() writes there

    const QString &tracePath() const { return m_trace; }
    const TraceIdentity &identity() const { return m_identity; }
    bool isValid() const { return m_identity.isValid(); }
    const QString &error() const { return m_error; } // the trace could not be read

    static QString sidecarPathFor(const QString &tracePath); // TRACE.lanescope.json
    // $XDG_DATA_HOME/lanescope/annotations (~/.local/share/lanescope/annotations): the generic data
    // location, not the application's, which differs between `lanescope` and `lanescope-cli`.
    static QString dataFolder();
    // Beside the file itself: a trace opened through a symbolic link keeps its annotations beside
    // the link's target, so every way of opening it finds the same ones.
    QString besidePath() const { return sidecarPathFor(m_resolved); }
    QString fallbackPath() const;

    struct Loaded
    {
        AnnotationSet set;
        QString path;        // the file the set came from; empty when there was none
        QStringList problems; // what the user must be told (one line each)
    };
    Loaded load() const;

    struct Saved
    {
        bool ok = false;
        QString path;  // where it went; empty when there was nothing to write
        QString error; // !ok: why, one line
        // What another writer had saved since this store last read or wrote the file, now merged
        // in; when fromDisk.any(), `merged` is what was written, to be shown instead of the set given.
        AnnotationSet::MergeCounts fromDisk;
        AnnotationSet merged;
        // Place::BesideTrace, but written to the data folder: the trace's folder could not be
        // written (besideError says why) or holds a sidecar that is not this trace's.
        bool fellBack = false;
        QString besideError;
    };
    // An empty set is written only over an existing file of this trace (deleting the last
    // annotation must stick), never as a new file.
    Saved save(const AnnotationSet &set) const;

private:
    enum class Found { Absent, Ours, Problem };
    struct Probe
    {
        Found found = Found::Absent;
        bool unchanged = false; // Ours, and byte for byte what this store last read or wrote there (set not parsed)
        AnnotationSet set;
        QString problem;
        quint64 hash = 0;
        QDateTime modified;
    };
    Probe probe(const QString &path) const;
    // Of the two places, the one holding this trace's annotations (the newer; null: neither).
    static const Probe *current(const Probe &beside, const Probe &data);
    static bool writeFile(const QString &path, const QByteArray &bytes, QString *error);

    // What this store last read from or wrote to a sidecar: the merge's common ancestor. Kept by
    // the const load()/save(): it is what the file looked like, not what the store is.
    struct Seen
    {
        bool valid = false;   // load() or a save() has run
        QString path;         // the file (empty: there was none)
        quint64 hash = 0;     // of its bytes
        AnnotationSet set;
    };
    mutable Seen m_seen;

    QString m_trace;
    Place m_place = Place::BesideTrace;
    QString m_resolved; // m_trace, or where it leads when it is a symbolic link
    TraceIdentity m_identity;
    QString m_error;
};

} // namespace lanescope::annotations
