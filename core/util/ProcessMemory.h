// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Resident memory of this process, from /proc/self/status (Linux). 0 where unavailable.
#include <cstdint>

namespace lanescope {

std::uint64_t residentAnonymousBytes(); // RssAnon: heap and anonymous mappings, not mapped files
std::uint64_t residentBytes();          // VmRSS

} // namespace lanescope
