// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/Steps.h"

#include "core/analysis/run/KernelClass.h"

#include <algorithm>
#include <climits>
#include <map>

namespace lanescope::analysis {

namespace {

// "ProfilerStep#12" -> 12 (HTA's pattern r"ProfilerStep\s*#\s*(\d+)"); -1 for any other name.
int stepNumber(std::string_view n)
{
    constexpr std::string_view prefix = "ProfilerStep";
    if (n.substr(0, prefix.size()) != prefix)
        return -1;
    std::size_t i = prefix.size();
    while (i < n.size() && n[i] == ' ')
        ++i;
    if (i >= n.size() || n[i] != '#')
        return -1;
    ++i;
    while (i < n.size() && n[i] == ' ')
        ++i;
    if (i >= n.size() || n[i] < '0' || n[i] > '9')
        return -1;
    int v = 0;
    for (; i < n.size() && n[i] >= '0' && n[i] <= '9'; ++i) {
        if (v > (INT_MAX - 9) / 10)
            return -1; // no profiler counts that far: not a step name
        v = v * 10 + (n[i] - '0');
    }
    return v;
}

} // namespace

std::vector<Step> findSteps(const Trace &trace)
{
    // Step names are few: find their ids first, then only compare ids while walking slices.
    std::vector<int> numberOf(trace.strings.size(), -2);
    auto number = [&](StringId id) {
        int &n = numberOf[id];
        if (n == -2)
            n = stepNumber(trace.strings.view(id));
        return n;
    };
    std::map<int, Step> cpu;             // by number: first (outermost) CPU slice of each step
    std::map<int, TimeRange> gpuAnnotated; // gpu_user_annotation of the same name
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &tr = trace.tracks[t];
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const int n = number(tr.nameId[i]);
            if (n < 0)
                continue;
            const std::uint16_t cat = tr.catId[i];
            const CategoryClass cc = cat < trace.categoryClass.size() ? trace.categoryClass[cat] : CategoryClass::Other;
            if (cc == CategoryClass::GpuAnnotation) {
                auto [it, fresh] = gpuAnnotated.try_emplace(n, TimeRange{tr.start[i], tr.end(i)});
                if (!fresh) {
                    it->second.from = std::min(it->second.from, tr.start[i]);
                    it->second.to = std::max(it->second.to, tr.end(i));
                }
                continue;
            }
            auto it = cpu.find(n);
            if (it == cpu.end() || tr.dur[i] > it->second.dur) {
                Step s;
                s.name = trace.name(tr.nameId[i]);
                s.number = n;
                s.start = tr.start[i];
                s.dur = tr.dur[i];
                s.track = t;
                s.slice = std::uint32_t(i);
                cpu[n] = s;
            }
        }
    }
    std::vector<Step> steps;
    steps.reserve(cpu.size());
    for (auto &kv : cpu)
        steps.push_back(kv.second);
    std::sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) { return a.start < b.start; });

    // GPU side from launches where no annotation says it: each launch flow whose CPU end lies in a
    // step widens that step's GPU span to the activity it launched.
    std::vector<TimeRange> launched(steps.size(), TimeRange{0, -1});
    if (!steps.empty()) {
        for (const Flow &f : trace.flows) {
            if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
                continue;
            const Track &from = trace.tracks[f.fromTrack];
            const Track &to = trace.tracks[f.toTrack];
            if (to.kind != TrackKind::Gpu)
                continue;
            const TimeNs ts = from.start[f.fromSlice];
            auto it = std::upper_bound(steps.begin(), steps.end(), ts, [](TimeNs v, const Step &s) { return v < s.start; });
            if (it == steps.begin())
                continue;
            --it;
            if (ts >= it->end())
                continue;
            TimeRange &r = launched[std::size_t(it - steps.begin())];
            const TimeNs s = to.start[f.toSlice], e = to.end(f.toSlice);
            if (r.to < r.from) {
                r = {s, e};
            } else {
                r.from = std::min(r.from, s);
                r.to = std::max(r.to, e);
            }
        }
    }
    for (std::size_t k = 0; k < steps.size(); ++k) {
        Step &s = steps[k];
        if (auto g = gpuAnnotated.find(s.number); g != gpuAnnotated.end()) {
            s.gpuStart = g->second.from;
            s.gpuDur = g->second.to - g->second.from;
        } else if (launched[k].to >= launched[k].from) {
            s.gpuStart = launched[k].from;
            s.gpuDur = launched[k].to - launched[k].from;
        }
    }
    return steps;
}

std::vector<Step> completeSteps(const std::vector<Step> &steps)
{
    if (steps.size() < 2)
        return steps;
    return std::vector<Step>(steps.begin(), steps.end() - 1);
}

std::vector<Step> measuredSteps(const std::vector<Step> &all, const std::vector<Step> &analysed)
{
    if (all.size() < 2)
        return analysed;
    std::vector<Step> out;
    for (const Step &s : analysed)
        if (!(s.number == all.back().number && s.start == all.back().start))
            out.push_back(s);
    return out.empty() ? analysed : out;
}

double medianStepNs(const std::vector<Step> &steps)
{
    if (steps.empty())
        return 0;
    std::vector<TimeNs> d;
    d.reserve(steps.size());
    for (const Step &s : steps)
        d.push_back(s.dur);
    std::sort(d.begin(), d.end());
    return medianOfSorted(d);
}

double medianOfSorted(const std::vector<TimeNs> &d)
{
    const std::size_t n = d.size();
    if (n == 0)
        return 0;
    // Integers over one or two: exact in a double (well below 2^52 ns).
    return n % 2 ? double(d[n / 2]) : (double(d[n / 2 - 1]) + double(d[n / 2])) / 2.0;
}

} // namespace lanescope::analysis
