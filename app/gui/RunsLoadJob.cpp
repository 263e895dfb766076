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

RunsLoadJob::RunsLoadJob(std::vector<session::RunSource> sources, bool ranksView, QObject *parent)
    : QObject(parent)
    , m_sources(std::move(sources))
    , m_ranksView(ranksView)
{
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
        session::RunLoadOptions options;
        options.cancel = &m_cancel;
        options.progress = [this](double p) { m_progress.store(p * kLoadShare); };
        options.rankClocks = m_ranksView;
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
        if (m_ranksView && set.runs.size() == 1 && set.runs.front().ranks) {
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
        if (m_ranksView && set.runs.size() == 1 && set.runs.front().ranks)
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
            [this, set = std::move(set), indexes = std::move(indexes), rankIndexes = std::move(rankIndexes)]() mutable {
                m_result = std::move(set);
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
