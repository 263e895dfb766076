// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One way to read a whole JSON value into a RapidJSON DOM (a rank summary, a trace's header values
// deviceProperties and distributedInfo) with a bound on how deeply it nests. RapidJSON's default
// parser recurses once per level, so 150,000 '[' in a 300 KB file exhaust the thread's stack; a
// DOM that deep would also cost any recursive walk of it. The bound is enforced while the values
// are handed to the Document, so it holds for any stream (a mapped file, a .json.gz as inflated).
#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <cstddef>

namespace lanescope {

// 128 levels of objects and arrays: what Lanescope reads whole nests 4 levels at most (a summary's
// analysis.gaps[i], distributedInfo.pg_config[i].ranks), so this is far beyond any file it wrote
// or any trace PyTorch wrote, and far below what costs stack. (Annotations files, read with
// QJsonDocument, are held to the same figure: annotations/AnnotationFile.cpp.)
constexpr unsigned kMaxJsonDepth = 128;

struct BoundedParse
{
    enum class Status { Ok, SyntaxError, TooDeep };
    Status status = Status::Ok;
    rapidjson::ParseErrorCode code = rapidjson::kParseErrorNone; // SyntaxError: RapidJSON's code
    std::size_t offset = 0;                                      // where it stopped, in the stream
    bool ok() const { return status == Status::Ok; }
};

namespace detail {

// Forwards every SAX event to the Document, refusing a level past the bound.
template <typename Doc>
struct DepthBoundHandler
{
    Doc &doc;
    unsigned maxDepth;
    unsigned depth = 0;
    bool tooDeep = false;

    bool open()
    {
        if (depth >= maxDepth) {
            tooDeep = true;
            return false; // RapidJSON stops with kParseErrorTermination
        }
        ++depth;
        return true;
    }
    bool Null() { return doc.Null(); }
    bool Bool(bool b) { return doc.Bool(b); }
    bool Int(int i) { return doc.Int(i); }
    bool Uint(unsigned u) { return doc.Uint(u); }
    bool Int64(int64_t i) { return doc.Int64(i); }
    bool Uint64(uint64_t u) { return doc.Uint64(u); }
    bool Double(double d) { return doc.Double(d); }
    bool RawNumber(const char *s, rapidjson::SizeType n, bool copy) { return doc.RawNumber(s, n, copy); }
    bool String(const char *s, rapidjson::SizeType n, bool copy) { return doc.String(s, n, copy); }
    bool Key(const char *s, rapidjson::SizeType n, bool copy) { return doc.Key(s, n, copy); }
    bool StartObject() { return open() && doc.StartObject(); }
    bool EndObject(rapidjson::SizeType members)
    {
        --depth;
        return doc.EndObject(members);
    }
    bool StartArray() { return open() && doc.StartArray(); }
    bool EndArray(rapidjson::SizeType elements)
    {
        --depth;
        return doc.EndArray(elements);
    }
};

} // namespace detail

// Parses one JSON value from `stream` into `doc` (RapidJSON's parseFlags; iterative, so no depth
// below the bound costs stack either). On failure `doc` is left null and the result says why.
template <unsigned parseFlags, typename Stream>
BoundedParse parseBoundedJson(rapidjson::Document &doc, Stream &stream, unsigned maxDepth = kMaxJsonDepth)
{
    BoundedParse result;
    rapidjson::Reader reader;
    auto generate = [&](rapidjson::Document &d) {
        detail::DepthBoundHandler<rapidjson::Document> h{d, maxDepth};
        reader.Parse<parseFlags | rapidjson::kParseIterativeFlag>(stream, h);
        if (h.tooDeep)
            result.status = BoundedParse::Status::TooDeep;
        else if (reader.HasParseError())
            result.status = BoundedParse::Status::SyntaxError;
        result.code = reader.GetParseErrorCode();
        result.offset = reader.GetErrorOffset();
        return !reader.HasParseError();
    };
    doc.SetNull();
    doc.Populate(generate);
    return result;
}

// The same over bytes in memory.
template <unsigned parseFlags>
BoundedParse parseBoundedJson(rapidjson::Document &doc, const char *bytes, std::size_t size, unsigned maxDepth = kMaxJsonDepth)
{
    rapidjson::MemoryStream s(bytes, size);
    return parseBoundedJson<parseFlags>(doc, s, maxDepth);
}

} // namespace lanescope
