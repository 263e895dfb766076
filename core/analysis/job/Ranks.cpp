// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/job/Ranks.h"

#include "core/analysis/compare/Compare.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/text/FigureText.h"
#include "core/io/FolderLoad.h"
#include "core/util/Parallel.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <thread>
#include <tuple>

namespace lanescope::analysis {
namespace {

// lupdate files Text::tr() strings under the "analysis" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

// Ranks of one job agree closely (the synthetic 7B job's ranks differ by 0.002 % in step time and
// 1 % in exposed communication), so 2 MADs alone names ranks a fraction of a percent off: a rank
// must also be this far from the median, relative to it, to be an outlier.
constexpr double kOutlierFloor = 0.01;

double pct(TimeNs part, TimeNs whole) { return whole > 0 ? 100.0 * double(part) / double(whole) : 0.0; }

// MFU inputs applied to a step time, as the comparison does (Compare.cpp).
MfuResult mfuForStep(int worldSize, double stepNs, const MfuInputs &in, double tablePeak)
{
    const double peak = in.peakTflops > 0 ? in.peakTflops : tablePeak;
    if (!(stepNs > 0) || in.params <= 0 || in.tokensPerStep <= 0)
        return {};
    const double world = worldSize > 0 ? worldSize : 1;
    const double perGpu = in.tokensGlobal ? in.tokensPerStep / world : in.tokensPerStep;
    MfuResult r = computeMfu(in.params, perGpu / (stepNs / 1e9), peak);
    r.stepS = stepNs / 1e9;
    r.worldSize = int(world);
    return r;
}

RankFigures figuresOf(const RankFile &f, const AnalysisOptions &options)
{
    RankFigures r;
    r.rank = f.rank;
    r.path = f.path;
    r.rankGuessed = f.rankGuessed;
    r.analysis = analyze(*f.trace, options);
    const std::vector<Step> complete = completeSteps(r.analysis.steps);
    r.completeSteps = int(complete.size());
    if (!complete.empty()) {
        std::vector<double> durs;
        for (const Step &s : complete)
            durs.push_back(double(s.dur));
        r.stepTimeNs = median(durs);
    }
    for (const Gap &g : r.analysis.gaps) {
        ++r.gapCount;
        r.gapTotalNs += g.dur;
    }
    r.exposedCommNs = r.analysis.temporal.communication - r.analysis.temporal.overlap;
    if (r.stepTimeNs) {
        const MfuResult m = mfuForStep(f.trace->worldSize, *r.stepTimeNs, options.mfu, r.analysis.mfu.peakTflops);
        if (m.valid) {
            r.tokensPerSPerGpu = m.tokensPerSPerGpu;
            r.achievedTflops = m.achievedTflops;
            r.mfuPct = m.mfuPct;
        }
    }
    return r;
}

} // namespace

const std::vector<const char *> &outlierFigures()
{
    // The catalogue's figures of a rank, in the Ranks dock's order, by the key a rank's output
    // spells them with (FigureCatalogue.h: "gaps_total_us", the alias of the gaps' total).
    static const std::vector<const char *> keys = [] {
        std::vector<const char *> k;
        for (const Figure *f : figuresOn(InRanks))
            k.push_back(f->rankKey());
        return k;
    }();
    return keys;
}

std::optional<double> rankFigure(const RankFigures &r, const char *key)
{
    const Figure *f = findFigure(key);
    if (!f || !f->rankValue)
        return std::nullopt;
    return f->jsonValue(f->rankValue(r));
}

std::vector<std::size_t> madOutliers(const std::vector<std::optional<double>> &values)
{
    std::vector<double> v;
    for (const auto &x : values)
        if (x)
            v.push_back(*x);
    std::vector<std::size_t> out;
    if (v.size() < 3) // two ranks are each one MAD from their median: no outlier can be told
        return out;
    const double med = median(v);
    std::vector<double> dev;
    for (double x : v)
        dev.push_back(std::fabs(x - med));
    const double mad = median(dev);
    const double limit = std::max(2.0 * mad, kOutlierFloor * std::fabs(med));
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] && std::fabs(*values[i] - med) > limit)
            out.push_back(i);
    return out;
}

