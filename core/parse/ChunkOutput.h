// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one parser thread produces from its slice of the traceEvents array, before the merge:
// raw records in file order with chunk-local string and track ids.
#include "core/parse/NumberText.h"
#include "core/util/ScratchAllocator.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lanescope::parse {

// A (pid, tid) pair as the file spells it. A label (non-numeric string) is a local string id.
struct RawTrackKey
{
    std::int64_t pid = 0;
    std::int64_t tid = 0;
    std::uint32_t pidLabel = 0; // 0: numeric pid
    std::uint32_t tidLabel = 0; // 0: numeric tid
    bool operator==(const RawTrackKey &o) const
    {
        return pid == o.pid && tid == o.tid && pidLabel == o.pidLabel && tidLabel == o.tidLabel;
    }
};
struct RawTrackKeyHash
{
    std::size_t operator()(const RawTrackKey &k) const
    {
        std::uint64_t h = std::uint64_t(k.pid) * 0x9E3779B97F4A7C15ull;
        h ^= std::uint64_t(k.tid) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
        h ^= (std::uint64_t(k.pidLabel) << 32 | k.tidLabel) * 0xD6E8FEB86659FD93ull;
        return std::size_t(h);
    }
};

struct RawSlice
{
    std::int64_t start;
    std::int64_t dur;
    std::uint64_t offset;      // byte offset of the event's '{'
    // args.correlation + 1, 0 when absent; for async 'b' / 'e' / 'n' (which carry none) the id
    // that pairs them. One field for both keeps the record at 48 bytes: a 1 GB trace writes and
    // reads back 2.6 million of them.
    std::uint64_t correlation;
    std::uint32_t name;        // local string id
    std::uint32_t track;       // local track id
    std::uint32_t cat;         // local string id
    char ph;                   // 'X', 'B', 'E', 'i' (instant), 'b'/'e'/'n' (async)
    std::uint64_t asyncId() const { return correlation; }
};
static_assert(sizeof(RawSlice) == 48, "the scan's slice record");

struct RawFlow
{
    std::int64_t ts;
    std::uint64_t id;
    std::uint32_t track;
    std::uint32_t cat;  // local string id; flows pair by (cat, id)
    char ph;            // 's', 't', 'f'
    bool bindEnclosing; // 's' and 't' always; 'f' only with "bp": "e" (else: next slice)
};

struct RawMemory
{
    std::int64_t ts;
    std::int64_t bytes;
    std::int64_t allocated; // -1 when absent
    std::int64_t reserved;  // -1 when absent
    std::int32_t deviceType;
    std::int32_t deviceId;
    std::uint64_t addr; // args.Addr, 0 when absent
    RawTrackKey thread; // the thread it was recorded on (local labels), looked up, never created, in the merge
};

// Interns strings seen by one thread. Strings live in a deque so views stay valid.
class LocalStrings
{
public:
    LocalStrings()
    {
        std::fill(std::begin(m_cache), std::end(m_cache), UINT32_MAX);
        intern(std::string_view());
    }
    std::uint32_t intern(std::string_view s)
    {
        // A small direct-mapped cache in front of the hash map: a trace repeats a few hundred
        // names millions of times, and a probe here (length, two bytes, one memcmp) is cheaper
        // than hashing a 200-character kernel name.
        const std::size_t slot = (s.size() * 31 + (s.empty() ? 0 : std::size_t(std::uint8_t(s[s.size() / 2])) * 7
                                                   + std::uint8_t(s.back())))
            & (kCacheSize - 1);
        const std::uint32_t cached = m_cache[slot];
        if (cached != UINT32_MAX && m_store[cached] == s)
            return cached;
        const std::uint32_t id = lookup(s);
        m_cache[slot] = id;
        return id;
    }
    const std::deque<std::string> &all() const { return m_store; }

private:
    static constexpr std::size_t kCacheSize = 256;
    std::uint32_t lookup(std::string_view s)
    {
        auto it = m_ids.find(s);
        if (it != m_ids.end())
            return it->second;
        m_store.emplace_back(s);
        const auto id = std::uint32_t(m_store.size() - 1);
        m_ids.emplace(std::string_view(m_store.back()), id);
        return id;
    }

