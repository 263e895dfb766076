// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Random reads of a trace's JSON by byte offset, the same for a mapped file and a .json.gz. For a
// .json.gz each read re-inflates from the nearest resume point the loader left (at most 2 MB away
// with ISA-L, ~0.6 ms; 32 MB with zlib) and keeps what it inflated, so reads in file order cost one
// pass in all.
// One reader per thread; many can read one source at once.
#include <QString>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace lanescope {

class MappedSource;
namespace io {
class GzipInflater;
}

class SourceReader
{
public:
    explicit SourceReader(const MappedSource &source);
    ~SourceReader();
    SourceReader(const SourceReader &) = delete;
    SourceReader &operator=(const SourceReader &) = delete;

    // At least `want` bytes from offset on (fewer only at the end of the JSON): for a mapped file
    // every byte to its end. Valid until the next call. Empty past the end, or when the file can no
    // longer be read (error() says why).
    std::string_view at(std::uint64_t offset, std::size_t want);
    // The bytes of the JSON object or array that starts at offset, brackets matched outside
    // strings; empty if there is none there or it does not end.
    std::string_view object(std::uint64_t offset);

    const QString &error() const { return m_error; }

private:
    bool fill(std::uint64_t offset, std::size_t want);

    const MappedSource &m_src;
    std::unique_ptr<io::GzipInflater> m_inflater; // positioned at m_begin + m_window.size()
    std::vector<char> m_window;                   // inflated bytes from m_begin
    std::uint64_t m_begin = 0;
    QString m_error;
};

} // namespace lanescope
