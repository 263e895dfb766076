// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/Trace.h"

#include "core/io/MappedSource.h"

#include <algorithm>

namespace lanescope {

const char *trackKindName(TrackKind kind)
{
    switch (kind) {
    case TrackKind::Cpu: return "cpu";
    case TrackKind::Gpu: return "gpu";
    case TrackKind::Counter: return "counter";
    }
    return "cpu";
}

// Category spellings across Kineto versions: lowercase since ~2022 ("kernel", "cuda_runtime"),
// capitalised in the 2021 releases ("Kernel", "Runtime", "Memcpy"), ROCm reuses the CUDA names.
// MTIA (libkineto ActivityType MTIA_CCP_EVENTS / MTIA_RUNTIME, which Kineto now aliases to
// CONCURRENT_KERNEL / RUNTIME) writes its device work and host launches under names of its own.
CategoryClass classifyCategory(std::string_view cat)
{
    struct Entry
    {
        std::string_view name;
        CategoryClass cls;
    };
    static constexpr Entry table[] = {
        {"cpu_op", CategoryClass::CpuOp},
        {"Operator", CategoryClass::CpuOp},
        {"user_annotation", CategoryClass::UserAnnotation},
        {"python_function", CategoryClass::UserAnnotation},
        {"cuda_runtime", CategoryClass::Runtime},
        {"cuda_driver", CategoryClass::Runtime},
        {"Runtime", CategoryClass::Runtime},
        {"Driver", CategoryClass::Runtime},
        {"mtia_runtime", CategoryClass::Runtime},
        {"kernel", CategoryClass::Kernel},
        {"Kernel", CategoryClass::Kernel},
        {"mtia_ccp_events", CategoryClass::Kernel},
        {"gpu_memcpy", CategoryClass::GpuMemcpy},
        {"Memcpy", CategoryClass::GpuMemcpy},
        {"gpu_memset", CategoryClass::GpuMemset},
        {"Memset", CategoryClass::GpuMemset},
        {"gpu_user_annotation", CategoryClass::GpuAnnotation},
    };
    for (const auto &e : table)
        if (e.name == cat)
            return e.cls;
    return CategoryClass::Other;
}

bool isAcceleratorMemory(int deviceType)
{
    switch (deviceType) {
    case 1:  // CUDA
    case 6:  // HIP: recent ROCm traces (e.g. MI300X under ROCm 6) stop calling their GPUs CUDA
    case 12: // XPU
    case 15: // HPU
    case 19: // MTIA
    case 20: // PrivateUse1 (out-of-tree accelerators)
        return true;
    default:
        return false;
    }
}

std::vector<const DeviceInfo *> Trace::tracedDevices() const
{
    std::vector<int> ids;
    for (const Track &tr : tracks)
        if (tr.kind == TrackKind::Gpu && tr.device >= 0)
            ids.push_back(tr.device);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<const DeviceInfo *> out;
    for (int id : ids)
        for (const DeviceInfo &d : devices)
            if (d.id == id) {
                out.push_back(&d);
                break;
            }
    return out;
}

std::size_t Track::upperBoundStart(TimeNs t) const
{
    return std::size_t(std::upper_bound(start.begin(), start.end(), t) - start.begin());
}

Trace::Trace() = default;
Trace::~Trace() = default;

std::size_t Trace::sliceCount() const
{
    std::size_t n = 0;
    for (const auto &t : tracks)
        n += t.size();
    return n;
}

QString Trace::name(StringId id) const
{
    const auto v = strings.view(id);
    return QString::fromUtf8(v.data(), int(v.size()));
}

QString Trace::category(std::uint16_t catId) const
{
    return catId < categories.size() ? name(categories[catId]) : QString();
}

std::size_t Trace::modelBytes() const
{
    std::size_t n = strings.bytes();
    for (const auto &t : tracks)
        n += t.start.capacity() * sizeof(TimeNs) + t.dur.heapBytes()
            + t.nameId.capacity() * sizeof(StringId) + t.catId.capacity() * 2 + t.depth.heapBytes()
            + t.fileOffset.heapBytes();
    n += flows.capacity() * sizeof(Flow);
    for (const auto &m : memory)
        n += m.samples.capacity() * sizeof(MemorySample) + m.addr.capacity() * sizeof(std::uint64_t)
            + m.thread.capacity() * sizeof(std::uint32_t);
    for (const auto &c : counters)
        n += c.ts.capacity() * 8 + c.value.capacity() * 8;
    return n;
}

} // namespace lanescope
