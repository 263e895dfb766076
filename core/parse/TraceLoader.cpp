// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/TraceLoader.h"

#include "core/io/GzipInflater.h"
#include "core/io/GzipSize.h"
#include "core/io/MappedSource.h"
#include "core/io/SigbusGuard.h"
#include "core/parse/ContentWarnings.h"
#include "core/parse/ElementScanner.h"
#include "core/parse/InflatingStream.h"
#include "core/parse/StreamedArray.h"
#include "core/parse/TraceMerge.h"
#include "core/util/BoundedJson.h"
#include "core/util/Parallel.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace lanescope {

namespace {

using parse::ChunkOutput;
using parse::ScanEnd;
using parse::ScanShared;
using parse::skipWhitespace;

// lupdate files Text::tr() strings under the "TraceLoader" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TraceLoader)
};

constexpr std::uint64_t kMinChunkBytes = 8ull << 20; // below this a thread costs more than it saves
constexpr std::uint64_t kBoundarySearchBytes = 64ull << 20;
// Chunks a thread: with 4, the scan waited on its last chunk often enough that the 1 GB tile's load
// ran at 1.43-1.58x the do-nothing reader over 11 quiet runs; with 8 (8 MB chunks at least,
// kMinChunkBytes) at 1.53-1.61x over 7.
constexpr std::uint64_t kChunksPerThread = 8;

// Reads one JSON value at pos with RapidJSON into a Document (header keys: small values), no
// deeper than kMaxJsonDepth: a hostile header value is refused, not parsed (util/BoundedJson.h).
BoundedParse parseValue(const char *p, std::uint64_t size, std::uint64_t &pos, rapidjson::Document &doc)
{
    rapidjson::MemoryStream s(p + pos, size_t(size - pos));
    const BoundedParse r = parseBoundedJson<rapidjson::kParseStopWhenDoneFlag>(doc, s);
    if (r.ok())
        pos += s.Tell();
    return r;
}

// Skips one JSON value at pos without building anything.
bool skipValue(const char *p, std::uint64_t size, std::uint64_t &pos)
{
    rapidjson::MemoryStream s(p + pos, size_t(size - pos));
    rapidjson::BaseReaderHandler<> nothing;
    rapidjson::Reader r;
    r.Parse<rapidjson::kParseStopWhenDoneFlag | rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag>(
        s, nothing); // iterative: unknown header values may nest arbitrarily deep
    if (r.HasParseError())
        return false;
    pos += s.Tell();
    return true;
}

// distributedInfo.pg_config: [{"pg_name": "0", "pg_desc": "default_pg", "backend_config":
// "cuda:nccl", "pg_size": 8, "ranks": [0, ..., 7]}, ...]. The job's identity is the groups' names,
// sizes and members; pg_desc and backend_config are left out (the same group may be described
// differently by different PyTorch versions of one job). Older versions write "ranks" as a dict or
// leave it out: kept as it is written.
QString canonicalPgConfig(const rapidjson::Value &groups)
{
    QStringList parts;
    for (const auto &g : groups.GetArray()) {
        if (!g.IsObject())
            continue;
        QString name, size, ranks;
        if (g.HasMember("pg_name") && g["pg_name"].IsString())
            name = QString::fromUtf8(g["pg_name"].GetString());
        if (g.HasMember("pg_size") && g["pg_size"].IsInt())
            size = QString::number(g["pg_size"].GetInt());
        if (g.HasMember("ranks") && g["ranks"].IsArray()) {
            QStringList r;
            for (const auto &x : g["ranks"].GetArray())
                if (x.IsInt())
                    r << QString::number(x.GetInt());
            ranks = r.join(QLatin1Char(','));
        }
        parts << QStringLiteral("%1:%2:%3").arg(name, size, ranks);
    }
    parts.sort();
    return parts.join(QLatin1Char(';'));
}

