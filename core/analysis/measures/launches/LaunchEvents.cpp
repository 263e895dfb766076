// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/launches/LaunchEvents.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/run/KernelClass.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace lanescope::analysis {

std::uint8_t launchSetsOf(std::string_view n)
{
    constexpr std::uint8_t all = kHtaLaunchStats | kHtaQueue | kLanescopeLaunch;
    constexpr std::uint8_t queue = kHtaQueue | kLanescopeLaunch;
    static constexpr std::string_view htaStats[] = {"cudaLaunchKernel", "cudaLaunchKernelExC", "cudaMemcpyAsync",
                                                    "cudaMemsetAsync", "runFunction - job_prep_and_submit_for_execution"};
    static constexpr std::string_view htaQueue[] = {"cuLaunchKernel", "cuLaunchKernelEx", "hipLaunchKernel",
                                                    "hipExtModuleLaunchKernel", "hipMemcpyAsync", "hipMemsetAsync",
                                                    "hipMemcpyWithStream"};
    // Graph launches: every activity of the replayed graph carries the call's correlation (Kineto
    // links each; a ROCm trace draws its hipGraphLaunch flows to them).
    static constexpr std::string_view graphs[] = {"cudaGraphLaunch", "cudaGraphLaunch_v10000", "cuGraphLaunch",
                                                  "hipGraphLaunch"};
    // Calls that enqueue work on a stream which HTA does not look for.
    static constexpr std::string_view ours[] = {
        "hipModuleLaunchKernel", "hipLaunchCooperativeKernel", "hipExtLaunchKernel", "hipMemcpy2DAsync",
        "hipMemcpyHtoDAsync", "hipMemcpyDtoHAsync", "hipMemcpyDtoDAsync", "hipMemsetD8Async", "hipMemsetD16Async",
        "hipMemsetD32Async", "cudaLaunchCooperativeKernel", "cudaMemcpy2DAsync", "cudaMemcpy3DAsync",
        "cudaMemcpyPeerAsync", "cudaMemcpyToSymbolAsync", "cudaMemcpyFromSymbolAsync", "cuMemcpyAsync",
        "cuMemcpyHtoDAsync_v2", "cuMemcpyDtoHAsync_v2", "cuMemcpyDtoDAsync_v2", "cuMemsetD8Async",
        "cuMemsetD32Async", "cuLaunchCooperativeKernel",
        // MTIA's runtime: host-to-device and device-to-host copies (each becomes several dma_request events)
        "enqueueCommand memcpyHtoDAsync", "enqueueCommand memcpyDtoHAsync", "enqueueCommand memcpyDtoDAsync"};
    for (auto s : htaStats)
        if (n == s)
            return all;
    for (auto s : htaQueue)
        if (n == s)
            return queue;
    for (auto s : ours)
        if (n == s)
            return kLanescopeLaunch;
    for (auto s : graphs)
        if (n == s)
            return kLanescopeLaunch | kGraphLaunch;
    return 0;
}

namespace {

// HTA holds timestamps as float64 microseconds; see Temporal.cpp for why the double is built so.
double toUsDouble(TimeNs ns)
{
    const TimeNs q = ns / 1000, r = ns % 1000;
    return double(q) + double(r) / 1000.0;
}

} // namespace

bool anyFractionalMicrosecond(const Trace &trace)
{
    for (const Track &tr : trace.tracks)
        for (std::size_t i = 0; i < tr.size(); ++i)
            if (tr.start[i] % 1000 != 0 || tr.dur[i] % 1000 != 0)
                return true;
    return false;
}

TimeRange launchWindow(TimeRange range, const std::vector<Step> &measured)
{
    if (!range.empty() || measured.empty())
        return range;
    TimeRange w{measured.front().gpuRange().from, measured.front().gpuRange().to};
    for (const Step &s : measured) {
        w.from = std::min(w.from, s.gpuRange().from);
        w.to = std::max(w.to, s.gpuRange().to);
    }
    return w;
}

double linearQuantile(const std::vector<TimeNs> &v, double q)
{
    if (v.empty())
        return 0;
    const double pos = q * double(v.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos)), hi = std::min(lo + 1, v.size() - 1);
    return double(v[lo]) + (double(v[hi]) - double(v[lo])) * (pos - double(lo));
}

double selectQuantile(std::vector<TimeNs> &v, double q)
{
    if (v.empty())
        return 0;
    const double pos = q * double(v.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(lo), v.end());
    const double a = double(v[lo]);
    if (lo + 1 >= v.size())
        return a;
    // The next order statistic: the least of what nth_element put after lo.
    const double b = double(*std::min_element(v.begin() + std::ptrdiff_t(lo + 1), v.end()));
    return a + (b - a) * (pos - double(lo));
}

