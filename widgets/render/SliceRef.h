// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Names for one slice of one run of a session, and for the far end of a flow arrow touching it.
#include "core/model/Trace.h"

#include <QMetaType>

#include <cstdint>
#include <vector>

namespace lanescope {

struct SliceRef
{
    int run = -1;
    std::uint32_t track = 0;
    std::uint32_t slice = 0;
    bool isValid() const { return run >= 0; }
    bool operator==(const SliceRef &o) const { return run == o.run && track == o.track && slice == o.slice; }
    bool operator!=(const SliceRef &o) const { return !(*this == o); }
};

// The other end of a flow arrow touching the selected slice.
struct FlowLink
{
    SliceRef other;
    bool outgoing = true; // selected -> other
    FlowKind kind = FlowKind::Other;
};

// Every flow of `trace` that starts or ends at ref (ref.run is copied into the results).
std::vector<FlowLink> flowsOf(const Trace &trace, SliceRef ref);

} // namespace lanescope

Q_DECLARE_METATYPE(lanescope::SliceRef)
