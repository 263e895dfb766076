// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/AnalysisRange.h"

#include "core/analysis/text/FigureText.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

CategoryClass classOf(const Trace &t, const Track &tr, std::size_t i)
{
    const std::uint16_t c = tr.catId[i];
    return c < t.categoryClass.size() ? t.categoryClass[c] : CategoryClass::Other;
}

// The GPU span of the work launched from inside [from, to) on any CPU thread (as findSteps does
// for a step without a gpu_user_annotation); gpuDur stays -1 where nothing was launched.
void fillGpuSpan(const Trace &t, Step *s)
{
    TimeRange r{0, -1};
    for (const Flow &f : t.flows) {
        if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
            continue;
        if (f.fromTrack >= t.tracks.size() || f.toTrack >= t.tracks.size())
            continue;
        const Track &from = t.tracks[f.fromTrack];
        const Track &to = t.tracks[f.toTrack];
        if (to.kind != TrackKind::Gpu || f.fromSlice >= from.size() || f.toSlice >= to.size())
            continue;
        const TimeNs ts = from.start[f.fromSlice];
        if (ts < s->start || ts >= s->end())
            continue;
        const TimeNs a = to.start[f.toSlice], b = to.end(f.toSlice);
        if (r.to < r.from) {
            r = {a, b};
        } else {
            r.from = std::min(r.from, a);
            r.to = std::max(r.to, b);
        }
    }
    if (r.to >= r.from) {
        s->gpuStart = r.from;
        s->gpuDur = r.to - r.from;
    }
}

// The thread a window's path follows: the CPU thread with the most runtime calls (launches,
// synchronisations) starting in it; without any, the one with the most slices; without any, one
// with a slice open across the window's start (a window inside one long op). -1: none (then
// resolveRange() takes the thread that makes the most calls in the whole trace).
std::int64_t windowThread(const Trace &t, TimeRange w)
{
    std::int64_t best = -1;
    std::size_t bestCalls = 0, bestSlices = 0;
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        const auto first = std::size_t(std::lower_bound(tr.start.begin(), tr.start.end(), w.from) - tr.start.begin());
        const std::size_t last = std::max(first, tr.upperBoundStart(w.to - 1));
        std::size_t calls = 0, slices = 0;
        for (std::size_t i = first; i < last; ++i) {
            const CategoryClass c = classOf(t, tr, i);
            if (isGpuCategory(c))
                continue;
            ++slices;
            calls += c == CategoryClass::Runtime;
        }
        if (slices == 0 && !slicesAround(t, k, w.from, 4096).empty())
            slices = 1; // open across the window: better than none
        if (slices > 0 && (best < 0 || calls > bestCalls || (calls == bestCalls && slices > bestSlices))) {
            best = k;
            bestCalls = calls;
            bestSlices = slices;
        }
    }
    return best;
}

} // namespace

