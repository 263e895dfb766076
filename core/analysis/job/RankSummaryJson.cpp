// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/job/RankSummaryJson.h"
#include "core/util/BoundedJson.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <climits>
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <map>
#include <tuple>

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

// Reading: checked against the schema rankSummaryToJson writes. A member left out reads as its
// default (the writer leaves none out; a summary made by hand may); one present with another type,
// or a number its field cannot hold (a rank of 2^32 + 1 is not rank 1), makes the whole summary
// unreadable, and the first such member is named: "figures: not an object",
// "analysis.gaps[3].start: not an integer". Doubles may be null: the writer's non-finite numbers.
class In
{
public:
    // A JSON object and where it is in the summary ("analysis.gaps[3]."), for messages.
    struct Obj
    {
        const Value &v;
        QString at;
    };

    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }

    std::int64_t i64(const Obj &o, const char *k, std::int64_t fallback = 0, std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX)
    {
        const Value *v = find(o, k);
        if (!v)
            return fallback;
        if (!v->IsInt64() && !v->IsUint64()) {
            fail(o, k, Text::tr("not an integer"));
            return fallback;
        }
        if (!v->IsInt64() || v->GetInt64() < min || v->GetInt64() > max) {
            fail(o, k, Text::tr("%1 is out of range (%2 to %3)").arg(numberText(*v)).arg(min).arg(max));
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
            fail(o, k, v->IsInt64() ? Text::tr("%1 is out of range (0 or more)").arg(v->GetInt64()) : Text::tr("not an integer"));
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
            fail(o, k, Text::tr("not a number"));
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
            fail(o, k, Text::tr("not a number or null"));
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
            fail(o, k, Text::tr("not true or false"));
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
            fail(o, k, Text::tr("not a string"));
            return QString();
        }
        return QString::fromUtf8(v->GetString(), int(v->GetStringLength()));
    }
    Obj object(const Obj &o, const char *k)
    {
        static const Value empty(rapidjson::kObjectType);
        const Value *v = find(o, k);
        if (v && !v->IsObject())
            fail(o, k, Text::tr("not an object"));
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
                m_error = Text::tr("%1: not an object").arg(at);
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
                m_error = Text::tr("%1%2[%3]: not a string").arg(o.at, QLatin1String(k)).arg(i);
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
            fail(o, k, Text::tr("not a list"));
            return nullptr;
        }
        return v;
    }
    // Keeps the first problem: the one a person fixes first.
    bool inRange(const Obj &o, const char *k, double d, Range r)
    {
        if (std::isfinite(d) && d >= r.min && d <= r.max)
            return true;
        fail(o, k, Text::tr("%1 is out of range (%2 to %3)").arg(d, 0, 'g', 6).arg(r.min, 0, 'g', 6).arg(r.max, 0, 'g', 6));
        return false;
    }
    void fail(const Obj &o, const char *k, const QString &why)
    {
        if (m_error.isEmpty())
            m_error = Text::tr("%1: %2").arg(o.at + QLatin1String(k), why);
    }

    QString m_error;
};

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

TemporalBreakdown readTemporal(In &in, const In::Obj &v)
{
    TemporalBreakdown t;
    t.spanStart = in.i64(v, "span_start");
    t.spanEnd = in.i64(v, "span_end");
    t.span = in.i64(v, "span", 0, 0, kMaxNsInt);
    t.idle = in.i64(v, "idle", 0, 0, kMaxNsInt);
    t.compute = in.i64(v, "compute", 0, 0, kMaxNsInt);
    t.nonCompute = in.i64(v, "non_compute", 0, 0, kMaxNsInt);
    t.communication = in.i64(v, "communication", 0, 0, kMaxNsInt);
    t.overlap = in.i64(v, "overlap", 0, 0, kMaxNsInt);
    t.idlePct = in.dbl(v, "idle_pct", kShare);
    t.computePct = in.dbl(v, "compute_pct", kShare);
    t.nonComputePct = in.dbl(v, "non_compute_pct", kShare);
    t.commCompOverlapPct = in.dbl(v, "comm_comp_overlap_pct", kShare);
    t.activities = std::size_t(in.u64(v, "activities"));
    t.streamEvents = std::size_t(in.u64(v, "stream_events"));
    t.definition = in.i64(v, "definition", 0, 0, 1) == int(GpuTimeDefinition::Hta) ? GpuTimeDefinition::Hta : GpuTimeDefinition::Lanescope;
    t.lastStepExcluded = in.boolean(v, "last_step_excluded");
    t.microsecondRounding = in.boolean(v, "microsecond_rounding");
    return t;
}

