// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli compare A B [C...] | LOGDIR [--labels a,b,c] [--align step|start] [--step N] [--params N
//   --tokens-per-step N [--tokens-global]] [--peak-tflops X] [--gap-ms X] [--gap-kernels gemm|all]
//   [--fold-templates] [--rank N] [--top N] [--threads N] [--json]
// Keys of the JSON object are the contract in docs/architecture.md; times are µs.
// A folder of rank traces is a run too: compared through its rank 0 (or --rank),
// with the job's own figures in the run's "job" object and in the job_* rows of the deltas.
#include "app/cli/Commands.h"
#include "core/util/TraceName.h"
#include "app/cli/JsonWriter.h"

#include "core/analysis/compare/Compare.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/compare/CompareTraces.h"
#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/StepStats.h"
#include "core/model/Trace.h"
#include "core/session/LogDir.h"
#include "core/session/RunSet.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string_view>
#include <thread>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

double usDur(TimeNs t) { return double(t) / 1000.0; }

void writeRows(JsonWriter &j, const char *key, const std::vector<analysis::NameDiffRow> &rows, std::size_t top)
{
    j.array(key, [&] {
        for (std::size_t k = 0; k < rows.size() && (top == 0 || k < top); ++k) {
            const auto &r = rows[k];
            j.object([&] {
                j.field("name", r.name);
                j.array("count", [&] { for (auto c : r.count) j.value(c); });
                j.array("total_us", [&] { for (auto t : r.totalNs) j.value(usDur(t)); });
                j.array("delta_us", [&] { for (auto d : r.deltaNs) j.value(usDur(d)); });
                j.array("per_step_us", [&] { for (auto p : r.perStepNs) j.value(p ? std::optional<double>(*p / 1000.0) : std::nullopt); });
            });
        }
    });
}

// Per run (index 0 the baseline, unset), the step time's change against the baseline with its noise.
using StepChanges = std::vector<analysis::ChangeStats>;

