// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/gaps/Gaps.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/Format.h" // shortKernelName
#include "core/analysis/text/GapText.h"
#include "core/analysis/measures/summaries/OpSummary.h" // pythonCategories
#include "core/analysis/measures/source_lines/SourceLines.h"

#include <algorithm>
#include <limits>
#include <map>

namespace lanescope::analysis {

const char *gapCauseName(GapCause c)
{
    switch (c) {
    case GapCause::CommWait: return "comm_wait";
    case GapCause::HostLaunch: return "host_launch";
    case GapCause::Allocator: return "allocator";
    case GapCause::Sync: return "sync";
    case GapCause::DataLoader: return "dataloader";
    case GapCause::Other: return "other";
    }
    return "other";
}

namespace {

// The Python line that launched each call (a CPU lane and slice), the user's code where any (as
// myCodeOnly() folds, SourceLines.h); empty where no Python frame was open. One forward walk per
// lane with a stack of the open frames: a look back per gap would cross every slice under a frame
// open for the whole trace (a script's <module>) once per gap.
std::vector<QString> launchingLines(const Trace &t, const std::vector<SliceRef> &calls)
{
    std::vector<QString> out(calls.size());
    const std::vector<char> py = pythonCategories(t);
    std::vector<std::size_t> order(calls.size());
    for (std::size_t q = 0; q < order.size(); ++q)
        order[q] = q;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return calls[a].track != calls[b].track ? calls[a].track < calls[b].track : calls[a].slice < calls[b].slice;
    });
    std::map<StringId, std::optional<PythonFrameName>> names; // parsed once; module frames: none
    const auto frameOf = [&](StringId id) -> const std::optional<PythonFrameName> & {
        auto it = names.find(id);
        if (it == names.end()) {
            PythonFrameName f = parsePythonFrameName(t.strings.view(id));
            it = names.emplace(id, f.isModule ? std::nullopt : std::optional<PythonFrameName>(std::move(f))).first;
        }
        return it->second;
    };
    std::vector<std::uint32_t> open; // python_function slices open, outermost first
    std::size_t q = 0;
    while (q < order.size()) {
        const std::uint32_t k = calls[order[q]].track;
        if (k >= t.tracks.size()) {
            ++q;
            continue;
        }
        const Track &tr = t.tracks[k];
        open.clear();
        std::size_t i = 0;
        for (; q < order.size() && calls[order[q]].track == k; ++q) {
            const std::uint32_t call = calls[order[q]].slice;
            if (call >= tr.size())
                continue;
            for (; i < call; ++i) {
                const std::uint16_t c = tr.catId[i];
                if (c >= py.size() || !py[c] || !frameOf(tr.nameId[i]))
                    continue;
                while (!open.empty() && tr.end(open.back()) <= tr.start[i])
                    open.pop_back();
                open.push_back(std::uint32_t(i));
            }
            const TimeNs at = tr.start[call];
            while (!open.empty() && tr.end(open.back()) <= at)
                open.pop_back();
            if (open.empty())
                continue;
            std::uint32_t pick = open.front(); // no user frame: the stack's root, as myCodeOnly() keeps it
            for (std::size_t j = open.size(); j-- > 0;)
                if (frameOrigin(frameOf(tr.nameId[open[j]])->file) == FrameOrigin::User) {
                    pick = open[j];
                    break;
                }
            const PythonFrameName &f = *frameOf(tr.nameId[pick]);
            out[order[q]] = f.file.isEmpty() ? f.function : QStringLiteral("%1:%2 %3").arg(f.file).arg(f.line).arg(f.function);
        }
    }
    return out;
}

struct CommKernel
{
    TimeNs start, end;
    std::uint32_t track, slice;
};

// NCCL kernels per device, sorted by end: "which collective ended just before this gap closed".
std::map<int, std::vector<CommKernel>> commKernelsByDevice(const detail::EvidenceIndex &ix)
{
    std::map<int, std::vector<CommKernel>> out;
    const Trace &t = ix.trace;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i)
            if (isGpuActivity(ix.categoryOf(tr, i))
                && ix.classes.ofName(tr.nameId[i], ix.categoryOf(tr, i)) == KernelClass::Communication)
                out[tr.device].push_back(CommKernel{tr.start[i], tr.end(i), k, std::uint32_t(i)});
    }
    for (auto &kv : out)
        std::sort(kv.second.begin(), kv.second.end(), [](const CommKernel &a, const CommKernel &b) { return a.end < b.end; });
    return out;
}

