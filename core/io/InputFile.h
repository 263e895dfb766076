// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What every reader of a named input (a trace, a rank summary, a file of annotations) checks
// before it opens the file: that it is a regular file this process can read. A FIFO would block
// open() until a writer comes, /dev/zero or a character device would be read without end, and a
// folder or a dangling link has nothing to read; each gets one line saying which it is, at once.
#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace lanescope::io {

// Why `path` is not a regular file this process may read ("a FIFO (named pipe), not a regular
// file"), or an empty string when it is one. Symbolic links are followed: a link to a trace is
// the trace; a link to nothing is said to be one.
QString notAReadableFileReason(const QString &path);
// The same as one line naming the path ("PATH: REASON").
QString notAReadableFile(const QString &path);

// The whole of a small input: the checks above, then at most maxBytes read (a larger file is an
// error, never a partial read). False with *error set (one line naming the path) otherwise. The
// file is opened non-blocking, so one swapped for a FIFO after the check still cannot hang.
bool readSmallFile(const QString &path, qint64 maxBytes, QByteArray *out, QString *error);

// What every writer checks before it replaces `path` (writers write a temporary file and rename
// it over the old one): nothing may be there yet, or a regular file. A FIFO or a device node
// (/dev/null, /dev/full) would be replaced by a regular file for every other user of it, and a
// symbolic link (dangling or not) written through onto whatever it points to. Empty when the
// path may be written; else one line naming the path and what it is.
QString notAReplaceableOutput(const QString &path);

} // namespace lanescope::io
