// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/session/RunSet.h"

#include "core/analysis/job/JobRun.h"
#include "core/analysis/job/Ranks.h"
#include "core/parse/TraceLoader.h"
#include "core/util/Parallel.h"
#include "core/util/TraceName.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace lanescope::session {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(session)
};

// What a run is expected to take in transient memory and how much file it reads.
struct Estimate
{
    std::uint64_t memory = 0, bytes = 0;
};

Estimate estimateOf(const RunSource &s)
{
    Estimate e;
    if (!s.isFolder) {
        e.memory = estimatedLoadBytes(s.path);
        e.bytes = std::uint64_t(std::max<qint64>(1, QFileInfo(s.path).size()));
        return e;
    }
    for (const QString &f : s.files.isEmpty() ? traceFilesIn(s.path) : s.files) { // paths, not names
        // The folder loader keeps its own budget: its largest file bounds what it takes at once.
        e.memory = std::max(e.memory, estimatedLoadBytes(f));
        e.bytes += std::uint64_t(std::max<qint64>(1, QFileInfo(f).size()));
    }
    e.bytes = std::max<std::uint64_t>(e.bytes, 1);
    return e;
}

// Admits runs while their estimates fit the budget together; one always runs.
class Budget
{
public:
    explicit Budget(std::uint64_t bytes) : m_budget(bytes) {}
    void acquire(std::uint64_t need)
    {
        std::unique_lock<std::mutex> l(m_lock);
        m_free.wait(l, [&] { return m_running == 0 || m_used + need <= m_budget; });
        m_used += need;
        ++m_running;
        m_most = std::max(m_most, m_running);
    }
    void release(std::uint64_t need)
    {
        {
            std::lock_guard<std::mutex> l(m_lock);
            m_used -= need;
            --m_running;
        }
        m_free.notify_all();
    }
    int most() const { return m_most; }

private:
    std::uint64_t m_budget, m_used = 0;
    int m_running = 0, m_most = 0;
    std::mutex m_lock;
    std::condition_variable m_free;
};

void loadFolderRun(LoadedRun &run, const RunLoadOptions &options, int threads, std::uint64_t budget,
                   const std::function<void(double)> &progress)
{
    FolderLoadOptions lo;
    lo.threads = threads;
    lo.memoryBudgetBytes = budget;
    lo.cancel = options.cancel;
    lo.progress = progress;
    lo.files = run.source.files;
    FolderLoadResult f;
    std::shared_ptr<analysis::JobResult> summary;
    if (options.summaryOnly) {
        analysis::JobOptions jo;
        if (options.job)
            jo.analysis = *options.job;
        jo.threads = threads;
        summary = std::make_shared<analysis::JobResult>(analyzeFolder(run.source.path, lo, jo, &f));
    } else {
        f = loadFolder(run.source.path, lo);
    }
    if (f.cancelled)
        return;
    if (!f.error.isEmpty()) {
        run.error = f.error;
        return;
    }
    if (f.ranks.empty()) {
        run.error = Text::tr("%1 holds no rank trace").arg(run.source.path);
        return;
    }
    run.warnings = f.warnings;
    run.concurrency = f.concurrency;
    if (summary) {
        run.summary = std::move(summary);
        run.ranks = std::make_shared<const std::vector<RankFile>>(std::move(f.ranks));
        return;
    }
    std::size_t index = 0;
    if (options.job) {
        analysis::JobOptions jo;
        jo.analysis = *options.job;
        jo.threads = threads;
        const analysis::JobResult job = analysis::analyzeJob(f.ranks, jo);
        const analysis::JobRunPick pick = analysis::pickJobRun(job, options.rank);
        if (!pick.error.isEmpty()) {
            run.error = QStringLiteral("%1: %2").arg(run.source.path, pick.error);
            return;
        }
        index = pick.index;
        run.job = pick.figures;
    } else if (options.rank >= 0) {
        const auto it = std::find_if(f.ranks.begin(), f.ranks.end(), [&](const RankFile &r) { return r.rank == options.rank; });
        if (it == f.ranks.end()) {
            run.error = Text::tr("%1 has no rank %2").arg(run.source.path).arg(options.rank);
            return;
        }
        index = std::size_t(it - f.ranks.begin());
    }
    run.trace = f.ranks[index].trace;
    if (options.rankClocks && !(options.cancel && options.cancel->load()))
        run.clocks = analysis::measureRankClocks(f.ranks, threads);
    run.ranks = std::make_shared<const std::vector<RankFile>>(std::move(f.ranks));
}

} // namespace

std::vector<RunSource> runSources(const QStringList &paths, const QStringList &labels)
{
    const QStringList unique = uniqueRunLabels(paths, labels);
    std::vector<RunSource> out;
    for (int i = 0; i < paths.size(); ++i)
        out.push_back(RunSource{paths.at(i), QFileInfo(paths.at(i)).isDir(), unique.at(i), {}});
    return out;
}

QString RunSet::firstError() const
{
    const QStringList e = errors();
    return e.isEmpty() ? QString() : e.first();
}

