#include "render/Palette.h"

#include "analysis/KernelClass.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope {

namespace {

// Base colours: a Tableau-10-like set, distinct for colour-blind readers at the hue level and light
// enough that black names read on all but GEMM/communication (which get white text).
struct Entry
{
    QRgb rgb;
    const char *label;
    const char *description;
};
const Entry kEntries[int(SliceClass::Count)] = {
    {qRgb(0x3B, 0x6E, 0xB4), QT_TRANSLATE_NOOP("Palette", "GEMM"),
     QT_TRANSLATE_NOOP("Palette", "matrix multiply kernels (gemm, xmma, nvjet, cutlass)")},
    {qRgb(0xD6, 0x45, 0x45), QT_TRANSLATE_NOOP("Palette", "Communication"),
     QT_TRANSLATE_NOOP("Palette", "collective kernels (nccl, rccl); gloo: and nccl: calls where the trace has no categories")},
    {qRgb(0x9B, 0x6B, 0xC8), QT_TRANSLATE_NOOP("Palette", "Attention"),
     QT_TRANSLATE_NOOP("Palette", "attention kernels (flash, fmha, *attention*)")},
    {qRgb(0xF0, 0x9A, 0x3E), QT_TRANSLATE_NOOP("Palette", "Memcpy / memset"),
     QT_TRANSLATE_NOOP("Palette", "device memory copies and fills")},
    {qRgb(0x5F, 0xB8, 0xB0), QT_TRANSLATE_NOOP("Palette", "Other kernels"),
     QT_TRANSLATE_NOOP("Palette", "elementwise, reductions, everything else on the GPU")},
    {qRgb(0x7C, 0xB8, 0x62), QT_TRANSLATE_NOOP("Palette", "CPU operators"),
     QT_TRANSLATE_NOOP("Palette", "aten:: and other operators on CPU threads")},
    {qRgb(0xE8, 0xC8, 0x4A), QT_TRANSLATE_NOOP("Palette", "CUDA runtime"),
     QT_TRANSLATE_NOOP("Palette", "cudaLaunchKernel, cudaMemcpyAsync, synchronisation, driver calls")},
    {qRgb(0xB8, 0xB4, 0xAE), QT_TRANSLATE_NOOP("Palette", "Annotations"),
     QT_TRANSLATE_NOOP("Palette", "ProfilerStep#, record_function ranges, python functions")},
    {qRgb(0xA8, 0x8A, 0x74), QT_TRANSLATE_NOOP("Palette", "Other"),
     QT_TRANSLATE_NOOP("Palette", "events of other categories")},
};

} // namespace

namespace Palette {

SliceClass classifyKernelName(std::string_view name)
{
    // The analysis' table decides (core/analysis/KernelClass.h), so a kernel the gap finder calls a
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
    case CategoryClass::CpuOp: return SliceClass::CpuOp;
    case CategoryClass::Runtime: return SliceClass::Runtime;
    case CategoryClass::UserAnnotation:
    case CategoryClass::GpuAnnotation: return SliceClass::Annotation;
    case CategoryClass::Other: break;
    }
    return SliceClass::Other;
}

QColor color(SliceClass c, int shade)
{
    const QColor base = QColor::fromRgb(kEntries[std::min(int(c), int(SliceClass::Count) - 1)].rgb);
    switch (shade) {
    case 1: return QColor(base.lighter(112).rgb()); // back to an RGB spec: compares equal to pixels
    case 2: return QColor(base.darker(110).rgb());
    default: return base;
    }
}

QColor textColor(SliceClass c, int shade)
{
    const QColor bg = color(c, shade);
    // Relative luminance (sRGB weights); 0.5 splits where black text stops reading.
    const double l = 0.2126 * bg.redF() + 0.7152 * bg.greenF() + 0.0722 * bg.blueF();
    return l > 0.5 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white);
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