// The idle breakdown, launch statistics and queue lengths (IdleBreakdown.h, LaunchStats.h,
// QueueLength.h): what analyze DIR prints per rank.
void writeLaunch(Out &o, const AnalysisResult &a)
{
    o.obj("launch", [&] {
        o.arr("idle", [&] {
            for (const StreamIdle &si : a.idleBreakdown.streams)
                o.obj(nullptr, [&] {
                    o.i("device", si.device);
                    o.i("stream", si.stream);
                    o.b("computes", si.computes);
                    o.i("idle", si.idle);
                    o.i("host_wait", si.hostWait);
                    o.i("kernel_wait", si.kernelWait);
                    o.i("other", si.other);
                    o.i("gaps", si.gaps);
                });
        });
        o.i("idle_total", a.idleBreakdown.idle);
        o.i("host_wait_total", a.idleBreakdown.hostWait);
        o.i("compute_idle_total", a.idleBreakdown.computeIdle);
        o.i("compute_host_wait_total", a.idleBreakdown.computeHostWait);
        const LaunchStats &l = a.launchStats;
        o.i("launches", l.launches);
        o.i("graph_launches", l.graphLaunches);
        o.i("graph_kernels", l.graphKernels);
        o.i("gpu_shorter_than_cpu", l.gpuShorterThanCpu);
        o.i("runtime_outliers", l.runtimeOutliers);
        o.i("delay_outliers", l.delayOutliers);
        o.od("median_delay_ns", l.medianDelayNs);
        o.od("p95_delay_ns", l.p95DelayNs);
        o.od("median_gpu_ns", l.medianGpuNs);
        o.od("median_cpu_ns", l.medianCpuNs);
        o.arr("worst", [&] {
            for (const Launch &w : l.worst)
                o.obj(nullptr, [&] {
                    o.i("track", w.track);
                    o.i("slice", w.slice);
                    o.i("call_track", w.callTrack);
                    o.i("call_slice", w.callSlice);
                    o.i("start", w.start);
                    o.i("cpu_dur", w.cpuDur);
                    o.i("gpu_dur", w.gpuDur);
                    o.i("delay", w.delay);
                    o.s("name", w.name);
                });
        });
        o.arr("queue", [&] {
            for (const StreamQueue &q : a.queueLengths)
                o.obj(nullptr, [&] {
                    o.i("device", q.device);
                    o.i("stream", q.stream);
                    o.i("count", q.count);
                    o.d("mean", q.mean);
                    o.i("max", q.max);
                    o.i("full", q.fullNs);
                    o.i("empty", q.emptyNs);
                    o.i("span", q.spanNs);
                });
        });
    });
}

