// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/RunsLoadJob.h"

#include "core/util/Parallel.h"

#include <new>

#include <exception>

namespace lanescope {

namespace {
constexpr double kLoadShare = 0.9; // of the progress bar; the view indexes take the rest

session::LoadedRun failed(const session::RunSource &source, const QString &error)
{
    session::LoadedRun r;
    r.source = source;
    r.error = error;
    return r;
}
}

RunsLoadJob::RunsLoadJob(std::vector<session::RunSource> sources, Kind kind, QObject *parent)
    : QObject(parent)
    , m_sources(std::move(sources))
    , m_kind(kind)
{
}

void RunsLoadJob::setFolderBudget(std::uint64_t bytes, const analysis::AnalysisOptions &options)
{
    m_plan.budgetBytes = bytes;
    m_summaryOptions = options;
}

RunsLoadJob::~RunsLoadJob()
{
    m_cancel.store(true);
    if (m_thread.joinable())
        m_thread.join();
    // A queued result still in the event queue is discarded with this object.
}

void RunsLoadJob::start()
{
    Q_ASSERT(!m_thread.joinable());
    m_running = true;
    m_thread = std::thread([this] {
        const bool ranksView = m_kind == Kind::Folder && m_sources.size() == 1;
        FolderPlan plan = m_plan;
        if (ranksView) {
            // What the window would keep of every rank, against what it may: the ranks' sum, so a
            // job of many small ranks is judged as one of few large ones.
            const QStringList files = traceFilesIn(m_sources.front().path);
            plan.files = int(files.size());
            for (const QString &path : files)
                plan.shownBytes += estimatedShownBytes(path);
            plan.summary = plan.budgetBytes > 0 && plan.shownBytes > plan.budgetBytes;
        }
        session::RunLoadOptions options;
        options.cancel = &m_cancel;
        // A summary has no view index to build: the load is the whole bar.
        const double loadShare = plan.summary ? 1.0 : kLoadShare;
        options.progress = [this, loadShare](double p) { m_progress.store(p * loadShare); };
        options.rankClocks = ranksView && !plan.summary;
        options.summaryOnly = plan.summary;
        options.job = plan.summary ? &m_summaryOptions : nullptr;
        if (plan.summary)
            options.memoryBudgetBytes = plan.budgetBytes; // the loads at once stay within what the job may take
        session::RunSet set;
        try {
            set = session::loadRuns(m_sources, options);
        } catch (const std::bad_alloc &) {
            set.runs.clear();
            for (const session::RunSource &s : m_sources)
                set.runs.push_back(failed(s, tr("not enough memory to load %1").arg(s.path)));
        } catch (const std::exception &e) {
            // The loader promises not to throw; if it does anyway, say so rather than crash.
            set.runs.clear();
            for (const session::RunSource &s : m_sources)
                set.runs.push_back(failed(s, tr("internal error while loading %1: %2").arg(s.path, QString::fromLocal8Bit(e.what()))));
        }
        if (m_cancel.load())
            set.cancelled = true;
        // What the timeline draws: each run's trace, or with ranksView every rank of the folder.
        std::vector<const Trace *> toIndex;
        std::vector<const std::vector<analysis::Step> *> stepsOf; // found at load: not again for the step bands
        RanksResultPtr summary;
        if (plan.summary && set.runs.size() == 1 && set.runs.front().summary) {
            // The job's figures as the Ranks dock's runner hands them, with where each straggler
            // collective's calls lie (from the summaries' calls: no trace needed).
            auto r = std::make_shared<RanksResult>();
            r->job = std::move(*set.runs.front().summary);
            r->eventSpans = stragglerSpans(r->job);
            set.runs.front().summary.reset(); // moved into the dock's result
            summary = std::move(r);
        } else if (ranksView && set.runs.size() == 1 && set.runs.front().ranks) {
            for (const RankFile &r : *set.runs.front().ranks) {
                toIndex.push_back(r.trace.get());
                stepsOf.push_back(r.trace == set.runs.front().trace ? &set.runs.front().steps : nullptr);
            }
        } else {
            for (const session::LoadedRun &r : set.runs) {
                toIndex.push_back(r.trace.get());
                stepsOf.push_back(&r.steps);
            }
        }
        std::vector<std::shared_ptr<const TraceViewIndex>> built(toIndex.size());
        std::atomic<bool> outOfMemory{false};
        if (!set.cancelled) {
            std::atomic<int> done{0};
            parallelEach(toIndex.size(), threadCount(0), [&](std::size_t i) {
                if (!toIndex[i] || m_cancel.load())
                    return;
                try {
                    built[i] = TraceViewIndex::build(*toIndex[i], stepsOf[i]);
                } catch (const std::bad_alloc &) {
                    outOfMemory = true;
                }
                m_progress.store(kLoadShare + (1 - kLoadShare) * double(++done) / double(toIndex.size()));
            });
        }
        std::vector<std::shared_ptr<const TraceViewIndex>> indexes(set.runs.size()), rankIndexes;
        if (ranksView && set.runs.size() == 1 && set.runs.front().ranks)
            rankIndexes = std::move(built);
        else
            indexes = std::move(built);
        if (outOfMemory)
            for (session::LoadedRun &r : set.runs) {
                r.trace.reset();
                r.ranks.reset();
                r.error = tr("not enough memory to show %1").arg(r.source.path);
            }
        QMetaObject::invokeMethod(
            this,
            [this, set = std::move(set), indexes = std::move(indexes), rankIndexes = std::move(rankIndexes), plan,
             summary = std::move(summary)]() mutable {
                m_result = std::move(set);
                m_plan = plan;
                m_summary = std::move(summary);
                m_indexes = std::move(indexes);
                m_rankIndexes = std::move(rankIndexes);
                if (m_thread.joinable())
                    m_thread.join(); // the loader thread has nothing left to do but return
                m_running = false;
                emit finished();
            },
            Qt::QueuedConnection);
    });
}

} // namespace lanescope
