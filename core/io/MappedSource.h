#pragma once
// The bytes of a trace file, memory-mapped (plain JSON) or inflated into an unlinked file on disk
// (the user's cache folder, see io/InflateTarget.h) and mapped from there (.json.gz), so the JSON
// never sits in anonymous memory or in a RAM-backed /tmp.
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace lanescope {

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
        QString warning;        // e.g. a gzip stream that ended early
        const char *inflatedWith = nullptr; // .gz: "isa-l" or "zlib" (the one whose bytes these are)
    };
    struct OpenOptions
    {
        const std::atomic<bool> *cancel = nullptr;
        QStringList inflateFolders;     // empty: io::inflateFolders(path) (cache folder, beside the trace, temp)
        std::int64_t availableBytes = -1; // >= 0: the free space every folder is taken to have (tests)
    };
    // cancel may be null. Never throws.
    static OpenResult open(const QString &path, const std::atomic<bool> *cancel = nullptr);
    static OpenResult open(const QString &path, const OpenOptions &options);
    // Bytes already in memory (tests, the fuzzer). Never changes on disk.
    static std::shared_ptr<MappedSource> fromBytes(std::string bytes, const QString &name = QString());
    // What open() inflates .json.gz with: "isa-l" (built with libisal, the default; cut-off and
    // corrupt streams are redone with zlib) or "zlib" (LANESCOPE_INFLATE=zlib, or built without it).
    static const char *inflater();

    const char *data() const { return m_data; }
    // True when data()[size()] is a readable NUL: always for fromBytes(), and for a mapping whose
    // size is not a multiple of the page size (the rest of the last page reads as zeros). Lets the
    // parser use RapidJSON's null-terminated StringStream, which is ~25% faster than MemoryStream.
    bool nulTerminated() const { return m_nulTerminated; }
    std::uint64_t size() const { return m_size; }
    std::uint64_t fileBytes() const { return m_fileBytes; }
    bool gzipped() const { return m_gzipped; }
    const QString &path() const { return m_path; }
    // .json.gz: the folder its inflated bytes are kept in (as an unlinked file); empty otherwise.
    QString inflatedInto() const;

    // False when the file on disk no longer matches what was mapped (size or mtime changed): reads
    // from the mapping past a shrunken end would fault. Inflated .gz data lives in our own file.
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
    QString m_path;
    std::int64_t m_mtimeNs = 0;
};

} // namespace lanescope
