#include "ranks/RanksRunner.h"

#include <algorithm>
#include <exception>
#include <limits>
#include <map>
#include <tuple>

namespace lanescope {

std::vector<std::vector<CollectiveSpan>> stragglerSpans(const analysis::JobResult &job)
{
    // findStragglers keeps each event's name, step, Seq and last arrival (reference clock) but not
    // the collective's index: recompute the last arrival of every matched collective the same way
    // and look the events up by it.
    using Key = std::tuple<TimeNs, int, std::int64_t, QString>;
    std::map<Key, std::size_t> byArrival;
    const auto &collectives = job.collectives.collectives;
    for (std::size_t k = 0; k < collectives.size(); ++k) {
        const analysis::MatchedCollective &m = collectives[k];
        TimeNs last = std::numeric_limits<TimeNs>::min();
        for (std::size_t r = 0; r < m.call.size(); ++r)
            if (m.call[r] >= 0)
                last = std::max(last, job.calls[r][std::size_t(m.call[r])].start + job.clocks.ranks[r].offsetNs());
        byArrival.emplace(Key{last, m.step, m.seq, m.name}, k);
    }
    std::vector<std::vector<CollectiveSpan>> out(job.stragglers.events.size());
    for (std::size_t e = 0; e < out.size(); ++e) {
        const analysis::StragglerEvent &ev = job.stragglers.events[e];
        const auto it = byArrival.find(Key{ev.lastArrivalNs, ev.step, ev.seq, ev.collective});
        if (it == byArrival.end())
            continue;
        const analysis::MatchedCollective &m = collectives[it->second];
        for (std::size_t r = 0; r < m.call.size(); ++r) {
            if (m.call[r] < 0)
                continue;
            const analysis::CollectiveCall &c = job.calls[r][std::size_t(m.call[r])];
            out[e].push_back({int(r), c.track, c.slice, c.start, c.end});
        }
    }
    return out;
}

RanksRunner::RanksRunner(QObject *parent)
    : QObject(parent)
{
}

RanksRunner::~RanksRunner()
{
    if (m_thread.joinable())
        m_thread.join();
}

void RanksRunner::request(RanksInput input)
{
    const bool wasBusy = isBusy();
    ++m_generation;
    m_pending.reset();
    if (!input.ranks.empty()) {
        Job job{std::move(input), m_generation};
        if (m_thread.joinable())
            m_pending = std::move(job);
        else
            start(std::move(job));
    }
    if (wasBusy != isBusy())
        emit busyChanged(isBusy());
}

void RanksRunner::start(Job job)
{
    m_thread = std::thread([this, job = std::move(job)] {
        RanksResultPtr result;
        try {
            auto r = std::make_shared<RanksResult>();
            r->job = analysis::analyzeJob(job.input.ranks, job.input.options);
            r->eventSpans = stragglerSpans(r->job);
            result = std::move(r);
        } catch (const std::exception &e) {
            // analyzeJob() does not throw by design; should it (out of memory), say so in the result.
            auto r = std::make_shared<RanksResult>();
            r->error = tr("internal error in the analysis of the ranks: %1").arg(QString::fromLocal8Bit(e.what()));
            result = std::move(r);
        }
        const quint64 generation = job.generation;
        QMetaObject::invokeMethod(
            this, [this, generation, result] { done(generation, result); }, Qt::QueuedConnection);
    });
}

void RanksRunner::done(quint64 generation, const RanksResultPtr &result)
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
