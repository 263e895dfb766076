// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the real traces live for tests: $LANESCOPE_TRACES_DIR, else ../shared/traces beside the
// project. A test that needs one calls LANESCOPE_REQUIRE_TRACE and skips visibly without it.
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QString>
#include <QtTest>

namespace lanescope::test {

inline QString tracesDir()
{
    const QByteArray env = qgetenv("LANESCOPE_TRACES_DIR");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
    return QStringLiteral(LANESCOPE_DEFAULT_TRACES_DIR);
}

inline QString tracePath(const QString &name) { return QDir(tracesDir()).filePath(name); }

// Every trace under tracesDir(), sorted: *.json and *.json.gz in any folder, except the reference
// figures other tools computed for them (hta-launch/*.hta.json: Holistic Trace Analysis' launch,
// queue and idle figures) and the annotation sidecars a window saves beside a trace
// (TRACE.lanescope.json), which are JSON but not traces.
inline QStringList realTraceFiles()
{
    QDirIterator it(tracesDir(), {QStringLiteral("*.json"), QStringLiteral("*.json.gz")}, QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext()) {
        const QString f = it.next();
        if (!f.endsWith(QLatin1String(".hta.json")) && !f.endsWith(QLatin1String(".lanescope.json")))
            files << f;
    }
    files.sort();
    return files;
}

} // namespace lanescope::test

#define LANESCOPE_REQUIRE_TRACE(var, name)                                                                  \
    const QString var = lanescope::test::tracePath(QStringLiteral(name));                                   \
    if (!QFileInfo::exists(var))                                                                            \
        QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(var)))
