#include "io/MappedSource.h"

#include "io/InflateTarget.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <boost/interprocess/file_mapping.hpp>
#include <boost/interprocess/mapped_region.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#ifdef LANESCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace bip = boost::interprocess;

namespace lanescope {

struct MappedSource::Impl
{
    bip::file_mapping mapping;
    bip::mapped_region region;
    std::string bytes; // fromBytes()
    // .json.gz: the inflated bytes, mapped from an unlinked file we hold no descriptor of.
    void *inflated = nullptr;
    std::size_t inflatedSize = 0;
    QString inflatedInto;
    ~Impl()
    {
        if (inflated)
            ::munmap(inflated, inflatedSize);
    }
    void advise(int posixAdvice, bip::mapped_region::advice_types boostAdvice)
    {
        if (inflated)
            ::madvise(inflated, inflatedSize, posixAdvice);
        else if (region.get_size())
            region.advise(boostAdvice);
    }
};

namespace {

// lupdate files Text::tr() strings under the "MappedSource" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(MappedSource)
};

bool statFile(const QString &path, std::uint64_t *size, std::int64_t *mtimeNs)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    *size = static_cast<std::uint64_t>(st.st_size);
    *mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    return true;
}

bool mapWhole(const QString &path, MappedSource::OpenResult &, std::unique_ptr<bip::file_mapping> &fm,
              std::unique_ptr<bip::mapped_region> &region, QString *error)
{
    try {
        fm = std::make_unique<bip::file_mapping>(QFile::encodeName(path).constData(), bip::read_only);
        region = std::make_unique<bip::mapped_region>(*fm, bip::read_only);
    } catch (const bip::interprocess_exception &e) {
        *error = Text::tr("cannot map %1: %2").arg(path, QString::fromLocal8Bit(e.what()));
        return false;
    }
    return true;
}

// Appends the inflated bytes to the unlinked scratch file through a shared writable mapping of it,
// its blocks reserved ahead with fallocate(); says which folder filled up, and how far it got, when
// the disk runs out after all (the size check before is an estimate past 4 GiB).
//
// Why a mapping and not write(): on ext4 (Debian 12, kernel 6.x here) write() into fresh page
// cache costs 3-4 s of kernel time per GB, against 0.3 s for the same pages faulted in through a
// mapping of preallocated blocks (measured: 1 GB in 4 MB writes, 3.0-4.0 s sys, against
// fallocate + MAP_SHARED + memcpy, 0.26-0.27 s sys). That was most of what a .json.gz cost over
// its plain file (issue 13). Reserving the blocks first keeps a full disk an error reported here,
// never a SIGBUS on a page written later. A file system without fallocate() gets write().
struct ScratchWriter
{
    int fd = -1;
    QString folder;
    std::uint64_t written = 0;
    std::uint64_t expected = 0; // what the stream should inflate to (the estimate): the first reservation

    ~ScratchWriter()
    {
        if (m_map)
            ::munmap(m_map, std::size_t(m_capacity));
    }

