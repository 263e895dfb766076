// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one check every writing subcommand makes before it writes anything: no output may be one
// of the command's inputs or another of its outputs. `analyze T.json --summary T.json` would
// otherwise replace the trace by its summary, and `synth -o t.json --facts t.json` the trace by
// its facts. "The same file" is decided as the kernel sees it, after links: an existing path by
// its (device, inode), so a symlink or a hard link to an input is caught; a path that does not
// exist yet by its resolved absolute path, so two outputs naming one new file are caught too.
// Before that, each output must be new or a regular file (io::notAReplaceableOutput): a FIFO, a
// device node such as /dev/null, a folder or a symbolic link is refused, never replaced.
#include "app/cli/CommandLine.h"

#include <QString>
#include <vector>

namespace lanescope::cli {

struct NamedPath
{
    QString path;
    QString role; // as the user typed it: "TRACE", "--summary", "-o", "--facts"
};

// Empty when every output is its own new or unrelated regular file; else the one-line reason for
// the first clash. A folder among the inputs stands for every file directly inside it (its rank
// traces), so an output that is one of them is an input too.
QString outputClash(const std::vector<NamedPath> &inputs, const std::vector<NamedPath> &outputs);

// outputClash() as the command's one bad-usage line: Ok, or BadUsage after printing it.
int refuseOutputClash(const Invocation &args, const std::vector<NamedPath> &inputs, const std::vector<NamedPath> &outputs);

} // namespace lanescope::cli
