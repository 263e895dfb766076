#pragma once
// Time <-> pixel mapping of the timeline: a visible window [start, start + range) in nanoseconds
// (relative to the view's time origin, so absolute-epoch traces keep ns precision in a double)
// over `width` pixels; zoom about a point, pan, clamping to the data span and adaptive ruler ticks.
// Pure value type on QtCore only, so it is tested without a window (tst_timeaxis).
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace lanescope {

struct TimeAxis
{
    double start = 0;   // ns since the origin at the left edge
    double range = 1e6; // ns across the width
    double width = 1;   // px

    // Limits (set by the view from the data): the window never gets narrower than minRange and
    // never drifts entirely off [spanStart, spanEnd].
    double spanStart = 0, spanEnd = 1e6;
    double minRange = 100; // 100 ns across the whole width is well past any kernel launch

    double nsPerPx() const { return range / std::max(1.0, width); }
    double pxPerNs() const { return std::max(1.0, width) / range; }
    double toPx(double ns) const { return (ns - start) * pxPerNs(); }
    double toNs(double px) const { return start + px * nsPerPx(); }
    double end() const { return start + range; }

    // Keeps the time under px fixed while the range is multiplied by factor (< 1 zooms in).
    void zoomAbout(double px, double factor)
    {
        const double t = toNs(px);
        const double frac = px / std::max(1.0, width);
        range = std::clamp(range * factor, minRange, maxRange());
        start = t - frac * range;
        clamp();
    }
    // Moves the window by dx pixels (positive: later times come into view).
    void panPx(double dx)
    {
        start += dx * nsPerPx();
        clamp();
    }
    void setWindow(double s, double r)
    {
        range = std::clamp(r, minRange, maxRange());
        start = s + (r - range) / 2; // keep the centre when clamping
        clamp();
    }
    // The whole span with a small margin either side.
    void fitAll()
    {
        const double span = std::max(spanEnd - spanStart, minRange);
        range = span * (1 + 2 * kFitMargin);
        start = spanStart - span * kFitMargin;
    }
    // Keeps some of the data in view: the window may overhang either end by a tenth of itself.
    void clamp()
    {
        const double span = spanEnd - spanStart;
        if (range >= span * (1 + 2 * kFitMargin)) {
            start = spanStart + span / 2 - range / 2;
            return;
        }
        const double over = range * 0.1;
        start = std::clamp(start, spanStart - over, spanEnd + over - range);
    }
    double maxRange() const { return std::max(minRange, (spanEnd - spanStart) * (1 + 2 * kFitMargin)); }

    static constexpr double kFitMargin = 0.02;

    struct Tick
    {
        double ns; // relative to the origin
        double px;
        bool labelled;
    };
    // Ruler step: 1, 2 or 5 x 10^k ns, the smallest whose spacing is at least minSpacingPx.
    double tickStep(double minSpacingPx = 90) const
    {
        const double raw = nsPerPx() * minSpacingPx;
        double p = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-3))));
        for (double m : {1.0, 2.0, 5.0, 10.0})
            if (p * m >= raw)
                return std::max(1.0, p * m);
        return std::max(1.0, p * 10);
    }
    // Labelled ticks every step, four unlabelled minor ticks between them.
    std::vector<Tick> ticks(double minSpacingPx = 90) const
    {
        std::vector<Tick> out;
        const double step = tickStep(minSpacingPx);
        const double minor = step / 5;
        const double first = std::floor(start / minor) * minor;
        for (int i = 0;; ++i) {
            const double t = first + i * minor;
            if (t > end())
                break;
            if (t < start)
                continue;
            const double k = t / step;
            out.push_back({t, toPx(t), std::abs(k - std::round(k)) < 1e-6});
        }
        return out;
    }

    // "1.5 ms" style, the unit chosen from the magnitude; decimals enough to tell ticks of
    // spacing `step` apart (0 means: three significant digits).
    static QString formatTime(double ns, double step = 0)
    {
        const double a = std::abs(ns);
        const double mag = step > 0 ? std::max(step, a) : a;
        struct Unit
        {
            double scale;
            const char *name;
        };
        static constexpr Unit units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
        Unit u = units[3];
        for (const Unit &c : units)
            if (mag >= c.scale) {
                u = c;
                break;
            }
        const double v = ns / u.scale;
        int decimals;
        if (step > 0) {
            const double s = step / u.scale;
            decimals = s >= 1 ? 0 : std::min(6, int(std::ceil(-std::log10(s) - 1e-9)));
        } else {
            const double av = std::abs(v);
            decimals = av >= 100 || u.scale == 1 ? 0 : av >= 10 ? 1 : 2;
        }
        return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QString::fromUtf8(u.name);
    }
};

} // namespace lanescope
