// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A device activity's kernel type as Holistic Trace Analysis types it under its own definition
// (the temporal breakdown's `--hta`, and the Python module's HTA rows read the same).
#include "core/analysis/run/KernelClass.h"

#include <string_view>

namespace lanescope::analysis {

// HTA's get_kernel_type (hta/utils/utils.py, 0.5+): communication only under an NCCL / RCCL /
// HCCL name (a SymmetricMemory all-reduce computes, for HTA), then memory; after those a name that
// matches ".*Sync" is "other" (its cuda_sync events: "Stream Sync", "Context Sync"); the rest
// computes. Our own definition holds no sync events, so it needs none of this.
HtaKernelType htaDefinitionType(KernelClass c, std::string_view name);

} // namespace lanescope::analysis
