// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fast path of the SAX pass: reads one traceEvents element straight from the mapped bytes and
// feeds it to EventHandler, the same callbacks RapidJSON's reader makes, without copying strings
// (a name is handed over where it lies in the file) and without converting numbers the handler
// never looks at. It reads only what it can read exactly as RapidJSON (default flags) would: an
// object without escapes in its strings, without exponents, without integers of more than 18
// digits, nested at most kMaxFastNesting deep, and whole before `end`. On anything else, and on
// anything RapidJSON would call an error, it gives up and the caller parses the element again with
// RapidJSON (after EventHandler::begin), which then reports exactly what it always did. Giving up
// half-way is harmless: the handler keeps nothing of an element before finish(), and the strings it
// interned on the way are the ones RapidJSON's pass interns again, in the same order.
#include "core/parse/EventHandler.h"

#include <cstddef>

namespace lanescope::parse {

// Reads the element starting at p[0] == '{', no byte at or past `end` read. Returns the bytes it
// spans (what RapidJSON's stream.Tell() gives with kParseStopWhenDoneFlag), or 0 to fall back.
// *cursor is what the handler was begun with (EventHandler::begin(..., cursor, true)): it is set to
// a number's first character before the number is handed over.
std::size_t readEventFast(const char *p, const char *end, EventHandler &handler, const char **cursor);

// LANESCOPE_PARSE_RAPIDJSON set (to anything): every element is read by RapidJSON, as before the
// fast path existed. For side-by-side comparisons (bench_load) and the tests that check both paths
// build the same model. Read at each scan, so one process can load both ways.
bool rapidJsonOnly();

} // namespace lanescope::parse
