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
                                         const std::vector<std::uint32_t> &tracks, double origin, double nsPerPx, int width,
                                         bool levelOfDetail)
{
    std::vector<float> out(std::size_t(std::max(0, width)), -1.f);
    if (width <= 0 || !(nsPerPx > 0))
        return out;
    const double end = origin + width * nsPerPx;
    std::vector<double> busyBefore(std::size_t(width) + 1);
    std::vector<std::size_t> startsBefore(std::size_t(width) + 1), endedBefore(std::size_t(width) + 1);
    std::vector<std::uint32_t> workStarted, workEnded; // the Lod's work counts before those slices
    if (levelOfDetail) {
        workStarted.resize(std::size_t(width) + 1);
        workEnded.resize(std::size_t(width) + 1);
    }
    for (std::uint32_t ti : tracks) {
        if (ti >= index.trackCount())
            continue;
        const auto &levels = index.depths(ti);
        const Track &trk = trace.tracks[ti];
        const TimeNs *starts = trk.start.data();
        for (std::size_t d = 0; d < levels.size(); ++d) {
            const TraceViewIndex::DepthIndex &L = levels[d];
            const std::size_t n = L.idx.size();
            if (n == 0 || double(L.end[n - 1]) < origin || double(starts[L.idx[0]]) >= end)
                continue;
            if (levelOfDetail) {
                // The same numbers as below, from the Lod: per edge the bucket's entry and a few
                // slices of the depth's compact columns, no binary search over the whole depth.
                if (L.lod.workTotal == 0)
                    continue; // annotations only
                const TimeNs *ends = L.end.data();
                for (int x = 0; x <= width; ++x) {
                    const double t = origin + x * nsPerPx;
                    const TimeNs tt = TimeNs(std::floor(t));
                    const std::size_t b = L.bucketOf(tt);
                    const std::size_t k = L.upper(tt);
                    TimeNs busyK = 0;
                    std::uint32_t workK = 0;
                    L.sumsBefore(k, b, trk, &busyK, &workK);
                    double busy = double(busyK);
                    if (k < n && L.isWork(k)) {
                        const double s = double(L.startOf(k, trk));
                        if (s < t)
                            busy += t - s;
                    }
                    busyBefore[std::size_t(x)] = busy;
                    // Ended before tt (lower_bound): k less the slices ending exactly at tt.
                    std::size_t e = k;
                    std::uint32_t we = workK;
                    while (e > 0 && ends[e - 1] >= tt)
                        we -= L.isWork(--e) ? 1 : 0;
                    endedBefore[std::size_t(x)] = e;
                    workEnded[std::size_t(x)] = we;
                    // Started before t: starts are sorted; from k, where the answer lies or next to it.
                    std::size_t j = k;
                    std::uint32_t ws = workK;
                    for (; j < n && double(L.startOf(j, trk)) < t; ++j)
                        ws += L.isWork(j) ? 1 : 0;
                    while (j > 0 && double(L.startOf(j - 1, trk)) >= t)
                        ws -= L.isWork(--j) ? 1 : 0;
                    startsBefore[std::size_t(x)] = j;
                    workStarted[std::size_t(x)] = ws;
                }
                for (int x = 0; x < width; ++x) {
                    const std::size_t k0 = endedBefore[std::size_t(x)], k1 = startsBefore[std::size_t(x) + 1];
                    if (k1 <= k0 || workStarted[std::size_t(x) + 1] == workEnded[std::size_t(x)])
                        continue;
                    const double frac = (busyBefore[std::size_t(x) + 1] - busyBefore[std::size_t(x)]) / nsPerPx;
                    out[std::size_t(x)] = std::max(out[std::size_t(x)], float(std::clamp(frac, 0.0, 1.0)));
                }
                continue;
            }
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