void writeJson(const std::vector<analysis::CompareRun> &runs, const analysis::ComparisonResult &c, std::size_t top,
               const std::vector<analysis::FigureChanges> &changes)
{
    JsonWriter j;
    j.printObject([&] {
        j.array("runs", [&] {
            for (std::size_t i = 0; i < runs.size(); ++i)
                j.object([&] {
                    const auto &m = c.runs[i];
                    j.field("label", m.label);
                    j.field("path", m.path);
                    j.field("gpu", m.gpu);
                    j.field("world_size", m.worldSize);
                    // Additions: where the run sits on the shared axis and which step it was aligned on.
                    j.field("offset_us", usDur(c.alignment.runs[i].offsetNs));
                    const int si = c.alignment.runs[i].stepIndex;
                    if (si >= 0)
                        j.field("aligned_step", runs[i].analysis->steps[std::size_t(si)].name);
                    else
                        j.field("aligned_step", nullptr);
                    j.field("complete_steps", m.completeSteps);
                    if (m.job)
                        j.object("job", [&] {
                            j.field("ranks", m.job->ranks);
                            j.field("world_size", m.job->worldSize);
                            j.field("rank", m.job->rank);
                            j.field("slowest_rank", m.job->slowestRank);
                            j.field("step_time_us", m.job->jobStepTimeNs ? std::optional<double>(*m.job->jobStepTimeNs / 1000.0) : std::nullopt);
                            j.field("gap_count", m.job->jobGapCount);
                            j.field("gap_total_us", usDur(m.job->jobGapTotalNs));
                            j.field("straggler_wait_us_per_step",
                                    m.job->stragglerWaitPerStepNs ? std::optional<double>(*m.job->stragglerWaitPerStepNs / 1000.0) : std::nullopt);
                        });
                    else
                        j.field("job", nullptr);
                    j.object("analysis", [&] { writeAnalysisFields(j, *runs[i].trace, *runs[i].analysis, nullptr); });
                });
        });
        j.array("deltas", [&] {
            for (std::size_t k = 0; k < c.deltas.size(); ++k) {
                const auto &d = c.deltas[k];
                j.object([&] {
                    j.field("label", d.label);
                    for (const auto &m : d.metrics)
                        j.object(m.key, [&] {
                            j.field("value", m.value);
                            j.field("delta", m.delta);
                            j.field("pct", m.pct);
                            // Additions: whether the change is beyond the step-to-step noise (StepStats.h);
                            // measured for the figures that vary by step (analysis::kPerStepFigureKeys),
                            // null for the others and with one step.
                            const analysis::ChangeStats none;
                            const analysis::ChangeStats *found = nullptr;
                            if (k + 1 < changes.size())
                                if (const auto it = changes[k + 1].find(std::string_view(m.key)); it != changes[k + 1].end())
                                    found = &it->second;
                            const analysis::ChangeStats &st = found ? *found : none;
                            j.field("ci95_low", st.ci95Low);
                            j.field("ci95_high", st.ci95High);
                            j.field("p_value", st.pValue);
                            if (st.significant)
                                j.field("significant", *st.significant);
                            else
                                j.field("significant", nullptr);
                            // exposed_comm_us and gap_total_us are totals over the analysed steps; their
                            // interval is of the per-step median's change (µs per step).
                            if (found && (std::string_view(m.key) == "exposed_comm_us" || std::string_view(m.key) == "gap_total_us"))
                                j.field("ci95_per_step", true);
                        });
                });
            }
        });
        j.array("step_time_waterfall", [&] {
            for (const auto &w : c.waterfall)
                j.object([&] {
                    j.field("label", w.label);
                    j.field("from_us", w.fromNs / 1000.0);
                    j.field("to_us", w.toNs / 1000.0);
                    j.array("parts", [&] {
                        for (const auto &p : w.parts)
                            j.object([&] {
                                j.field("name", p.name);
                                j.field("delta_us", p.deltaNs / 1000.0);
                                // What the baseline's replay projected for this cause's fix (null: none).
                                if (p.projectedDeltaNs) {
                                    j.field("projected_delta_us", *p.projectedDeltaNs / 1000.0);
                                    j.field("projected_by", p.projectedBy);
                                } else {
                                    j.field("projected_delta_us", nullptr);
                                    j.field("projected_by", nullptr);
                                }
                            });
                    });
                });
        });
        writeRows(j, "kernels", c.kernels, top);
        writeRows(j, "ops", c.ops, top);
        j.array("gaps", [&] {
            for (const auto &g : c.gaps)
                j.object([&] {
                    j.field("cause", analysis::gapCauseName(g.cause));
                    j.array("count", [&] { for (auto n : g.count) j.value(n); });
                    j.array("total_us", [&] { for (auto t : g.totalNs) j.value(usDur(t)); });
                    j.array("delta_us", [&] { for (auto d : g.deltaNs) j.value(usDur(d)); });
                });
        });
        // How well each run used the hardware (CompareHardware.h): each kind's first `top` rows.
        j.array("hardware", [&] {
            std::map<std::string_view, std::size_t> shown;
            for (const auto &h : c.hardware) {
                if (top != 0 && shown[h.kind]++ >= top)
                    continue;
                j.object([&] {
                    j.field("kind", h.kind);
                    j.field("name", h.name);
                    j.field("unit", h.unit);
                    j.field("higher_is_better", h.higherIsBetter);
                    j.array("values", [&] { for (const auto &v : h.values) j.value(v); });
                    j.array("count", [&] { for (auto n : h.count) j.value(n); });
                    j.array("delta", [&] { for (std::size_t k = 0; k < h.values.size(); ++k) j.value(h.delta(k)); });
                    j.array("pct", [&] { for (std::size_t k = 0; k < h.values.size(); ++k) j.value(h.pct(k)); });
                });
            }
        });
        j.array("warnings", [&] { for (const QString &w : c.warnings) j.value(w); });
    });
}

QString figure(const std::optional<double> &v, int decimals)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-");
}

QString ms(double ns) { return QString::number(ns / 1e6, 'f', 2); }

