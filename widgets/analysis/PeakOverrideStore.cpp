// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/PeakOverrideStore.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace lanescope {

namespace {
// One key per row and figure, named by the row's match ("H100 PCIe"): QSettings escapes the spaces,
// and a hand-edited file stays readable. The bf16 peak keeps the group it always had, so the
// figures saved before the table had more columns still apply.
QString groupOf(analysis::GpuSpec spec)
{
    switch (spec) {
    case analysis::GpuSpec::Bf16Tflops: return QStringLiteral("preferences/peakTflops");
    case analysis::GpuSpec::Fp8Tflops: return QStringLiteral("preferences/peakFp8Tflops");
    case analysis::GpuSpec::Fp4Tflops: return QStringLiteral("preferences/peakFp4Tflops");
    case analysis::GpuSpec::Tf32Tflops: return QStringLiteral("preferences/peakTf32Tflops");
    case analysis::GpuSpec::Fp32Tflops: return QStringLiteral("preferences/peakFp32Tflops");
    case analysis::GpuSpec::Fp64Tflops: return QStringLiteral("preferences/peakFp64Tflops");
    case analysis::GpuSpec::HbmTBps: return QStringLiteral("preferences/hbmTBps");
    case analysis::GpuSpec::LinkGBps: return QStringLiteral("preferences/linkGBps");
    }
    return {};
}

QString matchText(const analysis::GpuPeak &row) { return QString::fromUtf8(row.match.data(), qsizetype(row.match.size())); }
} // namespace

PeakOverrideStore *PeakOverrideStore::instance()
{
    static PeakOverrideStore *store = new PeakOverrideStore(QCoreApplication::instance());
    return store;
}

analysis::PeakOverrides PeakOverrideStore::overrides() const
{
    QSettings s;
    analysis::PeakOverrides out;
    for (const analysis::GpuPeak &row : analysis::gpuPeakTable()) {
        analysis::PeakOverride o;
        o.match = matchText(row);
        for (int c = 0; c < analysis::kGpuSpecCount; ++c) {
            const auto spec = analysis::GpuSpec(c);
            bool ok = false;
            const double v = s.value(groupOf(spec) + QLatin1Char('/') + o.match).toDouble(&ok);
            // Anything else stored (hand-edited, damaged, `inf`) leaves the table's figure (ignored()).
            if (ok && analysis::isPlausibleFigure(spec, v))
                o.setValue(spec, v);
        }
        if (o.any())
            out.push_back(o);
    }
    return out;
}

QStringList PeakOverrideStore::ignored() const
{
    QSettings s;
    QStringList out;
    for (int c = 0; c < analysis::kGpuSpecCount; ++c) {
        const auto spec = analysis::GpuSpec(c);
        s.beginGroup(groupOf(spec));
        for (const analysis::GpuPeak &row : analysis::gpuPeakTable()) {
            const QVariant stored = s.value(matchText(row));
            bool ok = false;
            const double v = stored.toDouble(&ok);
            if (stored.isValid() && !(ok && analysis::isPlausibleFigure(spec, v)))
                out << tr("%1 stored for %2 (%3)").arg(stored.toString().left(40), matchText(row), groupOf(spec).section(QLatin1Char('/'), 1));
        }
        s.endGroup();
    }
    return out;
}

void PeakOverrideStore::setOverrides(const analysis::PeakOverrides &overrides)
{
    const analysis::PeakOverrides before = this->overrides();
    {
        QSettings s;
        for (int c = 0; c < analysis::kGpuSpecCount; ++c) {
            const auto spec = analysis::GpuSpec(c);
            s.remove(groupOf(spec));
            s.beginGroup(groupOf(spec));
            for (const analysis::GpuPeak &row : analysis::gpuPeakTable()) {
                const double v = analysis::overrideFor(row.match, overrides, spec);
                if (v > 0)
                    s.setValue(matchText(row), v);
            }
            s.endGroup();
        }
    }
    if (this->overrides() != before)
        emit changed();
}

} // namespace lanescope
