// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/memory/Memory.h"

#include "core/analysis/run/Evidence.h"

#include <algorithm>

namespace lanescope::analysis {

MemorySummary memorySummary(const Trace &trace)
{
    const detail::EvidenceIndex ix(trace);
    return memorySummary(ix);
}

MemorySummary memorySummary(const detail::EvidenceIndex &ix)
{
    MemorySummary m;
    for (const MemorySeries &s : ix.trace.memory) {
        if (!isAcceleratorMemory(s.deviceType)) // the host's allocations are not the device's
            continue;
        DeviceMemory d;
        d.device = s.deviceId;
        d.deviceType = s.deviceType;
        d.totalsFromTrace = s.totalsFromTrace;
        for (const MemorySample &x : s.samples) {
            if (x.allocated > d.peakAllocated) {
                d.peakAllocated = x.allocated;
                d.peakAllocatedAt = x.ts;
            }
            d.peakReserved = std::max(d.peakReserved, x.reserved);
            if (x.bytes > 0)
                ++d.allocEvents;
            else if (x.bytes < 0)
                ++d.freeEvents;
        }
        m.peakAllocated = std::max(m.peakAllocated, d.peakAllocated);
        m.peakReserved = std::max(m.peakReserved, d.peakReserved);
        m.allocEvents += d.allocEvents;
        m.freeEvents += d.freeEvents;
        m.devices.push_back(d);
    }
    m.mallocCalls = ix.mallocCalls;
    m.freeCalls = ix.freeCalls;
    m.hostAllocCalls = ix.hostAllocCalls;

    constexpr TimeNs kJoin = 1'000'000, kMinCpu = 500'000;
    AllocatorSpike cur;
    bool open = false;
    auto close = [&] {
        if (open && cur.cpuTime >= kMinCpu)
            m.spikes.push_back(cur);
        open = false;
    };
    for (const detail::CpuSpan &s : ix.allocator.spans) {
        if (open && s.start - cur.end > kJoin)
            close();
        if (!open) {
            cur = AllocatorSpike{s.start, s.end, 0, 0, 0};
            open = true;
        }
        cur.end = std::max(cur.end, s.end);
        cur.cpuTime += s.end - s.start;
        const auto k = ix.callKind[s.name];
        if (k == detail::CallKind::Malloc || k == detail::CallKind::HostAlloc)
            ++cur.mallocs;
        else
            ++cur.frees;
    }
    close();
    return m;
}

} // namespace lanescope::analysis
