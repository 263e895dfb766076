// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/FolderLoad.h"
#include "core/io/InputFile.h"

#include "core/parse/TraceLoader.h"
#include "core/util/Parallel.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

namespace lanescope {
namespace {

// lupdate files Text::tr() strings under the "FolderLoad" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(FolderLoad)
};

// The loader's transient working set per byte of JSON: chunk outputs, string tables and the
// model being merged. Measured with lanescope-cli info (peak RSS less a near-empty load's and less
// the mapped JSON): 0.24 with one thread, 0.29 with two for v100-memory-allreduce (54 MB of JSON);
// the model left afterwards is 0.09-0.17 (RssAnon). 0.5 leaves room for traces of shorter events,
// whose model is larger per byte.
constexpr double kLoadBytesPerJsonByte = 0.5;
// What the window keeps of a rank it shows, per byte of JSON, in anonymous memory: the model
// (0.09-0.17, above), its view index, its analysis and the job's per-rank figures. Measured in the
// window (RssAnon once the Ranks dock has its figures, less an empty window's): 0.16 on 64 synthetic
// fsdp-baseline ranks (6.2 GB of JSON: 976 MiB), about 0.2 on 8 (158 MB). 0.3 leaves room for traces
// of shorter events, whose model is larger per byte. The mapped JSON is not counted: its pages are
// the file's, which the system drops under pressure instead of swapping.
constexpr double kShownBytesPerJsonByte = 0.3;
// Kineto JSON inflates about tenfold; used where a .gz trailer cannot be trusted.
constexpr std::uint64_t kAssumedGzipRatio = 10;

// "rank-2" < "rank-10": runs of digits compare as numbers, the rest as text.
bool naturalLess(const QString &a, const QString &b)
{
    int i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            int ie = i, je = j;
            while (ie < a.size() && a[ie].isDigit())
                ++ie;
            while (je < b.size() && b[je].isDigit())
                ++je;
            // Compare digit runs without overflow: strip leading zeros, longer is larger.
            QStringView x = QStringView(a).mid(i, ie - i), y = QStringView(b).mid(j, je - j);
            while (x.size() > 1 && x.front() == QLatin1Char('0'))
                x = x.mid(1);
            while (y.size() > 1 && y.front() == QLatin1Char('0'))
                y = y.mid(1);
            if (x.size() != y.size())
                return x.size() < y.size();
            if (const int c = x.compare(y); c != 0)
                return c < 0;
            i = ie;
            j = je;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

} // namespace

std::uint64_t FolderLoadResult::fileBytes() const
{
    std::uint64_t s = 0;
    for (const RankFile &r : ranks)
        s += r.fileBytes;
    return s;
}

std::uint64_t FolderLoadResult::jsonBytes() const
{
    std::uint64_t s = 0;
    for (const RankFile &r : ranks)
        s += r.jsonBytes;
    return s;
}

std::uint64_t FolderLoadResult::events() const
{
    std::uint64_t s = 0;
    for (const RankFile &r : ranks)
        s += r.events;
    return s;
}

std::size_t FolderLoadResult::modelBytes() const
{
    std::size_t s = 0;
    for (const RankFile &r : ranks)
        s += r.modelBytes;
    return s;
}

bool isTraceFileName(const QString &fileName)
{
    const QString n = fileName.toLower();
    if (n.endsWith(QLatin1String(".facts.json"))) // lanescope-cli synth's sidecar: known facts, not a trace
        return false;
    return n.endsWith(QLatin1String(".json")) || n.endsWith(QLatin1String(".json.gz"));
}

QStringList traceFilesIn(const QString &folder, QStringList *ignored, std::vector<RejectedFile> *unreadable)
{
    const QDir dir(folder);
    // Every entry, not only readable files: one named like a trace that cannot be read (a FIFO, a
    // folder, a dangling link, no permission) is a rank missing for a reason the user must see.
    QStringList names = dir.entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::NoSort);
    std::sort(names.begin(), names.end(), naturalLess);
    QStringList out;
    for (const QString &n : names) {
        const QString path = dir.filePath(n);
        if (isTraceFileName(n)) {
            const QString why = io::notAReadableFileReason(path);
            if (why.isEmpty())
                out << path;
            else if (unreadable)
                unreadable->push_back({path, why});
        } else if (ignored && QFileInfo(path).isFile()) {
            *ignored << n;
        }
    }
    return out;
}

