// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/Evidence.h"

#include <algorithm>
#include <map>

namespace lanescope::analysis::detail {

void SpanList::finish()
{
    std::sort(spans.begin(), spans.end(), [](const CpuSpan &a, const CpuSpan &b) { return a.start < b.start; });
    maxDur = 0;
    for (const CpuSpan &s : spans)
        maxDur = std::max(maxDur, s.end - s.start);
}

CallKind callKindOf(std::string_view n)
{
    // CUDA runtime names as CUPTI reports them; HIP's for ROCm traces.
    static constexpr std::string_view mallocs[] = {"cudaMalloc", "cudaMallocAsync", "cudaMallocManaged", "hipMalloc",
                                                   "hipMallocAsync"};
    static constexpr std::string_view frees[] = {"cudaFree", "cudaFreeAsync", "cudaFreeHost", "hipFree", "hipFreeAsync",
                                                 "hipHostFree"};
    static constexpr std::string_view hostAllocs[] = {"cudaHostAlloc", "cudaMallocHost", "hipHostMalloc"};
    // Calls that block the CPU until the GPU catches up; a plain cudaMemcpy is synchronous too.
    static constexpr std::string_view syncs[] = {"cudaDeviceSynchronize", "cudaStreamSynchronize",
                                                 "cudaEventSynchronize",  "cudaMemcpy",
                                                 "cudaMemcpy2D",          "hipDeviceSynchronize",
                                                 "hipStreamSynchronize",  "hipEventSynchronize",
                                                 "hipMemcpy"};
    for (auto m : mallocs)
        if (n == m)
            return CallKind::Malloc;
    for (auto m : frees)
        if (n == m)
            return CallKind::Free;
    for (auto m : hostAllocs)
        if (n == m)
            return CallKind::HostAlloc;
    for (auto m : syncs)
        if (n == m)
            return CallKind::Sync;
    if (n == "cudaGraphLaunch" || n == "hipGraphLaunch")
        return CallKind::GraphLaunch;
    // torch.utils.data: "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__" (and the
    // _MultiProcessingDataLoaderIter spelling) is the main thread waiting for the next batch.
    if (n.find("enumerate(DataLoader)") != std::string_view::npos || n.find("DataLoaderIter.__next__") != std::string_view::npos)
        return CallKind::DataLoader;
    return CallKind::None;
}

EvidenceIndex::EvidenceIndex(const Trace &t)
    : trace(t), classes(t), steps(findSteps(t)), callKind(t.strings.size(), CallKind::None)
{
    for (StringId id = 0; id < t.strings.size(); ++id)
        callKind[id] = callKindOf(t.strings.view(id));
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind == TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const CallKind c = callKind[tr.nameId[i]];
            if (c == CallKind::None)
                continue;
            const CpuSpan s{tr.start[i], tr.end(i), k, std::uint32_t(i), tr.nameId[i]};
            switch (c) {
            case CallKind::Malloc: ++mallocCalls; allocator.spans.push_back(s); break;
            case CallKind::Free: ++freeCalls; allocator.spans.push_back(s); break;
            case CallKind::HostAlloc: ++hostAllocCalls; allocator.spans.push_back(s); break;
            case CallKind::Sync: sync.spans.push_back(s); break;
            case CallKind::DataLoader: dataLoader.spans.push_back(s); break;
            case CallKind::GraphLaunch: ++graphLaunchCalls; break;
            case CallKind::None: break;
            }
        }
    }
    allocator.finish();
    sync.finish();
    dataLoader.finish();

    // A Stream Sync row shares its stream with the stream's own lane (the one with the lower tid).
    std::map<std::pair<int, std::int64_t>, std::uint32_t> laneOfStream;
    bool shared = false;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        const auto [it, fresh] = laneOfStream.try_emplace({tr.device, tr.streamId()}, k);
        if (!fresh) {
            shared = true;
            if (tr.tid >= 0 && tr.tid < t.tracks[it->second].tid)
                it->second = k;
        }
    }
    if (shared) {
        m_streamLane.resize(t.tracks.size());
        for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
            const Track &tr = t.tracks[k];
            m_streamLane[k] = tr.kind == TrackKind::Gpu ? laneOfStream[{tr.device, tr.streamId()}] : k;
        }
    }

    m_launch.resize(t.tracks.size());
    for (const Flow &f : t.flows) {
        if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
            continue;
        if (t.tracks[f.toTrack].kind != TrackKind::Gpu || t.tracks[f.fromTrack].kind == TrackKind::Gpu)
            continue;
        auto &v = m_launch[f.toTrack];
        if (v.empty())
            v.assign(t.tracks[f.toTrack].size(), 0);
        v[f.toSlice] = ((std::uint64_t(f.fromTrack) << 32) | f.fromSlice) + 1;
    }
}

bool EvidenceIndex::launchOf(std::uint32_t track, std::uint32_t slice, Source *out) const
{
    if (track >= m_launch.size() || m_launch[track].empty() || !m_launch[track][slice])
        return false;
    const std::uint64_t v = m_launch[track][slice] - 1;
    *out = Source{std::uint32_t(v >> 32), std::uint32_t(v & 0xffffffffu)};
    return true;
}

TimeNs EvidenceIndex::launchStart(std::uint32_t track, std::uint32_t slice) const
{
    Source s;
    if (!launchOf(track, slice, &s))
        return -1;
    return trace.tracks[s.track].start[s.slice];
}

} // namespace lanescope::analysis::detail