    bool write(const void *data, std::size_t n, QString *error)
    {
        if (!m_noMapping && written + n > m_capacity && !grow(n, error))
            return false;
        if (m_noMapping)
            return writeCall(data, n, error);
        std::memcpy(m_map + written, data, n);
        written += std::uint64_t(n);
        return true;
    }
    bool restart(QString *error)
    {
        if (!m_noMapping) {
            written = 0; // the reserved blocks and the mapping are reused
            return true;
        }
        if (::ftruncate(fd, 0) == 0 && ::lseek(fd, 0, SEEK_SET) == 0) {
            written = 0;
            return true;
        }
        *error = Text::tr("cannot write the inflated trace to %1: %2").arg(folder, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    // The file cut to what was written (the reserve beyond it released), the writable mapping gone.
    bool finish(QString *error)
    {
        if (m_map) {
            ::munmap(m_map, std::size_t(m_capacity));
            m_map = nullptr;
        }
        if (!m_noMapping && ::ftruncate(fd, off_t(written)) != 0) {
            *error = Text::tr("cannot write the inflated trace to %1: %2").arg(folder, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        return true;
    }

private:
    char *m_map = nullptr;
    std::uint64_t m_capacity = 0; // bytes reserved and mapped
    bool m_noMapping = false;     // fallocate() unsupported here: plain write() calls

    QString spaceError(int e) const
    {
        return e == ENOSPC || e == EDQUOT
            ? Text::tr("ran out of space in %1 after %2 of the inflated trace").arg(folder, io::formatSize(written))
            : Text::tr("cannot write the inflated trace to %1: %2").arg(folder, QString::fromLocal8Bit(std::strerror(e)));
    }

    bool grow(std::size_t n, QString *error)
    {
        const std::uint64_t page = std::uint64_t(::sysconf(_SC_PAGESIZE));
        std::uint64_t want = std::max<std::uint64_t>({written + n, m_capacity ? m_capacity + m_capacity / 2 : expected, 64ull << 20});
        want = (want + page - 1) / page * page;
        const int rc = ::posix_fallocate(fd, 0, off_t(want));
        if (rc == EOPNOTSUPP || rc == EINVAL) {
            // No preallocation on this file system: the mapping could fault on a full disk. Go on
            // with write() after what the mapping holds.
            if (m_map && !finish(error))
                return false;
            if (::lseek(fd, off_t(written), SEEK_SET) < 0) {
                *error = spaceError(errno);
                return false;
            }
            m_noMapping = true;
            return true;
        }
        if (rc != 0) {
            *error = spaceError(rc);
            return false;
        }
        void *map = m_map ? ::mremap(m_map, std::size_t(m_capacity), std::size_t(want), MREMAP_MAYMOVE)
                          : ::mmap(nullptr, std::size_t(want), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (map == MAP_FAILED) {
            *error = spaceError(errno);
            return false;
        }
        m_map = static_cast<char *>(map);
        m_capacity = want;
        return true;
    }

    bool writeCall(const void *data, std::size_t n, QString *error)
    {
        const char *p = static_cast<const char *>(data);
        while (n > 0) {
            const ssize_t w = ::write(fd, p, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                *error = spaceError(w < 0 ? errno : ENOSPC);
                return false;
            }
            p += w;
            n -= std::size_t(w);
            written += std::uint64_t(w);
        }
        return true;
    }
};

// Inflates gzip data (possibly several concatenated members) into out with zlib. Returns false on
// corrupt data; *ended is false if the stream stopped before its end marker (the profiler was killed).
bool inflateZlib(const unsigned char *in, std::uint64_t inSize, ScratchWriter &out, bool *ended, QString *error,
                 const std::atomic<bool> *cancel)
{
    z_stream zs = {};
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
        *error = Text::tr("zlib could not be initialised");
        return false;
    }
    std::vector<unsigned char> buf(1 << 20);
    std::uint64_t offset = 0;
    *ended = false;
    bool ok = true;
    while (offset < inSize) {
        // avail_in is 32-bit: feed at most 1 GiB at a time so >4 GB inputs work.
        const std::uint64_t chunk = std::min<std::uint64_t>(inSize - offset, 1u << 30);
        zs.next_in = const_cast<unsigned char *>(in + offset);
        zs.avail_in = static_cast<uInt>(chunk);
        int rc = Z_OK;
        while (zs.avail_in > 0) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                *error = Text::tr("cancelled");
                inflateEnd(&zs);
                return false;
            }
            zs.next_out = buf.data();
            zs.avail_out = static_cast<uInt>(buf.size());
            rc = inflate(&zs, Z_NO_FLUSH);
            const auto produced = buf.size() - zs.avail_out;
            if (produced && !out.write(buf.data(), produced, error)) {
                inflateEnd(&zs);
                return false;
            }
            if (rc == Z_STREAM_END) {
                *ended = true;
                // Another gzip member may follow (concatenated .gz files are valid).
                const std::uint64_t used = offset + (chunk - zs.avail_in);
                if (used + 2 <= inSize && in[used] == 0x1f && in[used + 1] == 0x8b) {
                    inflateReset(&zs);
                    *ended = false;
                    continue;
                }
                zs.avail_in = 0; // trailing garbage after the last member is ignored
                offset = inSize;
                break;
            }
            if (rc == Z_BUF_ERROR && produced == 0)
                break;
            if (rc != Z_OK) {
                *error = Text::tr("the gzip data is corrupt near compressed byte %1: %2")
                             .arg(offset + (chunk - zs.avail_in))
                             .arg(QString::fromLatin1(zs.msg ? zs.msg : "inflate failed"));
                ok = false;
                break;
            }
        }
        if (!ok || rc == Z_STREAM_END)
            break;
        offset += chunk;
    }
    inflateEnd(&zs);
    return ok;
}

bool useIsal()
{
#ifdef LANESCOPE_HAVE_ISAL
    // LANESCOPE_INFLATE=zlib forces the portable path (benchmarks compare the two; so do the tests).
    return qgetenv("LANESCOPE_INFLATE") != "zlib";
#else
    return false;
#endif
}

#ifdef LANESCOPE_HAVE_ISAL
enum class IsalResult { Done, Redo, Failed };

// The fast path: ISA-L's igzip inflates ~10x faster than zlib (issue 13: 0.3-0.4 s against 4.2 s
// for a 61 MB gzip of a 1 GB trace). Only a stream that inflates cleanly to its last member's end
// is taken from it; a cut-off or corrupt stream returns Redo, and zlib does it again from the start,
// so what such a file loads and what the user is told stays exactly zlib's (where the data is bad,
// the bytes before a cut). Those files are rare; inflating them twice costs little.
IsalResult inflateIsal(const unsigned char *in, std::uint64_t inSize, ScratchWriter &out, QString *error,
                       const std::atomic<bool> *cancel)
{
    inflate_state st;
    isal_inflate_init(&st);
    st.crc_flag = ISAL_GZIP; // parse the gzip header, check the CRC-32 and size in the trailer
    std::vector<std::uint8_t> buf(4u << 20);
    std::uint64_t fed = 0; // input handed to ISA-L so far
    st.next_in = const_cast<std::uint8_t *>(in);
    st.avail_in = 0;
    for (;;) {
        if (st.avail_in == 0 && fed < inSize) {
            // avail_in is 32-bit: at most 1 GiB at a time so >4 GB inputs work.
            const std::uint64_t chunk = std::min<std::uint64_t>(inSize - fed, 1u << 30);
            st.next_in = const_cast<std::uint8_t *>(in + fed);
            st.avail_in = static_cast<std::uint32_t>(chunk);
            fed += chunk;
        }
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            *error = Text::tr("cancelled");
            return IsalResult::Failed;
        }
        const std::uint32_t inBefore = st.avail_in;
        st.next_out = buf.data();
        st.avail_out = static_cast<std::uint32_t>(buf.size());
        const int rc = isal_inflate(&st);
        const std::size_t produced = buf.size() - st.avail_out;
        if (produced && !out.write(buf.data(), produced, error))
            return IsalResult::Failed;
        if (rc < 0)
            return IsalResult::Redo; // corrupt: zlib says where
        if (st.block_state == ISAL_BLOCK_FINISH) {
            // Another gzip member may follow (concatenated .gz files are valid); anything else after
            // the last member is ignored, as zlib's path does.
            const std::uint64_t used = std::uint64_t(st.next_in - in);
            if (used + 2 <= inSize && in[used] == 0x1f && in[used + 1] == 0x8b) {
                std::uint8_t *next = st.next_in;
                const std::uint32_t avail = st.avail_in;
                isal_inflate_reset(&st);
                st.crc_flag = ISAL_GZIP;
                st.next_in = next;
                st.avail_in = avail;
                continue;
            }
            return IsalResult::Done;
        }
        if (produced == 0 && st.avail_in == inBefore && (st.avail_in > 0 || fed >= inSize))
            return IsalResult::Redo; // no progress: the stream is cut off (or stuck), let zlib decide
    }
}
#endif

// Inflates with ISA-L where it is built in, else (or where ISA-L declines the stream) with zlib.
bool inflateTo(const unsigned char *in, std::uint64_t inSize, ScratchWriter &out, bool *ended, QString *error,
               const std::atomic<bool> *cancel, const char **with)
{
#ifdef LANESCOPE_HAVE_ISAL
    if (useIsal()) {
        *with = "isa-l";
        switch (inflateIsal(in, inSize, out, error, cancel)) {
        case IsalResult::Done: *ended = true; return true;
        case IsalResult::Failed: return false;
        case IsalResult::Redo:
            if (!out.restart(error))
                return false;
            break;
        }
    }
#endif
    *with = "zlib";
    return inflateZlib(in, inSize, out, ended, error, cancel);
}

} // namespace

