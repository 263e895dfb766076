// SPDX-License-Identifier: GPL-3.0-or-later
// Why the GPU waits on the CPU as one measure (Measure.h): the launches, each stream's idle
// breakdown and its queue, from one view of the launched activities: "idle_breakdown", "launch"
// and "queue". With GpuTimeDefinition::Hta by Holistic Trace Analysis' definitions (the analysed
// window), else over the measured steps.
#include "core/analysis/run/AnalysisJson.h"

#include "core/analysis/measures/launches/LaunchEvents.h"

#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

namespace lanescope::analysis {

void writeLaunchJson(JsonWriter &j, const AnalysisResult &r, TimeNs origin)
{
    const auto us = [origin](TimeNs t) { return double(t - origin) / 1000.0; };
    const auto usDur = [](TimeNs t) { return double(t) / 1000.0; };
    j.array("idle_breakdown", [&] {
        for (const StreamIdle &s : r.idleBreakdown.streams)
            j.object([&] {
                j.field("device", s.device);
                j.field("stream", s.stream);
                j.field("idle_us", usDur(s.idle));
                j.field("host_wait_us", usDur(s.hostWait));
                j.field("kernel_wait_us", usDur(s.kernelWait));
                j.field("other_us", usDur(s.other));
            });
    });
    const LaunchStats &l = r.launchStats;
    j.object("launch", [&] {
        j.field("launches", l.launches);
        // Graph launch calls and the activities they launched (each one of "launches").
        j.field("graph_launches", l.graphLaunches);
        j.field("graph_kernels", l.graphKernels);
        j.field("gpu_shorter_than_cpu", l.gpuShorterThanCpu);
        j.field("runtime_outliers", l.runtimeOutliers);
        j.field("launch_delay_outliers", l.delayOutliers);
        j.field("launch_delay_median_us", JsonWriter::orNull(bool(l.medianDelayNs), l.medianDelayNs.value_or(0) / 1000.0));
        j.field("launch_delay_p95_us", JsonWriter::orNull(bool(l.p95DelayNs), l.p95DelayNs.value_or(0) / 1000.0));
        j.array("worst", [&] {
            for (const Launch &w : l.worst)
                j.object([&] {
                    j.field("name", w.name);
                    j.field("ts_us", us(w.start));
                    j.field("delay_us", usDur(w.delay));
                });
        });
    });
    j.array("queue", [&] {
        for (const StreamQueue &q : r.queueLengths)
            j.object([&] {
                j.field("device", q.device);
                j.field("stream", q.stream);
                j.field("count", q.count);
                j.field("mean", q.mean);
                j.field("max", q.max);
                j.field("full_us", usDur(q.fullNs));
            });
    });
}

namespace {

// Why the GPU waits on the CPU, as figures (FigureCatalogue.h): host wait, the launches and their
// median delay, over the analysed steps.
std::vector<Figure> launchFigures()
{
    using U = FigureUnit;
    using E = FigureExtent;
    using Value = std::optional<double>;
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    std::vector<Figure> out;
    {
        Figure &f = out.emplace_back(declareFigure("host_wait_pct", U::Pct, false, E::Steps, kBoth, 18, 24, -1, nullptr));
        f.value = [](const RunFigures &m) { return m.hostWaitSharePct; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Host wait"),
                      QT_TRANSLATE_NOOP("figures", "Share of the compute streams' idle time spent waiting for the CPU to launch the next "
                                                   "kernel (Holistic Trace Analysis' idle time breakdown; over the analysed steps)"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("launches", U::Count, false, E::Steps, kBoth, 19, 25, -1, "launch.launches"));
        f.value = [](const RunFigures &m) { return Value(double(m.launches)); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Kernel launches"),
                      QT_TRANSLATE_NOOP("figures", "GPU activities matched to the call that launched them (CUDA, HIP and MTIA runtime calls)"));
    }
    {
        Figure &f = out.emplace_back(
            declareFigure("launch_delay_median_us", U::Us, false, E::Steps, kBoth, 20, 26, -1, "launch.launch_delay_median_us"));
        f.value = [](const RunFigures &m) { return m.launchDelayMedianNs; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Launch delay, median"),
                      QT_TRANSLATE_NOOP("figures", "From the end of the launch call to the start of its kernel, the median over the launches"));
    }
    return out;
}

} // namespace

Measure launchesMeasure()
{
    Measure m;
    m.key = "launch";
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        LaunchOptions lo;
        lo.hta = c.options.definition == GpuTimeDefinition::Hta;
        lo.htaCompatible = c.options.htaCompatible;
        lo.window = lo.hta ? c.range : launchWindow(c.range, c.measured);
        const ActivityView view = launchedActivities(c.index, lo);
        r.idleBreakdown = idleBreakdown(view, lo);
        r.launchStats = launchStats(c.trace, view, lo);
        r.queueLengths = queueLengths(view, lo);
        r.warnings << clockSkewWarnings(r.launchStats, r.queueLengths);
    };
    // "device" and "count" are additions to the contract's keys.
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) { writeLaunchJson(j, c.result, c.origin); };
    // What analyze DIR prints per rank.
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
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
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        using namespace summary;
        const SummaryObj v = in.object(av, "launch");
        for (const SummaryObj &e : in.objects(v, "idle")) {
            StreamIdle si;
            si.device = in.i32(e, "device", -1, -1);
            si.stream = in.i64(e, "stream", -1);
            si.computes = in.boolean(e, "computes");
            si.idle = in.i64(e, "idle");
            si.hostWait = in.i64(e, "host_wait");
            si.kernelWait = in.i64(e, "kernel_wait");
            si.other = in.i64(e, "other");
            si.gaps = in.i64(e, "gaps", 0, 0);
            a.idleBreakdown.streams.push_back(si);
        }
        a.idleBreakdown.idle = in.i64(v, "idle_total");
        a.idleBreakdown.hostWait = in.i64(v, "host_wait_total");
        a.idleBreakdown.computeIdle = in.i64(v, "compute_idle_total");
        a.idleBreakdown.computeHostWait = in.i64(v, "compute_host_wait_total");
        LaunchStats &l = a.launchStats;
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
        for (const SummaryObj &e : in.objects(v, "worst")) {
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
        for (const SummaryObj &e : in.objects(v, "queue")) {
            StreamQueue q;
            q.device = in.i32(e, "device", -1, -1);
            q.stream = in.i64(e, "stream", -1);
            q.count = in.i64(e, "count", 0, 0);
            q.mean = in.dbl(e, "mean", kQueue);
            q.max = in.i32(e, "max");
            q.fullNs = in.i64(e, "full");
            q.emptyNs = in.i64(e, "empty");
            q.spanNs = in.i64(e, "span");
            a.queueLengths.push_back(q);
        }
    };
    m.catalogueFigures = launchFigures();
    return m;
}

} // namespace lanescope::analysis
