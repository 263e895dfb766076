// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Three of a track's slice columns held narrower than their values: a slice's duration and its
// event's byte offset in the file in four bytes instead of eight, its depth in one byte instead of
// two. Together they take the model from 32 to 23 bytes a slice (the load's budget: at most 22
// bytes of memory an event). The few values that do not fit live beside the
// column; reading the common case costs one load and one compare. Columns are written once, in
// slice order, by the merge (core/parse/TraceMerge.cpp), and only read afterwards.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace lanescope {

// A column of values that nearly always fit a narrow type: those from 0 to the narrow type's
// largest value less one are held inline, anything else (negative too) in a side table sorted by
// slice index, marked inline by the largest value. Appended in index order.
template <typename Narrow, typename Wide>
class NarrowColumn
{
public:
    Wide operator[](std::size_t i) const
    {
        const Narrow d = m_near[i];
        return d != kFar ? Wide(d) : far(i);
    }
    std::size_t size() const { return m_near.size(); }
    bool empty() const { return m_near.empty(); }
    void reserve(std::size_t n) { m_near.reserve(n); }
    void push_back(Wide d)
    {
        bool inRange = d < Wide(kFar);
        if constexpr (std::is_signed_v<Wide>)
            inRange = inRange && d >= 0;
        if (inRange) {
            m_near.push_back(Narrow(d));
        } else {
            m_far.push_back(Far{m_near.size(), d});
            m_near.push_back(kFar);
        }
    }
    // The largest value, 0 for an empty column or one of negative values only.
    Wide max() const
    {
        Narrow m = 0;
        for (Narrow d : m_near)
            if (d != kFar && d > m)
                m = d;
        Wide w = Wide(m);
        for (const Far &f : m_far)
            w = std::max(w, f.value);
        return w;
    }
    std::size_t farCount() const { return m_far.size(); }
    std::size_t heapBytes() const { return m_near.capacity() * sizeof(Narrow) + m_far.capacity() * sizeof(Far); }

private:
    static constexpr Narrow kFar = std::numeric_limits<Narrow>::max();
    struct Far
    {
        std::size_t index;
        Wide value;
    };
    Wide far(std::size_t i) const
    {
        const auto it = std::lower_bound(m_far.begin(), m_far.end(), i, [](const Far &f, std::size_t k) { return f.index < k; });
        return it != m_far.end() && it->index == i ? it->value : Wide(0);
    }
    std::vector<Narrow> m_near;
    std::vector<Far> m_far;
};

// Durations in nanoseconds: 0 to 2^32 - 2 ns (4.29 s) inline. The ProfilerStep of a slow step, a
// 'B' that never ended and is drawn to the trace's end, go to the side table.
using DurationColumn = NarrowColumn<std::uint32_t, std::int64_t>;
// Nesting depths: 0 to 254 inline; deeper Python stacks to the side table.
using DepthColumn = NarrowColumn<std::uint8_t, std::uint16_t>;

// Byte offsets of events' '{' in the (inflated) JSON. Files under 4 GiB, nearly every rank's
// trace, need the low four bytes alone; the high part (two bytes a slice, to 256 TiB) is allocated
// the first time an offset needs it.
class OffsetColumn
{
public:
    std::uint64_t operator[](std::size_t i) const
    {
        return !m_wide ? m_low[i] : (std::uint64_t(m_high[i]) << 32 | m_low[i]);
    }
    std::size_t size() const { return m_low.size(); }
    bool empty() const { return m_low.empty(); }
    void reserve(std::size_t n) { m_low.reserve(n); }
    void push_back(std::uint64_t off)
    {
        const auto high = std::uint16_t(std::min<std::uint64_t>(off >> 32, 0xFFFF));
        if (high && !m_wide) {
            m_wide = true;
            m_high.reserve(m_low.capacity());
            m_high.assign(m_low.size(), 0);
        }
        if (m_wide)
            m_high.push_back(high);
        m_low.push_back(std::uint32_t(off));
    }
    std::size_t heapBytes() const { return m_low.capacity() * sizeof(std::uint32_t) + m_high.capacity() * sizeof(std::uint16_t); }

private:
    std::vector<std::uint32_t> m_low;
    std::vector<std::uint16_t> m_high; // beside m_low once m_wide
    bool m_wide = false;
};

} // namespace lanescope
