// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/util/ProcessMemory.h"

#include <cstdio>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace lanescope {
namespace {

std::uint64_t statusField(const char *field)
{
    std::FILE *f = std::fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    std::uint64_t kb = 0;
    const std::size_t n = std::strlen(field);
    while (std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, field, n) == 0 && line[n] == ':') {
            unsigned long long v = 0;
            if (std::sscanf(line + n + 1, "%llu", &v) == 1)
                kb = v;
            break;
        }
    }
    std::fclose(f);
    return kb * 1024;
}

} // namespace

std::uint64_t residentAnonymousBytes() { return statusField("RssAnon"); }
std::uint64_t residentBytes() { return statusField("VmRSS"); }

void releaseFreedMemory()
{
#if defined(__SANITIZE_ADDRESS__)
    return;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return;
#elif defined(__GLIBC__)
    malloc_trim(0);
#endif
#elif defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace lanescope
