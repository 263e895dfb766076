#pragma once
// Where the real traces live for tests: $LANESCOPE_TRACES_DIR, else ../shared/traces beside the
// project. A test that needs one calls LANESCOPE_REQUIRE_TRACE and skips visibly without it.
#include <QDir>
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

} // namespace lanescope::test

#define LANESCOPE_REQUIRE_TRACE(var, name)                                                                  \
    const QString var = lanescope::test::tracePath(QStringLiteral(name));                                   \
    if (!QFileInfo::exists(var))                                                                            \
        QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(var)))
