// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli whatif TRACE --fix ID[,ID...] [--step N | --from-us A --to-us B | --annotation NAME
//   [--instance K]] [--params N --tokens-per-step N [--tokens-global]] [--peak-tflops X] [--threads N] [--json]
// Replays one step's dependency graph with each fix applied, then with all of them
// (core/analysis/measures/replay/Replay.h): the measured and projected step, MFU and peak memory.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"

#include "core/analysis/run/AnalysisRange.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/measures/replay/Replay.h"

#include <QCoreApplication>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

double usOf(TimeNs ns) { return double(ns) / 1000.0; }

void writeProjection(JsonWriter &j, const analysis::replay::FixProjection &p)
{
    j.field("id", p.id);
    j.field("projected_step_us", usOf(p.projectedNs));
    j.field("projected_mfu_pct", p.projectedMfuPct);
    j.field("projected_peak_bytes", p.projectedPeakBytes);
    j.object("removed_parts_us", [&] {
        for (int k = 0; k < analysis::kPathParts; ++k)
            j.field(analysis::pathPartName(analysis::PathPart(k)), usOf(p.removedPartsNs[std::size_t(k)]));
    });
}

QString removedText(const analysis::replay::FixProjection &p)
{
    QStringList parts;
    for (int k = 0; k < analysis::kPathParts; ++k)
        if (p.removedPartsNs[std::size_t(k)] > 0)
            parts << QStringLiteral("%1 %2").arg(analysis::pathPartLabel(analysis::PathPart(k)),
                                                 analysis::figure::ms(double(p.removedPartsNs[std::size_t(k)])));
    return parts.isEmpty() ? tr("nothing") : parts.join(QStringLiteral(", "));
}

} // namespace

