// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/MemoryBand.h"

#include "widgets/render/Palette.h"

#include "core/analysis/text/FigureText.h"

#include <QFontMetrics>
#include <QPaintDevice>
#include <QPainter>
#include <QPolygonF>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

const Palette::Chrome &chromeOf(const MemoryBand::Frame &f)
{
    return f.chrome ? *f.chrome : Palette::chrome(Palette::Scheme::Light);
}

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

} // namespace

MemoryBand::Value MemoryBand::valueAt(const TraceViewIndex::MemoryCurve &curve, TimeNs traceEnd, TimeNs t, bool stacked)
{
    Value v;
    v.t = t;
    const auto &ts = curve.ts;
    const auto it = std::upper_bound(ts.begin(), ts.end(), t);
    if (it == ts.begin() || t > traceEnd)
        return v;
    const std::size_t i = std::size_t(it - ts.begin() - 1);
    const MemorySample &s = curve.series->samples[i];
    v.valid = true;
    v.allocated = s.allocated;
    v.reserved = curve.hasReserved ? s.reserved : -1;
    if (stacked && canStack(curve)) {
        v.stacked = true;
        v.phases = curve.phases.aliveAfter(i);
    }
    return v;
}

std::uint8_t MemoryBand::phasesShown(const TraceViewIndex::MemoryCurve &curve)
{
    if (!canStack(curve))
        return 0;
    std::uint8_t bits = 0;
    for (std::uint8_t ph : curve.phases.phase)
        if (ph != std::uint8_t(analysis::MemoryPhase::BeforeTrace))
            bits |= std::uint8_t(1u << ph);
    const auto &s = curve.series->samples;
    if (!s.empty() && s.front().allocated - s.front().bytes > 0) // held before the first event
        bits |= std::uint8_t(1u << int(analysis::MemoryPhase::BeforeTrace));
    return bits;
}

std::int64_t MemoryBand::deviceTotal(const Trace &trace, int device)
{
    for (const DeviceInfo &d : trace.devices)
        if (d.id == device)
            return std::max<std::int64_t>(0, d.totalGlobalMem);
    return 0;
}

double MemoryBand::axisTop(const TraceViewIndex::MemoryCurve &curve, std::int64_t total)
{
    // The axis fits the curves. The device's total joins it (a dashed line, named in the legend)
    // only when within twice the curves' peak: against the rounded scale, a 6.2 / 11.9 GiB pair of
    // curves (scale 16 GiB) took a 40 GiB axis for a 31.7 GiB V100 and sat in the bottom third.
    const double scale = curve.scaleBytes;
    double peak = scale / 1.05; // the scale's headroom, where the curve has no levels
    if (!curve.levels.empty() && !curve.levels.back().empty()) {
        const MemAgg &all = curve.levels.back().front(); // the top level: one aggregate of every sample
        peak = double(std::max(all.aMax, all.rMax));
    }
    if (total > 0 && double(total) > scale && double(total) <= 2 * peak)
        return analysis::figure::roundUpBytes(double(total) * 1.02);
    return scale;
}

QString MemoryBand::formatBytes(double bytes, bool precise)
{
    return precise ? analysis::figure::bytes(bytes) : analysis::figure::bytesTick(bytes);
}

QString MemoryBand::deviceTotalText(double axisTop, std::int64_t total)
{
    return totalOnAxis(axisTop, total) ? tr("device total %1").arg(formatBytes(double(total)))
                                       : tr("device total %1, off axis").arg(formatBytes(double(total)));
}

QString MemoryBand::readoutText(const Value &v)
{
    if (!v.valid)
        return {};
    const QString a = tr("allocated %1").arg(formatBytes(double(v.allocated), true));
    QString text = v.reserved < 0 ? a : tr("%1 · reserved %2").arg(a, formatBytes(double(v.reserved), true));
    if (v.stacked) {
        QStringList parts;
        for (int k = 0; k < analysis::kMemoryPhases; ++k)
            if (v.phases[std::size_t(k)] > 0)
                parts << tr("%1 %2").arg(analysis::memoryPhaseLabel(analysis::MemoryPhase(k)),
                                         formatBytes(double(v.phases[std::size_t(k)]), true));
        if (!parts.isEmpty())
            text += QLatin1Char('\n') + parts.join(QStringLiteral(" · "));
    }
    return text;
}

