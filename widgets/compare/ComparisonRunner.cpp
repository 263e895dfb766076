#include "compare/ComparisonRunner.h"

#include <exception>

namespace lanescope {

ComparisonRunner::ComparisonRunner(QObject *parent)
    : QObject(parent)
{
}

ComparisonRunner::~ComparisonRunner()
{
    if (m_thread.joinable())
        m_thread.join();
}

void ComparisonRunner::request(ComparisonInput input)
{
    const bool wasBusy = isBusy();
    ++m_generation;
    m_pending.reset();
    if (input.traces.size() >= 2) {
        Job job{std::move(input), m_generation};
        if (m_thread.joinable())
            m_pending = std::move(job);
        else
            start(std::move(job));
    }
    if (wasBusy != isBusy())
        emit busyChanged(isBusy());
}

void ComparisonRunner::start(Job job)
{
    m_thread = std::thread([this, job = std::move(job)] {
        ComparisonPtr result;
        try {
            std::vector<analysis::TraceRun> runs;
            for (std::size_t i = 0; i < job.input.traces.size(); ++i)
                runs.push_back({job.input.labels.value(int(i)), job.input.paths.value(int(i)), job.input.traces[i].get()});
            result = std::make_shared<const analysis::TracesComparison>(
                analysis::compareTraces(runs, job.input.options, job.input.compare));
        } catch (const std::exception &e) {
            auto r = std::make_shared<analysis::TracesComparison>();
            r->error = tr("internal error in the comparison: %1").arg(QString::fromLocal8Bit(e.what()));
            result = std::move(r);
        }
        const quint64 generation = job.generation;
        QMetaObject::invokeMethod(
            this, [this, generation, result] { done(generation, result); }, Qt::QueuedConnection);
    });
}

void ComparisonRunner::done(quint64 generation, const ComparisonPtr &result)
{
    if (m_thread.joinable())
        m_thread.join();
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
