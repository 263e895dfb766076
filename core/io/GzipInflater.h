// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A gzip file (every member of a concatenated one) inflated front to back, a piece at a time, into
// buffers the caller owns; its whole state can be copied at any point, or saved small (snapshot())
// to resume from later. The loader parses the pieces as they come and saves a snapshot every 2 MB;
// SourceReader resumes from the nearest one to re-inflate one event's bytes.
// A .json.gz is never held inflated, in memory or on disk.
//
// ISA-L where it is built in (about 5x zlib's speed), zlib otherwise (LANESCOPE_INFLATE=zlib, or
// built without it). Where ISA-L cannot go on (a cut-off or corrupt stream), zlib takes over from
// the byte ISA-L reached, so such a file yields exactly zlib's bytes and zlib's verdict.
#include <QString>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace lanescope::io {

class GzipInflater;

// An inflater's state saved at one point of the stream, to resume from later (the loader's resume
// points). ISA-L's is packed: the part of its 87 KB state that is live (the current block's decode
// tables, the last 32 KB of output, the bit buffer) deflated, about 7 KB on a trace. zlib's state
// points into itself and is packed only where a deflate block starts: the last 32 KB of output,
// deflated (~3 KB), and where the block begins; elsewhere it is a whole copy (~40 KB).
class InflaterSnapshot
{
public:
    virtual ~InflaterSnapshot() = default;
    // A new inflater that yields from here exactly the bytes the saved one would have.
    virtual std::unique_ptr<GzipInflater> resume() const = 0;
    // The memory it holds.
    virtual std::size_t bytes() const = 0;
};

class GzipInflater
{
public:
    enum class State {
        Running,
        Ended,   // the last member's end marker (anything after it is ignored, as gzip does)
        Cut,     // the input ends before the end marker: the profiler was stopped while writing
        Corrupt, // error() says where
    };

    // gz must stay mapped while this inflater and its copies live.
    static std::unique_ptr<GzipInflater> create(const unsigned char *gz, std::uint64_t size);
    // What create() inflates with: "isa-l" or "zlib".
    static const char *defaultEngine();

    virtual ~GzipInflater() = default;
    // The state as it is now: inflating the copy yields the bytes this one would from here.
    virtual std::unique_ptr<GzipInflater> clone() const = 0;
    // The state as it is now, saved to resume() later: packed small where packableHere(), else (or
    // with packed false) a whole copy (~40 KB for zlib, 87 KB for ISA-L), as every resume point was
    // kept before packed snapshots.
    virtual std::shared_ptr<const InflaterSnapshot> snapshot(bool packed = true) const = 0;
    // Whether snapshot() packs here: anywhere with ISA-L; with zlib where a deflate block starts
    // (its 32 KB window is then the whole state), every few tens of KB of output.
    virtual bool packableHere() const = 0;
    // Like read(), but stops early at the next place packableHere().
    virtual std::size_t readToPackable(unsigned char *out, std::size_t n) = 0;
    // Inflates up to n bytes into out; fewer only once the stream is over (state() says why).
    virtual std::size_t read(unsigned char *out, std::size_t n) = 0;
    // Reads and drops n bytes; false if the stream ends first.
    bool skip(std::uint64_t n);

    State state() const { return m_state; }
    bool over() const { return m_state != State::Running; }
    std::uint64_t produced() const { return m_produced; } // inflated bytes so far
    const QString &error() const { return m_error; }
    // "isa-l" or "zlib": whose bytes these are (zlib once it has taken over a stream ISA-L declined).
    virtual const char *engine() const = 0;

protected:
    GzipInflater(const unsigned char *gz, std::uint64_t size) : m_in(gz), m_inSize(size) {}
    GzipInflater(const GzipInflater &) = default;
    const unsigned char *m_in;
    std::uint64_t m_inSize;
    State m_state = State::Running;
    std::uint64_t m_produced = 0;
    QString m_error;
};

std::unique_ptr<GzipInflater> createZlibInflater(const unsigned char *gz, std::uint64_t size);

} // namespace lanescope::io