void MemoryBand::paintStacked(QPainter &p, const TraceViewIndex::MemoryCurve &mc, const Frame &f, std::size_t i0, std::size_t i1)
{
    // A step function of the alive bytes per phase: few samples exactly, many per pixel column at
    // the column's highest total (the peaks the allocated line shows keep their owners).
    using Alive = std::array<std::int64_t, analysis::kMemoryPhases>;
    const analysis::MemoryPhaseCurve &pc = mc.phases;
    const auto &s = mc.series->samples;
    const double L = f.band.left(), ppn = f.pxPerNs, nspp = 1 / f.pxPerNs;
    const int width = f.band.width();
    std::vector<double> xs;
    std::vector<Alive> vs;
    Alive alive{};
    bool have = i0 > 0;
    if (have)
        alive = pc.aliveAfter(i0 - 1);
    const double xEnd = i1 < s.size() ? L + width : std::min(L + width, L + (double(f.traceEnd) - f.origin) * ppn);
    if (i1 - i0 <= std::size_t(width)) {
        if (have) {
            xs.push_back(L);
            vs.push_back(alive);
        }
        for (std::size_t i = i0; i < i1; ++i) {
            const double x = L + (double(s[i].ts) - f.origin) * ppn;
            if (have) {
                xs.push_back(x);
                vs.push_back(alive);
            }
            pc.step(alive, i);
            have = true;
            xs.push_back(x);
            vs.push_back(alive);
        }
        if (have) {
            xs.push_back(xEnd);
            vs.push_back(alive);
        }
    } else {
        std::size_t i = i0;
        for (int x = 0; x < width && f.origin + x * nspp <= double(f.traceEnd); ++x) {
            const TimeNs tEnd = TimeNs(std::ceil(f.origin + (x + 1) * nspp));
            Alive best = alive;
            std::int64_t bestTotal = have ? (i > 0 ? s[i - 1].allocated : 0) : -1;
            for (; i < i1 && s[i].ts < tEnd; ++i) {
                pc.step(alive, i);
                have = true;
                if (s[i].allocated > bestTotal) {
                    bestTotal = s[i].allocated;
                    best = alive;
                }
            }
            if (!have)
                continue;
            xs.push_back(L + x);
            vs.push_back(best);
            xs.push_back(L + x + 1);
            vs.push_back(best);
        }
    }
    if (xs.size() < 2)
        return;
    p.save();
    p.setPen(Qt::NoPen);
    std::vector<double> below(xs.size(), 0.0);
    for (int k = 0; k < analysis::kMemoryPhases; ++k) {
        QPolygonF poly;
        bool any = false;
        std::vector<double> top(xs.size());
        for (std::size_t j = 0; j < xs.size(); ++j) {
            const double b = double(std::max<std::int64_t>(0, vs[j][std::size_t(k)]));
            any |= b > 0;
            top[j] = below[j] + b;
            poly << QPointF(xs[j], f.yOf(top[j]));
        }
        if (any) {
            for (std::size_t j = xs.size(); j-- > 0;)
                poly << QPointF(xs[j], f.yOf(below[j]));
            QColor c = Palette::memoryPhase(k);
            c.setAlpha(170);
            p.setBrush(c);
            p.drawPolygon(poly);
        }
        below = std::move(top);
    }
    p.restore();
}

