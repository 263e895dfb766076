// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli info DIR [--json] [--threads N] [--memory-budget-mb N]
// lanescope-cli analyze DIR [analyze's options] [--no-clock-align] [--top-stragglers N] [--memory-budget-mb N] [--json]
// A folder of rank traces. The keys of analyze's object are the one-trace contract
// (docs/architecture.md) for the job as a whole, plus "ranks", "clock_offsets_us", "stragglers" and "job";
// times are µs from the job's first event on the reference rank's clock.
#include "app/cli/FolderCommands.h"

#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"
#include "app/cli/OutputPaths.h"

#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/job/RankSummaryJson.h"
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "core/io/InputFile.h"
#include "core/session/LogDir.h"
#include "core/session/RunSet.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

// lupdate files Text::tr() strings under the "cli" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

double usDur(TimeNs t) { return double(t) / 1000.0; }
QString n(const char *s) { return QString::fromLatin1(s); }

bool isFolder(const Invocation &args) { return !args.positionals().isEmpty() && QFileInfo(args.positionals().first()).isDir(); }

// The options only a folder takes (appended to the one-trace command's).
std::vector<OptionSpec> folderOptions(bool analyze)
{
    std::vector<OptionSpec> o;
    if (analyze) {
        o.push_back(flag({n("no-clock-align")},
                         QT_TRANSLATE_NOOP("cli", "a folder: no clock offsets from matching collectives (ranks placed by their trace epoch only)")));
        o.push_back(integer({n("top-stragglers")}, "N", atLeast(0),
                            QT_TRANSLATE_NOOP("cli", "a folder: collectives listed in stragglers, worst wait first (default 50; 0: all)"),
                            QT_TRANSLATE_NOOP("cli", "--top-stragglers needs a number of rows")));
    }
    if (analyze)
        o.push_back(text({n("summary")}, "OUT.json",
                         QT_TRANSLATE_NOOP("cli", "one trace: write its rank summary for merge (the map step of a job) instead of the analysis "
                                                  "(a symbolic link is refused, not written through)")));
    o.push_back(number({n("memory-budget-mb")}, "N", aboveAtMost(0, kMaxMegabytes),
                       QT_TRANSLATE_NOOP("cli", "a folder: memory the loads running at once may use (default: half of the available memory)"),
                       QT_TRANSLATE_NOOP("cli", "--memory-budget-mb needs a positive number")));
    return o;
}

CommandSpec withFolder(CommandSpec spec, bool analyze)
{
    spec.synopsis.replace(n("TRACE"), n("TRACE|DIR"));
    if (!spec.positionals.empty()) {
        spec.positionals[0].name = n("TRACE|DIR");
        spec.positionals[0].help = QT_TRANSLATE_NOOP("cli", "a trace (.json or .json.gz), or a folder of rank traces (one file per rank)");
    }
    for (OptionSpec &o : folderOptions(analyze))
        spec.options.push_back(std::move(o));
    return spec;
}

int runSummary(const Invocation &args);

// A file given: the folder options make no sense there; otherwise the one-trace command runs as it is.
int runOnFile(const Invocation &args, bool analyze, int (*run)(const Invocation &))
{
    if (analyze && args.isSet("summary"))
        return runSummary(args);
    for (const OptionSpec &o : folderOptions(analyze))
        if (args.isSet(o.names.first().toLatin1().constData()))
            return args.fail(Text::tr("--%1 applies to a folder of rank traces").arg(o.names.first()));
    return run(args);
}

FolderLoadOptions folderLoadOptions(const Invocation &args)
{
    FolderLoadOptions lo;
    lo.threads = args.integer("threads", 0);
    if (args.isSet("memory-budget-mb"))
        lo.memoryBudgetBytes = std::uint64_t(std::llround(args.number("memory-budget-mb", 0) * 1048576.0));
    return lo;
}

FolderLoadResult loadOrReport(const Invocation &args)
{
    FolderLoadResult r = loadFolder(args.positionals().first(), folderLoadOptions(args));
    if (!r.error.isEmpty())
        printErrorLine(QStringLiteral("lanescope-cli: %1").arg(r.error));
    return r;
}

// Where the job's ranks came from: a folder (analyze DIR) or summaries (merge).
struct JobSource
{
    QString folder; // empty: merged from summaries
    int worldSize = -1;
    bool ranksGuessed = false;
    std::vector<RejectedFile> rejected;
    QStringList ignored, warnings;
    double loadSeconds = 0;
    // A log_dir of several sessions (session/LogDir.h): all of them, and the label of the one analysed.
    std::vector<session::LogSession> sessions;
    QString session;
};

JobSource sourceOf(const FolderLoadResult &f)
{
    return {f.folder, f.worldSize, f.ranksGuessed, f.rejected, f.ignored, f.warnings, f.loadSeconds, {}, {}};
}

