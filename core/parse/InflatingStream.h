// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A .json.gz read front to back for the loader: the inflater behind it saves a packed resume point
// every 2 MB of output (io::InflaterSnapshot: ~7 KB with ISA-L, ~3 KB with zlib), for
// io::SourceReader later; and a RapidJSON input stream over it reads the top level of the JSON (the
// header keys around traceEvents) without holding the file.
#include "core/io/GzipInflater.h"
#include "core/io/MappedSource.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lanescope::parse {

class InflatingInput
{
public:
    // Between packed resume points: one event's details then inflate ~1 MB on average (~0.6 ms with
    // ISA-L) instead of ~16 MB; on a 1 GB trace ~500 points of ~7 KB, under 1 B per event. With
    // zlib a point waits for the next deflate block to start (a few tens of KB further on).
    static constexpr std::uint64_t kPackedResumeSpacing = 2ull << 20;
    // Between whole copies (87 KB with ISA-L): the spacing of the unpacked points, for comparison.
    static constexpr std::uint64_t kResumeSpacing = 32ull << 20;

    // cancel may be null; once it is set, read() returns 0 (the top level stops reading). spacing:
    // the bytes of output between resume points; 0: the default for the kind below. copies: save
    // whole copies of the state, not packed snapshots (how points were kept before packing;
    // bench_load measures the two side by side).
    explicit InflatingInput(std::unique_ptr<io::GzipInflater> inflater, const std::atomic<bool> *cancel = nullptr,
                            std::uint64_t spacing = 0, bool copies = false);
    // Fills out[0..n) unless the stream ends first (or a cancel comes); returns the bytes read.
    std::size_t read(char *out, std::size_t n);
    bool over() const { return m_inflater->over(); }
    std::uint64_t produced() const { return m_inflater->produced(); }
    const io::GzipInflater &inflater() const { return *m_inflater; }
    std::vector<MappedSource::ResumePoint> takePoints() { return std::move(m_points); }

private:
    std::unique_ptr<io::GzipInflater> m_inflater;
    const std::atomic<bool> *m_cancel;
    std::vector<MappedSource::ResumePoint> m_points;
    std::uint64_t m_spacing;
    std::uint64_t m_nextPoint;
    bool m_copies;
    bool m_pointDue = false; // past m_nextPoint's place, waiting for a packable one (zlib)
};

// RapidJSON's input stream concept (Peek, Take, Tell) over the inflated bytes. Tell() is the offset
// in the whole JSON. Bytes already inflated by someone else can be put back in front (unread()).
class InflatingStream
{
public:
    typedef char Ch;
    explicit InflatingStream(InflatingInput &in) : m_in(in) {}

    bool atEnd() { return m_pos == m_buf.size() && !refill(); }
    Ch Peek() { return atEnd() ? '\0' : m_buf[m_pos]; }
    Ch Take()
    {
        if (atEnd())
            return '\0';
        return m_buf[m_pos++];
    }
    std::size_t Tell() const { return std::size_t(m_bufAt + m_pos); }

    // The bytes inflated but not read yet (they start at Tell()); the stream is empty after.
    std::string takeBuffered();
    // Makes `bytes`, which start at offset `at`, the next ones read, before the inflater's.
    void unread(std::string bytes, std::uint64_t at);
    InflatingInput &input() { return m_in; }

    // Output side of the concept: never used (no in-situ parsing).
    Ch *PutBegin() { return nullptr; }
    void Put(Ch) {}
    void Flush() {}
    std::size_t PutEnd(Ch *) { return 0; }

private:
    bool refill();

    InflatingInput &m_in;
    std::string m_buf;
    std::size_t m_pos = 0;
    std::uint64_t m_bufAt = 0; // offset of m_buf[0]
};

} // namespace lanescope::parse
