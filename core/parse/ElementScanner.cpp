// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/ElementScanner.h"

#include "core/io/SigbusGuard.h"
#include "core/parse/EventHandler.h"
#include "core/parse/EventReader.h"
#include "core/util/JsonBrackets.h"

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <cstring>

namespace lanescope::parse {

namespace {
constexpr unsigned kEventParseFlags = rapidjson::kParseStopWhenDoneFlag;
constexpr std::uint64_t kProgressStride = 1 << 22; // report progress / check cancel every 4 MiB
}

// Stream over data[pos..]: MemoryStream stops at size; StringStream at the NUL just past it.
template <typename Stream>
Stream streamAt(const char *p, std::uint64_t pos, std::uint64_t size);
template <>
rapidjson::MemoryStream streamAt(const char *p, std::uint64_t pos, std::uint64_t size)
{
    return rapidjson::MemoryStream(p + pos, size_t(size - pos));
}
template <>
rapidjson::StringStream streamAt(const char *p, std::uint64_t pos, std::uint64_t)
{
    return rapidjson::StringStream(p + pos);
}

template <typename Stream>
static ScanEnd scanUnguarded(ScanShared &shared, ChunkOutput &out, std::uint64_t begin, std::uint64_t limit)
{
    const char *p = shared.data;
    const std::uint64_t size = shared.size;
    rapidjson::Reader reader;
    EventHandler handler(out);
    const bool fast = !rapidJsonOnly();
    const char *numberAt = nullptr; // the fast path's number cursor (EventHandler::begin)
    ScanEnd end;
    std::uint64_t pos = begin;
    std::uint64_t reported = begin;
    end.lastGood = begin;
    for (;;) {
        skipWhitespace(p, size, pos);
        if (pos >= limit) {
            end.status = pos == limit ? ScanEnd::AtBoundary : ScanEnd::Overshot;
            break;
        }
        if (pos >= size) {
            end.status = ScanEnd::EofClean;
            break;
        }
        if (p[pos] == ']') {
            end.status = ScanEnd::ArrayClosed;
            ++pos;
            break;
        }
        if (pos - reported >= kProgressStride) {
            shared.bytesDone.fetch_add(pos - reported, std::memory_order_relaxed);
            reported = pos;
            if (shared.cancel && shared.cancel->load(std::memory_order_relaxed)) {
                end.status = ScanEnd::Cancelled;
                break;
            }
        }
        // The fast path first (core/parse/EventReader.h); RapidJSON for what it leaves.
        std::size_t fastBytes = 0;
        if (fast) {
            handler.begin(shared.base + pos, &numberAt, true);
            fastBytes = readEventFast(p + pos, p + size, handler, &numberAt);
        }
        Stream stream = streamAt<Stream>(p, pos, size);
        if (fastBytes == 0) {
            handler.begin(shared.base + pos, &stream.src_, rapidjson::StreamTraits<Stream>::copyOptimization != 0);
            reader.Parse<kEventParseFlags>(stream, handler);
        }
        if (fastBytes != 0) {
            const std::size_t slowBefore = out.slowEvents.size();
            handler.finish();
            if (shared.copySlowEvents && out.slowEvents.size() != slowBefore) {
                out.slowTextAt.push_back(out.slowText.size());
                out.slowText.append(p + pos, fastBytes);
            }
            pos += fastBytes;
        } else if (reader.HasParseError() && reader.GetParseErrorCode() == rapidjson::kParseErrorTermination) {
            // Only EventHandler stops a parse, and only for hostile nesting: skip the element.
            const std::uint64_t next = endOfNested(p, size, pos);
            if (next == UINT64_MAX) {
                end.status = ScanEnd::EofMidElement;
                end.errorAt = size;
                break;
            }
            ++out.events;
            out.addMalformed(shared.base + pos, "event nested too deeply");
            pos = next;
        } else if (reader.HasParseError()) {
            end.errorAt = pos + reader.GetErrorOffset();
            // RapidJSON reports a bad escape at its backslash, so a file cut inside "\u00e9" or
            // "\ud83d\ude00" looks like a syntax error; no closing quote after it means it is a cut.
            const auto code = reader.GetParseErrorCode();
            const bool cutInEscape = end.errorAt < size
                && (code == rapidjson::kParseErrorStringEscapeInvalid
                    || code == rapidjson::kParseErrorStringUnicodeEscapeInvalidHex
                    || code == rapidjson::kParseErrorStringUnicodeSurrogateInvalid)
                && !std::memchr(p + end.errorAt + 1, '"', size_t(size - end.errorAt - 1));
            if (end.errorAt >= size || cutInEscape) {
                end.status = ScanEnd::EofMidElement;
            } else {
                end.status = ScanEnd::SyntaxError;
                end.error = rapidjson::GetParseError_En(reader.GetParseErrorCode());
                if (p[end.errorAt] == 0)
                    end.error = "unexpected NUL byte";
            }
            break;
        } else {
            const std::size_t slowBefore = out.slowEvents.size();
            handler.finish();
            if (shared.copySlowEvents && out.slowEvents.size() != slowBefore) {
                out.slowTextAt.push_back(out.slowText.size());
                out.slowText.append(p + pos, std::size_t(stream.Tell()));
            }
            pos += stream.Tell();
        }
        end.lastGood = pos;
        skipWhitespace(p, size, pos);
        if (pos >= size) {
            end.status = ScanEnd::EofClean;
            break;
        }
        if (p[pos] == ',') {
            ++pos;
            continue;
        }
        if (p[pos] == ']') {
            end.status = ScanEnd::ArrayClosed;
            ++pos;
            break;
        }
        end.status = ScanEnd::SyntaxError;
        end.errorAt = pos;
        end.error = "expected ',' or ']' after an event";
        break;
    }
    shared.bytesDone.fetch_add(std::min(pos, size) - std::min(reported, pos), std::memory_order_relaxed);
    end.pos = pos;
    return end;
}

ScanEnd scanElements(ScanShared &shared, ChunkOutput &out, std::uint64_t begin, std::uint64_t limit)
{
    ScanEnd end;
    const bool ok = runGuarded([&] {
        end = shared.nulTerminated ? scanUnguarded<rapidjson::StringStream>(shared, out, begin, limit)
                                   : scanUnguarded<rapidjson::MemoryStream>(shared, out, begin, limit);
    });
    if (!ok) {
        end = ScanEnd();
        end.status = ScanEnd::Faulted;
        end.error = "the file changed on disk while it was being read";
    }
    end.pos += shared.base;
    end.lastGood += shared.base;
    end.errorAt += shared.base;
    return end;
}

std::uint64_t findElementStart(const char *data, std::uint64_t size, std::uint64_t from, std::uint64_t maxScan)
{
    const std::uint64_t stop = std::min(size, from + maxScan);
    std::uint64_t pos = from;
    while (pos < stop) {
        const void *hit = std::memchr(data + pos, '{', size_t(stop - pos));
        if (!hit)
            return UINT64_MAX;
        const std::uint64_t at = std::uint64_t(static_cast<const char *>(hit) - data);
        std::uint64_t back = at;
        while (back > 0 && isJsonSpace(data[back - 1]))
            --back;
        if (back > 0 && data[back - 1] == ',')
            return at;
        pos = at + 1;
    }
    return UINT64_MAX;
}

} // namespace lanescope::parse