template <class Source>
void writeLoadFields(JsonWriter &j, const Source &f)
{
    if (f.folder.isEmpty())
        j.field("folder", nullptr);
    else
        j.field("folder", f.folder);
    j.field("world_size", f.worldSize);
    j.field("ranks_guessed", f.ranksGuessed);
    j.array("rejected", [&] {
        for (const RejectedFile &r : f.rejected)
            j.object([&] {
                j.field("path", r.path);
                j.field("reason", r.reason);
            });
    });
    j.array("ignored", [&] {
        for (const QString &i : f.ignored)
            j.value(i);
    });
}

// ---- info DIR -------------------------------------------------------------------------------

void writeInfoJson(const FolderLoadResult &f)
{
    JsonWriter j;
    j.printObject([&] {
        writeLoadFields(j, f);
        j.field("files", f.ranks.size() + f.rejected.size());
        j.field("bytes", f.fileBytes());
        j.field("json_bytes", f.jsonBytes());
        j.field("events", f.events());
        j.field("load_seconds", f.loadSeconds);
        j.field("mb_per_s", f.loadSeconds > 0 ? double(f.jsonBytes()) / 1e6 / f.loadSeconds : 0.0);
        j.field("concurrent_loads", f.concurrency);
        j.field("threads_per_load", f.threadsPerLoad);
        j.field("memory_budget_bytes", f.memoryBudgetBytes);
        j.field("model_bytes", f.modelBytes());
        j.array("ranks", [&] {
            for (const RankFile &r : f.ranks)
                j.object([&] {
                    const Trace &t = *r.trace;
                    j.field("rank", r.rank);
                    j.field("rank_guessed", r.rankGuessed);
                    j.field("path", r.path);
                    j.field("bytes", t.fileBytes);
                    j.field("json_bytes", t.jsonBytes);
                    j.field("gzipped", t.gzipped);
                    j.field("events", t.eventCount);
                    j.field("slices", t.sliceCount());
                    j.field("load_seconds", t.loadSeconds);
                    j.field("threads_used", t.threadsUsed);
                    j.field("world_size", t.worldSize);
                    j.field("model_bytes", t.modelBytes());
                    j.field("truncated", t.truncated);
                    j.array("devices", [&] {
                        for (const auto &d : t.devices)
                            j.object([&] {
                                j.field("id", d.id);
                                j.field("name", d.name);
                            });
                    });
                    j.array("warnings", [&] {
                        for (const QString &w : t.warnings)
                            j.value(w);
                    });
                });
        });
        j.array("warnings", [&] {
            for (const QString &w : f.warnings)
                j.value(w);
        });
        // Last, so the figures cover everything above: what the whole folder holds in memory.
        const std::uint64_t anon = residentAnonymousBytes();
        j.field("anon_rss_bytes", anon);
        j.field("anon_bytes_per_event", f.events() > 0 ? double(anon) / double(f.events()) : 0.0);
    });
}

void writeInfoText(const FolderLoadResult &f)
{
    const int ranks = int(f.ranks.size());
    std::printf("%s\n", qPrintable((ranks == 1 ? Text::tr("%1: %n rank%2, %3 events, %4 of JSON loaded in %5 s (%6 at once, %7 threads each)", nullptr, ranks)
                                                : Text::tr("%1: %n ranks%2, %3 events, %4 of JSON loaded in %5 s (%6 at once, %7 threads each)", nullptr, ranks))
                                       .arg(f.folder)
                                       .arg(f.worldSize > 0 ? Text::tr(" of world size %1").arg(f.worldSize) : QString())
                                       .arg(f.events())
                                       .arg(analysis::figure::bytes(double(f.jsonBytes())))
                                       .arg(f.loadSeconds, 0, 'f', 3)
                                       .arg(f.concurrency)
                                       .arg(f.threadsPerLoad)));
    for (const RankFile &r : f.ranks)
        std::printf("  %s\n", qPrintable(Text::tr("rank %1%2: %3, %4 events, %5, %6 s")
                                             .arg(r.rank)
                                             .arg(r.rankGuessed ? Text::tr(" (guessed)") : QString())
                                             .arg(QFileInfo(r.path).fileName())
                                             .arg(r.trace->eventCount)
                                             .arg(analysis::figure::bytes(double(r.trace->fileBytes)))
                                             .arg(r.trace->loadSeconds, 0, 'f', 3)));
    std::printf("%s\n", qPrintable(Text::tr("model %1 in all, resident anonymous memory %2")
                                       .arg(analysis::figure::bytes(double(f.modelBytes())),
                                            analysis::figure::bytes(double(residentAnonymousBytes())))));
    for (const QString &w : f.warnings)
        std::printf("%s\n", qPrintable(Text::tr("warning: %1").arg(w)));
}

// ---- analyze DIR ----------------------------------------------------------------------------

void writeTemporal(JsonWriter &j, const analysis::TemporalBreakdown &t)
{
    j.object("temporal", [&] {
        j.field("definition", analysis::gpuTimeDefinitionName(t.definition));
        j.field("idle_pct", t.idlePct);
        j.field("compute_pct", t.computePct);
        j.field("non_compute_pct", t.nonComputePct);
        j.field("idle_us", usDur(t.idle));
        j.field("compute_us", usDur(t.compute));
        j.field("non_compute_us", usDur(t.nonCompute));
    });
}

