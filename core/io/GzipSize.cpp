// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/GzipSize.h"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace lanescope::io {

namespace {

constexpr std::uint64_t kSampleIn = 256u << 10;     // compressed bytes inflated for the ratio (~15 ms)
constexpr std::uint64_t kSampleOutCap = 256u << 20; // a stream of zeros inflates 1000:1; stop early
constexpr double kTwoTo32 = 4294967296.0;

} // namespace

InflatedSize estimateInflatedSize(const unsigned char *gz, std::uint64_t size)
{
    InflatedSize r;
    z_stream zs = {};
    if (size < 2 || inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
        return r;
    const std::uint64_t sampleIn = std::min(size, kSampleIn);
    std::vector<unsigned char> buf(256u << 10);
    zs.next_in = const_cast<unsigned char *>(gz);
    zs.avail_in = static_cast<uInt>(sampleIn);
    std::uint64_t out = 0;
    bool ended = false;
    while (out < kSampleOutCap) {
        zs.next_out = buf.data();
        zs.avail_out = static_cast<uInt>(buf.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        out += buf.size() - zs.avail_out;
        if (rc == Z_STREAM_END) {
            if (zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b) {
                inflateReset(&zs); // concatenated members
                continue;
            }
            ended = true;
            break;
        }
        if (rc != Z_OK || (zs.avail_in == 0 && zs.avail_out != 0))
            break; // the sample is used up, or the data is bad (the real inflate says where)
    }
    const std::uint64_t used = sampleIn - zs.avail_in;
    inflateEnd(&zs);
    if (ended || (sampleIn == size && out < kSampleOutCap)) {
        r.bytes = out; // all of it seen (what follows a last member is ignored, as the inflaters do)
        r.exact = true;
        return r;
    }
    const double estimate = used ? double(out) / double(used) * double(size) : 0.0;
    std::uint64_t isize = 0;
    if (size >= 18)
        for (int i = 0; i < 4; ++i)
            isize |= std::uint64_t(gz[size - 4 + std::uint64_t(i)]) << (8 * i);
    // ISIZE is the size mod 2^32: take the whole number of 2^32 wraps that lands nearest to the ratio's
    // estimate. Where even that is off by 2x, ISIZE is not this stream's (cut off, or the last of
    // several members): the estimate alone is all there is.
    const double wraps = std::max(0.0, std::round((estimate - double(isize)) / kTwoTo32));
    const double candidate = double(isize) + wraps * kTwoTo32;
    r.bytes = std::uint64_t(candidate >= estimate / 2 && candidate <= estimate * 2 ? candidate : estimate);
    return r;
}

} // namespace lanescope::io
