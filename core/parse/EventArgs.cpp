// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/EventArgs.h"

#include "core/io/MappedSource.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"

#include <QCoreApplication>
#include <QVariantList>

#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace lanescope {
namespace {

QVariant toVariant(const rapidjson::Value &v)
{
    switch (v.GetType()) {
    case rapidjson::kNullType: return QVariant();
    case rapidjson::kFalseType: return false;
    case rapidjson::kTrueType: return true;
    case rapidjson::kStringType: return QString::fromUtf8(v.GetString(), int(v.GetStringLength()));
    case rapidjson::kNumberType:
        if (v.IsInt64())
            return qint64(v.GetInt64());
        if (v.IsUint64()) // e.g. "Comms Id": full 64-bit hashes
            return quint64(v.GetUint64());
        return v.GetDouble();
    case rapidjson::kArrayType: {
        QVariantList l;
        for (const auto &e : v.GetArray())
            l << toVariant(e);
        return l;
    }
    case rapidjson::kObjectType: {
        QVariantMap m;
        for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it)
            m.insert(QString::fromUtf8(it->name.GetString(), int(it->name.GetStringLength())), toVariant(it->value));
        return m;
    }
    }
    return QVariant();
}

} // namespace

namespace {

// The event's JSON text (exactly its bytes) parsed into d.
void parseEvent(std::string_view bytes, std::uint64_t fileOffset, EventDetails &d, bool withJson)
{
    rapidjson::Document doc;
    rapidjson::MemoryStream s(bytes.data(), bytes.size());
    doc.ParseStream<rapidjson::kParseStopWhenDoneFlag>(s);
    if (doc.HasParseError() || !doc.IsObject()) {
        d.error = QCoreApplication::translate("EventArgs", "the event at byte %1 no longer parses").arg(fileOffset);
        return;
    }
    if (doc.HasMember("args") && doc["args"].IsObject())
        d.args = toVariant(doc["args"]).toMap();
    d.ok = true;
    if (!withJson)
        return;
    rapidjson::StringBuffer buf;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
    w.SetIndent(' ', 2);
    doc.Accept(w);
    d.json = QString::fromUtf8(buf.GetString(), int(buf.GetSize()));
    d.ok = true;
}

// Reads and parses through read(offset) -> the event's bytes (empty with *error set on failure).
template <typename Read>
EventDetails readDetails(const Trace &trace, std::uint64_t fileOffset, Read read, bool withJson = true)
{
    EventDetails d;
    const MappedSource *src = trace.source.get();
    if (!src || fileOffset >= src->size()) {
        d.error = QCoreApplication::translate("EventArgs", "the event is not in the file");
        return d;
    }
    QString why;
    if (!src->stillValid(&why)) {
        d.error = why;
        return d;
    }
    const bool ok = runGuarded([&] {
        QString error;
        const std::string_view bytes = read(fileOffset, &error);
        if (bytes.empty() && !error.isEmpty())
            d.error = error;
        else
            parseEvent(bytes, fileOffset, d, withJson);
    });
    if (!ok) {
        d.ok = false;
        d.error = QCoreApplication::translate("EventArgs", "%1 changed on disk; reload it").arg(trace.path);
    }
    return d;
}

} // namespace

EventDetails readEventDetails(const Trace &trace, std::uint64_t fileOffset)
{
    std::string text;
    return readDetails(trace, fileOffset, [&](std::uint64_t off, QString *error) {
        return trace.source->objectAt(off, &text, error) ? std::string_view(text) : std::string_view();
    });
}

EventDetails readEventDetails(const Trace &trace, SourceReader &reader, std::uint64_t fileOffset, EventParts parts)
{
    return readDetails(
        trace, fileOffset,
        [&](std::uint64_t off, QString *error) {
            const std::string_view v = reader.object(off);
            if (v.empty())
                *error = reader.error();
            return v;
        },
        parts == EventParts::ArgsAndJson);
}

} // namespace lanescope
