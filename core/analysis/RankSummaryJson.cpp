#include "analysis/RankSummaryJson.h"
#include "util/BoundedJson.h"

#include <QCoreApplication>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cmath>

namespace lanescope::analysis {
namespace {

// lupdate files Text::tr() strings under the "analysis" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;
using Value = rapidjson::Value;

class Out
{
public:
    explicit Out(Writer &w) : m_w(w) {}
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

// Reading: a missing or mistyped member reads as its default; the few that make a summary are
// checked by the caller.
std::int64_t i64(const Value &o, const char *k, std::int64_t fallback = 0)
{
    const auto it = o.FindMember(k);
    if (it == o.MemberEnd())
        return fallback;
    if (it->value.IsInt64())
        return it->value.GetInt64();
    if (it->value.IsUint64())
        return std::int64_t(it->value.GetUint64());
    return fallback;
}
std::uint64_t u64(const Value &o, const char *k)
{
    const auto it = o.FindMember(k);
    return it != o.MemberEnd() && it->value.IsUint64() ? it->value.GetUint64() : 0;
}
double dbl(const Value &o, const char *k, double fallback = 0)
{
    const auto it = o.FindMember(k);
    return it != o.MemberEnd() && it->value.IsNumber() ? it->value.GetDouble() : fallback;
}
std::optional<double> odbl(const Value &o, const char *k)
{
    const auto it = o.FindMember(k);
    return it != o.MemberEnd() && it->value.IsNumber() ? std::optional<double>(it->value.GetDouble()) : std::nullopt;
}
bool boolean(const Value &o, const char *k)
{
    const auto it = o.FindMember(k);
    return it != o.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}
QString text(const Value &o, const char *k)
{
    const auto it = o.FindMember(k);
    return it != o.MemberEnd() && it->value.IsString() ? QString::fromUtf8(it->value.GetString(), int(it->value.GetStringLength())) : QString();
}
const Value &member(const Value &o, const char *k, rapidjson::Type type)
{
    static const Value nullObject(rapidjson::kObjectType), nullArray(rapidjson::kArrayType);
    const auto it = o.FindMember(k);
    if (it != o.MemberEnd() && it->value.GetType() == type)
        return it->value;
    return type == rapidjson::kArrayType ? nullArray : nullObject;
}

void writeTemporal(Out &o, const TemporalBreakdown &t)
{
    o.obj("temporal", [&] {
        o.i("span_start", t.spanStart);
        o.i("span_end", t.spanEnd);
        o.i("span", t.span);
        o.i("idle", t.idle);
        o.i("compute", t.compute);
        o.i("non_compute", t.nonCompute);
        o.i("communication", t.communication);
        o.i("overlap", t.overlap);
        o.d("idle_pct", t.idlePct);
        o.d("compute_pct", t.computePct);
        o.d("non_compute_pct", t.nonComputePct);
        o.d("comm_comp_overlap_pct", t.commCompOverlapPct);
        o.u("activities", t.activities);
        o.u("stream_events", t.streamEvents);
        o.i("definition", int(t.definition));
        o.b("last_step_excluded", t.lastStepExcluded);
        o.b("microsecond_rounding", t.microsecondRounding);
    });
}

TemporalBreakdown readTemporal(const Value &v)
{
    TemporalBreakdown t;
    t.spanStart = i64(v, "span_start");
    t.spanEnd = i64(v, "span_end");
    t.span = i64(v, "span");
    t.idle = i64(v, "idle");
    t.compute = i64(v, "compute");
    t.nonCompute = i64(v, "non_compute");
    t.communication = i64(v, "communication");
    t.overlap = i64(v, "overlap");
    t.idlePct = dbl(v, "idle_pct");
    t.computePct = dbl(v, "compute_pct");
    t.nonComputePct = dbl(v, "non_compute_pct");
    t.commCompOverlapPct = dbl(v, "comm_comp_overlap_pct");
    t.activities = std::size_t(u64(v, "activities"));
    t.streamEvents = std::size_t(u64(v, "stream_events"));
    t.definition = i64(v, "definition") == int(GpuTimeDefinition::Hta) ? GpuTimeDefinition::Hta : GpuTimeDefinition::Lanescope;
    t.lastStepExcluded = boolean(v, "last_step_excluded");
    t.microsecondRounding = boolean(v, "microsecond_rounding");
    return t;
}

} // namespace

std::string rankSummaryToJson(const RankSummary &s)
{
    rapidjson::StringBuffer buf;
    Writer w(buf);
    Out o(w);
    const RankFigures &f = s.figures;
    const AnalysisResult &a = f.analysis;
    o.obj(nullptr, [&] {
        o.i("lanescope_rank_summary", kRankSummaryVersion);
        o.s("path", f.path);
        o.i("rank", f.rank);
        o.b("rank_guessed", f.rankGuessed);
        o.i("trace_rank", s.traceRank);
        o.i("world_size", s.worldSize);
        o.s("backend", s.backend);
        o.s("pg_config", s.pgConfig);
        o.i("base_time_ns", s.baseTimeNs);
        o.i("min_ts_ns", s.minTs);
        o.u("events", s.events);
        o.b("truncated", s.truncated);
        o.u("truncated_at_byte", s.truncatedAtByte);
        o.obj("mfu_inputs", [&] {
            o.d("params", s.mfuInputs.params);
            o.d("tokens_per_step", s.mfuInputs.tokensPerStep);
            o.b("tokens_global", s.mfuInputs.tokensGlobal);
            o.d("peak_tflops", s.mfuInputs.peakTflops);
        });
        o.obj("figures", [&] {
            o.i("complete_steps", f.completeSteps);
            o.od("step_time_ns", f.stepTimeNs);
            o.i("gap_total_ns", f.gapTotalNs);
            o.i("gap_count", f.gapCount);
            o.i("exposed_comm_ns", f.exposedCommNs);
            o.od("tokens_per_s_per_gpu", f.tokensPerSPerGpu);
            o.od("achieved_tflops", f.achievedTflops);
            o.od("mfu_pct", f.mfuPct);
        });
        o.obj("analysis", [&] {
            o.arr("steps", [&] {
                for (const Step &st : a.steps)
                    o.obj(nullptr, [&] {
                        o.s("name", st.name);
                        o.i("number", st.number);
                        o.i("start", st.start);
                        o.i("dur", st.dur);
                        o.i("gpu_start", st.gpuStart);
                        o.i("gpu_dur", st.gpuDur);
                        o.i("track", st.track);
                        o.i("slice", st.slice);
                    });
            });
            o.i("analysed_from", a.analysed.from);
            o.i("analysed_to", a.analysed.to);
            writeTemporal(o, a.temporal);
            o.arr("gaps", [&] {
                for (const Gap &g : a.gaps)
                    o.obj(nullptr, [&] {
                        o.i("device", g.device);
                        o.i("stream", g.stream);
                        o.i("track", g.track);
                        o.i("start", g.start);
                        o.i("dur", g.dur);
                        o.s("before", g.before);
                        o.s("after", g.after);
                        o.s("gemm_before", g.gemmBefore);
                        o.s("gemm_after", g.gemmAfter);
                        o.b("between_gemms", g.betweenGemms);
                        o.i("cause", int(g.cause));
                        o.s("evidence", g.evidence);
                        o.s("collective", g.collective);
                        o.i("evidence_track", g.evidenceTrack);
                        o.i("evidence_slice", g.evidenceSlice);
                    });
            });
            o.obj("mfu", [&] {
                o.b("valid", a.mfu.valid);
                o.d("step_s", a.mfu.stepS);
                o.d("tokens_per_s_per_gpu", a.mfu.tokensPerSPerGpu);
                o.d("achieved_tflops", a.mfu.achievedTflops);
                o.d("peak_tflops", a.mfu.peakTflops);
                o.d("mfu_pct", a.mfu.mfuPct);
                o.s("gpu_name", a.mfu.gpuName);
                o.s("peak_source", a.mfu.peakSource);
                o.i("world_size", a.mfu.worldSize);
            });
            o.obj("memory", [&] {
                o.i("peak_allocated", a.memory.peakAllocated);
                o.i("peak_reserved", a.memory.peakReserved);
                o.i("malloc_calls", a.memory.mallocCalls);
                o.i("free_calls", a.memory.freeCalls);
                o.i("host_alloc_calls", a.memory.hostAllocCalls);
                o.i("alloc_events", a.memory.allocEvents);
                o.i("free_events", a.memory.freeEvents);
            });
            o.arr("advice", [&] {
                for (const Advice &ad : a.advice)
                    o.obj(nullptr, [&] {
                        o.s("id", ad.id);
                        o.s("title", ad.title);
                        o.s("evidence", ad.evidence);
                        o.i("where_from", ad.where.from);
                        o.i("where_to", ad.where.to);
                        o.i("explained_ns", ad.explainedNs);
                        o.d("step_s", ad.stepS);
                        o.d("projected_step_s", ad.projectedStepS);
                        o.d("mfu_pct", ad.mfuPct);
                        o.d("projected_mfu_pct", ad.projectedMfuPct);
                    });
            });
            o.arr("warnings", [&] {
                for (const QString &wn : a.warnings)
                    o.str(wn);
            });
            o.s("error", a.error);
        });
        o.arr("calls", [&] {
            for (const CollectiveCall &c : s.calls)
                o.obj(nullptr, [&] {
                    o.s("name", c.name);
                    o.s("group", c.group);
                    o.i("seq", c.seq);
                    o.i("step", c.step);
                    o.i("ordinal", c.ordinal);
                    o.i("start", c.start);
                    o.i("end", c.end);
                    o.b("gpu", c.onGpu);
                    o.i("track", c.track);
                    o.i("slice", c.slice);
                });
        });
    });
    return std::string(buf.GetString(), buf.GetSize());
}

bool rankSummaryFromJson(const QByteArray &json, RankSummary *out, QString *error)
{
    rapidjson::Document d;
    // Exact doubles: merge = analyze DIR. Bounded nesting: a hostile summary costs no stack.
    const BoundedParse parsed = parseBoundedJson<rapidjson::kParseFullPrecisionFlag>(d, json.constData(), std::size_t(json.size()));
    if (parsed.status == BoundedParse::Status::TooDeep) {
        *error = Text::tr("JSON nested deeper than %1 levels at byte %2: not a rank summary").arg(kMaxJsonDepth).arg(parsed.offset);
        return false;
    }
    if (!parsed.ok() || !d.IsObject()) {
        *error = Text::tr("not JSON, or not a JSON object");
        return false;
    }
    const auto version = d.FindMember("lanescope_rank_summary");
    if (version == d.MemberEnd() || !version->value.IsInt()) {
        *error = Text::tr("not a rank summary (analyze RANKFILE --summary writes one)");
        return false;
    }
    if (version->value.GetInt() != kRankSummaryVersion) {
        *error = Text::tr("a rank summary of version %1; this lanescope-cli reads version %2").arg(version->value.GetInt()).arg(kRankSummaryVersion);
        return false;
    }
    RankSummary s;
    RankFigures &f = s.figures;
    AnalysisResult &a = f.analysis;
    f.path = text(d, "path");
    f.rank = int(i64(d, "rank", -1));
    f.rankGuessed = boolean(d, "rank_guessed");
    s.traceRank = int(i64(d, "trace_rank", -1));
    s.worldSize = int(i64(d, "world_size", -1));
    s.backend = text(d, "backend");
    s.pgConfig = text(d, "pg_config");
    s.baseTimeNs = i64(d, "base_time_ns");
    s.minTs = i64(d, "min_ts_ns");
    s.events = u64(d, "events");
    s.truncated = boolean(d, "truncated");
    s.truncatedAtByte = u64(d, "truncated_at_byte");
    const Value &mi = member(d, "mfu_inputs", rapidjson::kObjectType);
    s.mfuInputs.params = dbl(mi, "params");
    s.mfuInputs.tokensPerStep = dbl(mi, "tokens_per_step");
    s.mfuInputs.tokensGlobal = boolean(mi, "tokens_global");
    s.mfuInputs.peakTflops = dbl(mi, "peak_tflops");
    const Value &fv = member(d, "figures", rapidjson::kObjectType);
    f.completeSteps = int(i64(fv, "complete_steps"));
    f.stepTimeNs = odbl(fv, "step_time_ns");
    f.gapTotalNs = i64(fv, "gap_total_ns");
    f.gapCount = int(i64(fv, "gap_count"));
    f.exposedCommNs = i64(fv, "exposed_comm_ns");
    f.tokensPerSPerGpu = odbl(fv, "tokens_per_s_per_gpu");
    f.achievedTflops = odbl(fv, "achieved_tflops");
    f.mfuPct = odbl(fv, "mfu_pct");

    const Value &av = member(d, "analysis", rapidjson::kObjectType);
    for (const Value &v : member(av, "steps", rapidjson::kArrayType).GetArray()) {
        if (!v.IsObject())
            continue;
        Step st;
        st.name = text(v, "name");
        st.number = int(i64(v, "number", -1));
        st.start = i64(v, "start");
        st.dur = i64(v, "dur");
        st.gpuStart = i64(v, "gpu_start");
        st.gpuDur = i64(v, "gpu_dur", -1);
        st.track = std::uint32_t(i64(v, "track"));
        st.slice = std::uint32_t(i64(v, "slice"));
        a.steps.push_back(st);
    }
    a.analysed = TimeRange{i64(av, "analysed_from"), i64(av, "analysed_to")};
    a.temporal = readTemporal(member(av, "temporal", rapidjson::kObjectType));
    for (const Value &v : member(av, "gaps", rapidjson::kArrayType).GetArray()) {
        if (!v.IsObject())
            continue;
        Gap g;
        g.device = int(i64(v, "device", -1));
        g.stream = i64(v, "stream");
        g.track = std::uint32_t(i64(v, "track"));
        g.start = i64(v, "start");
        g.dur = i64(v, "dur");
        g.before = text(v, "before");
        g.after = text(v, "after");
        g.gemmBefore = text(v, "gemm_before");
        g.gemmAfter = text(v, "gemm_after");
        g.betweenGemms = boolean(v, "between_gemms");
        const std::int64_t cause = i64(v, "cause", int(GapCause::Other));
        g.cause = cause >= 0 && cause <= int(GapCause::Other) ? GapCause(cause) : GapCause::Other;
        g.evidence = text(v, "evidence");
        g.collective = text(v, "collective");
        g.evidenceTrack = i64(v, "evidence_track", -1);
        g.evidenceSlice = std::uint32_t(i64(v, "evidence_slice"));
        a.gaps.push_back(std::move(g));
    }
    const Value &mv = member(av, "mfu", rapidjson::kObjectType);
    a.mfu.valid = boolean(mv, "valid");
    a.mfu.stepS = dbl(mv, "step_s");
    a.mfu.tokensPerSPerGpu = dbl(mv, "tokens_per_s_per_gpu");
    a.mfu.achievedTflops = dbl(mv, "achieved_tflops");
    a.mfu.peakTflops = dbl(mv, "peak_tflops");
    a.mfu.mfuPct = dbl(mv, "mfu_pct");
    a.mfu.gpuName = text(mv, "gpu_name");
    a.mfu.peakSource = text(mv, "peak_source");
    a.mfu.worldSize = int(i64(mv, "world_size", 1));
    const Value &me = member(av, "memory", rapidjson::kObjectType);
    a.memory.peakAllocated = i64(me, "peak_allocated", -1);
    a.memory.peakReserved = i64(me, "peak_reserved", -1);
    a.memory.mallocCalls = i64(me, "malloc_calls");
    a.memory.freeCalls = i64(me, "free_calls");
    a.memory.hostAllocCalls = i64(me, "host_alloc_calls");
    a.memory.allocEvents = i64(me, "alloc_events");
    a.memory.freeEvents = i64(me, "free_events");
    for (const Value &v : member(av, "advice", rapidjson::kArrayType).GetArray()) {
        if (!v.IsObject())
            continue;
        Advice ad;
        ad.id = text(v, "id");
        ad.title = text(v, "title");
        ad.evidence = text(v, "evidence");
        ad.where = TimeRange{i64(v, "where_from"), i64(v, "where_to")};
        ad.explainedNs = i64(v, "explained_ns");
        ad.stepS = dbl(v, "step_s");
        ad.projectedStepS = dbl(v, "projected_step_s");
        ad.mfuPct = dbl(v, "mfu_pct");
        ad.projectedMfuPct = dbl(v, "projected_mfu_pct");
        a.advice.push_back(std::move(ad));
    }
    for (const Value &v : member(av, "warnings", rapidjson::kArrayType).GetArray())
        if (v.IsString())
            a.warnings << QString::fromUtf8(v.GetString(), int(v.GetStringLength()));
    a.error = text(av, "error");

    for (const Value &v : member(d, "calls", rapidjson::kArrayType).GetArray()) {
        if (!v.IsObject())
            continue;
        CollectiveCall c;
        c.name = text(v, "name");
        c.group = text(v, "group");
        c.seq = i64(v, "seq", -1);
        c.step = int(i64(v, "step", -1));
        c.ordinal = int(i64(v, "ordinal"));
        c.start = i64(v, "start");
        c.end = i64(v, "end");
        c.onGpu = boolean(v, "gpu");
        c.track = std::uint32_t(i64(v, "track"));
        c.slice = std::uint32_t(i64(v, "slice"));
        s.calls.push_back(std::move(c));
    }
    if (f.path.isEmpty()) {
        *error = Text::tr("a rank summary without the path of its trace");
        return false;
    }
    *out = std::move(s);
    return true;
}

} // namespace lanescope::analysis
