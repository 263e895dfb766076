#pragma once
// One JSON object on stdout, written with RapidJSON (exact 64-bit integers, no locale surprises).
#include <QString>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>

namespace lanescope::cli {

class JsonWriter
{
public:
    rapidjson::Writer<rapidjson::StringBuffer> w{m_buf};

    void key(const char *k) { w.Key(k); }
    void str(const QString &s)
    {
        const QByteArray u = s.toUtf8();
        w.String(u.constData(), rapidjson::SizeType(u.size()));
    }
    void print()
    {
        std::fwrite(m_buf.GetString(), 1, m_buf.GetSize(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }

private:
    rapidjson::StringBuffer m_buf;
};

} // namespace lanescope::cli
