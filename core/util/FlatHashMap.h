// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Open-addressing hash map for the loader's hot joins (flow ids, correlation ids): one flat array,
// linear probing, no per-node allocation. Keys are 64-bit plus a 32-bit tag; no erase.
#include <cstdint>
#include <vector>

namespace lanescope {

template <typename Value>
class FlatHashMap
{
public:
    explicit FlatHashMap(std::size_t expected = 16) { rehash(capacityFor(expected)); }

    Value *find(std::uint64_t key, std::uint32_t tag = 0)
    {
        for (std::size_t i = slot(key, tag);; i = (i + 1) & m_mask) {
            Slot &s = m_slots[i];
            if (!s.used)
                return nullptr;
            if (s.key == key && s.tag == tag)
                return &s.value;
        }
    }
    // Inserts or overwrites.
    Value &operator()(std::uint64_t key, std::uint32_t tag = 0)
    {
        if ((m_size + 1) * 4 > m_slots.size() * 3)
            rehash(m_slots.size() * 2);
        for (std::size_t i = slot(key, tag);; i = (i + 1) & m_mask) {
            Slot &s = m_slots[i];
            if (!s.used) {
                s.used = true;
                s.key = key;
                s.tag = tag;
                s.value = Value();
                ++m_size;
                return s.value;
            }
            if (s.key == key && s.tag == tag)
                return s.value;
        }
    }
    // Brings key's first slot into the cache ahead of a find or an insert.
    void prefetch(std::uint64_t key, std::uint32_t tag = 0) const { __builtin_prefetch(&m_slots[slot(key, tag)]); }
    std::size_t size() const { return m_size; }

private:
    struct Slot
    {
        std::uint64_t key = 0;
        std::uint32_t tag = 0;
        bool used = false;
        Value value{};
    };
    static std::size_t capacityFor(std::size_t n)
    {
        std::size_t c = 16;
        while (c * 3 < n * 4 + 4)
            c *= 2;
        return c;
    }
    std::size_t slot(std::uint64_t key, std::uint32_t tag) const
    {
        std::uint64_t h = (key ^ (std::uint64_t(tag) << 40)) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        return std::size_t(h) & m_mask;
    }
    void rehash(std::size_t capacity)
    {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.resize(capacity);
        m_mask = capacity - 1;
        m_size = 0;
        for (const Slot &s : old)
            if (s.used)
                (*this)(s.key, s.tag) = s.value;
    }

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_size = 0;
};

} // namespace lanescope