void readHeaderValue(const std::string &key, const rapidjson::Value &v, Trace &t)
{
    if (key == "deviceProperties" && v.IsArray()) {
        for (const auto &d : v.GetArray()) {
            if (!d.IsObject())
                continue;
            // Kineto always writes an integer id; an entry without one cannot be matched to
            // the GPU lanes (pid = device id), and a repeated id keeps its first entry.
            if (!d.HasMember("id") || !d["id"].IsInt())
                continue;
            DeviceInfo info;
            info.id = d["id"].GetInt();
            if (std::any_of(t.devices.begin(), t.devices.end(), [&](const DeviceInfo &x) { return x.id == info.id; }))
                continue;
            if (d.HasMember("name") && d["name"].IsString())
                info.name = QString::fromUtf8(d["name"].GetString(), int(d["name"].GetStringLength()));
            if (d.HasMember("totalGlobalMem") && d["totalGlobalMem"].IsInt64())
                info.totalGlobalMem = d["totalGlobalMem"].GetInt64();
            if (d.HasMember("computeMajor") && d["computeMajor"].IsInt())
                info.computeMajor = d["computeMajor"].GetInt();
            if (d.HasMember("computeMinor") && d["computeMinor"].IsInt())
                info.computeMinor = d["computeMinor"].GetInt();
            if (d.HasMember("numSms") && d["numSms"].IsInt())
                info.numSms = d["numSms"].GetInt();
            t.devices.push_back(info);
        }
    } else if (key == "distributedInfo" && v.IsObject()) {
        if (v.HasMember("rank") && v["rank"].IsInt())
            t.rank = v["rank"].GetInt();
        if (v.HasMember("world_size") && v["world_size"].IsInt())
            t.worldSize = v["world_size"].GetInt();
        if (v.HasMember("backend") && v["backend"].IsString())
            t.backend = QString::fromUtf8(v["backend"].GetString());
        if (v.HasMember("pg_config") && v["pg_config"].IsArray())
            t.pgConfig = canonicalPgConfig(v["pg_config"]);
    } else if (key == "baseTimeNanoseconds") {
        if (v.IsInt64())
            t.baseTimeNs = v.GetInt64();
        else if (v.IsUint64())
            t.baseTimeNs = std::int64_t(v.GetUint64());
        else if (v.IsDouble() && v.GetDouble() > -9.2e18 && v.GetDouble() < 9.2e18) // out of range: UB (fuzz_parser)
            t.baseTimeNs = std::int64_t(v.GetDouble());
    } else if (key == "displayTimeUnit" && v.IsString()) {
        t.displayTimeUnit = QString::fromUtf8(v.GetString());
    } else if (key == "schemaVersion" && v.IsInt()) {
        t.schemaVersion = v.GetInt();
    }
}

bool isHeaderKey(const std::string &k)
{
    return k == "deviceProperties" || k == "distributedInfo" || k == "baseTimeNanoseconds"
        || k == "displayTimeUnit" || k == "schemaVersion";
}


