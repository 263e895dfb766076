// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Counter lanes: each counter series of a trace (Chrome trace "C" events in Trace::counters; CUPTI's
// PM sampling counters arrive as such) drawn as a row of its own under its process's lanes
// (LaneLayout::CounterLane): the value as a step function, an area from 0 and, per pixel column, the
// span from the lowest to the highest value the column holds, so a spike narrower than a pixel
// still shows. The series' name, unit and scale are in its header cell; the value at a time is what
// the hover reads. A frame costs O(width x log samples) whatever the zoom: each column is two binary
// searches and one range query of a min/max tree built once per series (Index).
#include "core/model/Trace.h"
#include "widgets/render/Palette.h"

#include <QCoreApplication>
#include <QFont>
#include <QRect>
#include <QString>

#include <utility>
#include <vector>

class QPainter;

namespace lanescope {

class CounterLanes
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::CounterLanes)
public:
    static constexpr int kPlotTop = 5;    // room above the plot
    static constexpr int kPlotBottom = 4; // under the zero line

    // The lowest and highest value over any run of samples in O(log n).
    class Index
    {
    public:
        explicit Index(const CounterSeries &series);
        std::size_t size() const { return m_n; }
        // Over samples [i0, i1); i0 < i1 <= size().
        std::pair<double, double> minMax(std::size_t i0, std::size_t i1) const;
        double lowest() const { return m_n ? m_min[1] : 0; }
        double highest() const { return m_n ? m_max[1] : 0; }

    private:
        std::size_t m_n = 0, m_leaves = 0;
        std::vector<double> m_min, m_max; // implicit tree: node k's children 2k, 2k+1; leaves from m_leaves
    };

    // The lane's scale, fixed for the whole series so it does not jump while panning: from 0 (or
    // the lowest value, when below 0) to the highest, rounded up to 1, 2, 2.5 or 5 times a power of 10
    // (bytes: to a round number of binary units, as the memory band's axis).
    struct Scale
    {
        double lo = 0, hi = 1;
    };
    static Scale scaleOf(const Index &index, const QString &unit = {});
    static double niceAbove(double v);

    // The value in force at t (absolute ns): the last sample at or before t, held to the trace's end.
    struct Value
    {
        bool valid = false;
        TimeNs t = 0;
        double value = 0;
    };
    static Value valueAt(const CounterSeries &series, TimeNs traceEnd, TimeNs t);

    struct Column
    {
        bool any = false; // the series has a value somewhere in the column
        double lo = 0, hi = 0;
    };
    // One per pixel column x in [0, width): the values of [origin + x nsPerPx, origin + (x + 1) nsPerPx).
    static std::vector<Column> columns(const CounterSeries &series, const Index &index, TimeNs traceEnd, double origin,
                                       double nsPerPx, int width);

    struct Frame
    {
        QRect band;          // the lane, lanes area only (x: the lanes' left to the right edge)
        double origin = 0;   // absolute ns at band.left()
        double pxPerNs = 1;
        TimeNs traceEnd = 0;
        Scale scale;
        QColor color;        // the series' ink
        QFont font;
        const Palette::Chrome *chrome = nullptr; // null: light
        double plotTop() const { return band.top() + kPlotTop; }
        double plotBottom() const { return band.top() + band.height() - kPlotBottom; }
        double yOf(double v) const
        {
            const double span = scale.hi > scale.lo ? scale.hi - scale.lo : 1;
            return plotBottom() - (v - scale.lo) / span * (plotBottom() - plotTop());
        }
    };
    // The series in its lane; false when nothing of it lies in the window.
    static bool paint(QPainter &p, const CounterSeries &series, const Index &index, const Frame &f);
    // The header cell: the name, the unit and the scale's ends.
    static void paintHeader(QPainter &p, QRect cell, const QString &name, const QString &unit, const Frame &f);

    // The unit a series' name states: "(%)", "[W]" spelled out, or its words (pct, percent,
    // utilization: %; bytes: B; per_second: /s); empty where it says none.
    static QString unitOf(const QString &seriesName);
    // "42.5 %", "1.50 GiB", "3.2 k/s", "17": a value in its unit, for the header and the hover.
    static QString formatValue(double v, const QString &unit);
    // An end of the scale: as formatValue, bytes as an axis spells them ("2 TiB/s", "0").
    static QString scaleText(double v, const QString &unit);
    // The ink of the k-th counter of a group: a few distinct colours in turn.
    static QColor colorOf(int k);
};

} // namespace lanescope
