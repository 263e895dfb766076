// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/CommandLine.h"

#include "widgets/analysis/AnalysisDock.h"
#include "core/io/FolderLoad.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cmath>

namespace lanescope {

CommandLine CommandLine::parse(const QStringList &arguments, QCommandLineParser &parser)
{
    parser.setApplicationDescription(QCoreApplication::translate("main", "Native viewer for PyTorch Profiler (Kineto) traces."));
    const QCommandLineOption help = parser.addHelpOption();
    // Our own --version: Qt's prints only "Lanescope 0.1.0", and a bug report needs the libraries too.
    const QCommandLineOption version(QStringList{QStringLiteral("v"), QStringLiteral("version")},
                                     QCoreApplication::translate("main", "Print Lanescope's version and those of Qt, RapidJSON, Boost and zlib."));
    parser.addOption(version);
    parser.addPositionalArgument(QCoreApplication::translate("main", "traces"),
                                 QCoreApplication::translate("main", "Trace files to open (.json or .json.gz); two or more are "
                                    "compared, the first as the baseline. A folder opens every rank "
                                    "trace in it as one job; among other traces or folders it is one "
                                    "run of the comparison (baseline job vs optimized job). A PyTorch "
                                    "memory snapshot (.pickle) opens in the Memory Snapshot dock, "
                                    "aligned with the trace beside it."),
                                 QCoreApplication::translate("main", "[traces...]"));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     QCoreApplication::translate("main", "Compare the traces as runs, the first as the baseline, even "
                                        "where they come from folders: a folder's traces (in name "
                                        "order) are then runs of the comparison, not ranks of one job. "
                                        "Needs two traces or more in all."));
    parser.addOption(compare);
    const QCommandLineOption demo(QStringLiteral("demo"),
                                  QCoreApplication::translate("main", "Open the built-in demo: the case study's FSDP run (7B model, "
                                     "32 A100s) as baseline, with prefetching, and tuned, compared; "
                                     "generated on first use."));
    parser.addOption(demo);
    const QCommandLineOption watch(QStringLiteral("watch"),
                                   QCoreApplication::translate("main", "Watch a profiler log_dir while it trains: its sessions compared, "
                                      "the earliest the baseline, and each new complete session added as a run."),
                                   QStringLiteral("DIR"));
    parser.addOption(watch);
    const QCommandLineOption gapMs(QStringLiteral("gap-ms"),
                                   QCoreApplication::translate("main", "Show idle gaps of at least N milliseconds (default 15; fractions "
                                      "allowed, down to 0.001)."),
                                   QStringLiteral("N"));
    parser.addOption(gapMs);
    const QCommandLineOption step(QStringLiteral("step"), QCoreApplication::translate("main", "Analyse only ProfilerStep#N of the (first) trace."),
                                  QStringLiteral("N"));
    parser.addOption(step);

    CommandLine c;
    auto fail = [](const QString &message) {
        CommandLine bad;
        bad.error = message;
        return bad;
    };
    if (!parser.parse(arguments))
        return fail(QCoreApplication::translate("main", "%1 (lanescope --help lists the options)").arg(parser.errorText()));
    c.version = parser.isSet(version);
    c.help = parser.isSet(help) || parser.isSet(QStringLiteral("help-all"));
    if (c.version || c.help)
        return c;

    // The last value counts where an option is repeated, as in lanescope-cli.
    if (parser.isSet(gapMs)) {
        bool ok = false;
        const QString text = parser.values(gapMs).constLast();
        const double ms = text.toDouble(&ok);
        if (!ok || !std::isfinite(ms) || ms * 1e6 < double(AnalysisDock::kMinGapNs) || ms > 1e9)
            return fail(QCoreApplication::translate("main", "--gap-ms: '%1' is not a number of milliseconds from 0.001 up").arg(text));
        c.gapNs = ms * 1e6;
    }
    if (parser.isSet(step)) {
        bool ok = false;
        const QString text = parser.values(step).constLast();
        c.step = text.toInt(&ok);
        if (!ok || c.step < 0)
            return fail(QCoreApplication::translate("main", "--step: '%1' is not a step number (0 or more)").arg(text));
    }

    c.compare = parser.isSet(compare);
    const QStringList given = parser.positionalArguments();
    if (parser.isSet(watch)) {
        const QString dir = parser.values(watch).constLast();
        if (!QFileInfo(dir).isDir())
            return fail(QCoreApplication::translate("main", "--watch: %1 is not a folder").arg(dir));
        if (!given.isEmpty() || c.compare)
            return fail(QCoreApplication::translate("main", "--watch opens its folder alone: no traces or --compare with it"));
        c.open = Open::Watch;
        c.paths = QStringList{dir};
        return c;
    }
    if (c.compare) {
        // Every trace named, a folder's in its name order, compared against the first.
        for (const QString &p : given) {
            const QFileInfo fi(p);
            if (!fi.exists())
                return fail(QCoreApplication::translate("main", "%1: no such file or folder").arg(p));
            if (fi.isDir()) {
                const QStringList inside = traceFilesIn(p);
                if (inside.isEmpty())
                    return fail(QCoreApplication::translate("main", "%1: a folder with no trace in it (.json or .json.gz)").arg(p));
                c.paths << inside;
            } else {
                c.paths << p;
            }
        }
        if (c.paths.size() < 2)
            return fail(QCoreApplication::translate("main", "--compare needs two traces or more (a baseline and a run to compare with it); %n given",
                                                     nullptr, int(c.paths.size())));
        c.open = Open::Files;
        return c;
    }
    c.paths = given;
    if (given.size() == 1 && QFileInfo(given.first()).isDir())
        c.open = Open::Folder; // the ranks of one job, side by side
    else if (!given.isEmpty())
        c.open = Open::Files; // two or more: stacked and aligned, the first as the baseline; a folder among
                              // them is one run, a job compared through its rank 0 (baseline folder vs optimized folder)
    else if (parser.isSet(demo))
        c.open = Open::Demo;
    return c;
}

} // namespace lanescope
