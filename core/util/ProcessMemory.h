// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Resident memory of this process, from /proc/self/status (Linux). 0 where unavailable.
#include <cstdint>

namespace lanescope {

std::uint64_t residentAnonymousBytes(); // RssAnon: heap and anonymous mappings, not mapped files
std::uint64_t residentBytes();          // VmRSS

// Gives memory freed to the allocator back to the system (glibc's malloc_trim), so what stays
// resident after a load is its model. Called once a load has ended and every temporary of it is
// gone: memory freed after the call (a .json.gz's pipeline, the merge's tables) stayed resident,
// 3 MB one load in two on the 1 GB tile's .json.gz. A no-op under AddressSanitizer, which replaces
// malloc: malloc_trim walks arenas ASan never set up, and crashed when two loads trimmed at once.
void releaseFreedMemory();

} // namespace lanescope