std::uint64_t estimatedJsonBytes(const QString &path)
{
    const QFileInfo fi(path);
    const std::uint64_t onDisk = std::uint64_t(std::max<qint64>(0, fi.size()));
    std::uint64_t json = onDisk;
    if (path.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive)) {
        // The gzip trailer's ISIZE: the inflated size modulo 2^32. Smaller than the file means it
        // wrapped (a trace over 4 GiB) or the trailer is not one (cut off): assume the usual ratio.
        json = onDisk * kAssumedGzipRatio;
        QFile f(path);
        unsigned char tail[4];
        if (onDisk >= 18 && f.open(QIODevice::ReadOnly) && f.seek(qint64(onDisk) - 4) && f.read(reinterpret_cast<char *>(tail), 4) == 4) {
            const std::uint64_t isize = std::uint64_t(tail[0]) | std::uint64_t(tail[1]) << 8 | std::uint64_t(tail[2]) << 16
                | std::uint64_t(tail[3]) << 24;
            if (isize >= onDisk)
                json = isize;
        }
    }
    return json;
}

std::uint64_t estimatedLoadBytes(const QString &path)
{
    return std::uint64_t(double(estimatedJsonBytes(path)) * kLoadBytesPerJsonByte) + (1u << 20);
}

std::uint64_t estimatedShownBytes(const QString &path)
{
    return std::uint64_t(double(estimatedJsonBytes(path)) * kShownBytesPerJsonByte) + (1u << 20);
}

std::uint64_t defaultMemoryBudget()
{
    std::uint64_t availableKb = 0;
    if (std::FILE *f = std::fopen("/proc/meminfo", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, f)) {
            unsigned long long v = 0;
            if (std::strncmp(line, "MemAvailable:", 13) == 0 && std::sscanf(line + 13, "%llu", &v) == 1) {
                availableKb = v;
                break;
            }
        }
        std::fclose(f);
    }
    return availableKb > 0 ? availableKb * 1024 / 2 : (std::uint64_t(4) << 30);
}

namespace {

// The value most of the members (those `counts` accepts) say, the first in file order on a tie;
// `none` when none says anything.
template <class T, class Counts, class Value>
T mostSaid(const std::vector<JobMember> &members, const std::vector<std::size_t> &kept, T none, Counts counts, Value value)
{
    std::map<T, int> said;
    for (std::size_t i : kept)
        if (counts(members[i]))
            ++said[value(members[i])];
    T best = none;
    int most = 0;
    for (std::size_t i : kept)
        if (counts(members[i]) && said[value(members[i])] > most) {
            most = said[value(members[i])];
            best = value(members[i]);
        }
    return best;
}

} // namespace