// Parses the traceEvents array starting just after its '['. Splits the rest of the file into
// chunks at guessed element boundaries; a guess is kept only if the chunk before it
// ends exactly there, otherwise that chunk simply carries on through the next one.
parse::ParsedArray parseArray(ScanShared &shared, std::uint64_t arrayBegin, int threads)
{
    parse::ParsedArray result;
    const std::uint64_t span = shared.size - arrayBegin;
    // A few chunks per thread, handed out as threads free up: halves of a file are not equally
    // costly to read (a profiler's warm-up steps, a long args-heavy window), and with one chunk
    // per thread the load waited for the slower half.
    const std::uint64_t wanted = threads > 1 ? std::uint64_t(threads) * kChunksPerThread : 1;
    int n = int(std::max<std::uint64_t>(1, std::min<std::uint64_t>(wanted, span / kMinChunkBytes)));
    std::vector<std::uint64_t> starts{arrayBegin};
    for (int i = 1; i < n; ++i) {
        const std::uint64_t guess = arrayBegin + span * std::uint64_t(i) / std::uint64_t(n);
        const std::uint64_t at = parse::findElementStart(shared.data, shared.size, std::max(guess, starts.back() + 1),
                                                         kBoundarySearchBytes);
        if (at == UINT64_MAX)
            break;
        starts.push_back(at);
    }
    n = int(starts.size());
    result.threadsUsed = std::min(n, threadCount(std::max(1, threads)));

    std::vector<std::unique_ptr<ChunkOutput>> outs(static_cast<size_t>(n));
    std::vector<ScanEnd> ends(static_cast<size_t>(n));
    for (auto &o : outs)
        o = std::make_unique<ChunkOutput>();
    const bool timing = qEnvironmentVariableIsSet("LANESCOPE_LOAD_TIMING");
    auto work = [&](int i) {
        const std::uint64_t limit = i + 1 < n ? starts[size_t(i) + 1] : UINT64_MAX;
        // Reserve from the chunk's size so the record arrays never grow by copying: Kineto spends
        // 150-400 bytes per slice and ~5x that per flow event. Unused capacity is never touched,
        // so it costs address space, not resident memory.
        const std::uint64_t bytes = std::min(limit, shared.size) - starts[size_t(i)];
        outs[size_t(i)]->slices.reserve(size_t(bytes / 160));
        outs[size_t(i)]->flows.reserve(size_t(bytes / 800));
        QElapsedTimer clock;
        clock.start();
        ends[size_t(i)] = parse::scanElements(shared, *outs[size_t(i)], starts[size_t(i)], limit);
        if (timing)
            std::fprintf(stderr, "  scan: chunk %d, %.0f MB, %.3f s\n", i, double(bytes) / 1e6,
                         double(clock.nsecsElapsed()) / 1e9);
    };
    parallelEach(std::size_t(n), threads, [&](std::size_t i) { work(int(i)); });

    // Stitch in order. `cur` is the chunk that is known to be aligned.
    ChunkOutput *cur = outs[0].get();
    ScanEnd curEnd = ends[0];
    result.chunks.push_back(std::move(outs[0]));
    for (int i = 1; i < n; ++i) {
        if (curEnd.status == ScanEnd::AtBoundary) {
            result.chunks.push_back(std::move(outs[size_t(i)]));
            cur = result.chunks.back().get();
            curEnd = ends[size_t(i)];
            continue;
        }
        if (curEnd.status != ScanEnd::Overshot)
            break; // the array ended, or an error/cut stopped it: later chunks lie outside the array
        // The guess at starts[i] was inside an element: discard chunk i and carry on from where we are.
        const std::uint64_t limit = i + 1 < n ? starts[size_t(i) + 1] : UINT64_MAX;
        curEnd = parse::scanElements(shared, *cur, curEnd.pos, limit);
    }
    // A last Overshot can only happen if the final limit was hit, which is UINT64_MAX: not reachable.
    result.end = curEnd;
    return result;
}

// What the top level of the file held besides the header keys (read into the trace directly).
struct TopLevel
{
    parse::ParsedArray events;
    bool sawEvents = false;
    bool arrayFormat = false;
    QString headerError;
};

// The top level over a mapped file: positions are indices into it.
struct MappedCursor
{
    const char *p;
    std::uint64_t size;
    ScanShared &shared;
    int threads;
    std::uint64_t pos = 0;

    bool atEnd() const { return pos >= size; }
    unsigned char peek() const { return std::uint8_t(p[pos]); }
    void next() { ++pos; }
    std::uint64_t tell() const { return pos; }
    void skipWs() { skipWhitespace(p, size, pos); }
    BoundedParse parseValue(rapidjson::Document &doc) { return lanescope::parseValue(p, size, pos, doc); }
    bool skipValue() { return lanescope::skipValue(p, size, pos); }
    // The array's contents, from just after its '['.
    void events(TopLevel &top)
    {
        top.events = parseArray(shared, pos, threads);
        if (top.events.end.status == ScanEnd::ArrayClosed)
            pos = top.events.end.pos;
    }
};

// The top level of a .json.gz, read as it is inflated.
struct StreamCursor
{
    parse::InflatingStream &s;
    int threads;
    std::atomic<std::uint64_t> &progress;
    const std::atomic<bool> *cancel;