    std::uint32_t m_cache[kCacheSize];
    std::deque<std::string> m_store;
    std::unordered_map<std::string_view, std::uint32_t> m_ids;
};

// A pid or tid as the file spells it, the way track keys hold it: a number, or a named lane
// (*label != 0, interned in `strings`). Used by the SAX pass and by the merge's slow path alike.
inline void normalisePidTid(std::string_view text, bool isTid, LocalStrings &strings, std::int64_t *num,
                            std::uint32_t *label)
{
    *label = 0;
    if (integerText(text, num))
        return;
    // 2021 Kineto writes GPU stream tids as "stream 7": the same lane as tid 7.
    if (isTid && text.size() > 7 && text.substr(0, 7) == "stream " && integerText(text.substr(7), num))
        return;
    // Any other string (e.g. "Spans"), or a number that is not an integer: a named lane. Kineto
    // writes its "Record Window End" instant with pid "" and tid "": the empty label gets a visible
    // name (label id 0 means "numeric").
    *num = -1;
    *label = strings.intern(text.empty() ? std::string_view("(unnamed)") : text);
}

struct ChunkOutput
{
    LocalStrings strings;
    std::vector<RawTrackKey> tracks;
    std::unordered_map<RawTrackKey, std::uint32_t, RawTrackKeyHash> trackIds;
    // The bulk of a load's scratch memory (some 200 MB for a 1 GB trace), freed after the merge.
    ScratchVector<RawSlice> slices;
    ScratchVector<RawFlow> flows;
    ScratchVector<RawMemory> memory;
    std::vector<std::uint64_t> slowEvents; // offsets of M / C / async events, parsed in the merge
    // ScanShared::copySlowEvents: their text, event k from slowTextAt[k] to slowTextAt[k + 1].
    std::string slowText;
    std::vector<std::size_t> slowTextAt;
    std::uint64_t events = 0;              // array entries seen
    std::uint64_t malformed = 0;
    std::vector<std::string> malformedSamples; // first few reasons, with byte offsets
    std::uint64_t ignoredByPhase[128] = {};    // phases we do not model (e.g. 'O', 'P')
    // Slices kept with a negative or overflowed dur drawn 0 long (not malformed: nothing is lost).
    std::uint64_t clampedDurs = 0;
    std::vector<std::string> clampedDurSamples;
    std::int64_t minTs = INT64_MAX, maxTs = INT64_MIN;

    std::uint32_t trackId(const RawTrackKey &k)
    {
        // Runs of events on one thread or stream are the rule: remember the last lane.
        if (lastTrack != UINT32_MAX && tracks[lastTrack] == k)
            return lastTrack;
        auto it = trackIds.find(k);
        if (it != trackIds.end())
            return lastTrack = it->second;
        const auto id = std::uint32_t(tracks.size());
        tracks.push_back(k);
        trackIds.emplace(k, id);
        return lastTrack = id;
    }
    std::uint32_t lastTrack = UINT32_MAX;
    // Per local track: the first args.stream its slices carried, -1 none (rarely set: only device
    // activity carries one, and a lane's events all name the same stream).
    std::vector<std::int64_t> trackStream;
    void seeStream(std::uint32_t track, std::int64_t stream)
    {
        if (track >= trackStream.size())
            trackStream.resize(tracks.size(), -1);
        if (trackStream[track] < 0)
            trackStream[track] = stream;
    }
    void addMalformed(std::uint64_t offset, const char *why)
    {
        ++malformed;
        if (malformedSamples.size() < 5)
            malformedSamples.push_back("byte " + std::to_string(offset) + ": " + why);
    }
    void addClampedDur(std::uint64_t offset, const char *why)
    {
        ++clampedDurs;
        if (clampedDurSamples.size() < 3)
            clampedDurSamples.push_back("byte " + std::to_string(offset) + ": " + why);
    }
    void seeTime(std::int64_t a, std::int64_t b)
    {
        if (a < minTs)
            minTs = a;
        if (b > maxTs)
            maxTs = b;
    }
};

} // namespace lanescope::parse
