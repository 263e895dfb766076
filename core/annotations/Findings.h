// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Annotate findings": annotations for what the analysis found, for a report to show without
// retyping it — each GEMM gap over the threshold (a rectangle over the idle interval on its stream,
// labelled with its length and cause: "15.2 ms idle: waiting for AllGather (stream 20)"), and on
// the device memory curve each allocator spike: the bursts of cudaMalloc/cudaFree calls of the
// memory summary (the caching allocator going to the driver, the case study's churn) and the
// allocate-and-free needles of MemorySpikes.h (callouts on the curve). All are findings
// (drawn dashed and tinted), coloured by what they are; AnnotationSet::addFindings adds them
// without stacking copies when run again.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/measures/memory/MemorySpikes.h"
#include "core/annotations/Annotation.h"

#include <QCoreApplication>

#include <vector>

namespace lanescope::annotations {

struct FindingsOptions
{
    // Model time (the trace's own ns). Non-empty: only gaps that overlap it and spikes that start
    // inside it (the findings "in view").
    analysis::TimeRange window;
    bool gaps = true;
    bool allocatorBursts = true; // result.memory.spikes
    bool memorySpikes = true;    // analysis::findMemorySpikes of each accelerator memory series
};

class Findings
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::annotations::Findings)
public:
    // Gaps come from result.gaps (already cut at the analysis' threshold and GEMM filter), bursts
    // from result.memory.spikes, needles from every accelerator memory series of the trace. Gaps
    // first, then the memory findings, each in time order. Memory findings need a memory curve to
    // sit on: a trace without one gets none (bursts go on the first accelerator's curve, as the
    // CPU calls do not say which device they were for).
    static std::vector<Annotation> annotate(const Trace &trace, const analysis::AnalysisResult &result,
                                            const FindingsOptions &options = {});

    static Annotation forGap(const Trace &trace, const analysis::Gap &gap);
    // A comparison: the baseline's gap on a later run, over the same aligned time (bases as
    // RenderRun::base: the model time each run draws at axis 0), as a range highlight labelled
    // "same region in tuned: 0.2 ms idle" — the idle of that run's lane of the same stream (its
    // LaneKey) inside the region — or "same region in tuned" when the run has no such lane.
    static Annotation sameRegion(const Trace &baseline, TimeNs baselineBase, const analysis::Gap &gap, const Trace &other,
                                 TimeNs otherBase, const QString &otherLabel);
    // Time in [from, to) (model ns) with no kernel, copy or memset running on track.
    static TimeNs idleIn(const Trace &trace, const Track &track, TimeNs from, TimeNs to);
    static Annotation forSpike(const Trace &trace, int device, const analysis::MemorySpike &spike);
    static Annotation forBurst(const Trace &trace, const MemorySeries &series, const analysis::AllocatorSpike &burst);
    static QString gapText(const Trace &trace, const analysis::Gap &gap);
    static QString spikeText(const analysis::MemorySpike &spike);
    static QString burstText(const analysis::AllocatorSpike &burst);
    static Color colorOf(analysis::GapCause cause); // the palette colour nearest the cause's own

    // Summary labels, for findings whose own labels do not fit the picture (AnnotationPainter):
    // the gaps of one lane and cause, and the "same region" ranges of one run.
    // A gap finding's text with its own duration taken out: the same for every gap of one cause and
    // evidence ("<dur> idle: waiting for AllGather (stream 20)").
    static QString gapGroupKey(const Annotation &gap);
    // "48 gaps ≥ 15.2 ms idle: waiting for AllGather (stream 20) (812 ms in all)" (count ≥ 2): `like` is one of
    // them (its text is the pattern), shortest and total their durations.
    static QString gapSummary(const Annotation &like, int count, TimeNs shortest, TimeNs total);
    // "same region in tuned" (a range's text up to its colon).
    static QString regionGroupKey(const Annotation &range);
    // "same region in tuned, 3 more: no idle · 0.2 ms idle · 1.5 ms idle", the first few listed.
    static QString regionSummary(const QString &key, const QStringList &tails);
    static QString regionTail(const Annotation &range); // "0.2 ms idle" (after the colon); empty when none

    // "15.2 ms", "850 µs", "1.20 s": three significant digits, as the timeline's ruler.
    static QString formatDuration(TimeNs ns);
    // "1.5 GiB", "512 MiB": binary, as the memory lane's axis (FigureText.h bytesTick()).
    static QString formatBytes(std::int64_t bytes);
};

} // namespace lanescope::annotations