    bool atEnd() { return s.atEnd(); }
    unsigned char peek() { return std::uint8_t(s.Peek()); }
    void next() { s.Take(); }
    std::uint64_t tell() const { return s.Tell(); }
    void skipWs()
    {
        while (!s.atEnd() && parse::isJsonSpace(s.Peek()))
            s.Take();
    }
    BoundedParse parseValue(rapidjson::Document &doc) { return parseBoundedJson<rapidjson::kParseStopWhenDoneFlag>(doc, s); }
    bool skipValue()
    {
        rapidjson::BaseReaderHandler<> nothing;
        rapidjson::Reader r;
        r.Parse<rapidjson::kParseStopWhenDoneFlag | rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag>(
            s, nothing);
        return !r.HasParseError();
    }
    void events(TopLevel &top)
    {
        top.events = parse::parseStreamedArray(s, threads, progress, cancel);
    }
};

// The top level: either {"key": value, ..., "traceEvents": [...], ...} (Kineto, Chrome object
// format; distributedInfo may come after traceEvents) or a bare [...] (Chrome array format).
template <typename Cursor>
void parseTopLevel(Cursor &c, Trace &trace, const QString &name, TopLevel &top)
{
    c.skipWs();
    if (!c.atEnd() && c.peek() == 0xEF) { // UTF-8 byte-order mark (only a whole one lets a trace follow)
        c.next();
        if (!c.atEnd() && c.peek() == 0xBB) {
            c.next();
            if (!c.atEnd() && c.peek() == 0xBF)
                c.next();
        }
    }
    c.skipWs();
    if (c.atEnd()) {
        top.headerError = Text::tr("%1 holds only whitespace: not a trace").arg(name);
        return;
    }
    if (c.peek() == '[') {
        top.arrayFormat = true;
        top.sawEvents = true;
        c.next();
        c.events(top);
        return;
    }
    if (c.peek() != '{') {
        top.headerError = Text::tr("%1 is not a JSON trace (it starts with neither '{' nor '[')").arg(name);
        return;
    }
    c.next();
    for (;;) {
        c.skipWs();
        if (c.atEnd()) {
            if (!top.sawEvents)
                top.headerError = Text::tr("%1 ends at byte %2 before any traceEvents").arg(name).arg(c.tell());
            else
                trace.warnings << Text::tr("the file ends at byte %1 before its closing '}'").arg(c.tell());
            return;
        }
        if (c.peek() == '}') {
            // Only whitespace may follow: two traces joined into one file (a .gz of two
            // concatenated .json.gz is one stream of both) would otherwise lose the second silently.
            c.next();
            c.skipWs();
            if (!c.atEnd())
                trace.warnings << Text::tr("more follows the trace's closing '}' at byte %1 (a second trace joined to it?); only the first is read")
                                      .arg(c.tell());
            return;
        }
        if (c.peek() == ',') {
            c.next();
            continue;
        }
        rapidjson::Document keyDoc;
        const std::uint64_t keyAt = c.tell();
        if (c.peek() != '"' || !c.parseValue(keyDoc).ok() || !keyDoc.IsString()) {
            if (!top.sawEvents)
                top.headerError = Text::tr("%1 is not valid JSON: expected a key at byte %2").arg(name).arg(keyAt);
            else
                trace.warnings << Text::tr("JSON syntax error after traceEvents at byte %1; ignored").arg(keyAt);
            return;
        }
        const std::string key(keyDoc.GetString(), keyDoc.GetStringLength());
        c.skipWs();
        if (c.atEnd() || c.peek() != ':') {
            if (!top.sawEvents)
                top.headerError = Text::tr("%1 is not valid JSON: expected ':' at byte %2").arg(name).arg(c.tell());
            return;
        }
        c.next();
        c.skipWs();
        if (key == "traceEvents" && !top.sawEvents) {
            if (c.atEnd() || c.peek() != '[') {
                top.headerError = Text::tr("%1: \"traceEvents\" is not an array").arg(name);
                return;
            }
            top.sawEvents = true;
            c.next();
            c.events(top);
            if (top.events.end.status != ScanEnd::ArrayClosed)
                return; // cut, error or cancel: nothing after it can be read
            continue;
        }
        const std::uint64_t valueAt = c.tell();
        bool valueOk;
        bool tooDeep = false;
        if (isHeaderKey(key)) {
            rapidjson::Document v;
            const BoundedParse parsed = c.parseValue(v);
            valueOk = parsed.ok();
            tooDeep = parsed.status == BoundedParse::Status::TooDeep;
            if (valueOk)
                readHeaderValue(key, v, trace);
        } else {
            valueOk = c.skipValue();
        }
        if (tooDeep) {
            const QString why = Text::tr("\"%1\" at byte %2 nests deeper than %3 levels")
                                    .arg(QString::fromStdString(key))
                                    .arg(valueAt)
                                    .arg(kMaxJsonDepth);
            if (!top.sawEvents)
                top.headerError = Text::tr("%1: %2: not a trace header").arg(name, why);
            else
                trace.warnings << Text::tr("%1 (after traceEvents); ignored").arg(why);
            return;
        }
        if (!valueOk) {
            if (!top.sawEvents)
                top.headerError = Text::tr("%1 is not valid JSON: bad value for \"%2\" at byte %3")
                                      .arg(name, QString::fromStdString(key))
                                      .arg(valueAt);
            else
                trace.warnings << Text::tr("bad value for \"%1\" after traceEvents at byte %2; ignored")
                                       .arg(QString::fromStdString(key))
                                       .arg(valueAt);
            return;
        }
    }
}