bool isComputeStream(const detail::EvidenceIndex &ix, const Track &tr)
{
    TimeNs compute = 0, comm = 0;
    bool any = false;
    for (std::size_t i = 0; i < tr.size(); ++i) {
        const CategoryClass cc = ix.categoryOf(tr, i);
        if (!isGpuActivity(cc))
            continue;
        const KernelClass c = ix.classes.ofName(tr.nameId[i], cc);
        if (isCompute(c)) {
            compute += tr.dur[i];
            any = true;
        } else if (c == KernelClass::Communication) {
            comm += tr.dur[i];
        }
    }
    return any && compute >= comm;
}

// Whether a GPU activity computes, by the definition compute idle uses (computeIntervals, HTA's
// computation kernels), so that a gap never counts time the compute idle figure does not.
bool countsAsCompute(const detail::EvidenceIndex &ix, const Track &tr, std::size_t i, KernelClass c)
{
    return htaKernelType(c, ix.trace.strings.view(tr.nameId[i])) == HtaKernelType::Computation;
}

// A stretch in which a device computes without a break: its compute kernels on every stream,
// merged. The kernel that ends it is what ran before the idle time after it.
struct BusyRun
{
    TimeNs from = 0, to = 0;
    std::uint32_t track = 0, slice = 0; // the kernel that ends last
    bool gemm = false;                  // that kernel is a GEMM
};

std::map<int, std::vector<BusyRun>> computeBusyByDevice(const detail::EvidenceIndex &ix)
{
    const Trace &t = ix.trace;
    std::map<int, std::vector<BusyRun>> kernels;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const CategoryClass cc = ix.categoryOf(tr, i);
            if (!isGpuActivity(cc))
                continue;
            const KernelClass c = ix.classes.ofName(tr.nameId[i], cc);
            if (countsAsCompute(ix, tr, i, c))
                kernels[tr.device].push_back(BusyRun{tr.start[i], tr.end(i), k, std::uint32_t(i), c == KernelClass::Gemm});
        }
    }
    std::map<int, std::vector<BusyRun>> out;
    for (auto &[device, v] : kernels) {
        std::sort(v.begin(), v.end(), [](const BusyRun &a, const BusyRun &b) { return a.from < b.from; });
        std::vector<BusyRun> &runs = out[device];
        for (const BusyRun &r : v) {
            if (!runs.empty() && r.from <= runs.back().to) {
                if (r.to > runs.back().to) {
                    runs.back().to = r.to;
                    runs.back().track = r.track;
                    runs.back().slice = r.slice;
                    runs.back().gemm = r.gemm;
                }
            } else {
                runs.push_back(r);
            }
        }
    }
    return out;
}

