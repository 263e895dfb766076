// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"

#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/measures/ops_efficiency/OpFlops.h"
#include "core/analysis/run/KernelClass.h"
#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace lanescope::analysis {

namespace {

QString shapesText(const OpInputs &in)
{
    QStringList parts;
    for (const auto &d : in.dims) {
        QStringList x;
        for (std::int64_t v : d)
            x << QString::number(v);
        parts << QLatin1Char('[') + x.join(QLatin1Char(',')) + QLatin1Char(']');
    }
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

// 0: not low; 1: fp4; 2: fp8 (of two kernels of one call, the wider rate wins).
std::uint8_t lowCode(const QString &dtype)
{
    return dtype == QLatin1String("fp8") ? 2 : dtype == QLatin1String("fp4") ? 1 : 0;
}

// The CPU slices (track << 32 | slice) that launched a GEMM or attention kernel named as an fp8 /
// fp4 one, linked as LaunchedDeviceTime links them (a launch flow or the correlation).
std::unordered_map<std::uint64_t, std::uint8_t> lowPrecisionLaunches(const Trace &t)
{
    std::unordered_map<std::uint64_t, std::uint8_t> out;
    std::unordered_map<StringId, std::uint8_t> byName;
    for (const Flow &f : t.flows) {
        if ((f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation) || f.toTrack >= t.tracks.size()
            || f.fromTrack >= t.tracks.size())
            continue;
        const Track &to = t.tracks[f.toTrack];
        if (to.kind != TrackKind::Gpu || t.tracks[f.fromTrack].kind == TrackKind::Gpu || f.toSlice >= to.size())
            continue;
        const StringId name = to.nameId[f.toSlice];
        auto it = byName.find(name);
        if (it == byName.end()) {
            const std::string_view n = t.strings.view(name);
            const KernelClass k = classifyKernel(n);
            it = byName.emplace(name, k == KernelClass::Gemm || k == KernelClass::Attention ? lowCode(lowPrecisionOfKernel(n)) : 0)
                     .first;
        }
        if (it->second) {
            std::uint8_t &code = out[(std::uint64_t(f.fromTrack) << 32) | f.fromSlice];
            code = std::max(code, it->second);
        }
    }
    return out;
}

} // namespace

double computePeakFor(const RooflinePeaks &p, const QString &dtype, bool convolution)
{
    if (dtype == QLatin1String("bf16") || dtype == QLatin1String("fp16"))
        return p.bf16Tflops;
    if (dtype == QLatin1String("fp32"))
        return convolution && p.tf32Tflops > 0 ? p.tf32Tflops : p.fp32Tflops;
    if (dtype == QLatin1String("fp64"))
        return p.fp64Tflops;
    if (dtype == QLatin1String("fp8"))
        return p.fp8Tflops;
    if (dtype == QLatin1String("fp4"))
        return p.fp4Tflops;
    return 0;
}

const char *boundName(Bound b)
{
    switch (b) {
    case Bound::Compute: return "compute";
    case Bound::Memory: return "memory";
    case Bound::Unknown: break;
    }
    return nullptr;
}

OpsEfficiency opsEfficiency(const Trace &t, TimeRange window, const RooflinePeaks &peaks, const detail::LaunchedDeviceTime *given)
{
    OpsEfficiency out;
    out.peaks = peaks;
    // The caller's peaks come from the MFU's device (the trace's first GPU); its FP8 / FP4 figures,
    // where the caller has none, from the same table row.
    if ((!(out.peaks.fp8Tflops > 0) || !(out.peaks.fp4Tflops > 0)) && !t.devices.empty()) {
        const ResolvedPeak row = resolvePeak(t.devices.front().name, {});
        if (!(out.peaks.fp8Tflops > 0))
            out.peaks.fp8Tflops = row.fp8Tflops;
        if (!(out.peaks.fp4Tflops > 0))
            out.peaks.fp4Tflops = row.fp4Tflops;
    }
    std::vector<char> counted(t.strings.size(), 0);
    bool any = false;
    for (StringId id = 0; id < t.strings.size(); ++id)
        if (isCountedOp(t.strings.view(id))) {
            counted[id] = 1;
            any = true;
        }
    if (!any || !t.source)
        return out;

    // The outermost counted calls in the window, with their launched GPU time.
    struct Call
    {
        std::uint64_t offset;
        StringId name;
        TimeNs gpuNs;
        std::uint8_t low; // lowCode of its GEMM kernels' names
    };
    std::vector<Call> calls;
    const std::optional<detail::LaunchedDeviceTime> own = given ? std::nullopt : std::optional<detail::LaunchedDeviceTime>(t);
    const detail::LaunchedDeviceTime &launched = given ? *given : *own;
    const auto lowLaunches = lowPrecisionLaunches(t);
    const auto lowOf = [&](std::size_t track, std::size_t slice) -> std::uint8_t {
        if (lowLaunches.empty())
            return 0;
        const auto it = lowLaunches.find((std::uint64_t(track) << 32) | slice);
        return it == lowLaunches.end() ? 0 : it->second;
    };
    for (std::size_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        TimeNs openUntil = std::numeric_limits<TimeNs>::min(); // the end of the counted call around
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (!counted[tr.nameId[i]] || tr.start[i] < openUntil)
                continue; // not counted, or inside one that is
            openUntil = tr.end(i);
            if (!window.empty() && !window.contains(tr.start[i]))
                continue;
            TimeNs gpu = launched.of(k, i);
            std::uint8_t low = lowOf(k, i);
            for (std::size_t j = i + 1; j < tr.size() && tr.start[j] < tr.end(i); ++j) {
                gpu += launched.of(k, j);
                low = std::max(low, lowOf(k, j));
            }
            calls.push_back({tr.fileOffset[i], tr.nameId[i], gpu, low});
        }
    }
    std::sort(calls.begin(), calls.end(), [](const Call &a, const Call &b) { return a.offset < b.offset; });