JobOrder orderJob(const std::vector<JobMember> &members)
{
    JobOrder into;
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < members.size(); ++i) {
        const JobMember &f = members[i];
        if (!f.loaded)
            into.rejected.push_back({f.path, f.error.isEmpty() ? Text::tr("not a trace") : f.error});
        else if (f.events == 0)
            into.rejected.push_back({f.path, Text::tr("not a trace: it holds no events")});
        else
            kept.push_back(i);
    }

    // The job is what most files say it is: their world size, then their backend.
    const int world = mostSaid(members, kept, -1, [](const JobMember &m) { return m.worldSize > 0; },
                               [](const JobMember &m) { return m.worldSize; });
    std::map<QString, int> byBackend;
    for (std::size_t i : kept)
        if (members[i].worldSize == world && !members[i].backend.isEmpty())
            ++byBackend[members[i].backend];
    QString backend; // on a tie, the name first in sort order
    int most = 0;
    for (const auto &[b, count] : byBackend)
        if (count > most) {
            most = count;
            backend = b;
        }
    // Then its process groups (pg_config), where the traces record them.
    const QString groups = mostSaid(
        members, kept, QString(), [world](const JobMember &m) { return m.worldSize == world && !m.pgConfig.isEmpty(); },
        [](const JobMember &m) { return m.pgConfig; });
    into.worldSize = world;
    into.backend = backend;

    const bool distributed = world > 0;
    std::vector<std::size_t> job;
    for (std::size_t i : kept) {
        const JobMember &t = members[i];
        if (!distributed) {
            job.push_back(i);
        } else if (t.worldSize <= 0 || t.rank < 0) {
            into.rejected.push_back({t.path, Text::tr("no rank in distributedInfo, while the other traces are ranks of a job of %1").arg(world)});
        } else if (t.worldSize != world) {
            into.rejected.push_back({t.path, Text::tr("another job: world size %1, this job's is %2").arg(t.worldSize).arg(world)});
        } else if (!backend.isEmpty() && !t.backend.isEmpty() && t.backend != backend) {
            into.rejected.push_back({t.path, Text::tr("another job: backend %1, this job's is %2").arg(t.backend, backend)});
        } else if (!groups.isEmpty() && !t.pgConfig.isEmpty() && t.pgConfig != groups) {
            into.rejected.push_back({t.path, Text::tr("another job: its process groups (distributedInfo.pg_config) differ from this job's")});
        } else if (t.rank >= world) {
            into.rejected.push_back({t.path, Text::tr("rank %1 is outside the job's world size %2").arg(t.rank).arg(world)});
        } else {
            job.push_back(i);
        }
    }

    if (distributed) {
        std::stable_sort(job.begin(), job.end(), [&](std::size_t a, std::size_t b) { return members[a].rank < members[b].rank; });
        for (std::size_t i : job) {
            if (!into.ranks.empty() && into.ranks.back() == members[i].rank) {
                into.rejected.push_back({members[i].path, Text::tr("rank %1 again (already read from %2)")
                                                              .arg(members[i].rank)
                                                              .arg(QFileInfo(members[into.members.back()].path).fileName())});
                continue;
            }
            into.members.push_back(i);
            into.ranks.push_back(members[i].rank);
        }
    } else {
        // Legacy traces (PyTorch without Kineto, Chrome traces) name no rank: file-name order.
        std::stable_sort(job.begin(), job.end(), [&](std::size_t a, std::size_t b) {
            return naturalLess(QFileInfo(members[a].path).fileName(), QFileInfo(members[b].path).fileName());
        });
        for (std::size_t i : job) {
            into.members.push_back(i);
            into.ranks.push_back(int(into.ranks.size()));
        }
        into.ranksGuessed = !into.members.empty();
    }

    for (const RejectedFile &r : into.rejected)
        into.warnings << Text::tr("%1 left out: %2").arg(QFileInfo(r.path).fileName(), r.reason);
    if (into.ranksGuessed && into.members.size() > 1) {
        QStringList order;
        for (std::size_t k = 0; k < into.members.size(); ++k)
            order << Text::tr("rank %1 = %2").arg(into.ranks[k]).arg(QFileInfo(members[into.members[k]].path).fileName());
        into.warnings << Text::tr("the traces carry no distributedInfo: rank numbers are guessed from the file names (%1)")
                             .arg(order.join(QStringLiteral(", ")));
    }
    if (distributed && int(into.members.size()) < world) {
        QStringList missing;
        std::size_t k = 0;
        for (int rank = 0; rank < world && missing.size() < 10; ++rank) {
            while (k < into.ranks.size() && into.ranks[k] < rank)
                ++k;
            if (k >= into.ranks.size() || into.ranks[k] != rank)
                missing << QString::number(rank);
        }
        into.warnings << Text::tr("%1 of the job's %2 ranks are here; missing: %3%4")
                             .arg(into.members.size())
                             .arg(world)
                             .arg(missing.join(QStringLiteral(", ")))
                             .arg(world - int(into.members.size()) > missing.size() ? QStringLiteral(", ...") : QString());
    }
    for (std::size_t k = 0; k < into.members.size(); ++k) {
        const JobMember &m = members[into.members[k]];
        if (m.truncated)
            into.warnings << Text::tr("rank %1 (%2) is cut off: loaded up to byte %3")
                                 .arg(into.ranks[k])
                                 .arg(QFileInfo(m.path).fileName())
                                 .arg(m.truncatedAtByte);
    }
    return into;
}