void explain(const detail::EvidenceIndex &ix, const std::vector<CommKernel> *comms, const Track &gpu,
             std::uint32_t afterSlice, Gap &g)
{
    const Trace &t = ix.trace;
    const TimeNs gs = g.start, ge = g.end();

    // 1. Waiting on communication: a collective on another stream of this device was running in
    //    the gap and the next kernel started as soon as it ended.
    if (comms) {
        auto it = std::lower_bound(comms->begin(), comms->end(), ge - kCommWaitSlackNs,
                                   [](const CommKernel &c, TimeNs v) { return c.end < v; });
        // Several collectives can end in that window (FSDP's backward runs a ReduceScatter beside
        // the next AllGather): the stream waited for the one that ended last, right before it
        // resumed; on a tie, the one that covered more of the gap.
        const CommKernel *best = nullptr;
        TimeNs bestCover = 0;
        for (; it != comms->end() && it->end <= ge; ++it) {
            if (it->end <= gs || t.tracks[it->track].tid == gpu.tid)
                continue;
            const TimeNs cover = it->end - std::max(it->start, gs);
            if (!best || it->end > best->end || (it->end == best->end && cover > bestCover)) {
                bestCover = cover;
                best = &*it;
            }
        }
        if (best) {
            const Track &ct = t.tracks[best->track];
            const std::string_view kname = t.strings.view(ct.nameId[best->slice]);
            g.cause = GapCause::CommWait;
            g.collective = QString::fromUtf8(collectiveName(kname).data(), int(collectiveName(kname).size()));
            g.evidence = gapText::commWait(g.collective, shortKernelName(kname), ct.streamId(), best->end - std::max(best->start, gs),
                                           ge - best->end);
            g.evidenceTrack = best->track;
            g.evidenceSlice = best->slice;
            return;
        }
    }

    // 2. The data loader: the main thread was fetching the next batch during the gap, across a step
    //    boundary or for most of the gap.
    {
        const detail::CpuSpan *hit = nullptr;
        TimeNs overlap = 0;
        ix.dataLoader.overlapping(gs, ge, [&](const detail::CpuSpan &s) {
            const TimeNs o = std::min(s.end, ge) - std::max(s.start, gs);
            if (o > overlap) {
                overlap = o;
                hit = &s;
            }
        });
        bool spansStep = false;
        QString stepName;
        for (const Step &s : ix.steps)
            if (s.start > gs && s.start < ge) {
                spansStep = true;
                stepName = s.name;
                break;
            }
        if (hit && (overlap * 4 >= g.dur || spansStep)) {
            g.cause = GapCause::DataLoader;
            g.evidence = gapText::dataLoader(t.name(hit->name), overlap, spansStep, stepName);
            g.evidenceTrack = hit->track;
            g.evidenceSlice = hit->slice;
            return;
        }
    }

    // 3. The caching allocator went to the driver (cudaFree synchronises the device).
    {
        int mallocs = 0, frees = 0, hosts = 0;
        TimeNs busy = 0;
        const detail::CpuSpan *first = nullptr;
        ix.allocator.overlapping(gs, ge, [&](const detail::CpuSpan &s) {
            switch (ix.callKind[s.name]) {
            case detail::CallKind::Malloc: ++mallocs; break;
            case detail::CallKind::Free: ++frees; break;
            default: ++hosts; break;
            }
            busy += std::min(s.end, ge) - std::max(s.start, gs);
            if (!first)
                first = &s;
        });
        if (first) {
            g.cause = GapCause::Allocator;
            g.evidence = gapText::allocator(mallocs, frees, hosts, busy);
            g.evidenceTrack = first->track;
            g.evidenceSlice = first->slice;
            return;
        }
    }

    // 4. A synchronisation drained the queue: the CPU waited for the GPU and then had to refill it.
    {
        const detail::CpuSpan *hit = nullptr;
        ix.sync.overlapping(gs, ge, [&](const detail::CpuSpan &s) {
            if (!hit || s.end - s.start > hit->end - hit->start)
                hit = &s;
        });
        if (hit) {
            g.cause = GapCause::Sync;
            g.evidence = gapText::sync(t.name(hit->name), hit->end - hit->start, std::max<TimeNs>(0, hit->end - gs));
            g.evidenceTrack = hit->track;
            g.evidenceSlice = hit->slice;
            return;
        }
    }

    // 5. The CPU launched the next kernel only after the stream had run dry.
    detail::EvidenceIndex::Source src;
    const std::uint32_t gpuTrack = g.track;
    if (ix.launchOf(gpuTrack, afterSlice, &src)) {
        const Track &ct = t.tracks[src.track];
        const TimeNs ls = ct.start[src.slice];
        if (ls > gs) {
            g.cause = GapCause::HostLaunch;
            g.evidence = gapText::hostLaunch(t.name(ct.nameId[src.slice]), ls - gs, ct.name.isEmpty() ? QString::number(ct.tid) : ct.name);
            g.evidenceTrack = src.track;
            g.evidenceSlice = src.slice;
            return;
        }
    }
    g.cause = GapCause::Other;
    g.evidence = gapText::other();
}

} // namespace

std::vector<Gap> findGaps(const Trace &trace, const GapOptions &options)
{
    const detail::EvidenceIndex ix(trace);
    return findGaps(ix, options);
}

