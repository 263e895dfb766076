// SPDX-License-Identifier: GPL-3.0-or-later
// bench_load TRACE [--repeat N] [--threads N]
// Our whole load (parse + model) against RapidJSON's SAX reader with a handler that does nothing,
// over the same mapped bytes in the same run, and against the same load with every event read by
// RapidJSON ("rapidjson_only_seconds", best of runs; "fast_path_gain": the median of each run's
// RapidJSON-only / fast-path seconds; see parse/EventReader.h). Prints one JSON object as the last line
// (keys fixed in docs/architecture.md). Exit 77 (skip) when the trace is absent.
// For a .json.gz it also writes the inflated bytes to a plain file and, in the same run, times the
// .json.gz load (inflate + parse + model, what opening it costs) against the plain file's, plus the
// inflate alone (into one reused buffer) with the default inflater (ISA-L where built in) and with
// zlib: extra keys "inflater", "resume_points", "inflate_seconds", "zlib_inflate_seconds", "gz_load_seconds",
// "plain_load_seconds", "gz_to_plain_ratio" (best over best) and "gz_to_plain_pair_median" (the
// median of each run's two loads; the target: <= 1.2), and the memory each load
// holds while its trace is alive: "plain_anon_bytes", "gz_anon_bytes" (RssAnon growth: the model
// and, for the .json.gz, its resume points; the inflated JSON must not be here) and
// "plain_rss_bytes", "gz_rss_bytes" (VmRSS, mapped file included); and what one event's details cost
// at random places of the .json.gz: "gz_details_median_ms", "gz_details_max_ms", and the same reads,
// pick by pick, from resume points kept unpacked (a whole copy every 32 MB, as before packing):
// "gz_details_legacy_median_ms", "gz_details_legacy_max_ms"; what the points hold
// ("resume_point_bytes"; "legacy_resume_points", "legacy_resume_point_bytes") and the inflate alone
// while saving each kind ("inflate_packed_points_seconds", "inflate_copied_points_seconds").
// Best of --repeat runs, the two loads interleaved.
#include "tests/benchmarks/BenchArgs.h"
#include "core/io/GzipInflater.h"
#include "core/io/MappedSource.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"
#include "core/parse/InflatingStream.h"
#include "core/parse/TraceLoader.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>

#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace lanescope;

