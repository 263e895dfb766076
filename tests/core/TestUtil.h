// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Test-side helpers that do not use the code under test: gzip with zlib directly, a tiny JSON
// scanner that finds where each element of traceEvents ends, and file writing.
#include <QByteArray>
#include <QFile>
#include <QString>

#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace lanescope::test {

// gzip-compresses `in` as one member.
inline std::string gzipBytes(const std::string &in, int level = 6)
{
    z_stream zs = {};
    if (deflateInit2(&zs, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    std::string out;
    out.resize(deflateBound(&zs, uLong(in.size())) + 64);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    zs.avail_in = uInt(in.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return rc == Z_STREAM_END ? out : std::string();
}

// Inflates as much of a (possibly cut or concatenated) gzip stream as zlib can; *complete is set
// when every member ended properly.
inline std::string gunzipBytes(const std::string &in, bool *complete = nullptr)
{
    std::string out;
    z_stream zs = {};
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
        return out;
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    zs.avail_in = uInt(in.size());
    char buf[65536];
    bool ended = false;
    for (;;) {
        zs.next_out = reinterpret_cast<Bytef *>(buf);
        zs.avail_out = sizeof buf;
        const int rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf, sizeof buf - zs.avail_out);
        if (rc == Z_STREAM_END) {
            ended = true;
            if (zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b) {
                inflateReset(&zs);
                ended = false;
                continue;
            }
            break;
        }
        if (rc != Z_OK || (zs.avail_in == 0 && zs.avail_out != 0))
            break;
    }
    inflateEnd(&zs);
    if (complete)
        *complete = ended;
    return out;
}

// Where the traceEvents array of `json` opens and where each of its elements ends (one past the
// closing '}'), found by counting brackets outside strings: independent of the parser under test.
// Works on the object form ({"traceEvents": [...]}) and on the bare array form ([...]).
struct ElementEnds
{
    std::size_t arrayOpen = std::string::npos; // offset of the '['
    std::size_t arrayClose = std::string::npos; // offset of the closing ']', if present
    std::vector<std::size_t> ends;
};

inline ElementEnds scanElementEnds(const std::string &json)
{
    ElementEnds r;
    int depth = 0;
    bool inString = false, escape = false;
    int arrayDepth = -1; // depth inside the traceEvents array
    std::string lastKey, curString;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"') {
                inString = false;
                if (depth == 1)
                    lastKey = curString;
            } else
                curString += c;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            curString.clear();
            break;
        case '{':
        case '[':
            ++depth;
            if (c == '[' && arrayDepth < 0 && ((depth == 1 && i == json.find_first_not_of(" \t\r\n\xEF\xBB\xBF"))
                                               || (depth == 2 && lastKey == "traceEvents"))) {
                arrayDepth = depth;
                r.arrayOpen = i;
            }
            break;
        case '}':
        case ']':
            if (c == ']' && depth == arrayDepth) {
                r.arrayClose = i;
                arrayDepth = -2; // done
            }
            --depth;
            if (c == '}' && depth == arrayDepth)
                r.ends.push_back(i + 1);
            break;
        default:
            break;
        }
    }
    return r;
}

inline bool writeFile(const QString &path, const std::string &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

inline std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.readAll();
    return std::string(b.constData(), std::size_t(b.size()));
}

} // namespace lanescope::test
