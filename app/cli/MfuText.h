// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the CLI's text output spells MFU figures: TFLOPS with three significant digits, so a small
// model's 0.0107 TFLOPS does not read "0.0", and where the peak came from.
#include "core/analysis/measures/mfu/Mfu.h"

#include <QCoreApplication>
#include <QString>

#include <algorithm>
#include <cmath>

namespace lanescope::cli {

// Fixed notation with `digits` significant digits: 989 -> "989", 28.14 -> "28.1", 0.01068 -> "0.0107".
inline QString significantText(double x, int digits = 3)
{
    if (!std::isfinite(x) || x == 0)
        return QString::number(std::isfinite(x) ? 0.0 : x);
    const int magnitude = int(std::floor(std::log10(std::abs(x))));
    const int decimals = std::clamp(digits - 1 - magnitude, 0, 15);
    return QString::number(x, 'f', decimals);
}

// A peak as given, without trailing zeros: 0.1 -> "0.1", 312 -> "312", 1307.4 -> "1307.4".
inline QString plainNumberText(double x)
{
    QString s = significantText(x, 6);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

// "--peak-tflops", or the GPU table's entry and what its figure is: "GPU table: A100, dense BF16/FP16 tensor".
inline QString peakSourceText(bool userGiven, const QString &gpuName)
{
    if (userGiven)
        return QStringLiteral("--peak-tflops");
    if (const analysis::GpuPeak *p = analysis::peakForGpu(gpuName))
        return QCoreApplication::translate("cli", "GPU table: %1, dense BF16/FP16 tensor")
            .arg(QString::fromUtf8(p->match.data(), int(p->match.size())));
    return QCoreApplication::translate("cli", "no GPU table entry");
}

} // namespace lanescope::cli
