// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/TraceMerge.h"

#include "core/io/MappedSource.h"
#include "core/parse/FlowStarts.h"
#include "core/parse/NumberText.h"
#include "core/parse/Utf8.h"
#include "core/util/FlatHashMap.h"
#include "core/util/Parallel.h"
#include "core/util/ScratchAllocator.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>


namespace lanescope::parse {
namespace {

// lupdate files Text::tr() strings under the "TraceLoader" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TraceLoader)
};

constexpr int kMaxEnclosingWalk = 4096; // slices walked back when binding a flow to its enclosing slice

struct TmpSlice
{
    std::int64_t start;
    std::int64_t dur;
    std::uint64_t offset;
    std::uint64_t correlation;
    StringId name;
    std::uint16_t cat;
};

struct GlobalKey
{
    std::int64_t pid, tid;
    StringId pidLabel, tidLabel;
    bool operator<(const GlobalKey &o) const
    {
        return std::tie(pid, tid, pidLabel, tidLabel) < std::tie(o.pid, o.tid, o.pidLabel, o.tidLabel);
    }
    bool operator==(const GlobalKey &o) const
    {
        return pid == o.pid && tid == o.tid && pidLabel == o.pidLabel && tidLabel == o.tidLabel;
    }
};
struct GlobalKeyHash
{
    std::size_t operator()(const GlobalKey &k) const
    {
        return RawTrackKeyHash()(RawTrackKey{k.pid, k.tid, k.pidLabel, k.tidLabel});
    }
};

std::string_view textOf(const rapidjson::Value &v)
{
    return v.IsString() ? std::string_view(v.GetString(), v.GetStringLength()) : std::string_view();
}

class Merger
{
public:
    Merger(Trace &t, int threads) : m_t(t), m_threads(threads) { m_strIds.emplace(std::string_view(), StringTable::kEmpty); }

    bool run(std::vector<std::unique_ptr<ChunkOutput>> &chunks)
    {
        for (auto &c : chunks) {
            m_t.eventCount += c->events;
            m_t.malformedEvents += c->malformed;
            m_clampedDurs += c->clampedDurs;
            for (const auto &s : c->clampedDurSamples)
                if (m_clampedDurSamples.size() < 3)
                    m_clampedDurSamples.push_back(QString::fromStdString(s));
            for (const auto &s : c->malformedSamples)
                if (m_malformedSamples.size() < 5)
                    m_malformedSamples.push_back(QString::fromStdString(s));
            for (int ph = 0; ph < 128; ++ph)
                m_ignored[ph] += c->ignoredByPhase[ph];
            readSlowEvents(*c);
        }
        const bool timing = qEnvironmentVariableIsSet("LANESCOPE_LOAD_TIMING");
        QElapsedTimer clock;
        clock.start();
        m_lapClock.start();
        // Between phases: report the time (LANESCOPE_LOAD_TIMING) and stop early if cancelled, so
        // a window closed during a multi-GB load is not kept waiting for the whole merge.
        auto phase = [&](const char *what) {
            if (timing)
                std::fprintf(stderr, "  merge: %-12s %.3f s\n", what, double(clock.nsecsElapsed()) / 1e9);
            clock.restart();
            return !(m_cancel && m_cancel->load(std::memory_order_relaxed));
        };
        if (!phase("slow events"))
            return false;
        for (auto &c : chunks)
            remapChunk(*c);
        bucketChunks(chunks);
        if (!phase("remap+bucket"))
            return false;
        buildTracks(chunks);
        markStreamSyncLanes();
        if (!phase("tracks"))
            return false;
        bindFlows(chunks);
        if (!phase("flows"))
            return false;
        linkCorrelations();
        lap("finish: correlations");
        // On this thread, not beside the lanes and flows on one of its own: what a short-lived
        // thread allocates stays in its malloc arena's pages (3 MB more resident, one load in two,
        // on the 1 GB tile's .json.gz), and no gain in time could be told from the noise.
        buildMemory(chunks);
        lap("finish: memory");
        finishTracks();
        lap("finish: tracks");
        reportWarnings();
        phase("finish");
        for (auto &c : chunks)
            c.reset();
        chunks.clear();
        return true;
    }

private:
    struct ChunkMaps
    {
        std::vector<StringId> str;
        std::vector<std::uint32_t> track;
        std::vector<std::int32_t> cat; // local string id -> category index, -1 until first used
    };

    StringId globalString(std::string_view s)
    {
        auto it = m_strIds.find(s);
        if (it != m_strIds.end())
            return it->second;
        StringId id;
        if (isValidUtf8(s)) {
            id = m_t.strings.append(std::string(s));
        } else {
            ++m_invalidUtf8;
            id = m_t.strings.append(QString::fromUtf8(s.data(), int(s.size())).toStdString());
        }
        m_keep.emplace_back(s); // the map's key must outlive the chunk that held the text
        m_strIds.emplace(std::string_view(m_keep.back()), id);
        return id;
    }

    std::uint16_t catIndex(StringId s)
    {
        auto it = m_catIds.find(s);
        if (it != m_catIds.end())
            return it->second;
        if (m_t.categories.size() >= 0xFFFF) {
            ++m_catOverflow;
            return 0xFFFE; // hostile files: the 65535th and later categories share one entry
        }
        const auto id = std::uint16_t(m_t.categories.size());
        m_t.categories.push_back(s);
        m_t.categoryClass.push_back(classifyCategory(m_t.strings.view(s)));
        m_catIds.emplace(s, id);
        return id;
    }

    std::uint32_t globalTrack(const GlobalKey &k)
    {
        auto it = m_trackIds.find(k);
        if (it != m_trackIds.end())
            return it->second;
        const auto id = std::uint32_t(m_keys.size());
        m_keys.push_back(k);
        m_trackIds.emplace(k, id);
        m_corr.emplace_back();
        return id;
    }

    // pid / tid from a Document value, normalised as the SAX handler does.
    void idOf(const rapidjson::Value &v, bool isTid, ChunkOutput &c, std::int64_t *num, std::uint32_t *label)
    {
        *num = 0;
        normalisePidTid(textOf(v), isTid, c.strings, num, label);
    }