MemoryBand::Drawn MemoryBand::paint(QPainter &p, const TraceViewIndex::MemoryCurve &mc, const Frame &f)
{
    Drawn drawn;
    const int width = f.band.width();
    if (width <= 0 || f.band.height() <= kPlotTop + kPlotBottom)
        return drawn;
    p.save();
    p.setClipRect(f.band, Qt::IntersectClip);
    const double L = f.band.left();
    const double top = f.plotTop(), bottom = f.plotBottom();
    const double origin = f.origin, ppn = f.pxPerNs, nspp = 1 / f.pxPerNs;
    const double range = width * nspp;
    auto yOf = [&](double bytes) { return f.yOf(bytes); };
    const Palette::Chrome &chrome = chromeOf(f);

    // Grid: the axis' top and half, faint, under the series.
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(withAlpha(chrome.label, 60), 1, Qt::DotLine));
    p.drawLine(QPointF(L, top), QPointF(L + width, top));
    p.drawLine(QPointF(L, (top + bottom) / 2), QPointF(L + width, (top + bottom) / 2));
    p.setPen(QPen(withAlpha(chrome.label, 90), 1));
    p.drawLine(QPointF(L, bottom), QPointF(L + width, bottom));

    const auto &s = mc.series->samples;
    const auto &ts = mc.ts;
    const std::size_t i0 = std::size_t(std::lower_bound(ts.begin(), ts.end(), TimeNs(std::floor(origin))) - ts.begin());
    const std::size_t i1 = std::size_t(std::upper_bound(ts.begin(), ts.end(), TimeNs(std::ceil(origin + range))) - ts.begin());
    QPolygonF alloc, reserved;
    if (i1 - i0 <= std::size_t(width)) {
        // Few samples: the exact step function.
        std::int64_t a = i0 > 0 ? s[i0 - 1].allocated : -1, r = i0 > 0 ? s[i0 - 1].reserved : -1;
        if (a >= 0) {
            alloc << QPointF(L, yOf(double(a)));
            reserved << QPointF(L, yOf(double(r)));
        }
        for (std::size_t i = i0; i < i1; ++i) {
            const double x = L + (double(s[i].ts) - origin) * ppn;
            if (a >= 0) {
                alloc << QPointF(x, yOf(double(a)));
                reserved << QPointF(x, yOf(double(r)));
            }
            a = s[i].allocated;
            r = s[i].reserved;
            alloc << QPointF(x, yOf(double(a)));
            reserved << QPointF(x, yOf(double(r)));
        }
        if (a >= 0) {
            // The last value holds until the trace ends.
            const double xe = i1 < s.size() ? L + width : std::min(L + width, L + (double(f.traceEnd) - origin) * ppn);
            alloc << QPointF(xe, yOf(double(a)));
            reserved << QPointF(xe, yOf(double(r)));
        }
    } else {
        // Many samples: per pixel column the largest value (peaks must not vanish), from the
        // min/max pyramid, so a zoomed-out frame costs O(width log n), not O(samples).
        std::size_t i = i0;
        std::int64_t heldA = i0 > 0 ? s[i0 - 1].allocated : 0, heldR = i0 > 0 ? s[i0 - 1].reserved : 0;
        const double traceEnd = double(f.traceEnd);
        for (int x = 0; x < width && origin + x * nspp <= traceEnd; ++x) {
            const TimeNs tEnd = TimeNs(std::ceil(origin + (x + 1) * nspp));
            // The column's end from i on: a galloping search touches the few samples of the column,
            // not a binary search's scattered probes over every later sample.
            std::size_t lo = i, hi = i, step = 1;
            while (hi < i1 && ts[hi] < tEnd) {
                lo = hi + 1;
                hi = lo + step;
                step <<= 1;
            }
            const std::size_t j = std::size_t(std::lower_bound(ts.begin() + std::ptrdiff_t(lo), ts.begin() + std::ptrdiff_t(std::min(hi, i1)), tEnd) - ts.begin());
            MemAgg agg = mc.query(i, j);
            if (i > 0 || j > i)
                agg.add(heldA, heldR);
            if (!agg.empty()) {
                alloc << QPointF(L + x, yOf(double(agg.aMax)));
                reserved << QPointF(L + x, yOf(double(agg.rMax)));
            }
            if (j > i) {
                heldA = s[j - 1].allocated;
                heldR = s[j - 1].reserved;
            }
            i = j;
        }
    }
    const bool stacked = f.stacked && canStack(mc) && alloc.size() >= 2;
    if (stacked)
        paintStacked(p, mc, f, i0, i1);
    if (alloc.size() >= 2) {
        drawn.curve = true;
        QPolygonF area = alloc;
        area << QPointF(alloc.last().x(), bottom) << QPointF(alloc.first().x(), bottom);
        QColor fill = Palette::memoryAllocated();
        fill.setAlpha(40);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        if (!stacked) // the stack fills the area already
            p.drawPolygon(area);
        p.setBrush(Qt::NoBrush);
        // Cosmetic 1 px pens: aliased polylines take the raster engine's fast line path (a wider
        // pen goes through the stroker, ~10x slower for a 2000-point curve).
        // Two logical pixels thick at any device pixel ratio: one hairline per device pixel row
        // (at 2x, four; two rows one logical pixel apart read as two thin lines, not one).
        const qreal dpr = p.device() ? std::max<qreal>(1, p.device()->devicePixelRatioF()) : 1;
        const int rows = std::max(2, int(std::lround(2 * dpr)));
        p.setPen(QPen(Palette::memoryAllocated(), 0));
        for (int k = 0; k < rows; ++k)
            p.drawPolyline(alloc.translated(0, -k / dpr));
        if (mc.hasReserved) {
            drawn.reserved = true;
            p.setPen(QPen(Palette::memoryReserved(), 0));
            for (int k = 0; k < rows; ++k)
                p.drawPolyline(reserved.translated(0, k / dpr));
        }
    }

    // The device's total memory: a dashed line where it fits on the axis.
    const bool totalLine = totalOnAxis(f.axisTop, f.deviceTotal);
    if (totalLine) {
        p.setPen(QPen(withAlpha(chrome.label, 200), 1, Qt::DashLine));
        p.drawLine(QPointF(L, yOf(double(f.deviceTotal))), QPointF(L + width, yOf(double(f.deviceTotal))));
    }

    // Spikes: a needle from the zero line to the allocation's top and a mark above the plot, one
    // per pixel column.
    {
        const auto &sp = mc.spikes;
        auto it = std::lower_bound(sp.begin(), sp.end(), TimeNs(std::floor(origin)),
                                   [](const analysis::MemorySpike &a, TimeNs t) { return a.start < t; });
        int lastX = std::numeric_limits<int>::min();
        const QColor c = Palette::memorySpike();
        for (; it != sp.end() && double(it->start) <= origin + range; ++it) {
            const int x = int(L + (double(it->start) - origin) * ppn);
            if (x == lastX)
                continue;
            lastX = x;
            drawn.spikes = true;
            p.setPen(QPen(c, 1));
            p.drawLine(QPointF(x, yOf(double(it->allocated))), QPointF(x, bottom));
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawPolygon(QPolygonF({QPointF(x - 4, top - 8), QPointF(x + 4, top - 8), QPointF(x, top - 1)}));
            p.setBrush(Qt::NoBrush);
        }
    }

    p.restore();
    return drawn;
}

