#pragma once
// Internal to core/analysis: how evidence strings spell durations and kernel names.
#include "core/model/Trace.h"

#include <QString>

#include <string_view>

namespace lanescope::analysis {

// "16.66 ms", "850 µs", "1.20 s".
inline QString formatDuration(TimeNs ns)
{
    const double v = double(ns);
    if (ns >= 1'000'000'000)
        return QStringLiteral("%1 s").arg(v / 1e9, 0, 'f', 2);
    if (ns >= 1'000'000)
        return QStringLiteral("%1 ms").arg(v / 1e6, 0, 'f', 2);
    return QStringLiteral("%1 µs").arg(v / 1e3, 0, 'f', 0);
}

// A kernel's name without "void ", template and call arguments: "ncclDevKernel_AllGather_RING_LL".
inline QString shortKernelName(std::string_view n)
{
    if (n.substr(0, 5) == "void ")
        n.remove_prefix(5);
    const std::size_t cut = n.find_first_of("(<");
    if (cut != std::string_view::npos && cut > 0)
        n = n.substr(0, cut);
    return QString::fromUtf8(n.data(), int(n.size()));
}

} // namespace lanescope::analysis
