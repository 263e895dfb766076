// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Time <-> pixel mapping of the timeline: a visible window [start, start + range) in nanoseconds
// (relative to the view's time origin, so absolute-epoch traces keep ns precision in a double)
// over `width` pixels; zoom about a point, pan, clamping to the data span and adaptive ruler ticks.
// Pure value type on QtCore only, so it is tested without a window (tst_timeaxis).
#include <QCoreApplication>
#include <QLocale>
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
    // spacing `step` apart (0 means: three significant digits). The number is written the locale's
    // way (its decimal point, no grouping) and the unit is translatable.
    static QString formatTime(double ns, double step = 0)
    {
        const double a = std::abs(ns);
        const double mag = step > 0 ? std::max(step, a) : a;
        const int u = unitFor(mag);
        const double scale = kUnitScale[u];
        const double v = ns / scale;
        int decimals;
        if (step > 0) {
            const double s = step / scale;
            decimals = s >= 1 ? 0 : std::min(6, int(std::ceil(-std::log10(s) - 1e-9)));
        } else {
            const double av = std::abs(v);
            decimals = av >= 100 || scale == 1 ? 0 : av >= 10 ? 1 : 2;
        }
        return number(v, decimals) + QLatin1Char(' ') + unitName(u);
    }

    // A time to the resolution the trace holds (1 ns, or 1000 for whole microseconds), in the unit
    // of its magnitude with the decimals in groups of three: "14.389 012 345 s", "1.234 567 ms",
    // "830 ns". For the Details panel, tooltips and the ruler's anchor, where 3 significant digits
    // ("14.4 s") would hide which microsecond a kernel started in.
    static QString formatPrecise(double ns, double resolutionNs = 1)
    {
        const int u = unitFor(std::abs(ns));
        const double scale = kUnitScale[u];
        const double res = std::max(1.0, resolutionNs);
        // Decimals that resolve `res` in this unit, rounded up to whole groups of three.
        int decimals = res >= scale ? 0 : int(std::ceil(std::log10(scale / res) - 1e-9));
        decimals = std::min(9, (decimals + 2) / 3 * 3);
        QString text = number(ns / scale, decimals);
        const QString point = QLocale().decimalPoint();
        const qsizetype dot = text.indexOf(point);
        if (dot >= 0)
            for (qsizetype i = dot + point.size() + 3; i < text.size(); i += 4)
                text.insert(i, QLatin1Char(' '));
        return text + QLatin1Char(' ') + unitName(u);
    }

    // The ruler's labels for `ticks` (empty for unlabelled ones). Near the origin each label is its
    // time ("1.2 s"). At deep zoom, where a time would need many more digits than the step shows
    // apart ("14.3890 s, 14.3892 s…"), the first labelled tick shows its time in full
    // ("14.389 000 s") and the others their offset from it ("+200 µs"), as Perfetto's ruler does.
    static std::vector<QString> tickLabels(const std::vector<Tick> &ticks, double step)
    {
        std::vector<QString> out(ticks.size());
        const auto first = std::find_if(ticks.begin(), ticks.end(), [](const Tick &t) { return t.labelled; });
        if (first == ticks.end())
            return out;
        const double anchor = first->ns;
        const bool offsets = labelsAsOffsets(anchor, step);
        for (std::size_t i = 0; i < ticks.size(); ++i) {
            if (!ticks[i].labelled)
                continue;
            if (!offsets)
                out[i] = formatTime(ticks[i].ns, step);
            else if (&ticks[i] == &*first)
                out[i] = formatPrecise(anchor, step);
            else
                out[i] = QLatin1Char('+') + formatTime(ticks[i].ns - anchor, step);
        }
        return out;
    }
    // Offsets once a label's magnitude is a thousand steps or more: "14.3890 s" at a 200 µs step
    // (70,000 steps) would repeat "14.38" on every label.
    static constexpr double kOffsetLabelRatio = 1000;
    static bool labelsAsOffsets(double anchorNs, double step) { return step > 0 && std::abs(anchorNs) >= step * kOffsetLabelRatio; }

private:
    static constexpr double kUnitScale[] = {1e9, 1e6, 1e3, 1};
    static int unitFor(double magnitudeNs)
    {
        for (int u = 0; u < 3; ++u)
            if (magnitudeNs >= kUnitScale[u])
                return u;
        return 3;
    }
    static QString unitName(int u)
    {
        switch (u) {
        case 0: return QCoreApplication::translate("lanescope::TimeAxis", "s");
        case 1: return QCoreApplication::translate("lanescope::TimeAxis", "ms");
        case 2: return QCoreApplication::translate("lanescope::TimeAxis", "µs");
        default: return QCoreApplication::translate("lanescope::TimeAxis", "ns");
        }
    }
    static QString number(double v, int decimals)
    {
        QLocale locale;
        locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
        return locale.toString(v, 'f', decimals);
    }
};

} // namespace lanescope
