// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/annotations/Findings.h"

#include "core/analysis/text/FigureText.h"
#include "core/analysis/run/KernelClass.h"
#include "core/annotations/LaneKey.h"

#include <algorithm>
#include <cmath>

namespace lanescope::annotations {

namespace {

// Three significant digits: 0, 1 or 2 decimals by magnitude.
int threeDigits(double v)
{
    const double a = std::abs(v);
    return a >= 100 ? 0 : a >= 10 ? 1 : 2;
}

} // namespace

QString Findings::formatDuration(TimeNs ns)
{
    using analysis::figure::TimeUnit;
    const double v = double(ns);
    if (std::abs(v) >= 1e9)
        return analysis::figure::duration(v, TimeUnit::S, threeDigits(v / 1e9));
    if (std::abs(v) >= 1e6)
        return analysis::figure::duration(v, TimeUnit::Ms, threeDigits(v / 1e6));
    if (std::abs(v) >= 1e3)
        return analysis::figure::duration(v, TimeUnit::Us, threeDigits(v / 1e3));
    return analysis::figure::duration(v, TimeUnit::Ns, 0);
}

QString Findings::formatBytes(std::int64_t bytes) { return analysis::figure::bytesTick(double(bytes)); }

Color Findings::colorOf(analysis::GapCause cause)
{
    using analysis::GapCause;
    switch (cause) {
    case GapCause::CommWait: return Color::Blue;
    case GapCause::HostLaunch: return Color::Orange;
    case GapCause::Allocator: return Color::Purple;
    case GapCause::Sync: return Color::Red;
    case GapCause::DataLoader: return Color::Green;
    case GapCause::Other: return Color::Grey;
    }
    return Color::Grey;
}

QString Findings::gapText(const Trace &trace, const analysis::Gap &g)
{
    using analysis::GapCause;
    const QString len = formatDuration(g.dur);
    const bool hasEvidence = g.evidenceTrack >= 0 && std::size_t(g.evidenceTrack) < trace.tracks.size()
        && g.evidenceSlice < trace.tracks[std::size_t(g.evidenceTrack)].size();
    const Track *ev = hasEvidence ? &trace.tracks[std::size_t(g.evidenceTrack)] : nullptr;
    switch (g.cause) {
    case GapCause::CommWait: {
        const QString what = g.collective.isEmpty() ? tr("a collective") : g.collective;
        return ev ? tr("%1 idle: waiting for %2 (stream %3)").arg(len, what).arg(ev->streamId())
                  : tr("%1 idle: waiting for %2").arg(len, what);
    }
    case GapCause::HostLaunch: return tr("%1 idle: the CPU launched the next kernel late").arg(len);
    case GapCause::Allocator: return tr("%1 idle: allocator calls (cudaMalloc / cudaFree)").arg(len);
    case GapCause::Sync:
        return ev ? tr("%1 idle: the CPU synchronised (%2)").arg(len, trace.name(ev->nameId[g.evidenceSlice]).left(60))
                  : tr("%1 idle: the CPU synchronised").arg(len);
    case GapCause::DataLoader: return tr("%1 idle: waiting for the data loader").arg(len);
    case GapCause::Other: return tr("%1 idle: no cause in the trace").arg(len);
    }
    return tr("%1 idle").arg(len);
}

namespace {

// The first ':' (or a full-width one, as a translation may use) of text; -1 when none.
int colonOf(const QString &text)
{
    const int a = text.indexOf(QLatin1Char(':')), b = text.indexOf(QChar(0xFF1A));
    return a < 0 ? b : b < 0 ? a : std::min(a, b);
}

constexpr int kSummaryTails = 6; // a summary of ranges lists this many of their figures, then "…"

} // namespace

QString Findings::gapGroupKey(const Annotation &gap)
{
    const QString dur = formatDuration(std::abs(gap.b.t - gap.a.t));
    const int i = gap.text.indexOf(dur);
    return i < 0 ? gap.text : gap.text.left(i) + QChar(0x1F) + gap.text.mid(i + dur.size());
}

QString Findings::gapSummary(const Annotation &like, int count, TimeNs shortest, TimeNs total)
{
    const QString dur = formatDuration(std::abs(like.b.t - like.a.t));
    const int i = like.text.indexOf(dur);
    if (i < 0)
        return tr("%n gaps, %1 in all: %2", nullptr, count).arg(formatDuration(total), like.text);
    const QString pattern = like.text.left(i) + QStringLiteral("≥ ") + formatDuration(shortest) + like.text.mid(i + dur.size());
    return tr("%n gaps %1 (%2 in all)", nullptr, count).arg(pattern, formatDuration(total));
}

QString Findings::regionGroupKey(const Annotation &range)
{
    const int c = colonOf(range.text);
    return c < 0 ? range.text : range.text.left(c);
}

QString Findings::regionTail(const Annotation &range)
{
    const int c = colonOf(range.text);
    return c < 0 ? QString() : range.text.mid(c + 1).trimmed();
}

QString Findings::regionSummary(const QString &key, const QStringList &tails)
{
    QStringList shown = tails.mid(0, kSummaryTails);
    shown.removeAll(QString());
    if (tails.size() > kSummaryTails)
        shown << QStringLiteral("…");
    // "same region in pre (195 regions): 2.09 ms idle · …": the regions whose own label was left out.
    const int regions = int(tails.size());
    const QString count = (regions == 1 ? tr("%1 (%n region)", nullptr, regions) : tr("%1 (%n regions)", nullptr, regions)).arg(key);
    return shown.isEmpty() ? count : tr("%1: %2").arg(count, shown.join(QStringLiteral(" · ")));
}

QString Findings::spikeText(const analysis::MemorySpike &s)
{
    return tr("%1 allocated and freed within %2").arg(formatBytes(s.bytes), formatDuration(s.end - s.start));
}

Annotation Findings::forGap(const Trace &trace, const analysis::Gap &g)
{
    Annotation a;
    a.kind = Kind::Rect;
    a.finding = true;
    a.color = colorOf(g.cause);
    a.text = gapText(trace, g);
    const bool known = g.track < trace.tracks.size();
    const QString lane = known ? LaneKey::forTrack(trace.tracks[g.track]) : LaneKey::gpuStream(g.device, g.stream);
    const int rows = known ? int(trace.tracks[g.track].maxDepth) + 1 : 1;
    a.a = {g.start - trace.minTs, lane, 0};
    a.b = {g.end() - trace.minTs, lane, double(rows)};
    return a;
}

TimeNs Findings::idleIn(const Trace &trace, const Track &t, TimeNs from, TimeNs to)
{
    if (to <= from)
        return 0;
    // GPU activities only (kernels, copies, memsets): a gpu_user_annotation span ("ProfilerStep#2")
    // on the stream covers everything and is no work. A stream runs its activities one after
    // another, so of those starting before the window only the last one can reach into it.
    const auto active = [&](std::size_t i) {
        return t.catId[i] < trace.categoryClass.size() && analysis::isGpuActivity(trace.categoryClass[t.catId[i]]);
    };
    std::size_t i = std::size_t(std::lower_bound(t.start.begin(), t.start.end(), from) - t.start.begin());
    for (std::size_t k = i; k > 0; --k)
        if (active(k - 1)) {
            i = k - 1;
            break;
        }
    TimeNs covered = 0, reach = from;
    for (; i < t.size() && t.start[i] < to; ++i) {
        if (!active(i))
            continue;
        const TimeNs s0 = std::max(t.start[i], reach), e = std::min(t.end(i), to);
        if (e > s0) {
            covered += e - s0;
            reach = e;
        }
    }
    return (to - from) - covered;
}

Annotation Findings::sameRegion(const Trace &baseline, TimeNs baselineBase, const analysis::Gap &g, const Trace &other,
                                TimeNs otherBase, const QString &label)
{
    // Same axis time: axis = model - base, so the other run's model time is g.start - baselineBase + otherBase.
    const TimeNs from = g.start - baselineBase + otherBase, to = g.end() - baselineBase + otherBase;
    Annotation a;
    a.kind = Kind::Range;
    a.finding = true;
    a.color = Color::Grey;
    a.a = {from - other.minTs, QString(), 0};
    a.b = {to - other.minTs, QString(), 0};
    const QString lane = g.track < baseline.tracks.size() ? LaneKey::forTrack(baseline.tracks[g.track]) : LaneKey::gpuStream(g.device, g.stream);
    const auto same = std::find_if(other.tracks.begin(), other.tracks.end(), [&](const Track &t) { return LaneKey::forTrack(t) == lane; });
    const TimeNs idle = same == other.tracks.end() ? -1 : idleIn(other, *same, from, to);
    a.text = idle < 0    ? tr("same region in %1").arg(label)
             : idle == 0 ? tr("same region in %1: no idle").arg(label)
                         : tr("same region in %1: %2 idle").arg(label, formatDuration(idle));
    return a;
}

QString Findings::burstText(const analysis::AllocatorSpike &b)
{
    return tr("allocator: %1 cudaMalloc, %2 cudaFree, %3 on the CPU").arg(b.mallocs).arg(b.frees).arg(formatDuration(b.cpuTime));
}

Annotation Findings::forBurst(const Trace &trace, const MemorySeries &series, const analysis::AllocatorSpike &b)
{
    Annotation a;
    a.kind = Kind::Callout;
    a.finding = true;
    a.color = colorOf(analysis::GapCause::Allocator);
    a.text = burstText(b);
    // On the curve: the allocated total when the burst began.
    const auto &s = series.samples;
    auto it = std::upper_bound(s.begin(), s.end(), b.start, [](TimeNs t, const MemorySample &m) { return t < m.ts; });
    const std::int64_t allocated = it == s.begin() ? (s.empty() ? 0 : s.front().allocated) : std::prev(it)->allocated;
    a.a = {b.start - trace.minTs, LaneKey::memory(series.deviceId), double(allocated)};
    return a;
}

Annotation Findings::forSpike(const Trace &trace, int device, const analysis::MemorySpike &s)
{
    Annotation a;
    a.kind = Kind::Callout;
    a.finding = true;
    a.color = Color::Red;
    a.text = spikeText(s);
    a.a = {s.start - trace.minTs, LaneKey::memory(device), double(s.allocated)};
    return a;
}

std::vector<Annotation> Findings::annotate(const Trace &trace, const analysis::AnalysisResult &result,
                                           const FindingsOptions &options)
{
    std::vector<Annotation> out;
    const analysis::TimeRange &w = options.window;
    if (options.gaps)
        for (const analysis::Gap &g : result.gaps)
            if (w.empty() || (g.start < w.to && g.end() > w.from))
                out.push_back(forGap(trace, g));
    std::vector<std::pair<TimeNs, Annotation>> spikes;
    const MemorySeries *first = nullptr;
    for (const MemorySeries &m : trace.memory) {
        if (!isAcceleratorMemory(m.deviceType) || m.samples.empty())
            continue;
        if (!first)
            first = &m;
        if (options.memorySpikes)
            for (const analysis::MemorySpike &s : analysis::findMemorySpikes(m))
                if (w.empty() || w.contains(s.start))
                    spikes.emplace_back(s.start, forSpike(trace, m.deviceId, s));
    }
    if (options.allocatorBursts && first)
        for (const analysis::AllocatorSpike &b : result.memory.spikes)
            if (w.empty() || w.contains(b.start))
                spikes.emplace_back(b.start, forBurst(trace, *first, b));
    std::stable_sort(spikes.begin(), spikes.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    for (auto &s : spikes)
        out.push_back(std::move(s.second));
    return out;
}

} // namespace lanescope::annotations