    void readSlowEvents(ChunkOutput &c)
    {
        const bool copied = !c.slowTextAt.empty();
        for (std::size_t k = 0; k < c.slowEvents.size(); ++k) {
            const std::uint64_t off = c.slowEvents[k];
            if (!copied && (!m_sourceData || off >= m_sourceSize))
                continue;
            const char *text = copied ? c.slowText.data() + c.slowTextAt[k] : m_sourceData + off;
            const std::size_t len = copied ? (k + 1 < c.slowTextAt.size() ? c.slowTextAt[k + 1] : c.slowText.size()) - c.slowTextAt[k]
                                           : std::size_t(m_sourceSize - off);
            rapidjson::Document d;
            rapidjson::MemoryStream s(text, len);
            d.ParseStream<rapidjson::kParseStopWhenDoneFlag | rapidjson::kParseNumbersAsStringsFlag>(s);
            if (d.HasParseError() || !d.IsObject())
                continue; // the SAX pass already parsed it: cannot happen unless the file changed
            const std::string_view ph = d.HasMember("ph") ? textOf(d["ph"]) : std::string_view();
            const std::string_view name = d.HasMember("name") ? textOf(d["name"]) : std::string_view();
            const rapidjson::Value *args = d.HasMember("args") && d["args"].IsObject() ? &d["args"] : nullptr;
            std::int64_t pid = 0, tid = 0;
            std::uint32_t pidLabel = 0, tidLabel = 0;
            if (d.HasMember("pid"))
                idOf(d["pid"], false, c, &pid, &pidLabel);
            if (d.HasMember("tid"))
                idOf(d["tid"], true, c, &tid, &tidLabel);
            std::int64_t ts = 0;
            const bool hasTs = d.HasMember("ts") && microsTextToNs(textOf(d["ts"]), &ts) && ts <= kMaxAbsTimeNs
                && ts >= -kMaxAbsTimeNs;
            if (ph == "M") {
                if (!args)
                    continue;
                Meta m{pid, tid, c.strings.all()[pidLabel], c.strings.all()[tidLabel], std::string(name), {}, 0, false};
                if (args->HasMember("name"))
                    m.text = textOf((*args)["name"]);
                else if (args->HasMember("labels"))
                    m.text = textOf((*args)["labels"]);
                if (args->HasMember("sort_index"))
                    m.hasSort = integerText(textOf((*args)["sort_index"]), &m.sort);
                m_meta.push_back(std::move(m));
            } else if (ph == "C") {
                if (!args || !hasTs) {
                    ++m_t.malformedEvents;
                    continue;
                }
                const bool single = args->MemberCount() == 1;
                for (auto it = args->MemberBegin(); it != args->MemberEnd(); ++it) {
                    double v = 0;
                    if (!doubleText(textOf(it->value), &v))
                        continue;
                    std::string series(name);
                    if (!single)
                        series += std::string(" ") + std::string(textOf(it->name));
                    auto &cs = m_counters[{pidLabel ? -1 : pid, series}];
                    cs.ts.push_back(ts);
                    cs.value.push_back(v);
                }
            } else { // async 'b' / 'e' / 'n': one lane per (process, event name)
                if (!hasTs) {
                    ++m_t.malformedEvents;
                    continue;
                }
                std::uint64_t id = 0;
                const rapidjson::Value *idv = d.HasMember("id") ? &d["id"] : nullptr;
                if (!idv && d.HasMember("id2") && d["id2"].IsObject()) {
                    const auto &id2 = d["id2"];
                    idv = id2.HasMember("local") ? &id2["local"] : id2.HasMember("global") ? &id2["global"] : nullptr;
                }
                if (idv) {
                    std::int64_t n = 0;
                    id = integerText(textOf(*idv), &n) ? std::uint64_t(n) : std::hash<std::string_view>()(textOf(*idv));
                }
                const std::string_view cat = d.HasMember("cat") ? textOf(d["cat"]) : std::string_view();
                RawTrackKey key{pid, -1, pidLabel, c.strings.intern(name)};
                c.slices.push_back(RawSlice{ts, 0, off, id, c.strings.intern(name), c.trackId(key),
                                            c.strings.intern(cat), ph.empty() ? 'n' : ph[0]});
                c.seeTime(ts, ts);
            }
        }
        c.slowEvents.clear();
        c.slowEvents.shrink_to_fit();
        std::string().swap(c.slowText);
        std::vector<std::size_t>().swap(c.slowTextAt);
    }

    void remapChunk(ChunkOutput &c)
    {
        ChunkMaps m;
        m.str.reserve(c.strings.all().size());
        for (const auto &s : c.strings.all())
            m.str.push_back(globalString(s));
        m.cat.assign(m.str.size(), -1);
        for (const auto &k : c.tracks)
            m.track.push_back(globalTrack(GlobalKey{k.pid, k.tid, m.str[k.pidLabel], m.str[k.tidLabel]}));
        m_stream.resize(m_keys.size(), -1);
        for (std::size_t lt = 0; lt < c.trackStream.size(); ++lt)
            if (c.trackStream[lt] >= 0 && m_stream[m.track[lt]] < 0)
                m_stream[m.track[lt]] = c.trackStream[lt]; // the first in file order
        m_maps.push_back(std::move(m));
        if (c.minTs < m_minTs)
            m_minTs = c.minTs;
        if (c.maxTs > m_maxTs)
            m_maxTs = c.maxTs;
    }

    // Per chunk, in parallel: a stable counting sort of slice indices by local track (so each
    // track's slices can be visited in file order, which B/E pairing needs) and the set of local
    // strings used as categories.
    void bucketChunks(std::vector<std::unique_ptr<ChunkOutput>> &chunks)
    {
        m_buckets.resize(chunks.size());
        std::vector<std::vector<char>> usedAsCat(chunks.size());
        parallelEach(chunks.size(), m_threads, [&](std::size_t ci) {
            {
                const ChunkOutput &c = *chunks[ci];
                Buckets &bk = m_buckets[ci];
                bk.begin.assign(c.tracks.size() + 1, 0);
                usedAsCat[ci].assign(c.strings.all().size(), 0);
                for (const RawSlice &r : c.slices) {
                    ++bk.begin[r.track + 1];
                    usedAsCat[ci][r.cat] = 1;
                }
                for (std::size_t t = 0; t < c.tracks.size(); ++t)
                    bk.begin[t + 1] += bk.begin[t];
                bk.order.resize(c.slices.size());
                std::vector<std::uint32_t> fill(bk.begin.begin(), bk.begin.end() - 1);
                for (std::uint32_t i = 0; i < c.slices.size(); ++i)
                    bk.order[fill[c.slices[i].track]++] = i;
            }
        });
        for (std::size_t ci = 0; ci < chunks.size(); ++ci)
            for (std::size_t sid = 0; sid < usedAsCat[ci].size(); ++sid)
                if (usedAsCat[ci][sid])
                    m_maps[ci].cat[sid] = catIndex(m_maps[ci].str[sid]);
        // Which (chunk, local track) pairs feed each global track, in chunk (= file) order.
        m_sources.assign(m_keys.size(), {});
        for (std::size_t ci = 0; ci < chunks.size(); ++ci)
            for (std::uint32_t lt = 0; lt < m_maps[ci].track.size(); ++lt)
                m_sources[m_maps[ci].track[lt]].emplace_back(std::uint32_t(ci), lt);
    }

