// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/annotations/AnnotationFile.h"
#include "core/util/BoundedJson.h"
#include "core/util/JsonBrackets.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>
#include <cstdint>
#include <vector>

namespace lanescope::annotations {

namespace {

const QLatin1String kFormatName("lanescope-annotations");

// JSON numbers are doubles: integers are exact up to 2^53 ns (104 days), far past any trace.
constexpr double kMaxExactInt = 9007199254740992.0;

bool usesB(Kind k) { return k != Kind::Callout; }

// A file written before ids were saved: every reader of it must give an annotation the same id, or
// two windows merging their saves would each take the other's copy for a new annotation. FNV-1a
// over its place in the file and its content; never 0.
AnnotationSet::Id derivedId(const Annotation &a, int index)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    const auto mix = [&h](const void *data, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
            h ^= static_cast<const unsigned char *>(data)[k];
            h *= 0x100000001b3ull;
        }
    };
    const qint64 numbers[] = {index, qint64(a.kind), qint64(a.a.t), qint64(a.b.t)};
    mix(numbers, sizeof numbers);
    mix(a.text.constData(), std::size_t(a.text.size()) * sizeof(QChar));
    return h == 0 ? 1 : h;
}

// Reads one annotation; false with *why (the member at fault) when it does not check out.
class Reader
{
public:
    QString why;

    bool integer(const QJsonObject &o, const QString &key, qint64 *out, const QString &where)
    {
        const QJsonValue v = o.value(key);
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || std::abs(d) > kMaxExactInt)
            return fail(where + key, AnnotationFile::tr("not a whole number"));
        *out = qint64(d);
        return true;
    }
    bool real(const QJsonObject &o, const QString &key, double *out, const QString &where, bool optional)
    {
        const QJsonValue v = o.value(key);
        if (optional && v.isUndefined())
            return true;
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return fail(where + key, AnnotationFile::tr("not a number"));
        *out = v.toDouble();
        return true;
    }
    bool anchor(const QJsonObject &o, const QString &key, Anchor *out, const QString &where)
    {
        const QJsonValue v = o.value(key);
        if (!v.isObject())
            return fail(where + key, AnnotationFile::tr("missing or not an object"));
        const QJsonObject a = v.toObject();
        const QString at = where + key + QLatin1Char('.');
        qint64 t = 0;
        if (!integer(a, QStringLiteral("t_ns"), &t, at))
            return false;
        out->t = t;
        const QJsonValue lane = a.value(QStringLiteral("lane"));
        if (!lane.isUndefined() && !lane.isString())
            return fail(at + QStringLiteral("lane"), AnnotationFile::tr("not a string"));
        out->lane = lane.toString();
        return real(a, QStringLiteral("y"), &out->y, at, true);
    }
    bool annotation(const QJsonValue &v, int i, Annotation *out)
    {
        const QString where = QStringLiteral("annotations[%1].").arg(i);
        if (!v.isObject())
            return fail(QStringLiteral("annotations[%1]").arg(i), AnnotationFile::tr("not an object"));
        const QJsonObject o = v.toObject();
        const QJsonValue id = o.value(QStringLiteral("id"));
        if (!id.isUndefined()) {
            const QString hex = id.toString();
            bool ok = false;
            out->id = hex.size() <= 16 ? hex.toULongLong(&ok, 16) : 0;
            if (!id.isString() || !ok || out->id == 0)
                return fail(where + QStringLiteral("id"), AnnotationFile::tr("not an id (1 to 16 hexadecimal digits, not all zero)"));
        }
        const QString kind = o.value(QStringLiteral("kind")).toString();
        if (!kindFromKey(kind, &out->kind))
            return fail(where + QStringLiteral("kind"), AnnotationFile::tr("unknown kind \"%1\"").arg(kind.left(40)));
        const QJsonValue color = o.value(QStringLiteral("color"));
        if (!color.isUndefined() && !colorFromKey(color.toString(), &out->color))
            return fail(where + QStringLiteral("color"), AnnotationFile::tr("unknown colour \"%1\"").arg(color.toString().left(40)));
        const QJsonValue text = o.value(QStringLiteral("text"));
        if (!text.isUndefined() && !text.isString())
            return fail(where + QStringLiteral("text"), AnnotationFile::tr("not a string"));
        out->text = text.toString();
        if (out->text.size() > kMaxTextChars)
            return fail(where + QStringLiteral("text"), AnnotationFile::tr("longer than %1 characters").arg(kMaxTextChars));
        const QJsonValue finding = o.value(QStringLiteral("finding"));
        if (!finding.isUndefined() && !finding.isBool())
            return fail(where + QStringLiteral("finding"), AnnotationFile::tr("not true or false"));
        out->finding = finding.toBool(false);
        if (!anchor(o, QStringLiteral("a"), &out->a, where))
            return false;
        if (usesB(out->kind) && !anchor(o, QStringLiteral("b"), &out->b, where))
            return false;
        if (out->kind == Kind::Callout && o.contains(QStringLiteral("label"))) {
            if (!anchor(o, QStringLiteral("label"), &out->label, where))
                return false;
            out->hasLabel = true;
        }
        return real(o, QStringLiteral("label_dx"), &out->labelDx, where, true)
            && real(o, QStringLiteral("label_dy"), &out->labelDy, where, true);
    }

