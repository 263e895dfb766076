// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Walks the elements of the traceEvents array from a given byte offset, feeding each one to the
// SAX EventHandler, and says why it stopped. One scanner runs per parallel chunk.
#include "core/parse/ChunkOutput.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lanescope::parse {

struct ScanEnd
{
    enum Status {
        AtBoundary,   // reached the next chunk's first element exactly
        Overshot,     // passed the next chunk's start: that start was not an element boundary
        ArrayClosed,  // saw the closing ']'
        EofClean,     // input ended after a complete element (array format may omit ']')
        EofMidElement,// input ended inside an element: truncated file
        TooLarge,     // a streamed .json.gz: one element (or a run of whitespace) past the limit
        SyntaxError,
        Cancelled,
        Faulted       // the mapping went away under us (file truncated on disk)
    } status = SyntaxError;
    std::uint64_t pos = 0;     // where scanning stopped (after ']' for ArrayClosed)
    std::uint64_t lastGood = 0; // end of the last complete element
    std::uint64_t errorAt = 0;
    std::string error;
};

struct ScanShared
{
    const char *data = nullptr;
    std::uint64_t size = 0;
    // Where data[0] is in the JSON: 0 for a mapped file; a streamed .json.gz is scanned a piece at
    // a time, and offsets (events, ScanEnd) are reported in the whole JSON's terms.
    std::uint64_t base = 0;
    // Keep the text of M / C / async events in ChunkOutput::slowText: a streamed piece is gone by
    // the time the merge reads them.
    bool copySlowEvents = false;
    bool nulTerminated = false; // data[size] == 0: the faster StringStream may be used
    const std::atomic<bool> *cancel = nullptr;
    std::atomic<std::uint64_t> bytesDone{0};
};

// Scans from `begin` (an element start, or whitespace before one) until `limit` (the next chunk's
// first element; UINT64_MAX for the last chunk), both indices into shared.data. Appends to `out`.
// The positions in the result are offsets in the whole JSON (shared.base added).
ScanEnd scanElements(ScanShared &shared, ChunkOutput &out, std::uint64_t begin, std::uint64_t limit);

// A likely element start at or after `from`: a '{' preceded (across whitespace) by ','. Only a
// guess; the chunk before must end exactly there for it to be accepted. UINT64_MAX if none.
std::uint64_t findElementStart(const char *data, std::uint64_t size, std::uint64_t from, std::uint64_t maxScan);

// JSON's four whitespace characters.
inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

inline void skipWhitespace(const char *p, std::uint64_t size, std::uint64_t &pos)
{
    while (pos < size && isJsonSpace(p[pos]))
        ++pos;
}

// The traceEvents array parsed, mapped in chunks or streamed in pieces: the chunks accepted, in file
// order, and why the scan stopped.
struct ParsedArray
{
    std::vector<std::unique_ptr<ChunkOutput>> chunks;
    ScanEnd end;
    int threadsUsed = 1;
};

} // namespace lanescope::parse
