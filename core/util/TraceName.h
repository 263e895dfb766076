#pragma once
// The short name people call a trace by: its file name without the profiler's suffixes,
// "runs/base.pt.trace.json.gz" -> "base" (a comparison's default label, an export's file name).
#include <QFileInfo>
#include <QString>

#include <cstring>

namespace lanescope {

inline QString traceBaseName(const QString &path)
{
    QString name = QFileInfo(path).fileName();
    for (const char *suffix : {".gz", ".json", ".pt.trace"})
        if (name.endsWith(QLatin1String(suffix)) && name.size() > int(std::strlen(suffix)))
            name.chop(int(std::strlen(suffix)));
    return name;
}

} // namespace lanescope
