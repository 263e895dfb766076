// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/LaunchedDeviceTime.h"

#include "core/analysis/run/KernelClass.h" // isGpuActivity

namespace lanescope::analysis::detail {

LaunchedDeviceTime::LaunchedDeviceTime(const Trace &t)
{
    // The last launch flow to each GPU slice wins, so a kernel linked twice (a flow and its
    // correlation) is counted once.
    std::vector<std::vector<std::uint64_t>> launchOf(t.tracks.size()); // [gpu track][slice] -> (from+1)
    for (const Flow &f : t.flows) {
        if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
            continue;
        if (f.toTrack >= t.tracks.size() || f.fromTrack >= t.tracks.size())
            continue;
        const Track &to = t.tracks[f.toTrack];
        if (to.kind != TrackKind::Gpu || t.tracks[f.fromTrack].kind == TrackKind::Gpu || f.toSlice >= to.size()
            || f.fromSlice >= t.tracks[f.fromTrack].size())
            continue;
        const std::uint16_t c = to.catId[f.toSlice];
        if (c >= t.categoryClass.size() || !isGpuActivity(t.categoryClass[c])) // kernels, copies, memsets
            continue;
        auto &v = launchOf[f.toTrack];
        if (v.empty())
            v.assign(to.size(), 0);
        v[f.toSlice] = ((std::uint64_t(f.fromTrack) << 32) | f.fromSlice) + 1;
    }
    m_ns.resize(t.tracks.size());
    for (std::size_t k = 0; k < launchOf.size(); ++k) {
        const auto &v = launchOf[k];
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i])
                continue;
            const std::uint64_t from = v[i] - 1;
            const std::size_t track = std::size_t(from >> 32), slice = std::size_t(from & 0xffffffffu);
            auto &ns = m_ns[track];
            if (ns.empty())
                ns.assign(t.tracks[track].size(), 0);
            ns[slice] += t.tracks[k].dur[i];
        }
    }
}

} // namespace lanescope::analysis::detail