void describeLoaded(LoadedFile &f)
{
    JobMember &m = f.member;
    m.path = f.path;
    m.loaded = f.trace != nullptr;
    m.error = f.error;
    if (!f.trace)
        return;
    m.rank = f.trace->rank;
    m.worldSize = f.trace->worldSize;
    m.backend = f.trace->backend;
    m.pgConfig = f.trace->pgConfig;
    m.events = f.trace->eventCount;
    m.truncated = f.trace->truncated;
    m.truncatedAtByte = f.trace->truncatedAtByte;
    f.fileBytes = f.trace->fileBytes;
    f.jsonBytes = f.trace->jsonBytes;
    f.modelBytes = f.trace->modelBytes();
}

void assembleJob(std::vector<LoadedFile> files, FolderLoadResult &into)
{
    std::vector<JobMember> members;
    for (LoadedFile &f : files) {
        if (f.trace || !f.member.loaded) // a released trace keeps the member it was described by
            describeLoaded(f);
        members.push_back(f.member);
    }
    JobOrder order = orderJob(members);
    for (std::size_t k = 0; k < order.members.size(); ++k) {
        const std::size_t i = order.members[k];
        LoadedFile &f = files[i];
        RankFile rf{f.path, f.trace, order.ranks[k], order.ranksGuessed};
        rf.file = i;
        rf.fileBytes = f.fileBytes;
        rf.jsonBytes = f.jsonBytes;
        rf.events = f.member.events;
        rf.modelBytes = f.modelBytes;
        into.ranks.push_back(std::move(rf));
    }
    into.worldSize = order.worldSize;
    into.backend = order.backend;
    into.ranksGuessed = order.ranksGuessed;
    for (RejectedFile &r : order.rejected)
        into.rejected.push_back(std::move(r));
    into.warnings << order.warnings;
}

