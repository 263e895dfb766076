// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/Palette.h"

#include "core/analysis/run/KernelClass.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

// Base colours: a Tableau-10-like set, distinct for colour-blind readers at the hue level. GEMM,
// communication and attention are deep enough for white names, the rest light enough for
// near-black ones, in all three shades (4.5:1, tst_palette checks). The dark scheme's fills are the
// same hues a step deeper, so they do not glare on its dark lanes.
struct Entry
{
    QRgb light, dark;
    const char *label;
    const char *description;
};
const Entry kEntries[int(SliceClass::Count)] = {
    {qRgb(0x38, 0x68, 0xAB), qRgb(0x32, 0x5D, 0x99), QT_TRANSLATE_NOOP("Palette", "GEMM"),
     QT_TRANSLATE_NOOP("Palette", "matrix multiply kernels (gemm, xmma, nvjet, cutlass)")},
    {qRgb(0xB8, 0x3B, 0x3B), qRgb(0xB0, 0x38, 0x38), QT_TRANSLATE_NOOP("Palette", "Communication"),
     QT_TRANSLATE_NOOP("Palette", "collective kernels (nccl, rccl); gloo: and nccl: calls where the trace has no categories")},
    {qRgb(0x7E, 0x57, 0xA2), qRgb(0x78, 0x53, 0x9B), QT_TRANSLATE_NOOP("Palette", "Attention"),
     QT_TRANSLATE_NOOP("Palette", "attention kernels (flash, fmha, *attention*)")},
    {qRgb(0xF0, 0x9A, 0x3E), qRgb(0xD2, 0x88, 0x37), QT_TRANSLATE_NOOP("Palette", "Memcpy / memset"),
     QT_TRANSLATE_NOOP("Palette", "device memory copies and fills")},
    {qRgb(0x5F, 0xB8, 0xB0), qRgb(0x57, 0xA6, 0x9E), QT_TRANSLATE_NOOP("Palette", "Other kernels"),
     QT_TRANSLATE_NOOP("Palette", "elementwise, reductions, everything else on the GPU")},
    {qRgb(0x7C, 0xB8, 0x62), qRgb(0x70, 0xA6, 0x59), QT_TRANSLATE_NOOP("Palette", "CPU operators"),
     QT_TRANSLATE_NOOP("Palette", "aten:: and other operators on CPU threads")},
    {qRgb(0xE8, 0xC8, 0x4A), qRgb(0xC8, 0xAC, 0x40), QT_TRANSLATE_NOOP("Palette", "CUDA runtime"),
     QT_TRANSLATE_NOOP("Palette", "cudaLaunchKernel, cudaMemcpyAsync, synchronisation, driver calls")},
    {qRgb(0xB8, 0xB4, 0xAE), qRgb(0x9E, 0x9B, 0x95), QT_TRANSLATE_NOOP("Palette", "Annotations"),
     QT_TRANSLATE_NOOP("Palette", "ProfilerStep#, record_function ranges, python functions")},
    {qRgb(0xAF, 0x90, 0x79), qRgb(0xAF, 0x90, 0x79), QT_TRANSLATE_NOOP("Palette", "Other"),
     QT_TRANSLATE_NOOP("Palette", "events of other categories")},
};

const Palette::Chrome kLightChrome = {
    QColor(0xFF, 0xFF, 0xFF), QColor(0xF6, 0xF7, 0xF9), QColor(0xEF, 0xF1, 0xF5), QColor(0xE2, 0xE6, 0xEE),
    QColor(0xE6, 0xE8, 0xEC), QColor(0x30, 0x33, 0x38), QColor(0xFA, 0xFB, 0xFC), QColor(0xD5, 0xD9, 0xE0),
    QColor(0xC8, 0xCD, 0xD6), QColor(0x90, 0x96, 0xA0), {QColor(0xC9, 0xD6, 0xEA), QColor(0xDD, 0xE6, 0xF3)},
    QColor(0x20, 0x20, 0x20), QColor(0xFF, 0xFF, 0xFF)};