void writeMfu(JsonWriter &j, const analysis::MfuResult &m)
{
    j.object("mfu", [&] {
        j.field("step_s", JsonWriter::orNull(m.stepS > 0, m.stepS));
        j.field("tokens_per_s_per_gpu", JsonWriter::orNull(m.valid, m.tokensPerSPerGpu));
        j.field("achieved_tflops", JsonWriter::orNull(m.valid, m.achievedTflops));
        j.field("peak_tflops", JsonWriter::orNull(m.peakTflops > 0, m.peakTflops));
        j.field("mfu_pct", JsonWriter::orNull(m.valid, m.mfuPct));
    });
}

// A figure under its catalogue key and, where older output spelled it otherwise, under that alias
// too (FigureCatalogue.h): "gap_total_us" and "gaps_total_us".
void writeFigureKeys(JsonWriter &j, const char *key, double value)
{
    const analysis::Figure *f = analysis::findFigure(key);
    j.field(f ? f->key : key, value);
    if (f && f->alias)
        j.field(f->alias, value);
}

std::optional<double> usOf(const std::optional<double> &ns)
{
    return ns ? std::optional<double>(*ns / 1000.0) : std::nullopt;
}

// Transfer against skew over the matched collectives (core/analysis/job/JobCollectives.h).
void writeJobCollectives(JsonWriter &j, const analysis::JobCollectives &c)
{
    j.object("collectives", [&] {
        j.field("calls", c.calls);
        j.field("transfer_us", usDur(c.transferNs));
        j.field("skew_us", usDur(c.skewNs));
        j.field("steps", c.steps);
        j.array("by_type", [&] {
            for (const analysis::JobCollectiveType &t : c.byType)
                j.object([&] {
                    j.field("collective", analysis::collectiveKindName(t.kind));
                    j.field("bytes", JsonWriter::orNullCount(t.bytes >= 0, t.bytes));
                    j.field("group_size", JsonWriter::orNullCount(t.groupSize > 0, t.groupSize));
                    j.field("count", t.count);
                    j.field("rank_calls", t.rankCalls);
                    j.field("transfer_us", usDur(t.transferNs));
                    j.field("skew_us", usDur(t.skewNs));
                    j.field("busbw_median_gbps", JsonWriter::orNull(t.busbwMedianGBps >= 0, t.busbwMedianGBps));
                    j.field("busbw_best_gbps", JsonWriter::orNull(t.busbwBestGBps >= 0, t.busbwBestGBps));
                    j.field("rank_busbw_median_gbps", JsonWriter::orNull(t.rankBusbwMedianGBps >= 0, t.rankBusbwMedianGBps));
                });
        });
        j.array("skew_by_rank", [&] {
            for (const analysis::JobCollectiveRank &r : c.byRank)
                j.object([&] {
                    j.field("rank", r.rank);
                    j.field("calls", r.calls);
                    j.field("duration_us", usDur(r.durationNs));
                    j.field("skew_us", usDur(r.skewNs));
                    j.field("skew_us_per_step", r.skewPerStepNs / 1000.0);
                });
        });
    });
}

QString sessionStart(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs); }

// Additions where the folder is a log_dir of several sessions: which one is analysed, and all of them.
void writeSessions(JsonWriter &j, const JobSource &f)
{
    if (f.sessions.empty())
        return;
    j.field("session", f.session);
    j.array("sessions", [&] {
        for (const session::LogSession &s : f.sessions)
            j.object([&] {
                j.field("label", s.label);
                j.field("start", sessionStart(s.startMs));
                j.array("files", [&] {
                    for (const QString &p : s.files)
                        j.value(p);
                });
                j.array("ranks", [&] {
                    for (int r : s.ranks)
                        j.value(r);
                });
            });
    });
}

