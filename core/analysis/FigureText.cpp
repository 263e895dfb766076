#include "analysis/FigureText.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace lanescope::analysis::figure {

namespace {
// lupdate files these under "figures", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(figures)
};
} // namespace

QString ms(double ns) { return Text::tr("%1 ms").arg(QLocale().toString(ns / 1e6, 'f', std::abs(ns) < 1e7 ? 2 : 1)); }

QString stepTime(double ns) { return ms(ns); }

QString threshold(TimeNs ns)
{
    // Up to three decimals of a millisecond, trailing zeros dropped ('g' keeps the value exact).
    return Text::tr("%1 ms").arg(QLocale().toString(std::round(double(ns) / 1e3) / 1e3, 'g', 12));
}

QString pct(double v) { return Text::tr("%1 %").arg(QLocale().toString(v, 'f', 1)); }

// Three significant digits below 10 (a CPU toy's 0.0109 TFLOPS stays readable), one decimal above.
QString tflops(double v) { return v < 10 ? QLocale().toString(v, 'g', 3) : QLocale().toString(v, 'f', 1); }

QString tokensPerS(double v) { return QLocale().toString(v, 'f', v < 100 ? 1 : 0); }

QString gib(double bytes) { return Text::tr("%1 GiB").arg(QLocale().toString(bytes / double(1ll << 30), 'f', 2)); }

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

} // namespace lanescope::analysis::figure