private:
    bool fail(const QString &member, const QString &what)
    {
        why = QStringLiteral("%1: %2").arg(member, what);
        return false;
    }
};

} // namespace

TraceIdentity TraceIdentity::ofFile(const QString &path, QString *error)
{
    TraceIdentity id;
    id.name = QFileInfo(path).fileName();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = AnnotationFile::tr("cannot read %1: %2").arg(path, f.errorString());
        return id;
    }
    const qint64 size = f.size();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    qint64 left = std::min(size, kHeadBytes);
    const qint64 want = left;
    QByteArray buf;
    while (left > 0) {
        buf = f.read(std::min<qint64>(left, 256 << 10));
        if (buf.isEmpty()) {
            if (error)
                *error = AnnotationFile::tr("cannot read %1: %2").arg(path, f.errorString());
            return id;
        }
        hash.addData(buf);
        left -= buf.size();
    }
    id.size = size;
    id.headBytes = want;
    id.headSha256 = hash.result().toHex();
    return id;
}

namespace {

// The file is written by hand rather than through QJsonDocument: a sidecar of 200,000 annotations
// is written in tens of milliseconds instead of seconds, and one annotation per line keeps it
// readable and diffable. QJsonDocument still reads it.
void appendString(QByteArray &out, const QString &s)
{
    out += '"';
    const QByteArray u = s.toUtf8();
    for (const char ch : u) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            switch (c) {
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
            }
        } else {
            out += char(c);
        }
    }
    out += '"';
}

// As QJsonDocument writes a double: the shortest text that reads back the same; whole numbers
// without a fraction. Not finite (never read in, but a drag may compute one): 0.
void appendReal(QByteArray &out, double d) { out += std::isfinite(d) ? QByteArray::number(d, 'g', QLocale::FloatingPointShortest) : QByteArray("0"); }

void appendAnchor(QByteArray &out, const Anchor &a)
{
    out += "{\"t_ns\": ";
    out += QByteArray::number(qint64(a.t));
    out += ", \"lane\": ";
    appendString(out, a.lane);
    out += ", \"y\": ";
    appendReal(out, a.y);
    out += '}';
}

QByteArray idText(AnnotationSet::Id id) { return QByteArray::number(quint64(id), 16).rightJustified(16, '0'); }

} // namespace