void readLaunch(In &in, const In::Obj &v, AnalysisResult *a)
{
    for (const In::Obj &e : in.objects(v, "idle")) {
        StreamIdle si;
        si.device = in.i32(e, "device", -1, -1);
        si.stream = in.i64(e, "stream", -1);
        si.computes = in.boolean(e, "computes");
        si.idle = in.i64(e, "idle");
        si.hostWait = in.i64(e, "host_wait");
        si.kernelWait = in.i64(e, "kernel_wait");
        si.other = in.i64(e, "other");
        si.gaps = in.i64(e, "gaps", 0, 0);
        a->idleBreakdown.streams.push_back(si);
    }
    a->idleBreakdown.idle = in.i64(v, "idle_total");
    a->idleBreakdown.hostWait = in.i64(v, "host_wait_total");
    a->idleBreakdown.computeIdle = in.i64(v, "compute_idle_total");
    a->idleBreakdown.computeHostWait = in.i64(v, "compute_host_wait_total");
    LaunchStats &l = a->launchStats;
    l.launches = in.i64(v, "launches", 0, 0);
    l.graphLaunches = in.i64(v, "graph_launches", 0, 0); // 0 in a summary written before graphs counted
    l.graphKernels = in.i64(v, "graph_kernels", 0, 0);
    l.gpuShorterThanCpu = in.i64(v, "gpu_shorter_than_cpu", 0, 0);
    l.runtimeOutliers = in.i64(v, "runtime_outliers", 0, 0);
    l.delayOutliers = in.i64(v, "delay_outliers", 0, 0);
    l.medianDelayNs = in.odbl(v, "median_delay_ns", kSignedNs);
    l.p95DelayNs = in.odbl(v, "p95_delay_ns", kSignedNs);
    l.medianGpuNs = in.odbl(v, "median_gpu_ns", kSignedNs);
    l.medianCpuNs = in.odbl(v, "median_cpu_ns", kSignedNs);
    for (const In::Obj &e : in.objects(v, "worst")) {
        Launch w;
        w.track = in.u32(e, "track");
        w.slice = in.u32(e, "slice");
        w.callTrack = in.u32(e, "call_track");
        w.callSlice = in.u32(e, "call_slice");
        w.start = in.i64(e, "start");
        w.cpuDur = in.i64(e, "cpu_dur");
        w.gpuDur = in.i64(e, "gpu_dur");
        w.delay = in.i64(e, "delay");
        w.name = in.text(e, "name");
        l.worst.push_back(std::move(w));
    }
    for (const In::Obj &e : in.objects(v, "queue")) {
        StreamQueue q;
        q.device = in.i32(e, "device", -1, -1);
        q.stream = in.i64(e, "stream", -1);
        q.count = in.i64(e, "count", 0, 0);
        q.mean = in.dbl(e, "mean", kQueue);
        q.max = in.i32(e, "max");
        q.fullNs = in.i64(e, "full");
        q.emptyNs = in.i64(e, "empty");
        q.spanNs = in.i64(e, "span");
        a->queueLengths.push_back(q);
    }
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
            writeLaunch(o, a);
            // The critical path's figures (not its segments: a summary holds no timeline).
            o.obj("critical_path", [&] {
                const CriticalPath &cp = a.criticalPath;
                o.b("valid", cp.valid);
                o.b("median_step", cp.medianStep);
                o.s("step_name", cp.step.name);
                o.i("step_number", cp.step.number);
                o.i("step_start", cp.step.start);
                o.i("step_dur", cp.step.dur);
                o.i("length_ns", cp.lengthNs);
                for (int k = 0; k < kPathParts; ++k)
                    o.i(pathPartName(PathPart(k)), cp.partsNs[std::size_t(k)]);
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
                        o.b("projection_replayed", ad.projectionReplayed);
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
                    o.i("bytes", c.bytes);
                    o.i("group_size", c.groupSize);
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
    In in;
    const In::Obj root{d, QString()};
    RankSummary s;
    RankFigures &f = s.figures;
    AnalysisResult &a = f.analysis;
    f.path = in.text(root, "path");
    f.rank = in.i32(root, "rank", -1, -1);
    f.rankGuessed = in.boolean(root, "rank_guessed");
    s.traceRank = in.i32(root, "trace_rank", -1, -1);
    s.worldSize = in.i32(root, "world_size", -1, -1);
    s.backend = in.text(root, "backend");
    s.pgConfig = in.text(root, "pg_config");
    s.baseTimeNs = in.i64(root, "base_time_ns");
    s.minTs = in.i64(root, "min_ts_ns");
    s.events = in.u64(root, "events");
    s.truncated = in.boolean(root, "truncated");
    s.truncatedAtByte = in.u64(root, "truncated_at_byte");
    const In::Obj mi = in.object(root, "mfu_inputs");
    s.mfuInputs.params = in.dbl(mi, "params", kRate);
    s.mfuInputs.tokensPerStep = in.dbl(mi, "tokens_per_step", kRate);
    s.mfuInputs.tokensGlobal = in.boolean(mi, "tokens_global");
    s.mfuInputs.peakTflops = in.dbl(mi, "peak_tflops", kTflops);
    const In::Obj fv = in.object(root, "figures");
    f.completeSteps = in.i32(fv, "complete_steps", 0, 0);
    f.stepTimeNs = in.odbl(fv, "step_time_ns", kNs);
    f.gapTotalNs = in.i64(fv, "gap_total_ns", 0, 0, kMaxNsInt);
    f.gapCount = in.i32(fv, "gap_count", 0, 0);
    f.exposedCommNs = in.i64(fv, "exposed_comm_ns", 0, 0, kMaxNsInt);
    f.tokensPerSPerGpu = in.odbl(fv, "tokens_per_s_per_gpu", kRate);
    f.achievedTflops = in.odbl(fv, "achieved_tflops", kTflops);
    f.mfuPct = in.odbl(fv, "mfu_pct", kMfuPct);

    const In::Obj av = in.object(root, "analysis");
    for (const In::Obj &v : in.objects(av, "steps")) {
        Step st;
        st.name = in.text(v, "name");
        st.number = in.i32(v, "number", -1);
        st.start = in.i64(v, "start");
        st.dur = in.i64(v, "dur");
        st.gpuStart = in.i64(v, "gpu_start");
        st.gpuDur = in.i64(v, "gpu_dur", -1);
        st.track = in.u32(v, "track");
        st.slice = in.u32(v, "slice");
        a.steps.push_back(st);
    }
    a.analysed = TimeRange{in.i64(av, "analysed_from"), in.i64(av, "analysed_to")};
    a.temporal = readTemporal(in, in.object(av, "temporal"));
    for (const In::Obj &v : in.objects(av, "gaps")) {
        Gap g;
        g.device = in.i32(v, "device", -1);
        g.stream = in.i64(v, "stream");
        g.track = in.u32(v, "track");
        g.start = in.i64(v, "start");
        g.dur = in.i64(v, "dur");
        g.before = in.text(v, "before");
        g.after = in.text(v, "after");
        g.gemmBefore = in.text(v, "gemm_before");
        g.gemmAfter = in.text(v, "gemm_after");
        g.betweenGemms = in.boolean(v, "between_gemms");
        g.cause = GapCause(in.i64(v, "cause", int(GapCause::Other), 0, int(GapCause::Other)));
        g.evidence = in.text(v, "evidence");
        g.collective = in.text(v, "collective");
        g.evidenceTrack = in.i64(v, "evidence_track", -1);
        g.evidenceSlice = in.u32(v, "evidence_slice");
        a.gaps.push_back(std::move(g));
    }
    const In::Obj mv = in.object(av, "mfu");
    a.mfu.valid = in.boolean(mv, "valid");
    a.mfu.stepS = in.dbl(mv, "step_s", kSeconds);
    a.mfu.tokensPerSPerGpu = in.dbl(mv, "tokens_per_s_per_gpu", kRate);
    a.mfu.achievedTflops = in.dbl(mv, "achieved_tflops", kTflops);
    a.mfu.peakTflops = in.dbl(mv, "peak_tflops", kTflops);
    a.mfu.mfuPct = in.dbl(mv, "mfu_pct", kMfuPct);
    a.mfu.gpuName = in.text(mv, "gpu_name");
    a.mfu.peakSource = in.text(mv, "peak_source");
    a.mfu.worldSize = in.i32(mv, "world_size", 1);
    const In::Obj me = in.object(av, "memory");
    a.memory.peakAllocated = in.i64(me, "peak_allocated", -1);
    a.memory.peakReserved = in.i64(me, "peak_reserved", -1);
    a.memory.mallocCalls = in.i64(me, "malloc_calls");
    a.memory.freeCalls = in.i64(me, "free_calls");
    a.memory.hostAllocCalls = in.i64(me, "host_alloc_calls");
    a.memory.allocEvents = in.i64(me, "alloc_events");
    a.memory.freeEvents = in.i64(me, "free_events");
    readLaunch(in, in.object(av, "launch"), &a);
    {
        const In::Obj cv = in.object(av, "critical_path");
        CriticalPath &cp = a.criticalPath;
        cp.valid = in.boolean(cv, "valid");
        cp.medianStep = in.boolean(cv, "median_step");
        cp.step.name = in.text(cv, "step_name");
        cp.step.number = in.i32(cv, "step_number", -1);
        cp.step.start = in.i64(cv, "step_start");
        cp.step.dur = in.i64(cv, "step_dur", 0, 0);
        cp.lengthNs = in.i64(cv, "length_ns", 0, 0);
        TimeNs sum = 0;
        for (int k = 0; k < kPathParts; ++k) {
            cp.partsNs[std::size_t(k)] = in.i64(cv, pathPartName(PathPart(k)), 0, 0, cp.lengthNs);
            sum += cp.partsNs[std::size_t(k)];
        }
        if (sum != cp.lengthNs) // parts that do not add up are not a path
            cp = CriticalPath{};
    }
    for (const In::Obj &v : in.objects(av, "advice")) {
        Advice ad;
        ad.id = in.text(v, "id");
        ad.title = in.text(v, "title");
        ad.evidence = in.text(v, "evidence");
        ad.where = TimeRange{in.i64(v, "where_from"), in.i64(v, "where_to")};
        ad.explainedNs = in.i64(v, "explained_ns");
        ad.stepS = in.dbl(v, "step_s", kSeconds);
        ad.projectedStepS = in.dbl(v, "projected_step_s", kSeconds);
        ad.mfuPct = in.dbl(v, "mfu_pct", kMfuPct);
        ad.projectedMfuPct = in.dbl(v, "projected_mfu_pct", kMfuPct);
        ad.projectionReplayed = in.boolean(v, "projection_replayed"); // false in a summary written before it
        a.advice.push_back(std::move(ad));
    }
    a.warnings = in.strings(av, "warnings");
    a.error = in.text(av, "error");

    for (const In::Obj &v : in.objects(root, "calls")) {
        CollectiveCall c;
        c.name = in.text(v, "name");
        c.group = in.text(v, "group");
        c.seq = in.i64(v, "seq", -1);
        c.step = in.i32(v, "step", -1);
        c.ordinal = in.i32(v, "ordinal");
        c.start = in.i64(v, "start");
        c.end = in.i64(v, "end");
        c.onGpu = in.boolean(v, "gpu");
        c.track = in.u32(v, "track");
        c.slice = in.u32(v, "slice");
        // Absent from summaries written before the job's transfer/skew split: unknown.
        c.bytes = in.i64(v, "bytes", -1, -1);
        c.groupSize = in.i32(v, "group_size", -1, -1);
        s.calls.push_back(std::move(c));
    }
    if (in.failed()) {
        *error = Text::tr("member %1").arg(in.error());
        return false;
    }
    if (f.path.isEmpty()) {
        *error = Text::tr("a rank summary without the path of its trace");
        return false;
    }
    *out = std::move(s);
    return true;
}

QString repeatedRankSummary(const QStringList &files, const std::vector<RankSummary> &summaries)
{
    std::map<QString, int> byFile;
    // Not the path: a copy of one rank's trace under another name is that rank again.
    using TraceKey = std::tuple<int, std::int64_t, TimeNs, std::uint64_t, std::size_t>;
    std::map<TraceKey, int> byTrace;
    const int n = std::min(int(files.size()), int(summaries.size()));
    for (int k = 0; k < n; ++k) {
        const QFileInfo fi(files.at(k));
        const QString file = fi.canonicalFilePath().isEmpty() ? fi.absoluteFilePath() : fi.canonicalFilePath();
        if (const auto [it, added] = byFile.emplace(file, k); !added)
            return Text::tr("%1 and %2 are the same file: each rank's summary is given once").arg(files.at(it->second), files.at(k));
        const RankSummary &s = summaries[std::size_t(k)];
        const TraceKey key{s.traceRank, s.baseTimeNs, s.minTs, s.events, s.calls.size()};
        if (const auto [it, added] = byTrace.emplace(key, k); !added)
            return Text::tr("%1 and %2 summarise one trace (%3, rank %4): each rank's summary is given once")
                .arg(files.at(it->second), files.at(k), s.figures.path)
                .arg(s.traceRank);
    }
    return QString();
}

} // namespace lanescope::analysis
