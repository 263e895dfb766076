// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/text/FigureText.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <utility>

namespace lanescope::analysis::figure {

namespace {
// lupdate files these under "figures", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(figures)
};

// How each per-rank figure is spelled: its number's scale from the key's unit, and the decimals.
enum class Kind { Ms, Pct, Gib, Other };

Kind kindOf(std::string_view key)
{
    if (key == "step_time_us" || key == "gaps_total_us" || key == "exposed_comm_us")
        return Kind::Ms;
    if (key == "idle_pct" || key == "comm_comp_overlap_pct" || key == "mfu_pct")
        return Kind::Pct;
    if (key == "peak_allocated_bytes")
        return Kind::Gib;
    return Kind::Other;
}

constexpr double kGiB = double(1ll << 30);
constexpr int kPctDecimals = 1, kGibDecimals = 2;
constexpr int kMsFinestDecimals = 2;

int msDecimals(double ns) { return std::abs(ns) < 1e7 ? kMsFinestDecimals : 1; }

// The number shown and its decimals, in the unit shown (ms, %, GiB).
std::pair<double, int> shown(Kind kind, double v)
{
    switch (kind) {
    case Kind::Ms: return {v / 1e3, msDecimals(v * 1e3)};
    case Kind::Pct: return {v, kPctDecimals};
    case Kind::Gib: return {v / kGiB, kGibDecimals};
    case Kind::Other: break;
    }
    return {v, 0};
}

} // namespace

QString ms(double ns) { return Text::tr("%1 ms").arg(QLocale().toString(ns / 1e6, 'f', msDecimals(ns))); }

QString stepTime(double ns) { return ms(ns); }

QString us(double ns) { return Text::tr("%1 µs").arg(QLocale().toString(ns / 1e3, 'f', 1)); }

QString threshold(TimeNs ns)
{
    // Up to three decimals of a millisecond, trailing zeros dropped ('g' keeps the value exact).
    return Text::tr("%1 ms").arg(QLocale().toString(std::round(double(ns) / 1e3) / 1e3, 'g', 12));
}

QString pct(double v) { return Text::tr("%1 %").arg(QLocale().toString(v, 'f', kPctDecimals)); }

// Three significant digits below 10 (a CPU toy's 0.0109 TFLOPS stays readable), one decimal above.
QString tflops(double v) { return v < 10 ? QLocale().toString(v, 'g', 3) : QLocale().toString(v, 'f', 1); }

QString tokensPerS(double v) { return QLocale().toString(v, 'f', v < 100 ? 1 : 0); }

QString samplesPerS(double v) { return tokensPerS(v); }

QString gib(double bytes) { return Text::tr("%1 GiB").arg(QLocale().toString(bytes / kGiB, 'f', kGibDecimals)); }

namespace {
// The binary unit a byte count is spelled in, and its size.
std::pair<double, const char *> binaryUnit(double bytes)
{
    const double a = std::abs(bytes);
    if (a >= kGiB)
        return {kGiB, "GiB"};
    if (a >= double(1 << 20))
        return {double(1 << 20), "MiB"};
    return {1024.0, "KiB"};
}

QString withUnit(const QString &number, const char *unit)
{
    // Spelled out so lupdate sees each unit's text.
    if (std::string_view(unit) == "GiB")
        return Text::tr("%1 GiB").arg(number);
    if (std::string_view(unit) == "MiB")
        return Text::tr("%1 MiB").arg(number);
    return Text::tr("%1 KiB").arg(number);
}
} // namespace

QString bytes(double b)
{
    const auto [size, unit] = binaryUnit(b);
    return withUnit(QLocale().toString(b / size, 'f', size == kGiB ? kGibDecimals : 1), unit);
}

QString bytesTick(double b)
{
    if (!(std::abs(b) > 0))
        return QStringLiteral("0");
    const auto [size, unit] = binaryUnit(b);
    const double v = b / size;
    const double a = std::abs(v);
    const int decimals = a >= 99.95 ? 0 : a >= 9.995 ? 1 : 2;
    QString text = QLocale().toString(v, 'f', decimals);
    const QString point = QLocale().decimalPoint();
    if (decimals > 0) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return withUnit(text, unit);
}

