#include "AnalysisRunner.h"

#include <exception>

namespace lanescope {

AnalysisRunner::AnalysisRunner(QObject *parent)
    : QObject(parent)
{
}

AnalysisRunner::~AnalysisRunner()
{
    if (m_thread.joinable())
        m_thread.join();
    // The queued done() of that run, if posted, is discarded with this object.
}

void AnalysisRunner::request(std::shared_ptr<const Trace> trace, const analysis::AnalysisOptions &options)
{
    const bool wasBusy = isBusy();
    ++m_generation;
    m_pending.reset();
    if (trace) {
        Job job{std::move(trace), options, m_generation};
        if (m_thread.joinable())
            m_pending = std::move(job); // started when the run in flight comes back
        else
            start(std::move(job));
    }
    if (wasBusy != isBusy())
        emit busyChanged(isBusy());
}

void AnalysisRunner::start(Job job)
{
    m_thread = std::thread([this, job = std::move(job)] {
        AnalysisResultPtr result;
        try {
            result = std::make_shared<const analysis::AnalysisResult>(analysis::analyze(*job.trace, job.options));
        } catch (const std::exception &e) {
            // analyze() does not throw by design; should it (out of memory), say so in the result.
            auto r = std::make_shared<analysis::AnalysisResult>();
            r->error = tr("internal error in the analysis: %1").arg(QString::fromLocal8Bit(e.what()));
            result = std::move(r);
        }
        const quint64 generation = job.generation;
        QMetaObject::invokeMethod(
            this, [this, generation, result] { done(generation, result); }, Qt::QueuedConnection);
    });
}

void AnalysisRunner::done(quint64 generation, const AnalysisResultPtr &result)
{
    if (m_thread.joinable())
        m_thread.join(); // the worker has nothing left to do but return
    if (m_pending) {
        Job next = std::move(*m_pending);
        m_pending.reset();
        start(std::move(next));
    }
    if (generation == m_generation)
        emit finished(result);
    if (!isBusy())
        emit busyChanged(false);
}

} // namespace lanescope
