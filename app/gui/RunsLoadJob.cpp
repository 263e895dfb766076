#include "app/gui/RunsLoadJob.h"

#include "core/util/Parallel.h"

#include <exception>

namespace lanescope {

namespace {
constexpr double kLoadShare = 0.9; // of the progress bar; the view indexes take the rest
}

RunsLoadJob::RunsLoadJob(std::vector<session::RunSource> sources, QObject *parent)
    : QObject(parent)
    , m_sources(std::move(sources))
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
        session::RunSet set;
        try {
            set = session::loadRuns(m_sources, options);
        } catch (const std::bad_alloc &) {
            set.runs.clear();
            for (const session::RunSource &s : m_sources)
                set.runs.push_back({s, nullptr, nullptr, std::nullopt, {}, {}, tr("not enough memory to load %1").arg(s.path)});
        } catch (const std::exception &e) {
            // The loader promises not to throw; if it does anyway, say so rather than crash.
            set.runs.clear();
            for (const session::RunSource &s : m_sources)
                set.runs.push_back({s, nullptr, nullptr, std::nullopt, {}, {},
                                    tr("internal error while loading %1: %2").arg(s.path, QString::fromLocal8Bit(e.what()))});
        }
        if (m_cancel.load())
            set.cancelled = true;
        std::vector<std::shared_ptr<const TraceViewIndex>> indexes(set.runs.size());
        if (!set.cancelled) {
            std::atomic<int> built{0};
            runOnThreads(set.runs.size(), [&](std::size_t i) {
                session::LoadedRun &r = set.runs[i];
                if (!r.trace || m_cancel.load())
                    return;
                try {
                    indexes[i] = TraceViewIndex::build(*r.trace);
                } catch (const std::bad_alloc &) {
                    r.trace.reset();
                    r.error = tr("not enough memory to show %1").arg(r.source.path);
                }
                m_progress.store(kLoadShare + (1 - kLoadShare) * double(++built) / double(set.runs.size()));
            });
        }
        QMetaObject::invokeMethod(
            this,
            [this, set = std::move(set), indexes = std::move(indexes)]() mutable {
                m_result = std::move(set);
                m_indexes = std::move(indexes);
                if (m_thread.joinable())
                    m_thread.join(); // the loader thread has nothing left to do but return
                m_running = false;
                emit finished();
            },
            Qt::QueuedConnection);
    });
}

} // namespace lanescope
