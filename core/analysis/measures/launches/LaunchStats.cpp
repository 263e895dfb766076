// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/launches/LaunchStats.h"

#include "core/util/FlatHashMap.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis {

namespace {
// A launch while counting: Launch without its name, cheap to copy.
struct Row
{
    std::uint32_t track, slice, callTrack, callSlice;
    TimeNs start, cpuDur, gpuDur, delay;
    bool graph; // launched by a graph launch call: the call's time is counted once, in graphCallNs
};
} // namespace

LaunchStats launchStats(const Trace &trace, const ActivityView &view, const LaunchOptions &o)
{
    LaunchStats r;
    const std::uint8_t set = o.hta ? kHtaLaunchStats : kLanescopeLaunch;
    std::size_t items = 0;
    for (const StreamActivities &s : view.streams)
        items += s.items.size();
    std::vector<Row> all;
    all.reserve(items);
    // Ours: one launch per call, its first activity (index + 1 into all).
    FlatHashMap<std::size_t> byCall(o.hta ? 16 : items);
    FlatHashMap<std::size_t> graphCalls(16);
    std::vector<TimeNs> graphCallNs; // each graph launch call's duration, once
    for (const StreamActivities &s : view.streams) {
        for (const LaunchedActivity &a : s.items) {
            if (!(a.sets & set) || (!o.window.empty() && !o.window.contains(a.start)))
                continue;
            const bool graph = a.sets & kGraphLaunch;
            const Row l{a.track, a.slice, a.callTrack, a.callSlice, a.start, a.callEnd - a.callStart, a.end - a.start,
                        std::max<TimeNs>(0, a.start - a.callEnd), graph};
            r.startBeforeLaunch += a.start < a.callStart;
            if (graph) {
                // Each activity of a graph is a launch of its own (never collapsed into the first),
                // its delay measured from the graph launch call; the call itself is one call.
                ++r.graphKernels;
                std::size_t &seen = graphCalls((std::uint64_t(a.callTrack) << 32) | a.callSlice);
                if (!seen) {
                    seen = 1;
                    graphCallNs.push_back(l.cpuDur);
                }
            } else if (!o.hta) {
                std::size_t &first = byCall((std::uint64_t(a.callTrack) << 32) | a.callSlice);
                if (first) {
                    if (l.start < all[first - 1].start)
                        all[first - 1] = l;
                    continue;
                }
                first = all.size() + 1;
            }
            all.push_back(l);
        }
    }
    r.launches = std::int64_t(all.size());
    r.graphLaunches = std::int64_t(graphCalls.size());
    if (all.empty())
        return r;
    std::vector<TimeNs> delays, gpu, cpu;
    delays.reserve(all.size());
    gpu.reserve(all.size());
    cpu.reserve(all.size());
    for (const Row &l : all) {
        // A graph's activities share one call: comparing each with the whole call's time, or
        // counting the call once per activity, would say nothing about launch overhead.
        if (!l.graph) {
            r.gpuShorterThanCpu += l.gpuDur < l.cpuDur;
            r.runtimeOutliers += l.cpuDur > kRuntimeOutlierNs;
            cpu.push_back(l.cpuDur);
        }
        r.delayOutliers += l.delay > kLaunchDelayOutlierNs;
        delays.push_back(l.delay);
        gpu.push_back(l.gpuDur);
    }
    for (TimeNs c : graphCallNs) {
        r.runtimeOutliers += c > kRuntimeOutlierNs;
        cpu.push_back(c);
    }
    r.medianDelayNs = selectQuantile(delays, 0.5);
    r.p95DelayNs = selectQuantile(delays, 0.95);
    r.medianGpuNs = selectQuantile(gpu, 0.5);
    r.medianCpuNs = selectQuantile(cpu, 0.5);
    const std::size_t n = std::min<std::size_t>(kWorstLaunches, all.size());
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(), [](const Row &a, const Row &b) {
        return a.delay != b.delay ? a.delay > b.delay : a.start < b.start;
    });
    for (std::size_t k = 0; k < n; ++k) {
        const Row &w = all[k];
        r.worst.push_back(Launch{w.track, w.slice, w.callTrack, w.callSlice, w.start, w.cpuDur, w.gpuDur, w.delay,
                                 trace.name(trace.tracks[w.track].nameId[w.slice])});
    }
    return r;
}

QStringList clockSkewWarnings(const LaunchStats &stats, const std::vector<StreamQueue> &queues)
{
    const StreamQueue *most = nullptr;
    std::int64_t queued = 0;
    for (const StreamQueue &q : queues) {
        queued += q.startBeforeLaunch;
        if (q.startBeforeLaunch > 0 && (!most || q.startBeforeLaunch > most->startBeforeLaunch))
            most = &q;
    }
    const std::int64_t n = std::max(stats.startBeforeLaunch, queued);
    if (n <= 0)
        return {};
    QString where;
    if (most)
        where = QCoreApplication::translate("analysis", " (most on device %1 stream %2: %3)").arg(most->device).arg(most->stream).arg(most->startBeforeLaunch);
    return {QCoreApplication::translate("analysis", "kernels that start before the call that launched them: %1%2; the CPU's and the GPU's "
                                                    "clocks disagree, so their launch delays read 0 and the queue counts each from its launch")
                .arg(n)
                .arg(where)};
}

} // namespace lanescope::analysis
