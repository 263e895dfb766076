// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/Commands.h"
#include "app/cli/FolderCommands.h"

#include "core/io/InputFile.h"
#include "core/model/Trace.h"
#include "core/parse/TraceLoader.h"
#include "core/util/Parallel.h"

#include <QCoreApplication>

#include <cmath>

namespace lanescope::cli {

// MemoryCommand.cpp
CommandSpec memoryArguments();
int runMemory(const Invocation &args);

const std::vector<Command> &commands()
{
    static const std::vector<Command> table = {
        {"info", QT_TRANSLATE_NOOP("cli", "what the trace holds and how it loaded"), infoOrFolderArguments, runInfoOrFolder},
        {"synth", QT_TRANSLATE_NOOP("cli", "write a deterministic synthetic FSDP trace"), synthArguments, runSynth},
        {"analyze", QT_TRANSLATE_NOOP("cli", "GPU idle gaps and causes, breakdown, MFU, memory, advice"), analyzeOrFolderArguments,
         runAnalyzeOrFolder}, // a folder: FolderCommands.cpp
        {"mfu", QT_TRANSLATE_NOOP("cli", "the MFU calculator"), mfuArguments, runMfu},
        {"merge", QT_TRANSLATE_NOOP("cli", "rank summaries (analyze RANKFILE --summary) into the job's figures, as analyze DIR"),
         mergeArguments, runMerge}, // FolderCommands.cpp
        {"compare", QT_TRANSLATE_NOOP("cli", "a baseline against other runs: deltas, step-time waterfall, kernel and operator differences"),
         compareArguments, runCompare},
        {"export", QT_TRANSLATE_NOOP("cli", "the timeline picture as PNG, SVG or PDF, without a display"), exportArguments,
         runExport, true},
        {"whatif", QT_TRANSLATE_NOOP("cli", "replay a step with fixes applied: the projected step, MFU and peak memory"), whatifArguments,
         runWhatif},
        {"memory", QT_TRANSLATE_NOOP("cli", "a PyTorch memory snapshot: peaks, cudaMalloc/cudaFree, fragmentation, stacks at the peak"),
         memoryArguments, runMemory},
    };
    return table;
}

const Command *findCommand(const QString &name)
{
    for (const Command &c : commands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

int readAnalysisOptions(const Invocation &args, analysis::AnalysisOptions *opt)
{
    if (args.isSet("gap-ms"))
        opt->gaps.minGap = TimeNs(std::llround(args.number("gap-ms", 0) * 1e6));
    if (args.isSet("gap-kernels"))
        opt->gaps.kernels = args.text("gap-kernels") == QLatin1String("all") ? analysis::GapKernels::All : analysis::GapKernels::Gemm;
    opt->mfu.params = args.number("params", opt->mfu.params);
    opt->mfu.tokensPerStep = args.number("tokens-per-step", opt->mfu.tokensPerStep);
    opt->mfu.tokensGlobal = args.isSet("tokens-global");
    // A model that is no transformer (a ResNet): samples per step give samples/s, and no MFU.
    if (args.isSet("samples-per-step")) {
        if (args.isSet("tokens-per-step"))
            return args.fail(QCoreApplication::translate("cli", "--samples-per-step and --tokens-per-step exclude each other"));
        opt->mfu.tokensPerStep = args.number("samples-per-step", 0);
        opt->mfu.items = analysis::StepItems::Samples;
    }
    opt->mfu.peakTflops = args.number("peak-tflops", opt->mfu.peakTflops);
    if (args.isSet("hta"))
        opt->definition = analysis::GpuTimeDefinition::Hta; // every breakdown as Holistic Trace Analysis counts
    if (opt->mfu.items == analysis::StepItems::Tokens && (opt->mfu.params > 0) != (opt->mfu.tokensPerStep > 0))
        return args.fail(QCoreApplication::translate("cli", "--params and --tokens-per-step go together"));
    return Ok;
}

OptionSpec threadsOption(const char *help)
{
    static_assert(kMaxThreads == 256, "the --threads help and error texts say 256");
    return integer({QStringLiteral("threads")}, "N", between(0, kMaxThreads), help,
                   QT_TRANSLATE_NOOP("cli", "--threads takes a whole number"));
}

int readRunLabels(const Invocation &args, const QStringList &paths, QStringList *labels)
{
    labels->clear();
    if (!args.isSet("labels"))
        return Ok;
    *labels = args.text("labels").split(QLatin1Char(','));
    if (labels->size() != paths.size())
        return args.fail(QCoreApplication::translate("cli", "--labels needs one label per trace (%1 labels, %2 traces)")
                             .arg(labels->size())
                             .arg(paths.size()));
    for (int i = 0; i < labels->size(); ++i)
        if (labels->at(i).trimmed().isEmpty())
            return args.fail(QCoreApplication::translate("cli", "--labels: label %1 of %2 is empty").arg(i + 1).arg(labels->size()));
    return Ok;
}

int refuseLinkedOutput(const Invocation &args, const QString &out)
{
    const QString why = io::notAReplaceableOutput(out);
    return why.isEmpty() ? int(Ok) : args.fail(why);
}

std::shared_ptr<Trace> loadTraceOrReport(const QString &path, int threads)
{
    LoadOptions options;
    options.threads = threads;
    LoadResult r = loadTrace(path, options);
    if (!r.trace)
        printErrorLine(QStringLiteral("lanescope-cli: %1").arg(r.error));
    return std::move(r.trace);
}

} // namespace lanescope::cli
