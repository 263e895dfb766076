// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// W/S held down zoom faster the longer they are held, as in Perfetto: a press is one step of
// kPressFactor; each auto-repeat of the key then zooms at a rate (halvings of the window per
// second) that grows from kStartRate to kMaxRate over kRampMs of holding, applied for the time
// since the previous event, so the speed does not depend on the keyboard's repeat rate. A real
// release (not auto-repeat's), another key or the focus leaving starts over. Pure value type
// (times in ms, from the key events' timestamps), tested in tst_timelinenav.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace lanescope {

class KeyZoomRamp
{
public:
    static constexpr double kPressFactor = 0.7;     // one press: the window to 70 % (it was 80 %)
    static constexpr double kStartRate = 3;         // halvings per second as auto-repeat begins
    static constexpr double kMaxRate = 14;          // after kRampMs held: about 4 decades a second
    static constexpr double kRampMs = 2000;
    static constexpr double kNominalRepeatMs = 33;  // an event without a usable timestamp
    static constexpr double kMaxEventMs = 100;      // a stalled event loop does not jump

    // The factor (< 1) by which this key event shrinks the window (S divides by it). key: which
    // key it is; autoRepeat, timestampMs: the event's.
    double step(int key, bool autoRepeat, std::uint64_t timestampMs)
    {
        if (!autoRepeat || !m_held || key != m_key) {
            m_held = true;
            m_repeating = false;
            m_key = key;
            m_pressMs = m_lastMs = timestampMs;
            return kPressFactor;
        }
        // The first repeat comes after the keyboard's repeat delay: one repeat's worth, not the delay's.
        const double dt = m_repeating && timestampMs > m_lastMs ? std::min(double(timestampMs - m_lastMs), kMaxEventMs)
                                                                : kNominalRepeatMs;
        m_repeating = true;
        m_lastMs = std::max(m_lastMs, timestampMs);
        return std::pow(0.5, rate(m_lastMs) * dt / 1000.0);
    }
    // Halvings per second of an auto-repeat at time nowMs of the current hold.
    double rate(std::uint64_t nowMs) const
    {
        const double held = nowMs > m_pressMs ? double(nowMs - m_pressMs) : 0.0;
        return kStartRate + (kMaxRate - kStartRate) * std::min(1.0, held / kRampMs);
    }
    void release() { m_held = false; }
    bool held() const { return m_held; }

private:
    bool m_held = false, m_repeating = false;
    int m_key = 0;
    std::uint64_t m_pressMs = 0, m_lastMs = 0;
};

} // namespace lanescope
