#pragma once
// Where a .json.gz is inflated to: an unlinked file on disk-backed storage (the user's cache folder,
// else beside the trace), once the gzip's inflated size is known to fit there. A tmpfs /tmp would
// hold a 4 GB trace in RAM that cannot be paged out; a file on disk can be (issue 13).
#include <QString>
#include <QStringList>

#include <cstdint>

namespace lanescope::io {

struct InflatedSize
{
    std::uint64_t bytes = 0; // what the stream should inflate to
    bool exact = false;      // false: an estimate (ISIZE is the last member's size mod 2^32)
};

// Inflates up to the first 256 KiB of `gz` (discarding the output) for the compression ratio, and reads
// the trailer's ISIZE. A stream seen whole is exact; otherwise the size is the value congruent to
// ISIZE mod 2^32 nearest to ratio x compressed size (so a 6 GB trace is not taken for 1.7 GB),
// or the ratio's estimate alone where ISIZE cannot be right (a cut-off stream, concatenated members).
InflatedSize estimateInflatedSize(const unsigned char *gz, std::uint64_t size);

// $XDG_CACHE_HOME/lanescope (~/.cache/lanescope): one folder for the GUI, the CLI and the tests.
QString inflateCacheFolder();

// The folders to try, best first: the cache folder, then the trace's own folder, then the temp
// folder as a last resort; RAM-backed ones (tmpfs, ramfs) after every disk-backed one.
QStringList inflateFolders(const QString &tracePath);

struct ScratchFile
{
    int fd = -1;    // an already unlinked file, open read-write; -1 on failure
    QString folder; // where it lives
    QString error;  // fd == -1: what is missing, e.g. "needs 4.1 GB free in ..., 1.2 GB available"
};

// Creates the file in the first of `folders` that can be written and has room for `need`
// (QStorageInfo). availableOverride >= 0 stands in for every folder's free bytes (tests).
// O_TMPFILE where the filesystem has it, so the file never has a name; else mkstemp + unlink at once.
ScratchFile createScratchFile(const QStringList &folders, const InflatedSize &need, std::int64_t availableOverride = -1);

// "4.1 GB", "12.0 MB", "512 kB" (decimal, one decimal place: enough to say what is missing).
QString formatSize(std::uint64_t bytes);

} // namespace lanescope::io
