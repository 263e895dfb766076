// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one palette of the timeline: what a slice is (GEMM, communication, attention, ...) decides
// its colour everywhere (lanes, legend, tables). Classification by category and kernel name. Two
// schemes, light and dark (the theme of Preferences): each class keeps its hue in both, and every
// slice name reads on its fill at WCAG AA (4.5:1) or better.
#include "core/model/Trace.h"

#include <QColor>
#include <QString>

#include <cstdint>
#include <string_view>
#include <vector>

namespace lanescope {

enum class SliceClass : std::uint8_t {
    Gemm,
    Communication,
    Attention,
    Memory, // memcpy / memset
    OtherKernel,
    CpuOp,
    Runtime,
    Annotation,
    Other,
    Count
};

namespace Palette {

constexpr int kShades = 3; // slices of one class differ slightly by name, so neighbours stay apart

enum class Scheme : std::uint8_t { Light, Dark };
// Dark where the widget palette's window colour is dark (a dark theme or a dark system palette).
Scheme schemeFor(const QColor &window);

// By meaning: kernel names decide the class of GPU work, through core/analysis/run/KernelClass.h so the
// timeline and the analysis agree on what a GEMM is.
SliceClass classify(CategoryClass cat, std::string_view name);
SliceClass classifyKernelName(std::string_view name); // Gemm/Communication/Attention/Memory/OtherKernel
// An event with no category (the legacy, non-Kineto exporter writes none) by its name: "aten::" a
// CPU operator, "gloo:" / "nccl:" communication, "ProfilerStep#" / "enumerate(DataLoader)" an
// annotation; Other when the name says nothing.
SliceClass classifyUncategorised(std::string_view name);

QColor color(SliceClass c, int shade = 0, Scheme scheme = Scheme::Light);
// The slice name's colour on color(): near-black or white, whichever contrasts more.
QColor textColor(SliceClass c, int shade = 0, Scheme scheme = Scheme::Light);
double contrastRatio(const QColor &a, const QColor &b); // WCAG 2: (L1 + 0.05) / (L2 + 0.05), 1..21

// The timeline's own surfaces and lines around the slices.
struct Chrome
{
    QColor background, laneAlt, headerBg, groupBg, grid, label, rulerBg;
    QColor separator;        // between lanes in the header
    QColor border;           // around the header, the ruler, a group's row
    QColor minorTick;        // unlabelled ruler ticks
    QColor stepBand[2];      // ProfilerStep bands under the ruler, alternating
    QColor darkText, lightText; // slice names (textColor() picks one)
};
const Chrome &chrome(Scheme scheme);
QString label(SliceClass c);                   // translated, for the legend
QString description(SliceClass c);             // what falls in the class

// Overlay colours.
QColor memoryAllocated();
QColor memoryReserved();
QColor memorySpike();
// The memory band stacked by owner: one fill per analysis::MemoryPhase (before the trace, forward,
// backward, optimizer, FSDP all-gather, outside steps).
QColor memoryPhase(int phase);
QColor selection();
QColor flowArrow();
QColor rangeSelection();
QColor searchMatch();

} // namespace Palette

// Per trace: the class of every (category, name) pair a slice can have, computed once per string so
// drawing looks it up with two loads.
class SliceClassifier
{
public:
    explicit SliceClassifier(const Trace &trace);
    SliceClass classOf(const Track &t, std::size_t i) const { return classOf(t.catId[i], t.nameId[i]); }
    SliceClass classOf(std::uint16_t cat, StringId name) const
    {
        const CategoryClass cc = cat < m_catClass.size() ? m_catClass[cat] : CategoryClass::Other;
        if (cc == CategoryClass::Kernel)
            return name < m_kernelClass.size() ? SliceClass(m_kernelClass[name]) : SliceClass::OtherKernel;
        if (cat < m_noCategory.size() && m_noCategory[cat])
            return name < m_plainClass.size() ? SliceClass(m_plainClass[name]) : SliceClass::Other;
        return m_byCat[std::size_t(cc)];
    }
    static int shadeOf(StringId name) { return int((name * 2654435761u) >> 30) % Palette::kShades; }

private:
    std::vector<CategoryClass> m_catClass;
    std::vector<std::uint8_t> m_kernelClass; // string id -> SliceClass for kernel names
    std::vector<bool> m_noCategory;          // cat id -> the category is empty (legacy exporter)
    std::vector<std::uint8_t> m_plainClass;  // string id -> SliceClass for names of uncategorised events
    SliceClass m_byCat[8];
};

} // namespace lanescope
