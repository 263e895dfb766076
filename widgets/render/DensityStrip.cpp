// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/DensityStrip.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

const std::vector<DensityStrip::DepthSums> &DensityStrip::sums(int run, const Trace &trace, const TraceViewIndex &index,
                                                               std::uint32_t track)
{
    if (std::size_t(run) >= m_sums.size())
        m_sums.resize(std::size_t(run) + 1);
    auto &perTrack = m_sums[std::size_t(run)];
    if (perTrack.size() < index.trackCount())
        perTrack.resize(index.trackCount());
    std::vector<DepthSums> &out = perTrack[track];
    const auto &levels = index.depths(track);
    if (out.empty() && !levels.empty()) {
        const Track &trk = trace.tracks[track];
        const SliceClassifier &cls = index.classifier();
        out.resize(levels.size());
        for (std::size_t d = 0; d < levels.size(); ++d) {
            const auto &idx = levels[d].idx;
            DepthSums &ds = out[d];
            ds.busy.resize(idx.size() + 1);
            ds.count.resize(idx.size() + 1);
            ds.busy[0] = 0;
            ds.count[0] = 0;
            for (std::size_t k = 0; k < idx.size(); ++k) {
                const bool work = cls.classOf(trk.catId[idx[k]], trk.nameId[idx[k]]) != SliceClass::Annotation;
                ds.busy[k + 1] = ds.busy[k] + (work ? trk.dur[idx[k]] : 0);
                ds.count[k + 1] = ds.count[k] + (work ? 1 : 0);
            }
        }
    }
    return out;
}

std::vector<float> DensityStrip::columns(int run, const Trace &trace, const TraceViewIndex &index,
                                         const std::vector<std::uint32_t> &tracks, double origin, double nsPerPx, int width)
{
    std::vector<float> out(std::size_t(std::max(0, width)), -1.f);
    if (width <= 0 || !(nsPerPx > 0))
        return out;
    const double end = origin + width * nsPerPx;
    std::vector<double> busyBefore(std::size_t(width) + 1);
    std::vector<std::size_t> startsBefore(std::size_t(width) + 1), endedBefore(std::size_t(width) + 1);
    for (std::uint32_t ti : tracks) {
        if (ti >= index.trackCount())
            continue;
        const auto &levels = index.depths(ti);
        const TimeNs *starts = trace.tracks[ti].start.data();
        for (std::size_t d = 0; d < levels.size(); ++d) {
            const TraceViewIndex::DepthIndex &L = levels[d];
            const std::size_t n = L.idx.size();
            if (n == 0 || double(L.end[n - 1]) < origin || double(starts[L.idx[0]]) >= end)
                continue;
            const DepthSums &ds = sums(run, trace, index, ti)[d];
            if (ds.count[n] == 0)
                continue; // annotations only
            const TimeNs *ends = L.end.data();
            const std::uint32_t *idx = L.idx.data();
            // Per column edge t: the busy time before t (the slices ended by t plus the part of the
            // one running at t), how many slices ended before t, and how many started before t.
            for (int x = 0; x <= width; ++x) {
                const double t = origin + x * nsPerPx;
                const TimeNs tt = TimeNs(std::floor(t));
                const std::size_t k = std::size_t(std::upper_bound(ends, ends + n, tt) - ends);
                double b = double(ds.busy[k]);
                if (k < n && double(starts[idx[k]]) < t && ds.count[k + 1] > ds.count[k])
                    b += t - double(starts[idx[k]]);
                busyBefore[std::size_t(x)] = b;
                endedBefore[std::size_t(x)] = std::size_t(std::lower_bound(ends, ends + n, tt) - ends);
                startsBefore[std::size_t(x)] = std::size_t(
                    std::partition_point(idx, idx + n, [&](std::uint32_t i) { return double(starts[i]) < t; }) - idx);
            }
            for (int x = 0; x < width; ++x) {
                // Slices touching the column: those not ended before its start, started before its end.
                const std::size_t k0 = endedBefore[std::size_t(x)], k1 = startsBefore[std::size_t(x) + 1];
                if (k1 <= k0 || ds.count[k1] == ds.count[k0])
                    continue;
                const double frac = (busyBefore[std::size_t(x) + 1] - busyBefore[std::size_t(x)]) / nsPerPx;
                out[std::size_t(x)] = std::max(out[std::size_t(x)], float(std::clamp(frac, 0.0, 1.0)));
            }
        }
    }
    return out;
}

} // namespace lanescope
