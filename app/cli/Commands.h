#pragma once
// Subcommands of lanescope-cli. Each returns the process exit code (DESIGN.md): 0 success,
// 2 bad usage, 3 unreadable input (with one line on stderr).
#include <QStringList>

namespace lanescope::cli {

enum ExitCode { Ok = 0, BadUsage = 2, Unreadable = 3 };

int runInfo(const QStringList &args);
int runSynth(const QStringList &args);
int runAnalyze(const QStringList &args);
int runMfu(const QStringList &args);

} // namespace lanescope::cli
