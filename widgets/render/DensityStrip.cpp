#include "render/DensityStrip.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

const std::vector<TimeNs> &DensityStrip::prefix(int run, const Trace &trace, const TraceViewIndex &index, std::uint32_t track)
{
    if (std::size_t(run) >= m_prefix.size())
        m_prefix.resize(std::size_t(run) + 1);
    auto &perTrack = m_prefix[std::size_t(run)];
    if (perTrack.size() < index.trackCount())
        perTrack.resize(index.trackCount());
    std::vector<TimeNs> &pre = perTrack[track];
    const auto &levels = index.depths(track);
    if (pre.empty() && !levels.empty()) {
        const auto &idx = levels[0].idx;
        const Track &trk = trace.tracks[track];
        pre.resize(idx.size() + 1);
        pre[0] = 0;
        for (std::size_t k = 0; k < idx.size(); ++k)
            pre[k + 1] = pre[k] + trk.dur[idx[k]];
    }
    return pre;
}

std::vector<float> DensityStrip::columns(int run, const Trace &trace, const TraceViewIndex &index,
                                         const std::vector<std::uint32_t> &tracks, double origin, double nsPerPx, int width)
{
    std::vector<float> out(std::size_t(std::max(0, width)), -1.f);
    if (width <= 0 || !(nsPerPx > 0))
        return out;
    std::vector<double> busyBefore(std::size_t(width) + 1);
    for (std::uint32_t ti : tracks) {
        if (ti >= index.trackCount() || index.depths(ti).empty())
            continue;
        const TraceViewIndex::DepthIndex &d0 = index.depths(ti)[0];
        const std::size_t n = d0.idx.size();
        if (n == 0)
            continue;
        const std::vector<TimeNs> &pre = prefix(run, trace, index, ti);
        const TimeNs *starts = trace.tracks[ti].start.data();
        const TimeNs *ends = d0.end.data();
        // Depth-0 slices do not overlap, so their ends are sorted: B(t) = the durations of the
        // slices ended by t plus the part of the one running at t.
        auto busy = [&](double t) {
            const TimeNs tt = TimeNs(std::floor(t));
            const std::size_t k = std::size_t(std::upper_bound(ends, ends + n, tt) - ends);
            double b = double(pre[k]);
            if (k < n && double(starts[d0.idx[k]]) < t)
                b += t - double(starts[d0.idx[k]]);
            return b;
        };
        // Whole track outside the window: nothing to do.
        if (double(ends[n - 1]) < origin || double(starts[d0.idx[0]]) >= origin + width * nsPerPx)
            continue;
        for (int x = 0; x <= width; ++x)
            busyBefore[std::size_t(x)] = busy(origin + x * nsPerPx);
        for (int x = 0; x < width; ++x) {
            const double t0 = origin + x * nsPerPx, t1 = t0 + nsPerPx;
            float frac = float(std::clamp((busyBefore[std::size_t(x) + 1] - busyBefore[std::size_t(x)]) / nsPerPx, 0.0, 1.0));
            if (frac <= 0) {
                // Touched at all? The first slice ending at or after t0 starts before t1.
                const std::size_t k = std::size_t(std::lower_bound(ends, ends + n, TimeNs(std::floor(t0))) - ends);
                if (k >= n || double(starts[d0.idx[k]]) >= t1)
                    continue;
                frac = 0;
            }
            out[std::size_t(x)] = std::max(out[std::size_t(x)], frac);
        }
    }
    return out;
}

} // namespace lanescope
