// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RapidJSON SAX handler for one element of traceEvents. It keeps only what the model needs
// (phase, names, ids, times, a handful of args) and leaves every other arg in the file.
#include "core/parse/ChunkOutput.h"

#include <rapidjson/reader.h>

#include <cstdint>
#include <string_view>

namespace lanescope::parse {

class EventHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, EventHandler>
{
public:
    explicit EventHandler(ChunkOutput &out) : m_out(out) {}

    // Called before each element is parsed, with its byte offset in the file and the stream's read
    // pointer (RapidJSON streams keep it public as src_), through which a number's text is re-read.
    // cursorAtNumberStart: RapidJSON parses numbers from a local copy of streams whose
    // StreamTraits ask for copyOptimization (StringStream), so during the number callback the
    // stream itself still points at the number's first character; for other streams
    // (MemoryStream) it already points just past the last one.
    void begin(std::uint64_t offset, const char *const *cursor, bool cursorAtNumberStart)
    {
        m_offset = offset;
        m_cursor = cursor;
        m_cursorAtNumberStart = cursorAtNumberStart;
        m_depth = 0;
        m_field = Field::None;
        m_inArgs = false;
        m_inId2 = false;
        m_notObject = false;
        m_e = Event();
    }
    // Called after the element parsed without a syntax error.
    void finish();
    // After Key(): whether the value that follows matters. When it does not, handing it over changes
    // nothing but m_field, which is None already: a reader may skip it (parse/EventReader.h).
    bool wantsValue() const { return m_field != Field::None; }

    // SAX interface. Numbers arrive parsed (RapidJSON's default, fastest mode); for times we re-read
    // the number's own text right behind the read pointer so "4458676522690.655" µs becomes exactly
    // 4458676522690655 ns (a double would round absolute-epoch timestamps to ~0.25 µs).
    bool Null() { return value(); }
    bool Bool(bool) { return value(); }
    bool Int(int v) { return integer(v); }
    bool Uint(unsigned v) { return integer(v); }
    bool Int64(std::int64_t v) { return integer(v); }
    bool Uint64(std::uint64_t v) { return integer(std::int64_t(v)); }
    bool Double(double) { return fractional(); }
    bool RawNumber(const char *s, rapidjson::SizeType n, bool);
    bool String(const char *s, rapidjson::SizeType n, bool);
    bool StartObject();
    bool Key(const char *s, rapidjson::SizeType n, bool);
    bool EndObject(rapidjson::SizeType);
    bool StartArray();
    bool EndArray(rapidjson::SizeType);
    bool Default() { return value(); }

private:
    enum class Field : std::uint8_t {
        None, Ph, Cat, Name, Pid, Tid, Ts, Dur, Id, Bp, Args, Id2,
        // args.*
        Correlation, Stream, DeviceType, DeviceId, Bytes, TotalAllocated, TotalReserved, Addr,
        // id2.*
        Id2Value
    };
    struct Event
    {
        char ph = 0;
        bool hasTs = false, hasDur = false, hasId = false, badNumber = false, bindEnclosing = false;
        bool hasPid = false, hasTid = false, isMemory = false;
        bool durOverflow = false; // a dur too large for any time: an unsigned wrap of a negative one
        std::int64_t ts = 0, dur = 0;
        std::uint64_t id = 0;
        std::uint32_t name = 0, cat = 0;
        RawTrackKey key;
        std::uint64_t correlation = 0;
        std::int64_t stream = -1; // args.stream of device activity
        std::int64_t deviceType = -1, deviceId = -1, bytes = 0, allocated = -1, reserved = -1;
        std::uint64_t addr = 0; // [memory] args.Addr (Kineto 2022+); 0 when absent
    };

    bool value()
    {
        m_field = Field::None;
        if (m_depth == 0)
            m_notObject = true;
        return true;
    }
    bool integer(std::int64_t v);
    bool fractional();
    std::string_view numberText() const;
    void setIdFromText(std::string_view s, bool isString);
    void setPidTid(std::string_view s, bool pid);
    void readDur(std::string_view text);

    ChunkOutput &m_out;
    std::uint64_t m_offset = 0;
    const char *const *m_cursor = nullptr;
    bool m_cursorAtNumberStart = false;
    int m_depth = 0;
    Field m_field = Field::None;
    bool m_inArgs = false, m_inId2 = false, m_notObject = false;
    Event m_e;
    std::string m_lastCat; // most events repeat the previous category: skip the hash lookup
    std::uint32_t m_lastCatId = 0;
};

} // namespace lanescope::parse
