// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Interned strings (event names, categories, labels), each stored once and referred to by id.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lanescope {

using StringId = std::uint32_t;

class StringTable
{
public:
    static constexpr StringId kEmpty = 0; // id 0 is always the empty string

    StringTable() { m_strings.emplace_back(); }

    std::string_view view(StringId id) const
    {
        return id < m_strings.size() ? std::string_view(m_strings[id]) : std::string_view();
    }
    std::size_t size() const { return m_strings.size(); }

    // Appends without de-duplication; the loader de-duplicates with its own hash maps.
    StringId append(std::string s)
    {
        m_strings.push_back(std::move(s));
        return static_cast<StringId>(m_strings.size() - 1);
    }
    std::size_t bytes() const
    {
        std::size_t n = m_strings.capacity() * sizeof(std::string);
        for (const auto &s : m_strings)
            n += s.capacity() > 15 ? s.capacity() + 1 : 0;
        return n;
    }

private:
    std::vector<std::string> m_strings;
};

} // namespace lanescope
