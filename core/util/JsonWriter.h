// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one way Lanescope writes JSON: RapidJSON's Writer (exact 64-bit integers, no locale
// surprises) behind typed field()/value() calls and object()/array() scopes that always close, so
// nothing assembles JSON text itself. Each measure writes its own members with it
// (core/analysis/run/AnalysisJson.h); lanescope-cli's subcommands print with it.
// docs/architecture.md: --json prints exactly one object; a subcommand does that with one
// printObject() call (bytes() gives the same object as bytes instead):
//
//     JsonWriter j;
//     j.printObject([&] {
//         j.field("events", t.eventCount);
//         j.array("warnings", [&] { for (const QString &w : t.warnings) j.value(w); });
//         j.object("mfu", [&] { j.field("mfu_pct", JsonWriter::orNull(m.valid, m.mfuPct)); });
//     });
#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <type_traits>

namespace lanescope {

class JsonWriter
{
public:
    // Writes one object, filled by body(), then a newline, to stdout.
    template <class Body>
    void printObject(Body &&body)
    {
        Q_ASSERT(m_buf.GetSize() == 0); // one writer, one object
        object(body);
        std::fwrite(m_buf.GetString(), 1, m_buf.GetSize(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }

    // Writes one object, filled by body(), and returns it (no newline).
    template <class Body>
    QByteArray bytes(Body &&body)
    {
        Q_ASSERT(m_buf.GetSize() == 0); // one writer, one object
        object(body);
        return QByteArray(m_buf.GetString(), qsizetype(m_buf.GetSize()));
    }

    // Scopes: body() writes the members (object) or elements (array) with the calls below.
    template <class Body>
    void object(Body &&body)
    {
        m_w.StartObject();
        body();
        m_w.EndObject();
    }
    template <class Body>
    void object(const char *key, Body &&body)
    {
        m_w.Key(key);
        object(body);
    }
    template <class Body>
    void array(Body &&body)
    {
        m_w.StartArray();
        body();
        m_w.EndArray();
    }
    template <class Body>
    void array(const char *key, Body &&body)
    {
        m_w.Key(key);
        array(body);
    }

    // A member: key and value.
    template <class T>
    void field(const char *key, const T &v)
    {
        m_w.Key(key);
        value(v);
    }

    // Values. Integers keep every bit (Int64/Uint64, never through double); doubles use
    // RapidJSON's shortest round-trip form.
    void value(bool b) { m_w.Bool(b); }
    void value(const char *s) { m_w.String(s); }
    void value(const QString &s)
    {
        const QByteArray u = s.toUtf8();
        m_w.String(u.constData(), rapidjson::SizeType(u.size()));
    }
    void value(std::nullptr_t) { m_w.Null(); }
    // JSON has no NaN or infinity: RapidJSON would write nothing and leave a dangling key, so
    // those become null and the output still parses (a 1e300 x 1e300 mfu overflows).
    void value(double d)
    {
        if (std::isfinite(d))
            m_w.Double(d);
        else
            m_w.Null();
    }
    void value(const std::optional<double> &d)
    {
        if (d)
            value(*d);
        else
            m_w.Null();
    }
    void value(const std::optional<std::int64_t> &v)
    {
        if (v)
            m_w.Int64(*v);
        else
            m_w.Null();
    }
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    void value(T v)
    {
        if constexpr (std::is_signed_v<T>)
            m_w.Int64(std::int64_t(v));
        else
            m_w.Uint64(std::uint64_t(v));
    }

    // A figure that is only meaningful when `valid`: the number, or null.
    static std::optional<double> orNull(bool valid, double v) { return valid ? std::optional<double>(v) : std::nullopt; }
    // A count or size that is only meaningful when `valid` (written as an integer): the number, or null.
    static std::optional<std::int64_t> orNullCount(bool valid, std::int64_t v)
    {
        return valid ? std::optional<std::int64_t>(v) : std::nullopt;
    }

private:
    rapidjson::StringBuffer m_buf;
    rapidjson::Writer<rapidjson::StringBuffer> m_w{m_buf};
};

} // namespace lanescope
