// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/CounterLanes.h"

#include "core/analysis/text/FigureText.h"

#include <QFontMetrics>
#include <QLocale>
#include <QPainter>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

CounterLanes::Index::Index(const CounterSeries &s)
    : m_n(std::min(s.ts.size(), s.value.size()))
{
    m_leaves = 1;
    while (m_leaves < m_n)
        m_leaves *= 2;
    constexpr double inf = std::numeric_limits<double>::infinity();
    m_min.assign(2 * m_leaves, inf);
    m_max.assign(2 * m_leaves, -inf);
    for (std::size_t i = 0; i < m_n; ++i) {
        // A value that is no number (the loader takes what the JSON says) draws nothing.
        const double v = std::isfinite(s.value[i]) ? s.value[i] : 0;
        m_min[m_leaves + i] = m_max[m_leaves + i] = v;
    }
    for (std::size_t k = m_leaves - 1; k >= 1; --k) {
        m_min[k] = std::min(m_min[2 * k], m_min[2 * k + 1]);
        m_max[k] = std::max(m_max[2 * k], m_max[2 * k + 1]);
    }
}

std::pair<double, double> CounterLanes::Index::minMax(std::size_t i0, std::size_t i1) const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    // Bottom-up over the half-open leaf range.
    for (std::size_t a = i0 + m_leaves, b = i1 + m_leaves; a < b; a /= 2, b /= 2) {
        if (a & 1) {
            lo = std::min(lo, m_min[a]);
            hi = std::max(hi, m_max[a]);
            ++a;
        }
        if (b & 1) {
            --b;
            lo = std::min(lo, m_min[b]);
            hi = std::max(hi, m_max[b]);
        }
    }
    return {lo, hi};
}

double CounterLanes::niceAbove(double v)
{
    if (!(v > 0) || !std::isfinite(v))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= v * (1 - 1e-12))
            return m * p;
    return 10 * p;
}

CounterLanes::Scale CounterLanes::scaleOf(const Index &index, const QString &unit)
{
    Scale s;
    if (index.size() == 0)
        return s;
    const bool bytes = unit == QLatin1String("B") || unit == QLatin1String("B/s");
    // roundUpBytes stops at 1,024 GiB (no memory is larger); a rate of terabytes a second goes
    // past it, and then to 1, 2, 2.5 or 5 times a power of ten.
    const auto round = [&](double v) {
        const double r = bytes ? analysis::figure::roundUpBytes(v) : 0;
        return r >= v ? r : niceAbove(v);
    };
    const double lo = std::min(0.0, index.lowest()), hi = std::max(0.0, index.highest());
    s.lo = lo < 0 ? -round(-lo) : 0;
    s.hi = hi > 0 ? round(hi) : (s.lo < 0 ? 0 : 1);
    if (!std::isfinite(s.lo) || !std::isfinite(s.hi) || !(s.hi > s.lo))
        s = Scale{};
    return s;
}

QString CounterLanes::scaleText(double v, const QString &unit)
{
    if (v == 0)
        return QStringLiteral("0");
    if (unit == QLatin1String("B"))
        return analysis::figure::bytesTick(v);
    if (unit == QLatin1String("B/s"))
        return tr("%1/s").arg(analysis::figure::bytesTick(v));
    return formatValue(v, unit);
}

CounterLanes::Value CounterLanes::valueAt(const CounterSeries &s, TimeNs traceEnd, TimeNs t)
{
    Value v;
    const std::size_t n = std::min(s.ts.size(), s.value.size());
    if (n == 0 || t < s.ts.front() || t > std::max(traceEnd, s.ts[n - 1]))
        return v;
    const auto it = std::upper_bound(s.ts.begin(), s.ts.begin() + std::ptrdiff_t(n), t);
    const std::size_t i = std::size_t(it - s.ts.begin()) - 1;
    v.valid = true;
    v.t = t;
    v.value = s.value[i];
    return v;
}

