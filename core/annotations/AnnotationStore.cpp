// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/annotations/AnnotationStore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHashFunctions>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace lanescope::annotations {

namespace {
// Tells this store's last write from another writer's: not a defence against anyone, so a fast
// 64-bit hash of the bytes and their length does (a 37 MB sidecar hashes in milliseconds).
quint64 contentHash(const QByteArray &bytes) { return quint64(qHashBits(bytes.constData(), std::size_t(bytes.size()), 0)) ^ quint64(bytes.size()); }
} // namespace

AnnotationStore::AnnotationStore(const QString &tracePath, Place place)
    : m_trace(tracePath)
    , m_place(place)
    , m_resolved(QFileInfo(tracePath).isSymLink() ? QFileInfo(tracePath).canonicalFilePath() : tracePath)
{
    if (m_resolved.isEmpty()) // a dangling link: nothing to annotate, said by m_error below
        m_resolved = tracePath;
    m_identity = TraceIdentity::ofFile(tracePath, &m_error);
}

QString AnnotationStore::sidecarPathFor(const QString &tracePath) { return tracePath + QStringLiteral(".lanescope.json"); }

QString AnnotationStore::dataFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/lanescope/annotations");
}

QString AnnotationStore::fallbackPath() const
{
    const QFileInfo fi(m_trace);
    const QString canonical = fi.canonicalFilePath();
    const QString where = canonical.isEmpty() ? fi.absoluteFilePath() : canonical;
    const QByteArray pathHash = QCryptographicHash::hash(where.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    // The name first, for people looking in the folder; both hashes make it this file at this place.
    return dataFolder() + QLatin1Char('/') + fi.fileName().left(100) + QLatin1Char('-') + QString::fromLatin1(pathHash)
        + QLatin1Char('-') + QString::fromLatin1(m_identity.headSha256.left(16)) + QStringLiteral(".lanescope.json");
}

AnnotationStore::Probe AnnotationStore::probe(const QString &path) const
{
    Probe p;
    const QFileInfo fi(path);
    if (!fi.exists() && !fi.isSymLink())
        return p;
    p.found = Found::Problem;
    p.modified = fi.lastModified();
    if (!fi.isFile()) {
        p.problem = tr("%1 is not a file of annotations and was left as it is").arg(path);
        return p;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        p.problem = tr("cannot read the annotations in %1: %2").arg(path, f.errorString());
        return p;
    }
    FileContent c;
    if (f.size() > kMaxFileBytes) {
        c.error = tr("larger than %1 MiB").arg(kMaxFileBytes >> 20);
    } else {
        const QByteArray bytes = f.readAll();
        if (f.error() != QFileDevice::NoError) {
            p.problem = tr("cannot read the annotations in %1: %2").arg(path, f.errorString());
            return p;
        }
        p.hash = contentHash(bytes);
        if (m_seen.valid && path == m_seen.path && p.hash == m_seen.hash) {
            p.found = Found::Ours; // what this store read or wrote: checked then, and not parsed again
            p.unchanged = true;
            return p;
        }
        c = AnnotationFile::read(bytes);
    }
    switch (c.status) {
    case FileContent::Status::Corrupt:
        p.problem = tr("the annotations file %1 is damaged (%2) and was left as it is").arg(path, c.error);
        return p;
    case FileContent::Status::NewerVersion:
        p.problem = tr("the annotations file %1 was written by a newer Lanescope (format %2, this one reads up to %3) and was left as it is")
                        .arg(path)
                        .arg(c.version)
                        .arg(kFormatVersion);
        return p;
    case FileContent::Status::Ok: break;
    }
    if (!c.trace.sameFile(m_identity)) {
        const QString name = c.trace.name.isEmpty() ? tr("(unnamed)") : c.trace.name;
        p.problem = c.trace.size != m_identity.size
            ? tr("the annotations file %1 belongs to another file named %2 (%3 bytes, this trace has %4) and was left as it is")
                  .arg(path, name)
                  .arg(c.trace.size)
                  .arg(m_identity.size)
            : tr("the annotations file %1 belongs to another file named %2 (same size, different content) and was left as it is")
                  .arg(path, name);
        return p;
    }
    p.found = Found::Ours;
    p.set = std::move(c.set);
    return p;
}

const AnnotationStore::Probe *AnnotationStore::current(const Probe &beside, const Probe &data)
{
    if (beside.found == Found::Ours && data.found == Found::Ours)
        return beside.modified > data.modified ? &beside : &data;
    return data.found == Found::Ours ? &data : beside.found == Found::Ours ? &beside : nullptr;
}

AnnotationStore::Loaded AnnotationStore::load() const
{
    Loaded l;
    if (!isValid()) {
        l.problems << m_error;
        return l;
    }
    Probe beside = probe(besidePath());
    Probe data = probe(fallbackPath());
    if (beside.found == Found::Problem)
        l.problems << tr("%1; this trace's annotations are kept in %2").arg(beside.problem, fallbackPath());
    if (data.found == Found::Problem)
        l.problems << data.problem;
    const Probe *from = current(beside, data);
    if (from) {
        l.set = from->unchanged ? m_seen.set : from->set;
        l.path = from == &data ? fallbackPath() : besidePath();
    }
    m_seen.valid = true;
    m_seen.path = l.path;
    m_seen.hash = from ? from->hash : 0;
    m_seen.set = l.set;
    return l;
}

bool AnnotationStore::writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path); // a temporary file renamed into place on commit(); never a direct write
    if (!f.open(QIODevice::WriteOnly)) {
        *error = tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    if (f.write(bytes) != bytes.size()) {
        *error = tr("cannot write %1: %2").arg(path, f.errorString());
        f.cancelWriting();
        return false;
    }
    if (!f.commit()) {
        *error = tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

AnnotationStore::Saved AnnotationStore::save(const AnnotationSet &set) const
{
    Saved s;
    if (!isValid()) {
        s.error = tr("cannot save annotations: %1").arg(m_error);
        return s;
    }
    // Two windows saving at once take turns: each reads, merges and writes under the lock. In the
    // data folder, which is Lanescope's own, so nothing is left beside the trace; where it cannot
    // be taken (no data folder, a hung holder past the wait) the save goes on without it.
    QDir().mkpath(dataFolder());
    QLockFile lock(fallbackPath() + QStringLiteral(".lock"));
    lock.setStaleLockTime(30000);
    const bool locked = lock.tryLock(2000);
    Q_UNUSED(locked);

    const Probe beside = probe(besidePath());
    const Probe data = probe(fallbackPath());
    // The file as it is now (load()'s choice): written by another since this store saw it?
    const Probe *now = current(beside, data);
    const AnnotationSet *toWrite = &set;
    if (now && !now->unchanged) {
        s.merged = AnnotationSet::merge(m_seen.valid ? m_seen.set : AnnotationSet(), set, now->set, &s.fromDisk);
        toWrite = &s.merged;
    }
    if (toWrite->size() > kMaxAnnotations) {
        // Written, it could not be read back: kept in memory and said, as a failed write is.
        s.error = tr("%1 annotations are more than the %2 one file may hold; delete some to save them")
                      .arg(toWrite->size())
                      .arg(kMaxAnnotations);
        return s;
    }
    if (toWrite->isEmpty() && beside.found != Found::Ours && data.found != Found::Ours) {
        s.ok = true; // nothing to keep, and no file to litter the trace's folder with
        return s;
    }
    const QByteArray bytes = AnnotationFile::write(*toWrite, m_identity);
    const auto remember = [&](const QString &path) {
        m_seen.valid = true;
        m_seen.path = path;
        m_seen.hash = contentHash(bytes);
        m_seen.set = *toWrite;
    };
    QStringList errors;
    if (m_place == Place::BesideTrace) {
        if (beside.found != Found::Problem) {
            QString e;
            if (writeFile(besidePath(), bytes, &e)) {
                if (data.found == Found::Ours)
                    QFile::remove(fallbackPath()); // superseded by what was just written beside the trace
                s.ok = true;
                s.path = besidePath();
                remember(s.path);
                return s;
            }
            errors << e;
            s.besideError = e;
        } else {
            s.besideError = beside.problem;
        }
        s.fellBack = true;
    }
    const QString fallback = fallbackPath();
    if (data.found == Found::Problem) {
        // The data folder is Lanescope's own: a damaged file there is kept under another name
        // rather than blocking every later save.
        const QString aside = fallback + QStringLiteral(".corrupt-") + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-hhmmss"));
        if (!QFile::rename(fallback, aside)) {
            errors << tr("cannot move %1 aside").arg(fallback);
            s.error = tr("cannot save the annotations of %1: %2").arg(m_identity.name, errors.join(QStringLiteral("; ")));
            return s;
        }
    }
    if (!QDir().mkpath(dataFolder())) {
        errors << tr("cannot create %1").arg(dataFolder());
    } else {
        QString e;
        if (writeFile(fallback, bytes, &e)) {
            s.ok = true;
            s.path = fallback;
            remember(s.path);
            return s;
        }
        errors << e;
    }
    s.error = tr("cannot save the annotations of %1: %2").arg(m_identity.name, errors.join(QStringLiteral("; ")));
    return s;
}

} // namespace lanescope::annotations