CommandSpec whatifArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("TRACE --fix ID[,ID...] [--step N | --from-us A --to-us B | --annotation NAME [--instance K]] [--json]"),
        {{n("TRACE"), QT_TRANSLATE_NOOP("cli", "a Kineto / PyTorch Profiler trace (.json or .json.gz)")}},
        {
            text({n("fix")}, "IDS", QT_TRANSLATE_NOOP("cli", "the changes to replay, comma-separated: dataloader, sync_on_critical_path, "
                                                            "allocator_churn, launch_bound, cpu_bound_launch, fsdp_limit_all_gathers, "
                                                            "gemm_faster:X, comm_faster:X (X percent faster)")),
            integer({n("step")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "replay ProfilerStep#N (default: the median complete step)"),
                    QT_TRANSLATE_NOOP("cli", "--step needs a step number")),
            number({n("from-us")}, "A", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "replay from A (µs from the first event); needs --to-us"),
                   QT_TRANSLATE_NOOP("cli", "--from-us needs a number")),
            number({n("to-us")}, "B", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "replay up to B (µs from the first event); needs --from-us"),
                   QT_TRANSLATE_NOOP("cli", "--to-us needs a number")),
            text({n("annotation")}, "NAME", QT_TRANSLATE_NOOP("cli", "replay an occurrence of this annotation (any CPU slice of that name), for traces without ProfilerStep")),
            integer({n("instance")}, "K", atLeast(0), QT_TRANSLATE_NOOP("cli", "which occurrence of --annotation, 0-based (default 0)"),
                    QT_TRANSLATE_NOOP("cli", "--instance needs a whole number from 0")),
            number({n("params")}, "N", aboveAtMost(0, kMaxParams), QT_TRANSLATE_NOOP("cli", "model parameters, for MFU (e.g. 7e9)"),
                   QT_TRANSLATE_NOOP("cli", "--params needs a positive number")),
            number({n("tokens-per-step")}, "N", aboveAtMost(0, kMaxTokens), QT_TRANSLATE_NOOP("cli", "tokens per step per GPU, for MFU"),
                   QT_TRANSLATE_NOOP("cli", "--tokens-per-step needs a positive number")),
            flag({n("tokens-global")}, QT_TRANSLATE_NOOP("cli", "--tokens-per-step counts all GPUs (divided by the world size)")),
            number({n("peak-tflops")}, "X", aboveAtMost(0, kMaxTflops), QT_TRANSLATE_NOOP("cli", "GPU peak instead of the table's entry for the traced GPU"),
                   QT_TRANSLATE_NOOP("cli", "--peak-tflops needs a positive number")),
            threadsOption(QT_TRANSLATE_NOOP("cli", "loader threads (default: one per core; at most 256)")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

int runWhatif(const Invocation &args)
{
    if (!args.isSet("fix"))
        return args.fail(tr("--fix is required; the fixes are: %1").arg(analysis::replay::fixIds().join(QStringLiteral(", "))));
    std::vector<analysis::replay::Fix> fixes;
    QString error;
    if (!analysis::replay::parseFixes(args.text("fix"), &fixes, &error))
        return args.fail(error);
    const double fromUs = args.number("from-us", -1), toUs = args.number("to-us", -1);
    if ((fromUs >= 0) != (toUs >= 0) || (fromUs >= 0 && toUs <= fromUs))
        return args.fail(tr("--from-us and --to-us go together, with --to-us after --from-us"));
    if (fromUs >= 0 && args.isSet("step"))
        return args.fail(tr("--step and --from-us/--to-us exclude each other"));
    if (args.isSet("annotation") && (fromUs >= 0 || args.isSet("step")))
        return args.fail(tr("--annotation excludes --step and --from-us/--to-us"));
    if (args.isSet("instance") && !args.isSet("annotation"))
        return args.fail(tr("--instance needs --annotation"));
    if (args.isSet("params") != args.isSet("tokens-per-step"))
        return args.fail(tr("--params and --tokens-per-step go together"));

    const std::shared_ptr<Trace> trace = loadTraceOrReport(args.positionals().first(), args.integer("threads", 0));
    if (!trace)
        return Unreadable;
    const Trace &t = *trace;
    const analysis::detail::EvidenceIndex index(t);
    const std::vector<analysis::Step> measured = analysis::measuredSteps(index.steps, index.steps);

    analysis::replay::ReplayGraph graph;
    if (args.isSet("annotation")) {
        analysis::RangeRequest req;
        req.annotation = args.text("annotation");
        req.instance = args.integer("instance", 0);
        const analysis::AnalysisRange range = analysis::resolveRange(t, index.steps, req);
        if (!range.ok())
            return args.fail(range.error);
        graph = analysis::replay::buildReplayGraph(index, range.span);
        graph.step.name = range.label(t.minTs);
    } else if (fromUs >= 0) {
        const analysis::TimeRange w{t.minTs + TimeNs(std::llround(fromUs * 1000)), t.minTs + TimeNs(std::llround(toUs * 1000))};
        if (w.from >= t.maxTs)
            return args.fail(tr("the window %1 to %2 µs starts after the trace ends").arg(fromUs, 0, 'f', 3).arg(toUs, 0, 'f', 3));
        graph = analysis::replay::buildReplayGraph(index, w);
        graph.step.name = tr("[%1, %2) µs").arg(fromUs, 0, 'f', 3).arg(toUs, 0, 'f', 3);
    } else {
        const analysis::Step *step = nullptr;
        if (args.isSet("step")) {
            const int want = args.integer("step", -1);
            for (const analysis::Step &s : index.steps)
                if (s.number == want)
                    step = &s;
            if (!step)
                return args.fail(tr("no ProfilerStep#%1 in the trace").arg(want));
        } else {
            step = analysis::criticalPathStep(measured, -1, nullptr);
            if (!step)
                return args.fail(tr("no ProfilerStep in the trace: give --from-us and --to-us"));
        }
        graph = analysis::replay::buildReplayGraph(index, *step);
    }

    double mfuPct = -1;
    if (args.isSet("params") && !measured.empty()) {
        analysis::MfuInputs in;
        in.params = args.number("params", 0);
        in.tokensPerStep = args.number("tokens-per-step", 0);
        in.tokensGlobal = args.isSet("tokens-global");
        in.peakTflops = args.number("peak-tflops", 0);
        const analysis::MfuResult m = analysis::mfuFromTrace(t, measured, in);
        if (m.valid && m.mfuPct > 0)
            mfuPct = m.mfuPct;
    }
    const analysis::replay::WhatIf w = analysis::replay::whatIf(graph, fixes, mfuPct);
    if (!w.valid)
        return args.fail(w.error, Unreadable);

    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("step", w.step.name);
            j.field("step_us", usOf(w.stepNs));
            j.field("replayed_step_us", usOf(w.replayedNs)); // the unchanged replay (an addition to the contract's keys)
            j.field("mfu_pct", mfuPct);
            j.field("peak_bytes", w.peakBytes);
            j.array("fixes", [&] {
                for (const auto &p : w.fixes)
                    j.object([&] { writeProjection(j, p); });
            });
            j.object("combined", [&] { writeProjection(j, w.combined); });
            j.array("warnings", [&] {
                for (const QString &s : w.warnings)
                    j.value(s);
            });
        });
        return Ok;
    }
    std::printf("%s\n", qPrintable(tr("%1: measured %2, replayed unchanged %3")
                                       .arg(w.step.name, analysis::figure::ms(double(w.stepNs)), analysis::figure::ms(double(w.replayedNs)))));
    auto line = [&](const analysis::replay::FixProjection &p) {
        QString s = tr("  %1: step %2 -> %3 (%4)")
                        .arg(p.id, analysis::figure::ms(double(w.stepNs)), analysis::figure::ms(double(p.projectedNs)),
                             w.stepNs > 0 ? analysis::figure::pct(100.0 * double(p.gainNs) / double(w.stepNs)) + tr(" faster")
                                          : QString());
        if (p.projectedMfuPct > 0)
            s += tr(", MFU %1 -> %2").arg(analysis::figure::pct(mfuPct), analysis::figure::pct(p.projectedMfuPct));
        if (p.projectedPeakBytes >= 0)
            s += tr(", peak memory %1").arg(analysis::figure::bytes(double(p.projectedPeakBytes)));
        s += tr("; removes from the replayed critical path: %1").arg(removedText(p));
        std::printf("%s\n", qPrintable(s));
    };
    for (const auto &p : w.fixes)
        line(p);
    if (w.fixes.size() > 1) {
        std::printf("%s\n", qPrintable(tr("all together:")));
        line(w.combined);
    }
    for (const QString &s : w.warnings)
        std::printf("%s\n", qPrintable(tr("warning: %1").arg(s)));
    return Ok;
}

} // namespace lanescope::cli