QByteArray AnnotationFile::write(const AnnotationSet &set, const TraceIdentity &trace)
{
    QByteArray out;
    out.reserve(512 + qsizetype(set.items().size()) * 220);
    out += "{\n    \"format\": \"lanescope-annotations\",\n    \"version\": ";
    out += QByteArray::number(kFormatVersion);
    out += ",\n    \"trace\": {\"name\": ";
    appendString(out, trace.name);
    out += ", \"size\": ";
    out += QByteArray::number(trace.size);
    out += ", \"head_bytes\": ";
    out += QByteArray::number(trace.headBytes);
    out += ", \"head_sha256\": ";
    appendString(out, QString::fromLatin1(trace.headSha256));
    out += "},\n    \"annotations\": [";
    bool first = true;
    for (const Annotation &a : set.items()) {
        out += first ? "\n        " : ",\n        ";
        first = false;
        out += "{\"id\": \"";
        out += idText(a.id);
        out += "\", \"kind\": \"";
        out += kindKey(a.kind);
        out += "\", \"color\": \"";
        out += colorKey(a.color);
        out += "\", \"text\": ";
        appendString(out, a.text);
        out += a.finding ? ", \"finding\": true" : ", \"finding\": false";
        out += ", \"a\": ";
        appendAnchor(out, a.a);
        if (usesB(a.kind)) {
            out += ", \"b\": ";
            appendAnchor(out, a.b);
        }
        if (a.kind == Kind::Callout && a.hasLabel) {
            out += ", \"label\": ";
            appendAnchor(out, a.label);
        } else if (a.kind == Kind::Callout) {
            out += ", \"label_dx\": ";
            appendReal(out, a.labelDx);
            out += ", \"label_dy\": ";
            appendReal(out, a.labelDy);
        }
        out += '}';
    }
    out += first ? "]\n}\n" : "\n    ]\n}\n";
    return out;
}

FileContent AnnotationFile::read(const QByteArray &bytes)
{
    FileContent c;
    auto corrupt = [&](const QString &why) {
        c.status = FileContent::Status::Corrupt;
        c.error = why;
        c.set.clear();
        return c;
    };
    if (bytes.size() > kMaxFileBytes)
        return corrupt(tr("larger than %1 MiB").arg(kMaxFileBytes >> 20));
    // The depth every JSON read whole is held to (util/BoundedJson.h), checked before Qt's
    // recursive parser sees the bytes (Qt stops only at 1024 levels).
    if (!nestingWithin(bytes.constData(), std::uint64_t(bytes.size()), kMaxJsonDepth))
        return corrupt(tr("nested deeper than %1 levels").arg(kMaxJsonDepth));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError)
        return corrupt(tr("not JSON: %1 at byte %2").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        return corrupt(tr("not a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != kFormatName)
        return corrupt(tr("\"format\" is not \"%1\"").arg(kFormatName));
    const QJsonValue version = root.value(QStringLiteral("version"));
    const double v = version.toDouble(0);
    if (!version.isDouble() || v < 1 || v != std::floor(v) || v > 1e6)
        return corrupt(tr("\"version\" is not a format version"));
    c.version = int(v);
    if (c.version > kFormatVersion) {
        // Nothing more is read: a later format may mean anything by its members.
        c.status = FileContent::Status::NewerVersion;
        return c;
    }
    const QJsonValue trace = root.value(QStringLiteral("trace"));
    if (!trace.isObject())
        return corrupt(tr("\"trace\" is missing"));
    const QJsonObject t = trace.toObject();
    Reader r;
    qint64 size = 0, head = 0;
    if (!r.integer(t, QStringLiteral("size"), &size, QStringLiteral("trace."))
        || !r.integer(t, QStringLiteral("head_bytes"), &head, QStringLiteral("trace.")))
        return corrupt(r.why);
    const QByteArray sha = t.value(QStringLiteral("head_sha256")).toString().toLatin1();
    if (sha.size() != 64 || QByteArray::fromHex(sha).toHex() != sha)
        return corrupt(tr("trace.head_sha256: not a SHA-256 in lower-case hex"));
    c.trace.name = t.value(QStringLiteral("name")).toString();
    c.trace.size = size;
    c.trace.headBytes = head;
    c.trace.headSha256 = sha;
    const QJsonValue list = root.value(QStringLiteral("annotations"));
    if (!list.isArray())
        return corrupt(tr("\"annotations\" is not a list"));
    const QJsonArray items = list.toArray();
    if (items.size() > kMaxAnnotations)
        return corrupt(tr("%1 annotations: more than the %2 one file may hold, so that editing them stays interactive")
                           .arg(items.size())
                           .arg(kMaxAnnotations));
    std::vector<Annotation> read;
    read.reserve(std::size_t(items.size()));
    for (int i = 0; i < items.size(); ++i) {
        Annotation a;
        if (!r.annotation(items.at(i), i, &a))
            return corrupt(r.why);
        if (a.id == 0)
            a.id = derivedId(a, i);
        read.push_back(std::move(a));
    }
    c.set.setItems(std::move(read));
    c.status = FileContent::Status::Ok;
    return c;
}

} // namespace lanescope::annotations
