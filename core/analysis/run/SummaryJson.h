// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The pieces a rank summary (core/analysis/job/RankSummaryJson.h) is written and read with, so that
// each measure writes its own part of it and reads that part back (Measure::writeSummary,
// Measure::readSummary): a writer of exact integers and shortest round-trip doubles, the ranges a
// summary's figures may take, and a reader that checks each member against them and names the
// first one that is wrong.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope::analysis::summary {

// lupdate files these under "analysis", the context looked up at run time.
struct SummaryText
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;
using Value = rapidjson::Value;

class SummaryOut
{
public:
    explicit SummaryOut(Writer &w) : m_w(w) {}
    void key(const char *k) { m_w.Key(k); }
    void i(const char *k, std::int64_t v) { key(k), m_w.Int64(v); }
    void u(const char *k, std::uint64_t v) { key(k), m_w.Uint64(v); }
    void b(const char *k, bool v) { key(k), m_w.Bool(v); }
    void d(const char *k, double v)
    {
        key(k);
        if (std::isfinite(v))
            m_w.Double(v);
        else
            m_w.Null();
    }
    void od(const char *k, const std::optional<double> &v)
    {
        if (v)
            d(k, *v);
        else
            key(k), m_w.Null();
    }
    void s(const char *k, const QString &v)
    {
        key(k);
        str(v);
    }
    void str(const QString &v)
    {
        const QByteArray u8 = v.toUtf8();
        m_w.String(u8.constData(), rapidjson::SizeType(u8.size()));
    }
    template <class F>
    void obj(const char *k, F f)
    {
        if (k)
            key(k);
        m_w.StartObject();
        f();
        m_w.EndObject();
    }
    template <class F>
    void arr(const char *k, F f)
    {
        key(k);
        m_w.StartArray();
        f();
        m_w.EndArray();
    }

private:
    Writer &m_w;
};

// The ranges a summary's figures may take, each wider than any trace gives: nanoseconds up to
// about three years (the integer durations and counts of the figures and the GPU-time breakdown
// too, from 0), seconds as long, shares of a span 0-100 %, a mean queue length up to 1e9 kernels.
// Rates, TFLOPS and the MFU up to 1e30: the CLI's extreme but allowed --params and
// --tokens-per-step over a microsecond step give some 1e25, which a summary must still carry;
// -1e300 or 1e308 (printed digit by digit) it may not.
struct Range
{
    double min, max;
};
constexpr double kMaxNs = 1e17;
constexpr std::int64_t kMaxNsInt = 100'000'000'000'000'000; // kMaxNs, for the integer durations
constexpr Range kNs{0, kMaxNs};
constexpr Range kSignedNs{-kMaxNs, kMaxNs}; // launch delays and durations: negative where clocks disagree or HTA counts a kernel ending before it starts
constexpr Range kSeconds{0, kMaxNs / 1e9};
constexpr Range kRate{0, 1e30};
constexpr Range kTflops{0, 1e30};
constexpr Range kShare{0, 100};
constexpr Range kMfuPct{0, 1e30};
constexpr Range kQueue{0, 1e9};

// A JSON object and where it is in the summary ("analysis.gaps[3]."), for messages.
struct SummaryObj
{
    const Value &v;
    QString at;
};