std::vector<Gap> findGaps(const detail::EvidenceIndex &ix, const GapOptions &options)
{
    const Trace &t = ix.trace;
    const auto comms = commKernelsByDevice(ix);
    const TimeNs minGap = std::max<TimeNs>(options.minGap, 1);
    const auto busy = computeBusyByDevice(ix);
    std::vector<TimeRange> windows = options.windows;
    windows.erase(std::remove_if(windows.begin(), windows.end(), [](const TimeRange &w) { return w.empty(); }), windows.end());
    std::sort(windows.begin(), windows.end(), [](const TimeRange &a, const TimeRange &b) { return a.from < b.from; });
    // Back-to-back steps are one stretch: a gap across their boundary is not cut there.
    {
        std::vector<TimeRange> merged;
        for (const TimeRange &w : windows) {
            if (!merged.empty() && w.from <= merged.back().to)
                merged.back().to = std::max(merged.back().to, w.to);
            else
                merged.push_back(w);
        }
        windows = std::move(merged);
    }
    // A gap found on a stream, explained once the overlaps between streams are settled.
    struct Candidate
    {
        Gap gap;
        std::uint32_t afterSlice = 0;
        TimeNs streamIdleFrom = 0; // when the stream itself ran dry
        std::uint32_t coveredBy = 0; // the track whose compute ended when the device went idle
    };
    std::vector<Candidate> found;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu || !isComputeStream(ix, tr))
            continue;
        const auto bit = busy.find(tr.device);
        if (bit == busy.end())
            continue;
        const std::vector<BusyRun> &runs = bit->second;
        // Activities of this stream in order, each flagged GEMM or not.
        std::vector<std::uint32_t> acts;
        std::vector<char> gemm;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const CategoryClass cc = ix.categoryOf(tr, i);
            if (!isGpuActivity(cc))
                continue;
            acts.push_back(std::uint32_t(i));
            gemm.push_back(ix.classes.ofName(tr.nameId[i], cc) == KernelClass::Gemm);
        }
        if (acts.size() < 2)
            continue;
        std::vector<std::int64_t> nextGemm(acts.size() + 1, -1);
        for (std::size_t a = acts.size(); a-- > 0;)
            nextGemm[a] = gemm[a] ? std::int64_t(a) : nextGemm[a + 1];
        std::int64_t lastGemm = gemm[0] ? 0 : -1;
        std::size_t endAct = 0; // the activity that ends last so far
        TimeNs runEnd = tr.end(acts[0]);
        for (std::size_t a = 1; a < acts.size(); ++a) {
            const std::uint32_t i = acts[a];
            const TimeNs s = tr.start[i];
            // The device's compute runs are sorted and disjoint: the last one that starts before s
            // says whether the device computed right up to s (then this stream's hole is covered)
            // and, if not, since when it has been idle.
            auto rit = std::lower_bound(runs.begin(), runs.end(), s, [](const BusyRun &r, TimeNs v) { return r.from < v; });
            const BusyRun *prev = rit == runs.begin() ? nullptr : &*std::prev(rit);
            const TimeNs from = prev ? std::max(prev->to, runEnd) : runEnd;
            if (s > from && s - from >= minGap && (options.kernels == GapKernels::All || (lastGemm >= 0 && nextGemm[a] >= 0))) {
                Candidate c;
                Gap &g = c.gap;
                g.device = tr.device;
                g.stream = tr.streamId();
                g.track = k;
                g.start = from;
                g.dur = s - from;
                const bool ownBefore = !prev || runEnd >= prev->to;
                const Track &bt = ownBefore ? tr : t.tracks[prev->track];
                const std::size_t bs = ownBefore ? acts[endAct] : prev->slice;
                g.before = t.name(bt.nameId[bs]);
                g.after = t.name(tr.nameId[i]);
                if (lastGemm >= 0)
                    g.gemmBefore = t.name(tr.nameId[acts[std::size_t(lastGemm)]]);
                if (nextGemm[a] >= 0)
                    g.gemmAfter = t.name(tr.nameId[acts[std::size_t(nextGemm[a])]]);
                g.betweenGemms = (ownBefore ? bool(gemm[endAct]) : prev->gemm) && gemm[a];
                c.afterSlice = i;
                c.streamIdleFrom = runEnd;
                c.coveredBy = ownBefore ? k : prev->track;
                found.push_back(std::move(c));
            }
            if (tr.end(i) > runEnd) {
                runEnd = tr.end(i);
                endAct = a;
            }
            if (gemm[a])
                lastGemm = std::int64_t(a);
        }
    }

    // The scope: gaps that start inside it, cut at the end of the window they start in.
    std::vector<Candidate> kept;
    for (Candidate &c : found) {
        Gap &g = c.gap;
        if (!options.range.empty() && !options.range.contains(g.start))
            continue;
        if (!windows.empty()) {
            auto wit = std::upper_bound(windows.begin(), windows.end(), g.start, [](TimeNs v, const TimeRange &w) { return v < w.from; });
            if (wit == windows.begin() || !std::prev(wit)->contains(g.start))
                continue;
            g.dur = std::min(g.end(), std::prev(wit)->to) - g.start;
        }
        kept.push_back(std::move(c));
    }
    // Two compute streams idle at once are one idle device: where their gaps overlap, the time
    // goes to the gap that ends first (its next kernel waited for it), and the other keeps the
    // rest, so no instant is counted twice.
    std::sort(kept.begin(), kept.end(), [](const Candidate &a, const Candidate &b) {
        if (a.gap.device != b.gap.device)
            return a.gap.device < b.gap.device;
        return a.gap.end() != b.gap.end() ? a.gap.end() < b.gap.end() : a.gap.stream < b.gap.stream;
    });
    std::vector<Gap> gaps;
    int device = -1;
    TimeNs claimed = 0;
    // Traces recorded with with_stack name the Python line of each launch; the others skip the look.
    const std::vector<char> py = pythonCategories(t);
    const bool pythonFrames = std::find(py.begin(), py.end(), 1) != py.end();
    std::vector<std::size_t> launched; // gaps whose next kernel's launch is known ...
    std::vector<SliceRef> calls;       // ... and that launch
    for (Candidate &c : kept) {
        Gap &g = c.gap;
        if (gaps.empty() || g.device != device) {
            device = g.device;
            claimed = std::numeric_limits<TimeNs>::min();
        }
        if (g.start < claimed) {
            const TimeNs end = g.end();
            g.start = std::min(claimed, end);
            g.dur = end - g.start;
        }
        if (g.dur < minGap)
            continue;
        claimed = g.end();
        const Track &tr = t.tracks[g.track];
        const auto cit = comms.find(g.device);
        explain(ix, cit == comms.end() ? nullptr : &cit->second, tr, c.afterSlice, g);
        if (c.streamIdleFrom < g.start && c.coveredBy != g.track)
            g.evidence += gapText::coveredNote(tr.streamId(), g.start - c.streamIdleFrom, t.tracks[c.coveredBy].streamId());
        detail::EvidenceIndex::Source src;
        if (pythonFrames && ix.launchOf(g.track, c.afterSlice, &src)) {
            launched.push_back(gaps.size());
            calls.push_back({src.track, src.slice});
        }
        gaps.push_back(std::move(g));
    }
    // Which line of the user's code launched the kernel after each gap (SourceLines.h).
    const std::vector<QString> lines = launchingLines(t, calls);
    for (std::size_t n = 0; n < launched.size(); ++n) {
        if (lines[n].isEmpty())
            continue;
        Gap &g = gaps[launched[n]];
        g.pythonLine = lines[n];
        g.evidence += gapText::launchedFromNote(g.pythonLine);
    }
    std::sort(gaps.begin(), gaps.end(), [](const Gap &a, const Gap &b) {
        return a.start != b.start ? a.start < b.start : a.stream < b.stream;
    });
    return gaps;
}

