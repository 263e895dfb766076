// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/EventReader.h"

#include "core/parse/ElementScanner.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace lanescope::parse {

namespace {

// Deeper than Kineto's events (args.* holds arrays of arrays: 4 levels); deeper ones go to RapidJSON.
constexpr int kMaxFastNesting = 32;
// 18 decimal digits always fit in int64; longer integers take RapidJSON's 64-bit / double path.
constexpr int kMaxFastDigits = 18;

// First byte in [p, end) that ends a plain run of string text: '"', '\\' or a control byte (< 0x20),
// or end. Sixteen bytes at a time where that many are left before end, never reading past it.
inline const char *stringStop(const char *p, const char *end)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i slash = _mm_set1_epi8('\\');
    const __m128i ctrlMax = _mm_set1_epi8(0x1F);
    while (end - p >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
        // x <= 0x1F unsigned: max(x, 0x1F) == 0x1F
        const __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, slash)),
                                          _mm_cmpeq_epi8(_mm_max_epu8(x, ctrlMax), ctrlMax));
        const int mask = _mm_movemask_epi8(stop);
        if (mask != 0)
            return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    while (p < end) {
        const unsigned char c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\' || c < 0x20)
            return p;
        ++p;
    }
    return end;
}

class Reader
{
public:
    Reader(const char *p, const char *end, EventHandler &h, const char **cursor)
        : m_p(p), m_end(end), m_h(h), m_cursor(cursor)
    {
    }

    const char *at() const { return m_p; }

    bool object(int level)
    {
        if (level >= kMaxFastNesting || !m_h.StartObject())
            return false;
        rapidjson::SizeType members = 0;
        for (Step step = open('}');; step = next('}')) {
            if (step != Step::Items)
                return step == Step::Closed && m_h.EndObject(members);
            const char *s;
            std::size_t n;
            if (*m_p != '"' || !string(&s, &n) || !m_h.Key(s, rapidjson::SizeType(n), true))
                return false;
            if (!skipWs() || *m_p != ':')
                return false;
            ++m_p;
            if (!skipWs() || !(m_h.wantsValue() ? value(level) : skip(level)))
                return false;
            ++members;
        }
    }

private:
    bool skipWs()
    {
        while (m_p < m_end && isJsonSpace(*m_p))
            ++m_p;
        return m_p < m_end;
    }

    // Where a container goes on, for the three loops (object, array, skipContainer): m_p at its
    // opening bracket, then after each member or element. Items: m_p at the next one; Closed: past
    // `close`; Bad: not JSON the fast path reads (or cut off).
    enum class Step { Items, Closed, Bad };
    Step open(char close)
    {
        ++m_p; // '{' or '['
        if (!skipWs())
            return Step::Bad;
        if (*m_p == close) {
            ++m_p;
            return Step::Closed;
        }
        return Step::Items;
    }
    Step next(char close)
    {
        if (!skipWs())
            return Step::Bad;
        if (*m_p == ',') {
            ++m_p;
            return skipWs() ? Step::Items : Step::Bad;
        }
        if (*m_p == close) {
            ++m_p;
            return Step::Closed;
        }
        return Step::Bad;
    }

    bool array(int level)
    {
        if (level >= kMaxFastNesting || !m_h.StartArray())
            return false;
        rapidjson::SizeType elements = 0;
        for (Step step = open(']');; step = next(']')) {
            if (step != Step::Items)
                return step == Step::Closed && m_h.EndArray(elements);
            if (!value(level))
                return false;
            ++elements;
        }
    }

    // A string without escapes; m_p at its opening quote, left just past its closing one.
    bool string(const char **s, std::size_t *n)
    {
        const char *b = m_p + 1;
        const char *e = stringStop(b, m_end);
        if (e == m_end || *e != '"')
            return false;
        *s = b;
        *n = std::size_t(e - b);
        m_p = e + 1;
        return true;
    }

    bool literal(const char *text, std::size_t n)
    {
        if (std::size_t(m_end - m_p) < n || std::memcmp(m_p, text, n) != 0)
            return false;
        m_p += n;
        return true;
    }

