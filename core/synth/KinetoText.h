// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Appending JSON text as Kineto prints it: deterministic, locale-free numbers and escaped strings.
#include "core/synth/CuptiTypes.h"

#include <cstdint>
#include <string>

namespace lanescope::synth::detail {

inline void appendInt(std::string &s, std::int64_t v) { s += std::to_string(v); }

// Kineto writes times in microseconds with three decimals (nanosecond resolution).
inline void appendUs(std::string &s, TimeNs ns)
{
    if (ns < 0) {
        s += '-';
        ns = -ns;
    }
    s += std::to_string(ns / 1000);
    const int frac = int(ns % 1000);
    s += '.';
    s += char('0' + frac / 100);
    s += char('0' + frac / 10 % 10);
    s += char('0' + frac % 10);
}

// Fixed six decimals with trailing zeros dropped ("4.740741", "0.3"), as Kineto prints floats.
inline void appendFloat6(std::string &s, double v)
{
    const std::int64_t scaled = std::int64_t(v * 1e6 + (v >= 0 ? 0.5 : -0.5));
    std::int64_t whole = scaled / 1000000, frac = scaled % 1000000;
    if (frac < 0) {
        frac = -frac;
        if (whole == 0)
            s += '-';
    }
    s += std::to_string(whole);
    if (frac == 0)
        return;
    std::string f = std::to_string(frac);
    f.insert(0, 6 - f.size(), '0');
    while (!f.empty() && f.back() == '0')
        f.pop_back();
    s += '.';
    s += f;
}

inline void appendJsonString(std::string &s, const std::string &v)
{
    s += '"';
    for (const char ch : v) {
        switch (ch) {
        case '"': s += "\\\""; break;
        case '\\': s += "\\\\"; break;
        case '\n': s += "\\n"; break;
        case '\t': s += "\\t"; break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                s += "\\u00";
                s += hex[(ch >> 4) & 0xf];
                s += hex[ch & 0xf];
            } else {
                s += ch;
            }
        }
    }
    s += '"';
}

inline std::string dims(std::int64_t a, std::int64_t b) { return "[" + std::to_string(a) + ", " + std::to_string(b) + "]"; }

} // namespace lanescope::synth::detail