    // Tracks are independent: build them in parallel, biggest first so one huge CPU thread does
    // not start last.
    void buildTracks(std::vector<std::unique_ptr<ChunkOutput>> &chunks)
    {
        m_t.tracks.resize(m_keys.size());
        std::vector<std::pair<std::size_t, std::size_t>> bySize; // (slices, track)
        for (std::size_t t = 0; t < m_keys.size(); ++t) {
            std::size_t n = 0;
            for (const auto &[ci, lt] : m_sources[t])
                n += m_buckets[ci].begin[lt + 1] - m_buckets[ci].begin[lt];
            bySize.emplace_back(n, t);
        }
        std::sort(bySize.rbegin(), bySize.rend());
        lap("tracks: sizes");
        parallelEach(bySize.size(), m_threads, [&](std::size_t i) {
            QElapsedTimer one;
            one.start();
            buildTrack(chunks, bySize[i].second, bySize[i].first);
            if (m_timing && one.nsecsElapsed() > 10'000'000)
                std::fprintf(stderr, "      track of %zu slices %.3f s\n", bySize[i].first, double(one.nsecsElapsed()) / 1e9);
        });
        lap("tracks: build");
        for (auto &c : chunks) {
            c->slices.clear();
            c->slices.shrink_to_fit();
        }
        std::vector<Buckets>().swap(m_buckets);
        lap("tracks: free");
    }

    void buildTrack(std::vector<std::unique_ptr<ChunkOutput>> &chunks, std::size_t i, std::size_t count)
    {
        ScratchVector<TmpSlice> v;
        v.reserve(count);
        std::vector<TmpSlice> open; // 'B' not yet ended
        std::map<std::pair<std::uint64_t, std::uint16_t>, std::vector<TmpSlice>> openAsync;
        std::uint64_t unmatchedEnd = 0, unmatchedBegin = 0;
        for (const auto &[ci, lt] : m_sources[i]) {
            const ChunkOutput &c = *chunks[ci];
            const ChunkMaps &m = m_maps[ci];
            const Buckets &bk = m_buckets[ci];
            for (std::uint32_t k = bk.begin[lt]; k < bk.begin[lt + 1]; ++k) {
                const RawSlice &s = c.slices[bk.order[k]];
                const bool async = s.ph == 'b' || s.ph == 'e' || s.ph == 'n';
                TmpSlice t{s.start, s.dur, s.offset, async ? 0 : s.correlation, m.str[s.name], std::uint16_t(m.cat[s.cat])};
                switch (s.ph) {
                case 'B':
                    open.push_back(t);
                    break;
                case 'E':
                    if (open.empty()) {
                        ++unmatchedEnd;
                    } else {
                        TmpSlice b = open.back();
                        open.pop_back();
                        b.dur = durationBetween(b.start, s.start);
                        v.push_back(b);
                    }
                    break;
                case 'b':
                    openAsync[{s.asyncId(), t.cat}].push_back(t);
                    break;
                case 'e': {
                    auto it = openAsync.find({s.asyncId(), t.cat});
                    if (it == openAsync.end() || it->second.empty()) {
                        ++unmatchedEnd;
                    } else {
                        TmpSlice b = it->second.back();
                        it->second.pop_back();
                        b.dur = durationBetween(b.start, s.start);
                        v.push_back(b);
                    }
                    break;
                }
                default:
                    v.push_back(t);
                    break;
                }
            }
        }
        // Begun but never ended (the profiler stopped first): drawn to the end of the trace.
        auto closeOpen = [&](std::vector<TmpSlice> &stack) {
            for (TmpSlice b : stack) {
                ++unmatchedBegin;
                b.dur = durationBetween(b.start, m_maxTs);
                v.push_back(b);
            }
        };
        closeOpen(open);
        for (auto &[key, stack] : openAsync)
            closeOpen(stack);
        m_unmatchedEnd += unmatchedEnd;
        m_unmatchedBegin += unmatchedBegin;
        finishTrack(i, v);
    }

    // Sort by start (longer first on ties so parents precede children, file offset last so the
    // order is total), nesting depth from a stack of open ends, then the final columns.
    void finishTrack(std::size_t i, ScratchVector<TmpSlice> &v)
    {
        // On identical extents an annotation (ProfilerStep#, "## forward ##", nccl:all_gather) is
        // the parent of the kernel or operator it wraps, wherever the file lists it, so launch
        // flows bind to the kernel.
        const auto &classes = m_t.categoryClass;
        auto wrapperRank = [&classes](std::uint16_t cat) {
            const CategoryClass c = cat < classes.size() ? classes[cat] : CategoryClass::Other;
            return c == CategoryClass::GpuAnnotation || c == CategoryClass::UserAnnotation ? 0 : 1;
        };
        auto before = [&](const TmpSlice &a, const TmpSlice &b) {
            if (a.start != b.start)
                return a.start < b.start;
            if (a.dur != b.dur)
                return a.dur > b.dur;
            const int ra = wrapperRank(a.cat), rb = wrapperRank(b.cat);
            if (ra != rb)
                return ra < rb;
            return a.offset < b.offset;
        };
        QElapsedTimer sortClock;
        sortClock.start();
        sortMostlySorted(v, before);
        const double sorted = double(sortClock.nsecsElapsed()) / 1e9;
        Track &tr = m_t.tracks[i];
        const std::size_t n = v.size();
        tr.start.resize(n);
        tr.dur.reserve(n);
        tr.nameId.resize(n);
        tr.catId.resize(n);
        tr.depth.reserve(n);
        tr.fileOffset.reserve(n);
        std::vector<std::int64_t> ends; // open slices' ends, innermost last
        std::uint16_t maxDepth = 0;
        bool anyCorr = false;
        for (std::size_t k = 0; k < n; ++k) {
            const TmpSlice &s = v[k];
            // Touching slices (one ends where the next starts) are siblings, not parent and child.
            while (!ends.empty() && ends.back() <= s.start)
                ends.pop_back();
            const std::uint16_t depth = std::uint16_t(std::min<std::size_t>(ends.size(), 0xFFFF));
            ends.push_back(s.start + s.dur);
            tr.start[k] = s.start;
            tr.dur.push_back(s.dur);
            tr.nameId[k] = s.name;
            tr.catId[k] = s.cat;
            tr.depth.push_back(depth);
            tr.fileOffset.push_back(s.offset);
            maxDepth = std::max(maxDepth, depth);
            anyCorr |= s.correlation != 0;
            if (m_t.categoryClass.size() > s.cat && isGpuCategory(m_t.categoryClass[s.cat]))
                tr.kind = TrackKind::Gpu;
        }
        tr.maxDepth = maxDepth;
        if (anyCorr) {
            m_corr[i].resize(n);
            for (std::size_t k = 0; k < n; ++k)
                m_corr[i][k] = v[k].correlation;
        }
        ScratchVector<TmpSlice>().swap(v);
        if (m_timing && n > 1000000)
            std::fprintf(stderr, "      sort %.3f s, columns %.3f s\n", sorted, double(sortClock.nsecsElapsed()) / 1e9 - sorted);
    }