FolderLoadResult loadFolder(const QString &folder, const FolderLoadOptions &options)
{
    FolderLoadResult r;
    r.folder = folder;
    QElapsedTimer timer;
    timer.start();
    const QFileInfo fi(folder);
    if (!fi.exists()) {
        r.error = Text::tr("%1 does not exist").arg(folder);
        return r;
    }
    if (!fi.isDir()) {
        r.error = Text::tr("%1 is not a folder").arg(folder);
        return r;
    }
    if (!fi.isReadable() || !fi.isExecutable()) {
        r.error = Text::tr("%1 cannot be read").arg(folder);
        return r;
    }
    std::vector<RejectedFile> unreadable;
    QStringList paths;
    if (options.files.isEmpty()) {
        paths = traceFilesIn(folder, &r.ignored, &unreadable);
    } else {
        for (const QString &p : options.files) {
            const QString why = io::notAReadableFileReason(p);
            if (why.isEmpty())
                paths << p;
            else
                unreadable.push_back({p, why});
        }
    }
    r.rejected = unreadable; // before the job's own rejections (assembleJob), in file-name order
    for (const RejectedFile &u : unreadable)
        r.warnings << Text::tr("%1 left out: %2").arg(QFileInfo(u.path).fileName(), u.reason);
    if (!r.ignored.isEmpty())
        r.warnings << (r.ignored.size() == 1 ? Text::tr("%n file not named *.json or *.json.gz ignored: %1", nullptr, 1)
                                             : Text::tr("%n files not named *.json or *.json.gz ignored: %1", nullptr, int(r.ignored.size())))
                          .arg(QStringList(r.ignored.mid(0, 5)).join(QStringLiteral(", ")) + (r.ignored.size() > 5 ? QStringLiteral(", ...") : QString()));
    if (paths.isEmpty()) {
        r.error = unreadable.empty() ? Text::tr("%1 holds no .json or .json.gz trace").arg(folder)
                                     : Text::tr("%1 holds no rank trace: %2").arg(folder, r.warnings.join(QStringLiteral("; ")));
        return r;
    }

    const std::size_t n = std::size_t(paths.size());
    std::vector<std::uint64_t> estimate(n);
    for (std::size_t i = 0; i < n; ++i)
        estimate[i] = estimatedLoadBytes(paths.at(int(i)));
    const std::uint64_t largest = *std::max_element(estimate.begin(), estimate.end());

    // Loads at once: no more than the cores (or the caller's limit) and the files, and no more
    // than the budget holds when every load is as big as the largest; never fewer than one.
    const int totalThreads = threadCount(options.threads);
    r.memoryBudgetBytes = options.memoryBudgetBytes > 0 ? options.memoryBudgetBytes : defaultMemoryBudget();
    std::size_t concurrent = std::size_t(threadCount(options.maxConcurrent));
    concurrent = std::min(concurrent, n);
    concurrent = std::min<std::size_t>(concurrent, std::max<std::uint64_t>(1, r.memoryBudgetBytes / std::max<std::uint64_t>(1, largest)));
    r.concurrency = int(concurrent);
    r.threadsPerLoad = std::max(1, totalThreads / int(concurrent));

    // Largest first, so a big file does not start last and run alone.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return estimate[a] > estimate[b]; });

    // One progress over the folder: each file's share weighted by its expected size.
    std::mutex progressLock;
    std::vector<double> done(n, 0.0);
    const double totalWeight = double(std::accumulate(estimate.begin(), estimate.end(), std::uint64_t(0)));
    double reported = 0, sum = 0; // sum: the weighted progress of all files, kept as it changes
    std::size_t complete = 0;
    const auto update = [&](std::size_t i, double p) {
        if (!options.progress)
            return;
        std::lock_guard<std::mutex> g(progressLock);
        const double was = done[i];
        done[i] = std::max(done[i], std::clamp(p, 0.0, 1.0));
        sum += (done[i] - was) * double(estimate[i]);
        if (was < 1.0 && done[i] >= 1.0)
            ++complete;
        // The last file's 1.0 is exactly 1, whatever rounding the running sum collected.
        const double now = complete == n || totalWeight <= 0 ? 1.0 : std::min(1.0, sum / totalWeight);
        if (now > reported) {
            reported = now;
            options.progress(now);
        }
    };

    std::vector<LoadedFile> loaded(n);
    std::atomic<std::size_t> next{0};
    runOnThreads(concurrent, [&](std::size_t) {
        for (std::size_t k; (k = next.fetch_add(1)) < n;) {
            if (options.cancel && options.cancel->load())
                return;
            const std::size_t i = order[k];
            LoadOptions lo;
            lo.threads = r.threadsPerLoad;
            lo.cancel = options.cancel;
            lo.progress = [&, i](double p) { update(i, p); };
            LoadResult one = loadTrace(paths.at(int(i)), lo);
            LoadedFile &f = loaded[i];
            f.path = paths.at(int(i));
            f.trace = std::move(one.trace);
            f.error = one.error;
            if (f.trace && options.onLoaded)
                options.onLoaded(i, f.trace);
            if (f.trace && !options.keepTraces) {
                describeLoaded(f);
                f.trace.reset(); // the model's memory goes back before this worker loads the next
            }
            update(i, 1.0);
        }
    });
    if (options.cancel && options.cancel->load()) {
        r.cancelled = true;
        r.error = Text::tr("loading cancelled");
        return r;
    }

    assembleJob(std::move(loaded), r);
    r.loadSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (r.ranks.empty())
        r.error = Text::tr("%1 holds no rank trace: %2").arg(folder, r.warnings.join(QStringLiteral("; ")));
    return r;
}

} // namespace lanescope
