// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The annotations file format (Annotation.h has an example): writing one and reading one back with
// what it says about itself — its format version and the trace it was written for.
#include "core/annotations/AnnotationSet.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace lanescope::annotations {

constexpr int kFormatVersion = 1;
constexpr qint64 kHeadBytes = 1 << 20;              // what the content hash covers: the trace's first MiB
constexpr qint64 kMaxFileBytes = 64ll << 20;        // larger is not an annotations file
constexpr int kMaxTextChars = 10000;                // per annotation
// Per file. Drawing, hit-testing and saving cost a few µs per annotation; past ~20,000 an edit
// and its save no longer fit in the 100 ms that keep the window interactive (bench_annotations),
// so a larger file is refused with its count, as a file over kMaxFileBytes is, and left as it is.
constexpr int kMaxAnnotations = 20000;

// Which trace a file of annotations belongs to: its size and the SHA-256 of its head. A trace
// regenerated under the same name (another run, a longer capture) differs in one or the other.
struct TraceIdentity
{
    QString name;          // file name, for messages (not compared: a trace renamed with its sidecar stays its own)
    qint64 size = -1;
    qint64 headBytes = 0;  // bytes hashed: min(size, kHeadBytes)
    QByteArray headSha256; // lower-case hex
    bool isValid() const { return size >= 0 && headSha256.size() == 64; }
    bool sameFile(const TraceIdentity &o) const { return size == o.size && headBytes == o.headBytes && headSha256 == o.headSha256; }

    // Reads the head of the file at path; an invalid identity with *error when it cannot.
    static TraceIdentity ofFile(const QString &path, QString *error);
};

struct FileContent
{
    enum class Status { Ok, Corrupt, NewerVersion };
    Status status = Status::Corrupt;
    int version = 0;
    TraceIdentity trace;
    AnnotationSet set;
    QString error; // Corrupt: what is wrong, for people ("annotations[3].kind: unknown kind \"blob\"")
};

class AnnotationFile
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::annotations::AnnotationFile)
public:
    static QByteArray write(const AnnotationSet &set, const TraceIdentity &trace);
    static FileContent read(const QByteArray &bytes);
};

} // namespace lanescope::annotations