QString describeStop(const ScanEnd &e, std::uint64_t events)
{
    switch (e.status) {
    case ScanEnd::EofMidElement:
        return Text::tr("the file ends in the middle of an event at byte %1 (after %2 complete events): the "
                  "profiler was probably stopped while writing; everything before the cut is loaded")
            .arg(e.lastGood)
            .arg(events);
    case ScanEnd::EofClean:
        return Text::tr("the file ends at byte %1 before traceEvents is closed (after %2 complete events): the "
                  "profiler was probably stopped while writing; everything before the cut is loaded")
            .arg(e.pos)
            .arg(events);
    case ScanEnd::TooLarge:
        return Text::tr("the event after byte %1 is larger than %2 MiB (or the file holds that much whitespace "
                        "there): loading stopped there, after %3 complete events")
            .arg(e.lastGood)
            .arg(parse::kMaxStreamedElementBytes >> 20)
            .arg(events);
    case ScanEnd::SyntaxError:
        return Text::tr("JSON syntax error at byte %1 (%2): loading stopped there, after %3 complete events")
            .arg(e.errorAt)
            .arg(QString::fromStdString(e.error))
            .arg(events);
    default:
        return QString();
    }
}

} // namespace

LoadResult loadTrace(const QString &path, const LoadOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    auto opened = MappedSource::open(path);
    if (!opened.source) {
        LoadResult r;
        r.error = opened.error;
        return r;
    }
    LoadResult r = loadTrace(opened.source, options);
    if (r.trace)
        r.trace->loadSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (qEnvironmentVariableIsSet("LANESCOPE_LOAD_TIMING") && opened.source->gzipped())
        std::fprintf(stderr, "lanescope: inflated with %s while parsing, %zu resume points\n",
                     opened.source->inflatedWith() ? opened.source->inflatedWith() : "-", opened.source->resumePoints());
    return r;
}

static LoadResult loadFromSource(std::shared_ptr<MappedSource> source, const LoadOptions &options);