const char *MappedSource::inflater()
{
    return useIsal() ? "isa-l" : "zlib";
}

MappedSource::~MappedSource() = default;

MappedSource::OpenResult MappedSource::open(const QString &path, const std::atomic<bool> *cancel)
{
    OpenOptions options;
    options.cancel = cancel;
    return open(path, options);
}

MappedSource::OpenResult MappedSource::open(const QString &path, const OpenOptions &options)
{
    const std::atomic<bool> *cancel = options.cancel;
    OpenResult r;
    QFileInfo fi(path);
    if (!fi.exists()) {
        r.error = Text::tr("%1: no such file").arg(path);
        return r;
    }
    if (fi.isDir()) {
        r.error = Text::tr("%1 is a folder, not a trace file").arg(path);
        return r;
    }
    std::uint64_t size = 0;
    std::int64_t mtime = 0;
    if (!statFile(path, &size, &mtime) || !fi.isReadable()) {
        r.error = Text::tr("%1: cannot read the file (%2)").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return r;
    }
    if (size == 0) {
        r.error = Text::tr("%1 is empty (0 bytes): not a trace").arg(path);
        return r;
    }

    std::unique_ptr<bip::file_mapping> fm;
    std::unique_ptr<bip::mapped_region> region;
    if (!mapWhole(path, r, fm, region, &r.error))
        return r;

    std::shared_ptr<MappedSource> src(new MappedSource);
    src->m_path = path;
    src->m_fileBytes = size;
    src->m_mtimeNs = mtime;
    src->d = std::make_unique<Impl>();

    const auto *bytes = static_cast<const unsigned char *>(region->get_address());
    const std::uint64_t mappedSize = region->get_size();
    const bool gz = mappedSize >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b;
    if (!gz) {
        src->d->mapping.swap(*fm);
        src->d->region.swap(*region);
        src->m_data = static_cast<const char *>(src->d->region.get_address());
        src->m_size = src->d->region.get_size();
        src->m_nulTerminated = src->m_size % bip::mapped_region::get_page_size() != 0;
        r.source = std::move(src);
        return r;
    }

    // gzip: inflate into an unlinked file on disk-backed storage, checked first to have room for
    // what the trailer and the compression ratio say it inflates to. The file has no name while we
    // write it (O_TMPFILE), so nothing is left behind even if we crash; the mapping keeps it alive.
    // The compressed mapping is dropped once it is inflated.
    const io::InflatedSize need = io::estimateInflatedSize(bytes, mappedSize);
    const QStringList folders = options.inflateFolders.isEmpty() ? io::inflateFolders(path) : options.inflateFolders;
    const io::ScratchFile scratch = io::createScratchFile(folders, need, options.availableBytes);
    if (scratch.fd < 0) {
        r.error = Text::tr("%1: %2").arg(path, scratch.error);
        return r;
    }
    struct CloseFd
    {
        int fd;
        ~CloseFd() { ::close(fd); }
    } closeFd{scratch.fd};
    ScratchWriter out;
    out.fd = scratch.fd;
    out.folder = scratch.folder;
    out.expected = need.bytes;
    bool ended = false;
    QString error;
    if (!inflateTo(bytes, mappedSize, out, &ended, &error, cancel, &r.inflatedWith) || !out.finish(&error)) {
        r.error = Text::tr("%1: %2").arg(path, error);
        return r;
    }
    if (!ended)
        r.warning = Text::tr("the gzip stream ends early (the file was cut off); loading what it holds");
    if (out.written == 0) {
        r.error = Text::tr("%1 inflates to nothing: not a trace").arg(path);
        return r;
    }
    region.reset();
    fm.reset();
    static_assert(sizeof(std::size_t) >= sizeof(std::uint64_t), "a 64-bit address space maps any inflated size");
    void *map = ::mmap(nullptr, std::size_t(out.written), PROT_READ, MAP_SHARED, scratch.fd, 0);
    if (map == MAP_FAILED) {
        r.error = Text::tr("cannot map the inflated %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return r;
    }
    src->d->inflated = map;
    src->d->inflatedSize = std::size_t(out.written);
    src->d->inflatedInto = scratch.folder;
    src->m_data = static_cast<const char *>(map);
    src->m_size = out.written;
    src->m_nulTerminated = src->m_size % bip::mapped_region::get_page_size() != 0;
    src->m_gzipped = true;
    r.source = std::move(src);
    return r;
}

std::shared_ptr<MappedSource> MappedSource::fromBytes(std::string bytes, const QString &name)
{
    std::shared_ptr<MappedSource> src(new MappedSource);
    src->d = std::make_unique<Impl>();
    src->d->bytes = std::move(bytes);
    src->m_data = src->d->bytes.data();
    src->m_size = src->d->bytes.size();
    src->m_fileBytes = src->m_size;
    src->m_nulTerminated = true; // std::string keeps a NUL after its last byte
    src->m_path = name;
    return src;
}

bool MappedSource::stillValid(QString *why) const
{
    if (m_gzipped || m_path.isEmpty() || !d->bytes.empty() || m_fileBytes == 0)
        return true;
    std::uint64_t size = 0;
    std::int64_t mtime = 0;
    if (!statFile(m_path, &size, &mtime)) {
        if (why)
            *why = Text::tr("%1 is gone from disk").arg(m_path);
        return false;
    }
    if (size != m_fileBytes || mtime != m_mtimeNs) {
        if (why)
            *why = Text::tr("%1 changed on disk since it was opened; reload it").arg(m_path);
        return false;
    }
    return true;
}

void MappedSource::adviseSequential() const
{
    d->advise(MADV_SEQUENTIAL, bip::mapped_region::advice_sequential);
}

void MappedSource::adviseRandom() const
{
    d->advise(MADV_RANDOM, bip::mapped_region::advice_random);
}

QString MappedSource::inflatedInto() const
{
    return d->inflatedInto;
}

} // namespace lanescope
