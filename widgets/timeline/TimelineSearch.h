#pragma once
// Finding slices by name: the interned string table is searched first (each distinct name once),
// then the slices whose name id matched are collected in time order. QtCore only.
#include "model/Trace.h"

#include <QString>

#include <vector>

namespace lanescope {

struct SearchHit
{
    std::uint32_t track = 0;
    std::uint32_t slice = 0;
    TimeNs start = 0; // absolute; the search bar turns it into axis time when it merges runs
    int run = 0;      // set by the search bar, which searches every run of the session
};

struct SearchResult
{
    std::vector<SearchHit> hits; // by start time, then track
    std::size_t matchingNames = 0;
    QString error; // an invalid regular expression
};

// Substring (case-insensitive) or regular expression (case-insensitive) over slice names.
SearchResult searchSlices(const Trace &trace, const QString &pattern, bool regex);

// Per name, the slices that intersect [start, end) (absolute ns) over all tracks: count, total
// (their time inside the range: a slice cut by an edge counts only its part inside, so on one lane
// a name's total never exceeds the range), self (the same, minus direct children on the same
// track), by total, largest first.
struct RangeNameStats
{
    StringId name = 0;
    std::uint64_t count = 0;
    TimeNs total = 0;
    TimeNs self = 0;
};
std::vector<RangeNameStats> rangeStats(const Trace &trace, TimeNs start, TimeNs end);

} // namespace lanescope
