// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/temporal/Temporal.h"

#include "core/analysis/run/HtaKernelType.h"
#include "core/analysis/run/KernelClass.h"
#include "core/analysis/run/StreamEvents.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lanescope::analysis {

namespace {

using Interval = std::pair<TimeNs, TimeNs>;

// HTA holds timestamps as float64 microseconds (pandas parses the JSON numbers). At epoch-sized
// values (1.7e15 us) a double resolves only a quarter microsecond, so the rounding must start
// from the same double the JSON parser produced: the nearest double to ns / 1000.
double toUsDouble(TimeNs ns)
{
    const TimeNs q = ns / 1000, r = ns % 1000; // q < 2^53: exact; one rounding in the sum
    return double(q) + double(r) / 1000.0;
}
TimeNs ceilUs(double us) { return TimeNs(std::ceil(us)) * 1000; }
TimeNs floorUs(double us) { return TimeNs(std::floor(us)) * 1000; }

// merge_kernel_intervals: sort by start; an interval joins the group unless it starts after the
// running maximum of all previous ends. Intervals are never reversed (see the rounding below).
std::vector<Interval> merge(std::vector<Interval> v)
{
    std::sort(v.begin(), v.end());
    std::vector<Interval> out;
    TimeNs cummax = 0; // max end of every interval before this one
    for (const Interval &iv : v) {
        if (!out.empty() && iv.first <= cummax) {
            out.back().second = std::max(out.back().second, iv.second);
            cummax = std::max(cummax, iv.second);
        } else {
            cummax = out.empty() ? iv.second : std::max(cummax, iv.second);
            out.push_back(iv);
        }
    }
    return out;
}

TimeNs total(const std::vector<Interval> &v)
{
    TimeNs t = 0;
    for (const Interval &iv : v)
        t += iv.second - iv.first;
    return t;
}

TimeNs intersection(const std::vector<Interval> &a, const std::vector<Interval> &b)
{
    TimeNs t = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const TimeNs s = std::max(a[i].first, b[j].first), e = std::min(a[i].second, b[j].second);
        if (e > s)
            t += e - s;
        if (a[i].second < b[j].second)
            ++i;
        else
            ++j;
    }
    return t;
}

double pct(TimeNs part, TimeNs whole) { return whole > 0 ? 100.0 * double(part) / double(whole) : 0.0; }

} // namespace

const char *gpuTimeDefinitionName(GpuTimeDefinition d)
{
    return d == GpuTimeDefinition::Hta ? "hta" : "lanescope";
}

bool hasFractionalMicroseconds(const Trace &trace)
{
    for (const Track &tr : trace.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i)
            if (tr.start[i] % 1000 != 0 || tr.dur[i] % 1000 != 0)
                return true;
    }
    return false;
}

