// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Command line shared by the load/analyze benchmarks: TRACE [--repeat N] [--threads N].
// The trace missing is a skip (exit 77, which CTest's SKIP_RETURN_CODE understands), not a failure.
#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <cstdio>

struct BenchArgs
{
    QString path;
    int repeat = 3;
    int threads = 0;
};

// Returns -1 to go on, else the exit code to return from main().
inline int parseBenchArgs(const char *name, BenchArgs *out)
{
    QStringList args = QCoreApplication::arguments().mid(1);
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--repeat") && !args.isEmpty())
            out->repeat = std::max(1, args.takeFirst().toInt());
        else if (a == QLatin1String("--threads") && !args.isEmpty())
            out->threads = args.takeFirst().toInt();
        else
            out->path = a;
    }
    if (out->path.isEmpty()) {
        std::fprintf(stderr, "usage: %s TRACE [--repeat N] [--threads N]\n", name);
        return 2;
    }
    if (!QFileInfo::exists(out->path)) {
        std::printf("SKIP: %s not found\n", qPrintable(out->path));
        return 77;
    }
    return -1;
}
