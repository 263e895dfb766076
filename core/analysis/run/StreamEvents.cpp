// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/StreamEvents.h"

#include "core/analysis/run/KernelClass.h"
#include "core/io/MappedSource.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"

#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cstring>
#include <string_view>

namespace lanescope::analysis {

namespace {

// Reads what HTA looks at in one event: "ph", args.stream and whether args.correlation is there.
struct Probe : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, Probe>
{
    enum class Field : std::uint8_t { None, Ph, Args, Stream, Correlation };
    int depth = 0;
    bool inArgs = false;
    Field key = Field::None;
    bool isX = false, stream = false, correlation = false;

    bool number(double v)
    {
        if (key == Field::Stream)
            stream = v != -1.0; // HTA: stream.ne(-1); a missing stream reads -1 there
        else if (key == Field::Correlation)
            correlation = v != -1.0;
        key = Field::None;
        return true;
    }
    bool Default()
    {
        key = Field::None;
        return true;
    }
    bool Int(int v) { return number(v); }
    bool Uint(unsigned v) { return number(v); }
    bool Int64(std::int64_t v) { return number(double(v)); }
    bool Uint64(std::uint64_t v) { return number(double(v)); }
    bool Double(double v) { return number(v); }
    bool String(const char *s, rapidjson::SizeType n, bool)
    {
        if (key == Field::Ph)
            isX = std::string_view(s, n) == "X";
        key = Field::None;
        return true;
    }
    bool Key(const char *s, rapidjson::SizeType n, bool)
    {
        const std::string_view k(s, n);
        if (depth == 1)
            key = k == "ph" ? Field::Ph : k == "args" ? Field::Args : Field::None;
        else if (depth == 2 && inArgs)
            key = k == "stream" ? Field::Stream : k == "correlation" ? Field::Correlation : Field::None;
        else
            key = Field::None;
        return true;
    }
    bool StartObject()
    {
        if (depth == 1 && key == Field::Args)
            inArgs = true;
        key = Field::None;
        ++depth;
        return true;
    }
    bool EndObject(rapidjson::SizeType)
    {
        --depth;
        if (depth == 1)
            inArgs = false;
        return true;
    }
    bool StartArray()
    {
        key = Field::None;
        ++depth;
        return true;
    }
    bool EndArray(rapidjson::SizeType)
    {
        --depth;
        return true;
    }
};

} // namespace

std::vector<StreamEvent> nonActivityStreamEvents(const Trace &trace)
{
    std::vector<StreamEvent> out;
    const MappedSource *src = trace.source.get();
    if (!src || !src->stillValid())
        return out;
    // The candidates in file order, so a .json.gz is inflated once for all of them.
    struct Candidate
    {
        std::uint64_t offset;
        std::uint32_t track, slice;
    };
    std::vector<Candidate> todo;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &tr = trace.tracks[t];
        for (std::uint32_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t cat = tr.catId[i];
            const CategoryClass cc = cat < trace.categoryClass.size() ? trace.categoryClass[cat] : CategoryClass::Other;
            if (!isGpuActivity(cc) && tr.fileOffset[i] < src->size())
                todo.push_back(Candidate{tr.fileOffset[i], t, i});
        }
    }
    std::sort(todo.begin(), todo.end(), [](const Candidate &a, const Candidate &b) { return a.offset < b.offset; });
    static constexpr char kKey[] = "\"stream\"";
    const std::size_t keyLen = sizeof(kKey) - 1;

    SourceReader reader(*src);
    const bool read = runGuarded([&] {
        for (const Candidate &c : todo) {
            // Searching the event's text for the key is a fast filter; only the events that pass
            // it are parsed.
            const std::string_view event = reader.object(c.offset);
            if (event.size() < keyLen || !memmem(event.data(), event.size(), kKey, keyLen))
                continue;
            Probe p;
            rapidjson::Reader parser;
            rapidjson::MemoryStream ms(event.data(), event.size());
            parser.Parse<rapidjson::kParseStopWhenDoneFlag>(ms, p);
            if (!parser.HasParseError() && p.isX && p.stream)
                out.push_back(StreamEvent{c.track, c.slice, p.correlation});
        }
    });
    if (!read || !reader.error().isEmpty()) // the file was cut underneath us: nothing half-read
        out.clear();
    std::sort(out.begin(), out.end(),
              [](const StreamEvent &a, const StreamEvent &b) { return a.track != b.track ? a.track < b.track : a.slice < b.slice; });
    return out;
}

} // namespace lanescope::analysis