Stragglers findStragglers(const std::vector<std::vector<CollectiveCall>> &calls, const CollectiveMatch &match,
                          const ClockAlignment &clocks, const std::vector<int> &rankNumbers)
{
    Stragglers s;
    std::map<int, StragglerRank> byRank;
    std::vector<int> steps; // of the collectives, counted once (sorted and made unique below)
    for (const MatchedCollective &m : match.collectives) {
        StragglerEvent e;
        e.collective = m.name;
        e.step = m.step;
        e.seq = m.seq;
        TimeNs last = std::numeric_limits<TimeNs>::min(), first = std::numeric_limits<TimeNs>::max();
        std::size_t lastRank = 0;
        for (std::size_t r = 0; r < m.call.size(); ++r) {
            if (m.call[r] < 0)
                continue;
            const TimeNs a = calls[r][std::size_t(m.call[r])].start + clocks.ranks[r].offsetNs();
            if (a > last) { // the lower rank wins a tie: it is first in the list
                last = a;
                lastRank = r;
            }
            first = std::min(first, a);
        }
        for (std::size_t r = 0; r < m.call.size(); ++r) {
            if (m.call[r] < 0 || r == lastRank)
                continue;
            const TimeNs a = calls[r][std::size_t(m.call[r])].start + clocks.ranks[r].offsetNs();
            e.waitedNs += last - a;
            ++e.ranksWaiting;
        }
        e.maxWaitNs = last - first;
        e.rank = rankNumbers[lastRank];
        e.lastArrivalNs = last;
        StragglerRank &br = byRank[e.rank];
        br.ranksWaitingMin = br.rank < 0 ? e.ranksWaiting : std::min(br.ranksWaitingMin, e.ranksWaiting);
        br.ranksWaitingMax = std::max(br.ranksWaitingMax, e.ranksWaiting);
        br.rank = e.rank;
        br.waitedNs += e.waitedNs;
        ++br.timesLast;
        s.totalWaitNs += e.waitedNs;
        if (m.step >= 0)
            steps.push_back(m.step);
        s.events.push_back(std::move(e));
    }
    std::sort(steps.begin(), steps.end());
    s.steps = std::max<int>(1, int(std::unique(steps.begin(), steps.end()) - steps.begin()));
    std::stable_sort(s.events.begin(), s.events.end(), [](const StragglerEvent &a, const StragglerEvent &b) { return a.waitedNs > b.waitedNs; });
    for (auto &[rank, br] : byRank) {
        br.waitedPerStepNs = double(br.waitedNs) / s.steps;
        s.byRank.push_back(br);
    }
    std::stable_sort(s.byRank.begin(), s.byRank.end(), [](const StragglerRank &a, const StragglerRank &b) { return a.waitedNs > b.waitedNs; });
    return s;
}

RankSummary summarizeRank(const RankFile &rank, const AnalysisOptions &options)
{
    RankSummary s;
    const Trace &t = *rank.trace;
    s.figures = figuresOf(rank, options);
    s.calls = findCollectives(t, s.figures.analysis.steps);
    // Sizes the kernels do not carry: their record_param_comms', as the analysis read them (for the
    // kernels it covered).
    std::map<std::pair<std::uint32_t, std::uint32_t>, const CollectiveTransfer *> measured;
    for (const CollectiveTransfer &x : s.figures.analysis.collectives.kernels)
        measured[{x.track, x.slice}] = &x;
    for (CollectiveCall &c : s.calls) {
        if (!c.onGpu || (c.bytes >= 0 && c.groupSize > 0))
            continue;
        const auto it = measured.find({c.track, c.slice});
        if (it == measured.end())
            continue;
        if (c.bytes < 0)
            c.bytes = it->second->bytes;
        if (c.groupSize <= 0)
            c.groupSize = it->second->groupSize;
    }
    s.worldSize = t.worldSize;
    s.backend = t.backend;
    s.pgConfig = t.pgConfig;
    s.baseTimeNs = t.baseTimeNs;
    s.minTs = t.minTs;
    s.mfuInputs = options.mfu;
    s.traceRank = t.rank;
    s.events = t.eventCount;
    s.truncated = t.truncated;
    s.truncatedAtByte = t.truncatedAtByte;
    return s;
}