namespace {

TemporalBreakdown breakdown(const Trace &trace, const TemporalOptions &options, bool rounding,
                            const std::vector<StreamEvent> &streamEvents)
{
    TemporalBreakdown r;
    const bool rangeSet = !options.range.empty();
    const bool hta = options.definition == GpuTimeDefinition::Hta;
    r.definition = options.definition;
    r.microsecondRounding = rounding;
    // Rounded start (ceil) and end (floor of start + dur, added as doubles as pandas does). A kernel
    // shorter than a microsecond can then end before it starts (0.02 µs at x.765: start x+1, end x);
    // HTA keeps such a reversed interval, which subtracts from busy time and can make the compute
    // time negative (HTA 0.6 stops on an assertion). It is clamped here to an empty interval.
    auto rs = [&](TimeNs t) { return rounding ? ceilUs(toUsDouble(t)) : t; };
    auto re = [&](TimeNs t, TimeNs d) {
        return rounding ? std::max(floorUs(toUsDouble(t) + double(d) / 1000.0), rs(t)) : t + d;
    };

    // HTA's iteration filter: needs two or more distinct ProfilerStep names.
    bool filter = false;
    TimeNs lastStepStart = 0;
    std::vector<std::vector<TimeNs>> launchStart; // per GPU track, per slice: launching CPU event's start
    if (options.htaCompatible && !rangeSet) {
        const std::vector<Step> steps = findSteps(trace);
        if (steps.size() >= 2) {
            filter = true;
            // Every ProfilerStep row without a stream counts, gpu_user_annotation ones included.
            for (const Track &tr : trace.tracks)
                for (std::size_t i = 0; i < tr.size(); ++i)
                    if (trace.strings.view(tr.nameId[i]).substr(0, 12) == "ProfilerStep")
                        lastStepStart = std::max(lastStepStart, rs(tr.start[i]));
            launchStart.resize(trace.tracks.size());
            for (const Flow &f : trace.flows) {
                if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
                    continue;
                if (trace.tracks[f.fromTrack].kind == TrackKind::Gpu || trace.tracks[f.toTrack].kind != TrackKind::Gpu)
                    continue;
                auto &v = launchStart[f.toTrack];
                if (v.empty())
                    v.assign(trace.tracks[f.toTrack].size(), -1);
                v[f.toSlice] = rs(trace.tracks[f.fromTrack].start[f.fromSlice]);
            }
            // HTA joins kernels to their launches on the correlation id; a trace with no launch
            // links at all (flows and correlation args stripped) would lose every kernel, so it is
            // analysed whole instead.
            filter = std::any_of(launchStart.begin(), launchStart.end(), [](const auto &v) { return !v.empty(); });
        }
    }
    r.lastStepExcluded = filter;

    KernelClassifier classes(trace);
    std::vector<Interval> all, comp, comm;
    // One interval of GPU time: clipped to the window, then typed.
    auto add = [&](const Track &tr, std::size_t i, CategoryClass cc) {
        TimeNs s = rs(tr.start[i]), e = re(tr.start[i], tr.dur[i]);
        if (rangeSet) {
            s = std::max(s, options.range.from);
            e = std::min(e, options.range.to);
            if (e <= s)
                return false;
        }
        all.emplace_back(s, e);
        const KernelClass c = classes.ofName(tr.nameId[i], cc);
        const std::string_view name = trace.strings.view(tr.nameId[i]);
        const HtaKernelType k = hta ? htaDefinitionType(c, name) : htaKernelType(c, name);
        if (k == HtaKernelType::Computation)
            comp.emplace_back(s, e);
        else if (k == HtaKernelType::Communication)
            comm.emplace_back(s, e);
        return true;
    };
    for (std::size_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &tr = trace.tracks[t];
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t cat = tr.catId[i];
            const CategoryClass cc = cat < trace.categoryClass.size() ? trace.categoryClass[cat] : CategoryClass::Other;
            if (!isGpuActivity(cc))
                continue;
            if (filter) {
                // Kept only if launched (HTA: joined on correlation) from before the last step.
                if (launchStart[t].empty() || launchStart[t][i] < 0 || launchStart[t][i] >= lastStepStart)
                    continue;
            }
            add(tr, i, cc);
        }
    }
    // HTA's definition: the other events on a stream (empty unless asked for).
    for (const StreamEvent &se : streamEvents) {
        const Track &tr = trace.tracks[se.track];
        if (filter) {
            // HTA joins them to their launching call on args.correlation like kernels: a linked one is
            // kept when launched before the last step, one that names a correlation it cannot find is
            // dropped, and one without (correlation -1, e.g. Triton's launcher cpu_op) matches every
            // CPU event without one, so it is kept.
            const auto &ls = launchStart[se.track];
            const bool linked = !ls.empty() && ls[se.slice] >= 0;
            if (linked ? ls[se.slice] >= lastStepStart : se.hasCorrelation)
                continue;
        }
        const std::uint16_t cat = tr.catId[se.slice];
        const CategoryClass cc = cat < trace.categoryClass.size() ? trace.categoryClass[cat] : CategoryClass::Other;
        if (add(tr, se.slice, cc))
            ++r.streamEvents;
    }
    r.activities = all.size();
    if (all.empty())
        return r;
    const std::vector<Interval> mAll = merge(std::move(all));
    const std::vector<Interval> mComp = merge(std::move(comp));
    const std::vector<Interval> mComm = merge(std::move(comm));
    r.spanStart = mAll.front().first;
    r.spanEnd = mAll.back().second;
    r.span = r.spanEnd - r.spanStart;
    r.idle = r.span - total(mAll);
    r.compute = total(mComp);
    r.nonCompute = r.span - r.compute - r.idle;
    r.communication = total(mComm);
    r.overlap = intersection(mComp, mComm);
    r.idlePct = pct(r.idle, r.span);
    r.computePct = pct(r.compute, r.span);
    r.nonComputePct = pct(r.nonCompute, r.span);
    r.commCompOverlapPct = pct(r.overlap, r.communication);
    return r;
}

} // namespace

std::vector<TimeRange> computeIntervals(const Trace &trace, TimeRange range)
{
    KernelClassifier classes(trace);
    std::vector<Interval> comp;
    for (const Track &tr : trace.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t cat = tr.catId[i];
            const CategoryClass cc = cat < trace.categoryClass.size() ? trace.categoryClass[cat] : CategoryClass::Other;
            if (!isGpuActivity(cc)
                || htaKernelType(classes.ofName(tr.nameId[i], cc), trace.strings.view(tr.nameId[i])) != HtaKernelType::Computation)
                continue;
            TimeNs s = tr.start[i], e = tr.end(i);
            if (!range.empty()) {
                s = std::max(s, range.from);
                e = std::min(e, range.to);
            }
            if (e > s)
                comp.emplace_back(s, e);
        }
    }
    std::vector<TimeRange> out;
    for (const Interval &iv : merge(std::move(comp)))
        out.push_back(TimeRange{iv.first, iv.second});
    return out;
}

TemporalBreakdown temporalBreakdown(const Trace &trace, const TemporalOptions &options)
{
    const bool rounding = options.htaCompatible && options.range.empty() && hasFractionalMicroseconds(trace);
    const std::vector<StreamEvent> streamEvents =
        options.definition == GpuTimeDefinition::Hta ? nonActivityStreamEvents(trace) : std::vector<StreamEvent>{};
    TemporalBreakdown r = breakdown(trace, options, rounding, streamEvents);
    // Where whole microseconds leave nothing to measure (every activity shorter than one, e.g. the
    // Kineto docs' single 0.02 µs kernel), the exact times are used: a breakdown of an empty span
    // would say nothing at all. microsecondRounding then reads false.
    if (rounding && r.span <= 0 && r.activities > 0) {
        TemporalBreakdown exact = breakdown(trace, options, false, streamEvents);
        if (exact.span > 0)
            return exact;
    }
    return r;
}

} // namespace lanescope::analysis
