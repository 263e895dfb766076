// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The short name people call a trace by: its file name without the profiler's suffixes,
// "runs/base.pt.trace.json.gz" -> "base" (a comparison's default label, an export's file name).
#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <cstring>

namespace lanescope {

inline QString traceBaseName(const QString &path)
{
    QString name = QFileInfo(QDir::cleanPath(path)).fileName(); // "runs/job/" -> "job"
    for (const char *suffix : {".gz", ".json", ".pt.trace"})
        if (name.endsWith(QLatin1String(suffix)) && name.size() > int(std::strlen(suffix)))
            name.chop(int(std::strlen(suffix)));
    return name;
}

// The label rule of every comparison (the window, `compare`, `export`): each run's own label where
// given, else its base name; a label that repeats an earlier one gets the first free " (k)", k >= 2
// ("a b a" -> "a", "b", "a (2)"). given: empty, or one label per path.
inline QStringList uniqueRunLabels(const QStringList &paths, const QStringList &given = {})
{
    QStringList labels;
    for (int i = 0; i < paths.size(); ++i) {
        const QString base = i < given.size() && !given.at(i).isEmpty() ? given.at(i) : traceBaseName(paths.at(i));
        QString l = base;
        for (int k = 2; labels.contains(l); ++k)
            l = QStringLiteral("%1 (%2)").arg(base).arg(k);
        labels << l;
    }
    return labels;
}

} // namespace lanescope
