#include "core/analysis/LaunchStats.h"

#include <algorithm>
#include <unordered_map>

namespace lanescope::analysis {

LaunchStats launchStats(const Trace &trace, const ActivityView &view, const LaunchOptions &o)
{
    LaunchStats r;
    const std::uint8_t set = o.hta ? kHtaLaunchStats : kLanescopeLaunch;
    std::vector<Launch> all;
    // Ours: one launch per call, its first activity (the items are by start, so the first seen).
    std::unordered_map<std::uint64_t, std::size_t> byCall;
    for (const StreamActivities &s : view.streams) {
        for (const LaunchedActivity &a : s.items) {
            if (!(a.sets & set) || (!o.window.empty() && !o.window.contains(a.start)))
                continue;
            Launch l;
            l.track = a.track;
            l.slice = a.slice;
            l.callTrack = a.callTrack;
            l.callSlice = a.callSlice;
            l.start = a.start;
            l.cpuDur = a.callEnd - a.callStart;
            l.gpuDur = a.end - a.start;
            l.delay = std::max<TimeNs>(0, a.start - a.callEnd);
            if (!o.hta) {
                const std::uint64_t call = (std::uint64_t(a.callTrack) << 32) | a.callSlice;
                const auto [it, inserted] = byCall.emplace(call, all.size());
                if (!inserted) {
                    if (l.start < all[it->second].start)
                        all[it->second] = l;
                    continue;
                }
            }
            all.push_back(l);
        }
    }
    r.launches = std::int64_t(all.size());
    if (all.empty())
        return r;
    std::vector<TimeNs> delays, gpu, cpu;
    delays.reserve(all.size());
    gpu.reserve(all.size());
    cpu.reserve(all.size());
    for (const Launch &l : all) {
        r.gpuShorterThanCpu += l.gpuDur < l.cpuDur;
        r.runtimeOutliers += l.cpuDur > kRuntimeOutlierNs;
        r.delayOutliers += l.delay > kLaunchDelayOutlierNs;
        delays.push_back(l.delay);
        gpu.push_back(l.gpuDur);
        cpu.push_back(l.cpuDur);
    }
    std::sort(delays.begin(), delays.end());
    std::sort(gpu.begin(), gpu.end());
    std::sort(cpu.begin(), cpu.end());
    r.medianDelayNs = linearQuantile(delays, 0.5);
    r.p95DelayNs = linearQuantile(delays, 0.95);
    r.medianGpuNs = linearQuantile(gpu, 0.5);
    r.medianCpuNs = linearQuantile(cpu, 0.5);
    const std::size_t n = std::min<std::size_t>(kWorstLaunches, all.size());
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(), [](const Launch &a, const Launch &b) {
        return a.delay != b.delay ? a.delay > b.delay : a.start < b.start;
    });
    r.worst.assign(all.begin(), all.begin() + std::ptrdiff_t(n));
    for (Launch &l : r.worst)
        l.name = trace.name(trace.tracks[l.track].nameId[l.slice]);
    return r;
}

} // namespace lanescope::analysis
