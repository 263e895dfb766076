// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// lanescope's command line, parsed apart from main() so a test can read it:
// `lanescope [FILES... | DIR] [--compare] [--demo] [--watch LOGDIR] [--gap-ms N] [--step N]`.
#include <QCommandLineParser>
#include <QStringList>

namespace lanescope {

struct CommandLine
{
    enum class Open { Nothing, Files, Folder, Demo, Watch };
    Open open = Open::Nothing;
    // Files: the traces in order (a comparison's baseline first); Folder and Watch: the folder alone.
    QStringList paths;
    bool compare = false;   // --compare given
    double gapNs = -1;      // --gap-ms in ns; <= 0: not given
    int step = -1;          // --step; < 0: not given
    bool help = false;      // --help / --help-all: the parser prints it (QCommandLineParser::process)
    bool version = false;   // --version
    QString error;          // bad usage: one line for stderr (exit 2); the rest is unset then

    // The parser that read `arguments` (arguments[0] is the program) stays the caller's, for --help.
    static CommandLine parse(const QStringList &arguments, QCommandLineParser &parser);
};

} // namespace lanescope
