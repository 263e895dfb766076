// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/EventHandler.h"

#include "core/parse/NumberText.h"

#include <cstring>

namespace lanescope::parse {
namespace {

inline bool eq(const char *s, rapidjson::SizeType n, const char *lit, std::size_t litLen)
{
    return n == litLen && std::memcmp(s, lit, litLen) == 0;
}
#define KEY_IS(lit) eq(s, n, lit, sizeof(lit) - 1)

std::uint64_t hashText(std::string_view s)
{
    std::uint64_t h = 1469598103934665603ull; // FNV-1a: ids given as strings ("0x1a")
    for (unsigned char c : s)
        h = (h ^ c) * 1099511628211ull;
    return h;
}

} // namespace

// Deeper than any real event (Kineto args nest 4 levels or so). Refusing it here stops RapidJSON's
// recursive descent before it exhausts the thread's stack on a hostile file; the scanner then skips
// the element (without recursion) and counts it as malformed.
constexpr int kMaxNesting = 1000;

bool EventHandler::StartObject()
{
    if (m_depth >= kMaxNesting)
        return false;
    ++m_depth;
    if (m_depth == 2) {
        m_inArgs = m_field == Field::Args;
        m_inId2 = m_field == Field::Id2;
    }
    m_field = Field::None;
    return true;
}

bool EventHandler::EndObject(rapidjson::SizeType)
{
    --m_depth;
    if (m_depth == 1)
        m_inArgs = m_inId2 = false;
    m_field = Field::None;
    return true;
}

bool EventHandler::StartArray()
{
    if (m_depth >= kMaxNesting)
        return false;
    if (m_depth == 0)
        m_notObject = true;
    ++m_depth; // arrays count as nesting so their members are never taken for event keys
    m_field = Field::None;
    return true;
}

bool EventHandler::EndArray(rapidjson::SizeType)
{
    --m_depth;
    m_field = Field::None;
    return true;
}

bool EventHandler::Key(const char *s, rapidjson::SizeType n, bool)
{
    m_field = Field::None;
    if (m_depth == 1) {
        switch (n) {
        case 2:
            if (KEY_IS("ph")) m_field = Field::Ph;
            else if (KEY_IS("ts")) m_field = Field::Ts;
            else if (KEY_IS("id")) m_field = Field::Id;
            else if (KEY_IS("bp")) m_field = Field::Bp;
            break;
        case 3:
            if (KEY_IS("cat")) m_field = Field::Cat;
            else if (KEY_IS("pid")) m_field = Field::Pid;
            else if (KEY_IS("tid")) m_field = Field::Tid;
            else if (KEY_IS("dur")) m_field = Field::Dur;
            else if (KEY_IS("id2")) m_field = Field::Id2;
            break;
        case 4:
            if (KEY_IS("name")) m_field = Field::Name;
            else if (KEY_IS("args")) m_field = Field::Args;
            break;
        default:
            break;
        }
    } else if (m_depth == 2 && m_inArgs) {
        switch (n) {
        case 4:
            if (KEY_IS("Addr")) m_field = Field::Addr;
            break;
        case 5:
            if (KEY_IS("Bytes")) m_field = Field::Bytes;
            break;
        case 6:
            if (KEY_IS("stream")) m_field = Field::Stream;
            break;
        case 9:
            if (KEY_IS("Device Id")) m_field = Field::DeviceId;
            break;
        case 11:
            if (KEY_IS("correlation")) m_field = Field::Correlation;
            else if (KEY_IS("Device Type")) m_field = Field::DeviceType;
            break;
        case 14:
            if (KEY_IS("Total Reserved")) m_field = Field::TotalReserved;
            break;
        case 15:
            if (KEY_IS("Total Allocated")) m_field = Field::TotalAllocated;
            break;
        default:
            break;
        }
    } else if (m_depth == 2 && m_inId2) {
        if (KEY_IS("local") || KEY_IS("global"))
            m_field = Field::Id2Value;
    }
    return true;
}

void EventHandler::setIdFromText(std::string_view s, bool isString)
{
    std::int64_t v = 0;
    if (!isString && integerText(s, &v))
        m_e.id = std::uint64_t(v);
    else if (isString && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        m_e.id = std::strtoull(std::string(s.substr(2)).c_str(), nullptr, 16);
    else if (isString && integerText(s, &v))
        m_e.id = std::uint64_t(v);
    else
        m_e.id = hashText(s);
    m_e.hasId = true;
}

void EventHandler::setPidTid(std::string_view s, bool pid)
{
    std::int64_t v = 0;
    std::uint32_t label = 0;
    normalisePidTid(s, !pid, m_out.strings, &v, &label);
    if (pid) {
        m_e.key.pid = v;
        m_e.key.pidLabel = label;
        m_e.hasPid = true;
    } else {
        m_e.key.tid = v;
        m_e.key.tidLabel = label;
        m_e.hasTid = true;
    }
}

static inline bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
}

std::string_view EventHandler::numberText() const
{
    // A number is always delimited by a non-number byte on both sides (':' ',' ']' '}' space, or
    // the NUL that ends a StringStream), so these scans stay inside the element just parsed.
    const char *at = *m_cursor;
    if (m_cursorAtNumberStart) {
        const char *e = at;
        while (isNumberChar(*e))
            ++e;
        return std::string_view(at, std::size_t(e - at));
    }
    const char *b = at;
    while (isNumberChar(b[-1]))
        --b;
    return std::string_view(b, std::size_t(at - b));
}

bool EventHandler::integer(std::int64_t v)
{
    constexpr std::int64_t kMaxMicros = INT64_MAX / 1000 - 1;
    switch (m_field) {
    case Field::Ts:
    case Field::Dur:
        if (v > kMaxMicros || v < -kMaxMicros)
            return fractional(); // the text path reports it as out of range
        (m_field == Field::Ts ? m_e.ts : m_e.dur) = v * 1000;
        (m_field == Field::Ts ? m_e.hasTs : m_e.hasDur) = true;
        break;
    case Field::Pid:
        m_e.key.pid = v;
        m_e.key.pidLabel = 0;
        m_e.hasPid = true;
        break;
    case Field::Tid:
        m_e.key.tid = v;
        m_e.key.tidLabel = 0;
        m_e.hasTid = true;
        break;
    case Field::Id:
    case Field::Id2Value:
        m_e.id = std::uint64_t(v);
        m_e.hasId = true;
        break;
    case Field::Correlation: m_e.correlation = std::uint64_t(v) + 1; break;
    case Field::Stream: m_e.stream = v; break;
    case Field::DeviceType: m_e.deviceType = v; break;
    case Field::DeviceId: m_e.deviceId = v; break;
    case Field::Bytes: m_e.bytes = v; break;
    case Field::TotalAllocated: m_e.allocated = v; break;
    case Field::TotalReserved: m_e.reserved = v; break;
    case Field::Addr: m_e.addr = std::uint64_t(v); break;
    default:
        break;
    }
    return value();
}

bool EventHandler::fractional()
{
    if (m_field == Field::None)
        return value();
    const std::string_view t = numberText();
    return RawNumber(t.data(), rapidjson::SizeType(t.size()), false);
}

// ROCm's tracer can write an activity whose end came before its start as the unsigned wrap of the
// negative difference (18446744073709551 µs): a plain number too large for any time. Kept, 0 long,
// and counted; anything else that is not a number still makes the event malformed.
void EventHandler::readDur(std::string_view t)
{
    m_e.hasDur = microsTextToNs(t, &m_e.dur);
    if (!m_e.hasDur) {
        bool digits = !t.empty() && t.size() <= 64;
        int dots = 0;
        for (std::size_t i = 0; i < t.size() && digits; ++i) {
            dots += t[i] == '.';
            digits = (t[i] >= '0' && t[i] <= '9') || (t[i] == '.' && i > 0);
        }
        if (digits && dots <= 1) {
            m_e.hasDur = true;
            m_e.durOverflow = true;
            m_e.dur = -1;
        }
    }
    m_e.badNumber |= !m_e.hasDur;
}

bool EventHandler::RawNumber(const char *s, rapidjson::SizeType n, bool)
{
    const std::string_view t(s, n);
    std::int64_t v = 0;
    switch (m_field) {
    case Field::Ts:
        m_e.hasTs = microsTextToNs(t, &m_e.ts);
        m_e.badNumber |= !m_e.hasTs;
        break;
    case Field::Dur: readDur(t); break;
    case Field::Pid: setPidTid(t, true); break;
    case Field::Tid: setPidTid(t, false); break;
    case Field::Id:
    case Field::Id2Value: setIdFromText(t, false); break;
    case Field::Correlation:
        if (integerText(t, &v))
            m_e.correlation = std::uint64_t(v) + 1;
        break;
    case Field::Stream: if (integerText(t, &v)) m_e.stream = v; break;
    case Field::DeviceType: if (integerText(t, &v)) m_e.deviceType = v; break;
    case Field::DeviceId: if (integerText(t, &v)) m_e.deviceId = v; break;
    case Field::Bytes: if (integerText(t, &v)) m_e.bytes = v; break;
    case Field::TotalAllocated: if (integerText(t, &v)) m_e.allocated = v; break;
    case Field::TotalReserved: if (integerText(t, &v)) m_e.reserved = v; break;
    case Field::Addr: if (integerText(t, &v)) m_e.addr = std::uint64_t(v); break;
    default:
        break;
    }
    return value();
}

bool EventHandler::String(const char *s, rapidjson::SizeType n, bool)
{
    const std::string_view t(s, n);
    switch (m_field) {
    case Field::Ph:
        m_e.ph = n == 1 ? s[0] : '?';
        break;
    case Field::Name:
        m_e.name = m_out.strings.intern(t);
        if (n == 8 && t == "[memory]")
            m_e.isMemory = true;
        break;
    case Field::Cat:
        if (t != m_lastCat) {
            m_lastCat.assign(t);
            m_lastCatId = m_out.strings.intern(t);
        }
        m_e.cat = m_lastCatId;
        break;
    case Field::Pid: setPidTid(t, true); break;
    case Field::Tid: setPidTid(t, false); break;
    case Field::Id:
    case Field::Id2Value: setIdFromText(t, true); break;
    case Field::Bp:
        m_e.bindEnclosing = t == "e";
        break;
    case Field::Ts: // a few writers quote numbers
        m_e.hasTs = microsTextToNs(t, &m_e.ts);
        m_e.badNumber |= !m_e.hasTs;
        break;
    case Field::Dur: readDur(t); break;
    default:
        break;
    }
    return value();
}

void EventHandler::finish()
{
    ChunkOutput &o = m_out;
    ++o.events;
    if (m_notObject) {
        o.addMalformed(m_offset, "traceEvents entry is not an object");
        return;
    }
    if (m_e.badNumber) {
        o.addMalformed(m_offset, "ts or dur is not a number");
        return;
    }
    // Times stay within ±2^61 ns (±73 years around the epoch or the trace's base time): then every
    // difference of two times, and every end, fits in int64 downstream.
    if (m_e.hasTs && (m_e.ts > kMaxAbsTimeNs || m_e.ts < -kMaxAbsTimeNs)) {
        o.addMalformed(m_offset, "ts out of range");
        return;
    }
    if (m_e.hasDur && m_e.dur > kMaxAbsTimeNs) {
        m_e.dur = -1; // longer than any time can be: an overflow, as readDur's
        m_e.durOverflow = true;
    }
    const char ph = m_e.ph;
    switch (ph) {
    case 0:
        o.addMalformed(m_offset, "event has no \"ph\"");
        return;
    case 'X': // complete event: the common case for every Kineto slice
    case 'B': // begin/end pairs, matched per track in the merge
    case 'E': {
        if (!m_e.hasTs) {
            o.addMalformed(m_offset, "event has no \"ts\"");
            return;
        }
        std::int64_t dur = ph == 'X' && m_e.hasDur ? m_e.dur : 0;
        if (dur < 0) {
            o.addClampedDur(m_offset, m_e.durOverflow ? "overflowed \"dur\"" : "negative \"dur\"");
            dur = 0;
        }
        if (dur > kMaxAbsTimeNs - m_e.ts)
            dur = kMaxAbsTimeNs - m_e.ts; // the end stays in range too (fuzz_parser: ts near the limit)
        const auto track = o.trackId(m_e.key);
        if (m_e.stream >= 0)
            o.seeStream(track, m_e.stream);
        o.slices.push_back(RawSlice{m_e.ts, dur, m_offset, m_e.correlation, m_e.name, track, m_e.cat, ph});
        o.seeTime(m_e.ts, m_e.ts + dur);
        return;
    }
    case 'i': // instant; Kineto writes allocator events as instants named "[memory]"
    case 'I':
    case 'R':
        if (!m_e.hasTs) {
            o.addMalformed(m_offset, "event has no \"ts\"");
            return;
        }
        o.seeTime(m_e.ts, m_e.ts);
        if (m_e.isMemory) {
            o.memory.push_back(RawMemory{m_e.ts, m_e.bytes, m_e.allocated, m_e.reserved,
                                         std::int32_t(m_e.deviceType), std::int32_t(m_e.deviceId), m_e.addr, m_e.key});
            return;
        }
        o.slices.push_back(RawSlice{m_e.ts, 0, m_offset, 0, m_e.name, o.trackId(m_e.key), m_e.cat, 'i'});
        return;
    case 's': // flow start, step, end: paired by (cat, id) in the merge
    case 't':
    case 'f':
        if (!m_e.hasTs || !m_e.hasId) {
            o.addMalformed(m_offset, "flow event without \"ts\" or \"id\"");
            return;
        }
        o.flows.push_back(RawFlow{m_e.ts, m_e.id, o.trackId(m_e.key), m_e.cat, ph, ph != 'f' || m_e.bindEnclosing});
        return;
    case 'M': // metadata: no time of its own (Kineto stamps it with the trace start)
        o.slowEvents.push_back(m_offset);
        return;
    case 'C': // counters and async events are rare: re-read whole in the merge
    case 'b':
    case 'e':
    case 'n':
        o.slowEvents.push_back(m_offset);
        if (m_e.hasTs)
            o.seeTime(m_e.ts, m_e.ts);
        return;
    default:
        ++o.ignoredByPhase[static_cast<unsigned char>(ph) & 0x7f];
        return;
    }
}

} // namespace lanescope::parse
