// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The device memory band: a row of its own under a GPU group's lanes (LaneLayout, key
// memory:<device>) with the caching allocator's totals as two series, allocated and reserved, on a
// real axis (0 and the top value, in GiB or MiB), the device's total memory as a dashed line where
// the trace's deviceProperties give it, the allocator spikes of core/analysis/measures/memory/MemorySpikes.h marked,
// and the values under the cursor. TimelineRenderer decides where the band is; this draws it and
// answers what it shows at a time.
#include "widgets/render/Palette.h"
#include "widgets/render/TraceViewIndex.h"

#include <QCoreApplication>

#include <array>
#include <QFont>
#include <QRect>
#include <QString>

class QPainter;

namespace lanescope {

class MemoryBand
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::MemoryBand)
public:
    static constexpr int kPlotTop = 10;   // room above the plot for the spike marks
    static constexpr int kPlotBottom = 4; // under the zero line

    // The totals in force at t (absolute ns): the last sample at or before t, as the allocator
    // reported them. Invalid before the first sample and after the trace's end.
    struct Value
    {
        bool valid = false;
        TimeNs t = 0;
        std::int64_t allocated = -1, reserved = -1; // bytes; reserved -1 where the trace has none
        // Stacked by owner: the bytes alive per analysis::MemoryPhase at t.
        bool stacked = false;
        std::array<std::int64_t, analysis::kMemoryPhases> phases{};
    };
    static Value valueAt(const TraceViewIndex::MemoryCurve &curve, TimeNs traceEnd, TimeNs t, bool stacked = false);
    // Whether the curve can be stacked by owner (its events carry addresses).
    static bool canStack(const TraceViewIndex::MemoryCurve &curve) { return curve.phases.series != nullptr; }

    // The device's total memory from deviceProperties (totalGlobalMem), 0 when the trace lacks it.
    static std::int64_t deviceTotal(const Trace &trace, int device);
    // The top of the axis: the curve's scale (peak + 5 %, rounded), raised to take in the device's
    // total when that is at most twice as high (a line far above the peak would flatten the curve:
    // it is named in the legend instead).
    static double axisTop(const TraceViewIndex::MemoryCurve &curve, std::int64_t deviceTotal);
    static bool totalOnAxis(double axisTop, std::int64_t deviceTotal)
    {
        return deviceTotal > 0 && double(deviceTotal) <= axisTop;
    }

    // "16 GiB", "1.5 GiB", "512 MiB": axis labels. precise: "1.00 GiB", "512.0 MiB" for read-outs
    // (FigureText.h: binary units on every surface).
    static QString formatBytes(double bytes, bool precise = false);
    // The legend's line for the device's total: "device total 79.2 GiB" (", off axis" when the
    // axis does not reach it).
    static QString deviceTotalText(double axisTop, std::int64_t total);

    struct Frame
    {
        QRect band;            // the whole band, lanes area only (x: the lanes' left to the right edge)
        double origin = 0;     // absolute ns at band.left()
        double pxPerNs = 1;
        double axisTop = 1;    // bytes at the plot's top
        std::int64_t deviceTotal = 0;
        TimeNs traceEnd = 0;
        QFont font;
        const Palette::Chrome *chrome = nullptr; // the scheme's text and surfaces; null: light
        bool stacked = false;  // the allocated bytes as stacked areas by owner phase, where the curve can
        double plotTop() const { return band.top() + kPlotTop; }
        double plotBottom() const { return band.top() + band.height() - kPlotBottom; }
        double yOf(double bytes) const { return plotBottom() - bytes / axisTop * (plotBottom() - plotTop()); }
    };
    struct Drawn
    {
        bool curve = false, reserved = false, spikes = false; // reserved: its line was drawn
    };
    // The series, the total line, the spikes and the legend, clipped to the band.
    static Drawn paint(QPainter &p, const TraceViewIndex::MemoryCurve &curve, const Frame &f);
    // The header column's cell: the band's name, its legend (allocated, reserved where the trace
    // has it, the spikes, the device total) and the axis (the top value and 0 beside the plot).
    struct Legend
    {
        bool reserved = true;
        int spikes = 0;
        std::uint8_t phases = 0; // stacked: bit k set where analysis::MemoryPhase(k) holds memory
    };
    // The phases a stacked curve shows (Legend::phases).
    static std::uint8_t phasesShown(const TraceViewIndex::MemoryCurve &curve);
    static void paintAxis(QPainter &p, QRect headerCell, const QString &title, const Frame &f, Legend legend);
    // The cursor's values: a dot on each series and "allocated 1.00 GB · reserved 2.00 GB".
    static void paintReadout(QPainter &p, const TraceViewIndex::MemoryCurve &curve, const Frame &f, double absNs);
    static QString readoutText(const Value &v);

private:
    // The stacked areas by owner phase under the allocated line (samples [i0, i1) in the window).
    static void paintStacked(QPainter &p, const TraceViewIndex::MemoryCurve &curve, const Frame &f, std::size_t i0, std::size_t i1);
};

} // namespace lanescope
