// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli analyze TRACE [--gap-ms 15] [--gap-kernels gemm|all] [--params N --tokens-per-step N
//   [--tokens-global]] [--peak-tflops X] [--step N | --from-us A --to-us B | --annotation NAME [--instance K]]
//   [--hta] [--threads N]
//   [--top N] [--op-shapes] [--all-frames] [--json]
// Keys of the JSON object are the contract in docs/architecture.md; times are µs from the trace's first event.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"
#include "app/cli/MfuText.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "core/model/Trace.h"

#include <QCoreApplication>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

double us(TimeNs t, TimeNs origin) { return double(t - origin) / 1000.0; }
double usDur(TimeNs t) { return double(t) / 1000.0; }

} // namespace

// "idle_breakdown", "launch" and "queue" of `analyze --json` (and of every rank of `analyze DIR`).
void writeAdviceFields(JsonWriter &j, const analysis::Advice &a)
{
    j.field("id", a.id);
    j.field("title", a.title);
    j.field("evidence", a.evidence);
    // What the fix is worth (additions to the contract's keys).
    j.field("explained_us", usDur(a.explainedNs));
    j.field("projected_step_s", JsonWriter::orNull(a.projectedStepS > 0, a.projectedStepS));
    j.field("projected_mfu_pct", JsonWriter::orNull(a.projectedMfuPct > 0, a.projectedMfuPct));
    // "replay": the step replayed with the fix; "bound": what the explained waits are worth at
    // most; null: not projected.
    if (a.projectedStepS <= 0)
        j.field("projection", nullptr);
    else
        j.field("projection", a.projectionReplayed ? "replay" : "bound");
}