LoadResult loadTrace(std::shared_ptr<MappedSource> source, const LoadOptions &options)
{
    const QString name = source->path().isEmpty() ? Text::tr("input") : source->path();
    // Once every temporary of the load is gone, whatever its outcome.
    struct Release
    {
        ~Release() { releaseFreedMemory(); }
    } release;
    try {
        const std::shared_ptr<MappedSource> read = source;
        LoadResult r = loadFromSource(std::move(source), options);
        // A file rewritten in place while it was read (its size or mtime changed) reads as a
        // syntax error, or as a mix of both versions: say what happened instead.
        if (!r.cancelled && !read->stillValid()) {
            r.error = Text::tr("%1 changed on disk while it was being read; open it again").arg(name);
            r.trace.reset();
        }
        return r;
    } catch (const std::bad_alloc &) {
        LoadResult r;
        r.error = Text::tr("not enough memory to load %1").arg(name);
        return r;
    } catch (const std::exception &e) {
        LoadResult r;
        r.error = Text::tr("%1 could not be loaded: %2").arg(name, QString::fromLocal8Bit(e.what()));
        return r;
    }
}

static LoadResult loadFromSource(std::shared_ptr<MappedSource> source, const LoadOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    LoadResult r;
    const char *p = source->data();
    const std::uint64_t size = source->size();
    const QString name = source->path().isEmpty() ? Text::tr("input") : source->path();
    auto fail = [&](const QString &why) {
        r.error = why;
        r.trace.reset();
        return r;
    };
    if (size == 0 && !source->gzipped())
        return fail(Text::tr("%1 is empty: not a trace").arg(name));

    auto trace = std::make_shared<Trace>();
    trace->path = source->path();
    trace->fileBytes = source->fileBytes();
    trace->jsonBytes = size;
    trace->gzipped = source->gzipped();
    trace->source = source;

    const int threads = threadCount(options.threads);
    ScanShared shared;
    shared.data = p;
    shared.size = size;
    shared.cancel = options.cancel;
    shared.nulTerminated = source->nulTerminated();

    // Progress: a watcher polls the byte counter the scanners bump, against the JSON's size (a
    // .json.gz: what its trailer and compression ratio say it inflates to).
    const std::uint64_t expected = std::max<std::uint64_t>(
        1, source->gzipped() ? io::estimateInflatedSize(source->compressed(), source->compressedSize()).bytes : size);
    // It waits on a condition variable, not a sleep, so the load's end wakes it at once: a fixed
    // 50 ms nap per file made a folder of a thousand tiny ranks wait seconds for nothing.
    struct ProgressWake
    {
        std::mutex lock;
        std::condition_variable wake;
        bool done = false;
    } progressWake;
    std::thread progressThread;
    if (options.progress) {
        progressThread = std::thread([&] {
            std::unique_lock<std::mutex> g(progressWake.lock);
            while (!progressWake.done) {
                g.unlock();
                options.progress(std::min(0.95, double(shared.bytesDone.load()) / double(expected) * 0.9));
                g.lock();
                progressWake.wake.wait_for(g, std::chrono::milliseconds(50), [&] { return progressWake.done; });
            }
        });
    }
    struct StopProgress
    {
        ProgressWake &w;
        std::thread &t;
        ~StopProgress()
        {
            {
                std::lock_guard<std::mutex> g(w.lock);
                w.done = true;
            }
            w.wake.notify_one();
            if (t.joinable())
                t.join();
        }
    } stopProgress{progressWake, progressThread};

    TopLevel top;
    bool faulted = false;
    QString gzipWarning; // first among the warnings: it explains the others
    if (!source->gzipped()) {
        source->adviseSequential();
        MappedCursor cursor{p, size, shared, threads};
        faulted = !runGuarded([&] { parseTopLevel(cursor, *trace, name, top); });
    } else {
        // Read as it is inflated; the compressed mapping faults (SIGBUS) if the file is cut on disk.
        parse::InflatingInput input(source->inflateFromStart(), options.cancel);
        parse::InflatingStream stream(input);
        StreamCursor cursor{stream, threads, shared.bytesDone, options.cancel};
        faulted = !runGuarded([&] {
            parseTopLevel(cursor, *trace, name, top);
            // To the end of the stream: its size, whether it is whole, and the resume points past the
            // JSON (trailing bytes). Usually a newline.
            if (!(options.cancel && options.cancel->load()) && top.events.end.status != ScanEnd::Faulted
                && top.events.end.status != ScanEnd::TooLarge) {
                std::vector<char> sink(1u << 20);
                while (input.read(sink.data(), sink.size()) > 0) {
                }
            }
        });
        if (!faulted && !(options.cancel && options.cancel->load())) {
            const io::GzipInflater &inf = input.inflater();
            if (inf.state() == io::GzipInflater::State::Corrupt)
                return fail(QCoreApplication::translate("MappedSource", "%1: %2").arg(name, inf.error()));
            if (input.produced() == 0)
                return fail(QCoreApplication::translate("MappedSource", "%1 inflates to nothing: not a trace").arg(name));
            if (inf.state() == io::GzipInflater::State::Cut)
                gzipWarning = QCoreApplication::translate(
                    "MappedSource", "the gzip stream ends early (the file was cut off); loading what it holds");
            source->setInflated(input.produced(), inf.engine(), input.takePoints());
            trace->jsonBytes = input.produced();
        }
    }
    parse::ParsedArray &events = top.events;
    const bool arrayFormat = top.arrayFormat;
    if (faulted || events.end.status == ScanEnd::Faulted)
        return fail(Text::tr("%1 changed on disk while it was being read; open it again").arg(name));
    // A cancel first: a .json.gz stops being read when it comes, which can look like a short file.
    if (events.end.status == ScanEnd::Cancelled || (options.cancel && options.cancel->load())) {
        r.cancelled = true;
        return fail(Text::tr("loading cancelled"));
    }
    if (!top.headerError.isEmpty())
        return fail(top.headerError);
    if (!top.sawEvents)
        return fail(Text::tr("%1 is JSON but not a trace: it has no \"traceEvents\" array").arg(name));

    std::uint64_t eventCount = 0, withPhase = 0;
    for (const auto &c : events.chunks) {
        eventCount += c->events;
        withPhase += c->events - c->malformed;
    }
    const ScanEnd &end = events.end;
    if (eventCount == 0 && end.status == ScanEnd::SyntaxError)
        return fail(Text::tr("%1 is not valid JSON: %2 at byte %3")
                        .arg(name, QString::fromStdString(end.error))
                        .arg(end.errorAt));
    if (arrayFormat && eventCount > 0 && withPhase == 0)
        return fail(Text::tr("%1 is a JSON array, but its entries are not trace events").arg(name));
    if (end.status == ScanEnd::EofMidElement || end.status == ScanEnd::SyntaxError || end.status == ScanEnd::TooLarge
        || (end.status == ScanEnd::EofClean && !arrayFormat)) {
        trace->truncated = true;
        trace->truncatedAtByte = end.status == ScanEnd::SyntaxError ? end.errorAt : end.lastGood;
        trace->warnings.prepend(describeStop(end, eventCount));
    }
    trace->threadsUsed = events.threadsUsed;

    source->adviseRandom();
    if (options.progress)
        options.progress(0.9);
    const double scanSeconds = double(timer.nsecsElapsed()) / 1e9;
    bool completed = false;
    const bool merged = runGuarded([&] { completed = parse::mergeChunks(events.chunks, *trace, threads, options.cancel); });
    if (qEnvironmentVariableIsSet("LANESCOPE_LOAD_TIMING"))
        std::fprintf(stderr, "lanescope: scan %.3f s, merge %.3f s\n", scanSeconds,
                     double(timer.nsecsElapsed()) / 1e9 - scanSeconds);
    if (!merged)
        return fail(Text::tr("%1 changed on disk while it was being read; open it again").arg(name));
    if (!completed) {
        r.cancelled = true;
        return fail(Text::tr("loading cancelled"));
    }
    parse::addContentWarnings(*trace, arrayFormat);
    if (!gzipWarning.isEmpty())
        trace->warnings.prepend(gzipWarning);
    if (options.progress)
        options.progress(1.0);
    trace->loadSeconds = double(timer.nsecsElapsed()) / 1e9;
    r.trace = std::move(trace);
    return r;
}

} // namespace lanescope
