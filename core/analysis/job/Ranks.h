// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The whole job at once: every rank analysed as one trace is (analyze()), the ranks'
// clocks aligned (ClockAlign.h), a per-rank table with its outliers, the stragglers of each
// collective and the job-wide figures. `lanescope-cli analyze DIR` prints it; the GUI's per-rank
// table shows it.
//
// Per-rank figures (the comparison's definitions, Compare.h): step time = median CPU duration
// of the complete ProfilerSteps; idle %, overlap % = HTA's temporal breakdown; GEMM-gap total =
// the listed gaps (15 ms between GEMMs by default); exposed communication = merged communication
// time not overlapped by computation; peak memory = peak allocated bytes; MFU from the step time
// where params and tokens are given. An outlier lies more than 2 MADs (median absolute deviation,
// unscaled) from the ranks' median, and more than 1 % of the median from it: the ranks of one job
// agree so closely that 2 MADs alone would name ranks a fraction of a percent off (and where the
// MAD is 0, every rank not exactly on the median). The figures are compared as a rank table shows
// them (FigureText.h rankCell: 0.1 ms, 0.1 %, 0.01 GiB), so a rank highlighted as an outlier reads
// differently from the ranks' median, never the same number for a difference past the last digit.
//
// Stragglers. For each collective matched across ranks, on the aligned clock: each rank arrives
// when its collective kernel starts (the kernel then spins until every rank is there); the last to
// arrive held the others up, each for (last arrival - its arrival). waited = the sum of those waits
// over the other ranks (GPU time the job lost to it). Summed per late rank and divided by the
// steps the collectives cover: "rank 5 made the others wait 212 ms per step, summed over the 7 other
// ranks". The rank the others wait for is the first of those (Stragglers::byRank); it need not be
// the rank with the longest median step (JobFigures::slowestRank): in a synchronous job every rank's
// step lasts as long as the straggler's, the waits included.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/job/ClockAlign.h"
#include "core/analysis/measures/collectives/Collectives.h"
#include "core/analysis/job/JobCollectives.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace lanescope {
struct RankFile;
}

