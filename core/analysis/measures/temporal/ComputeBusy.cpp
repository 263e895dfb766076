// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/temporal/ComputeBusy.h"

#include "core/analysis/run/KernelClass.h"

#include <algorithm>

namespace lanescope::analysis {

ComputeBusy computeBusy(const Trace &trace)
{
    ComputeBusy out;
    const KernelClassifier classes(trace);
    const auto category = [&](const Track &tr, std::size_t i) {
        return tr.catId[i] < trace.categoryClass.size() ? trace.categoryClass[tr.catId[i]] : CategoryClass::Other;
    };
    TimeNs best = 0;
    for (std::size_t k = 0; k < trace.tracks.size(); ++k) {
        const Track &tr = trace.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        TimeNs compute = 0, comm = 0;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const CategoryClass cc = category(tr, i);
            if (!isGpuActivity(cc))
                continue;
            const KernelClass c = classes.ofName(tr.nameId[i], cc);
            if (isCompute(c))
                compute += tr.dur[i];
            else if (c == KernelClass::Communication)
                comm += tr.dur[i];
        }
        if (compute > 0 && compute >= comm && compute > best) {
            best = compute;
            out.track = std::int64_t(k);
        }
    }
    if (out.track < 0)
        return out;
    // A stream runs its activities one after another; nested or overlapping ones (a trace that
    // says so) are merged.
    const Track &tr = trace.tracks[std::size_t(out.track)];
    for (std::size_t i = 0; i < tr.size(); ++i) {
        if (!isGpuActivity(category(tr, i)))
            continue;
        const TimeNs s = tr.start[i], e = tr.end(i);
        if (!out.busy.empty() && s <= out.busy.back().to)
            out.busy.back().to = std::max(out.busy.back().to, e);
        else
            out.busy.push_back({s, e});
    }
    for (const TimeRange &r : out.busy)
        out.busyNs += r.to - r.from;
    if (!out.busy.empty())
        out.span = {out.busy.front().from, out.busy.back().to};
    return out;
}

TimeNs busyWithin(const std::vector<TimeRange> &busy, TimeNs from, TimeNs to)
{
    if (to <= from)
        return 0;
    auto it = std::upper_bound(busy.begin(), busy.end(), from, [](TimeNs t, const TimeRange &r) { return t < r.to; });
    TimeNs covered = 0;
    for (; it != busy.end() && it->from < to; ++it)
        covered += std::min(it->to, to) - std::max(it->from, from);
    return covered;
}

} // namespace lanescope::analysis
