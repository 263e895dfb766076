// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A profiler log_dir as sessions (profiling attempts). torch.profiler.tensorboard_trace_handler
// writes one file per worker per profiling cycle, named <worker>.<ms since the epoch>.pt.trace.json[.gz],
// and users keep every attempt in the same log_dir or in one sub-folder per attempt. listLogDir()
// groups the files without loading them (it reads each file's first 64 KiB): by sub-folder, then
// by cycle (the file-name stamp, a worker or a distributedInfo rank seen again, another world size,
// a job already complete, a pause between files). A session is a job (its ranks) or one trace;
// loadFolder() opens one through FolderLoadOptions::files. QtCore only.
#include "core/io/FolderLoad.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace lanescope::session {

struct LogDirFile
{
    QString path;
    QString worker;          // the name's <worker> part; empty when the name has no stamp
    qint64 stampMs = -1;     // the name's <ms> part, -1 without
    int rank = -1, worldSize = -1; // distributedInfo, -1 where absent (legacy traces)
    qint64 pid = -1;         // the first event's numeric pid, -1 where none in the header
    qint64 baseTimeNs = -1;  // Kineto's baseTimeNanoseconds, -1 where absent
    qint64 timeMs = 0;       // what the file is ordered by: the stamp, else baseTimeNanoseconds, else mtime
};

struct LogSession
{
    QString label;     // the sub-folder's name, or the start time, made unique
    QString folder;    // the folder its files are in (the log_dir or one of its sub-folders)
    qint64 startMs = 0; // ms since the epoch (UTC): its earliest file's time
    QStringList files; // paths, in file-name order (what loadFolder reads)
    std::vector<int> ranks; // distributedInfo ranks in file order; positions where not recorded
    bool ranksGuessed = false;
    int worldSize = -1;
};

struct LogDirListing
{
    QString folder;
    std::vector<LogSession> sessions; // earliest first
    std::vector<RejectedFile> bad;        // not readable, not a trace, cut off: with why
    std::vector<RejectedFile> incomplete; // still being written: read once complete
    QString error; // the folder cannot be listed, or it holds no trace at all
};

struct LogDirOptions
{
    // A .json.gz modified this recently may still be growing (its end cannot be checked without
    // inflating it whole): left for later. A .json is complete when it ends with its closing bracket.
    double settleSeconds = 5;
    // Files of one cycle are stamped when each worker's profiler stops, at the same step: a pause
    // longer than this between stamps starts another session.
    qint64 cycleGapMs = 5000;
};

// The folder's sessions; never throws. At most 100,000 files and 1,000 sub-folders (one level) are
// looked at; the rest is said in LogDirListing::bad.
LogDirListing listLogDir(const QString &folder, const LogDirOptions &options = {});

// Whether a listing is more than one session, i.e. whether a folder is a log_dir of many attempts.
inline bool isManySessions(const LogDirListing &l) { return l.sessions.size() > 1; }

} // namespace lanescope::session