// Reading: checked against the schema rankSummaryToJson writes. A member left out reads as its
// default (the writer leaves none out; a summary made by hand may); one present with another type,
// or a number its field cannot hold (a rank of 2^32 + 1 is not rank 1), makes the whole summary
// unreadable, and the first such member is named: "figures: not an object",
// "analysis.gaps[3].start: not an integer". Doubles may be null: the writer's non-finite numbers.
class SummaryIn
{
public:
    using Obj = SummaryObj;

    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }

    std::int64_t i64(const Obj &o, const char *k, std::int64_t fallback = 0, std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX)
    {
        const Value *v = find(o, k);
        if (!v)
            return fallback;
        if (!v->IsInt64() && !v->IsUint64()) {
            fail(o, k, SummaryText::tr("not an integer"));
            return fallback;
        }
        if (!v->IsInt64() || v->GetInt64() < min || v->GetInt64() > max) {
            fail(o, k, SummaryText::tr("%1 is out of range (%2 to %3)").arg(numberText(*v)).arg(min).arg(max));
            return fallback;
        }
        return v->GetInt64();
    }
    int i32(const Obj &o, const char *k, int fallback = 0, int min = INT_MIN) { return int(i64(o, k, fallback, min, INT_MAX)); }
    std::uint32_t u32(const Obj &o, const char *k) { return std::uint32_t(i64(o, k, 0, 0, UINT32_MAX)); }
    std::uint64_t u64(const Obj &o, const char *k)
    {
        const Value *v = find(o, k);
        if (!v)
            return 0;
        if (!v->IsUint64()) {
            fail(o, k, v->IsInt64() ? SummaryText::tr("%1 is out of range (0 or more)").arg(v->GetInt64()) : SummaryText::tr("not an integer"));
            return 0;
        }
        return v->GetUint64();
    }
    // Every double a summary carries is within the range its figure can take (Range below): a
    // step time of -1e300 or 1e308 ns is no measurement, and merge would print it digit by digit.
    double dbl(const Obj &o, const char *k, Range r, double fallback = 0)
    {
        const Value *v = find(o, k);
        if (!v || v->IsNull())
            return fallback;
        if (!v->IsNumber()) {
            fail(o, k, SummaryText::tr("not a number"));
            return fallback;
        }
        return inRange(o, k, v->GetDouble(), r) ? v->GetDouble() : fallback;
    }
    std::optional<double> odbl(const Obj &o, const char *k, Range r)
    {
        const Value *v = find(o, k);
        if (!v || v->IsNull())
            return std::nullopt;
        if (!v->IsNumber()) {
            fail(o, k, SummaryText::tr("not a number or null"));
            return std::nullopt;
        }
        if (!inRange(o, k, v->GetDouble(), r))
            return std::nullopt;
        return v->GetDouble();
    }
    bool boolean(const Obj &o, const char *k)
    {
        const Value *v = find(o, k);
        if (!v)
            return false;
        if (!v->IsBool()) {
            fail(o, k, SummaryText::tr("not true or false"));
            return false;
        }
        return v->GetBool();
    }
    QString text(const Obj &o, const char *k)
    {
        const Value *v = find(o, k);
        if (!v)
            return QString();
        if (!v->IsString()) {
            fail(o, k, SummaryText::tr("not a string"));
            return QString();
        }
        return QString::fromUtf8(v->GetString(), int(v->GetStringLength()));
    }
    Obj object(const Obj &o, const char *k)
    {
        static const Value empty(rapidjson::kObjectType);
        const Value *v = find(o, k);
        if (v && !v->IsObject())
            fail(o, k, SummaryText::tr("not an object"));
        return {v && v->IsObject() ? *v : empty, o.at + QLatin1String(k) + QLatin1Char('.')};
    }
    // The members of list k that are objects, each with its place; any other member is an error.
    std::vector<Obj> objects(const Obj &o, const char *k)
    {
        std::vector<Obj> out;
        const Value *v = list(o, k);
        for (rapidjson::SizeType i = 0; v && i < v->Size() && !failed(); ++i) {
            const QString at = QStringLiteral("%1%2[%3]").arg(o.at, QLatin1String(k)).arg(i);
            if ((*v)[i].IsObject())
                out.push_back({(*v)[i], at + QLatin1Char('.')});
            else
                m_error = SummaryText::tr("%1: not an object").arg(at);
        }
        return out;
    }
    QStringList strings(const Obj &o, const char *k)
    {
        QStringList out;
        const Value *v = list(o, k);
        for (rapidjson::SizeType i = 0; v && i < v->Size() && !failed(); ++i) {
            if ((*v)[i].IsString())
                out << QString::fromUtf8((*v)[i].GetString(), int((*v)[i].GetStringLength()));
            else
                m_error = SummaryText::tr("%1%2[%3]: not a string").arg(o.at, QLatin1String(k)).arg(i);
        }
        return out;
    }

private:
    static QString numberText(const Value &v)
    {
        return v.IsInt64() ? QString::number(v.GetInt64()) : QString::number(v.GetUint64());
    }
    const Value *find(const Obj &o, const char *k) const
    {
        const auto it = o.v.FindMember(k);
        return it == o.v.MemberEnd() ? nullptr : &it->value;
    }
    const Value *list(const Obj &o, const char *k)
    {
        const Value *v = find(o, k);
        if (v && !v->IsArray()) {
            fail(o, k, SummaryText::tr("not a list"));
            return nullptr;
        }
        return v;
    }
    // Keeps the first problem: the one a person fixes first.
    bool inRange(const Obj &o, const char *k, double d, Range r)
    {
        if (std::isfinite(d) && d >= r.min && d <= r.max)
            return true;
        fail(o, k, SummaryText::tr("%1 is out of range (%2 to %3)").arg(d, 0, 'g', 6).arg(r.min, 0, 'g', 6).arg(r.max, 0, 'g', 6));
        return false;
    }
    void fail(const Obj &o, const char *k, const QString &why)
    {
        if (m_error.isEmpty())
            m_error = SummaryText::tr("%1: %2").arg(o.at + QLatin1String(k), why);
    }

    QString m_error;
};

} // namespace lanescope::analysis::summary
