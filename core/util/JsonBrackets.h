#pragma once
// Where a JSON object or array ends, found by counting brackets outside strings: no recursion, so
// safe on any nesting depth, and no parse. For the scanner's hostile-nesting skip and for reading
// one event's bytes back by offset (io/SourceReader), and for bounding the nesting of a JSON file
// before a recursive parser sees it (annotations/AnnotationFile).
#include <cstdint>

namespace lanescope {

// One past the end of the object or array starting at p[pos], or UINT64_MAX if p[0, size) ends first.
inline std::uint64_t endOfNested(const char *p, std::uint64_t size, std::uint64_t pos)
{
    std::uint64_t depth = 0;
    for (bool inString = false; pos < size; ++pos) {
        const char c = p[pos];
        if (inString) {
            if (c == '\\')
                ++pos;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && depth > 0 && --depth == 0) {
            return pos + 1;
        }
    }
    return UINT64_MAX;
}

// Whether no object or array in p[0, size) opens more than maxDepth levels deep, brackets counted
// outside strings as endOfNested counts them (whether the JSON is valid is the parser's business).
inline bool nestingWithin(const char *p, std::uint64_t size, std::uint64_t maxDepth)
{
    std::uint64_t depth = 0;
    bool inString = false;
    for (std::uint64_t pos = 0; pos < size; ++pos) {
        const char c = p[pos];
        if (inString) {
            if (c == '\\')
                ++pos;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                return false;
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return true;
}

} // namespace lanescope