QStringList RunSet::errors() const
{
    QStringList out;
    for (const LoadedRun &r : runs)
        if (!r.error.isEmpty())
            out << r.error;
    return out;
}

RunSet loadRuns(const std::vector<RunSource> &sources, const RunLoadOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    RunSet set;
    const std::size_t n = sources.size();
    set.runs.resize(n);
    if (n == 0)
        return set;
    std::vector<Estimate> est(n);
    std::uint64_t totalBytes = 0;
    for (std::size_t i = 0; i < n; ++i) {
        set.runs[i].source = sources[i];
        est[i] = estimateOf(sources[i]);
        totalBytes += est[i].bytes;
    }
    const std::uint64_t budget = options.memoryBudgetBytes > 0 ? options.memoryBudgetBytes : defaultMemoryBudget();
    // Every run at once, each with its share of the cores (as many as fit the budget run together).
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    const int all = options.threads > 0 ? options.threads : cores;
    const int threads = std::max(1, all / int(n));

    std::vector<std::atomic<double>> done(n);
    for (auto &d : done)
        d.store(0.0);
    std::mutex progressLock;
    const auto report = [&](std::size_t i, double p) {
        done[i].store(std::clamp(p, 0.0, 1.0));
        if (!options.progress)
            return;
        double sum = 0;
        for (std::size_t k = 0; k < n; ++k)
            sum += done[k].load() * double(est[k].bytes);
        std::lock_guard<std::mutex> g(progressLock);
        options.progress(sum / double(std::max<std::uint64_t>(totalBytes, 1)));
    };

    Budget gate(budget);
    std::atomic<bool> cancelled{false};
    runOnThreads(n, [&](std::size_t i) {
        LoadedRun &run = set.runs[i];
        // A folder takes its share of the budget, to load several of its ranks at once (its largest
        // file's estimate alone would hold it to one rank at a time).
        const std::uint64_t need = run.source.isFolder ? std::max(std::min(est[i].memory, budget), budget / n)
                                                       : std::min(est[i].memory, budget);
        gate.acquire(need);
        const auto progress = [&, i](double p) { report(i, p); };
        if (!(options.cancel && options.cancel->load())) {
            if (run.source.isFolder) {
                loadFolderRun(run, options, threads, std::max<std::uint64_t>(need, 1), progress);
            } else {
                LoadOptions lo;
                lo.threads = threads;
                lo.cancel = options.cancel;
                lo.progress = progress;
                LoadResult r = loadTrace(run.source.path, lo);
                run.trace = std::move(r.trace);
                if (!run.trace && !r.cancelled)
                    run.error = r.error.isEmpty() ? Text::tr("%1 could not be read").arg(run.source.path) : r.error;
            }
        }
        gate.release(need);
        if (options.cancel && options.cancel->load()) {
            cancelled.store(true);
            return;
        }
        if (run.trace)
            run.steps = analysis::findSteps(*run.trace);
        report(i, 1.0);
    });
    set.cancelled = cancelled.load() || (options.cancel && options.cancel->load());
    set.concurrency = gate.most();
    set.loadSeconds = double(timer.nsecsElapsed()) / 1e9;
    return set;
}

analysis::JobResult analyzeFolder(const QString &folder, FolderLoadOptions load, const analysis::JobOptions &options,
                                  FolderLoadResult *loaded)
{
    // Each rank's summary by its index in the folder's file order: the loads finish in any order.
    std::vector<analysis::RankSummary> byFile;
    std::mutex byFileLock;
    load.keepTraces = false;
    load.onLoaded = [&](std::size_t file, const std::shared_ptr<Trace> &trace) {
        const RankFile rf{trace->path, trace, trace->rank, trace->rank < 0};
        analysis::RankSummary s = analysis::summarizeRank(rf, options.analysis);
        std::lock_guard<std::mutex> g(byFileLock);
        if (byFile.size() <= file)
            byFile.resize(file + 1);
        byFile[file] = std::move(s);
    };
    FolderLoadResult f = loadFolder(folder, load);
    analysis::JobResult job;
    if (f.error.isEmpty() && !f.cancelled) {
        std::vector<analysis::RankSummary> ranks;
        for (const RankFile &rf : f.ranks) {
            analysis::RankSummary s = std::move(byFile[rf.file]);
            s.figures.rank = rf.rank;
            s.figures.rankGuessed = rf.rankGuessed;
            ranks.push_back(std::move(s));
        }
        byFile.clear();
        job = analysis::reduceJob(std::move(ranks), options);
    }
    if (loaded)
        *loaded = std::move(f);
    return job;
}

analysis::Alignment alignRunSet(const RunSet &set, const analysis::AlignOptions &options)
{
    std::vector<const Trace *> traces;
    std::vector<const std::vector<analysis::Step> *> steps;
    for (const LoadedRun &r : set.runs)
        if (r.trace) {
            traces.push_back(r.trace.get());
            steps.push_back(&r.steps);
        }
    return analysis::alignRuns(traces, steps, options);
}

} // namespace lanescope::session