void writeAnalyzeJson(const JobSource &f, const analysis::JobResult &r, std::size_t top, bool aligned)
{
    const TimeNs o = r.originNs;
    JsonWriter j;
    j.printObject([&] {
        writeLoadFields(j, f);
        writeSessions(j, f);
        // The one-trace contract's keys, for the job: sums over the ranks, the job's steps (first
        // rank's start to last rank's end), every rank's gaps, the job's MFU, the largest peak.
        const analysis::JobFigures &jf = r.job;
        writeTemporal(j, jf.temporal);
        j.field("comm_comp_overlap_pct", jf.temporal.commCompOverlapPct);
        j.array("steps", [&] {
            for (const analysis::JobStep &s : jf.steps)
                j.object([&] {
                    j.field("name", s.name);
                    j.field("start_us", usDur(s.start - o));
                    j.field("dur_us", usDur(s.dur));
                });
        });
        j.array("gaps", [&] {
            for (std::size_t k = 0; k < r.gaps.size(); ++k) {
                const analysis::Gap &g = r.gaps[k];
                j.object([&] {
                    j.field("rank", r.gapRank[k]);
                    j.field("device", g.device);
                    j.field("stream", g.stream);
                    j.field("start_us", usDur(g.start - o));
                    j.field("dur_us", usDur(g.dur));
                    j.field("before", g.before);
                    j.field("after", g.after);
                    j.field("cause", analysis::gapCauseName(g.cause));
                    j.field("evidence", g.evidence);
                    // comm_wait: the rank that arrived last at the collective waited on, and this rank's wait for it.
                    const analysis::GapStraggler &st = r.gapStraggler[k];
                    if (st.rank >= 0)
                        j.field("straggler_rank", st.rank);
                    else
                        j.field("straggler_rank", nullptr);
                    j.field("straggler_wait_us", JsonWriter::orNull(st.rank >= 0, usDur(st.waitNs)));
                });
            }
        });
        writeMfu(j, jf.mfu);
        j.object("memory", [&] {
            j.field("peak_allocated_bytes", jf.peakAllocated);
            j.field("peak_reserved_bytes", jf.peakReserved);
            j.field("alloc_calls", jf.mallocCalls);
            j.field("free_calls", jf.freeCalls);
        });
        j.array("advice", [&] {
            for (std::size_t k = 0; k < r.advice.size(); ++k) {
                const analysis::Advice &a = r.advice[k];
                j.object([&] {
                    writeAdviceFields(j, a);
                    j.array("ranks", [&] {
                        for (int rank : r.adviceRanks[k])
                            j.value(rank);
                    });
                });
            }
        });
        j.array("warnings", [&] {
            for (const QString &w : f.warnings)
                j.value(w);
            for (const QString &w : r.warnings)
                j.value(w);
        });

        j.array("ranks", [&] {
            for (std::size_t i = 0; i < r.ranks.size(); ++i) {
                const analysis::RankFigures &rf = r.ranks[i];
                const analysis::AnalysisResult &a = rf.analysis;
                j.object([&] {
                    j.field("rank", rf.rank);
                    j.field("path", rf.path);
                    j.field("rank_guessed", rf.rankGuessed);
                    j.field("clock_offset_us", usDur(r.clocks.ranks[i].offsetNs()));
                    writeTemporal(j, a.temporal);
                    j.field("comm_comp_overlap_pct", a.temporal.commCompOverlapPct);
                    j.field("gpu_activity", a.temporal.activities > 0);
                    j.field("step_time_us", usOf(rf.stepTimeNs));
                    j.field("steps", a.steps.size());
                    j.field("complete_steps", rf.completeSteps);
                    // The figure's key and, for output read by older consumers, its alias (FigureCatalogue.h).
                    writeFigureKeys(j, "gap_total_us", usDur(rf.gapTotalNs));
                    j.field("gap_count", rf.gapCount);
                    j.field("exposed_comm_us", usDur(rf.exposedCommNs));
                    j.field("peak_allocated_bytes", a.memory.peakAllocated);
                    j.field("peak_reserved_bytes", a.memory.peakReserved);
                    j.field("tokens_per_s_per_gpu", rf.tokensPerSPerGpu);
                    j.field("achieved_tflops", rf.achievedTflops);
                    j.field("mfu_pct", rf.mfuPct);
                    j.field("collectives", r.calls[i].size());
                    // Times on the job's clock, from its first event, like the gaps.
                    writeLaunchFields(j, a, o - r.clocks.ranks[i].offsetNs());
                    writeCriticalPath(j, a.criticalPath, false); // its figures; the map-reduce summary keeps no more
                    j.array("outliers", [&] {
                        for (const char *k : rf.outliers)
                            j.value(k);
                    });
                    j.array("warnings", [&] {
                        for (const QString &w : a.warnings)
                            j.value(w);
                    });
                });
            }
        });
        j.object("clock_offsets_us", [&] {
            for (std::size_t i = 0; i < r.ranks.size(); ++i)
                j.field(QByteArray::number(r.ranks[i].rank).constData(), usDur(r.clocks.ranks[i].offsetNs()));
        });
        j.object("clock", [&] {
            j.field("reference_rank", r.ranks[std::size_t(r.clocks.reference)].rank);
            j.field("collective_alignment", aligned);
            j.field("matched_by", r.collectives.collectives.empty() ? "none" : r.collectives.bySeq ? "seq" : "order");
            j.field("collectives_matched", r.collectives.collectives.size());
            j.array("ranks", [&] {
                for (std::size_t i = 0; i < r.ranks.size(); ++i) {
                    const analysis::RankClock &c = r.clocks.ranks[i];
                    j.object([&] {
                        j.field("rank", r.ranks[i].rank);
                        j.field("source", analysis::clockSourceName(c.source));
                        j.field("epoch_offset_us", usDur(c.epochNs));
                        j.field("collective_offset_us", usDur(c.collectiveNs));
                        j.field("offset_us", usDur(c.offsetNs()));
                        j.field("matched", c.matched);
                        j.field("spread_us", usDur(c.spreadNs));
                    });
                }
            });
        });
        const analysis::Stragglers &s = r.stragglers;
        j.array("stragglers", [&] {
            for (std::size_t k = 0; k < s.events.size() && (top == 0 || k < top); ++k) {
                const analysis::StragglerEvent &e = s.events[k];
                j.object([&] {
                    j.field("rank", e.rank);
                    j.field("collective", e.collective);
                    j.field("step", e.step);
                    j.field("waited_us", usDur(e.waitedNs));
                    j.field("max_wait_us", usDur(e.maxWaitNs));
                    j.field("ranks_waiting", e.ranksWaiting);
                    j.field("arrival_us", usDur(e.lastArrivalNs - o));
                });
            }
        });
        j.array("straggler_ranks", [&] {
            for (const analysis::StragglerRank &br : s.byRank)
                j.object([&] {
                    j.field("rank", br.rank);
                    j.field("waited_us", usDur(br.waitedNs));
                    j.field("waited_us_per_step", br.waitedPerStepNs / 1000.0);
                    j.field("ranks_waiting", br.ranksWaitingMax); // whose waits are summed (fewer at a collective a rank missed)
                    j.field("ranks_waiting_min", br.ranksWaitingMin);
                    j.field("times_last", br.timesLast);
                });
        });
        j.object("job", [&] {
            j.field("ranks", jf.ranks);
            j.field("world_size", jf.worldSize);
            j.field("step_time_us", usOf(jf.stepTimeNs));
            j.field("median_rank_step_time_us", usOf(jf.medianRankStepTimeNs));
            j.field("slowest_rank", jf.slowestRank);
            j.field("idle_pct", jf.temporal.idlePct);
            j.field("comm_comp_overlap_pct", jf.temporal.commCompOverlapPct);
            writeFigureKeys(j, "gap_total_us", usDur(jf.gapTotalNs));
            j.field("gap_count", jf.gapCount);
            j.field("exposed_comm_us", usDur(jf.exposedCommNs));
            j.field("peak_allocated_bytes", jf.peakAllocated);
            j.field("mfu_pct", JsonWriter::orNull(jf.mfu.valid, jf.mfu.mfuPct));
            j.field("collectives_matched", r.collectives.collectives.size());
            j.field("straggler_wait_us", usDur(s.totalWaitNs));
            j.field("straggler_wait_us_per_step", usDur(s.totalWaitNs) / s.steps);
            j.field("straggler_steps", s.steps);
            // The rank the others wait for (straggler_ranks' first) and its wait, as the GUI's headline says them.
            const bool anyStraggler = !s.byRank.empty();
            j.field("straggler_rank", anyStraggler ? s.byRank.front().rank : -1);
            j.field("straggler_rank_wait_us_per_step", JsonWriter::orNull(anyStraggler, anyStraggler ? s.byRank.front().waitedPerStepNs / 1000.0 : 0.0));
            j.field("straggler_rank_ranks_waiting", anyStraggler ? s.byRank.front().ranksWaitingMax : 0);
            j.field("load_seconds", f.loadSeconds);
            writeJobCollectives(j, r.transfer);
        });
    });
}

