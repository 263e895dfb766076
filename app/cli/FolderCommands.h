#pragma once
// `lanescope-cli info DIR` and `lanescope-cli analyze DIR` (issue 15): a folder of rank traces.
// The rows of `info` and `analyze` in the command table (Commands.cpp) name these: they accept
// everything the one-trace command does plus the folder's options, and hand a file to the
// one-trace command unchanged.
#include "CommandLine.h"

namespace lanescope::cli {

CommandSpec infoOrFolderArguments();
int runInfoOrFolder(const Invocation &args);

CommandSpec analyzeOrFolderArguments();
int runAnalyzeOrFolder(const Invocation &args);

} // namespace lanescope::cli