    std::map<std::tuple<QString, QString, QString>, OpEfficiencyRow> rows;
    SourceReader reader(*t.source);
    // Reads from the mapping: a file cut short under us faults (SigbusGuard.h) and ends the count.
    // record_shapes is one switch for the whole profile: when the first calls carry no Input Dims,
    // none does, and the rest are not read (a trace without shapes pays kProbeCalls reads, not one
    // per GEMM).
    constexpr std::int64_t kProbeCalls = 32;
    bool anyShapes = false;
    runGuarded([&] {
        for (const Call &c : calls) {
            const std::string_view name = t.strings.view(c.name);
            const OpInputs in = parseOpInputs(reader.object(c.offset));
            ++out.callsRead;
            anyShapes = anyShapes || in.ok;
            if (out.callsRead == kProbeCalls && !anyShapes)
                break;
            const OpCost cost = opCost(name, in);
            if (cost.flops < 0)
                continue;
            ++out.callsCounted;
            // The kernels' names say fp8 / fp4 where the inputs' types do not (a quantising op
            // around a bf16 call): the product ran at that rate. Types that say so already stay.
            const QString dtype = c.low > lowCode(cost.dtype) ? (c.low == 2 ? QStringLiteral("fp8") : QStringLiteral("fp4")) : cost.dtype;
            OpEfficiencyRow &r = rows[{t.name(c.name), shapesText(in), dtype}];
            if (r.count == 0) {
                r.name = t.name(c.name);
                r.shapes = shapesText(in);
                r.dtype = dtype;
                r.bytes = cost.bytes >= 0 ? 0 : -1;
            }
            ++r.count;
            r.flops += cost.flops;
            if (r.bytes >= 0 && cost.bytes >= 0)
                r.bytes += cost.bytes;
            r.gpuNs += c.gpuNs;
            out.totalFlops += cost.flops;
            out.totalGpuNs += c.gpuNs;
        }
    });
    std::map<std::pair<QString, bool>, double> flopsByRoof; // (dtype, convolution) -> FLOPs
    for (auto &[key, r] : rows) {
        const bool conv = isConvolutionOp(r.name.toStdString());
        flopsByRoof[{r.dtype, conv}] += r.flops;
        const double peak = computePeakFor(out.peaks, r.dtype, conv);
        if (peak > 0)
            r.peakTflops = peak;
        if (r.bytes > 0)
            r.intensity = r.flops / r.bytes;
        if (r.gpuNs > 0) {
            r.achievedTflops = r.flops / double(r.gpuNs) / 1e3; // FLOP per ns = GFLOP/s
            if (peak > 0)
                r.pctOfPeak = 100.0 * r.achievedTflops / peak;
            if (r.bytes >= 0)
                r.achievedTBps = r.bytes / double(r.gpuNs) / 1e3; // bytes per ns = GB/s
        }
        if (peak > 0 && out.peaks.hbmTBps > 0 && r.intensity > 0) {
            // TFLOPS / (TB/s) = FLOPs per byte: the ridge point where the two roofs meet.
            r.attainableTflops = std::min(peak, r.intensity * out.peaks.hbmTBps);
            r.bound = r.intensity >= peak / out.peaks.hbmTBps ? Bound::Compute : Bound::Memory;
            if (r.achievedTflops >= 0)
                r.pctOfRoofline = 100.0 * r.achievedTflops / r.attainableTflops;
        }
        out.ops.push_back(std::move(r));
    }
    // The roof the chart draws: the dtype (and convolution or not) with the most FLOPs.
    double most = -1;
    for (const auto &[key, f] : flopsByRoof)
        if (f > most) {
            most = f;
            out.dominantDtype = key.first;
            out.dominantPeakTflops = computePeakFor(out.peaks, key.first, key.second);
        }
    // Every known roof, one per peak (bf16 and fp16 share one), the dominant first.
    for (const auto &[key, f] : flopsByRoof) {
        const double peak = computePeakFor(out.peaks, key.first, key.second);
        if (!(peak > 0))
            continue;
        const auto same = std::find_if(out.roofs.begin(), out.roofs.end(), [&](const OpsEfficiency::Roof &r) { return r.tflops == peak; });
        if (same != out.roofs.end()) {
            same->flops += f;
            if (!same->dtype.split(QLatin1Char('/')).contains(key.first))
                same->dtype += QLatin1Char('/') + key.first;
        } else {
            out.roofs.push_back({key.first, peak, f});
        }
    }
    std::sort(out.roofs.begin(), out.roofs.end(), [&](const OpsEfficiency::Roof &a, const OpsEfficiency::Roof &b) {
        const bool da = a.tflops == out.dominantPeakTflops, db = b.tflops == out.dominantPeakTflops;
        return da != db ? da : a.flops > b.flops;
    });
    std::sort(out.ops.begin(), out.ops.end(), [](const OpEfficiencyRow &a, const OpEfficiencyRow &b) {
        return a.flops != b.flops ? a.flops > b.flops : a.name < b.name;
    });
    return out;
}

} // namespace lanescope::analysis
