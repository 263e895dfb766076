// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opening a folder of rank traces: every *.json / *.json.gz in it, as
// tensorboard_trace_handler writes them ({worker}.{ns}.pt.trace.json[.gz], compressed or not),
// loaded in parallel under a memory budget with one combined progress, then sorted into one job:
// ordered by distributedInfo.rank, files that are not traces or belong to another job (another
// world size or backend) reported and left out, never fatal. Legacy traces without
// distributedInfo are ordered by file name and their rank numbers said to be guessed.
#include "core/model/Trace.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace lanescope {

struct FolderLoadOptions
{
    int threads = 0;         // loader threads in all, shared out among the loads running at once; 0: one per core
    int maxConcurrent = 0;   // loads at once; 0: min(cores, files)
                             // (both at most kMaxThreads, util/Parallel.h)
    // Transient memory the loads running at once may take together (each load's estimate, see
    // estimatedLoadBytes); 0: half of the memory available now. One load always runs, however big.
    std::uint64_t memoryBudgetBytes = 0;
    std::function<void(double)> progress; // 0..1 over the folder (weighted by JSON bytes), never decreasing; any thread
    const std::atomic<bool> *cancel = nullptr;
    // Called on the loading thread as soon as a file has loaded (not for one that failed), with
    // its index in traceFilesIn's order: to reduce the trace to what the caller keeps (a rank
    // summary). With keepTraces false the trace is released right after, so the folder never holds
    // more than one model per load running at once: a job larger than memory (analyze DIR) costs
    // the budget, not the sum of its ranks. RankFile::trace is then null; its figures stay.
    std::function<void(std::size_t file, const std::shared_ptr<Trace> &trace)> onLoaded;
    bool keepTraces = true;
    // Only these trace files of the folder (one session of a log_dir, core/session/LogDir.h), in this
    // order; empty: every trace file in it (traceFilesIn).
    QStringList files;
};

// One rank of the job.
struct RankFile
{
    QString path;
    std::shared_ptr<Trace> trace;
    int rank = -1;            // distributedInfo.rank, or the position by file name when guessed
    bool rankGuessed = false;
    // Set by loadFolder, kept where the trace is released (FolderLoadOptions::keepTraces false).
    std::size_t file = 0;     // index in traceFilesIn's order (FolderLoadOptions::onLoaded's)
    std::uint64_t fileBytes = 0, jsonBytes = 0, events = 0;
    std::size_t modelBytes = 0;
};

struct RejectedFile
{
    QString path;
    QString reason; // one line: why it is not a rank of this job
};

struct FolderLoadResult
{
    QString folder;
    std::vector<RankFile> ranks;        // ordered by rank
    std::vector<RejectedFile> rejected; // not a trace, another job, a rank seen twice
    QStringList ignored;                // files whose names are not *.json / *.json.gz
    QStringList warnings;               // for the banner: each rejection, guessed ranks, missing ranks
    int worldSize = -1;                 // the job's, -1 unknown (legacy traces)
    QString backend;
    bool ranksGuessed = false;
    int concurrency = 0;                // most loads that ran at once
    int threadsPerLoad = 0;
    std::uint64_t memoryBudgetBytes = 0;
    double loadSeconds = 0;             // wall time of the whole folder
    QString error;                      // set when nothing could be opened: not a folder, no rank trace in it
    bool cancelled = false;

    std::uint64_t fileBytes() const;
    std::uint64_t jsonBytes() const;
    std::uint64_t events() const;
    std::size_t modelBytes() const; // what the ranks' models hold together
};

// Whether a file name is one a folder load reads: *.json or *.json.gz (not the synthetic
// generator's *.facts.json sidecar).
bool isTraceFileName(const QString &fileName);

// The trace files of a folder in file-name order (numbers inside names compared as numbers:
// rank-2 before rank-10); the other files' names in *ignored; the entries named like traces that
// are not regular files this process can read (a FIFO, a folder, a dangling link), each with why,
// in *unreadable.
QStringList traceFilesIn(const QString &folder, QStringList *ignored = nullptr, std::vector<RejectedFile> *unreadable = nullptr);

// The JSON bytes a file holds: its size, a .json.gz's from its gzip trailer.
std::uint64_t estimatedJsonBytes(const QString &path);
// What loading one file is expected to take in transient memory: its JSON bytes times the
// parser's working set per JSON byte.
std::uint64_t estimatedLoadBytes(const QString &path);
// What the window keeps resident while it shows a loaded file (its model, view index and
// analysis; not the mapped JSON, which the system may drop): its JSON bytes times the measured
// share. The window opens a folder as its summary where its ranks' sum exceeds the budget.
std::uint64_t estimatedShownBytes(const QString &path);

// Half of MemAvailable (Linux /proc/meminfo); 4 GiB where unknown.
std::uint64_t defaultMemoryBudget();

// Loads a folder: never throws; a file that fails is a RejectedFile, not an error.
FolderLoadResult loadFolder(const QString &folder, const FolderLoadOptions &options = {});

// What the job's ordering and filter look at in a file: the same for a loaded trace and for a
// per-rank summary (analyze RANKFILE --summary), so `merge` orders and filters as a folder does.
struct JobMember
{
    QString path;
    bool loaded = false; // false: error says why it is not a trace
    QString error;
    int rank = -1, worldSize = -1;
    QString backend;
    QString pgConfig; // Trace::pgConfig
    std::uint64_t events = 0;
    bool truncated = false;
    std::uint64_t truncatedAtByte = 0;
};

struct JobOrder
{
    std::vector<std::size_t> members; // indices of the members kept, in rank order
    std::vector<int> ranks;           // their rank numbers (guessed: their positions)
    bool ranksGuessed = false;
    int worldSize = -1;
    QString backend;
    std::vector<RejectedFile> rejected;
    QStringList warnings;
};

// The job is what most members say (world size, then backend); members of another job, a rank
// seen twice, not traces: rejected with a warning each. Without distributedInfo: file-name order.
JobOrder orderJob(const std::vector<JobMember> &members);

// The job's ordering and filter alone, over traces already loaded (path + trace; null trace with
// an error: a file that did not load). Used by loadFolder; tests call it directly.
struct LoadedFile
{
    QString path;
    std::shared_ptr<Trace> trace; // null: failed (error), or released after onLoaded (member.loaded)
    QString error;
    JobMember member;             // what the ordering needs, where the trace was released
    std::uint64_t fileBytes = 0, jsonBytes = 0;
    std::size_t modelBytes = 0;
};
// LoadedFile::member and its sizes from a loaded trace.
void describeLoaded(LoadedFile &f);
void assembleJob(std::vector<LoadedFile> files, FolderLoadResult &into);

} // namespace lanescope
