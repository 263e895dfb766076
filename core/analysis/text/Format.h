// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/analysis: how evidence strings spell durations and kernel names.
#include "core/analysis/text/FigureText.h"
#include "core/model/Trace.h"

#include <QString>

#include <string_view>

namespace lanescope::analysis {

// "16.66 ms", "850 µs", "1.20 s": the figures' units (FigureText.h), so an advice item that also
// quotes a step time spells every duration alike.
inline QString formatDuration(TimeNs ns) { return figure::duration(double(ns)); }

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
