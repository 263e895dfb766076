// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/LatestRunner.h"

#include <exception>
#include <new>

namespace lanescope {

LatestRunner::LatestRunner(QObject *parent)
    : QObject(parent)
{
}

LatestRunner::~LatestRunner()
{
    if (m_thread.joinable())
        m_thread.join();
    // The queued done() of that run, if posted, is discarded with this object.
}

void LatestRunner::submit(Work work, std::function<Result(const QString &)> failed)
{
    const bool wasBusy = isBusy();
    ++m_generation;
    m_pending.reset();
    if (work) {
        Job job{std::move(work), std::move(failed), m_generation};
        if (m_thread.joinable())
            m_pending = std::move(job); // started when the run in flight comes back
        else
            start(std::move(job));
    }
    if (wasBusy != isBusy())
        emit busyChanged(isBusy());
}

void LatestRunner::start(Job job)
{
    m_thread = std::thread([this, job = std::move(job)] {
        Result result;
        // Whatever the work throws reaches `failed` (and the user, as the dock's message): out
        // of memory said as such, its partial results freed as the stack unwinds; anything else
        // by what it says. Nothing may escape the thread (std::terminate) or leave the dock
        // waiting for a result.
        try {
            result = job.work();
        } catch (const std::bad_alloc &) {
            result = job.failed ? job.failed(tr("not enough memory (what it had taken is freed)")) : nullptr;
        } catch (const std::exception &e) {
            result = job.failed ? job.failed(QString::fromLocal8Bit(e.what())) : nullptr;
        } catch (...) {
            result = job.failed ? job.failed(tr("an unknown error")) : nullptr;
        }
        const quint64 generation = job.generation;
        QMetaObject::invokeMethod(
            this, [this, generation, result] { done(generation, result); }, Qt::QueuedConnection);
    });
}

void LatestRunner::done(quint64 generation, const Result &result)
{
    if (m_thread.joinable())
        m_thread.join(); // the worker has nothing left to do but return
    if (m_pending) {
        Job next = std::move(*m_pending);
        m_pending.reset();
        start(std::move(next));
    }
    if (generation == m_generation)
        deliver(result);
    if (!isBusy())
        emit busyChanged(false);
}

} // namespace lanescope