namespace {

// What "reading the bytes as JSON" costs at best: default flags, a handler that keeps nothing,
// and the same input stream type the loader picks for this file (see MappedSource::nulTerminated).
template <typename Stream>
double noopSax(Stream s, bool *ok)
{
    QElapsedTimer t;
    t.start();
    rapidjson::BaseReaderHandler<> nothing;
    rapidjson::Reader reader;
    reader.Parse(s, nothing);
    *ok = !reader.HasParseError();
    return double(t.nsecsElapsed()) / 1e9;
}

double noopSaxSeconds(const MappedSource &src, bool *ok)
{
    if (src.nulTerminated())
        return noopSax(rapidjson::StringStream(src.data()), ok);
    return noopSax(rapidjson::MemoryStream(src.data(), size_t(src.size())), ok);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchArgs cli;
    if (const int rc = parseBenchArgs("bench_load", &cli); rc >= 0)
        return rc;
    const QString path = cli.path;
    const int repeat = cli.repeat, threads = cli.threads;

    auto opened = MappedSource::open(path);
    if (!opened.source) {
        std::fprintf(stderr, "bench_load: %s\n", qPrintable(opened.error));
        return 3;
    }
    // A .json.gz: its bytes inflated once into a plain file, which the first part measures and the
    // .json.gz is then timed against.
    QTemporaryDir plainDir;
    const QString plain = plainDir.filePath(QStringLiteral("plain.json"));
    std::size_t resumePoints = 0;
    if (opened.source->gzipped()) {
        const LoadResult whole = loadTrace(path);
        QFile f(plain);
        if (!whole.trace || !plainDir.isValid() || !f.open(QIODevice::WriteOnly)) {
            std::fprintf(stderr, "bench_load: cannot make the plain copy in %s\n", qPrintable(plain));
            return 3;
        }
        resumePoints = whole.trace->source->resumePoints();
        SourceReader reader(*whole.trace->source);
        for (std::uint64_t at = 0; at < whole.trace->source->size();) {
            const std::string_view v = reader.at(at, 4u << 20);
            const std::size_t n = std::min<std::size_t>(v.size(), 4u << 20);
            if (n == 0 || f.write(v.data(), qint64(n)) != qint64(n)) {
                std::fprintf(stderr, "bench_load: cannot write the plain copy to %s\n", qPrintable(plain));
                return 3;
            }
            at += n;
        }
        f.flush();
        // On disk before timing: a GB of dirty pages still being written back would slow what runs
        // next, and measure the disk instead of us.
        ::fdatasync(f.handle());
        f.close();
        opened = MappedSource::open(plain);
        if (!opened.source) {
            std::fprintf(stderr, "bench_load: %s\n", qPrintable(opened.error));
            return 3;
        }
    }
    const bool gzipped = QFileInfo::exists(plain);
    const auto src = opened.source;
    // Warm the page cache so both contenders read from memory.
    {
        volatile unsigned char sink = 0;
        for (std::uint64_t i = 0; i < src->size(); i += 4096)
            sink = sink ^ static_cast<unsigned char>(src->data()[i]);
        (void)sink;
    }

    double noop = 1e30, ours = 1e30;
    std::uint64_t events = 0;
    int threadsUsed = 1;
    std::uint64_t anonDelta = 0;
    double rapidOnly = 1e30;
    std::vector<double> fastGain;
    for (int i = 0; i < repeat; ++i) {
        bool ok = false;
        noop = std::min(noop, noopSaxSeconds(*src, &ok));
        if (!ok)
            std::fprintf(stderr, "bench_load: note: the no-op SAX pass stopped at a parse error\n");

        malloc_trim(0);
        const std::uint64_t anonBefore = residentAnonymousBytes();
        LoadOptions options;
        options.threads = threads;
        QElapsedTimer t;
        t.start();
        LoadResult r = loadTrace(src, options);
        const double s = double(t.nsecsElapsed()) / 1e9;
        if (!r.trace) {
            std::fprintf(stderr, "bench_load: %s\n", qPrintable(r.error));
            return 3;
        }
        const std::uint64_t anonAfter = residentAnonymousBytes();
        ours = std::min(ours, s);
        events = r.trace->eventCount;
        threadsUsed = r.trace->threadsUsed;
        anonDelta = anonAfter > anonBefore ? anonAfter - anonBefore : 0;
        const double modelMb = double(r.trace->modelBytes()) / 1e6;
        r = LoadResult();
        // The same load with every event read by RapidJSON (the SAX pass before its fast path,
        // parse/EventReader.h), in the same run: the fast path's gain, pair by pair.
        qputenv("LANESCOPE_PARSE_RAPIDJSON", "1");
        t.restart();
        const LoadResult old = loadTrace(src, options);
        const double so = double(t.nsecsElapsed()) / 1e9;
        qunsetenv("LANESCOPE_PARSE_RAPIDJSON");
        if (!old.trace || old.trace->eventCount != events) {
            std::fprintf(stderr, "bench_load: the RapidJSON-only load differs: %s\n", qPrintable(old.error));
            return 3;
        }
        rapidOnly = std::min(rapidOnly, so);
        fastGain.push_back(so / s);
        std::fprintf(stderr, "run %d: no-op SAX %.3f s, load %.3f s (RapidJSON only %.3f s), model %.1f MB (heap), "
                     "RssAnon +%.1f MB\n", i + 1, noop, s, so, modelMb, double(anonDelta) / 1e6);
    }
    std::sort(fastGain.begin(), fastGain.end());
    const double fastGainMedian = fastGain[fastGain.size() / 2];
    // .json.gz against the same bytes as a plain file, each loaded from its path as a user opens it.
    QString gzKeys;
    if (gzipped) {
        struct Timed
        {
            double seconds = -1;
            std::uint64_t anon = 0, rss = 0;
        };
        auto timeLoad = [&](const QString &p) {
            LoadOptions options;
            options.threads = threads;
            malloc_trim(0);
            const std::uint64_t anonBefore = residentAnonymousBytes();
            QElapsedTimer t;
            t.start();
            const LoadResult r = loadTrace(p, options);
            Timed out;
            if (!r.trace)
                return out;
            out.seconds = double(t.nsecsElapsed()) / 1e9;
            const std::uint64_t anonAfter = residentAnonymousBytes();
            out.anon = anonAfter > anonBefore ? anonAfter - anonBefore : 0;
            out.rss = residentBytes();
            return out;
        };
        // Inflating alone, into one reused buffer: the floor under a .json.gz load.
        auto timeInflate = [&](bool zlib) {
            // LANESCOPE_INFLATE as it was after, so that LANESCOPE_INFLATE=zlib bench_load measures zlib throughout.
            const QByteArray was = qgetenv("LANESCOPE_INFLATE");
            const bool wasSet = qEnvironmentVariableIsSet("LANESCOPE_INFLATE");
            if (zlib)
                qputenv("LANESCOPE_INFLATE", "zlib");
            const auto o = MappedSource::open(path);
            std::vector<unsigned char> buf(4u << 20);
            QElapsedTimer t;
            t.start();
            auto inf = o.source ? o.source->inflateFromStart() : nullptr;
            while (inf && inf->read(buf.data(), buf.size()) > 0) {
            }
            const double sec = double(t.nsecsElapsed()) / 1e9;
            if (wasSet)
                qputenv("LANESCOPE_INFLATE", was);
            else
                qunsetenv("LANESCOPE_INFLATE");
            return inf && inf->state() == io::GzipInflater::State::Ended ? sec : -1.0;
        };
        const char *inflater = MappedSource::inflater();
        double gzLoad = 1e30, plainLoad = 1e30, inflate = 1e30, zlibInflate = 1e30;
        Timed plainMem, gzMem;
        std::vector<double> pairRatios; // each run's .json.gz load over the plain load just before it
        for (int i = 0; i < repeat; ++i) {
            const Timed p = timeLoad(plain);
            const Timed g = timeLoad(path);
            if (p.seconds < 0 || g.seconds < 0) {
                std::fprintf(stderr, "bench_load: a load failed\n");
                return 3;
            }
            pairRatios.push_back(g.seconds / p.seconds);
            if (p.seconds < plainLoad)
                plainLoad = p.seconds, plainMem = p;
            if (g.seconds < gzLoad)
                gzLoad = g.seconds, gzMem = g;
            inflate = std::min(inflate, timeInflate(false));
            zlibInflate = std::min(zlibInflate, timeInflate(true));
            std::fprintf(stderr,
                         "run %d: plain load %.3f s, .json.gz load %.3f s (%s inflate %.3f s, zlib %.3f s); "
                         "RssAnon +%.1f / +%.1f MB, VmRSS %.1f / %.1f MB\n",
                         i + 1, p.seconds, g.seconds, inflater, inflate, zlibInflate, double(p.anon) / 1e6,
                         double(g.anon) / 1e6, double(p.rss) / 1e6, double(g.rss) / 1e6);
        }
        // On a shared machine the ratio of two minima swings with one lucky run; the median of the
        // pairs does not.
        std::sort(pairRatios.begin(), pairRatios.end());
        const double pairMedian = pairRatios[pairRatios.size() / 2];
        std::fprintf(stderr, "pair by pair: .json.gz / plain median %.3f (min %.3f, max %.3f)\n", pairMedian,
                     pairRatios.front(), pairRatios.back());
        std::fprintf(stderr,
                     "best of %d: plain %.3f s, .json.gz %.3f s, inflate only %.3f s (%s; %zu resume points), ratio %.3f; "
                     "RssAnon +%.1f MB plain / +%.1f MB gz, VmRSS %.1f / %.1f MB\n",
                     repeat, plainLoad, gzLoad, inflate, inflater, resumePoints, gzLoad / plainLoad,
                     double(plainMem.anon) / 1e6, double(gzMem.anon) / 1e6, double(plainMem.rss) / 1e6,
                     double(gzMem.rss) / 1e6);
        // What a click costs: one event's details read back from the .json.gz at a random place,
        // as the Details panel does (each read re-inflates from the nearest resume point). Side by
        // side, pick by pick, with the resume points kept unpacked, as before packing (a whole copy of
        // the inflater every 32 MB) on a second mapping of the same file; and the inflate with each
        // kind of point saved, to show what packing them costs the load.
        double detailsMedianMs = 0, detailsMaxMs = 0, legacyMedianMs = 0, legacyMaxMs = 0;
        double packedPass = 1e30, legacyPass = 1e30;
        std::size_t pointBytes = 0, legacyPointBytes = 0, legacyPoints = 0;
        {
            const LoadResult g = loadTrace(path);
            std::vector<MappedSource::ResumePoint> legacy;
            // The legacy points are copies of an inflater that points into the mapping it read: they
            // are taken over the mapping they are then read back from, which must outlive them.
            const auto legacySource = MappedSource::open(path).source;
            auto inflateWithPoints = [&](bool copies) {
                const auto o = MappedSource::open(path);
                const auto &from = copies && legacySource ? legacySource : o.source;
                parse::InflatingInput in(from->inflateFromStart(), nullptr,
                                         copies ? parse::InflatingInput::kResumeSpacing : 0, copies);
                std::vector<char> buf(1u << 20);
                QElapsedTimer t;
                t.start();
                while (in.read(buf.data(), buf.size()) > 0) {
                }
                const double sec = double(t.nsecsElapsed()) / 1e9;
                if (copies)
                    legacy = in.takePoints();
                return sec;
            };
            for (int i = 0; i < repeat; ++i) {
                packedPass = std::min(packedPass, inflateWithPoints(false));
                legacyPass = std::min(legacyPass, inflateWithPoints(true));
            }
            if (g.trace && legacySource) {
                pointBytes = g.trace->source->resumePointBytes();
                legacyPoints = legacy.size();
                legacySource->setInflated(g.trace->source->size(), g.trace->source->inflatedWith(), std::move(legacy));
                legacyPointBytes = legacySource->resumePointBytes();
            }
            std::vector<std::pair<std::uint32_t, std::uint32_t>> picks;
            std::uint64_t x = 88172645463325252ull; // xorshift: the same places every run
            for (int k = 0; g.trace && k < 100; ++k) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                const std::uint32_t t = std::uint32_t(x % g.trace->tracks.size());
                if (g.trace->tracks[t].size() == 0)
                    continue;
                picks.emplace_back(t, std::uint32_t((x >> 20) % g.trace->tracks[t].size()));
            }
            // One reader each, kept across the picks, as MappedSource::objectAt() keeps one.
            SourceReader now(*g.trace->source), before(*legacySource);
            std::vector<double> ms, legacyMs;
            for (const auto &[t, i] : picks) {
                const std::uint64_t offset = g.trace->tracks[t].fileOffset[i];
                QElapsedTimer timer;
                timer.start();
                const EventDetails d = readEventDetails(*g.trace, now, offset);
                ms.push_back(double(timer.nsecsElapsed()) / 1e6);
                timer.restart();
                const EventDetails e = readEventDetails(*g.trace, before, offset);
                legacyMs.push_back(double(timer.nsecsElapsed()) / 1e6);
                if (!d.ok || !e.ok)
                    std::fprintf(stderr, "bench_load: details failed: %s\n", qPrintable(d.ok ? e.error : d.error));
                else if (d.json != e.json)
                    std::fprintf(stderr, "bench_load: details differ at byte %llu\n", static_cast<unsigned long long>(offset));
            }
            std::sort(ms.begin(), ms.end());
            std::sort(legacyMs.begin(), legacyMs.end());
            if (!ms.empty()) {
                detailsMedianMs = ms[ms.size() / 2];
                detailsMaxMs = ms.back();
                legacyMedianMs = legacyMs[legacyMs.size() / 2];
                legacyMaxMs = legacyMs.back();
            }
            std::fprintf(stderr,
                         ".json.gz details of %zu random events: median %.2f ms, max %.2f ms (%zu resume points, "
                         "%.2f MB); with whole copies every 32 MB: median %.2f ms, max %.2f ms (%zu points, %.2f MB)\n",
                         ms.size(), detailsMedianMs, detailsMaxMs, resumePoints, double(pointBytes) / 1e6, legacyMedianMs,
                         legacyMaxMs, legacyPoints, double(legacyPointBytes) / 1e6);
            std::fprintf(stderr, "inflate saving the points: %.3f s packed, %.3f s whole copies (best of %d)\n",
                         packedPass, legacyPass, repeat);
        }
        gzKeys = QStringLiteral(",\"inflater\":\"%1\",\"resume_points\":%2,\"inflate_seconds\":%3,"
                                "\"zlib_inflate_seconds\":%4,\"gz_load_seconds\":%5,\"plain_load_seconds\":%6,"
                                "\"gz_to_plain_ratio\":%7,\"plain_anon_bytes\":%8,\"gz_anon_bytes\":%9,"
                                "\"plain_rss_bytes\":%10,\"gz_rss_bytes\":%11,\"gz_details_median_ms\":%12,"
                                "\"gz_details_max_ms\":%13,\"gz_to_plain_pair_median\":%14,"
                                "\"resume_point_bytes\":%15,\"legacy_resume_points\":%16,\"legacy_resume_point_bytes\":%17,"
                                "\"gz_details_legacy_median_ms\":%18,\"gz_details_legacy_max_ms\":%19,"
                                "\"inflate_packed_points_seconds\":%20,\"inflate_copied_points_seconds\":%21")
                     .arg(QLatin1String(inflater))
                     .arg(resumePoints)
                     .arg(inflate, 0, 'f', 4)
                     .arg(zlibInflate, 0, 'f', 4)
                     .arg(gzLoad, 0, 'f', 4)
                     .arg(plainLoad, 0, 'f', 4)
                     .arg(plainLoad > 0 ? gzLoad / plainLoad : 0.0, 0, 'f', 3)
                     .arg(plainMem.anon)
                     .arg(gzMem.anon)
                     .arg(plainMem.rss)
                     .arg(gzMem.rss)
                     .arg(detailsMedianMs, 0, 'f', 2)
                     .arg(detailsMaxMs, 0, 'f', 2)
                     .arg(pairMedian, 0, 'f', 3)
                     .arg(pointBytes)
                     .arg(legacyPoints)
                     .arg(legacyPointBytes)
                     .arg(legacyMedianMs, 0, 'f', 2)
                     .arg(legacyMaxMs, 0, 'f', 2)
                     .arg(packedPass, 0, 'f', 4)
                     .arg(legacyPass, 0, 'f', 4);
    }

    const double mb = double(src->size()) / 1e6;
    std::printf("{\"bytes\":%llu,\"events\":%llu,\"seconds\":%.4f,\"mb_per_s\":%.1f,\"noop_sax_seconds\":%.4f,"
                "\"ratio_to_noop_sax\":%.3f,\"anon_bytes_per_event\":%.2f,\"threads_used\":%d,"
                "\"rapidjson_only_seconds\":%.4f,\"fast_path_gain\":%.3f%s}\n",
                static_cast<unsigned long long>(src->size()), static_cast<unsigned long long>(events), ours, mb / ours,
                noop, noop / ours, events ? double(anonDelta) / double(events) : 0.0, threadsUsed, rapidOnly,
                fastGainMedian, qPrintable(gzKeys));
    return 0;
}
