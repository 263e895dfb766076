// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Finding slices by name: the interned string table is searched first (each distinct name once),
// then the slices whose name id matched are collected in time order. QtCore only.
#include "core/model/Trace.h"
#include "widgets/render/SliceHighlight.h"

#include <QString>

#include <memory>
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
    // The hits per run and track, as the timeline draws them (searchRuns fills it).
    std::shared_ptr<const SliceHighlight> matches;
};

// Substring (case-insensitive) or regular expression (case-insensitive) over slice names.
SearchResult searchSlices(const Trace &trace, const QString &pattern, bool regex);

// Every run of a session: the hits of all runs in one order on the shared axis (each hit's start
// made axis time by its run's base, absolute - base) and their matches for drawing. Pure: the
// search bar runs it off the UI thread on large traces.
SearchResult searchRuns(const std::vector<const Trace *> &traces, const std::vector<TimeNs> &bases,
                        const QString &pattern, bool regex);

// The regular expression that matches exactly this name (Find Similar).
QString exactNamePattern(const QString &name);

// The slices of a highlight in one run, over [start, end) (absolute ns) or, with start >= end, the
// whole run: count, and total, min and max of their time inside the range (the Time Range
// table's definition: a slice cut by an edge counts its part inside).
struct NameStats
{
    std::uint64_t count = 0;
    TimeNs total = 0, min = 0, max = 0;
};
NameStats highlightStats(const Trace &trace, const SliceHighlight &highlight, int run, TimeNs start, TimeNs end);

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