namespace lanescope::analysis {

struct RankFigures
{
    int rank = -1;
    QString path;
    bool rankGuessed = false;
    AnalysisResult analysis;
    int completeSteps = 0;
    std::optional<double> stepTimeNs;
    TimeNs gapTotalNs = 0;
    int gapCount = 0;
    TimeNs exposedCommNs = 0;
    std::optional<double> tokensPerSPerGpu, achievedTflops, mfuPct;
    std::vector<const char *> outliers; // keys of outlierFigures() this rank is an outlier in
};

// The figures the outlier test looks at: the figure catalogue's figures of a rank
// (FigureCatalogue.h, InRanks), in the Ranks dock's order, by the key a rank's JSON spells them
// with: "step_time_us", "idle_pct", "comm_comp_overlap_pct", "gaps_total_us" (the alias of
// "gap_total_us"), "exposed_comm_us", "peak_allocated_bytes", "mfu_pct".
const std::vector<const char *> &outlierFigures();
// A figure of a rank by key or alias, in the key's unit (unknown: nullopt).
std::optional<double> rankFigure(const RankFigures &r, const char *key);
// Indices of the values more than 2 MADs from their median (unknown values never are).
std::vector<std::size_t> madOutliers(const std::vector<std::optional<double>> &values);

struct StragglerEvent
{
    int rank = -1;         // the last to arrive (rank number)
    QString collective;
    int step = -1;
    std::int64_t seq = -1;
    TimeNs waitedNs = 0;   // sum over the other ranks of their waits
    TimeNs maxWaitNs = 0;  // the first arrival's wait
    int ranksWaiting = 0;
    TimeNs lastArrivalNs = 0; // reference clock
};

struct StragglerRank
{
    int rank = -1;
    TimeNs waitedNs = 0;   // the others' waits on it, over the whole trace
    double waitedPerStepNs = 0;
    int timesLast = 0;
    // How many ranks' waits each of its collectives sums: the other ranks there (fewer where a
    // collective is not matched on every rank), the fewest and the most.
    int ranksWaitingMin = 0, ranksWaitingMax = 0;
};

struct Stragglers
{
    std::vector<StragglerEvent> events; // every matched collective, worst wait first
    std::vector<StragglerRank> byRank;  // ranks that were ever last, most waited-on first
    int steps = 0;                      // steps the collectives lie in (1 when none are in a step)
    TimeNs totalWaitNs = 0;             // every rank's wait on whoever arrived last, over every collective
};

Stragglers findStragglers(const std::vector<std::vector<CollectiveCall>> &calls, const CollectiveMatch &match,
                          const ClockAlignment &clocks, const std::vector<int> &rankNumbers);

struct JobStep
{
    int number = -1;
    QString name;
    TimeNs start = 0, dur = 0; // reference clock: the first rank's start to the last rank's end
    int ranks = 0;             // ranks that have the step
};

struct JobFigures
{
    int ranks = 0;
    int worldSize = -1;
    std::vector<JobStep> steps;       // step numbers every rank has, in order
    std::optional<double> stepTimeNs; // median of the complete job steps
    int slowestRank = -1;             // longest per-rank step time (not the straggler: Stragglers::byRank)
    TemporalBreakdown temporal;       // summed over the ranks (percentages of the sums)
    TimeNs gapTotalNs = 0, exposedCommNs = 0;
    int gapCount = 0;
    std::int64_t peakAllocated = -1, peakReserved = -1; // the largest rank's
    std::int64_t mallocCalls = 0, freeCalls = 0;
    MfuResult mfu; // from the job's step time (valid with params and tokens)
    std::optional<double> medianRankStepTimeNs;
    // Per outlierFigures() key: the ranks' median the outliers are told from, of the figures as a
    // rank table shows them (FigureText.h rankCell), in the key's unit; unknown where no rank has it.
    std::vector<std::optional<double>> outlierMedians;
};

struct JobOptions
{
    AnalysisOptions analysis;
    bool alignClocks = true; // false: epoch only, no collective offsets
    int threads = 0;         // ranks analysed at once; 0: one per core; at most kMaxThreads (util/Parallel.h)
};

// The map step: one rank analysed, with what the reduce step needs of its trace. Holds no trace,
// so `analyze RANKFILE --summary` can write it and `merge` read it back (RankSummaryJson.h).
struct RankSummary
{
    RankFigures figures;                // outliers empty until reduceJob
    std::vector<CollectiveCall> calls;
    int worldSize = -1;
    QString backend;
    QString pgConfig; // Trace::pgConfig
    std::int64_t baseTimeNs = 0;
    TimeNs minTs = 0;
    MfuInputs mfuInputs;                // what the figures were computed with (the job's MFU too)
    // For the job's ordering and filter (FolderLoad's orderJob): what the trace said.
    int traceRank = -1;
    std::uint64_t events = 0;
    bool truncated = false;
    std::uint64_t truncatedAtByte = 0;
};

RankSummary summarizeRank(const RankFile &rank, const AnalysisOptions &options = {});

// Who held up a comm_wait gap: the last rank to arrive at the collective the gap waited on.
struct GapStraggler
{
    int rank = -1;   // -1: none named (not a comm_wait, the collective not matched, or this rank was last)
    TimeNs waitNs = 0; // from this rank's arrival to the last one's
};

struct JobResult
{
    std::vector<RankFigures> ranks; // as given (ordered by rank)
    std::vector<std::vector<CollectiveCall>> calls;
    CollectiveMatch collectives;
    ClockAlignment clocks;
    Stragglers stragglers;
    JobCollectives transfer;        // each matched collective's transfer time and every rank's skew
    JobFigures job;
    std::vector<Gap> gaps;          // every rank's listed gaps on the reference clock, with gapRank
    std::vector<int> gapRank;
    std::vector<GapStraggler> gapStraggler; // per gap
    std::vector<Advice> advice;     // merged by id: the rank whose item explains most; adviceRanks says where else
    std::vector<std::vector<int>> adviceRanks;
    QStringList warnings;           // the job's (clock, matching), then each rank's, prefixed "rank N: "
    TimeNs originNs = 0;            // the job's first event on the reference clock (JSON times count from it)
};

// summarizeRank over every rank (in parallel), then reduceJob.
JobResult analyzeJob(const std::vector<RankFile> &ranks, const JobOptions &options = {});

// The ranks' clocks as analyzeJob measures them (the same steps, collectives and matching), without
// the rest of the analysis: a fraction of a second per rank. Its warnings: the matching's, then the
// clocks'. What the window needs to show a folder's ranks side by side on one clock at once.
ClockAlignment measureRankClocks(const std::vector<RankFile> &ranks, int threads = 0);
// The reduce step over summaries in rank order: matching, clocks, stragglers, outliers, job
// figures. options.analysis is not used (the summaries were made with theirs).
JobResult reduceJob(std::vector<RankSummary> ranks, const JobOptions &options = {});

} // namespace lanescope::analysis