    bool number()
    {
        const char *b = m_p;
        std::uint64_t v = 0;
        bool fraction = false;
        if (!scanNumber(&v, &fraction))
            return false;
        // The handler re-reads a number's text for a fraction (RapidJSON hands a double over, and
        // the handler's fractional() reads the text behind it: here it is given straight away) and
        // for an integer too large for a time (through the cursor, at its first character).
        if (fraction)
            return m_h.RawNumber(b, rapidjson::SizeType(m_p - b), false);
        *m_cursor = b;
        return m_h.Int64(*b == '-' ? -std::int64_t(v) : std::int64_t(v));
    }

    // A number as RapidJSON's grammar has it, m_p left past it; its integer part in *v.
    bool scanNumber(std::uint64_t *out, bool *fraction)
    {
        const bool minus = *m_p == '-';
        if (minus)
            ++m_p;
        if (m_p == m_end)
            return false;
        std::uint64_t v = 0;
        int digits = 0;
        if (*m_p == '0') {
            ++m_p;
        } else if (*m_p >= '1' && *m_p <= '9') {
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9') {
                v = v * 10 + std::uint64_t(*m_p - '0');
                ++m_p;
                if (++digits > kMaxFastDigits)
                    return false;
            }
        } else {
            return false;
        }
        *fraction = false;
        if (m_p < m_end && *m_p == '.') {
            ++m_p;
            if (m_p == m_end || !(*m_p >= '0' && *m_p <= '9'))
                return false;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            *fraction = true;
        }
        *out = v;
        // An exponent (which RapidJSON may find too large), a number that runs into end, or one
        // followed by a sign (an error: RapidJSON's handler would have read "1.5-" as the text).
        return m_p != m_end && *m_p != 'e' && *m_p != 'E' && *m_p != '-' && *m_p != '+';
    }

    // A value the handler does not look at (wantsValue() false): checked as value() checks it,
    // nothing handed over. Containers too: the handler would only count their depth up and down.
    bool skip(int level)
    {
        switch (*m_p) {
        case '{':
            return skipContainer(level + 1, '}');
        case '[':
            return skipContainer(level + 1, ']');
        case '"': {
            const char *s;
            std::size_t n;
            return string(&s, &n);
        }
        case 't':
            return literal("true", 4);
        case 'f':
            return literal("false", 5);
        case 'n':
            return literal("null", 4);
        default: {
            std::uint64_t v;
            bool fraction;
            return (*m_p == '-' || (*m_p >= '0' && *m_p <= '9')) && scanNumber(&v, &fraction);
        }
        }
    }

    bool skipContainer(int level, char close)
    {
        if (level >= kMaxFastNesting)
            return false;
        for (Step step = open(close);; step = next(close)) {
            if (step != Step::Items)
                return step == Step::Closed;
            if (close == '}') {
                const char *s;
                std::size_t n;
                if (*m_p != '"' || !string(&s, &n) || !skipWs() || *m_p != ':')
                    return false;
                ++m_p;
                if (!skipWs())
                    return false;
            }
            if (!skip(level))
                return false;
        }
    }

    bool value(int level)
    {
        switch (*m_p) {
        case '{':
            return object(level + 1);
        case '[':
            return array(level + 1);
        case '"': {
            const char *s;
            std::size_t n;
            return string(&s, &n) && m_h.String(s, rapidjson::SizeType(n), true);
        }
        case 't':
            return literal("true", 4) && m_h.Bool(true);
        case 'f':
            return literal("false", 5) && m_h.Bool(false);
        case 'n':
            return literal("null", 4) && m_h.Null();
        default:
            if (*m_p == '-' || (*m_p >= '0' && *m_p <= '9'))
                return number();
            return false;
        }
    }

    const char *m_p;
    const char *const m_end;
    EventHandler &m_h;
    const char **m_cursor;
};

} // namespace

std::size_t readEventFast(const char *p, const char *end, EventHandler &handler, const char **cursor)
{
    if (p >= end || *p != '{')
        return 0;
    Reader r(p, end, handler, cursor);
    if (!r.object(0))
        return 0;
    return std::size_t(r.at() - p);
}

bool rapidJsonOnly()
{
    return std::getenv("LANESCOPE_PARSE_RAPIDJSON") != nullptr;
}

} // namespace lanescope::parse
