// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/InputFile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lanescope::io {
namespace {

// lupdate files Text::tr() strings under the "io" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(io)
};

QString errnoText(int e) { return QString::fromLocal8Bit(std::strerror(e)); }
QString withPath(const QString &path, const QString &why) { return Text::tr("%1: %2").arg(path, why); }

// What kind of thing st describes, for a message; empty for a regular file.
QString kindOf(const struct stat &st)
{
    if (S_ISREG(st.st_mode))
        return QString();
    if (S_ISDIR(st.st_mode))
        return Text::tr("a folder");
    if (S_ISFIFO(st.st_mode))
        return Text::tr("a FIFO (named pipe)");
    if (S_ISSOCK(st.st_mode))
        return Text::tr("a socket");
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return Text::tr("a device");
    return Text::tr("an unusual kind of file");
}

QString notRegular(const QString &kind) { return Text::tr("%1, not a regular file").arg(kind); }

} // namespace

QString notAReadableFileReason(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    struct stat st;
    if (::stat(name.constData(), &st) != 0) {
        const int e = errno;
        struct stat link;
        if (e == ENOENT && ::lstat(name.constData(), &link) == 0 && S_ISLNK(link.st_mode))
            return Text::tr("a symbolic link to nothing (its target does not exist)");
        if (e == ENOENT)
            return Text::tr("no such file");
        return Text::tr("cannot read the file (%1)").arg(errnoText(e));
    }
    if (const QString kind = kindOf(st); !kind.isEmpty())
        return notRegular(kind);
    // access() asks with the real ids, as open() would refuse (root passes, as it should).
    if (::access(name.constData(), R_OK) != 0)
        return Text::tr("cannot read the file (%1)").arg(errnoText(errno));
    return QString();
}

QString notAReadableFile(const QString &path)
{
    const QString why = notAReadableFileReason(path);
    return why.isEmpty() ? why : withPath(path, why);
}

QString notAReplaceableOutput(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    struct stat st;
    // lstat: the link itself, not its target.
    if (::lstat(name.constData(), &st) != 0)
        return QString(); // nothing there yet (or a parent missing: the write says so)
    if (S_ISLNK(st.st_mode))
        return withPath(path, Text::tr("a symbolic link: give the path of the file itself (an output is not written through a link)"));
    if (const QString kind = kindOf(st); !kind.isEmpty())
        return withPath(path, Text::tr("%1: an output replaces only a regular file").arg(notRegular(kind)));
    return QString();
}

bool readSmallFile(const QString &path, qint64 maxBytes, QByteArray *out, QString *error)
{
    if (QString why = notAReadableFile(path); !why.isEmpty()) {
        *error = std::move(why);
        return false;
    }
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *error = withPath(path, Text::tr("cannot read the file (%1)").arg(errnoText(errno)));
        return false;
    }
    struct stat st;
    bool ok = false;
    if (::fstat(fd, &st) != 0) {
        *error = withPath(path, Text::tr("cannot read the file (%1)").arg(errnoText(errno)));
    } else if (const QString kind = kindOf(st); !kind.isEmpty()) {
        *error = withPath(path, notRegular(kind)); // swapped since the check
    } else if (st.st_size > maxBytes) {
        *error = withPath(path, Text::tr("larger than %1 MiB: not a file of this kind").arg(maxBytes >> 20));
    } else {
        // One byte more than the limit is asked for: a file that grew since fstat is still caught.
        QByteArray bytes(qsizetype(st.st_size) + 1, Qt::Uninitialized);
        qsizetype got = 0;
        ok = true;
        while (got < bytes.size()) {
            const ssize_t n = ::read(fd, bytes.data() + got, std::size_t(bytes.size() - got));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                *error = withPath(path, Text::tr("cannot read the file (%1)").arg(errnoText(errno)));
                ok = false;
                break;
            }
            if (n == 0)
                break;
            got += n;
            if (got == bytes.size() && got <= maxBytes)
                bytes.resize(std::min<qsizetype>(maxBytes + 1, bytes.size() * 2));
        }
        if (ok && got > maxBytes) {
            *error = withPath(path, Text::tr("larger than %1 MiB: not a file of this kind").arg(maxBytes >> 20));
            ok = false;
        }
        if (ok) {
            bytes.truncate(got);
            *out = std::move(bytes);
        }
    }
    ::close(fd);
    return ok;
}

} // namespace lanescope::io