void MemoryBand::paintAxis(QPainter &p, QRect cell, const QString &title, const Frame &f, Legend legend)
{
    p.save();
    QFont font = f.font;
    font.setPixelSize(12);
    p.setFont(font);
    const Palette::Chrome &chrome = chromeOf(f);
    p.setPen(chrome.label);
    const QFontMetrics fm(font);
    p.drawText(QRect(cell.left() + 18, cell.top() + 2, cell.width() - 70, fm.height()), Qt::AlignVCenter | Qt::AlignLeft,
               fm.elidedText(title, Qt::ElideRight, cell.width() - 70));
    QFont small = font;
    small.setPixelSize(10);
    p.setFont(small);
    const QFontMetrics sm(small);
    // The legend, one row per series under the title (the plot keeps all of its width).
    int rowY = cell.top() + 2 + fm.height() + 2;
    const int textX = cell.left() + 18 + 20, legendW = cell.width() - 18 - 20 - 44;
    auto row = [&](const QString &text, auto &&swatch) {
        const int cy = rowY + sm.height() / 2;
        swatch(cell.left() + 18, cy);
        p.setPen(chrome.label);
        p.drawText(QPoint(textX, rowY + sm.ascent()), sm.elidedText(text, Qt::ElideRight, legendW));
        rowY += sm.height() + 1;
    };
    row(tr("allocated"), [&](int x, int cy) { p.fillRect(QRect(x, cy - 1, 14, 3), Palette::memoryAllocated()); });
    if (legend.phases) {
        // Stacked by owner: the phases, two to a row (the band is short), bottom of the stack first.
        // Middle rows: clear of the axis values at the top and bottom, so up to the tick marks.
        const int half = (cell.width() - 18 - 8) / 2;
        int col = 0;
        for (int k = 0; k < analysis::kMemoryPhases; ++k) {
            if (!(legend.phases & (1u << k)))
                continue;
            const int x = cell.left() + 18 + col * half;
            const int cy = rowY + sm.height() / 2;
            p.fillRect(QRect(x, cy - 4, 10, 8), Palette::memoryPhase(k));
            p.setPen(chrome.label);
            p.drawText(QPoint(x + 13, rowY + sm.ascent()), sm.elidedText(analysis::memoryPhaseLabel(analysis::MemoryPhase(k)), Qt::ElideRight, half - 15));
            if (++col == 2) {
                col = 0;
                rowY += sm.height() + 1;
            }
        }
        if (col)
            rowY += sm.height() + 1;
    }
    if (legend.reserved)
        row(tr("reserved"), [&](int x, int cy) { p.fillRect(QRect(x, cy - 1, 14, 3), Palette::memoryReserved()); });
    if (legend.spikes > 0)
        row(legend.spikes == 1 ? tr("%n spike", nullptr, 1) : tr("%n spikes", nullptr, legend.spikes), [&](int x, int cy) {
            p.setPen(Qt::NoPen);
            p.setBrush(Palette::memorySpike());
            p.drawPolygon(QPolygonF({QPointF(x + 3, cy - 4), QPointF(x + 11, cy - 4), QPointF(x + 7, cy + 3)}));
            p.setBrush(Qt::NoBrush);
        });
    if (f.deviceTotal > 0) {
        const bool on = totalOnAxis(f.axisTop, f.deviceTotal);
        row(deviceTotalText(f.axisTop, f.deviceTotal),
            [&](int x, int cy) {
                p.setPen(QPen(withAlpha(chrome.label, 200), 1, on ? Qt::DashLine : Qt::DotLine));
                p.drawLine(x, cy, x + 14, cy);
            });
    }
    const int right = cell.right() - 6;
    // Tick marks on the header's edge, their values left of them.
    for (double bytes : {f.axisTop, 0.0}) {
        const int y = int(std::lround(f.yOf(bytes)));
        p.setPen(chrome.minorTick);
        p.drawLine(right, y, cell.right(), y);
        p.setPen(chrome.label);
        const QString t = formatBytes(bytes);
        const int ty = bytes > 0 ? y + sm.ascent() - 1 : y - 1;
        p.drawText(QPoint(right - 3 - sm.horizontalAdvance(t), ty), t);
    }
    p.restore();
}