    // Kineto writes each thread's events as a few time-ordered runs per profiling window (e.g.
    // operators, then runtime calls), so a long trace is r runs with r << n: merging them pairwise
    // costs n log r where a full sort costs n log n. Only when runs are short (an unsorted file)
    // does a plain sort win.
    template <typename Vector, typename Less>
    static void sortMostlySorted(Vector &v, Less less)
    {
        constexpr std::size_t kMinMeanRun = 64;
        std::vector<std::size_t> runs{0};
        for (std::size_t k = 1; k < v.size(); ++k) {
            if (less(v[k], v[k - 1])) {
                runs.push_back(k);
                if (runs.size() * kMinMeanRun > v.size()) {
                    std::sort(v.begin(), v.end(), less);
                    return;
                }
            }
        }
        runs.push_back(v.size());
        while (runs.size() > 2) {
            std::vector<std::size_t> merged{0};
            for (std::size_t r = 0; r + 2 < runs.size(); r += 2) {
                // Neighbours that are already in order (one profiling window after the previous)
                // need no merge: after the first pass a long trace is usually sorted.
                const auto mid = v.begin() + std::ptrdiff_t(runs[r + 1]);
                if (less(*mid, *(mid - 1))) {
                    // Only where the two runs overlap: the first run's head lies before all of the
                    // second and the second's tail after all of the first (a profiling window that
                    // overlaps the next by a few events is a few events to merge, not two windows).
                    const auto lo = std::upper_bound(v.begin() + std::ptrdiff_t(runs[r]), mid, *mid, less);
                    const auto hi = std::lower_bound(mid, v.begin() + std::ptrdiff_t(runs[r + 2]), *(mid - 1), less);
                    std::inplace_merge(lo, mid, hi, less);
                }
                merged.push_back(runs[r + 2]);
            }
            if (runs.size() % 2 == 0) // odd number of runs: the last one waits for the next round
                merged.push_back(runs.back());
            runs.swap(merged);
        }
    }

    // The first index whose start is past ts (upper: > ts, else >= ts), as std::upper_bound /
    // std::lower_bound over the whole column give it, searched outwards from `hint` (the previous
    // answer on this track): a thread's flows come in file order, mostly later and later, so the
    // answer is usually a few slices on, where a search from scratch over a million starts cost
    // some twenty cache misses a flow.
    template <bool Upper>
    static std::size_t searchFrom(const std::vector<TimeNs> &v, TimeNs ts, std::size_t hint)
    {
        auto before = [&](std::size_t k) { return Upper ? v[k] <= ts : v[k] < ts; }; // k lies before the answer
        const std::size_t n = v.size();
        hint = std::min(hint, n);
        std::size_t lo, hi; // the answer lies in [lo, hi]
        std::size_t step = 1;
        if (hint < n && before(hint)) {
            lo = hi = hint + 1;
            while (hi < n && before(hi)) {
                lo = hi + 1;
                hi += step;
                step <<= 1;
            }
            hi = std::min(hi, n);
        } else {
            lo = hi = hint;
            while (lo > 0 && !before(lo - 1)) {
                hi = lo - 1;
                lo = lo > step ? lo - step : 0;
                step <<= 1;
            }
        }
        const auto b = v.begin() + std::ptrdiff_t(lo), e = v.begin() + std::ptrdiff_t(hi);
        return std::size_t((Upper ? std::upper_bound(b, e, ts) : std::lower_bound(b, e, ts)) - v.begin());
    }

    // Deepest slice of `track` that contains ts (enclosing) or the first starting at/after ts.
    // hints: per track, where the previous search on it ended (the caller's, one per thread).
    std::int64_t bind(std::uint32_t track, std::int64_t ts, bool enclosing, std::vector<std::size_t> &hints) const
    {
        const Track &tr = m_t.tracks[track];
        if (!enclosing) {
            const std::size_t k = hints[track] = searchFrom<false>(tr.start, ts, hints[track]);
            return k == tr.size() ? -1 : std::int64_t(k);
        }
        std::size_t k = hints[track] = searchFrom<true>(tr.start, ts, hints[track]);
        for (int walked = 0; k > 0 && walked < kMaxEnclosingWalk; --k, ++walked)
            if (tr.end(k - 1) >= ts)
                return std::int64_t(k - 1);
        return -1;
    }

    static FlowKind flowKind(std::string_view cat)
    {
        if (cat == "ac2g" || cat == "async") // "async" + name "launch": 2021 Kineto's launch flows
            return FlowKind::Launch;
        if (cat == "fwdbwd")
            return FlowKind::FwdBwd;
        return FlowKind::Other;
    }