void writeLaunchFields(JsonWriter &j, const analysis::AnalysisResult &r, TimeNs origin)
{
    j.array("idle_breakdown", [&] {
        for (const analysis::StreamIdle &s : r.idleBreakdown.streams)
            j.object([&] {
                j.field("device", s.device);
                j.field("stream", s.stream);
                j.field("idle_us", usDur(s.idle));
                j.field("host_wait_us", usDur(s.hostWait));
                j.field("kernel_wait_us", usDur(s.kernelWait));
                j.field("other_us", usDur(s.other));
            });
    });
    const analysis::LaunchStats &l = r.launchStats;
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
            for (const analysis::Launch &w : l.worst)
                j.object([&] {
                    j.field("name", w.name);
                    j.field("ts_us", us(w.start, origin));
                    j.field("delay_us", usDur(w.delay));
                });
        });
    });
    j.array("queue", [&] {
        for (const analysis::StreamQueue &q : r.queueLengths)
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
// writeCriticalPath with the trace's first event as the origin of from_us/to_us.
void writeCriticalPathAt(JsonWriter &j, const analysis::CriticalPath &cp, bool full, TimeNs origin)
{
    if (!cp.valid) {
        j.field("critical_path", nullptr);
        // Why there is none, where the analysis says (an addition: a step over the event bound).
        if (!cp.error.isEmpty())
            j.field("critical_path_error", cp.error);
        return;
    }
    j.object("critical_path", [&] {
        j.field("step", cp.step.name);
        // Which step (an addition to the contract's keys): "analysed" (the one step the analysis
        // is of) or "median" (the median-length complete step).
        j.field("step_choice", cp.medianStep ? "median" : "analysed");
        if (full) {
            // What the path is over (additions): "step", "window" (no step in the window) or
            // "annotation" (--annotation NAME --instance K; "step" is then NAME), and its CPU span.
            j.field("scope", analysis::rangeKindName(cp.scope));
            if (cp.scope == analysis::RangeKind::Annotation) {
                j.field("annotation", cp.step.name);
                j.field("instance", cp.instance);
                j.field("instances", cp.instances);
            }
            j.field("from_us", us(cp.step.start, origin));
            j.field("to_us", us(cp.step.end(), origin));
        }
        j.field("length_us", usDur(cp.lengthNs));
        j.object("parts_us", [&] {
            for (int k = 0; k < analysis::kPathParts; ++k)
                j.field(analysis::pathPartName(analysis::PathPart(k)), usDur(cp.partsNs[std::size_t(k)]));
        });
        if (!full)
            return;
        // The same in integer nanoseconds (an addition): these add up to length_ns exactly.
        j.field("length_ns", cp.lengthNs);
        j.object("parts_ns", [&] {
            for (int k = 0; k < analysis::kPathParts; ++k)
                j.field(analysis::pathPartName(analysis::PathPart(k)), cp.partsNs[std::size_t(k)]);
        });
        j.field("summary", analysis::criticalPathSentence(cp));
    });
}
} // namespace

void writeCriticalPath(JsonWriter &j, const analysis::CriticalPath &cp, bool full)
{
    writeCriticalPathAt(j, cp, full, 0);
}

// "memory_owners" (core/analysis/measures/memory_owners/MemoryOwners.h): who holds the device memory at its peak, the ops
// that allocate the most, what is never freed. alive_at_peak is complete (its bytes add up to
// peak_bytes); top_allocators and never_freed are the first `top`.
void writeMemoryOwners(JsonWriter &j, const analysis::MemoryOwners &m, TimeNs origin, std::size_t top)
{
    const auto rows = [&](const char *key, const std::vector<analysis::MemoryOwnerRow> &v, std::size_t n, bool lifetimes) {
        j.array(key, [&] {
            for (std::size_t k = 0; k < v.size() && k < n; ++k)
                j.object([&] {
                    j.field("op", v[k].key());
                    j.field("bytes", v[k].bytes);
                    j.field("count", v[k].count);
                    if (lifetimes) {
                        j.field("freed", v[k].freed);
                        j.field("mean_lifetime_us", JsonWriter::orNull(v[k].freed > 0, v[k].meanLifetimeNs() / 1000.0));
                    }
                });
        });
    };
    j.object("memory_owners", [&] {
        j.field("peak_bytes", JsonWriter::orNullCount(m.peakBytes >= 0, m.peakBytes));
        j.field("device", m.device);
        j.field("peak_us", JsonWriter::orNull(m.peakBytes >= 0, us(m.peakAt, origin)));
        j.field("addresses", m.addresses);
        rows("alive_at_peak", m.aliveAtPeak, SIZE_MAX, false);
        j.field("never_freed_bytes", JsonWriter::orNullCount(m.addresses, m.neverFreedBytes));
        j.field("never_freed_count", JsonWriter::orNullCount(m.addresses, m.neverFreedCount));
        rows("never_freed", m.neverFreed, top, false);
        rows("top_allocators", m.topAllocators, top, true);
        j.array("phases", [&] {
            for (int k = 0; k < analysis::kMemoryPhases; ++k)
                j.object([&] {
                    j.field("phase", analysis::memoryPhaseName(analysis::MemoryPhase(k)));
                    j.field("alive_at_peak_bytes", m.phaseAtPeak[std::size_t(k)]);
                    j.field("allocated_bytes", m.phaseAllocatedBytes[std::size_t(k)]);
                    j.field("allocations", m.phaseAllocations[std::size_t(k)]);
                });
        });
        j.field("allocations", m.allocations);
        j.field("frees", m.frees);
        j.field("paired", m.paired);
        j.field("unmatched_frees", m.unmatchedFrees);
        j.field("unmatched_free_bytes", m.unmatchedFreeBytes);
        j.field("reused_without_free", m.reusedWithoutFree);
    });
}

// The members of the object `analyze --json` prints; compare writes the same ones per run.
void writeAnalysisFields(JsonWriter &j, const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops,
                         std::size_t top)
{
    const TimeNs o = t.minTs;
    j.object("temporal", [&] {
        // Which events counted as GPU time (an addition to the contract's keys): "lanescope", or
        // "hta" with --hta (every event carrying args.stream, as Holistic Trace Analysis counts).
        j.field("definition", analysis::gpuTimeDefinitionName(r.temporal.definition));
        j.field("idle_pct", r.temporal.idlePct);
        j.field("compute_pct", r.temporal.computePct);
        j.field("non_compute_pct", r.temporal.nonComputePct);
        j.field("idle_us", usDur(r.temporal.idle));
        j.field("compute_us", usDur(r.temporal.compute));
        j.field("non_compute_us", usDur(r.temporal.nonCompute));
    });
    j.field("comm_comp_overlap_pct", r.temporal.commCompOverlapPct);
    j.array("steps", [&] {
        for (const auto &s : r.steps)
            j.object([&] {
                j.field("name", s.name);
                j.field("start_us", us(s.start, o));
                j.field("dur_us", usDur(s.dur));
            });
    });
    j.array("gaps", [&] {
        for (const auto &g : r.gaps)
            j.object([&] {
                j.field("device", g.device);
                j.field("stream", g.stream);
                j.field("start_us", us(g.start, o));
                j.field("dur_us", usDur(g.dur));
                j.field("before", g.before);
                j.field("after", g.after);
                j.field("cause", analysis::gapCauseName(g.cause));
                j.field("evidence", g.evidence);
            });
    });
    const auto &m = r.mfu;
    j.object("mfu", [&] {
        j.field("step_s", JsonWriter::orNull(m.stepS > 0, m.stepS));
        j.field("tokens_per_s_per_gpu", JsonWriter::orNull(m.tokensPerSPerGpu > 0, m.tokensPerSPerGpu));
        j.field("achieved_tflops", JsonWriter::orNull(m.valid, m.achievedTflops));
        j.field("peak_tflops", JsonWriter::orNull(m.peakTflops > 0, m.peakTflops));
        j.field("mfu_pct", JsonWriter::orNull(m.valid, m.mfuPct));
        if (flops) { // only with --measure-flops: an addition, the contract's keys stay as they are
            j.field("measured_flops", flops->flops);
            j.field("measured_flops_invalid", flops->invalid); // flops args skipped: not a count of work
        }
        if (r.figures.samplesPerSPerGpu) // only with --samples-per-step: an addition too
            j.field("samples_per_s_per_gpu", *r.figures.samplesPerSPerGpu);
    });
    j.object("memory", [&] {
        j.field("peak_allocated_bytes", r.memory.peakAllocated);
        j.field("peak_reserved_bytes", r.memory.peakReserved);
        j.field("alloc_calls", r.memory.mallocCalls); // cudaMalloc runtime calls (the allocator asking the driver)
        j.field("free_calls", r.memory.freeCalls);    // cudaFree runtime calls
    });
    writeMemoryOwners(j, r.memoryOwners, o, top);
    j.array("advice", [&] {
        for (const auto &a : r.advice)
            j.object([&] { writeAdviceFields(j, a); });
    });
    // Why the GPU waits on the CPU (IdleBreakdown.h, LaunchStats.h, QueueLength.h); with --hta by
    // Holistic Trace Analysis' definitions. "device" and "count" are additions to the contract's keys.
    writeLaunchFields(j, r, t.minTs);
    // Where the time goes, over what was analysed (additions to the contract's keys;
    // core/analysis/measures/summaries/TimeSummaries.h): kernels in the analysed GPU span, operators and modules in
    // the analysed CPU span (a step's ProfilerStep range), each null for the whole trace.
    const analysis::TimeSummaries &sum = r.summaries;
    j.object("summary_windows_us", [&] {
        const auto window = [&](const char *key, analysis::TimeRange w) {
            if (w.empty())
                j.field(key, nullptr);
            else
                j.array(key, [&] {
                    j.value(us(w.from, o));
                    j.value(us(w.to, o));
                });
        };
        window("kernels", sum.gpuWindow);
        window("operators", sum.cpuWindow);
    });
    const std::vector<analysis::KernelSummaryRow> written(sum.kernels.begin(), sum.kernels.begin() + std::ptrdiff_t(std::min(top, sum.kernels.size())));
    const std::vector<analysis::KernelLaunchShape> shapes = analysis::kernelLaunchShapes(t, written);
    j.array("kernel_summary", [&] {
        for (std::size_t k = 0; k < written.size(); ++k) {
            const analysis::KernelSummaryRow &row = written[k];
            j.object([&] {
                j.field("name", row.name);
                j.field("class", analysis::kernelClassName(row.cls));
                j.field("count", row.count);
                j.field("total_us", usDur(row.totalNs));
                j.field("mean_us", row.meanNs / 1000.0);
                j.field("median_us", row.medianNs / 1000.0);
                j.field("min_us", usDur(row.minNs));
                j.field("max_us", usDur(row.maxNs));
                j.field("gpu_time_pct", row.gpuTimePct);
                j.array("streams", [&] { for (std::int64_t s : row.streams) j.value(s); });
                // The longest call's launch, where the trace records it (CUPTI's kernel args).
                const analysis::KernelLaunchShape &ls = shapes[k];
                if (ls.any())
                    j.object("launch", [&] {
                        if (!ls.grid.empty())
                            j.array("grid", [&] { for (std::int64_t x : ls.grid) j.value(x); });
                        if (!ls.block.empty())
                            j.array("block", [&] { for (std::int64_t x : ls.block) j.value(x); });
                        if (ls.registersPerThread >= 0)
                            j.field("registers_per_thread", ls.registersPerThread);
                        if (ls.sharedMemoryBytes >= 0)
                            j.field("shared_memory_bytes", ls.sharedMemoryBytes);
                    });
                else
                    j.field("launch", nullptr);
            });
        }
    });
    j.array("op_summary", [&] {
        for (std::size_t k = 0; k < sum.ops.rows.size() && k < top; ++k) {
            const analysis::OpSummaryRow &row = sum.ops.rows[k];
            j.object([&] {
                j.field("name", row.name);
                j.field("category", row.category);
                if (r.options.opsByInputShapes)
                    j.field("input_shapes", row.inputShapes);
                else
                    j.field("input_shapes", nullptr);
                j.field("count", row.count);
                j.field("total_us", usDur(row.totalNs));
                j.field("self_us", usDur(row.selfNs));
                j.field("device_us", usDur(row.deviceNs));
                j.field("device_self_us", usDur(row.deviceSelfNs));
            });
        }
    });
    if (!sum.modules.nodes.empty())
        j.array("module_summary", [&] {
            for (std::size_t k = 0; k < sum.modules.nodes.size() && k < top; ++k) {
                const analysis::ModuleNode &n = sum.modules.nodes[k];
                j.object([&] {
                    j.field("path", n.path);
                    j.field("name", n.name);
                    j.field("depth", n.depth);
                    j.field("count", n.count);
                    j.field("cpu_us", usDur(n.cpuNs));
                    j.field("device_us", usDur(n.deviceNs));
                });
            }
        });
    // How fast each collective moved its data (nccl-tests' algbw and busbw, GB/s;
    // core/analysis/measures/collectives/CollectiveBandwidth.h): the kernels (first N with --top), every kind and size.
    const analysis::CollectiveBandwidth &cb = r.collectives;
    const auto orNull = [](double v) { return JsonWriter::orNull(v >= 0, v); };
    j.object("collectives", [&] {
        j.array("kernels", [&] {
            for (std::size_t k = 0; k < cb.kernels.size() && k < top; ++k) {
                const analysis::CollectiveTransfer &x = cb.kernels[k];
                j.object([&] {
                    j.field("name", x.kernel);
                    j.field("ts_us", us(x.start, o));
                    j.field("collective", analysis::collectiveKindName(x.kind));
                    j.field("collective_name", x.collective); // as the trace spells it
                    j.field("group_size", JsonWriter::orNullCount(x.groupSize >= 0, x.groupSize));
                    j.field("bytes", JsonWriter::orNullCount(x.bytes >= 0, x.bytes));
                    j.field("dtype", x.dtype);
                    j.field("dur_us", usDur(x.dur));
                    j.field("algbw_gbps", orNull(x.algbwGBps));
                    j.field("busbw_gbps", orNull(x.busbwGBps));
                    j.field("link_gbps", orNull(cb.linkGBps));
                    j.field("busbw_pct_of_link", orNull(analysis::busbwPctOfLink(x.busbwGBps, cb.linkGBps)));
                    j.field("size_from", x.bytes < 0 ? "none" : x.sizeFromCpuOp ? "cpu_op" : "kernel");
                });
            }
        });
        j.array("by_type", [&] {
            for (const analysis::CollectiveTypeRow &row : cb.byType)
                j.object([&] {
                    j.field("collective", analysis::collectiveKindName(row.kind));
                    j.field("bytes", JsonWriter::orNullCount(row.bytes >= 0, row.bytes));
                    j.field("group_size", JsonWriter::orNullCount(row.groupSize >= 0, row.groupSize));
                    j.field("count", row.count);
                    j.field("total_us", usDur(row.totalNs));
                    j.field("busbw_median_gbps", orNull(row.busbwMedianGBps));
                    j.field("busbw_best_gbps", orNull(row.busbwBestGBps));
                    j.field("link_gbps", orNull(cb.linkGBps));
                    // The median's share: the typical call, as the row's busbw_median_gbps.
                    j.field("busbw_pct_of_link", orNull(analysis::busbwPctOfLink(row.busbwMedianGBps, cb.linkGBps)));
                });
        });
    });
    // The critical path of one step (core/analysis/measures/critical_path/CriticalPath.h): null without steps.
    writeCriticalPathAt(j, r.criticalPath, true, o);
    // The model's math per op and shapes (core/analysis/measures/ops_efficiency/OpsEfficiency.h; traces recorded with
    // record_shapes): the roofline from the GPU table's row (null where the GPU, its peak for the
    // dtype or the bytes are unknown).
    const analysis::OpsEfficiency &oe = r.opsEfficiency;
    j.object("ops_efficiency", [&] {
        j.field("total_flops", oe.totalFlops);
        j.field("measured_mfu_pct", JsonWriter::orNull(r.measuredMfuPct >= 0, r.measuredMfuPct));
        j.field("calls_read", oe.callsRead);
        j.field("calls_counted", oe.callsCounted);
        j.field("hbm_tbps", JsonWriter::orNull(oe.peaks.hbmTBps > 0, oe.peaks.hbmTBps));
        j.array("ops", [&] {
            for (std::size_t k = 0; k < oe.ops.size() && k < top; ++k) {
                const analysis::OpEfficiencyRow &op = oe.ops[k];
                j.object([&] {
                    j.field("name", op.name);
                    j.field("shapes", op.shapes);
                    j.field("dtype", op.dtype);
                    j.field("count", op.count);
                    j.field("flops", op.flops);
                    j.field("bytes", JsonWriter::orNull(op.bytes >= 0, op.bytes));
                    j.field("gpu_us", usDur(op.gpuNs));
                    j.field("achieved_tflops", JsonWriter::orNull(op.achievedTflops >= 0, op.achievedTflops));
                    j.field("pct_of_peak", JsonWriter::orNull(op.pctOfPeak >= 0, op.pctOfPeak));
                    j.field("peak_tflops", orNull(op.peakTflops));
                    if (const char *b = analysis::boundName(op.bound))
                        j.field("bound", b);
                    else
                        j.field("bound", nullptr);
                    j.field("intensity", orNull(op.intensity));
                    j.field("achieved_tbps", orNull(op.achievedTBps));
                    j.field("pct_of_roofline", orNull(op.pctOfRoofline));
                });
            }
        });
    });
    // What the trace cannot show (legacy exporter, unrecognised device work, no GPU activity).
    j.array("warnings", [&] {
        for (const QString &w : r.warnings)
            j.value(w);
    });
}

namespace {

// Where the Python time goes (core/analysis/measures/source_lines/SourceLines.h): one row per file:line function, by
// launched GPU time then CPU time; my code only unless allFrames. Left out, as module_summary is,
// where the trace has no Python frames (recorded without with_stack).
void writeSourceLines(JsonWriter &j, const analysis::AnalysisResult &r, std::size_t top, bool allFrames)
{
    if (r.sourceLines.pythonSlices == 0)
        return;
    const analysis::SourceLines s = allFrames ? r.sourceLines : analysis::myCodeOnly(r.sourceLines);
    j.object("source_lines_scope", [&] {
        j.field("my_code_only", s.myCodeOnly);
        j.field("rows_total", std::int64_t(s.lines.size()));
        j.field("python_frames", s.pythonSlices);
        j.field("python_cpu_us", usDur(s.pythonCpuNs));
        j.field("python_gpu_us", usDur(s.pythonGpuNs));
        j.field("truncated", s.truncated || s.tooDeep > 0);
    });
    j.array("source_lines", [&] {
        for (std::size_t k = 0; k < s.lines.size() && k < top; ++k) {
            const analysis::SourceLine &l = s.lines[k];
            j.object([&] {
                j.field("file", l.file);
                j.field("line", l.line);
                j.field("function", l.function);
                j.field("origin", analysis::frameOriginName(l.origin));
                j.field("calls", l.calls);
                j.field("cpu_total_us", usDur(l.cpuTotalNs));
                j.field("cpu_self_us", usDur(l.cpuSelfNs));
                j.field("gpu_us", usDur(l.gpuNs));
                j.field("gpu_self_us", usDur(l.gpuSelfNs));
            });
        }
    });
}

void writeJson(const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops, std::size_t top, bool allFrames)
{
    JsonWriter j;
    j.printObject([&] {
        writeAnalysisFields(j, t, r, flops, top);
        writeSourceLines(j, r, top, allFrames);
    });
}

QString bytesText(std::int64_t b)
{
    return b < 0 ? tr("unknown") : analysis::figure::gib(double(b));
}

// The ten rows of each summary that take the most time (every row in --json).
void writeSummariesText(const analysis::TimeSummaries &sum)
{
    namespace figure = analysis::figure;
    const auto &kernels = sum.kernels;
    std::printf("%s\n", qPrintable(tr("kernels by GPU time (%1 names; the first 10):").arg(kernels.size())));
    for (std::size_t k = 0; k < kernels.size() && k < 10; ++k) {
        const analysis::KernelSummaryRow &row = kernels[k];
        std::printf("  %6.2f %%  %12s  %8lld x  %-13s %s\n", row.gpuTimePct, qPrintable(figure::ms(double(row.totalNs))),
                    static_cast<long long>(row.count), analysis::kernelClassName(row.cls), qPrintable(row.name.left(100)));
    }
    const auto &ops = sum.ops.rows;
    std::printf("%s\n", qPrintable(tr("operators by self CPU time (%1 rows; the first 10): self, total, device").arg(ops.size())));
    for (std::size_t k = 0; k < ops.size() && k < 10; ++k) {
        const analysis::OpSummaryRow &row = ops[k];
        const QString name = row.inputShapes.isEmpty() ? row.name : row.name + QLatin1Char(' ') + row.inputShapes;
        std::printf("  %12s  %12s  %12s  %8lld x  %s\n", qPrintable(figure::ms(double(row.selfNs))),
                    qPrintable(figure::ms(double(row.totalNs))), qPrintable(figure::ms(double(row.deviceNs))),
                    static_cast<long long>(row.count), qPrintable(name.left(100)));
    }
    const auto &nodes = sum.modules.nodes;
    if (nodes.empty())
        return;
    std::vector<const analysis::ModuleNode *> byCpu;
    for (const analysis::ModuleNode &n : nodes)
        byCpu.push_back(&n);
    std::stable_sort(byCpu.begin(), byCpu.end(), [](const analysis::ModuleNode *a, const analysis::ModuleNode *b) {
        return a->cpuNs > b->cpuNs;
    });
    std::printf("%s\n", qPrintable(tr("modules by CPU time (%1 modules; the first 10): CPU, device").arg(nodes.size())));
    for (std::size_t k = 0; k < byCpu.size() && k < 10; ++k)
        std::printf("  %12s  %12s  %8lld x  %s\n", qPrintable(figure::ms(double(byCpu[k]->cpuNs))),
                    qPrintable(figure::ms(double(byCpu[k]->deviceNs))), static_cast<long long>(byCpu[k]->count),
                    qPrintable(byCpu[k]->path.right(100)));
}

// The ten Python lines that launched the most GPU time (then CPU time); every row in --json.
void writeSourceLinesText(const analysis::AnalysisResult &r, bool allFrames)
{
    namespace figure = analysis::figure;
    if (r.sourceLines.pythonSlices == 0)
        return;
    const analysis::SourceLines s = allFrames ? r.sourceLines : analysis::myCodeOnly(r.sourceLines);
    const int n = int(std::min<std::size_t>(s.lines.size(), INT_MAX));
    std::printf("%s\n", qPrintable(s.myCodeOnly ? QCoreApplication::translate("cli", "source lines by launched GPU time (%n lines, my code only; the first 10): GPU, CPU total, CPU self", nullptr, n)
                                                 : QCoreApplication::translate("cli", "source lines by launched GPU time (%n lines, every frame; the first 10): GPU, CPU total, CPU self", nullptr, n)));
    for (std::size_t k = 0; k < s.lines.size() && k < 10; ++k) {
        const analysis::SourceLine &l = s.lines[k];
        const QString where = l.file.isEmpty() ? l.function : QStringLiteral("%1 %2").arg(l.location(), l.function);
        std::printf("  %12s  %12s  %12s  %8lld x  %s\n", qPrintable(figure::ms(double(l.gpuNs))), qPrintable(figure::ms(double(l.cpuTotalNs))),
                    qPrintable(figure::ms(double(l.cpuSelfNs))), static_cast<long long>(l.calls), qPrintable(where.right(100)));
    }
}

// Why the GPU waits on the CPU, in short: the launches, each stream's idle time by HTA's three
// categories and its queue, the three worst launches (--json has them all).
void writeLaunchText(const analysis::AnalysisResult &r, TimeNs origin)
{
    namespace figure = analysis::figure;
    const analysis::LaunchStats &l = r.launchStats;
    if (l.launches == 0) {
        std::printf("%s\n", qPrintable(tr("launches: none matched to a launch call")));
    } else {
        std::printf("%s\n", qPrintable(tr("launches: %1, launch delay median %2, p95 %3; %4 ran shorter than their call, %5 calls over 50 µs, %6 delays over 100 µs")
                                           .arg(figure::count(double(l.launches)), figure::us(l.medianDelayNs.value_or(0)),
                                                figure::us(l.p95DelayNs.value_or(0)), figure::count(double(l.gpuShorterThanCpu)),
                                                figure::count(double(l.runtimeOutliers)), figure::count(double(l.delayOutliers)))));
        for (std::size_t k = 0; k < l.worst.size() && k < 3; ++k)
            std::printf("  %s\n", qPrintable(tr("delay %1 at %2 ms: %3")
                                                 .arg(figure::us(double(l.worst[k].delay)))
                                                 .arg(us(l.worst[k].start, origin) / 1000.0, 0, 'f', 3)
                                                 .arg(l.worst[k].name.left(100))));
    }
    if (!r.idleBreakdown.streams.empty())
        std::printf("%s\n", qPrintable(tr("idle per stream (host wait / kernel wait / other):")));
    for (const analysis::StreamIdle &s : r.idleBreakdown.streams)
        std::printf("  %s\n", qPrintable(tr("stream %1: %2 idle = %3 (%4) / %5 (%6) / %7 (%8)")
                                             .arg(s.stream)
                                             .arg(figure::ms(double(s.idle)), figure::ms(double(s.hostWait)), figure::pct(s.sharePct(s.hostWait)),
                                                  figure::ms(double(s.kernelWait)), figure::pct(s.sharePct(s.kernelWait)),
                                                  figure::ms(double(s.other)), figure::pct(s.sharePct(s.other)))));
    if (!r.queueLengths.empty())
        std::printf("%s\n", qPrintable(tr("launch queue per stream (mean, max, time at the limit of %1):").arg(analysis::kQueueLimit)));
    for (const analysis::StreamQueue &q : r.queueLengths)
        std::printf("  %s\n", qPrintable(tr("stream %1: %2, %3, %4")
                                             .arg(q.stream)
                                             .arg(q.mean, 0, 'f', 2)
                                             .arg(q.max)
                                             .arg(figure::ms(double(q.fullNs)))));
}

void writeText(const Trace &t, const analysis::AnalysisResult &r, const analysis::MeasuredFlops *flops, bool allFrames)
{
    const TimeNs o = t.minTs;
    const auto &tb = r.temporal;
    std::printf("%s\n", qPrintable(tr("%1").arg(t.path)));
    for (const QString &w : r.warnings)
        std::printf("%s\n", qPrintable(tr("warning: %1").arg(w)));
    if (tb.activities == 0) {
        std::printf("%s\n", qPrintable(tr("GPU time: no GPU activity")));
    } else {
        std::printf("%s\n", qPrintable(tr("GPU time: idle %1%, compute %2%, non-compute %3% of %4 ms; comm-compute overlap %5%")
                                           .arg(tb.idlePct, 0, 'f', 2)
                                           .arg(tb.computePct, 0, 'f', 2)
                                           .arg(tb.nonComputePct, 0, 'f', 2)
                                           .arg(usDur(tb.span) / 1000.0, 0, 'f', 1)
                                           .arg(tb.commCompOverlapPct, 0, 'f', 2)));
    }
    if (tb.definition == analysis::GpuTimeDefinition::Hta) {
        // The count goes in a variable first: lupdate 6.4 hangs on a template call inside translate()'s arguments.
        const int streamEvents = int(std::min<std::size_t>(tb.streamEvents, INT32_MAX));
        std::printf("%s\n", qPrintable(QCoreApplication::translate(
                                           "cli", "  (Holistic Trace Analysis' definition: every event with args.stream is GPU time, %n of them not device activity)",
                                           nullptr, streamEvents)));
    }
    if (tb.lastStepExcluded)
        std::printf("%s\n", qPrintable(tr("  (last ProfilerStep left out, as Holistic Trace Analysis does)")));
    std::printf("%s\n", qPrintable(tr("steps: %1").arg(r.steps.size())));
    for (const auto &s : r.steps)
        std::printf("  %-20s %14.3f ms  %10.3f ms\n", qPrintable(s.name), us(s.start, o) / 1000.0, usDur(s.dur) / 1000.0);
    std::printf("%s\n", qPrintable(tr("gaps: %1").arg(r.gaps.size())));
    for (const auto &g : r.gaps)
        std::printf("  GPU %d stream %lld  at %12.3f ms  %9.3f ms  %-11s %s\n", g.device, static_cast<long long>(g.stream),
                    us(g.start, o) / 1000.0, usDur(g.dur) / 1000.0, analysis::gapCauseName(g.cause), qPrintable(g.evidence));
    const auto &m = r.mfu;
    const bool userPeak = m.peakSource == QLatin1String("user");
    // The step time and MFU as every surface spells them, with the steps they measure.
    namespace figure = analysis::figure;
    const QString stepText = r.figures.stepTimeNs ? figure::stepTime(*r.figures.stepTimeNs) : QString();
    const QString stepScope = figure::stepScope(r.figures.scope);
    if (r.figures.samplesPerSPerGpu) {
        std::printf("%s\n", qPrintable(tr("throughput: step %1 (%2), %3 samples/s/GPU; MFU needs tokens (--params and --tokens-per-step): "
                                           "its 6 × parameters rule is a transformer's")
                                           .arg(stepText, stepScope, figure::samplesPerS(*r.figures.samplesPerSPerGpu))));
    } else if (m.valid) {
        std::printf("%s\n", qPrintable(tr("MFU: step %1 (%2), %3 tokens/s/GPU, %4 TFLOPS of %5 TFLOPS peak (%6) = %7")
                                           .arg(stepText, stepScope, figure::tokensPerS(m.tokensPerSPerGpu),
                                                figure::tflops(m.achievedTflops), plainNumberText(m.peakTflops),
                                                peakSourceText(userPeak, m.gpuName), figure::pct(m.mfuPct))));
    } else if (m.stepS <= 0) {
        std::printf("%s\n", qPrintable(tr("MFU: no ProfilerStep in what was analysed: MFU needs step times")));
    } else if (m.achievedTflops > 0) {
        // The model's inputs were given: only the peak is missing (no GPU named, or not in the table).
        const QString gpu = m.gpuName.isEmpty() ? tr("the trace names no GPU") : tr("no peak known for GPU '%1'").arg(m.gpuName);
        std::printf("%s\n", qPrintable(tr("MFU: step %1 (%2), %3 tokens/s/GPU, %4 TFLOPS; %5: give --peak-tflops")
                                           .arg(stepText, stepScope, figure::tokensPerS(m.tokensPerSPerGpu),
                                                figure::tflops(m.achievedTflops), gpu)));
    } else {
        std::printf("%s\n", qPrintable(tr("MFU: step %1 (%2); give --params and --tokens-per-step (and --peak-tflops for an unknown GPU)")
                                           .arg(stepText, stepScope)));
    }
    if (flops) {
        std::printf("%s\n", qPrintable(tr("measured: %1 TFLOP in %2 of %3 operators carrying flops")
                                           .arg(flops->flops / 1e12, 0, 'f', 3)
                                           .arg(flops->opsWithFlops)
                                           .arg(flops->opsRead)));
        if (flops->invalid > 0)
            std::printf("%s\n", qPrintable(tr("measured: %1 flops args skipped (negative, not a number or implausibly large)").arg(flops->invalid)));
    }
    std::printf("%s\n", qPrintable(tr("memory: peak allocated %1, peak reserved %2, %3 cudaMalloc, %4 cudaFree calls")
                                       .arg(bytesText(r.memory.peakAllocated), bytesText(r.memory.peakReserved))
                                       .arg(r.memory.mallocCalls)
                                       .arg(r.memory.freeCalls)));
    writeLaunchText(r, o);
    writeSummariesText(r.summaries);
    writeSourceLinesText(r, allFrames);
    if (r.criticalPath.valid) {
        const analysis::CriticalPath &cp = r.criticalPath;
        QStringList parts;
        for (int k = 0; k < analysis::kPathParts; ++k) {
            const auto p = analysis::PathPart(k);
            parts << tr("%1 %2").arg(analysis::pathPartLabel(p), figure::pct(cp.sharePct(p)));
        }
        const QString which = cp.scope == analysis::RangeKind::Step ? (cp.medianStep ? tr("the median step") : tr("the step analysed"))
                                                                    : cp.scope == analysis::RangeKind::Window ? tr("the window analysed")
                                                                                                              : tr("the annotation analysed");
        std::printf("%s\n", qPrintable(tr("critical path of %1 (%2, %3): %4")
                                           .arg(analysis::criticalPathScope(cp, o), which,
                                                figure::ms(double(cp.lengthNs)), parts.join(QStringLiteral(", ")))));
        std::printf("  %s\n", qPrintable(analysis::criticalPathSentence(cp)));
    } else if (!r.criticalPath.error.isEmpty()) {
        std::printf("%s\n", qPrintable(tr("critical path: none (%1)").arg(r.criticalPath.error)));
    }
    std::printf("%s\n", qPrintable(tr("advice: %1").arg(r.advice.size())));
    for (const auto &a : r.advice)
        std::printf("  - %s\n    %s\n", qPrintable(a.title), qPrintable(a.evidence));
}

} // namespace

CommandSpec analyzeArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("TRACE [options]"),
        {{n("TRACE"), QT_TRANSLATE_NOOP("cli", "a trace: .json or .json.gz as torch.profiler writes it")}},
        {
            number({n("gap-ms")}, "X", between(0, kMaxTimeMs), QT_TRANSLATE_NOOP("cli", "shortest gap listed, in ms (default 15; fractions down to 0.001)"),
                   QT_TRANSLATE_NOOP("cli", "--gap-ms needs a number of milliseconds")),
            choice({n("gap-kernels")}, {n("gemm"), n("all")},
                   QT_TRANSLATE_NOOP("cli", "gemm (default): gaps between two GEMM kernels; all: any gap of a compute stream"),
                   QT_TRANSLATE_NOOP("cli", "--gap-kernels takes gemm or all")),
            number({n("params")}, "N", aboveAtMost(0, kMaxParams), QT_TRANSLATE_NOOP("cli", "model parameters, for MFU (e.g. 7e9)"),
                   QT_TRANSLATE_NOOP("cli", "--params needs a positive number")),
            number({n("tokens-per-step")}, "N", aboveAtMost(0, kMaxTokens), QT_TRANSLATE_NOOP("cli", "tokens per step per GPU, for MFU"),
                   QT_TRANSLATE_NOOP("cli", "--tokens-per-step needs a positive number")),
            flag({n("tokens-global")}, QT_TRANSLATE_NOOP("cli", "--tokens-per-step counts all GPUs (divided by the world size)")),
            number({n("samples-per-step")}, "N", aboveAtMost(0, kMaxTokens),
                   QT_TRANSLATE_NOOP("cli", "samples (images) per step per GPU, for samples/s where the model is no transformer (no MFU)"),
                   QT_TRANSLATE_NOOP("cli", "--samples-per-step needs a positive number")),
            number({n("peak-tflops")}, "X", aboveAtMost(0, kMaxTflops), QT_TRANSLATE_NOOP("cli", "GPU peak instead of the table's entry for the traced GPU"),
                   QT_TRANSLATE_NOOP("cli", "--peak-tflops needs a positive number")),
            integer({n("step")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "analyse ProfilerStep#N only"),
                    QT_TRANSLATE_NOOP("cli", "--step needs a step number")),
            text({n("annotation")}, "NAME",
                 QT_TRANSLATE_NOOP("cli", "analyse one occurrence of the record_function / user annotation (or any CPU slice) named NAME, "
                                          "with its critical path: for traces without ProfilerStep")),
            integer({n("instance")}, "K", between(0, analysis::kMaxAnnotationInstances - 1),
                    QT_TRANSLATE_NOOP("cli", "which occurrence of --annotation, 0-based by start time (default 0)"),
                    QT_TRANSLATE_NOOP("cli", "--instance needs a whole number from 0")),
            number({n("from-us")}, "A", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "analyse from A (µs from the first event); needs --to-us"),
                   QT_TRANSLATE_NOOP("cli", "--from-us needs a number")),
            number({n("to-us")}, "B", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "analyse up to B (µs from the first event); needs --from-us"),
                   QT_TRANSLATE_NOOP("cli", "--to-us needs a number")),
            flag({n("measure-flops")}, QT_TRANSLATE_NOOP("cli", "also sum the flops args of operators (with_flops=True; slow)")),
            flag({n("hta")}, QT_TRANSLATE_NOOP("cli", "GPU time as Holistic Trace Analysis counts it: every event with args.stream "
                                                      "(also Triton launcher cpu_ops and cuda_sync events)")),
            threadsOption(QT_TRANSLATE_NOOP("cli", "loader threads (default: one per core; at most 256)")),
            integer({n("top")}, "N", between(0, kMaxTop), QT_TRANSLATE_NOOP("cli", "write only the first N rows of the kernel, operator, module and source-line summaries (default and 0: all, as compare's --top 0)"),
                    QT_TRANSLATE_NOOP("cli", "--top takes a whole number of rows")),
            flag({n("op-shapes")}, QT_TRANSLATE_NOOP("cli", "group the operator summary by input shapes (traces recorded with record_shapes; reads each operator's args)")),
            flag({n("all-frames")}, QT_TRANSLATE_NOOP("cli", "source lines of every Python frame; by default the standard library's and torch's "
                                                             "frames fold into the user code that called them (my code only)")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

int runAnalyze(const Invocation &args)
{
    analysis::AnalysisOptions opt;
    if (const int rc = readAnalysisOptions(args, &opt); rc != Ok)
        return rc;
    opt.step = args.integer("step", opt.step);
    opt.opsByInputShapes = args.isSet("op-shapes");
    const std::size_t top = args.isSet("top") && args.integer("top", 0) > 0 ? std::size_t(args.integer("top", 0)) : SIZE_MAX;
    const double fromUs = args.number("from-us", -1), toUs = args.number("to-us", -1);
    const bool measure = args.isSet("measure-flops");
    if ((fromUs >= 0) != (toUs >= 0) || (fromUs >= 0 && toUs <= fromUs))
        return args.fail(tr("--from-us and --to-us go together, with --to-us after --from-us"));
    if (fromUs >= 0 && args.isSet("step")) // alternatives: the step would silently win
        return args.fail(tr("--step and --from-us/--to-us exclude each other"));
    if (args.isSet("annotation") && (fromUs >= 0 || args.isSet("step")))
        return args.fail(tr("--annotation, --step and --from-us/--to-us exclude each other"));
    if (args.isSet("instance") && !args.isSet("annotation"))
        return args.fail(tr("--instance needs --annotation"));
    opt.annotation = args.text("annotation");
    opt.instance = args.integer("instance", 0);
    if (args.isSet("annotation") && opt.annotation.isEmpty())
        return args.fail(tr("--annotation needs a name"));

    const std::shared_ptr<Trace> trace = loadTraceOrReport(args.positionals().first(), args.integer("threads", 0));
    if (!trace)
        return Unreadable;
    const Trace &t = *trace;
    if (fromUs >= 0) {
        // Both bounded by kMaxTimeUs, so the nanoseconds and the sums stay inside int64.
        opt.range = {t.minTs + TimeNs(std::llround(fromUs * 1000)), t.minTs + TimeNs(std::llround(toUs * 1000))};
        // A window past the last event holds nothing: said, rather than figures of nothing.
        if (fromUs > 0 && opt.range.from >= t.maxTs)
            return args.fail(tr("the window %1 to %2 µs starts after the trace ends (%3 µs)")
                                 .arg(fromUs, 0, 'f', 3)
                                 .arg(toUs, 0, 'f', 3)
                                 .arg(usDur(t.maxTs - t.minTs), 0, 'f', 3));
    }
    const analysis::AnalysisResult r = analysis::analyze(t, opt);
    if (!r.error.isEmpty())
        return args.fail(r.error);
    analysis::MeasuredFlops flops;
    if (measure)
        flops = analysis::measuredFlops(t, r.analysed);
    if (args.isSet("json"))
        writeJson(t, r, measure ? &flops : nullptr, top, args.isSet("all-frames"));
    else
        writeText(t, r, measure ? &flops : nullptr, args.isSet("all-frames"));
    return Ok;
}

} // namespace lanescope::cli
