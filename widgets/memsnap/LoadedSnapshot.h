// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A PyTorch memory snapshot as the window shows it: decoded (core/memsnap/MemorySnapshot.h),
// analysed per device (SnapshotAnalysis.h) with its fragmentation advice, made once off the UI
// thread and immutable after; and where it sits on the trace shown (SnapshotAlign.h), or why not.
#include "core/memsnap/MemorySnapshot.h"
#include "core/memsnap/SnapshotAlign.h"
#include "core/memsnap/SnapshotAnalysis.h"

#include <QString>

#include <memory>

namespace lanescope {

class Trace;

struct LoadedSnapshot
{
    QString path;
    std::shared_ptr<const memsnap::MemorySnapshot> snapshot; // never null in a LoadedSnapshot
    memsnap::SnapshotAnalysis analysis;
    memsnap::FragmentationAdvice advice;
    // The device's history in analysis.devices, or null.
    const memsnap::DeviceHistory *device(int device) const
    {
        for (const memsnap::DeviceHistory &h : analysis.devices)
            if (h.device == device)
                return &h;
        return nullptr;
    }
};
using LoadedSnapshotPtr = std::shared_ptr<const LoadedSnapshot>;

// The snapshot against the trace shown: tried (a trace was there to align with), and the core's
// answer. The trace is kept so a later trace is told apart from the one aligned with.
struct SnapshotPlacement
{
    bool tried = false;
    std::shared_ptr<const Trace> trace;
    QString traceLabel;
    memsnap::SnapshotAlignment alignment;
    bool aligned() const { return tried && alignment.aligned; }
};

} // namespace lanescope
