// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/mfu/Mfu.h"

#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <algorithm>
#include <cmath>

namespace lanescope::analysis {

const std::vector<GpuPeak> &gpuPeakTable()
{
    // Dense bf16/fp16 tensor TFLOPS. NVIDIA's datasheets quote "with sparsity" figures for Ampere and
    // later; the dense figure is half of it (TF32 likewise).
    //
    // The link is what nccl-tests' busbw is compared with: the GPU's interconnect bandwidth per
    // direction (unidirectional), as NVIDIA's and AMD's datasheets quote the bidirectional total:
    // A100 SXM NVLink3 600 GB/s bidirectional = 300 GB/s per direction, H100/H200 SXM NVLink4 900 =
    // 450, B200 NVLink5 1,800 = 900, V100 SXM2 NVLink2 300 = 150, the export variants' 400 = 200.
    // PCIe cards: the slot, per direction (Gen3 x16 ~16 GB/s, Gen4 ~32, Gen5 ~64); their optional
    // NVLink bridges join pairs only, so a collective over more GPUs runs on PCIe. AMD: the sum of
    // the Infinity Fabric (xGMI) links per direction (MI300X 7 x 64 GB/s = 448).
    //
    // FP8 and FP4 (the three figures after the datasheet of the others): dense, half of the "with
    // sparsity" figure NVIDIA's datasheets quote; AMD quotes dense figures beside the sparse ones.
    // Hopper and Ada have FP8 tensor cores, Blackwell FP8 and FP4; Ampere, Volta, Turing and CDNA2
    // (MI2xx) neither (0). MI300X's FP8 is the FNUZ variant (Float8_e4m3fnuz), the same rate.
    //
    // One row per match, as the MFU always had: where one name covers variants (A100 40 GB and
    // 80 GB, SXM and PCIe), the row holds the SXM 80 GB's figures and the comment the others; the
    // user's figure in Preferences replaces any of them.
    static const std::vector<GpuPeak> table = {
        {"B200", 2250, "NVIDIA HGX B200 datasheet (2024): 36 PFLOPS FP16/BF16 with sparsity per 8 GPUs",
         1125, 75, 37, 8.0, 900, "NVLink5",
         "NVIDIA HGX B200 datasheet (2024), per GPU of 8: TF32 18 PFLOPS with sparsity, FP32 600 TFLOPS, FP64 296 TFLOPS, 64 TB/s HBM3e; NVLink5 1.8 TB/s per GPU",
         4500, 9000, "NVIDIA HGX B200 datasheet (2024), per GPU of 8: FP8 72 PFLOPS and FP4 144 PFLOPS with sparsity"},
        {"GH200", 989, "NVIDIA GH200 Grace Hopper datasheet: 1,979 TFLOPS BF16 with sparsity",
         494, 67, 67, 4.0, 450, "NVLink4",
         "NVIDIA GH200 datasheet (2023): TF32 989 TFLOPS with sparsity, FP32 67, FP64 tensor 67 TFLOPS, 96 GB HBM3 4 TB/s (144 GB HBM3e: 4.9), NVLink 900 GB/s",
         1979, 0, "NVIDIA GH200 datasheet (2023): FP8 3,958 TFLOPS with sparsity"},
        {"H200", 989, "NVIDIA H200 Tensor Core GPU datasheet (2024): 1,979 TFLOPS BF16 with sparsity (SXM)",
         494, 67, 67, 4.8, 450, "NVLink4",
         "NVIDIA H200 datasheet (2024), SXM: TF32 989 TFLOPS with sparsity, FP32 67, FP64 tensor 67 TFLOPS, HBM3e 4.8 TB/s, NVLink 900 GB/s",
         1979, 0, "NVIDIA H200 datasheet (2024), SXM: FP8 3,958 TFLOPS with sparsity"},
        {"H100 NVL", 835, "NVIDIA H100 datasheet (2023): H100 NVL 1,671 TFLOPS BF16 with sparsity",
         417.5, 60, 60, 3.9, 300, "NVLink4 bridge",
         "NVIDIA H100 datasheet (2023), H100 NVL: TF32 835 TFLOPS with sparsity, FP32 60, FP64 tensor 60 TFLOPS, HBM3 3.9 TB/s, NVLink 600 GB/s",
         1670.5, 0, "NVIDIA H100 datasheet (2023), H100 NVL: FP8 3,341 TFLOPS with sparsity"},
        {"H100 PCIe", 756, "NVIDIA H100 datasheet (2022): H100 PCIe 1,513 TFLOPS BF16 with sparsity",
         378, 51, 51, 2.0, 64, "PCIe Gen5 x16",
         "NVIDIA H100 datasheet (2022), H100 PCIe: TF32 756 TFLOPS with sparsity, FP32 51, FP64 tensor 51 TFLOPS, HBM2e 2 TB/s, PCIe Gen5 128 GB/s",
         1513, 0, "NVIDIA H100 datasheet (2022), H100 PCIe: FP8 3,026 TFLOPS with sparsity"},
        {"H800 PCIe", 756, "as H100 PCIe (export variant, same tensor cores)",
         378, 51, 0, 2.0, 64, "PCIe Gen5 x16",
         "as H100 PCIe; its FP64 is cut (no published figure)",
         1513, 0, "as H100 PCIe"},
        {"H100", 989, "NVIDIA H100 datasheet (2022): H100 SXM 1,979 TFLOPS BF16 with sparsity",
         494, 67, 67, 3.35, 450, "NVLink4",
         "NVIDIA H100 datasheet (2022), H100 SXM: TF32 989 TFLOPS with sparsity, FP32 67, FP64 tensor 67 TFLOPS, HBM3 3.35 TB/s, NVLink 900 GB/s",
         1979, 0, "NVIDIA H100 datasheet (2022), H100 SXM: FP8 3,958 TFLOPS with sparsity"},
        {"H800", 989, "as H100 SXM (export variant, same tensor cores)",
         494, 67, 0, 3.35, 200, "NVLink4",
         "as H100 SXM with NVLink cut to 400 GB/s; its FP64 is cut (no published figure)",
         1979, 0, "as H100 SXM"},
        {"A100", 312, "NVIDIA A100 datasheet (2020): 312 TFLOPS BF16/FP16 (624 with sparsity), SXM and PCIe",
         156, 19.5, 19.5, 2.039, 300, "NVLink3",
         "NVIDIA A100 datasheet (2021): TF32 156 TFLOPS, FP32 19.5, FP64 tensor 19.5; 80 GB SXM HBM2e 2,039 GB/s (40 GB: 1,555; 80 GB PCIe: 1,935), NVLink 600 GB/s (PCIe cards: PCIe Gen4 32 GB/s per direction)"},
        {"A800", 312, "as A100 (export variant)",
         156, 19.5, 19.5, 2.039, 200, "NVLink3",
         "as A100 80 GB SXM with NVLink cut to 400 GB/s"},
        {"A10G", 70, "AWS EC2 G5 (A10G): 70 TFLOPS FP16 tensor dense (NVIDIA A10G product brief)",
         35, 31.2, 0, 0.6, 32, "PCIe Gen4 x16",
         "NVIDIA A10G product brief: FP32 31.2 TFLOPS, GDDR6 600 GB/s, PCIe Gen4; TF32 half the FP16 rate, as on every Ampere part"},
        {"A10", 125, "NVIDIA A10 datasheet (2021): 125 TFLOPS BF16 (250 with sparsity)",
         62.5, 31.2, 0, 0.6, 32, "PCIe Gen4 x16",
         "NVIDIA A10 datasheet (2021): TF32 62.5 TFLOPS (125 with sparsity), FP32 31.2, GDDR6 600 GB/s, PCIe Gen4 64 GB/s"},
        {"A30", 165, "NVIDIA A30 datasheet (2021): 165 TFLOPS BF16 (330 with sparsity)",
         82, 10.3, 10.3, 0.933, 32, "PCIe Gen4 x16",
         "NVIDIA A30 datasheet (2021): TF32 82 TFLOPS (165 with sparsity), FP32 10.3, FP64 tensor 10.3, HBM2 933 GB/s, PCIe Gen4 64 GB/s"},
        {"L40S", 362, "NVIDIA L40S datasheet (2023): 733 TFLOPS BF16 with sparsity",
         183, 91.6, 0, 0.864, 32, "PCIe Gen4 x16",
         "NVIDIA L40S datasheet (2023): TF32 366 TFLOPS with sparsity, FP32 91.6, GDDR6 864 GB/s, PCIe Gen4 64 GB/s",
         733, 0, "NVIDIA L40S datasheet (2023): FP8 1,466 TFLOPS with sparsity"},
        {"L40", 181, "NVIDIA L40 datasheet (2022): 362 TFLOPS BF16 with sparsity",
         90.5, 90.5, 0, 0.864, 32, "PCIe Gen4 x16",
         "NVIDIA L40 datasheet (2022): TF32 181 TFLOPS with sparsity, FP32 90.5, GDDR6 864 GB/s, PCIe Gen4 64 GB/s",
         362, 0, "NVIDIA L40 datasheet (2022): FP8 724 TFLOPS with sparsity"},
        {"L4", 121, "NVIDIA L4 datasheet (2023): 242 TFLOPS BF16 with sparsity",
         60, 30.3, 0, 0.3, 32, "PCIe Gen4 x16",
         "NVIDIA L4 datasheet (2023): TF32 120 TFLOPS with sparsity, FP32 30.3, GDDR6 300 GB/s, PCIe Gen4 64 GB/s",
         242.5, 0, "NVIDIA L4 datasheet (2023): FP8 485 TFLOPS with sparsity"},
        {"V100S", 130, "NVIDIA V100S datasheet (2019): 130 TFLOPS tensor",
         0, 16.4, 8.2, 1.134, 16, "PCIe Gen3 x16",
         "NVIDIA V100S datasheet (2019): FP32 16.4 TFLOPS, FP64 8.2, HBM2 1,134 GB/s, PCIe Gen3 32 GB/s"},
        {"V100-PCIE", 112, "NVIDIA V100 datasheet (2018): 112 TFLOPS tensor (PCIe)",
         0, 14, 7, 0.9, 16, "PCIe Gen3 x16",
         "NVIDIA V100 datasheet (2018), PCIe: FP32 14 TFLOPS, FP64 7, HBM2 900 GB/s, PCIe Gen3 32 GB/s"},
        {"V100 PCIe", 112, "NVIDIA V100 datasheet (2018): 112 TFLOPS tensor (PCIe)",
         0, 14, 7, 0.9, 16, "PCIe Gen3 x16",
         "NVIDIA V100 datasheet (2018), PCIe: FP32 14 TFLOPS, FP64 7, HBM2 900 GB/s, PCIe Gen3 32 GB/s"},
        {"V100", 125, "NVIDIA V100 datasheet (2018): 125 TFLOPS tensor (SXM2)",
         0, 15.7, 7.8, 0.9, 150, "NVLink2",
         "NVIDIA V100 datasheet (2018), SXM2: FP32 15.7 TFLOPS, FP64 7.8, HBM2 900 GB/s, NVLink 300 GB/s"},
        {"Tesla T4", 65, "NVIDIA T4 datasheet (2019): 65 TFLOPS FP16 tensor",
         0, 8.1, 0, 0.32, 16, "PCIe Gen3 x16",
         "NVIDIA T4 datasheet (2019): FP32 8.1 TFLOPS, GDDR6 320 GB/s, PCIe Gen3 x16 32 GB/s"},
        {"MI300X", 1307, "AMD Instinct MI300X datasheet (2023): 1,307.4 TFLOPS FP16/BF16 dense",
         653.7, 163.4, 163.4, 5.3, 448, "Infinity Fabric",
         "AMD Instinct MI300X datasheet (2023): TF32 653.7 TFLOPS, FP32 matrix 163.4, FP64 matrix 163.4, HBM3 5.3 TB/s, 7 Infinity Fabric links of 128 GB/s (64 per direction)",
         2614.9, 0, "AMD Instinct MI300X datasheet (2023): 2,614.9 TFLOPS FP8 dense (5,229.8 with sparsity)"},
        {"MI250X", 383, "AMD Instinct MI250X datasheet (2021): 383 TFLOPS FP16/BF16",
         0, 95.7, 95.7, 3.2768, 400, "Infinity Fabric",
         "AMD Instinct MI250X datasheet (2021), both dies: FP32 matrix 95.7 TFLOPS, FP64 matrix 95.7, HBM2e 3.2768 TB/s, 8 Infinity Fabric links, 800 GB/s"},
        {"MI250", 362, "AMD Instinct MI250 datasheet (2021): 362.1 TFLOPS FP16/BF16",
         0, 90.5, 90.5, 3.2768, 300, "Infinity Fabric",
         "AMD Instinct MI250 datasheet (2021), both dies: FP32 matrix 90.5 TFLOPS, FP64 matrix 90.5, HBM2e 3.2768 TB/s, 6 Infinity Fabric links, 600 GB/s"},
        {"MI210", 181, "AMD Instinct MI210 datasheet (2022): 181 TFLOPS FP16/BF16",
         0, 45.3, 45.3, 1.6384, 150, "Infinity Fabric",
         "AMD Instinct MI210 datasheet (2022): FP32 matrix 45.3 TFLOPS, FP64 matrix 45.3, HBM2e 1.6384 TB/s, 3 Infinity Fabric bridge links, 300 GB/s"},
    };
    return table;
}

double specOf(const GpuPeak &row, GpuSpec spec)
{
    switch (spec) {
    case GpuSpec::Bf16Tflops: return row.tflops;
    case GpuSpec::Fp8Tflops: return row.fp8Tflops;
    case GpuSpec::Fp4Tflops: return row.fp4Tflops;
    case GpuSpec::Tf32Tflops: return row.tf32Tflops;
    case GpuSpec::Fp32Tflops: return row.fp32Tflops;
    case GpuSpec::Fp64Tflops: return row.fp64Tflops;
    case GpuSpec::HbmTBps: return row.hbmTBps;
    case GpuSpec::LinkGBps: return row.linkGBps;
    }
    return 0;
}

FigureRange plausibleRange(GpuSpec spec)
{
    // The editor edits with three decimals, so 0.001 is the least a user can type.
    return {0.001, spec == GpuSpec::HbmTBps ? 1000.0 : 100000.0};
}

bool isPlausibleFigure(GpuSpec spec, double v)
{
    const FigureRange r = plausibleRange(spec);
    return std::isfinite(v) && v >= r.min && v <= r.max;
}

double PeakOverride::value(GpuSpec spec) const
{
    switch (spec) {
    case GpuSpec::Bf16Tflops: return tflops;
    case GpuSpec::Fp8Tflops: return fp8Tflops;
    case GpuSpec::Fp4Tflops: return fp4Tflops;
    case GpuSpec::Tf32Tflops: return tf32Tflops;
    case GpuSpec::Fp32Tflops: return fp32Tflops;
    case GpuSpec::Fp64Tflops: return fp64Tflops;
    case GpuSpec::HbmTBps: return hbmTBps;
    case GpuSpec::LinkGBps: return linkGBps;
    }
    return 0;
}

void PeakOverride::setValue(GpuSpec spec, double v)
{
    switch (spec) {
    case GpuSpec::Bf16Tflops: tflops = v; break;
    case GpuSpec::Fp8Tflops: fp8Tflops = v; break;
    case GpuSpec::Fp4Tflops: fp4Tflops = v; break;
    case GpuSpec::Tf32Tflops: tf32Tflops = v; break;
    case GpuSpec::Fp32Tflops: fp32Tflops = v; break;
    case GpuSpec::Fp64Tflops: fp64Tflops = v; break;
    case GpuSpec::HbmTBps: hbmTBps = v; break;
    case GpuSpec::LinkGBps: linkGBps = v; break;
    }
}

bool PeakOverride::any() const
{
    for (int c = 0; c < kGpuSpecCount; ++c)
        if (isPlausibleFigure(GpuSpec(c), value(GpuSpec(c))))
            return true;
    return false;
}

const GpuPeak *peakForGpu(const QString &deviceName)
{
    for (const GpuPeak &p : gpuPeakTable())
        if (deviceName.contains(QLatin1String(p.match.data(), qsizetype(p.match.size())), Qt::CaseInsensitive))
            return &p;
    return nullptr;
}

double overrideFor(std::string_view match, const PeakOverrides &overrides, GpuSpec spec)
{
    const QLatin1String m(match.data(), qsizetype(match.size()));
    for (const PeakOverride &o : overrides)
        if (o.match == m && isPlausibleFigure(spec, o.value(spec)))
            return o.value(spec);
    return 0;
}

double overrideFor(std::string_view match, const PeakOverrides &overrides)
{
    return overrideFor(match, overrides, GpuSpec::Bf16Tflops);
}

ResolvedPeak resolvePeak(const QString &deviceName, const PeakOverrides &overrides)
{
    ResolvedPeak r;
    r.row = peakForGpu(deviceName);
    if (!r.row)
        return r;
    const auto pick = [&](GpuSpec spec) {
        const double user = overrideFor(r.row->match, overrides, spec);
        return user > 0 ? user : specOf(*r.row, spec);
    };
    const double user = overrideFor(r.row->match, overrides);
    r.overridden = user > 0;
    r.tflops = r.overridden ? user : r.row->tflops;
    r.tf32Tflops = pick(GpuSpec::Tf32Tflops);
    r.fp32Tflops = pick(GpuSpec::Fp32Tflops);
    r.fp64Tflops = pick(GpuSpec::Fp64Tflops);
    r.hbmTBps = pick(GpuSpec::HbmTBps);
    r.linkGBps = pick(GpuSpec::LinkGBps);
    r.fp8Tflops = pick(GpuSpec::Fp8Tflops);
    r.fp4Tflops = pick(GpuSpec::Fp4Tflops);
    return r;
}

ResolvedPeak resolveDevicePeak(const Trace &trace, int device, const PeakOverrides &overrides)
{
    for (const DeviceInfo &d : trace.devices)
        if (d.id == device)
            return resolvePeak(d.name, overrides);
    return trace.devices.empty() ? ResolvedPeak{} : resolvePeak(trace.devices.front().name, overrides);
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
        if (!d.ok || it == d.args.constEnd())
            continue;
        // A JSON number only (a string would convert), finite, 0 or more and below kMaxOpFlops.
        const int type = it->typeId();
        const bool number = type == QMetaType::Double || type == QMetaType::LongLong || type == QMetaType::ULongLong
                            || type == QMetaType::Int || type == QMetaType::UInt;
        const double v = number ? it->toDouble() : -1;
        if (!(std::isfinite(v) && v >= 0 && v <= kMaxOpFlops)) {
            ++m.invalid;
            continue;
        }
        m.flops += v;
        ++m.opsWithFlops;
    }
    return m;
}

} // namespace lanescope::analysis