// As Preferences' dark widget palette (window 2b2d30, base 1e1f22, text e6e6e6), so the timeline sits
// in the window as the docks do.
const Palette::Chrome kDarkChrome = {
    QColor(0x1E, 0x1F, 0x22), QColor(0x25, 0x27, 0x2B), QColor(0x2B, 0x2D, 0x30), QColor(0x35, 0x39, 0x40),
    QColor(0x32, 0x35, 0x3A), QColor(0xE6, 0xE6, 0xE6), QColor(0x26, 0x28, 0x2C), QColor(0x3A, 0x3D, 0x43),
    QColor(0x45, 0x49, 0x50), QColor(0x80, 0x86, 0x90), {QColor(0x2E, 0x40, 0x5E), QColor(0x26, 0x34, 0x4C)},
    QColor(0x20, 0x20, 0x20), QColor(0xFF, 0xFF, 0xFF)};

double relativeLuminance(const QColor &c)
{
    const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

} // namespace

namespace Palette {

SliceClass classifyKernelName(std::string_view name)
{
    // The analysis' table decides (core/analysis/run/KernelClass.h), so a kernel the gap finder calls a
    // GEMM is drawn as one.
    switch (analysis::classifyKernel(name)) {
    case analysis::KernelClass::Gemm: return SliceClass::Gemm;
    case analysis::KernelClass::Attention: return SliceClass::Attention;
    case analysis::KernelClass::Communication: return SliceClass::Communication;
    case analysis::KernelClass::Memory: return SliceClass::Memory;
    case analysis::KernelClass::OtherCompute: break;
    }
    return SliceClass::OtherKernel;
}

SliceClass classifyUncategorised(std::string_view name)
{
    // The legacy exporter (PyTorch without Kineto) writes its events bare: operators as "aten::mm",
    // collectives as their backend's "gloo:all_reduce" / "nccl:all_reduce" on the backend's threads,
    // and record_function ranges by their own names.
    const auto starts = [&](std::string_view p) { return name.substr(0, p.size()) == p; };
    if (starts("gloo:") || starts("nccl:"))
        return SliceClass::Communication;
    if (starts("aten::"))
        return SliceClass::CpuOp;
    if (starts("ProfilerStep#") || starts("enumerate(DataLoader)"))
        return SliceClass::Annotation;
    return SliceClass::Other;
}

SliceClass classify(CategoryClass cat, std::string_view name)
{
    switch (cat) {
    case CategoryClass::Kernel: return classifyKernelName(name);
    case CategoryClass::GpuMemcpy:
    case CategoryClass::GpuMemset: return SliceClass::Memory;
    // Kineto's 2021 dialect writes ProfilerStep#N as an "Operator" (resnet50-dataloader-baseline):
    // it is the step's annotation, as later versions say with user_annotation.
    case CategoryClass::CpuOp: return name.substr(0, 13) == "ProfilerStep#" ? SliceClass::Annotation : SliceClass::CpuOp;
    case CategoryClass::Runtime: return SliceClass::Runtime;
    case CategoryClass::UserAnnotation:
    case CategoryClass::GpuAnnotation: return SliceClass::Annotation;
    case CategoryClass::Other: break;
    }
    return SliceClass::Other;
}

Scheme schemeFor(const QColor &window) { return window.lightness() < 128 ? Scheme::Dark : Scheme::Light; }

const Chrome &chrome(Scheme scheme) { return scheme == Scheme::Dark ? kDarkChrome : kLightChrome; }

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor color(SliceClass c, int shade, Scheme scheme)
{
    const Entry &e = kEntries[std::min(int(c), int(SliceClass::Count) - 1)];
    const QColor base = QColor::fromRgb(scheme == Scheme::Dark ? e.dark : e.light);
    switch (shade) {
    case 1: return QColor(base.lighter(112).rgb()); // back to an RGB spec: compares equal to pixels
    case 2: return QColor(base.darker(110).rgb());
    default: return base;
    }
}

QColor textColor(SliceClass c, int shade, Scheme scheme)
{
    const QColor bg = color(c, shade, scheme);
    const Chrome &ch = chrome(scheme);
    return contrastRatio(bg, ch.lightText) >= contrastRatio(bg, ch.darkText) ? ch.lightText : ch.darkText;
}

QString label(SliceClass c)
{
    return QCoreApplication::translate("Palette", kEntries[std::min(int(c), int(SliceClass::Count) - 1)].label);
}

QString description(SliceClass c)
{
    return QCoreApplication::translate("Palette", kEntries[std::min(int(c), int(SliceClass::Count) - 1)].description);
}

QColor memoryAllocated() { return QColor(0x1F, 0x8A, 0x70); }
QColor memoryReserved() { return QColor(0xC0, 0x5A, 0x10); }
QColor memorySpike() { return QColor(0xD0, 0x10, 0x50); }
QColor memoryPhase(int phase)
{
    // Apart from the allocated line (green), the reserved line (orange) and the spikes (red).
    static const QColor fills[] = {QColor(0x9A, 0xA0, 0xA6), QColor(0x4C, 0x78, 0xA8), QColor(0xB2, 0x79, 0xA2),
                                   QColor(0xE8, 0xC5, 0x3A), QColor(0x72, 0xB7, 0xB2), QColor(0xC9, 0xBF, 0xB8)};
    return fills[std::size_t(phase) % (sizeof(fills) / sizeof(fills[0]))];
}
QColor selection() { return QColor(0x10, 0x10, 0x10); }
QColor flowArrow() { return QColor(0xC0, 0x20, 0x80); }
QColor rangeSelection() { return QColor(0x30, 0x70, 0xE0, 40); }
QColor searchMatch() { return QColor(0xFF, 0xD0, 0x00); }

} // namespace Palette

