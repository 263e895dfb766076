// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/queue/QueueLength.h"

#include "core/analysis/run/Evidence.h"

#include <algorithm>

namespace lanescope::analysis {

std::vector<QueuePoint> queueSeries(const StreamActivities &s, const LaunchOptions &o)
{
    const std::uint8_t set = o.hta ? kHtaQueue : kLanescopeLaunch;
    // (ts, +1 / -1); HTA concatenates the calls before the activities and sorts by ts, so at equal
    // times the +1 comes first (its quicksort is not stable; this is the stable order).
    struct Change
    {
        TimeNs ts;
        std::int8_t delta;
    };
    std::vector<Change> up, down;
    up.reserve(s.items.size());
    down.reserve(s.items.size());
    for (const LaunchedActivity &a : s.items) {
        if (!(a.sets & set))
            continue;
        up.push_back({a.callStart, +1});
        // An activity that starts (HTA) or ends (ours) before its launch call began is clock skew:
        // it leaves the queue at the launch, so the queue never reads below 0.
        down.push_back({std::max(a.callStart, o.hta ? a.start : a.end), -1});
    }
    if (up.empty())
        return {};
    auto byTs = [](const Change &a, const Change &b) { return a.ts < b.ts; };
    // Calls come in launch order and activities by start: mostly sorted already.
    if (!std::is_sorted(up.begin(), up.end(), byTs))
        std::stable_sort(up.begin(), up.end(), byTs);
    if (!std::is_sorted(down.begin(), down.end(), byTs))
        std::stable_sort(down.begin(), down.end(), byTs);
    // Merged on the fly; at equal times the +1 first (as std::merge takes the first range's).
    std::vector<QueuePoint> out;
    out.reserve(up.size() + down.size());
    std::int32_t q = 0;
    std::size_t i = 0, j = 0;
    while (i < up.size() || j < down.size()) {
        const bool takeUp = j >= down.size() || (i < up.size() && !(down[j].ts < up[i].ts));
        const Change &c = takeUp ? up[i++] : down[j++];
        q += c.delta;
        if (!o.hta && !out.empty() && out.back().ts == c.ts)
            out.back().length = q; // ours: one point per time
        else
            out.push_back({c.ts, q});
    }
    return out;
}

namespace {

StreamQueue summarise(const StreamActivities &s, const std::vector<QueuePoint> &pts, const LaunchOptions &o)
{
    StreamQueue r;
    r.device = s.device;
    r.stream = s.stream;
    if (o.hta) {
        double sum = 0;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            sum += pts[i].length;
            r.max = std::max(r.max, pts[i].length);
            if (i + 1 < pts.size()) {
                if (pts[i].length >= kQueueLimit)
                    r.fullNs += pts[i + 1].ts - pts[i].ts;
                if (pts[i].length <= 0)
                    r.emptyNs += pts[i + 1].ts - pts[i].ts;
            }
        }
        r.count = std::int64_t(pts.size());
        r.mean = pts.empty() ? 0 : sum / double(pts.size());
        r.spanNs = pts.empty() ? 0 : pts.back().ts - pts.front().ts;
        return r;
    }
    // Ours: over time, inside the window.
    const TimeNs from = o.window.empty() ? pts.front().ts : std::max(pts.front().ts, o.window.from);
    const TimeNs to = o.window.empty() ? pts.back().ts : std::min(pts.back().ts, o.window.to);
    double area = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const TimeNs segEnd = i + 1 < pts.size() ? pts[i + 1].ts : pts[i].ts;
        const TimeNs a = std::max(pts[i].ts, from), b = std::min(segEnd, to);
        if (!(pts[i].ts >= from && pts[i].ts <= to) && b <= a)
            continue; // neither a change inside the window nor in force during it
        ++r.count;
        r.max = std::max(r.max, pts[i].length);
        if (b > a) {
            area += double(pts[i].length) * double(b - a);
            if (pts[i].length >= kQueueLimit)
                r.fullNs += b - a;
            if (pts[i].length <= 0)
                r.emptyNs += b - a;
        }
    }
    r.spanNs = std::max<TimeNs>(0, to - from);
    r.mean = to > from ? area / double(to - from) : 0;
    return r;
}

} // namespace

std::vector<StreamQueue> queueLengths(const ActivityView &view, const LaunchOptions &o)
{
    std::vector<StreamQueue> out;
    for (const StreamActivities &s : view.streams) {
        const std::vector<QueuePoint> pts = queueSeries(s, o);
        if (pts.empty())
            continue;
        StreamQueue q = summarise(s, pts, o);
        if (!o.hta && q.count == 0)
            continue;
        const std::uint8_t set = o.hta ? kHtaQueue : kLanescopeLaunch;
        for (const LaunchedActivity &a : s.items)
            q.startBeforeLaunch += (a.sets & set) && a.start < a.callStart;
        out.push_back(q);
    }
    return out;
}

std::vector<std::vector<QueuePoint>> queueSeriesByTrack(const Trace &trace)
{
    std::vector<std::vector<QueuePoint>> out(trace.tracks.size());
    const detail::EvidenceIndex ix(trace);
    const LaunchOptions o; // ours, the whole trace
    const ActivityView view = launchedActivities(ix, o);
    for (const StreamActivities &s : view.streams) {
        std::vector<QueuePoint> pts = queueSeries(s, o);
        if (pts.empty())
            continue;
        // The stream's tracks (one, unless a trace splits a stream over lanes): each gets the series.
        std::vector<std::uint32_t> tracks;
        for (const LaunchedActivity &a : s.items)
            if (tracks.empty() || tracks.back() != a.track)
                if (std::find(tracks.begin(), tracks.end(), a.track) == tracks.end())
                    tracks.push_back(a.track);
        for (std::size_t k = 0; k + 1 < tracks.size(); ++k)
            out[tracks[k]] = pts;
        out[tracks.back()] = std::move(pts);
    }
    return out;
}

} // namespace lanescope::analysis