void writeText(const analysis::ComparisonResult &c, std::size_t top, const StepChanges &stats)
{
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
        const auto &m = c.runs[i];
        const auto &a = c.alignment.runs[i];
        const int steps = int(m.completeSteps);
        std::printf("%s\n", qPrintable((steps == 1 ? QCoreApplication::translate("cli", "run %1 %2: %3 (%4, world size %5), %n complete step, offset %6 ms", nullptr, steps)
                                                    : QCoreApplication::translate("cli", "run %1 %2: %3 (%4, world size %5), %n complete steps, offset %6 ms", nullptr, steps))
                                           .arg(i + 1)
                                           .arg(m.label, m.path, m.gpu.isEmpty() ? tr("GPU unknown") : m.gpu,
                                                m.worldSize > 0 ? QString::number(m.worldSize) : tr("unknown"))
                                           .arg(double(a.offsetNs) / 1e6, 0, 'f', 3)));
        if (m.job) {
            const QString through = m.job->ranks == 1 ? tr("a job of one rank, compared through rank %2%3")
                                                      : tr("a job of %1 ranks, compared through rank %2%3").arg(m.job->ranks);
            std::printf("  %s\n", qPrintable(through.arg(m.job->rank).arg(m.job->slowestRank == m.job->rank ? tr(" (its slowest)") : QString())));
        }
    }
    // The metrics table: one column per run, "value (delta %)" after the baseline.
    const auto base = analysis::metricValues(c.runs[0], analysis::hasJobRuns(c.runs));
    std::printf("\n%-24s %16s", "", qPrintable(c.runs[0].label.left(16)));
    for (const auto &d : c.deltas)
        std::printf(" %26s", qPrintable(d.label.left(26)));
    std::printf("\n");
    for (std::size_t k = 0; k < base.size(); ++k) {
        const int dec = std::string_view(base[k].key).find("pct") != std::string_view::npos ? 2 : 1;
        std::printf("%-24s %16s", base[k].key, qPrintable(figure(base[k].value, dec)));
        for (const auto &d : c.deltas) {
            const auto &m = d.metrics[k];
            QString cell = figure(m.value, dec);
            if (m.pct)
                cell += QStringLiteral(" (%1%2%)").arg(*m.pct >= 0 ? QStringLiteral("+") : QString()).arg(*m.pct, 0, 'f', 1);
            std::printf(" %26s", qPrintable(cell));
        }
        std::printf("\n");
    }
    for (std::size_t k = 1; k < stats.size() && k < c.runs.size(); ++k) {
        const analysis::ChangeStats &st = stats[k];
        if (k == 1)
            std::printf("\n");
        if (!st.change) {
            std::printf("%s\n", qPrintable(tr("step time %1: no complete step to compare").arg(c.runs[k].label)));
        } else if (!st.significant) {
            std::printf("%s\n", qPrintable(tr("step time %1: the median changes by %2 ms, too few steps to tell it from noise").arg(c.runs[k].label, ms(*st.change * 1000))));
        } else {
            std::printf("%s\n", qPrintable(tr("step time %1: the median changes by %2 ms (95 % CI %3 to %4 ms, p = %5): %6")
                                               .arg(c.runs[k].label, ms(*st.change * 1000), ms(*st.ci95Low * 1000), ms(*st.ci95High * 1000))
                                               .arg(*st.pValue, 0, 'g', 3)
                                               .arg(*st.significant ? tr("significant") : tr("within noise"))));
        }
    }
    for (const auto &w : c.waterfall) {
        std::printf("\n%s\n", qPrintable(tr("step time %1: %2 ms -> %3 ms (%4 ms)").arg(w.label, ms(w.fromNs), ms(w.toNs), ms(w.toNs - w.fromNs))));
        for (const auto &p : w.parts)
            if (p.deltaNs != 0 && p.projectedDeltaNs)
                std::printf("  %-22s %+12.3f ms   %s\n", p.name, p.deltaNs / 1e6,
                            qPrintable(tr("(the baseline's replay with %1: %2 ms)").arg(p.projectedBy).arg(*p.projectedDeltaNs / 1e6, 0, 'f', 3)));
            else if (p.deltaNs != 0)
                std::printf("  %-22s %+12.3f ms\n", p.name, p.deltaNs / 1e6);
    }
    if (!c.gaps.empty()) {
        std::printf("\n%s\n", qPrintable(tr("GEMM gaps by cause (count, total ms per run):")));
        for (const auto &g : c.gaps) {
            QString line;
            for (std::size_t k = 0; k < g.count.size(); ++k)
                line += (k ? QStringLiteral(" -> ") : QString()) + QStringLiteral("%1 / %2").arg(g.count[k]).arg(ms(double(g.totalNs[k])));
            std::printf("  %-12s %s\n", analysis::gapCauseName(g.cause), qPrintable(line));
        }
    }
    const auto rows = [&](const QString &title, const std::vector<analysis::NameDiffRow> &list) {
        std::printf("\n%s\n", qPrintable(title));
        for (std::size_t k = 0; k < list.size() && (top == 0 || k < top); ++k) {
            const auto &r = list[k];
            QString line;
            for (std::size_t i = 0; i < r.count.size(); ++i)
                line += (i ? QStringLiteral(" | ") : QString()) + QStringLiteral("%1 x %2 ms").arg(r.count[i]).arg(ms(double(r.totalNs[i])));
            const TimeNs last = r.deltaNs.empty() ? 0 : r.deltaNs.back();
            std::printf("  %+12.3f ms  %s  %s\n", double(last) / 1e6, qPrintable(line), qPrintable(r.name.left(120)));
        }
    };
    if (!c.hardware.empty()) {
        std::printf("\n%s\n", qPrintable(tr("Hardware use (median bus bandwidth per collective, achieved TFLOPS per operator and shapes, memory held at the peak per owner):")));
        std::map<std::string_view, std::size_t> shown;
        for (const auto &h : c.hardware) {
            if (top != 0 && shown[h.kind]++ >= top)
                continue;
            QString line;
            for (std::size_t k = 0; k < h.values.size(); ++k)
                line += (k ? QStringLiteral(" -> ") : QString())
                        + (std::string_view(h.unit) == "bytes" && h.values[k] ? analysis::figure::bytes(*h.values[k]) : figure(h.values[k], 1));
            if (const auto p = h.pct(h.values.size() - 1))
                line += QStringLiteral(" (%1%2%)").arg(*p >= 0 ? QStringLiteral("+") : QString()).arg(*p, 0, 'f', 1);
            std::printf("  %-7s %s  %s\n", h.unit, qPrintable(line), qPrintable(h.name.left(120)));
        }
    }
    rows(tr("GPU kernels by largest change (delta of the last run; count x total per run):"), c.kernels);
    rows(tr("CPU operators by largest change:"), c.ops);
    if (!c.warnings.isEmpty()) {
        std::printf("\n%s\n", qPrintable(tr("warnings:")));
        for (const QString &w : c.warnings)
            std::printf("  - %s\n", qPrintable(w));
    }
}

} // namespace

