#include "io/InflateTarget.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStorageInfo>

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <vector>

namespace lanescope::io {

namespace {

// lupdate files Text::tr() strings under the "InflateTarget" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(InflateTarget)
};

constexpr std::uint64_t kSampleIn = 256u << 10;     // compressed bytes inflated for the ratio (~15 ms)
constexpr std::uint64_t kSampleOutCap = 256u << 20; // a stream of zeros inflates 1000:1; stop early
constexpr double kTwoTo32 = 4294967296.0;

// The nearest folder that exists (the cache folder may not be made yet), for its filesystem.
QStorageInfo storageOf(const QString &folder)
{
    QFileInfo fi(folder);
    while (!fi.exists() && !fi.isRoot() && fi.absolutePath() != fi.absoluteFilePath())
        fi = QFileInfo(fi.absolutePath());
    return QStorageInfo(fi.absoluteFilePath());
}

bool ramBacked(const QString &folder)
{
    const QByteArray type = storageOf(folder).fileSystemType();
    return type == "tmpfs" || type == "ramfs";
}

// An unlinked file in folder, or -1 with errno set.
int openUnlinked(const QString &folder)
{
    const QByteArray dir = QFile::encodeName(folder);
#ifdef O_TMPFILE
    const int fd = ::open(dir.constData(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
        return fd;
#endif
    // No O_TMPFILE here (older kernels, some network and FUSE filesystems): the name lives only
    // between mkstemp and unlink, a few microseconds, never while we inflate.
    QByteArray tmpl = dir + "/.lanescope-inflate-XXXXXX";
    const int tfd = ::mkostemp(tmpl.data(), O_CLOEXEC);
    if (tfd >= 0)
        ::unlink(tmpl.constData());
    return tfd;
}

} // namespace

InflatedSize estimateInflatedSize(const unsigned char *gz, std::uint64_t size)
{
    InflatedSize r;
    z_stream zs = {};
    if (size < 2 || inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
        return r;
    const std::uint64_t sampleIn = std::min(size, kSampleIn);
    std::vector<unsigned char> buf(256u << 10);
    zs.next_in = const_cast<unsigned char *>(gz);
    zs.avail_in = static_cast<uInt>(sampleIn);
    std::uint64_t out = 0;
    bool ended = false;
    while (out < kSampleOutCap) {
        zs.next_out = buf.data();
        zs.avail_out = static_cast<uInt>(buf.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        out += buf.size() - zs.avail_out;
        if (rc == Z_STREAM_END) {
            if (zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b) {
                inflateReset(&zs); // concatenated members
                continue;
            }
            ended = true;
            break;
        }
        if (rc != Z_OK || (zs.avail_in == 0 && zs.avail_out != 0))
            break; // the sample is used up, or the data is bad (the real inflate says where)
    }
    const std::uint64_t used = sampleIn - zs.avail_in;
    inflateEnd(&zs);
    if (ended || (sampleIn == size && out < kSampleOutCap)) {
        r.bytes = out; // all of it seen (what follows a last member is ignored, as the inflaters do)
        r.exact = true;
        return r;
    }
    const double estimate = used ? double(out) / double(used) * double(size) : 0.0;
    std::uint64_t isize = 0;
    if (size >= 18)
        for (int i = 0; i < 4; ++i)
            isize |= std::uint64_t(gz[size - 4 + std::uint64_t(i)]) << (8 * i);
    // ISIZE is the size mod 2^32: take the whole number of 2^32 wraps that lands nearest to the ratio's
    // estimate. Where even that is off by 2x, ISIZE is not this stream's (cut off, or the last of
    // several members): the estimate alone is all there is.
    const double wraps = std::max(0.0, std::round((estimate - double(isize)) / kTwoTo32));
    const double candidate = double(isize) + wraps * kTwoTo32;
    r.bytes = std::uint64_t(candidate >= estimate / 2 && candidate <= estimate * 2 ? candidate : estimate);
    return r;
}

QString inflateCacheFolder()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return base.isEmpty() ? QString() : base + QStringLiteral("/lanescope");
}

QStringList inflateFolders(const QString &tracePath)
{
    QStringList folders;
    auto add = [&](const QString &f) {
        if (f.isEmpty())
            return;
        const QString clean = QDir::cleanPath(QDir(f).absolutePath());
        if (!folders.contains(clean))
            folders << clean;
    };
    add(inflateCacheFolder());
    if (!tracePath.isEmpty())
        add(QFileInfo(tracePath).absolutePath());
    add(QDir::tempPath());
    std::stable_partition(folders.begin(), folders.end(), [](const QString &f) { return !ramBacked(f); });
    return folders;
}

ScratchFile createScratchFile(const QStringList &folders, const InflatedSize &need, std::int64_t availableOverride)
{
    ScratchFile r;
    QStringList tooSmall, failures;
    QString firstShort;
    std::int64_t firstShortAvailable = 0;
    for (const QString &folder : folders) {
        if (!QDir().mkpath(folder)) {
            failures << Text::tr("cannot create %1").arg(folder);
            continue;
        }
        std::int64_t available = availableOverride;
        if (available < 0) {
            const QStorageInfo storage(folder);
            available = storage.isValid() ? storage.bytesAvailable() : -1; // unknown: let the writes say
        }
        if (available >= 0 && std::uint64_t(available) < need.bytes) {
            if (firstShort.isEmpty()) {
                firstShort = folder;
                firstShortAvailable = available;
            } else {
                tooSmall << Text::tr("%1 available in %2").arg(formatSize(std::uint64_t(available)), folder);
            }
            continue;
        }
        const int fd = openUnlinked(folder);
        if (fd < 0) {
            failures << Text::tr("cannot create a file in %1: %2").arg(folder, QString::fromLocal8Bit(std::strerror(errno)));
            continue;
        }
        r.fd = fd;
        r.folder = folder;
        return r;
    }
    if (!firstShort.isEmpty()) {
        const QString size = formatSize(need.bytes), available = formatSize(std::uint64_t(firstShortAvailable));
        r.error = need.exact ? Text::tr("inflating it needs %1 free in %2, %3 available").arg(size, firstShort, available)
                             : Text::tr("inflating it needs about %1 free in %2, %3 available").arg(size, firstShort, available);
        if (!tooSmall.isEmpty())
            r.error += Text::tr(" (%1)").arg(tooSmall.join(QStringLiteral(", ")));
        if (!failures.isEmpty())
            r.error += Text::tr("; %1").arg(failures.join(QStringLiteral("; ")));
    } else {
        r.error = Text::tr("no folder to inflate it into: %1").arg(failures.join(QStringLiteral("; ")));
    }
    return r;
}

QString formatSize(std::uint64_t bytes)
{
    const double v = double(bytes);
    if (v >= 1e9)
        return Text::tr("%1 GB").arg(v / 1e9, 0, 'f', 1);
    if (v >= 1e6)
        return Text::tr("%1 MB").arg(v / 1e6, 0, 'f', 1);
    if (v >= 1e3)
        return Text::tr("%1 kB").arg(v / 1e3, 0, 'f', 1);
    return Text::tr("%1 bytes").arg(bytes);
}

} // namespace lanescope::io