double roundUpBytes(double want)
{
    if (!(want > 0))
        return 1;
    const auto [size, unit] = binaryUnit(want);
    (void)unit;
    const double v = want / size;
    const double p10 = std::pow(10.0, std::floor(std::log10(v)));
    double r = p10 * 10 * size;
    for (double m : {1.0, 1.2, 1.6, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (p10 * m >= v * (1 - 1e-12)) {
            r = p10 * m * size;
            break;
        }
    return std::min(r, 1024 * size); // 1,200 MiB would read "1.17 GiB": 1 GiB instead
}

QString duration(double ns, TimeUnit unit, int decimals)
{
    const QLocale l;
    switch (unit) {
    case TimeUnit::S: return Text::tr("%1 s").arg(l.toString(ns / 1e9, 'f', decimals));
    case TimeUnit::Ms: return Text::tr("%1 ms").arg(l.toString(ns / 1e6, 'f', decimals));
    case TimeUnit::Us: return Text::tr("%1 µs").arg(l.toString(ns / 1e3, 'f', decimals));
    case TimeUnit::Ns: break;
    }
    return Text::tr("%1 ns").arg(l.toString(ns, 'f', decimals));
}

QString duration(double ns)
{
    if (std::abs(ns) >= 1e9)
        return duration(ns, TimeUnit::S, 2);
    if (std::abs(ns) >= 1e6)
        return duration(ns, TimeUnit::Ms, 2);
    return duration(ns, TimeUnit::Us, 0);
}

QString count(double v) { return QLocale().toString(qlonglong(std::llround(v))); }

QString stepScope(const FigureScope &s)
{
    if (s.stepsMeasured <= 0)
        return Text::tr("no ProfilerStep");
    if (s.step >= 0)
        return Text::tr("ProfilerStep#%1").arg(s.step);
    if (s.stepsMeasured == 1)
        return s.stepsAnalysed > 1 ? Text::tr("one complete step; the last step is left out") : Text::tr("one step");
    if (s.stepsMeasured < s.stepsAnalysed)
        return Text::tr("median of %1 complete steps; the last is left out").arg(s.stepsMeasured);
    return Text::tr("median of %1 steps").arg(s.stepsMeasured);
}

QString gapScope(const FigureScope &s)
{
    const QString t = threshold(s.gapThresholdNs);
    return s.gapKernels == GapKernels::Gemm ? Text::tr("GEMM gaps ≥ %1").arg(t) : Text::tr("compute-stream gaps ≥ %1").arg(t);
}

QString rankCell(std::string_view key, double v)
{
    const auto [x, decimals] = shown(kindOf(key), v);
    return QLocale().toString(x, 'f', decimals);
}

double rankCellUnits(std::string_view key, double v)
{
    const Kind kind = kindOf(key);
    if (kind == Kind::Other)
        return v;
    // The digits as printed (the same rounding as the cell's text), the decimal point dropped.
    const auto [x, decimals] = shown(kind, v);
    QString digits = QString::number(x, 'f', decimals);
    digits.remove(QLatin1Char('.'));
    double units = double(digits.toLongLong());
    if (kind == Kind::Ms)
        units *= std::pow(10.0, kMsFinestDecimals - decimals); // 1 decimal above 10 ms: tens of 0.01 ms
    return units;
}

double fromRankCellUnits(std::string_view key, double units)
{
    switch (kindOf(key)) {
    case Kind::Ms: return units * 1e3 / std::pow(10.0, kMsFinestDecimals); // 0.01 ms in µs
    case Kind::Pct: return units / std::pow(10.0, kPctDecimals);
    case Kind::Gib: return units * kGiB / std::pow(10.0, kGibDecimals);
    case Kind::Other: break;
    }
    return units;
}

} // namespace lanescope::analysis::figure
