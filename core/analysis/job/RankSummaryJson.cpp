// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/job/RankSummaryJson.h"
#include "core/analysis/run/Measure.h"
#include "core/analysis/run/SummaryJson.h"
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

// The writer, reader and ranges of a summary (run/SummaryJson.h), which the measures write and
// read their parts with.
using summary::Writer;
using Out = summary::SummaryOut;
using In = summary::SummaryIn;
using summary::kMaxNsInt;
using summary::kMfuPct;
using summary::kNs;
using summary::kRate;
using summary::kTflops;

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
        // The analysis: what it was of, then each measure's own part (Measure::writeSummary), in
        // the measure catalogue's order.
        o.obj("analysis", [&] {
            o.i("analysed_from", a.analysed.from);
            o.i("analysed_to", a.analysed.to);
            for (const Measure *m : measureCatalogue().measures())
                if (m->writeSummary)
                    m->writeSummary(o, a);
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
    a.analysed = TimeRange{in.i64(av, "analysed_from"), in.i64(av, "analysed_to")};
    for (const Measure *m : measureCatalogue().measures())
        if (m->readSummary)
            m->readSummary(in, av, a);
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