void MemoryBand::paintReadout(QPainter &p, const TraceViewIndex::MemoryCurve &curve, const Frame &f, double absNs)
{
    Value v = valueAt(curve, f.traceEnd, TimeNs(std::floor(absNs)));
    const double x = f.band.left() + (absNs - f.origin) * f.pxPerNs;
    if (!v.valid || x < f.band.left() || x > f.band.right())
        return;
    p.save();
    p.setClipRect(f.band, Qt::IntersectClip);
    p.setRenderHint(QPainter::Antialiasing, true);
    const Palette::Chrome &chrome = chromeOf(f);
    p.setPen(QPen(chrome.background, 1));
    p.setBrush(Palette::memoryAllocated());
    p.drawEllipse(QPointF(x, f.yOf(double(v.allocated))), 3.5, 3.5);
    if (v.reserved >= 0) {
        p.setBrush(Palette::memoryReserved());
        p.drawEllipse(QPointF(x, f.yOf(double(v.reserved))), 3.5, 3.5);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont font = f.font;
    font.setPixelSize(11);
    p.setFont(font);
    const QFontMetrics fm(font);
    const QString text = readoutText(v);
    const int tw = fm.horizontalAdvance(text) + 10;
    // Right of the cursor, or left of it near the right edge; inside the plot's upper part.
    double bx = x + 8;
    if (bx + tw > f.band.right())
        bx = x - 8 - tw;
    const QRectF box(bx, f.plotTop() + 2, tw, fm.height() + 2);
    p.fillRect(box, withAlpha(chrome.background, 225));
    p.setPen(chrome.border);
    p.setBrush(Qt::NoBrush);
    p.drawRect(box.adjusted(0, 0, -1, -1));
    p.setPen(chrome.label);
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
}

} // namespace lanescope