std::vector<CounterLanes::Column> CounterLanes::columns(const CounterSeries &s, const Index &index, TimeNs traceEnd,
                                                        double origin, double nsPerPx, int width)
{
    std::vector<Column> out(std::size_t(std::max(0, width)));
    const std::size_t n = std::min({s.ts.size(), s.value.size(), index.size()});
    if (n == 0 || !(nsPerPx > 0))
        return out;
    const double first = double(s.ts.front()), end = double(std::max(traceEnd, s.ts[n - 1]));
    const auto tsEnd = s.ts.begin() + std::ptrdiff_t(n);
    for (int x = 0; x < width; ++x) {
        const double a = origin + x * nsPerPx, b = a + nsPerPx;
        if (b <= first || a > end)
            continue;
        // The value in force just before the column's left edge, then every sample inside it: a
        // step at the edge is drawn as the column's vertical line, joining the two levels.
        const auto from = std::lower_bound(s.ts.begin(), tsEnd, TimeNs(std::ceil(a)));
        const auto to = std::lower_bound(from, tsEnd, TimeNs(std::ceil(b)));
        const std::size_t i0 = from == s.ts.begin() ? 0 : std::size_t(from - s.ts.begin()) - 1;
        const std::size_t i1 = std::size_t(to - s.ts.begin());
        if (i1 <= i0)
            continue;
        const auto [lo, hi] = index.minMax(i0, i1);
        Column &c = out[std::size_t(x)];
        c.any = true;
        c.lo = lo;
        c.hi = hi;
    }
    return out;
}

bool CounterLanes::paint(QPainter &p, const CounterSeries &s, const Index &index, const Frame &f)
{
    const int width = f.band.width();
    if (width <= 0 || f.band.height() <= kPlotTop + kPlotBottom)
        return false;
    const std::vector<Column> cols = columns(s, index, f.traceEnd, f.origin, 1 / f.pxPerNs, width);
    const double base = f.yOf(std::clamp(0.0, f.scale.lo, f.scale.hi));
    const double top = f.plotTop(), bottom = f.plotBottom();
    std::vector<QRectF> area, span;
    area.reserve(cols.size());
    span.reserve(cols.size());
    for (int x = 0; x < width; ++x) {
        const Column &c = cols[std::size_t(x)];
        if (!c.any)
            continue;
        const double yHi = std::clamp(f.yOf(c.hi), top, bottom), yLo = std::clamp(f.yOf(c.lo), top, bottom);
        const double px = f.band.left() + x;
        // The area between 0 and the column's highest value; the line over what the column spans
        // (at least a pixel: a flat stretch reads as a step line).
        const double a0 = std::min(base, yHi), a1 = std::max(base, yHi);
        if (a1 > a0)
            area.emplace_back(px, a0, 1, a1 - a0);
        span.emplace_back(px, std::min(yHi, yLo) - 0.5, 1, std::max(1.0, std::abs(yLo - yHi) + 1));
    }
    if (span.empty())
        return false;
    p.save();
    p.setClipRect(f.band);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    QColor fill = f.color;
    fill.setAlpha(70);
    p.setBrush(fill);
    p.drawRects(area.data(), int(area.size()));
    p.setBrush(f.color);
    p.drawRects(span.data(), int(span.size()));
    p.restore();
    return true;
}

