#include "annotations/AnnotationFile.h"
#include "util/BoundedJson.h"
#include "util/JsonBrackets.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace lanescope::annotations {

namespace {

const QLatin1String kFormatName("lanescope-annotations");

// JSON numbers are doubles: integers are exact up to 2^53 ns (104 days), far past any trace.
constexpr double kMaxExactInt = 9007199254740992.0;

QJsonObject anchorJson(const Anchor &a)
{
    QJsonObject o;
    o.insert(QStringLiteral("t_ns"), qint64(a.t));
    o.insert(QStringLiteral("lane"), a.lane);
    o.insert(QStringLiteral("y"), a.y);
    return o;
}

bool usesB(Kind k) { return k != Kind::Callout; }

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

QByteArray AnnotationFile::write(const AnnotationSet &set, const TraceIdentity &trace)
{
    QJsonObject t;
    t.insert(QStringLiteral("name"), trace.name);
    t.insert(QStringLiteral("size"), trace.size);
    t.insert(QStringLiteral("head_bytes"), trace.headBytes);
    t.insert(QStringLiteral("head_sha256"), QString::fromLatin1(trace.headSha256));
    QJsonArray list;
    for (const Annotation &a : set.items()) {
        QJsonObject o;
        o.insert(QStringLiteral("kind"), QLatin1String(kindKey(a.kind)));
        o.insert(QStringLiteral("color"), QLatin1String(colorKey(a.color)));
        o.insert(QStringLiteral("text"), a.text);
        o.insert(QStringLiteral("finding"), a.finding);
        o.insert(QStringLiteral("a"), anchorJson(a.a));
        if (usesB(a.kind))
            o.insert(QStringLiteral("b"), anchorJson(a.b));
        if (a.kind == Kind::Callout) {
            o.insert(QStringLiteral("label_dx"), a.labelDx);
            o.insert(QStringLiteral("label_dy"), a.labelDy);
        }
        list.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("format"), kFormatName);
    root.insert(QStringLiteral("version"), kFormatVersion);
    root.insert(QStringLiteral("trace"), t);
    root.insert(QStringLiteral("annotations"), list);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
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
    for (int i = 0; i < items.size(); ++i) {
        Annotation a;
        if (!r.annotation(items.at(i), i, &a))
            return corrupt(r.why);
        c.set.add(std::move(a));
    }
    c.status = FileContent::Status::Ok;
    return c;
}

} // namespace lanescope::annotations
