// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/HtaKernelType.h"

namespace lanescope::analysis {

HtaKernelType htaDefinitionType(KernelClass c, std::string_view name)
{
    HtaKernelType k = htaKernelType(c, name);
    if (k == HtaKernelType::Communication && !isHtaCommunicationName(name))
        k = HtaKernelType::Computation; // a SymmetricMemory all-reduce: HTA does not know it
    return k == HtaKernelType::Computation && name.find("Sync") != std::string_view::npos ? HtaKernelType::Other : k;
}

} // namespace lanescope::analysis
