// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/analysis: the CPU-side facts that explain GPU idle time (runtime calls of the
// allocator, synchronisations, DataLoader spans, kernel launches), indexed once per analysis.
#include "core/analysis/run/KernelClass.h"
#include "core/analysis/run/Steps.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace lanescope::analysis::detail {

struct CpuSpan
{
    TimeNs start = 0, end = 0;
    std::uint32_t track = 0, slice = 0;
    StringId name = 0;
};

// Spans sorted by start, with the longest duration kept so an overlap query can binary-search.
struct SpanList
{
    std::vector<CpuSpan> spans;
    TimeNs maxDur = 0;
    void finish();
    // Calls fn(span) for every span overlapping [from, to).
    template <typename Fn>
    void overlapping(TimeNs from, TimeNs to, Fn fn) const
    {
        auto it = std::lower_bound(spans.begin(), spans.end(), from - maxDur,
                                   [](const CpuSpan &s, TimeNs v) { return s.start < v; });
        for (; it != spans.end() && it->start < to; ++it)
            if (it->end > from)
                fn(*it);
    }
};

enum class CallKind : std::uint8_t { None, Malloc, Free, HostAlloc, Sync, DataLoader, GraphLaunch };

class EvidenceIndex
{
public:
    explicit EvidenceIndex(const Trace &trace);

    const Trace &trace;
    KernelClassifier classes;
    std::vector<Step> steps;
    SpanList allocator;  // cudaMalloc / cudaFree / cudaHostAlloc ...
    SpanList sync;       // cudaDeviceSynchronize / cudaStreamSynchronize / cudaEventSynchronize / cudaMemcpy
    SpanList dataLoader; // enumerate(DataLoader)#...__next__
    std::int64_t mallocCalls = 0, freeCalls = 0, hostAllocCalls = 0;
    std::int64_t graphLaunchCalls = 0; // cudaGraphLaunch / hipGraphLaunch: the trace replays CUDA graphs
    std::vector<CallKind> callKind; // by StringId

    // The CPU slice that launched GPU activity (track, slice), or nullptr.
    struct Source
    {
        std::uint32_t track, slice;
    };
    bool launchOf(std::uint32_t track, std::uint32_t slice, Source *out) const;
    // When the launch happened: the start of the launching call; -1 when unknown.
    TimeNs launchStart(std::uint32_t track, std::uint32_t slice) const;
    // The lane that runs a GPU track's stream: the track itself, except a stream's Stream Sync row
    // (a virtual tid of the stream + 1,000,000: TraceMerge), whose stream runs on another lane.
    std::uint32_t streamLane(std::uint32_t track) const { return track < m_streamLane.size() ? m_streamLane[track] : track; }

    CategoryClass categoryOf(const Track &tr, std::size_t i) const
    {
        const std::uint16_t c = tr.catId[i];
        return c < trace.categoryClass.size() ? trace.categoryClass[c] : CategoryClass::Other;
    }

private:
    std::vector<std::vector<std::uint64_t>> m_launch; // per GPU track: (track << 32 | slice) + 1, 0 none
    std::vector<std::uint32_t> m_streamLane;          // per track: streamLane(), empty when every lane is its own
};

CallKind callKindOf(std::string_view name);

} // namespace lanescope::analysis::detail