CommandSpec compareArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("A B [C...] | LOGDIR [options]"),
        {
            {n("A"), QT_TRANSLATE_NOOP("cli", "the baseline trace (.json or .json.gz), or a folder of rank traces (one job)")},
            {n("B"),
             QT_TRANSLATE_NOOP("cli", "a trace or folder to compare with it (none: A is a profiler log_dir of several sessions, each compared "
                                      "with the earliest)"),
             PositionalSpec::Arity::Optional},
            {n("C"), QT_TRANSLATE_NOOP("cli", "more traces or folders"), PositionalSpec::Arity::Many},
        },
        {
            text({n("labels")}, "a,b,c", QT_TRANSLATE_NOOP("cli", "one label per trace, comma-separated (default: the file names)")),
            choice({n("align")}, {n("step"), n("start")},
                   QT_TRANSLATE_NOOP("cli", "step (default): on the same complete ProfilerStep by position; start: on each trace's first event"),
                   QT_TRANSLATE_NOOP("cli", "--align takes step or start")),
            integer({n("step")}, "N", atLeast(0),
                    QT_TRANSLATE_NOOP("cli", "compare only ProfilerStep#N of the baseline and the step at its position in each other run"),
                    QT_TRANSLATE_NOOP("cli", "--step needs a step number")),
            number({n("params")}, "N", aboveAtMost(0, kMaxParams), QT_TRANSLATE_NOOP("cli", "model parameters, for MFU (e.g. 7e9)"),
                   QT_TRANSLATE_NOOP("cli", "--params needs a positive number")),
            number({n("tokens-per-step")}, "N", aboveAtMost(0, kMaxTokens), QT_TRANSLATE_NOOP("cli", "tokens per step per GPU, for MFU"),
                   QT_TRANSLATE_NOOP("cli", "--tokens-per-step needs a positive number")),
            flag({n("tokens-global")}, QT_TRANSLATE_NOOP("cli", "--tokens-per-step counts all GPUs (divided by the world size)")),
            number({n("samples-per-step")}, "N", aboveAtMost(0, kMaxTokens),
                   QT_TRANSLATE_NOOP("cli", "samples (images) per step per GPU, for samples/s where the model is no transformer (no MFU)"),
                   QT_TRANSLATE_NOOP("cli", "--samples-per-step needs a positive number")),
            number({n("peak-tflops")}, "X", aboveAtMost(0, kMaxTflops), QT_TRANSLATE_NOOP("cli", "GPU peak instead of the table's entry for the traced GPU"),
                   QT_TRANSLATE_NOOP("cli", "--peak-tflops needs a positive number")),
            number({n("gap-ms")}, "X", between(0, kMaxTimeMs), QT_TRANSLATE_NOOP("cli", "shortest gap listed, in ms (default 15)"),
                   QT_TRANSLATE_NOOP("cli", "--gap-ms needs a number of milliseconds")),
            choice({n("gap-kernels")}, {n("gemm"), n("all")},
                   QT_TRANSLATE_NOOP("cli", "gemm (default): gaps between two GEMM kernels; all: any gap of a compute stream"),
                   QT_TRANSLATE_NOOP("cli", "--gap-kernels takes gemm or all")),
            flag({n("fold-templates")}, QT_TRANSLATE_NOOP("cli", "count kernels and operators that differ only in template arguments as one")),
            flag({n("hta")}, QT_TRANSLATE_NOOP("cli", "GPU time as Holistic Trace Analysis counts it: every event with args.stream "
                                                      "(also Triton launcher cpu_ops and cuda_sync events)")),
            integer({n("rank")}, "N", atLeast(0),
                    QT_TRANSLATE_NOOP("cli", "a folder is compared through this rank of its job (default: its first, rank 0)"),
                    QT_TRANSLATE_NOOP("cli", "--rank needs a rank number")),
            integer({n("top")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "rows of kernels and operators listed (default 50; 0: all)"),
                    QT_TRANSLATE_NOOP("cli", "--top needs a number of rows")),
            threadsOption(QT_TRANSLATE_NOOP("cli", "loader threads per trace (default: the cores shared out; at most 256)")),
            number({n("fail-if-slower")}, "PCT", between(0, 1e6),
                   QT_TRANSLATE_NOOP("cli", "exit 1 when a run's median step time is significantly slower than the baseline's by more "
                                            "than PCT % (for CI jobs)"),
                   QT_TRANSLATE_NOOP("cli", "--fail-if-slower needs a percentage")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

int runCompare(const Invocation &args)
{
    QStringList paths = args.positionals();
    // One folder: a log_dir of several profiling sessions (session/LogDir.h), each a run, the
    // earliest the baseline. Anything else needs two runs, as before.
    std::vector<session::LogSession> sessions;
    if (paths.size() == 1) {
        session::LogDirOptions so;
        so.settleSeconds = 0; // one look: a file still growing fails to load and is said so
        if (QFileInfo(paths.first()).isDir())
            sessions = session::listLogDir(paths.first(), so).sessions;
        if (sessions.size() < 2)
            return args.usageError();
        paths.clear();
        for (const session::LogSession &s : sessions)
            paths << s.folder;
    }
    QStringList labels;
    if (const int rc = readRunLabels(args, paths, &labels); rc != Ok)
        return rc;

    analysis::AnalysisOptions opt;
    if (const int rc = readAnalysisOptions(args, &opt); rc != Ok)
        return rc;

    analysis::CompareOptions co;
    co.align.mode = args.text("align") == QLatin1String("start") ? analysis::AlignMode::Start : analysis::AlignMode::Step;
    co.align.baselineStep = args.integer("step", -1);
    co.scopeToStep = co.align.baselineStep >= 0;
    if (co.scopeToStep && co.align.mode != analysis::AlignMode::Step)
        return args.fail(tr("--step compares one aligned step: it needs --align step"));
    co.foldTemplates = args.isSet("fold-templates");
    const std::size_t top = std::size_t(args.integer("top", 50));

    // Every run at once under one memory budget, as the window opens them (session/RunSet.h).
    session::RunLoadOptions lo;
    lo.threads = args.integer("threads", 0) * int(paths.size()); // --threads is per trace
    lo.rank = args.integer("rank", -1);
    lo.job = &opt; // a folder's job measured under the comparison's options
    std::vector<session::RunSource> sources = session::runSources(paths, labels);
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        sources[i].files = sessions[i].files;
        if (labels.isEmpty())
            sources[i].label = sessions[i].label;
    }
    const session::RunSet set = session::loadRuns(sources, lo);
    if (const QString e = set.firstError(); !e.isEmpty()) {
        printErrorLine(QStringLiteral("lanescope-cli: %1").arg(e));
        return Unreadable;
    }
    const std::size_t n = set.runs.size();

    std::vector<analysis::TraceRun> in;
    for (const session::LoadedRun &r : set.runs)
        in.push_back({r.source.label, r.source.path, r.trace.get(), r.job});
    analysis::TracesComparison tc = analysis::compareTraces(in, opt, co);
    if (!tc.error.isEmpty())
        return args.fail(tc.error);
    // What a folder run is measured through, and what its folder said, ahead of the runs' own warnings.
    QStringList folderWarnings;
    for (const session::LoadedRun &l : set.runs) {
        if (!l.job)
            continue;
        const int ranks = int(l.job->ranks);
        folderWarnings << (ranks == 1 ? QCoreApplication::translate("cli", "%1: a job of %n rank; its timeline, waterfall and differences are rank %2's%3, "
                                                                   "the job_* rows the whole job's", nullptr, ranks)
                                      : QCoreApplication::translate("cli", "%1: a job of %n ranks; its timeline, waterfall and differences are rank %2's%3, "
                                                                   "the job_* rows the whole job's", nullptr, ranks))
                              .arg(l.source.label)
                              .arg(l.job->rank)
                              .arg(l.job->slowestRank == l.job->rank ? tr(" (its slowest)") : QString());
        for (const QString &w : l.warnings)
            folderWarnings << QStringLiteral("%1: %2").arg(l.source.label, w);
    }
    tc.result.warnings = folderWarnings + tc.result.warnings;
    std::vector<analysis::CompareRun> runs;
    for (std::size_t i = 0; i < n; ++i)
        runs.push_back({set.runs[i].source.label, set.runs[i].source.path, set.runs[i].trace.get(), &tc.analyses[i], set.runs[i].job});
    const analysis::ComparisonResult &c = tc.result;
    // Every figure that varies by step, judged over every rank's complete steps (a folder: its
    // whole job) against the baseline's, with its interval and p-value (StepStats.h: the one
    // judgement the window shows). One aligned step (--step): nothing to judge.
    StepChanges stats(n);
    std::vector<analysis::FigureChanges> changes(n);
    std::vector<analysis::StepSamples> samples(n);
    if (!co.scopeToStep) {
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<const Trace *> traces;
            if (set.runs[i].ranks)
                for (const RankFile &r : *set.runs[i].ranks)
                    traces.push_back(r.trace.get());
            else
                traces.push_back(set.runs[i].trace.get());
            const analysis::RunFigures &f = tc.analyses[i].figures;
            std::optional<analysis::MfuAtStep> mfu;
            if (f.mfuPct && f.stepTimeNs)
                mfu = analysis::MfuAtStep{*f.mfuPct, *f.stepTimeNs / 1000.0};
            samples[i] = analysis::stepSamples(traces, opt, mfu);
        }
        changes = analysis::judgeRuns(samples);
        for (std::size_t i = 1; i < n; ++i)
            stats[i] = changes[i]["step_time_us"];
    }
    if (args.isSet("json"))
        writeJson(runs, c, top, changes);
    else
        writeText(c, top, stats);
    if (args.isSet("fail-if-slower")) {
        const double limit = args.number("fail-if-slower", 0);
        const double base = analysis::sampleMedian(samples[0].stepTimeUs);
        for (std::size_t i = 1; i < n; ++i) {
            const analysis::ChangeStats &st = stats[i];
            if (!st.significant) {
                // Not a pass by silence: a CI log says why this run was not judged.
                printErrorLine(tr("lanescope-cli: note: %1 has too few complete steps (with the baseline) to tell its step time from "
                                  "noise; --fail-if-slower does not judge it")
                                   .arg(c.runs[i].label));
                continue;
            }
            if (!*st.significant || !st.change || *st.change <= 0 || base <= 0)
                continue;
            const double pct = 100 * *st.change / base;
            if (pct > limit) {
                printErrorLine(tr("lanescope-cli: %1's step time is %2 % slower than %3's (median %4 -> %5 ms, 95 % CI +%6 to +%7 ms, "
                                  "p = %8), more than --fail-if-slower %9 %")
                                   .arg(c.runs[i].label)
                                   .arg(pct, 0, 'f', 1)
                                   .arg(c.runs[0].label, ms(base * 1000), ms((base + *st.change) * 1000), ms(*st.ci95Low * 1000),
                                        ms(*st.ci95High * 1000))
                                   .arg(*st.pValue, 0, 'g', 3)
                                   .arg(limit));
                return 1;
            }
        }
    }
    return Ok;
}

} // namespace lanescope::cli
