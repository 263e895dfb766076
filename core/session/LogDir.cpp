// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/session/LogDir.h"

#include "core/io/InputFile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <zlib.h>

#include <algorithm>
#include <map>
#include <set>

namespace lanescope::session {
namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(session)
};

constexpr int kMaxFiles = 100000;
constexpr int kMaxSubfolders = 1000;
constexpr qint64 kHeadBytes = 64 * 1024; // of JSON: distributedInfo, baseTimeNanoseconds and the first pid are near the top

// The first kHeadBytes of a file's JSON (inflated for .gz); *why set when it cannot be read.
QByteArray readHead(const QString &path, bool gz, QString *why, bool *whole)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = Text::tr("cannot be opened: %1").arg(f.errorString());
        return {};
    }
    const QByteArray raw = f.read(kHeadBytes);
    *whole = raw.size() < kHeadBytes;
    if (!gz)
        return raw;
    QByteArray out(int(kHeadBytes), Qt::Uninitialized);
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
        *why = Text::tr("cannot be inflated");
        return {};
    }
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(raw.constData()));
    z.avail_in = uInt(raw.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    const int rc = inflate(&z, Z_SYNC_FLUSH);
    const qint64 produced = qint64(out.size()) - qint64(z.avail_out);
    inflateEnd(&z);
    if ((rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) || (produced == 0 && !raw.isEmpty())) {
        *why = Text::tr("not a gzip stream");
        return {};
    }
    out.truncate(int(produced));
    *whole = *whole && rc == Z_STREAM_END;
    return out;
}

// Whether a .json ends as a whole trace, from its last 4 KiB: the closing bracket of what it opened
// with ('[' or '{'), and in an object the event list closed after its last event. A file cut right
// after an event ends with that event's '}' too: after the last "ph" key, the event's object is
// followed to its end (strings and nesting counted), and the next byte but a comma must be ']'.
bool endsWhole(const QString &path, char opening)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const qint64 size = f.size();
    f.seek(std::max<qint64>(0, size - 4096));
    const QByteArray tail = f.read(4096);
    char last = 0;
    for (qsizetype i = tail.size() - 1; i >= 0 && !last; --i)
        if (!QChar::isSpace(uchar(tail.at(i))))
            last = tail.at(i);
    if (last != (opening == '[' ? ']' : '}'))
        return false;
    qsizetype ph = tail.lastIndexOf("\"ph\"");
    while (ph > 0 && tail.at(ph - 1) == '\\') // inside a string: an escaped quote
        ph = tail.lastIndexOf("\"ph\"", ph - 1);
    if (ph < 0)
        return true; // no event in the tail (long metadata after the events): the bracket decides
    int depth = 1; // inside the last event's object
    bool inString = false;
    qsizetype i = ph;
    for (; i < tail.size() && depth > 0; ++i) {
        const char c = tail.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    for (; i < tail.size(); ++i) {
        const char c = tail.at(i);
        if (QChar::isSpace(uchar(c)) || c == ',')
            continue;
        return c == ']' || opening == '['; // an array trace's events are the array itself
    }
    return false; // cut right after the event
}

qint64 firstNumber(const QByteArray &head, const QRegularExpression &re)
{
    const QRegularExpressionMatch m = re.match(QString::fromLatin1(head));
    if (!m.hasMatch())
        return -1;
    bool ok = false;
    const qint64 v = m.captured(1).left(18).toLongLong(&ok);
    return ok ? v : -1;
}

// distributedInfo's rank and world size: its object is small and flat.
void readDistributed(const QByteArray &head, LogDirFile &f)
{
    const qsizetype at = head.indexOf("\"distributedInfo\"");
    if (at < 0)
        return;
    const qsizetype end = head.indexOf('}', at);
    const QByteArray obj = head.mid(at, end < 0 ? 2048 : end - at);
    static const QRegularExpression rank(QStringLiteral("\"rank\"\\s*:\\s*(\\d{1,9})"));
    static const QRegularExpression world(QStringLiteral("\"world_size\"\\s*:\\s*(\\d{1,9})"));
    f.rank = int(firstNumber(obj, rank));
    f.worldSize = int(firstNumber(obj, world));
}