    void bindFlows(std::vector<std::unique_ptr<ChunkOutput>> &chunks)
    {
        // One flat list in file order with global ids; binding (binary searches over large tracks)
        // runs in parallel, pairing runs in order.
        struct F
        {
            std::int64_t ts;
            std::uint64_t id;
            std::uint32_t track;
            StringId cat;
            std::int64_t slice; // bound slice, -1 if none
            std::uint32_t fromTrack, fromSlice; // an end's start, found while binding (files without 't' steps)
            char ph;
            bool enclosing;
        };
        // Each chunk's flows go to their place in `all` on a thread of their own (an array left
        // uninitialised: its pages are first touched there, in parallel).
        std::vector<std::size_t> at(chunks.size() + 1, 0);
        for (std::size_t ci = 0; ci < chunks.size(); ++ci)
            at[ci + 1] = at[ci] + chunks[ci]->flows.size();
        const std::size_t total = at.back();
        ScratchArray<F> all(total);
        std::vector<FlowStarts::Census> census(chunks.size());
        std::vector<char> steps(chunks.size(), 0);
        parallelEach(chunks.size(), m_threads, [&](std::size_t ci) {
            const ChunkMaps &m = m_maps[ci];
            F *out = all.data() + at[ci];
            for (const RawFlow &f : chunks[ci]->flows) {
                *out = F{f.ts, f.id, m.track[f.track], m.str[f.cat], -1, 0, 0, f.ph, f.bindEnclosing};
                steps[ci] |= f.ph == 't';
                if (f.ph == 's')
                    census[ci].see(out->cat, f.id);
                ++out;
            }
            ScratchVector<RawFlow>().swap(chunks[ci]->flows);
        });
        const bool anyStep = std::find(steps.begin(), steps.end(), 1) != steps.end();
        FlowStarts starts; // (cat, id) -> the slice the flow currently leaves from (its 's', then its latest 't')
        starts.plan(census);
        lap("flows: flatten");
        parallelRanges(total, m_threads, [&](std::size_t b, std::size_t e) {
            std::vector<std::size_t> hints(m_t.tracks.size(), 0);
            for (std::size_t i = b; i < e; ++i)
                if (all[i].ph == 's')
                    all[i].slice = bind(all[i].track, all[i].ts, all[i].enclosing, hints);
        });
        lap("flows: bind starts");
        // Starts are all registered before any end: unsorted files may list an end first.
        constexpr std::size_t kAhead = 16; // lookups in flight while one is served
        for (std::size_t i = 0; i < total; ++i) {
            if (i + kAhead < total && all[i + kAhead].ph == 's')
                starts.prefetch(all[i + kAhead].cat, all[i + kAhead].id);
            const F &f = all[i];
            if (f.ph != 's')
                continue;
            if (f.slice < 0)
                ++m_unboundFlows;
            else
                starts.insert(f.cat, f.id, {f.track, std::uint32_t(f.slice)});
        }
        lap("flows: register");
        parallelRanges(total, m_threads, [&](std::size_t b, std::size_t e) {
            std::vector<std::size_t> hints(m_t.tracks.size(), 0);
            for (std::size_t i = b; i < e; ++i) {
                if (i + kAhead < e && all[i + kAhead].ph != 's')
                    starts.prefetch(all[i + kAhead].cat, all[i + kAhead].id);
                F &f = all[i];
                if (f.ph == 's')
                    continue;
                // Kineto writes an 'f' for every runtime call, launching or not: bind only those
                // whose start exists.
                if (const FlowStarts::Where *from = starts.find(f.cat, f.id)) {
                    f.fromTrack = from->first;
                    f.fromSlice = from->second;
                    f.slice = bind(f.track, f.ts, f.enclosing, hints);
                } else {
                    f.ph = 0; // no start: dropped below
                }
            }
        });
        lap("flows: bind ends");
        std::size_t bound = 0;
        for (std::size_t i = 0; i < total; ++i)
            bound += all[i].ph != 's' && all[i].ph != 0 && all[i].slice >= 0;
        m_flows.reserve(bound);
        // A flow's kind comes from its category: classified once per category, not once per flow.
        StringId kindOf = StringTable::kEmpty;
        FlowKind kind = flowKind(m_t.strings.view(kindOf));
        for (std::size_t i = 0; i < total; ++i) {
            const F &f = all[i];
            if (f.ph == 's' || f.ph == 0)
                continue;
            if (f.slice < 0) {
                ++m_unboundFlows;
                continue;
            }
            if (f.cat != kindOf) {
                kindOf = f.cat;
                kind = flowKind(m_t.strings.view(kindOf));
            }
            // With 't' steps a flow's start moves along in file order: look it up now, not in the
            // parallel pass (where a later step could already have moved it).
            FlowStarts::Where from{f.fromTrack, f.fromSlice};
            if (anyStep) {
                FlowStarts::Where *current = starts.find(f.cat, f.id);
                if (!current)
                    continue; // cannot happen: the pass above found it, and nothing is removed
                from = *current;
                if (f.ph == 't')
                    *current = {f.track, std::uint32_t(f.slice)};
            }
            m_flows.push_back(WideFlow{from.first, from.second, f.track, std::uint32_t(f.slice), kind});
        }
        lap("flows: pair");
    }

    // Kineto writes a stream's Stream Sync events (cudaStreamSynchronize's cuda_sync) on a virtual
    // tid of the stream id + 1,000,000, labelled "stream N (sync)", so that they get a row of their
    // own under the stream (pytorch/kineto#1356, 2026; before, on the stream's own tid). Such a
    // track is a lane of that stream: a GPU track of its device and stream that holds no activity,
    // never a CPU thread of the device's process nor a stream of its own.
    static constexpr std::int64_t kSyncTidOffset = 1'000'000;
    void markStreamSyncLanes()
    {
        std::set<std::pair<std::int64_t, std::int64_t>> streams; // (pid, tid) of GPU tracks
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            if (m_t.tracks[i].kind == TrackKind::Gpu && !m_keys[i].pidLabel && !m_keys[i].tidLabel)
                streams.insert({m_keys[i].pid, m_keys[i].tid});
        for (std::size_t i = 0; i < m_keys.size(); ++i) {
            Track &tr = m_t.tracks[i];
            const GlobalKey &k = m_keys[i];
            if (tr.kind == TrackKind::Gpu || k.pidLabel || k.tidLabel || k.tid < kSyncTidOffset || tr.size() == 0
                || !streams.count({k.pid, k.tid - kSyncTidOffset}))
                continue;
            bool allSync = true;
            for (std::size_t j = 0; j < tr.size() && allSync; ++j) {
                const std::uint16_t c = tr.catId[j];
                allSync = c < m_t.categories.size() && m_t.strings.view(m_t.categories[c]) == "cuda_sync";
            }
            if (!allSync)
                continue;
            tr.kind = TrackKind::Gpu;
            if (i < m_stream.size() && m_stream[i] < 0)
                m_stream[i] = k.tid - kSyncTidOffset;
        }
    }

