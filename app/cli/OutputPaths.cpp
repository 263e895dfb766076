// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/OutputPaths.h"

#include "core/io/InputFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

#include <optional>

namespace lanescope::cli {
namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

struct FileKey
{
    dev_t dev = 0;
    ino_t ino = 0;
    bool operator==(const FileKey &o) const { return dev == o.dev && ino == o.ino; }
};

// The file a path names once every link is followed; none when nothing is there (yet).
std::optional<FileKey> keyOf(const QString &path)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return std::nullopt;
    return FileKey{st.st_dev, st.st_ino};
}

// The absolute path with every existing part's links resolved: the deepest folder that exists is
// made canonical and the rest appended, so "new/x.json" and "./new/../new/x.json" compare equal
// before either exists.
QString resolvedPath(const QString &path)
{
    const QString abs = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QString canonical = QFileInfo(abs).canonicalFilePath();
    if (!canonical.isEmpty())
        return canonical;
    QString head = abs, tail;
    while (!head.isEmpty() && head != QLatin1String("/")) {
        const int slash = head.lastIndexOf(QLatin1Char('/'));
        tail = head.mid(slash) + tail;
        head = slash <= 0 ? QStringLiteral("/") : head.left(slash);
        const QString c = QFileInfo(head).canonicalFilePath();
        if (!c.isEmpty())
            return QDir::cleanPath(c + tail);
    }
    return abs;
}

struct Resolved
{
    NamedPath named;
    std::optional<FileKey> key;
    QString path;
    bool sameFile(const Resolved &o) const { return (key && o.key && *key == *o.key) || path == o.path; }
};

Resolved resolve(const NamedPath &p) { return {p, keyOf(p.path), resolvedPath(p.path)}; }

} // namespace

QString outputClash(const std::vector<NamedPath> &inputs, const std::vector<NamedPath> &outputs)
{
    std::vector<Resolved> in;
    for (const NamedPath &i : inputs) {
        if (QFileInfo(i.path).isDir()) {
            const QDir dir(i.path);
            for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden | QDir::System))
                in.push_back(resolve({dir.filePath(name), i.role}));
        } else {
            in.push_back(resolve(i));
        }
    }
    std::vector<Resolved> out;
    for (const NamedPath &o : outputs) {
        if (const QString why = io::notAReplaceableOutput(o.path); !why.isEmpty())
            return Text::tr("%1 %2").arg(o.role, why);
        const Resolved r = resolve(o);
        for (const Resolved &i : in)
            if (r.sameFile(i))
                return Text::tr("%1 %2 is the input %3 (%4); refusing to overwrite it").arg(o.role, o.path, i.named.path, i.named.role);
        for (const Resolved &other : out)
            if (r.sameFile(other))
                return Text::tr("%1 %2 and %3 %4 are the same file; each output needs its own")
                    .arg(other.named.role, other.named.path, o.role, o.path);
        out.push_back(r);
    }
    return {};
}

int refuseOutputClash(const Invocation &args, const std::vector<NamedPath> &inputs, const std::vector<NamedPath> &outputs)
{
    const QString clash = outputClash(inputs, outputs);
    return clash.isEmpty() ? int(Ok) : args.fail(clash);
}

} // namespace lanescope::cli