ActivityView launchedActivities(const detail::EvidenceIndex &ix, const LaunchOptions &o)
{
    const Trace &t = ix.trace;
    ActivityView view;
    const bool htaTime = o.hta && o.htaCompatible && o.window.empty();
    view.rounding = htaTime && anyFractionalMicrosecond(t);
    auto rs = [&](TimeNs ts) { return view.rounding ? TimeNs(std::ceil(toUsDouble(ts))) * 1000 : ts; };
    // HTA's end: floor(ts + dur) in float64 microseconds; never clamped, as HTA keeps it.
    auto re = [&](TimeNs ts, TimeNs d) {
        return view.rounding ? TimeNs(std::floor(toUsDouble(ts) + double(d) / 1000.0)) * 1000 : ts + d;
    };

    // HTA's last-step rule (Temporal.h): with two or more ProfilerSteps, only activities launched
    // before the last step starts; a trace without launch links is taken whole.
    TimeNs lastStepStart = 0;
    bool filter = false;
    if (htaTime && ix.steps.size() >= 2) {
        for (const Track &tr : t.tracks)
            for (std::size_t i = 0; i < tr.size(); ++i)
                if (t.strings.view(tr.nameId[i]).substr(0, 12) == "ProfilerStep")
                    lastStepStart = std::max(lastStepStart, rs(tr.start[i]));
        detail::EvidenceIndex::Source src;
        for (std::uint32_t k = 0; k < t.tracks.size() && !filter; ++k)
            if (t.tracks[k].kind == TrackKind::Gpu)
                for (std::uint32_t i = 0; i < t.tracks[k].size() && !filter; ++i)
                    filter = ix.launchOf(k, i, &src);
    }
    view.lastStepExcluded = filter;

    // Looked up for the launching calls' names only, once each: a large trace has millions of names.
    constexpr std::uint8_t kUnknown = 0xff;
    std::vector<std::uint8_t> setsOf(t.strings.size(), kUnknown);
    auto setsOfName = [&](StringId id) {
        if (setsOf[id] == kUnknown)
            setsOf[id] = launchSetsOf(t.strings.view(id));
        return setsOf[id];
    };

    std::map<std::pair<int, std::int64_t>, StreamActivities> byStream;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        const std::pair<int, std::int64_t> key{o.hta ? -1 : tr.device, tr.streamId()};
        StreamActivities *s = nullptr;
        auto stream = [&]() -> StreamActivities & {
            if (!s) {
                s = &byStream[key];
                s->device = key.first;
                s->stream = key.second;
            }
            return *s;
        };
        // A window: the slices that can end inside it or later and start before its end. Slices
        // are sorted by start, so everything starting a longest duration before the window ends
        // before it; of those only the latest end matters (the gap before the window's first).
        std::uint32_t lo = 0, hi = std::uint32_t(tr.size());
        if (!o.window.empty() && tr.size() > 0) {
            const TimeNs longest = tr.dur.max();
            lo = std::uint32_t(std::lower_bound(tr.start.begin(), tr.start.end(), o.window.from - longest) - tr.start.begin());
            hi = std::uint32_t(tr.upperBoundStart(o.window.to - 1));
            for (std::uint32_t i = lo; i-- > 0;) {
                if (s && s->hasBefore && tr.start[i] + longest <= s->endBefore)
                    break; // nothing earlier ends later
                if (!isGpuActivity(ix.categoryOf(tr, i)))
                    continue;
                StreamActivities &st = stream();
                st.endBefore = st.hasBefore ? std::max(st.endBefore, re(tr.start[i], tr.dur[i])) : re(tr.start[i], tr.dur[i]);
                st.hasBefore = true;
            }
        }
        if (hi > lo)
            stream().items.reserve(stream().items.size() + (hi - lo));
        for (std::uint32_t i = lo; i < hi; ++i) {
            if (!isGpuActivity(ix.categoryOf(tr, i)))
                continue;
            LaunchedActivity a;
            a.track = k;
            a.slice = i;
            a.start = rs(tr.start[i]);
            a.end = re(tr.start[i], tr.dur[i]);
            detail::EvidenceIndex::Source src;
            if (ix.launchOf(k, i, &src)) {
                const Track &ct = t.tracks[src.track];
                a.callTrack = src.track;
                a.callSlice = src.slice;
                a.callStart = rs(ct.start[src.slice]);
                a.callEnd = re(ct.start[src.slice], ct.dur[src.slice]);
                a.sets = setsOfName(ct.nameId[src.slice]);
            }
            if (filter && (!a.hasCall() || a.callStart >= lastStepStart))
                continue;
            if (!o.window.empty() && a.end < o.window.from) {
                StreamActivities &st = stream();
                st.endBefore = st.hasBefore ? std::max(st.endBefore, a.end) : a.end;
                st.hasBefore = true;
                continue;
            }
            StreamActivities &st = stream();
            if (!st.computes)
                st.computes = isCompute(ix.classes.ofName(tr.nameId[i], ix.categoryOf(tr, i)));
            st.items.push_back(a);
        }
    }
    view.streams.reserve(byStream.size());
    for (auto &[key, s] : byStream) {
        // One track per stream: in slice order, by start already.
        const auto byStart = [](const LaunchedActivity &a, const LaunchedActivity &b) { return a.start < b.start; };
        if (!std::is_sorted(s.items.begin(), s.items.end(), byStart))
            std::stable_sort(s.items.begin(), s.items.end(), byStart);
        view.streams.push_back(std::move(s));
    }
    return view;
}

} // namespace lanescope::analysis
