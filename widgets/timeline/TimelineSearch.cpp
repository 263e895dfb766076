// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/TimelineSearch.h"

#include <QRegularExpression>

#include <algorithm>
#include <unordered_map>

namespace lanescope {

SearchResult searchSlices(const Trace &trace, const QString &pattern, bool regex)
{
    SearchResult out;
    if (pattern.isEmpty())
        return out;
    std::vector<bool> match(trace.strings.size(), false);
    if (regex) {
        const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            out.error = re.errorString();
            return out;
        }
        for (std::size_t id = 1; id < trace.strings.size(); ++id)
            if (re.match(trace.name(StringId(id))).hasMatch()) {
                match[id] = true;
                ++out.matchingNames;
            }
    } else {
        // Plain text: a case-insensitive search over UTF-8 bytes would miss non-ASCII case pairs;
        // names are few compared to slices, so compare as QString.
        for (std::size_t id = 1; id < trace.strings.size(); ++id)
            if (trace.name(StringId(id)).contains(pattern, Qt::CaseInsensitive)) {
                match[id] = true;
                ++out.matchingNames;
            }
    }
    if (out.matchingNames == 0)
        return out;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &trk = trace.tracks[t];
        for (std::uint32_t i = 0; i < trk.size(); ++i)
            if (trk.nameId[i] < match.size() && match[trk.nameId[i]])
                out.hits.push_back({t, i, trk.start[i]});
    }
    std::stable_sort(out.hits.begin(), out.hits.end(), [](const SearchHit &a, const SearchHit &b) {
        return a.start != b.start ? a.start < b.start : a.track < b.track;
    });
    return out;
}

SearchResult searchRuns(const std::vector<const Trace *> &traces, const std::vector<TimeNs> &bases,
                        const QString &pattern, bool regex)
{
    SearchResult out;
    auto matches = std::make_shared<SliceHighlight>();
    matches->name = pattern;
    matches->runs.resize(traces.size());
    matches->counts.assign(traces.size(), 0);
    for (std::size_t r = 0; r < traces.size(); ++r) {
        const Trace *t = traces[r];
        if (!t)
            continue;
        SearchResult one = searchSlices(*t, pattern, regex);
        if (!one.error.isEmpty()) {
            one.hits.clear();
            return one;
        }
        auto &tracks = matches->runs[r];
        if (!one.hits.empty())
            tracks.resize(t->tracks.size());
        const TimeNs base = r < bases.size() ? bases[r] : 0;
        for (SearchHit &h : one.hits) {
            // Per track in start order: the hits are by start, so each track's subsequence is too.
            SliceHighlight::TrackHits &th = tracks[h.track];
            th.slices.push_back(h.slice);
            th.maxDur = std::max(th.maxDur, t->tracks[h.track].dur[h.slice]);
            h.run = int(r);
            h.start -= base; // axis time
        }
        for (std::size_t k = 0; k < tracks.size(); ++k)
            indexHitsByDepth(tracks[k], t->tracks[k]);
        matches->counts[r] = one.hits.size();
        out.matchingNames += one.matchingNames;
        if (out.hits.empty())
            out.hits = std::move(one.hits);
        else {
            const std::size_t mid = out.hits.size();
            out.hits.insert(out.hits.end(), one.hits.begin(), one.hits.end());
            std::inplace_merge(out.hits.begin(), out.hits.begin() + std::ptrdiff_t(mid), out.hits.end(),
                               [](const SearchHit &a, const SearchHit &b) { return a.start < b.start; });
        }
    }
    out.matches = std::move(matches);
    return out;
}

QString exactNamePattern(const QString &name)
{
    return QLatin1Char('^') + QRegularExpression::escape(name) + QLatin1Char('$');
}

NameStats highlightStats(const Trace &trace, const SliceHighlight &highlight, int run, TimeNs start, TimeNs end)
{
    NameStats s;
    if (run < 0 || std::size_t(run) >= highlight.runs.size())
        return s;
    const bool whole = start >= end;
    const auto &tracks = highlight.runs[std::size_t(run)];
    for (std::size_t k = 0; k < tracks.size() && k < trace.tracks.size(); ++k) {
        const Track &trk = trace.tracks[k];
        for (std::uint32_t i : tracks[k].slices) {
            TimeNs d = trk.dur[i];
            if (!whole) {
                if (trk.start[i] >= end || trk.end(i) <= start)
                    continue;
                d = std::min(end, trk.end(i)) - std::max(start, trk.start[i]);
            }
            s.min = s.count == 0 ? d : std::min(s.min, d);
            s.max = std::max(s.max, d);
            s.total += d;
            ++s.count;
        }
    }
    return s;
}

std::vector<RangeNameStats> rangeStats(const Trace &trace, TimeNs start, TimeNs end)
{
    std::unordered_map<StringId, RangeNameStats> byName;
    std::vector<std::uint32_t> open; // per depth: the slice last seen at that depth (its parent chain)
    std::vector<TimeNs> self;
    for (const Track &trk : trace.tracks) {
        if (trk.size() == 0)
            continue;
        const TimeNs maxDur = trk.dur.max();
        // Every slice overlapping the range (and every ancestor of one) starts after start - maxDur.
        const std::size_t lo = std::size_t(std::lower_bound(trk.start.begin(), trk.start.end(), start - maxDur) - trk.start.begin());
        const std::size_t hi = std::size_t(std::lower_bound(trk.start.begin(), trk.start.end(), end) - trk.start.begin());
        if (hi <= lo)
            continue;
        // Children of the last included slices may start after the range: walk on to where they end.
        const std::size_t hiChildren = std::size_t(std::lower_bound(trk.start.begin(), trk.start.end(), end + maxDur) - trk.start.begin());
        self.assign(hiChildren - lo, 0);
        open.assign(std::size_t(trk.maxDepth) + 1, UINT32_MAX);
        // Only the part inside the range counts: a slice cut by an edge, and its children likewise.
        auto inside = [&](std::size_t i) { return std::max<TimeNs>(0, std::min(end, trk.end(i)) - std::max(start, trk.start[i])); };
        for (std::size_t i = lo; i < hiChildren; ++i) {
            const std::size_t d = std::min<std::size_t>(trk.depth[i], trk.maxDepth);
            const TimeNs in = inside(i);
            self[i - lo] = in;
            open[d] = std::uint32_t(i);
            if (d > 0 && open[d - 1] != UINT32_MAX && open[d - 1] >= lo)
                self[open[d - 1] - lo] -= in;
        }
        for (std::size_t i = lo; i < hi; ++i) {
            if (trk.end(i) <= start)
                continue;
            RangeNameStats &s = byName[trk.nameId[i]];
            s.name = trk.nameId[i];
            ++s.count;
            s.total += inside(i);
            s.self += std::max<TimeNs>(0, self[i - lo]);
        }
    }
    std::vector<RangeNameStats> out;
    out.reserve(byName.size());
    for (auto &[id, s] : byName)
        out.push_back(s);
    std::sort(out.begin(), out.end(), [](const RangeNameStats &a, const RangeNameStats &b) {
        return a.total != b.total ? a.total > b.total : a.name < b.name;
    });
    return out;
}

} // namespace lanescope
