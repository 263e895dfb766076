// SPDX-License-Identifier: GPL-3.0-or-later
// Why the GPU waits on the CPU as one measure (Measure.h): the launches, each stream's idle
// breakdown and its queue, from one view of the launched activities: "idle_breakdown", "launch"
// and "queue". With GpuTimeDefinition::Hta by Holistic Trace Analysis' definitions (the analysed
// window), else over the measured steps.
#include "core/analysis/run/AnalysisJson.h"

#include "core/analysis/measures/launches/LaunchEvents.h"

#include "core/util/JsonWriter.h"

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
    return m;
}

} // namespace lanescope::analysis
