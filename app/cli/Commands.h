// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The subcommands of lanescope-cli. Each is a row of the table in Commands.cpp naming two
// functions of its own file: what it accepts (a CommandSpec, from which its parser and --help
// are built) and what it does with an Invocation that already checked out. Exit codes
// (docs/architecture.md): 0 success, 2 bad usage, 3 unreadable input, each failure one line on stderr.
//
// Adding one (say `export`): write ExportCommand.cpp with exportArguments() and runExport(),
// declare them below, add {"export", QT_TRANSLATE_NOOP("cli", "one line"), exportArguments,
// runExport} to the table, and the file to CMakeLists.txt.
#include "app/cli/CommandLine.h"
#include "core/analysis/run/Analysis.h"

#include <QString>

#include <memory>
#include <vector>

namespace lanescope {
class JsonWriter; // core/util/JsonWriter.h
class Trace;
namespace analysis {
struct AnalysisResult;
struct MeasuredFlops;
struct MemoryOwners;
} // namespace analysis
} // namespace lanescope

namespace lanescope::cli {

// Every subcommand, in the order `lanescope-cli --help` lists them.
const std::vector<Command> &commands();
const Command *findCommand(const QString &name);

// Loads the trace a subcommand was given; on failure prints "lanescope-cli: REASON" (one line)
// and returns null, and the subcommand returns Unreadable.
std::shared_ptr<Trace> loadTraceOrReport(const QString &path, int threads);

// An output path that is a symbolic link (dangling or not), a FIFO, a device or a folder is
// refused with exit 2 (io::notAReplaceableOutput): QSaveFile would write through the link, or
// replace the FIFO or device node by a regular file.
// Returns Ok, or BadUsage with its one line printed. (docs/cli-reference.md, "Options, inputs and outputs".)
int refuseLinkedOutput(const Invocation &args, const QString &out);

// --labels of compare and export --compare: one label per run, none empty (a run without a name
// cannot be told apart in the output). Without --labels *labels stays empty (the run set names the
// runs after their files). Returns Ok, or BadUsage with its one line printed.
int readRunLabels(const Invocation &args, const QStringList &paths, QStringList *labels);

// The options analyze, compare and a folder's analyze share: --gap-ms, --gap-kernels, --params,
// --tokens-per-step, --tokens-global, --peak-tflops, --hta, into *opt. Ok, or the exit code of a
// bad combination (its one line printed).
int readAnalysisOptions(const Invocation &args, analysis::AnalysisOptions *opt);

// --threads N of every command that loads: 0 (one per core) up to kMaxThreads (util/Parallel.h);
// more is bad usage, as core would cap it anyway. `help` should say the cap.
OptionSpec threadsOption(const char *help);

CommandSpec infoArguments();
int runInfo(const Invocation &args);

CommandSpec synthArguments();
int runSynth(const Invocation &args);

CommandSpec analyzeArguments();
int runAnalyze(const Invocation &args);

CommandSpec mfuArguments();
int runMfu(const Invocation &args);

CommandSpec compareArguments();
int runCompare(const Invocation &args);

// The members of the object `analyze --json` prints (docs/architecture.md), written into an open object:
// `compare` puts the same object under runs[].analysis. flops: --measure-flops, may be null.
// top: the summaries' rows written (analyze --top N); complete by default.
// The critical path's members as `analyze --json` prints them ("step", "step_choice", "length_us",
// "parts_us"; full: also "length_ns", "parts_ns", "summary"); null without a path.
void writeCriticalPath(JsonWriter &j, const analysis::CriticalPath &path, bool full);
void writeAnalysisFields(JsonWriter &j, const Trace &trace, const analysis::AnalysisResult &result,
                         const analysis::MeasuredFlops *flops, std::size_t top = SIZE_MAX);

// "idle_breakdown", "launch" and "queue" (docs/architecture.md) of one trace's analysis, into an
// open object: analyze TRACE and every rank of analyze DIR. origin: the trace's first event.
void writeLaunchFields(JsonWriter &j, const analysis::AnalysisResult &result, TimeNs origin);
// One advice item's fields (id, title, evidence, what the fix is worth and how that was found),
// into an open object: analyze TRACE's "advice" and the job's of analyze DIR.
void writeAdviceFields(JsonWriter &j, const analysis::Advice &advice);
// "memory_owners" of `analyze --json`: who holds the device memory (first `top` of its longer lists).
void writeMemoryOwners(JsonWriter &j, const analysis::MemoryOwners &owners, TimeNs origin, std::size_t top);

CommandSpec exportArguments();
int runExport(const Invocation &args);

CommandSpec whatifArguments();
int runWhatif(const Invocation &args);

} // namespace lanescope::cli
