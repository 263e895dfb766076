// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/MappedSource.h"

#include "core/io/GzipInflater.h"
#include "core/io/InputFile.h"
#include "core/io/SourceReader.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <boost/interprocess/file_mapping.hpp>
#include <boost/interprocess/mapped_region.hpp>

#include <sys/mman.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace bip = boost::interprocess;

namespace lanescope {

struct MappedSource::Impl
{
    bip::file_mapping mapping;
    bip::mapped_region region;
    std::string bytes; // fromBytes()
    std::vector<ResumePoint> points; // .json.gz, in offset order
    std::mutex readerLock;           // objectAt()
    std::unique_ptr<SourceReader> reader;
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

} // namespace

const char *MappedSource::inflater()
{
    return io::GzipInflater::defaultEngine();
}

MappedSource::~MappedSource() = default;

MappedSource::OpenResult MappedSource::open(const QString &path)
{
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
    if (!fi.isFile()) { // a FIFO would block the mapping, a device has no size: said at once
        r.error = io::notAReadableFile(path);
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

    std::shared_ptr<MappedSource> src(new MappedSource);
    src->d = std::make_unique<Impl>();
    try {
        bip::file_mapping fm(QFile::encodeName(path).constData(), bip::read_only);
        bip::mapped_region region(fm, bip::read_only);
        src->d->mapping.swap(fm);
        src->d->region.swap(region);
    } catch (const bip::interprocess_exception &e) {
        r.error = Text::tr("cannot map %1: %2").arg(path, QString::fromLocal8Bit(e.what()));
        return r;
    }
    src->m_path = path;
    src->m_fileBytes = src->d->region.get_size();
    src->m_mtimeNs = mtime;
    const auto *bytes = static_cast<const unsigned char *>(src->d->region.get_address());
    src->m_gzipped = src->m_fileBytes >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b;
    if (!src->m_gzipped) {
        src->m_data = static_cast<const char *>(src->d->region.get_address());
        src->m_size = src->m_fileBytes;
        src->m_nulTerminated = src->m_size % bip::mapped_region::get_page_size() != 0;
    }
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

const unsigned char *MappedSource::compressed() const
{
    return m_gzipped ? static_cast<const unsigned char *>(d->region.get_address()) : nullptr;
}

std::unique_ptr<io::GzipInflater> MappedSource::inflateFromStart() const
{
    return m_gzipped ? io::GzipInflater::create(compressed(), m_fileBytes) : nullptr;
}

void MappedSource::setInflated(std::uint64_t size, const char *engine, std::vector<ResumePoint> points)
{
    m_size = size;
    m_inflatedWith = engine;
    std::lock_guard<std::mutex> g(d->readerLock);
    d->points = std::move(points);
    d->reader.reset(); // objectAt()'s reader resumes from the points it finds, not old ones
}

MappedSource::ResumePoint MappedSource::resumePointFor(std::uint64_t offset) const
{
    const auto &pts = d->points;
    auto it = std::upper_bound(pts.begin(), pts.end(), offset,
                               [](std::uint64_t o, const ResumePoint &p) { return o < p.offset; });
    if (it == pts.begin())
        return ResumePoint{0, nullptr};
    return *(it - 1);
}

bool MappedSource::objectAt(std::uint64_t offset, std::string *text, QString *error) const
{
    std::lock_guard<std::mutex> g(d->readerLock);
    if (!d->reader || !d->reader->error().isEmpty())
        d->reader = std::make_unique<SourceReader>(*this);
    const std::string_view v = d->reader->object(offset);
    if (v.empty()) {
        *error = d->reader->error();
        return false;
    }
    text->assign(v.data(), v.size());
    return true;
}

std::size_t MappedSource::resumePoints() const
{
    return d->points.size();
}

std::size_t MappedSource::resumePointBytes() const
{
    std::size_t n = d->points.capacity() * sizeof(ResumePoint);
    for (const ResumePoint &p : d->points)
        n += p.state->bytes();
    return n;
}

bool MappedSource::stillValid(QString *why) const
{
    if (m_path.isEmpty() || !d->bytes.empty() || m_fileBytes == 0)
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
    if (d->region.get_size())
        d->region.advise(bip::mapped_region::advice_sequential);
}

void MappedSource::adviseRandom() const
{
    // A .json.gz is only ever read front to back from a resume point.
    if (d->region.get_size() && !m_gzipped)
        d->region.advise(bip::mapped_region::advice_random);
}

} // namespace lanescope