QString figure(const std::optional<double> &v, int decimals) { return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-"); }

void writeAnalyzeText(const JobSource &f, const analysis::JobResult &r, std::size_t top)
{
    const analysis::JobFigures &jf = r.job;
    const int ranks = int(r.ranks.size());
    std::printf("%s\n", qPrintable((ranks == 1 ? Text::tr("%1: %n rank%2, loaded in %3 s", nullptr, ranks) : Text::tr("%1: %n ranks%2, loaded in %3 s", nullptr, ranks))
                                       .arg(f.folder.isEmpty() ? Text::tr("merged summaries") : f.folder)
                                       .arg(f.worldSize > 0 ? Text::tr(" of world size %1").arg(f.worldSize) : QString())
                                       .arg(f.loadSeconds, 0, 'f', 2)));
    if (!f.sessions.empty()) {
        const int sessions = int(f.sessions.size());
        std::printf("%s\n", qPrintable((sessions == 1 ? Text::tr("%n session in this log_dir; analysed: the latest, %1", nullptr, sessions)
                                                       : Text::tr("%n sessions in this log_dir; analysed: the latest, %1", nullptr, sessions))
                                           .arg(f.session)));
        for (const session::LogSession &s : f.sessions) {
            const int files = int(s.files.size());
            std::printf("  %s\n", qPrintable((files == 1 ? Text::tr("%1  started %2, %n file", nullptr, files) : Text::tr("%1  started %2, %n files", nullptr, files))
                                                .arg(s.label, sessionStart(s.startMs))));
        }
    }
    for (const QString &w : f.warnings)
        std::printf("%s\n", qPrintable(Text::tr("warning: %1").arg(w)));
    for (const QString &w : r.warnings)
        std::printf("%s\n", qPrintable(Text::tr("warning: %1").arg(w)));

    std::printf("\n%s\n", qPrintable(Text::tr("clock offsets, added to each rank's times (reference: rank %1; %2 collectives matched by %3):")
                                         .arg(r.ranks[std::size_t(r.clocks.reference)].rank)
                                         .arg(r.collectives.collectives.size())
                                         .arg(r.collectives.bySeq ? Text::tr("sequence number") : Text::tr("order within the step"))));
    for (std::size_t i = 0; i < r.ranks.size(); ++i) {
        const analysis::RankClock &c = r.clocks.ranks[i];
        if (c.source != analysis::RankClock::Source::Collectives) {
            std::printf("  %s\n", qPrintable(Text::tr("rank %1: %2 µs (%3)")
                                                 .arg(r.ranks[i].rank)
                                                 .arg(usDur(c.offsetNs()), 0, 'f', 3)
                                                 .arg(QLatin1String(analysis::clockSourceName(c.source)))));
            continue;
        }
        std::printf("  %s\n", qPrintable(Text::tr("rank %1: %2 µs (%3; %4 collectives, median deviation %5 µs)")
                                             .arg(r.ranks[i].rank)
                                             .arg(usDur(c.offsetNs()), 0, 'f', 3)
                                             .arg(QLatin1String(analysis::clockSourceName(c.source)))
                                             .arg(c.matched)
                                             .arg(usDur(c.spreadNs), 0, 'f', 3)));
    }

    std::printf("\n%s\n", qPrintable(Text::tr("per rank (* more than 2 MADs from the median):")));
    std::printf("  %-6s %12s %8s %10s %14s %16s %10s %7s\n", "rank", "step ms", "idle %", "overlap %", "GEMM gaps ms",
                "exposed comm ms", "peak GiB", "MFU %");
    for (const analysis::RankFigures &rf : r.ranks) {
        const auto cell = [&](const char *key, double scale, int decimals) {
            const std::optional<double> v = analysis::rankFigure(rf, key);
            QString s = v ? QString::number(*v * scale, 'f', decimals) : QStringLiteral("-");
            if (std::find_if(rf.outliers.begin(), rf.outliers.end(), [&](const char *k) { return std::string_view(k) == key; }) != rf.outliers.end())
                s += QLatin1Char('*');
            return s;
        };
        std::printf("  %-6s %12s %8s %10s %14s %16s %10s %7s\n", qPrintable(QString::number(rf.rank)),
                    qPrintable(cell("step_time_us", 1e-3, 2)), qPrintable(cell("idle_pct", 1, 2)),
                    qPrintable(cell("comm_comp_overlap_pct", 1, 2)), qPrintable(cell("gaps_total_us", 1e-3, 1)),
                    qPrintable(cell("exposed_comm_us", 1e-3, 1)), qPrintable(cell("peak_allocated_bytes", 1.0 / double(1ll << 30), 2)),
                    qPrintable(cell("mfu_pct", 1, 1)));
    }

    std::printf("\n%s\n", qPrintable(Text::tr("job: step %1 ms (median over the job's complete steps, first rank's start to last rank's end), "
                                             "slowest rank by median step time %2; %3; MFU %4")
                                         .arg(figure(jf.stepTimeNs ? std::optional<double>(*jf.stepTimeNs / 1e6) : std::nullopt, 2))
                                         .arg(jf.slowestRank)
                                         .arg(jf.temporal.activities == 0 ? Text::tr("no GPU activity")
                                                                          : Text::tr("GPU idle %1%, overlap %2%")
                                                                                .arg(jf.temporal.idlePct, 0, 'f', 2)
                                                                                .arg(jf.temporal.commCompOverlapPct, 0, 'f', 2))
                                         .arg(jf.mfu.valid ? QStringLiteral("%1%").arg(jf.mfu.mfuPct, 0, 'f', 1) : Text::tr("unknown (give --params and --tokens-per-step)"))));

    const analysis::Stragglers &s = r.stragglers;
    if (s.events.empty()) {
        std::printf("%s\n", qPrintable(Text::tr("stragglers: no collective matched across the ranks")));
        return;
    }
    std::printf("\n%s\n", qPrintable(Text::tr("stragglers (the last rank to arrive at a collective; the others' waits summed):")));
    for (const analysis::StragglerRank &br : s.byRank)
        std::printf("  %s\n", qPrintable((br.ranksWaitingMax == 1 ? Text::tr("rank %1 made the others wait %2 ms per step, summed over %3 other rank (last at %4 of %5 collectives)")
                                                                     : Text::tr("rank %1 made the others wait %2 ms per step, summed over %3 other ranks (last at %4 of %5 collectives)"))
                                             .arg(br.rank)
                                             .arg(br.waitedPerStepNs / 1e6, 0, 'f', 3)
                                             .arg(br.ranksWaitingMin == br.ranksWaitingMax ? QString::number(br.ranksWaitingMax)
                                                                                           : QStringLiteral("%1-%2").arg(br.ranksWaitingMin).arg(br.ranksWaitingMax))
                                             .arg(br.timesLast)
                                             .arg(s.events.size())));
    std::printf("%s\n", qPrintable(Text::tr("worst waits:")));
    for (std::size_t k = 0; k < s.events.size() && k < (top == 0 ? s.events.size() : std::min<std::size_t>(top, 10)); ++k) {
        const analysis::StragglerEvent &e = s.events[k];
        std::printf("  %s\n", qPrintable((e.ranksWaiting == 1 ? Text::tr("step %1 %2: rank %3 last; %4 rank waited %5 ms in all, the first %6 ms")
                                                                 : Text::tr("step %1 %2: rank %3 last; %4 ranks waited %5 ms in all, the first %6 ms"))
                                             .arg(e.step)
                                             .arg(e.collective)
                                             .arg(e.rank)
                                             .arg(e.ranksWaiting)
                                             .arg(double(e.waitedNs) / 1e6, 0, 'f', 3)
                                             .arg(double(e.maxWaitNs) / 1e6, 0, 'f', 3)));
    }
}

// The analyze options a folder takes; the others are about one trace's window or its file.
bool folderTakes(const QString &option)
{
    static const QStringList ok = {n("gap-ms"), n("gap-kernels"), n("params"), n("tokens-per-step"), n("tokens-global"),
                                   n("peak-tflops"), n("hta"), n("threads"), n("json"), n("no-clock-align"), n("top-stragglers"),
                                   n("memory-budget-mb"), n("summary")};
    return ok.contains(option);
}

// The analysis options a folder (and a summary) is analysed with. Returns Ok or the exit code.
int readJobOptions(const Invocation &args, analysis::JobOptions *jo, const char *what)
{
    for (const OptionSpec &o : analyzeOrFolderArguments().options)
        if (!folderTakes(o.names.first()) && args.isSet(o.names.first().toLatin1().constData()))
            return args.fail(Text::tr("--%1 applies to one trace, not %2").arg(o.names.first(), Text::tr(what)));
    if (const int rc = readAnalysisOptions(args, &jo->analysis); rc != Ok)
        return rc;
    jo->alignClocks = !args.isSet("no-clock-align");
    jo->threads = args.integer("threads", 0);
    return Ok;
}

int runAnalyzeFolder(const Invocation &args)
{
    if (args.isSet("summary"))
        return args.fail(Text::tr("--summary writes one rank's summary: give it a trace, not a folder"));
    analysis::JobOptions jo;
    if (const int rc = readJobOptions(args, &jo, QT_TRANSLATE_NOOP("cli", "a folder")); rc != Ok)
        return rc;
    const std::size_t top = std::size_t(args.integer("top-stragglers", 50));
    // Map and reduce in one process, as `analyze RANKFILE --summary` and `merge` do across
    // machines (session::analyzeFolder, what the window's summary mode runs too): the job holds one
    // model per load running at once (as many as the memory budget admits), never every rank's.
    // The output is analyze DIR's either way (tst_cluster_recipe).
    // A log_dir of several profiling sessions (or of one in a sub-folder): the latest is analysed,
    // the others listed. One session in the folder itself: the folder as it is.
    const QString dir = args.positionals().first();
    FolderLoadOptions lo = folderLoadOptions(args);
    session::LogDirOptions so;
    so.settleSeconds = 0; // one look: a file still growing fails to load and is said so
    const session::LogDirListing listing = session::listLogDir(dir, so);
    const bool bySession = listing.sessions.size() > 1 || (listing.sessions.size() == 1 && listing.sessions[0].folder != dir);
    QString folder = dir;
    if (bySession) {
        lo.files = listing.sessions.back().files;
        folder = listing.sessions.back().folder;
    }
    FolderLoadResult f;
    const analysis::JobResult r = session::analyzeFolder(folder, lo, jo, &f);
    if (!f.error.isEmpty()) {
        printErrorLine(QStringLiteral("lanescope-cli: %1").arg(f.error));
        return Unreadable;
    }
    JobSource src = sourceOf(f);
    if (bySession) {
        src.sessions = listing.sessions;
        src.session = listing.sessions.back().label;
        for (const RejectedFile &b : listing.bad)
            src.warnings << Text::tr("%1 left out: %2").arg(b.path, b.reason);
    }
    if (args.isSet("json"))
        writeAnalyzeJson(src, r, top, jo.alignClocks);
    else
        writeAnalyzeText(src, r, top);
    return Ok;
}

// analyze RANKFILE --summary OUT.json: the map step, one rank analysed as a folder analyses it.
int runSummary(const Invocation &args)
{
    analysis::JobOptions jo;
    if (const int rc = readJobOptions(args, &jo, QT_TRANSLATE_NOOP("cli", "a rank summary")); rc != Ok)
        return rc;
    if (args.isSet("no-clock-align") || args.isSet("top-stragglers"))
        return args.fail(Text::tr("--no-clock-align and --top-stragglers belong to merge, which reads the summaries"));
    const QString out = args.text("summary");
    if (out.isEmpty())
        return args.fail(Text::tr("--summary needs the file to write"));
    if (const int rc = refuseLinkedOutput(args, out); rc != Ok)
        return rc;
    if (const int rc = refuseOutputClash(args, {{args.positionals().first(), n("TRACE")}}, {{out, n("--summary")}}); rc != Ok)
        return rc;
    const std::shared_ptr<Trace> trace = loadTraceOrReport(args.positionals().first(), args.integer("threads", 0));
    if (!trace)
        return Unreadable;
    RankFile rf{args.positionals().first(), trace, trace->rank, trace->rank < 0};
    const analysis::RankSummary summary = analysis::summarizeRank(rf, jo.analysis);
    const std::string bytes = analysis::rankSummaryToJson(summary);
    QSaveFile f(out);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !f.commit())
        return args.fail(Text::tr("cannot write %1: %2").arg(out, f.errorString()), Unreadable);
    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("summary", out);
            j.field("path", rf.path);
            j.field("rank", trace->rank);
            j.field("collectives", summary.calls.size());
            j.field("bytes", bytes.size());
        });
    } else {
        std::printf("%s\n", qPrintable(Text::tr("wrote %1 (%2, %3 collectives)").arg(out, rf.path).arg(summary.calls.size())));
    }
    return Ok;
}

} // namespace