    // Kernels whose launch has no flow event (older or filtered traces) are linked to the runtime
    // call with the same args.correlation. Only the correlations actually missing are looked up.
    void linkCorrelations()
    {
        std::vector<std::vector<bool>> linked(m_t.tracks.size());
        for (const WideFlow &f : m_flows) {
            if (f.kind != FlowKind::Launch || m_corr[f.toTrack].empty())
                continue;
            auto &v = linked[f.toTrack];
            if (v.empty())
                v.resize(m_corr[f.toTrack].size());
            v[f.toSlice] = true;
        }
        FlatHashMap<std::pair<std::uint32_t, std::uint32_t>> wanted; // correlation -> launch (track+1, slice)
        std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>> orphans;
        for (std::uint32_t t = 0; t < m_t.tracks.size(); ++t) {
            if (m_t.tracks[t].kind != TrackKind::Gpu || m_corr[t].empty())
                continue;
            for (std::uint32_t k = 0; k < m_corr[t].size(); ++k) {
                if (!m_corr[t][k] || (!linked[t].empty() && linked[t][k]))
                    continue;
                orphans.emplace_back(t, k, m_corr[t][k]);
                wanted(m_corr[t][k]) = {0, 0};
            }
        }
        if (!orphans.empty()) {
            for (std::uint32_t t = 0; t < m_t.tracks.size(); ++t) {
                if (m_t.tracks[t].kind == TrackKind::Gpu || m_corr[t].empty())
                    continue;
                for (std::uint32_t k = 0; k < m_corr[t].size(); ++k) {
                    if (!m_corr[t][k] || m_t.categoryClass[m_t.tracks[t].catId[k]] != CategoryClass::Runtime)
                        continue;
                    if (auto *w = wanted.find(m_corr[t][k]); w && w->first == 0)
                        *w = {t + 1, k};
                }
            }
            for (const auto &[t, k, corr] : orphans)
                if (auto *w = wanted.find(corr); w && w->first)
                    m_flows.push_back(WideFlow{w->first - 1, w->second, t, k, FlowKind::Correlation});
        }
        std::vector<std::vector<std::uint64_t>>().swap(m_corr);
    }

    void buildMemory(std::vector<std::unique_ptr<ChunkOutput>> &chunks)
    {
        struct Pending
        {
            MemorySeries s;
            std::vector<std::uint64_t> addr;
            std::vector<std::uint32_t> thread;
            bool anyAddr = false;
        };
        std::map<std::pair<int, int>, Pending> series;
        {
            // Each series' size first, so its columns are written once, without growing.
            std::map<std::pair<int, int>, std::size_t> sizes;
            for (const auto &c : chunks) {
                std::size_t *n = nullptr;
                std::pair<int, int> last{0, 0};
                for (const RawMemory &r : c->memory) {
                    if (!n || last != std::pair<int, int>{r.deviceType, r.deviceId}) {
                        last = {r.deviceType, r.deviceId};
                        n = &sizes[last];
                    }
                    ++*n;
                }
            }
            for (const auto &[key, n] : sizes) {
                Pending &p = series[key];
                p.s.samples.reserve(n);
                p.addr.reserve(n);
                p.thread.reserve(n);
            }
        }
        for (std::size_t ci = 0; ci < chunks.size(); ++ci) {
            ChunkOutput &c = *chunks[ci];
            const ChunkMaps &maps = m_maps[ci];
            // Runs of [memory] events come from one device and one thread: look each up once a run.
            Pending *p = nullptr;
            const RawTrackKey *lastThread = nullptr;
            std::uint32_t thread = MemorySeries::kNoTrack;
            for (const RawMemory &r : c.memory) {
                if (!p || p->s.deviceType != r.deviceType || p->s.deviceId != r.deviceId) {
                    p = &series[{r.deviceType, r.deviceId}];
                    p->s.deviceType = r.deviceType;
                    p->s.deviceId = r.deviceId;
                }
                p->s.samples.push_back(MemorySample{r.ts, r.bytes, r.allocated, r.reserved});
                p->addr.push_back(r.addr);
                p->anyAddr |= r.addr != 0;
                // The thread's lane where it has one (its ops); a thread with only [memory] events
                // gets none rather than an empty lane.
                if (!lastThread || !(*lastThread == r.thread)) {
                    const auto it = m_trackIds.find(GlobalKey{r.thread.pid, r.thread.tid, maps.str[r.thread.pidLabel],
                                                              maps.str[r.thread.tidLabel]});
                    thread = it == m_trackIds.end() ? MemorySeries::kNoTrack : it->second;
                    lastThread = &r.thread;
                }
                p->thread.push_back(thread);
            }
            ScratchVector<RawMemory>().swap(c.memory);
        }
        for (auto &[key, p] : series) {
            MemorySeries &s = p.s;
            const std::size_t n = s.samples.size();
            std::size_t i = 1;
            while (i < n && s.samples[i].ts >= s.samples[i - 1].ts)
                ++i;
            if (i < n) {
                // Stable: events of one time keep their file order (an allocation before its free),
                // which (time, index) keys give any sort. Sorted by runs: each chunk's events come
                // in file order, and a file's are mostly in time order.
                ScratchVector<std::pair<TimeNs, std::uint32_t>> order(n);
                for (std::size_t k = 0; k < n; ++k)
                    order[k] = {s.samples[k].ts, std::uint32_t(k)};
                sortMostlySorted(order, std::less<std::pair<TimeNs, std::uint32_t>>());
                std::vector<MemorySample> samples(n);
                std::vector<std::uint64_t> addr(n);
                std::vector<std::uint32_t> thread(n);
                for (std::size_t k = 0; k < n; ++k) {
                    const std::uint32_t from = order[k].second;
                    samples[k] = s.samples[from];
                    addr[k] = p.addr[from];
                    thread[k] = p.thread[from];
                }
                s.samples = std::move(samples);
                p.addr = std::move(addr);
                p.thread = std::move(thread);
            }
            const bool hasTotals = std::all_of(s.samples.begin(), s.samples.end(),
                                               [](const MemorySample &m) { return m.allocated >= 0; });
            if (!hasTotals) {
                // 2021 Kineto wrote only "Bytes": the running sum is allocation since the trace began.
                s.totalsFromTrace = false;
                std::int64_t sum = 0;
                for (auto &m : s.samples) {
                    sum += m.bytes;
                    m.allocated = sum;
                    m.reserved = -1;
                }
            }
            s.samples.shrink_to_fit();
            if (p.anyAddr) {
                s.addr = std::move(p.addr);
                s.addr.shrink_to_fit();
            }
            s.thread = std::move(p.thread);
            s.thread.shrink_to_fit();
            m_t.memory.push_back(std::move(s));
        }
    }

