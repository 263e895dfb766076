// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"

#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/analysis/measures/ops_efficiency/OpFlops.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

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

} // namespace

double computePeakFor(const RooflinePeaks &p, const QString &dtype, bool convolution)
{
    if (dtype == QLatin1String("bf16") || dtype == QLatin1String("fp16"))
        return p.bf16Tflops;
    if (dtype == QLatin1String("fp32"))
        return convolution && p.tf32Tflops > 0 ? p.tf32Tflops : p.fp32Tflops;
    if (dtype == QLatin1String("fp64"))
        return p.fp64Tflops;
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
    };
    std::vector<Call> calls;
    const std::optional<detail::LaunchedDeviceTime> own = given ? std::nullopt : std::optional<detail::LaunchedDeviceTime>(t);
    const detail::LaunchedDeviceTime &launched = given ? *given : *own;
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
            for (std::size_t j = i + 1; j < tr.size() && tr.start[j] < tr.end(i); ++j)
                gpu += launched.of(k, j);
            calls.push_back({tr.fileOffset[i], tr.nameId[i], gpu});
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
            OpEfficiencyRow &r = rows[{t.name(c.name), shapesText(in), cost.dtype}];
            if (r.count == 0) {
                r.name = t.name(c.name);
                r.shapes = shapesText(in);
                r.dtype = cost.dtype;
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
        const double peak = computePeakFor(peaks, r.dtype, conv);
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
        if (peak > 0 && peaks.hbmTBps > 0 && r.intensity > 0) {
            // TFLOPS / (TB/s) = FLOPs per byte: the ridge point where the two roofs meet.
            r.attainableTflops = std::min(peak, r.intensity * peaks.hbmTBps);
            r.bound = r.intensity >= peak / peaks.hbmTBps ? Bound::Compute : Bound::Memory;
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
            out.dominantPeakTflops = computePeakFor(peaks, key.first, key.second);
        }
    std::sort(out.ops.begin(), out.ops.end(), [](const OpEfficiencyRow &a, const OpEfficiencyRow &b) {
        return a.flops != b.flops ? a.flops > b.flops : a.name < b.name;
    });
    return out;
}

} // namespace lanescope::analysis