// <worker>.<stamp>.pt.trace.json[.gz]: the stamp in ms (seconds and ns stamps scaled by their digits).
void readName(const QString &name, LogDirFile &f)
{
    static const QRegularExpression re(QStringLiteral("^(.+)\\.(\\d{10,19})\\.pt\\.trace\\.json(\\.gz)?$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(name);
    if (!m.hasMatch())
        return;
    const QString digits = m.captured(2);
    bool ok = false;
    qint64 v = digits.toLongLong(&ok);
    if (!ok)
        return;
    if (digits.size() <= 10)
        v *= 1000; // seconds
    else if (digits.size() >= 17)
        v /= 1000000; // nanoseconds
    else if (digits.size() >= 15)
        v /= 1000; // microseconds
    f.worker = m.captured(1);
    f.stampMs = v;
}

struct Listed
{
    LogDirFile file;
    int order = 0;      // position in traceFilesIn's (file-name) order
    bool timed = false; // its time is the stamp or baseTimeNanoseconds, not the file's mtime
};

QString timeLabel(qint64 ms, bool withMs)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(withMs ? QStringLiteral("yyyy-MM-dd hh:mm:ss.zzz") : QStringLiteral("yyyy-MM-dd hh:mm:ss"));
}

// One folder's files as sessions, in time order.
std::vector<LogSession> groupFolder(const QString &folder, std::vector<Listed> files, const LogDirOptions &options)
{
    std::stable_sort(files.begin(), files.end(), [](const Listed &a, const Listed &b) {
        return a.file.timeMs != b.file.timeMs ? a.file.timeMs < b.file.timeMs : a.order < b.order;
    });
    // Each file joins the earliest open session it fits (no clash of worker or rank, the same world
    // size, not complete, no pause since its last file), else starts one: two attempts whose files
    // interleave in time (ranks 0 and 0 and 1 and 1) still come out as two jobs.
    struct Open
    {
        std::vector<const Listed *> files;
        std::set<QString> workers;
        std::set<int> ranks;
        int world = -1;
        qint64 last = 0;
        bool lastTimed = false;
    };
    constexpr std::size_t kOpenLooked = 64; // the most recent open sessions a file may join: bounded work
    std::vector<Open> groups;
    for (const Listed &l : files) {
        const LogDirFile &f = l.file;
        Open *into = nullptr;
        for (std::size_t k = groups.size() > kOpenLooked ? groups.size() - kOpenLooked : 0; k < groups.size() && !into; ++k) {
            Open &g = groups[k];
            const bool clash = (!f.worker.isEmpty() && g.workers.count(f.worker)) // the same worker's next cycle
                               || (f.rank >= 0 && g.ranks.count(f.rank))          // a rank seen twice: another attempt
                               || (f.worldSize > 0 && g.world > 0 && f.worldSize != g.world)
                               || (g.world > 0 && int(g.ranks.size()) >= g.world) // the job is complete
                               // A file's time on disk says when it was copied, not recorded: no pause rule there.
                               || (l.timed && g.lastTimed && f.timeMs - g.last > options.cycleGapMs);
            if (!clash)
                into = &g;
        }
        if (!into) {
            groups.emplace_back();
            into = &groups.back();
        }
        into->files.push_back(&l);
        if (!f.worker.isEmpty())
            into->workers.insert(f.worker);
        if (f.rank >= 0)
            into->ranks.insert(f.rank);
        if (f.worldSize > 0 && into->world < 0)
            into->world = f.worldSize;
        into->last = f.timeMs;
        into->lastTimed = l.timed;
    }
    std::vector<LogSession> out;
    for (Open &o : groups) {
        std::vector<const Listed *> &g = o.files;
        LogSession s;
        s.folder = folder;
        s.startMs = g.front()->file.timeMs;
        std::stable_sort(g.begin(), g.end(), [](const Listed *a, const Listed *b) { return a->order < b->order; });
        bool allRanks = true;
        for (const Listed *l : g) {
            s.files << l->file.path;
            allRanks = allRanks && l->file.rank >= 0;
            if (l->file.worldSize > 0)
                s.worldSize = l->file.worldSize;
        }
        for (std::size_t i = 0; i < g.size(); ++i)
            s.ranks.push_back(allRanks ? g[i]->file.rank : int(i));
        if (allRanks)
            std::sort(s.ranks.begin(), s.ranks.end());
        s.ranksGuessed = !allRanks && g.size() > 1;
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace

LogDirListing listLogDir(const QString &folder, const LogDirOptions &options)
{
    LogDirListing r;
    r.folder = folder;
    const QFileInfo fi(folder);
    if (!fi.isDir()) {
        r.error = fi.exists() ? Text::tr("%1 is not a folder").arg(folder) : Text::tr("%1 does not exist").arg(folder);
        return r;
    }
    // The folder itself, then its sub-folders (one level: a run each), in name order.
    QStringList folders{folder};
    const QDir dir(folder);
    QStringList subs = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    if (subs.size() > kMaxSubfolders) {
        const int over = int(subs.size() - kMaxSubfolders);
        r.bad.push_back({folder, (over == 1 ? Text::tr("%n sub-folder past the first %1 not looked at", nullptr, over)
                                            : Text::tr("%n sub-folders past the first %1 not looked at", nullptr, over))
                                     .arg(kMaxSubfolders)});
        subs = subs.mid(0, kMaxSubfolders);
    }
    for (const QString &s : subs)
        folders << dir.filePath(s);

    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    int seen = 0;
    for (int fIndex = 0; fIndex < folders.size(); ++fIndex) {
        std::vector<RejectedFile> unreadable;
        const QStringList paths = traceFilesIn(folders.at(fIndex), nullptr, &unreadable);
        for (RejectedFile &u : unreadable)
            r.bad.push_back(std::move(u));
        std::vector<Listed> listed;
        for (int i = 0; i < paths.size(); ++i) {
            const QString &path = paths.at(i);
            if (++seen > kMaxFiles) {
                r.bad.push_back({path, Text::tr("more than %1 trace files: the rest not looked at").arg(kMaxFiles)});
                break;
            }
            const QFileInfo info(path);
            const bool gz = path.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive);
            const qint64 mtime = info.lastModified().toMSecsSinceEpoch();
            if (info.size() == 0) {
                if (double(now - mtime) < options.settleSeconds * 1000)
                    r.incomplete.push_back({path, Text::tr("empty: still being written")});
                else
                    r.bad.push_back({path, Text::tr("empty file")});
                continue;
            }
            if (gz && double(now - mtime) < options.settleSeconds * 1000) {
                r.incomplete.push_back({path, Text::tr("modified %1 s ago: may still be being written").arg(double(now - mtime) / 1000, 0, 'f', 1)});
                continue;
            }
            QString why;
            bool whole = false;
            const QByteArray head = readHead(path, gz, &why, &whole);
            if (!why.isEmpty()) {
                r.bad.push_back({path, why});
                continue;
            }
            const qsizetype first = [&] {
                for (qsizetype k = 0; k < head.size(); ++k)
                    if (!QChar::isSpace(uchar(head.at(k))))
                        return k;
                return qsizetype(-1);
            }();
            if (first < 0 || (head.at(first) != '{' && head.at(first) != '[')) {
                r.bad.push_back({path, Text::tr("not a JSON trace (it does not start with { or [)")});
                continue;
            }
            // A small JSON object seen whole without traceEvents is some other file (a config, a
            // summary), not a session of its own; a large one is given the benefit of the doubt.
            if (head.at(first) == '{' && whole && !head.contains("\"traceEvents\"")) {
                r.bad.push_back({path, Text::tr("a JSON object without traceEvents: not a trace")});
                continue;
            }
            if (!gz) {
                if (!endsWhole(path, head.at(first))) {
                    if (double(now - mtime) < options.settleSeconds * 1000)
                        r.incomplete.push_back({path, Text::tr("no closing bracket yet: still being written")});
                    else
                        r.bad.push_back({path, Text::tr("ends without its closing bracket: cut off")});
                    continue;
                }
            }
            Listed l;
            l.order = i;
            l.file.path = path;
            readName(info.fileName(), l.file);
            readDistributed(head, l.file);
            static const QRegularExpression base(QStringLiteral("\"baseTimeNanoseconds\"\\s*:\\s*(\\d{1,19})"));
            static const QRegularExpression pid(QStringLiteral("\"pid\"\\s*:\\s*(\\d{1,12})"));
            l.file.baseTimeNs = firstNumber(head, base);
            l.file.pid = firstNumber(head, pid);
            l.timed = l.file.stampMs >= 0 || l.file.baseTimeNs >= 0;
            l.file.timeMs = l.file.stampMs >= 0 ? l.file.stampMs : l.file.baseTimeNs >= 0 ? l.file.baseTimeNs / 1000000 : mtime;
            listed.push_back(std::move(l));
        }
        if (listed.empty())
            continue;
        std::vector<LogSession> sessions = groupFolder(folders.at(fIndex), std::move(listed), options);
        const bool sub = fIndex > 0;
        for (LogSession &s : sessions) {
            const QString name = QFileInfo(s.folder).fileName();
            s.label = sub && sessions.size() == 1 ? name : sub ? name + QStringLiteral(" ") + timeLabel(s.startMs, false) : timeLabel(s.startMs, false);
            r.sessions.push_back(std::move(s));
        }
        if (seen > kMaxFiles)
            break;
    }
    std::stable_sort(r.sessions.begin(), r.sessions.end(), [](const LogSession &a, const LogSession &b) { return a.startMs < b.startMs; });
    // Unique labels: the time to the ms, then a count.
    std::map<QString, int> count;
    for (const LogSession &s : r.sessions)
        ++count[s.label];
    std::map<QString, int> used;
    for (LogSession &s : r.sessions) {
        if (count[s.label] > 1 && !s.label.isEmpty()) {
            const QString sub = s.folder == folder ? QString() : QFileInfo(s.folder).fileName() + QStringLiteral(" ");
            s.label = sub + timeLabel(s.startMs, true);
        }
        if (const int k = ++used[s.label]; k > 1)
            s.label += QStringLiteral(" (%1)").arg(k);
    }
    if (r.sessions.empty() && r.incomplete.empty())
        r.error = r.bad.empty() ? Text::tr("%1 holds no .json or .json.gz trace").arg(folder)
                                : Text::tr("%1 holds no readable trace").arg(folder);
    return r;
}

} // namespace lanescope::session
