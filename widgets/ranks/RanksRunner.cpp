// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ranks/RanksRunner.h"

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

void RanksRunner::request(RanksInput input)
{
    if (input.ranks.empty()) {
        submit(nullptr, nullptr);
        return;
    }
    auto in = std::make_shared<const RanksInput>(std::move(input));
    submit(
        [in]() -> Result {
            auto r = std::make_shared<RanksResult>();
            r->job = analysis::analyzeJob(in->ranks, in->options);
            r->eventSpans = stragglerSpans(r->job);
            return r;
        },
        [](const QString &message) -> Result {
            // analyzeJob() does not throw by design; should it (out of memory), say so in the result.
            auto r = std::make_shared<RanksResult>();
            r->error = tr("internal error in the analysis of the ranks: %1").arg(message);
            return r;
        });
}

void RanksRunner::deliver(const Result &result)
{
    emit finished(std::static_pointer_cast<const RanksResult>(result));
}

} // namespace lanescope