SliceClassifier::SliceClassifier(const Trace &trace)
    : m_catClass(trace.categoryClass)
{
    for (int i = 0; i < 8; ++i)
        m_byCat[i] = Palette::classify(CategoryClass(i), {});
    // Only names that some kernel carries need the string work; mark them first.
    std::vector<bool> isKernelName(trace.strings.size(), false);
    for (const Track &t : trace.tracks) {
        if (t.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::uint16_t c = t.catId[i];
            if (c < m_catClass.size() && m_catClass[c] == CategoryClass::Kernel && t.nameId[i] < isKernelName.size())
                isKernelName[t.nameId[i]] = true;
        }
    }
    m_kernelClass.assign(trace.strings.size(), std::uint8_t(SliceClass::OtherKernel));
    for (std::size_t id = 0; id < isKernelName.size(); ++id)
        if (isKernelName[id])
            m_kernelClass[id] = std::uint8_t(Palette::classifyKernelName(trace.strings.view(StringId(id))));

    // Events without a category are coloured by their names, looked at once per name.
    m_noCategory.assign(trace.categories.size(), false);
    bool anyUncategorised = false;
    for (std::size_t c = 0; c < trace.categories.size(); ++c)
        if (trace.strings.view(trace.categories[c]).empty() && (c >= m_catClass.size() || m_catClass[c] != CategoryClass::Kernel)) {
            m_noCategory[c] = true;
            anyUncategorised = true;
        }
    if (!anyUncategorised)
        return;
    m_plainClass.assign(trace.strings.size(), std::uint8_t(SliceClass::Other));
    std::vector<bool> seen(trace.strings.size(), false);
    for (const Track &t : trace.tracks)
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::uint16_t c = t.catId[i];
            const StringId id = t.nameId[i];
            if (c < m_noCategory.size() && m_noCategory[c] && id < seen.size() && !seen[id]) {
                seen[id] = true;
                m_plainClass[id] = std::uint8_t(Palette::classifyUncategorised(trace.strings.view(id)));
            }
        }
}

} // namespace lanescope
