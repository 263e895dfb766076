// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Exact conversions from JSON number text (RapidJSON's kParseNumbersAsStringsFlag hands us the raw
// digits). Trace timestamps are microseconds with up to 3 decimals since Kineto 2022 (earlier:
// integer µs), absolute epoch values around 1.7e15 µs: a double holds them only to ~0.25 µs, so we
// convert the text straight to integer nanoseconds instead of going through double.
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace lanescope {

// The loader keeps every time within ±2^61 ns (±73 years around the epoch or the trace's base
// time); events outside are malformed. Then any difference of two times, and every end, fits in int64.
constexpr std::int64_t kMaxAbsTimeNs = std::int64_t(1) << 61;

// Microseconds text ("1669783687464611", "4458676522690.655", "1.5e3", "-2") -> nanoseconds,
// rounded half away from zero. Returns false on text that is not a number or overflows.
inline bool microsTextToNs(std::string_view s, std::int64_t *out)
{
    std::size_t i = 0;
    bool neg = false;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
        neg = s[i] == '-';
        ++i;
    }
    std::uint64_t whole = 0;
    std::size_t digits = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits) {
        if (whole > (UINT64_MAX - 9) / 10)
            return false;
        whole = whole * 10 + std::uint64_t(s[i] - '0');
    }
    std::uint64_t frac = 0; // nanoseconds
    int roundDigit = 0;
    if (i < s.size() && s[i] == '.') {
        ++i;
        int n = 0;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++n) {
            if (n < 3)
                frac = frac * 10 + std::uint64_t(s[i] - '0');
            else if (n == 3)
                roundDigit = s[i] - '0';
            ++digits;
        }
        for (; n < 3; ++n)
            frac *= 10;
    }
    if (digits == 0)
        return false;
    if (i < s.size()) {
        if (s[i] != 'e' && s[i] != 'E')
            return false;
        // Exponent form is rare in traces: take the slow, double-based road.
        char buf[64];
        if (s.size() >= sizeof buf)
            return false;
        s.copy(buf, s.size());
        buf[s.size()] = 0;
        char *end = nullptr;
        const double v = std::strtod(buf, &end) * 1000.0;
        if (end != buf + s.size() || !(v > -9.2e18 && v < 9.2e18))
            return false;
        *out = static_cast<std::int64_t>(v < 0 ? v - 0.5 : v + 0.5);
        return true;
    }
    if (whole > std::uint64_t(INT64_MAX / 1000 - 1))
        return false;
    std::int64_t ns = std::int64_t(whole) * 1000 + std::int64_t(frac) + (roundDigit >= 5 ? 1 : 0);
    *out = neg ? -ns : ns;
    return true;
}

// Integer text -> int64 (accepts a ".0" tail and, for large ids, wraps uint64 into int64 bits).
inline bool integerText(std::string_view s, std::int64_t *out)
{
    std::size_t i = 0;
    bool neg = false;
    if (i < s.size() && s[i] == '-') {
        neg = true;
        ++i;
    }
    if (i == s.size())
        return false;
    std::uint64_t v = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
        // Exact overflow test: the old `v > (UINT64_MAX - 9) / 10` also refused 18446744073709551610..615.
        const auto digit = std::uint64_t(s[i] - '0');
        if (v > UINT64_MAX / 10 || (v == UINT64_MAX / 10 && digit > UINT64_MAX % 10))
            return false;
        v = v * 10 + digit;
    }
    if (i < s.size()) {
        if (s[i] != '.')
            return false;
        for (++i; i < s.size(); ++i)
            if (s[i] != '0')
                return false; // a fractional id or pid is not an integer
    }
    *out = neg ? -std::int64_t(v) : std::int64_t(v);
    return true;
}

// end - start in ns, 0 when negative. Saturates instead of overflowing: model times reach about
// +-9.2e18 ns, so the difference of two of them may not fit an int64 (found by fuzz_parser).
inline std::int64_t durationBetween(std::int64_t start, std::int64_t end)
{
    std::int64_t d = 0;
    if (__builtin_sub_overflow(end, start, &d))
        return end > start ? INT64_MAX : 0;
    return d > 0 ? d : 0;
}

// Any JSON number text -> double.
inline bool doubleText(std::string_view s, double *out)
{
    char buf[128];
    if (s.empty() || s.size() >= sizeof buf)
        return false;
    s.copy(buf, s.size());
    buf[s.size()] = 0;
    char *end = nullptr;
    *out = std::strtod(buf, &end);
    return end == buf + s.size();
}

} // namespace lanescope