JobResult analyzeJob(const std::vector<RankFile> &ranks, const JobOptions &options)
{
    std::vector<RankSummary> summaries(ranks.size());
    parallelEach(ranks.size(), threadCount(options.threads), [&](std::size_t i) { summaries[i] = summarizeRank(ranks[i], options.analysis); });
    return reduceJob(std::move(summaries), options);
}

JobResult reduceJob(std::vector<RankSummary> summaries, const JobOptions &options)
{
    JobResult j;
    const std::size_t n = summaries.size();
    if (n == 0)
        return j;
    std::vector<int> numbers;
    std::vector<std::int64_t> bases;
    for (RankSummary &s : summaries) {
        numbers.push_back(s.figures.rank);
        bases.push_back(s.baseTimeNs);
        s.figures.outliers.clear();
        j.ranks.push_back(std::move(s.figures));
        j.calls.push_back(std::move(s.calls));
    }
    j.collectives = matchCollectives(j.calls, numbers);
    j.clocks = alignClocks(bases, j.calls, j.collectives, numbers, options.alignClocks);
    j.stragglers = findStragglers(j.calls, j.collectives, j.clocks, numbers);
    j.transfer = jobCollectives(j.calls, j.collectives, numbers, j.stragglers.steps);

    // Outliers, figure by figure, as the figures are shown: counted in their last shown digit.
    for (const char *key : outlierFigures()) {
        std::vector<std::optional<double>> v;
        std::vector<double> shownValues;
        for (const RankFigures &r : j.ranks) {
            std::optional<double> x = rankFigure(r, key);
            if (x) {
                x = figure::rankCellUnits(key, *x);
                shownValues.push_back(*x);
            }
            v.push_back(x);
        }
        j.job.outlierMedians.push_back(shownValues.empty() ? std::nullopt : std::optional<double>(figure::fromRankCellUnits(key, median(shownValues))));
        for (std::size_t i : madOutliers(v))
            j.ranks[i].outliers.push_back(key);
    }

    // The job's time origin: its first event on the reference clock.
    j.originNs = std::numeric_limits<TimeNs>::max();
    for (std::size_t i = 0; i < n; ++i)
        j.originNs = std::min(j.originNs, summaries[i].minTs + j.clocks.ranks[i].offsetNs());

    // Job figures.
    JobFigures &f = j.job;
    f.ranks = int(n);
    f.worldSize = summaries[0].worldSize;
    std::map<int, JobStep> steps;
    std::map<int, std::vector<bool>> complete; // per step number, per rank: a complete step there
    std::vector<double> rankSteps;
    double slowest = -1;
    for (std::size_t i = 0; i < n; ++i) {
        const RankFigures &r = j.ranks[i];
        const TimeNs off = j.clocks.ranks[i].offsetNs();
        // The rank's complete step numbers, sorted for a binary search per step: a scan of them per
        // step made a job of 80k steps take seconds (quadratic in the steps).
        std::vector<int> done;
        for (const Step &s : completeSteps(r.analysis.steps))
            done.push_back(s.number);
        std::sort(done.begin(), done.end());
        for (const Step &s : r.analysis.steps) {
            JobStep &js = steps[s.number];
            const TimeNs start = s.start + off, end = s.end() + off;
            if (js.ranks == 0) {
                js.number = s.number;
                js.name = s.name;
                js.start = start;
                js.dur = end - start;
            } else {
                const TimeNs e = std::max(js.start + js.dur, end);
                js.start = std::min(js.start, start);
                js.dur = e - js.start;
            }
            ++js.ranks;
            auto &c = complete[s.number];
            if (c.empty())
                c.assign(n, false);
            c[i] = std::binary_search(done.begin(), done.end(), s.number);
        }
        if (r.stepTimeNs) {
            rankSteps.push_back(*r.stepTimeNs);
            if (*r.stepTimeNs > slowest) {
                slowest = *r.stepTimeNs;
                f.slowestRank = r.rank;
            }
        }
        const TemporalBreakdown &t = r.analysis.temporal;
        f.temporal.span += t.span;
        f.temporal.idle += t.idle;
        f.temporal.compute += t.compute;
        f.temporal.nonCompute += t.nonCompute;
        f.temporal.communication += t.communication;
        f.temporal.overlap += t.overlap;
        f.temporal.activities += t.activities;
        f.temporal.definition = t.definition;
        f.temporal.lastStepExcluded = f.temporal.lastStepExcluded || t.lastStepExcluded;
        f.temporal.microsecondRounding = f.temporal.microsecondRounding || t.microsecondRounding;
        f.gapTotalNs += r.gapTotalNs;
        f.gapCount += r.gapCount;
        f.exposedCommNs += r.exposedCommNs;
        f.peakAllocated = std::max(f.peakAllocated, r.analysis.memory.peakAllocated);
        f.peakReserved = std::max(f.peakReserved, r.analysis.memory.peakReserved);
        f.mallocCalls += r.analysis.memory.mallocCalls;
        f.freeCalls += r.analysis.memory.freeCalls;
    }
    f.temporal.idlePct = pct(f.temporal.idle, f.temporal.span);
    f.temporal.computePct = pct(f.temporal.compute, f.temporal.span);
    f.temporal.nonComputePct = pct(f.temporal.nonCompute, f.temporal.span);
    f.temporal.commCompOverlapPct = pct(f.temporal.overlap, f.temporal.communication);
    if (!rankSteps.empty())
        f.medianRankStepTimeNs = median(rankSteps);
    // The job's step runs from the first rank's start to the last rank's end; it is complete
    // where it is complete on every rank.
    std::vector<double> jobDurs;
    for (auto &[number, js] : steps) {
        if (js.ranks != int(n))
            continue;
        f.steps.push_back(js);
        const auto &c = complete[number];
        if (std::all_of(c.begin(), c.end(), [](bool b) { return b; }))
            jobDurs.push_back(double(js.dur));
    }
    if (!jobDurs.empty()) {
        f.stepTimeNs = median(jobDurs);
        f.mfu = mfuForStep(summaries[0].worldSize, *f.stepTimeNs, summaries[0].mfuInputs, j.ranks[0].analysis.mfu.peakTflops);
        f.mfu.gpuName = j.ranks[0].analysis.mfu.gpuName;
        f.mfu.peakSource = j.ranks[0].analysis.mfu.peakSource;
        if (!f.mfu.valid)
            f.mfu.stepS = *f.stepTimeNs / 1e9;
    }

    // Every rank's gaps on the job's clock, in time order. A comm_wait gap names the collective it
    // waited on (Gap::evidenceTrack/Slice, the NCCL kernel): where another rank arrived there last,
    // that rank held this one up by (last arrival - this rank's arrival).
    std::map<std::tuple<std::size_t, std::uint32_t, std::uint32_t>, std::size_t> collectiveOf; // (rank index, track, slice)
    std::vector<std::pair<std::size_t, TimeNs>> lastOf; // per matched collective: last rank index, its arrival
    for (std::size_t m = 0; m < j.collectives.collectives.size(); ++m) {
        const MatchedCollective &mc = j.collectives.collectives[m];
        std::pair<std::size_t, TimeNs> last{0, std::numeric_limits<TimeNs>::min()};
        for (std::size_t r = 0; r < n; ++r) {
            if (mc.call[r] < 0)
                continue;
            const CollectiveCall &c = j.calls[r][std::size_t(mc.call[r])];
            collectiveOf[{r, c.track, c.slice}] = m;
            const TimeNs a = c.start + j.clocks.ranks[r].offsetNs();
            if (a > last.second)
                last = {r, a};
        }
        lastOf.push_back(last);
    }
    struct JobGap
    {
        Gap gap;
        int rank;
        GapStraggler straggler;
    };
    std::vector<JobGap> gaps;
    for (std::size_t i = 0; i < n; ++i)
        for (Gap g : j.ranks[i].analysis.gaps) {
            GapStraggler st;
            if (g.cause == GapCause::CommWait && g.evidenceTrack >= 0) {
                const auto it = collectiveOf.find({i, std::uint32_t(g.evidenceTrack), g.evidenceSlice});
                if (it != collectiveOf.end() && lastOf[it->second].first != i) {
                    const MatchedCollective &mc = j.collectives.collectives[it->second];
                    const CollectiveCall &c = j.calls[i][std::size_t(mc.call[i])];
                    st.rank = j.ranks[lastOf[it->second].first].rank;
                    st.waitNs = lastOf[it->second].second - (c.start + j.clocks.ranks[i].offsetNs());
                }
            }
            g.start += j.clocks.ranks[i].offsetNs();
            gaps.push_back({std::move(g), j.ranks[i].rank, st});
        }
    std::stable_sort(gaps.begin(), gaps.end(), [](const JobGap &a, const JobGap &b) { return a.gap.start < b.gap.start; });
    for (JobGap &g : gaps) {
        j.gaps.push_back(std::move(g.gap));
        j.gapRank.push_back(g.rank);
        j.gapStraggler.push_back(g.straggler);
    }

    // Advice merged by id: the item of the rank where it explains the most idle time.
    std::map<QString, std::size_t> adviceAt;
    for (std::size_t i = 0; i < n; ++i)
        for (const Advice &a : j.ranks[i].analysis.advice) {
            auto it = adviceAt.find(a.id);
            if (it == adviceAt.end()) {
                adviceAt[a.id] = j.advice.size();
                j.advice.push_back(a);
                j.adviceRanks.push_back({j.ranks[i].rank});
            } else {
                if (a.explainedNs > j.advice[it->second].explainedNs)
                    j.advice[it->second] = a;
                j.adviceRanks[it->second].push_back(j.ranks[i].rank);
            }
        }

    j.warnings << j.collectives.warnings << j.clocks.warnings;
    if (j.collectives.collectives.empty() && n > 1)
        j.warnings << Text::tr("no collective is matched across the ranks: clocks are aligned on the trace epoch only and no straggler can be named");
    for (const RankFigures &r : j.ranks)
        for (const QString &w : r.analysis.warnings)
            j.warnings << Text::tr("rank %1: %2").arg(r.rank).arg(w);
    return j;
}

ClockAlignment measureRankClocks(const std::vector<RankFile> &ranks, int threads)
{
    std::vector<std::vector<CollectiveCall>> calls(ranks.size());
    parallelEach(ranks.size(), threadCount(threads), [&](std::size_t i) {
        const Trace &t = *ranks[i].trace;
        calls[i] = findCollectives(t, findSteps(t));
    });
    std::vector<int> numbers;
    std::vector<std::int64_t> bases;
    for (const RankFile &r : ranks) {
        numbers.push_back(r.rank);
        bases.push_back(r.trace->baseTimeNs);
    }
    const CollectiveMatch match = matchCollectives(calls, numbers);
    ClockAlignment a = alignClocks(bases, calls, match, numbers, true);
    a.warnings = match.warnings + a.warnings; // groups left unmatched on some ranks, as analyzeJob reports them
    return a;
}

} // namespace lanescope::analysis