void CounterLanes::paintHeader(QPainter &p, QRect cell, const QString &name, const QString &unit, const Frame &f)
{
    p.save();
    QFont font = f.font;
    font.setPixelSize(11);
    const QFontMetrics fm(font);
    p.setFont(font);
    const QColor label = f.chrome ? f.chrome->label : QColor(0x30, 0x30, 0x30);
    // The scale's ends on the right, level with the plot's top and bottom.
    const QString hi = scaleText(f.scale.hi, unit), lo = scaleText(f.scale.lo, unit);
    const int scaleW = std::max(fm.horizontalAdvance(hi), fm.horizontalAdvance(lo));
    const int right = cell.right() - 4;
    p.setPen(label);
    p.drawText(QRect(right - scaleW, int(f.plotTop()) - 2, scaleW, fm.height()), Qt::AlignRight | Qt::AlignTop, hi);
    p.drawText(QRect(right - scaleW, int(f.plotBottom()) - fm.height() + 2, scaleW, fm.height()), Qt::AlignRight | Qt::AlignBottom, lo);
    // A swatch of the series' ink, then its name (and unit) over two lines where it needs them.
    p.fillRect(QRect(cell.left() + 8, cell.top() + 8, 6, 6), f.color);
    // The unit after the name, unless the name ends in it already ("sm_active (%)").
    const bool stated = name.endsWith(unit + QLatin1Char(')')) || name.endsWith(unit + QLatin1Char(']'));
    const QString text = unit.isEmpty() || stated ? name : tr("%1 (%2)").arg(name, unit);
    const QRect textRect(cell.left() + 18, cell.top() + 2, std::max(0, right - scaleW - 6 - (cell.left() + 18)), cell.height() - 4);
    QString shown = text;
    if (fm.horizontalAdvance(text) > textRect.width())
        shown = fm.elidedText(text, Qt::ElideMiddle, textRect.width());
    p.drawText(textRect, Qt::AlignLeft | Qt::AlignTop, shown);
    p.restore();
}

QString CounterLanes::unitOf(const QString &name)
{
    // A unit the name states itself: "power (W)", "sm_active [%]".
    static const QRegularExpression stated(QStringLiteral("[\\(\\[]\\s*([^\\)\\]\\s]{1,8})\\s*[\\)\\]]\\s*$"));
    if (const QRegularExpressionMatch m = stated.match(name); m.hasMatch())
        return m.captured(1);
    const QString n = name.toLower();
    // CUPTI's metric names end in their unit's words: "...pct_of_peak_sustained_elapsed",
    // "dram__bytes_read.sum.per_second", "...utilization".
    if (n.contains(QLatin1String("per_second")) || n.endsWith(QLatin1String("_per_sec")) || n.endsWith(QLatin1String("/s")))
        return n.contains(QLatin1String("bytes")) ? QStringLiteral("B/s") : QStringLiteral("/s");
    if (n.contains(QLatin1String("pct")) || n.contains(QLatin1String("percent")) || n.contains(QLatin1String("utilization")))
        return QStringLiteral("%");
    if (n.contains(QLatin1String("bytes")))
        return QStringLiteral("B");
    return {};
}

QString CounterLanes::formatValue(double v, const QString &unit)
{
    const QLocale locale;
    if (!std::isfinite(v))
        return locale.toString(v);
    if (unit == QLatin1String("B"))
        return analysis::figure::bytes(v);
    if (unit == QLatin1String("B/s"))
        return tr("%1/s").arg(analysis::figure::bytes(v));
    // Large values with an SI prefix, small ones with up to 3 significant digits.
    const double a = std::abs(v);
    double shown = v;
    QString prefix;
    if (a >= 1e9) {
        shown = v / 1e9;
        prefix = QStringLiteral("G");
    } else if (a >= 1e6) {
        shown = v / 1e6;
        prefix = QStringLiteral("M");
    } else if (a >= 1e4) {
        shown = v / 1e3;
        prefix = QStringLiteral("k");
    }
    const QString number = locale.toString(shown, 'g', prefix.isEmpty() && a >= 1000 ? 4 : 3);
    const QString suffix = prefix + unit;
    return suffix.isEmpty() ? number : number + QLatin1Char(' ') + suffix;
}

QColor CounterLanes::colorOf(int k)
{
    // Teal, indigo, orange, magenta: apart from the slice classes' greens, blues and reds.
    static const QColor inks[] = {QColor(0x00, 0x89, 0x7B), QColor(0x39, 0x49, 0xAB), QColor(0xEF, 0x6C, 0x00),
                                  QColor(0xAD, 0x14, 0x57)};
    return inks[std::size_t(std::max(0, k)) % std::size(inks)];
}

} // namespace lanescope
