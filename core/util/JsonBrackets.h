// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where a JSON object or array ends, found by counting brackets outside strings: no recursion, so
// safe on any nesting depth, and no parse. For the scanner's hostile-nesting skip and for reading
// one event's bytes back by offset (io/SourceReader), and for bounding the nesting of a JSON file
// before a recursive parser sees it (annotations/AnnotationFile).
#include <cstdint>

namespace lanescope {

// Calls bracket(c, pos) for every '{', '[', '}' and ']' of p[pos, size) outside strings, in order,
// until it returns true; returns that bracket's position, or UINT64_MAX if p ends first.
template <typename Bracket>
inline std::uint64_t forEachBracket(const char *p, std::uint64_t size, std::uint64_t pos, Bracket bracket)
{
    for (bool inString = false; pos < size; ++pos) {
        const char c = p[pos];
        if (inString) {
            if (c == '\\')
                ++pos;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if ((c == '{' || c == '[' || c == '}' || c == ']') && bracket(c, pos)) {
            return pos;
        }
    }
    return UINT64_MAX;
}

// One past the end of the object or array starting at p[pos], or UINT64_MAX if p[0, size) ends first.
inline std::uint64_t endOfNested(const char *p, std::uint64_t size, std::uint64_t pos)
{
    std::uint64_t depth = 0;
    const std::uint64_t close = forEachBracket(p, size, pos, [&](char c, std::uint64_t) {
        if (c == '{' || c == '[') {
            ++depth;
            return false;
        }
        return depth > 0 && --depth == 0;
    });
    return close == UINT64_MAX ? close : close + 1;
}

// Whether no object or array in p[0, size) opens more than maxDepth levels deep, brackets counted
// outside strings as endOfNested counts them (whether the JSON is valid is the parser's business).
inline bool nestingWithin(const char *p, std::uint64_t size, std::uint64_t maxDepth)
{
    std::uint64_t depth = 0;
    return forEachBracket(p, size, 0, [&](char c, std::uint64_t) {
               if (c == '{' || c == '[')
                   return ++depth > maxDepth;
               if (depth > 0)
                   --depth;
               return false;
           })
        == UINT64_MAX;
}

} // namespace lanescope
