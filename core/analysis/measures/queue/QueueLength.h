// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Queue length per stream: operations launched on a stream and not yet done (Holistic Trace
// Analysis' TraceCounters.get_queue_length_time_series / get_queue_length_summary /
// get_time_spent_blocked_on_full_queue, hta/analyzers/trace_counters.py).
//
// HTA (LaunchOptions::hta): +1 at each launch call's start (its queue set, LaunchSet::kHtaQueue,
// calls with a linked activity), -1 at the activity's START; the summary is over the change
// points, not over time: count = 2 x launches, mean = the mean of the values after each change.
// Ours by default: every launch (kLanescopeLaunch), -1 when the activity ENDS (launched and not
// yet finished is what the queue holds: the running kernel is in it), and the mean weighted by
// time over the stream's first to last change inside the analysed steps.
// Both: the time spent with the queue at kQueueLimit or more, where the CPU blocks on launch.
#include "core/analysis/measures/launches/LaunchEvents.h"

namespace lanescope::analysis {

constexpr int kQueueLimit = 1024; // CUDA's launch queue per stream

struct QueuePoint
{
    TimeNs ts = 0;
    std::int32_t length = 0; // from ts until the next point
};

struct StreamQueue
{
    int device = -1;
    std::int64_t stream = -1;
    std::int64_t count = 0; // points of the series (HTA: its summary's count)
    double mean = 0;
    std::int32_t max = 0;
    TimeNs fullNs = 0;      // time with the queue at kQueueLimit or more
    TimeNs emptyNs = 0;     // time with nothing queued (between the first and the last change)
    TimeNs spanNs = 0;      // the time measured: the first change to the last (ours: inside the window)
    // Activities that start before their launch call (clock skew): each leaves the queue no
    // earlier than its launch entered it, so the queue is never negative.
    std::int64_t startBeforeLaunch = 0;
};

// The series of one stream of the view (index into view.streams), as the options define it.
std::vector<QueuePoint> queueSeries(const StreamActivities &stream, const LaunchOptions &options);
// The summary of every stream with a launch; streams without one are left out.
std::vector<StreamQueue> queueLengths(const ActivityView &view, const LaunchOptions &options);

// For the timeline's queue lanes: per track of the trace (index = track), the series of its
// stream in our definition over the whole trace; empty for CPU tracks and streams without a launch.
std::vector<std::vector<QueuePoint>> queueSeriesByTrack(const Trace &trace);

} // namespace lanescope::analysis
