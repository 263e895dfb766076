// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `lanescope-cli info DIR`, `analyze DIR`, `analyze RANKFILE --summary OUT` and `merge SUMMARIES...`:
// a folder of rank traces, or its ranks analysed one by one and merged.
// The rows of `info` and `analyze` in the command table (Commands.cpp) name these: they accept
// everything the one-trace command does plus the folder's options, and hand a file to the
// one-trace command unchanged.
#include "app/cli/CommandLine.h"

namespace lanescope::cli {

CommandSpec infoOrFolderArguments();
int runInfoOrFolder(const Invocation &args);

CommandSpec analyzeOrFolderArguments();
int runAnalyzeOrFolder(const Invocation &args);

// lanescope-cli merge SUMMARIES...: the reduce step over `analyze RANKFILE --summary` files.
CommandSpec mergeArguments();
int runMerge(const Invocation &args);

} // namespace lanescope::cli
