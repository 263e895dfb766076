// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The traceEvents array of a .json.gz, parsed while it is inflated. One thread inflates
// the stream into pieces of ~8 MB, each cut at a likely element start; the scanner threads parse
// the pieces as they come, and the pieces are stitched in order exactly as the mapped loader's
// chunks are: a piece is kept only if the one before it ended exactly at its start, else the
// stretch is parsed again across the two. Only a handful of pieces exist at once (threads + 3),
// and their buffers are reused, so the inflated JSON is never held and no fresh page is touched
// per MB: on this VM that first touch cost as much as the parse.
#include "core/parse/ChunkOutput.h"
#include "core/parse/ElementScanner.h"
#include "core/parse/InflatingStream.h"

#include <atomic>
#include <cstddef>

namespace lanescope::parse {

// Parses the array whose '[' the stream has just read. On return the stream stands just after the
// array's ']' when it closed (end.status == ArrayClosed); otherwise where the parse stopped.
// progress gets the inflated bytes parsed; cancel may be null. An element (or whitespace between
// two) longer than maxElementBytes stops the parse there with ScanEnd::TooLarge: everything before
// it is kept. The mapped loader has no such limit: its bytes are the file's own pages.
// 512 MB: real events are at most megabytes; growing the buffer to it costs about twice that.
constexpr std::size_t kMaxStreamedElementBytes = std::size_t(512) << 20;
ParsedArray parseStreamedArray(InflatingStream &stream, int threads, std::atomic<std::uint64_t> &progress,
                                 const std::atomic<bool> *cancel, std::size_t maxElementBytes = kMaxStreamedElementBytes);

} // namespace lanescope::parse
