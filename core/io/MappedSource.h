// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The bytes of a trace file: a plain JSON file memory-mapped, or a .json.gz whose compressed bytes
// are mapped and inflated on demand. The loader inflates a .json.gz once, front to back, parsing as
// it goes (parse/StreamedArray.h), and leaves resume points here; later reads of one event's bytes
// (io/SourceReader.h) re-inflate from the nearest one. So the inflated JSON is never held, neither in
// memory nor on disk (no disk space needed, no RAM taken on a tmpfs /tmp).
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lanescope {

namespace io {
class GzipInflater;
class InflaterSnapshot;
}

class MappedSource
{
public:
    ~MappedSource();
    MappedSource(const MappedSource &) = delete;
    MappedSource &operator=(const MappedSource &) = delete;

    struct OpenResult
    {
        std::shared_ptr<MappedSource> source;
        QString error;          // set when source is null
    };
    // Never throws. A .json.gz is only mapped here: its bytes come from inflate().
    static OpenResult open(const QString &path);
    // Bytes already in memory (tests, the fuzzer). Never changes on disk.
    static std::shared_ptr<MappedSource> fromBytes(std::string bytes, const QString &name = QString());
    // What .json.gz is inflated with: "isa-l" (built with libisal, the default; where it cannot go
    // on, a cut-off or corrupt stream, zlib takes over) or "zlib" (LANESCOPE_INFLATE=zlib, or built
    // without it).
    static const char *inflater();

    // The JSON itself; null for a .json.gz (read it with inflate() or io::SourceReader).
    const char *data() const { return m_data; }
    // True when data()[size()] is a readable NUL: always for fromBytes(), and for a mapping whose
    // size is not a multiple of the page size (the rest of the last page reads as zeros). Lets the
    // parser use RapidJSON's null-terminated StringStream, which is ~25% faster than MemoryStream.
    bool nulTerminated() const { return m_nulTerminated; }
    // Bytes of JSON. A .json.gz: what it inflated to, known once the loader has read it through
    // (0 before).
    std::uint64_t size() const { return m_size; }
    std::uint64_t fileBytes() const { return m_fileBytes; }
    bool gzipped() const { return m_gzipped; }
    const QString &path() const { return m_path; }

    // .json.gz: the compressed bytes (mapped) and a new inflater at their start.
    const unsigned char *compressed() const;
    std::uint64_t compressedSize() const { return m_fileBytes; }
    std::unique_ptr<io::GzipInflater> inflateFromStart() const;
    // An inflater's state saved after `offset` inflated bytes (packed: see io::InflaterSnapshot).
    struct ResumePoint
    {
        std::uint64_t offset = 0;
        std::shared_ptr<const io::InflaterSnapshot> state;
    };
    // Called by the loader once it has inflated the whole stream: its size, the inflater that made
    // it ("isa-l", or "zlib" where zlib took over) and the resume points, in offset order.
    void setInflated(std::uint64_t size, const char *engine, std::vector<ResumePoint> points);
    // The last resume point at or before offset (the start of the stream if none).
    ResumePoint resumePointFor(std::uint64_t offset) const;
    std::size_t resumePoints() const;
    // The memory the resume points hold.
    std::size_t resumePointBytes() const;
    const char *inflatedWith() const { return m_inflatedWith; }

    // One event's JSON text at offset, through a reader all such one-off reads share (the Details
    // panel): reads near the last one cost no inflating. False with *error set if it cannot be
    // read. Thread-safe. Many reads in a row are faster with a SourceReader of one's own.
    bool objectAt(std::uint64_t offset, std::string *text, QString *error) const;

    // False when the file on disk no longer matches what was mapped (size or mtime changed): reads
    // from the mapping past a shrunken end would fault. A .json.gz is read from its mapping too.
    bool stillValid(QString *why = nullptr) const;

    // Advise the kernel how we are about to read.
    void adviseSequential() const;
    void adviseRandom() const;

private:
    MappedSource() = default;
    struct Impl;
    std::unique_ptr<Impl> d;
    const char *m_data = nullptr;
    std::uint64_t m_size = 0;
    std::uint64_t m_fileBytes = 0;
    bool m_gzipped = false;
    bool m_nulTerminated = false;
    const char *m_inflatedWith = nullptr;
    QString m_path;
    std::int64_t m_mtimeNs = 0;
};

} // namespace lanescope