    void finishTracks()
    {
        // Metadata: names and sort order of processes and threads.
        std::map<std::pair<std::int64_t, std::string>, Process> procs;
        std::map<std::tuple<std::int64_t, std::string, std::int64_t, std::string>, std::pair<QString, std::int64_t>> threadMeta;
        std::map<std::tuple<std::int64_t, std::string, std::int64_t, std::string>, bool> threadSorted;
        auto proc = [&](std::int64_t pid, const std::string &label) -> Process & {
            Process &p = procs[{pid, label}];
            p.pid = pid;
            p.pidLabel = QString::fromStdString(label);
            return p;
        };
        std::map<std::pair<std::int64_t, std::string>, bool> procSorted;
        for (const Meta &m : m_meta) {
            const QString text = QString::fromUtf8(m.text.data(), int(m.text.size())).trimmed();
            if (m.kind == "process_name")
                proc(m.pid, m.pidLabel).name = text;
            else if (m.kind == "process_labels")
                proc(m.pid, m.pidLabel).labels = text;
            else if (m.kind == "process_sort_index" && m.hasSort) {
                proc(m.pid, m.pidLabel).sortIndex = m.sort;
                procSorted[{m.pid, m.pidLabel}] = true;
            } else if (m.kind == "thread_name")
                threadMeta[{m.pid, m.pidLabel, m.tid, m.tidLabel}].first = text;
            else if (m.kind == "thread_sort_index" && m.hasSort) {
                threadMeta[{m.pid, m.pidLabel, m.tid, m.tidLabel}].second = m.sort;
                threadSorted[{m.pid, m.pidLabel, m.tid, m.tidLabel}] = true;
            }
        }
        for (std::size_t i = 0; i < m_keys.size(); ++i) {
            const GlobalKey &k = m_keys[i];
            Track &tr = m_t.tracks[i];
            const std::string pidLabel(m_t.strings.view(k.pidLabel));
            const std::string tidLabel(m_t.strings.view(k.tidLabel));
            tr.pid = k.pidLabel ? -1 : k.pid;
            tr.tid = k.tidLabel ? -1 : k.tid;
            tr.pidLabel = QString::fromStdString(pidLabel);
            tr.tidLabel = QString::fromStdString(tidLabel);
            tr.stream = tr.kind == TrackKind::Gpu && i < m_stream.size() ? m_stream[i] : -1;
            if (tr.kind == TrackKind::Gpu && !k.pidLabel && k.pid >= 0)
                tr.device = int(k.pid);
            Process &p = proc(tr.pid, pidLabel);
            if (!procSorted.count({tr.pid, pidLabel}))
                p.sortIndex = tr.pid;
            const auto tkey = std::make_tuple(tr.pid, pidLabel, tr.tid, tidLabel);
            auto meta = threadMeta.find(tkey);
            tr.sortIndex = threadSorted.count(tkey) ? meta->second.second : tr.tid;
            if (meta != threadMeta.end() && !meta->second.first.isEmpty())
                tr.name = meta->second.first;
            else if (!tr.tidLabel.isEmpty())
                tr.name = tr.tidLabel;
            else if (tr.kind == TrackKind::Gpu)
                tr.name = QStringLiteral("stream %1").arg(tr.streamId());
            else
                tr.name = QStringLiteral("thread %1").arg(tr.tid);
        }
        // A Stream Sync row (markStreamSyncLanes) without a sort index of its own sits right under
        // its stream (the sort below breaks the tie by tid).
        {
            std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> streamSort;
            for (const Track &tr : m_t.tracks)
                if (tr.kind == TrackKind::Gpu && tr.tid >= 0 && tr.tid < kSyncTidOffset)
                    streamSort[{tr.pid, tr.tid}] = tr.sortIndex;
            for (std::size_t i = 0; i < m_keys.size(); ++i) {
                Track &tr = m_t.tracks[i];
                if (tr.kind != TrackKind::Gpu || tr.tid < kSyncTidOffset
                    || threadSorted.count(std::make_tuple(tr.pid, std::string(m_t.strings.view(m_keys[i].pidLabel)), tr.tid,
                                                          std::string(m_t.strings.view(m_keys[i].tidLabel)))))
                    continue;
                if (const auto it = streamSort.find({tr.pid, tr.tid - kSyncTidOffset}); it != streamSort.end())
                    tr.sortIndex = it->second;
            }
        }
        for (auto &[key, p] : procs)
            m_t.processes.push_back(p);
        std::sort(m_t.processes.begin(), m_t.processes.end(), [](const Process &a, const Process &b) {
            return std::tie(a.sortIndex, a.pid, a.pidLabel) < std::tie(b.sortIndex, b.pid, b.pidLabel);
        });
        // Tracks in a stable, meaningful order: by process order, then thread sort index.
        std::map<std::pair<std::int64_t, QString>, std::size_t> procRank;
        for (std::size_t i = 0; i < m_t.processes.size(); ++i)
            procRank[{m_t.processes[i].pid, m_t.processes[i].pidLabel}] = i;
        std::vector<std::size_t> order(m_t.tracks.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const Track &x = m_t.tracks[a], &y = m_t.tracks[b];
            const auto px = procRank[{x.pid, x.pidLabel}], py = procRank[{y.pid, y.pidLabel}];
            return std::tie(px, x.sortIndex, x.tid, x.tidLabel) < std::tie(py, y.sortIndex, y.tid, y.tidLabel);
        });
        std::vector<std::uint32_t> newIndex(order.size());
        std::vector<Track> sorted;
        sorted.reserve(order.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            newIndex[order[i]] = std::uint32_t(i);
            sorted.push_back(std::move(m_t.tracks[order[i]]));
        }
        m_t.tracks = std::move(sorted);
        // Into the model's packed form, with the lanes' final indices.
        m_t.flows.reserve(m_flows.size());
        for (const WideFlow &f : m_flows) {
            const std::uint32_t to = newIndex[f.toTrack];
            if (to > Flow::kMaxTrack) {
                ++m_unboundFlows;
                continue;
            }
            Flow out;
            out.fromTrack = newIndex[f.fromTrack];
            out.fromSlice = f.fromSlice;
            out.toSlice = f.toSlice;
            out.toTrack = to;
            out.kind = f.kind;
            m_t.flows.push_back(out);
        }
        std::vector<WideFlow>().swap(m_flows);
        for (MemorySeries &ms : m_t.memory)
            for (std::uint32_t &t : ms.thread)
                if (t != MemorySeries::kNoTrack)
                    t = newIndex[t];
        m_t.flows.shrink_to_fit();

