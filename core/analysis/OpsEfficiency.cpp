// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/OpsEfficiency.h"

#include "core/analysis/LaunchedDeviceTime.h"
#include "core/analysis/OpFlops.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

namespace lanescope::analysis {

namespace {

bool countedName(std::string_view n)
{
    return n == "aten::mm" || n == "aten::addmm" || n == "aten::bmm" || n == "aten::baddbmm" || n == "aten::linear"
        || n == "aten::matmul" || (n.substr(0, 6) == "aten::" && n.find("scaled_dot_product") != std::string_view::npos)
        || n.substr(0, 11) == "flash_attn:";
}

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

OpsEfficiency opsEfficiency(const Trace &t, TimeRange window, double peakTflops, const detail::LaunchedDeviceTime *given)
{
    OpsEfficiency out;
    std::vector<char> counted(t.strings.size(), 0);
    bool any = false;
    for (StringId id = 0; id < t.strings.size(); ++id)
        if (countedName(t.strings.view(id))) {
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
    runGuarded([&] {
        for (const Call &c : calls) {
            const std::string_view name = t.strings.view(c.name);
            const OpInputs in = parseOpInputs(reader.object(c.offset));
            ++out.callsRead;
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
    for (auto &[key, r] : rows) {
        if (r.gpuNs > 0) {
            r.achievedTflops = r.flops / double(r.gpuNs) / 1e3; // FLOP per ns = GFLOP/s
            if (peakTflops > 0 && (r.dtype == QLatin1String("bf16") || r.dtype == QLatin1String("fp16")))
                r.pctOfPeak = 100.0 * r.achievedTflops / peakTflops;
        }
        out.ops.push_back(std::move(r));
    }
    std::sort(out.ops.begin(), out.ops.end(), [](const OpEfficiencyRow &a, const OpEfficiencyRow &b) {
        return a.flops != b.flops ? a.flops > b.flops : a.name < b.name;
    });
    return out;
}

} // namespace lanescope::analysis
