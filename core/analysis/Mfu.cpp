// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/Mfu.h"

#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <algorithm>

namespace lanescope::analysis {

const std::vector<GpuPeak> &gpuPeakTable()
{
    // Dense bf16/fp16 tensor TFLOPS. NVIDIA's datasheets quote "with sparsity" figures for Ampere and
    // later; the dense figure is half of it.
    static const std::vector<GpuPeak> table = {
        {"B200", 2250, "NVIDIA DGX B200 datasheet (2024): 72 PFLOPS FP16/BF16 dense per 8 GPUs"},
        {"GH200", 989, "NVIDIA GH200 Grace Hopper datasheet: 1,979 TFLOPS BF16 with sparsity"},
        {"H200", 989, "NVIDIA H200 Tensor Core GPU datasheet (2024): 1,979 TFLOPS BF16 with sparsity (SXM)"},
        {"H100 NVL", 835, "NVIDIA H100 datasheet (2023): H100 NVL 1,671 TFLOPS BF16 with sparsity"},
        {"H100 PCIe", 756, "NVIDIA H100 datasheet (2022): H100 PCIe 1,513 TFLOPS BF16 with sparsity"},
        {"H800 PCIe", 756, "as H100 PCIe (export variant, same tensor cores)"},
        {"H100", 989, "NVIDIA H100 datasheet (2022): H100 SXM 1,979 TFLOPS BF16 with sparsity"},
        {"H800", 989, "as H100 SXM (export variant, same tensor cores)"},
        {"A100", 312, "NVIDIA A100 datasheet (2020): 312 TFLOPS BF16/FP16 (624 with sparsity), SXM and PCIe"},
        {"A800", 312, "as A100 (export variant)"},
        {"A10G", 70, "AWS EC2 G5 (A10G): 70 TFLOPS FP16 tensor dense (NVIDIA A10G product brief)"},
        {"A10", 125, "NVIDIA A10 datasheet (2021): 125 TFLOPS BF16 (250 with sparsity)"},
        {"A30", 165, "NVIDIA A30 datasheet (2021): 165 TFLOPS BF16 (330 with sparsity)"},
        {"L40S", 362, "NVIDIA L40S datasheet (2023): 733 TFLOPS BF16 with sparsity"},
        {"L40", 181, "NVIDIA L40 datasheet (2022): 362 TFLOPS BF16 with sparsity"},
        {"L4", 121, "NVIDIA L4 datasheet (2023): 242 TFLOPS BF16 with sparsity"},
        {"V100S", 130, "NVIDIA V100S datasheet (2019): 130 TFLOPS tensor"},
        {"V100-PCIE", 112, "NVIDIA V100 datasheet (2018): 112 TFLOPS tensor (PCIe)"},
        {"V100 PCIe", 112, "NVIDIA V100 datasheet (2018): 112 TFLOPS tensor (PCIe)"},
        {"V100", 125, "NVIDIA V100 datasheet (2018): 125 TFLOPS tensor (SXM2)"},
        {"Tesla T4", 65, "NVIDIA T4 datasheet (2019): 65 TFLOPS FP16 tensor"},
        {"MI300X", 1307, "AMD Instinct MI300X datasheet (2023): 1,307.4 TFLOPS FP16/BF16 dense"},
        {"MI250X", 383, "AMD Instinct MI250X datasheet (2021): 383 TFLOPS FP16/BF16"},
        {"MI250", 362, "AMD Instinct MI250 datasheet (2021): 362.1 TFLOPS FP16/BF16"},
        {"MI210", 181, "AMD Instinct MI210 datasheet (2022): 181 TFLOPS FP16/BF16"},
    };
    return table;
}

const GpuPeak *peakForGpu(const QString &deviceName)
{
    for (const GpuPeak &p : gpuPeakTable())
        if (deviceName.contains(QLatin1String(p.match.data(), qsizetype(p.match.size())), Qt::CaseInsensitive))
            return &p;
    return nullptr;
}

double overrideFor(std::string_view match, const PeakOverrides &overrides)
{
    const QLatin1String m(match.data(), qsizetype(match.size()));
    for (const PeakOverride &o : overrides)
        if (o.tflops > 0 && o.match == m)
            return o.tflops;
    return 0;
}

ResolvedPeak resolvePeak(const QString &deviceName, const PeakOverrides &overrides)
{
    ResolvedPeak r;
    r.row = peakForGpu(deviceName);
    if (!r.row)
        return r;
    const double user = overrideFor(r.row->match, overrides);
    r.overridden = user > 0;
    r.tflops = r.overridden ? user : r.row->tflops;
    return r;
}

MfuResult computeMfu(double params, double tokensPerSPerGpu, double peakTflops)
{
    MfuResult r;
    r.tokensPerSPerGpu = tokensPerSPerGpu;
    r.peakTflops = peakTflops;
    r.achievedTflops = 6.0 * params * tokensPerSPerGpu / 1e12;
    r.valid = params > 0 && tokensPerSPerGpu > 0 && peakTflops > 0;
    r.mfuPct = peakTflops > 0 ? 100.0 * r.achievedTflops / peakTflops : 0;
    return r;
}

MfuResult mfuFromTrace(const Trace &trace, const std::vector<Step> &steps, const MfuInputs &in)
{
    MfuResult r;
    r.stepS = medianStepNs(steps) / 1e9;
    r.worldSize = trace.worldSize > 0 ? trace.worldSize : 1;
    if (!trace.devices.empty())
        r.gpuName = trace.devices.front().name;
    double peak = in.peakTflops;
    if (peak > 0) {
        r.peakSource = QStringLiteral("user");
    } else if (const ResolvedPeak p = resolvePeak(r.gpuName, in.peakOverrides); p.row) {
        peak = p.tflops;
        // An overridden row is the user's figure, as a --peak-tflops is.
        r.peakSource = p.overridden ? QStringLiteral("user")
                                    : QString::fromUtf8(p.row->source.data(), int(p.row->source.size()));
    }
    r.peakTflops = peak;
    if (r.stepS <= 0 || in.tokensPerStep <= 0)
        return r;
    const double perGpu = in.tokensGlobal ? in.tokensPerStep / r.worldSize : in.tokensPerStep;
    if (in.items == StepItems::Samples) { // a throughput; MFU's 6P rule is a transformer's
        r.samplesPerSPerGpu = perGpu / r.stepS;
        return r;
    }
    const MfuResult c = computeMfu(in.params, perGpu / r.stepS, peak);
    r.tokensPerSPerGpu = c.tokensPerSPerGpu;
    r.achievedTflops = c.achievedTflops;
    r.mfuPct = c.mfuPct;
    r.valid = c.valid;
    return r;
}

MeasuredFlops measuredFlops(const Trace &trace, TimeRange range)
{
    // Ops for which PyTorch's profiler computes FLOPs (torch/csrc/profiler/util.cpp, computeFlops).
    static constexpr std::string_view ops[] = {"aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm",
                                               "aten::conv2d", "aten::mul", "aten::add"};
    std::vector<char> wanted(trace.strings.size(), 0);
    for (StringId id = 0; id < trace.strings.size(); ++id)
        for (auto o : ops)
            if (trace.strings.view(id) == o)
                wanted[id] = 1;
    MeasuredFlops m;
    std::vector<std::uint64_t> offsets;
    for (const Track &tr : trace.tracks) {
        if (tr.kind != TrackKind::Cpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (!wanted[tr.nameId[i]] || (!range.empty() && !range.contains(tr.start[i])))
                continue;
            const std::uint16_t cat = tr.catId[i];
            if (cat >= trace.categoryClass.size() || trace.categoryClass[cat] != CategoryClass::CpuOp)
                continue;
            offsets.push_back(tr.fileOffset[i]);
        }
    }
    if (offsets.empty() || !trace.source) {
        m.opsRead = offsets.size();
        return m;
    }
    // In file order: one pass over a .json.gz.
    std::sort(offsets.begin(), offsets.end());
    SourceReader reader(*trace.source);
    for (std::uint64_t offset : offsets) {
        const EventDetails d = readEventDetails(trace, reader, offset, EventParts::ArgsOnly);
        ++m.opsRead;
        const auto it = d.args.constFind(QStringLiteral("flops"));
        if (d.ok && it != d.args.constEnd()) {
            m.flops += it->toDouble();
            ++m.opsWithFlops;
        }
    }
    return m;
}

} // namespace lanescope::analysis