        for (auto &[key, cs] : m_counters) {
            CounterSeries s = std::move(cs);
            s.pid = key.first;
            s.name = QString::fromStdString(key.second);
            std::vector<std::size_t> idx(s.ts.size());
            for (std::size_t i = 0; i < idx.size(); ++i)
                idx[i] = i;
            std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return s.ts[a] < s.ts[b]; });
            CounterSeries out;
            out.pid = s.pid;
            out.name = s.name;
            for (std::size_t i : idx) {
                out.ts.push_back(s.ts[i]);
                out.value.push_back(s.value[i]);
            }
            m_t.counters.push_back(std::move(out));
        }
        m_t.minTs = m_minTs == INT64_MAX ? 0 : m_minTs;
        m_t.maxTs = m_maxTs == INT64_MIN ? 0 : m_maxTs;
    }

    void reportWarnings()
    {
        if (m_t.malformedEvents)
            m_t.warnings << Text::tr("%1 malformed events were skipped (e.g. %2)")
                                .arg(m_t.malformedEvents)
                                .arg(m_malformedSamples.join(QStringLiteral("; ")));
        // Kept, drawn 0 long: a negative dur, or ROCm's unsigned wrap of one.
        if (m_clampedDurs == 1)
            m_t.warnings << Text::tr("1 slice has a negative or overflowed \"dur\" and is drawn 0 long (%1)").arg(m_clampedDurSamples.join(QStringLiteral("; ")));
        else if (m_clampedDurs > 1)
            m_t.warnings << Text::tr("%1 slices have a negative or overflowed \"dur\" and are drawn 0 long (e.g. %2)")
                                .arg(m_clampedDurs)
                                .arg(m_clampedDurSamples.join(QStringLiteral("; ")));
        if (m_unmatchedEnd)
            m_t.warnings << Text::tr("%1 end events had no matching begin and were skipped").arg(m_unmatchedEnd.load());
        if (m_unmatchedBegin)
            m_t.warnings << Text::tr("%1 slices began but never ended; they are drawn to the end of the trace")
                                .arg(m_unmatchedBegin.load());
        if (m_unboundFlows)
            m_t.warnings << Text::tr("%1 flow events could not be tied to a slice").arg(m_unboundFlows);
        if (m_invalidUtf8)
            m_t.warnings << Text::tr("%1 names were not valid UTF-8; invalid bytes are shown as \uFFFD").arg(m_invalidUtf8);
        if (m_catOverflow)
            m_t.warnings << Text::tr("more than 65534 categories: %1 events share the last one").arg(m_catOverflow);
        for (int ph = 0; ph < 128; ++ph)
            if (m_ignored[ph])
                m_t.warnings << Text::tr("%1 events of phase '%2' are not supported and were skipped")
                                    .arg(m_ignored[ph])
                                    .arg(QChar(ph));
    }

    // LANESCOPE_LOAD_TIMING: the time since the previous lap, for the parts of a phase.
    void lap(const char *what)
    {
        if (!m_timing)
            return;
        std::fprintf(stderr, "    %-20s %.3f s\n", what, double(m_lapClock.nsecsElapsed()) / 1e9);
        m_lapClock.restart();
    }
    bool m_timing = qEnvironmentVariableIsSet("LANESCOPE_LOAD_TIMING");
    QElapsedTimer m_lapClock;

public:
    const char *m_sourceData = nullptr;
    std::uint64_t m_sourceSize = 0;
    const std::atomic<bool> *m_cancel = nullptr;

private:
    struct Meta
    {
        std::int64_t pid, tid;
        std::string pidLabel, tidLabel, kind, text;
        std::int64_t sort;
        bool hasSort;
    };

    Trace &m_t;
    int m_threads;
    std::unordered_map<std::string_view, StringId> m_strIds;
    std::deque<std::string> m_keep;
    std::unordered_map<StringId, std::uint16_t> m_catIds;
    std::unordered_map<GlobalKey, std::uint32_t, GlobalKeyHash> m_trackIds;
    std::vector<GlobalKey> m_keys;
    struct Buckets
    {
        std::vector<std::uint32_t> begin; // local track -> first index into order
        ScratchVector<std::uint32_t> order; // slice indices grouped by track, file order within
    };
    std::vector<Buckets> m_buckets;
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> m_sources;
    std::vector<std::vector<std::uint64_t>> m_corr;
    // Flows as bound, with the lanes' merge-time indices; packed into Trace::flows in finishTracks.
    struct WideFlow
    {
        std::uint32_t fromTrack, fromSlice, toTrack, toSlice;
        FlowKind kind;
    };
    std::vector<WideFlow> m_flows;
    std::vector<std::int64_t> m_stream; // per global track: args.stream, -1 none
    std::uint64_t m_clampedDurs = 0;
    QStringList m_clampedDurSamples;
    std::vector<ChunkMaps> m_maps;
    std::vector<Meta> m_meta;
    std::map<std::pair<std::int64_t, std::string>, CounterSeries> m_counters;
    std::int64_t m_minTs = INT64_MAX, m_maxTs = INT64_MIN;
    std::atomic<std::uint64_t> m_unmatchedEnd{0}, m_unmatchedBegin{0};
    std::uint64_t m_unboundFlows = 0, m_invalidUtf8 = 0, m_catOverflow = 0;
    std::uint64_t m_ignored[128] = {};
    QStringList m_malformedSamples;
};

} // namespace

bool mergeChunks(std::vector<std::unique_ptr<ChunkOutput>> &chunks, Trace &trace, int threads,
                 const std::atomic<bool> *cancel)
{
    bool done = false;
    {
        Merger m(trace, threads);
        m.m_sourceData = trace.source ? trace.source->data() : nullptr;
        m.m_sourceSize = trace.source ? trace.source->size() : 0;
        m.m_cancel = cancel;
        done = m.run(chunks);
    }
    return done; // the load gives its scratch memory back when it ends (releaseFreedMemory)
}

} // namespace lanescope::parse