std::vector<std::uint32_t> slicesAround(const Trace &trace, std::uint32_t track, TimeNs t, std::size_t maxScan)
{
    std::vector<std::uint32_t> out;
    if (track >= trace.tracks.size())
        return out;
    const Track &tr = trace.tracks[track];
    // Slices starting before t, latest first; the first at depth 0 is the outermost that can be open.
    std::size_t i = std::size_t(std::lower_bound(tr.start.begin(), tr.start.end(), t) - tr.start.begin());
    for (std::size_t n = 0; i-- > 0 && n < maxScan; ++n) {
        if (tr.dur[i] > 0 && tr.end(i) > t && !isGpuCategory(classOf(trace, tr, i)))
            out.push_back(std::uint32_t(i));
        if (tr.depth[i] == 0)
            break;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

const char *rangeKindName(RangeKind k)
{
    switch (k) {
    case RangeKind::Step: return "step";
    case RangeKind::Window: return "window";
    case RangeKind::Annotation: return "annotation";
    }
    return "step";
}

QString AnalysisRange::label(TimeNs origin) const
{
    switch (kind) {
    case RangeKind::Step: return span.name;
    case RangeKind::Annotation: return Text::tr("%1 (instance %2 of %3)").arg(span.name).arg(instance).arg(instances);
    case RangeKind::Window:
        return Text::tr("the window %1 to %2").arg(figure::ms(double(span.start - origin)), figure::ms(double(span.end() - origin)));
    }
    return span.name;
}

std::vector<SliceRef> annotationInstances(const Trace &trace, const QString &name)
{
    std::vector<SliceRef> out;
    const QByteArray utf8 = name.toUtf8();
    const std::string_view want(utf8.constData(), std::size_t(utf8.size()));
    if (want.empty())
        return out;
    // The names are few against the slices: find the ids first, then compare ids.
    std::vector<char> match(trace.strings.size(), 0);
    bool any = false;
    for (StringId id = 0; id < trace.strings.size(); ++id)
        if (trace.strings.view(id) == want) {
            match[id] = 1;
            any = true;
        }
    if (!any)
        return out;
    for (std::uint32_t k = 0; k < trace.tracks.size(); ++k) {
        const Track &tr = trace.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        TimeNs openUntil = std::numeric_limits<TimeNs>::min(); // the end of the last occurrence kept on this thread
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (!match[tr.nameId[i]] || isGpuCategory(classOf(trace, tr, i)))
                continue;
            if (tr.start[i] < openUntil && tr.end(i) <= openUntil)
                continue; // inside the previous one: the same occurrence
            out.push_back(SliceRef{k, std::uint32_t(i)});
            openUntil = tr.end(i);
            if (out.size() >= std::size_t(kMaxAnnotationInstances))
                break;
        }
        if (out.size() >= std::size_t(kMaxAnnotationInstances))
            break;
    }
    std::stable_sort(out.begin(), out.end(), [&](const SliceRef &a, const SliceRef &b) {
        return trace.tracks[a.track].start[a.slice] < trace.tracks[b.track].start[b.slice];
    });
    return out;
}

namespace {

AnalysisRange ofSlice(const Trace &trace, SliceRef ref, int instance, int instances)
{
    AnalysisRange r;
    r.kind = RangeKind::Annotation;
    const Track &tr = trace.tracks[ref.track];
    r.span.name = trace.name(tr.nameId[ref.slice]);
    r.span.start = tr.start[ref.slice];
    r.span.dur = tr.dur[ref.slice];
    r.span.track = ref.track;
    r.span.slice = ref.slice;
    r.instance = instance;
    r.instances = instances;
    fillGpuSpan(trace, &r.span);
    return r;
}

} // namespace

AnalysisRange resolveRange(const Trace &trace, const std::vector<Step> &steps, const RangeRequest &request)
{
    AnalysisRange r;
    if (request.step >= 0) {
        r.kind = RangeKind::Step;
        for (const Step &s : steps)
            if (s.number == request.step) {
                r.span = s;
                return r;
            }
        r.error = Text::tr("the trace has no ProfilerStep#%1").arg(request.step);
        return r;
    }
    if (!request.annotation.isEmpty()) {
        r.kind = RangeKind::Annotation;
        const std::vector<SliceRef> all = annotationInstances(trace, request.annotation);
        if (all.empty()) {
            r.error = Text::tr("the trace has no annotation or CPU slice named \"%1\"").arg(request.annotation);
            return r;
        }
        if (request.instance < 0 || std::size_t(request.instance) >= all.size()) {
            const int n = int(all.size());
            r.error = (n == 1 ? Text::tr("\"%1\" occurs %n time (instance %2): no instance %3", nullptr, n)
                              : Text::tr("\"%1\" occurs %n times (instances 0 to %2): no instance %3", nullptr, n))
                          .arg(request.annotation)
                          .arg(all.size() - 1)
                          .arg(request.instance);
            return r;
        }
        return ofSlice(trace, all[std::size_t(request.instance)], request.instance, int(all.size()));
    }
    if (!request.window.empty()) {
        r.kind = RangeKind::Window;
        r.hasSlice = false;
        r.span.name = Text::tr("window");
        r.span.start = request.window.from;
        r.span.dur = request.window.to - request.window.from;
        std::int64_t thread = windowThread(trace, request.window);
        if (thread < 0) // the CPU is quiet in the window: the thread that launches the most in the trace
            thread = windowThread(trace, TimeRange{trace.minTs, trace.maxTs + 1});
        if (thread < 0) {
            r.error = Text::tr("the trace has no CPU thread");
            return r;
        }
        r.span.track = std::uint32_t(thread);
        r.span.slice = 0;
        r.span.gpuStart = request.window.from;
        r.span.gpuDur = r.span.dur;
        return r;
    }
    r.error = Text::tr("no step, window or annotation given");
    return r;
}

AnalysisRange sliceRange(const Trace &trace, std::uint32_t track, std::uint32_t slice)
{
    AnalysisRange r;
    r.kind = RangeKind::Annotation;
    if (track >= trace.tracks.size() || slice >= trace.tracks[track].size() || trace.tracks[track].kind != TrackKind::Cpu) {
        r.error = Text::tr("not a CPU slice");
        return r;
    }
    const Track &tr = trace.tracks[track];
    const QString name = trace.name(tr.nameId[slice]);
    const std::vector<SliceRef> all = annotationInstances(trace, name);
    // Its occurrence: itself, or the occurrence of the same name it lies in.
    for (std::size_t k = 0; k < all.size(); ++k) {
        const SliceRef &a = all[k];
        if (a.track != track)
            continue;
        const Track &at = trace.tracks[a.track];
        if (a.slice == slice || (at.start[a.slice] <= tr.start[slice] && at.end(a.slice) >= tr.end(slice)))
            return ofSlice(trace, a, int(k), int(all.size()));
    }
    r.error = Text::tr("\"%1\" is not an annotation of the trace").arg(name);
    return r;
}

} // namespace lanescope::analysis
