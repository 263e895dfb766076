#include "TraceLoadJob.h"

#include <exception>

namespace lanescope {

TraceLoadJob::TraceLoadJob(const QString &path, QObject *parent)
    : QObject(parent)
    , m_path(path)
{
}

TraceLoadJob::~TraceLoadJob()
{
    m_cancel.store(true);
    if (m_thread.joinable())
        m_thread.join();
    // A queued result still in the event queue is discarded with this object.
}

void TraceLoadJob::start()
{
    Q_ASSERT(!m_thread.joinable());
    m_running = true;
    m_thread = std::thread([this] {
        LoadOptions options;
        options.cancel = &m_cancel;
        options.progress = [this](double p) { m_progress.store(p); };
        LoadResult result;
        try {
            result = loadTrace(m_path, options);
        } catch (const std::bad_alloc &) {
            result.error = tr("not enough memory to load %1").arg(m_path);
        } catch (const std::exception &e) {
            // The loader promises not to throw; if it does anyway, say so rather than crash.
            result.error = tr("internal error while loading %1: %2").arg(m_path, QString::fromLocal8Bit(e.what()));
        }
        if (!result.trace && m_cancel.load())
            result.cancelled = true;
        std::shared_ptr<const TraceViewIndex> index;
        if (result.trace && !m_cancel.load()) {
            try {
                index = TraceViewIndex::build(*result.trace);
            } catch (const std::bad_alloc &) {
                result.trace.reset();
                result.error = tr("not enough memory to show %1").arg(m_path);
            }
        }
        QMetaObject::invokeMethod(
            this,
            [this, result, index] {
                m_index = index;
                if (m_thread.joinable())
                    m_thread.join(); // the loader thread has nothing left to do but return
                m_running = false;
                emit finished(result);
            },
            Qt::QueuedConnection);
    });
}

} // namespace lanescope