TimeNs hostWaitTime(const detail::EvidenceIndex &ix, TimeNs below, TimeRange range)
{
    TimeNs wait = 0;
    for (const TimeRange &r : hostWaitIntervals(ix, below, range))
        wait += r.to - r.from;
    return wait;
}

std::vector<TimeRange> hostWaitIntervals(const detail::EvidenceIndex &ix, TimeNs below, TimeRange range)
{
    const Trace &t = ix.trace;
    std::vector<TimeRange> waits;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu || !isComputeStream(ix, tr))
            continue;
        bool first = true;
        TimeNs runEnd = 0;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (!isGpuActivity(ix.categoryOf(tr, i)))
                continue;
            const TimeNs s = tr.start[i];
            if (!first && s > runEnd && s - runEnd < below && (range.empty() || range.contains(runEnd))) {
                const TimeNs launch = ix.launchStart(k, std::uint32_t(i));
                if (launch > runEnd)
                    waits.push_back(TimeRange{runEnd, s});
            }
            runEnd = first ? tr.end(i) : std::max(runEnd, tr.end(i));
            first = false;
        }
    }
    std::sort(waits.begin(), waits.end(), [](const TimeRange &a, const TimeRange &b) { return a.from < b.from; });
    return waits;
}

} // namespace lanescope::analysis
