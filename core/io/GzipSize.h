// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How big a .json.gz inflates to, without inflating it: the loader's progress bar measures the
// inflated bytes parsed against it.
#include <cstdint>

namespace lanescope::io {

struct InflatedSize
{
    std::uint64_t bytes = 0; // what the stream should inflate to
    bool exact = false;      // false: an estimate (ISIZE is the last member's size mod 2^32)
};

// Inflates up to the first 256 KiB of `gz` (discarding the output) for the compression ratio, and reads
// the trailer's ISIZE. A stream seen whole is exact; otherwise the size is the value congruent to
// ISIZE mod 2^32 nearest to ratio x compressed size (so a 6 GB trace is not taken for 1.7 GB),
// or the ratio's estimate alone where ISIZE cannot be right (a cut-off stream, concatenated members).
InflatedSize estimateInflatedSize(const unsigned char *gz, std::uint64_t size);

} // namespace lanescope::io