CommandSpec infoOrFolderArguments() { return withFolder(infoArguments(), false); }

int runInfoOrFolder(const Invocation &args)
{
    if (!isFolder(args))
        return runOnFile(args, false, runInfo);
    const FolderLoadResult f = loadOrReport(args);
    if (!f.error.isEmpty())
        return Unreadable;
    if (args.isSet("json"))
        writeInfoJson(f);
    else
        writeInfoText(f);
    return Ok;
}

CommandSpec analyzeOrFolderArguments() { return withFolder(analyzeArguments(), true); }

int runAnalyzeOrFolder(const Invocation &args)
{
    if (!isFolder(args))
        return runOnFile(args, true, runAnalyze);
    return runAnalyzeFolder(args);
}

CommandSpec mergeArguments()
{
    return {
        n("SUMMARY... [--json] [--no-clock-align] [--top-stragglers N]"),
        {{n("SUMMARY"), QT_TRANSLATE_NOOP("cli", "rank summaries written by analyze RANKFILE --summary, one per rank, any order"),
          PositionalSpec::Arity::Many}},
        {
            flag({n("no-clock-align")},
                 QT_TRANSLATE_NOOP("cli", "no clock offsets from matching collectives (ranks placed by their trace epoch only)")),
            integer({n("top-stragglers")}, "N", atLeast(0),
                    QT_TRANSLATE_NOOP("cli", "collectives listed in stragglers, worst wait first (default 50; 0: all)"),
                    QT_TRANSLATE_NOOP("cli", "--top-stragglers needs a number of rows")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

// The reduce step: the summaries ordered and filtered as a folder's traces are, then the same
// reduce as analyze DIR, so the output is analyze DIR's ("folder": null, load_seconds 0).
int runMerge(const Invocation &args)
{
    const QStringList paths = args.positionals();
    if (paths.isEmpty())
        return args.usageError();
    std::vector<analysis::RankSummary> read(std::size_t(paths.size()));
    std::vector<JobMember> members;
    for (int k = 0; k < paths.size(); ++k) {
        // A regular file of bounded size: a FIFO or /dev/zero is refused at once, not waited on or read forever.
        QByteArray bytes;
        QString error;
        if (!io::readSmallFile(paths.at(k), analysis::kMaxRankSummaryBytes, &bytes, &error)) {
            printErrorLine(QStringLiteral("lanescope-cli: %1").arg(error));
            return Unreadable;
        }
        if (!analysis::rankSummaryFromJson(bytes, &read[std::size_t(k)], &error)) {
            printErrorLine(QStringLiteral("lanescope-cli: %1: %2").arg(paths.at(k), error));
            return Unreadable;
        }
        const analysis::RankSummary &s = read[std::size_t(k)];
        JobMember m;
        m.path = s.figures.path;
        m.loaded = true;
        m.rank = s.traceRank;
        m.worldSize = s.worldSize;
        m.backend = s.backend;
        m.pgConfig = s.pgConfig;
        m.events = s.events;
        m.truncated = s.truncated;
        m.truncatedAtByte = s.truncatedAtByte;
        members.push_back(std::move(m));
    }
    // One rank given twice would be counted as two.
    if (const QString twice = analysis::repeatedRankSummary(paths, read); !twice.isEmpty())
        return args.fail(twice);
    const JobOrder order = orderJob(members);
    if (order.members.empty()) {
        printErrorLine(QStringLiteral("lanescope-cli: %1").arg(Text::tr("no rank summary of a job: %1").arg(order.warnings.join(QStringLiteral("; ")))));
        return Unreadable;
    }
    std::vector<analysis::RankSummary> ranks;
    for (std::size_t k = 0; k < order.members.size(); ++k) {
        analysis::RankSummary s = std::move(read[order.members[k]]);
        s.figures.rank = order.ranks[k];
        s.figures.rankGuessed = order.ranksGuessed;
        ranks.push_back(std::move(s));
    }
    analysis::JobOptions jo;
    jo.alignClocks = !args.isSet("no-clock-align");
    const analysis::JobResult r = analysis::reduceJob(std::move(ranks), jo);
    JobSource src;
    src.worldSize = order.worldSize;
    src.ranksGuessed = order.ranksGuessed;
    src.rejected = order.rejected;
    src.warnings = order.warnings;
    const std::size_t top = std::size_t(args.integer("top-stragglers", 50));
    if (args.isSet("json"))
        writeAnalyzeJson(src, r, top, jo.alignClocks);
    else
        writeAnalyzeText(src, r, top);
    return Ok;
}

} // namespace lanescope::cli
