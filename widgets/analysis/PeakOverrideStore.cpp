// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/PeakOverrideStore.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace lanescope {

namespace {
// One key per row, named by the row's match ("H100 PCIe"): QSettings escapes the spaces, and a
// hand-edited file stays readable.
const QString kGroup = QStringLiteral("preferences/peakTflops");

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
    s.beginGroup(kGroup);
    analysis::PeakOverrides out;
    for (const analysis::GpuPeak &row : analysis::gpuPeakTable()) {
        const QString match = matchText(row);
        bool ok = false;
        const double v = s.value(match).toDouble(&ok);
        if (ok && v > 0) // anything else stored (hand-edited, damaged) leaves the table's figure
            out.push_back({match, v});
    }
    return out;
}

void PeakOverrideStore::setOverrides(const analysis::PeakOverrides &overrides)
{
    const analysis::PeakOverrides before = this->overrides();
    {
        QSettings s;
        s.remove(kGroup);
        s.beginGroup(kGroup);
        for (const analysis::GpuPeak &row : analysis::gpuPeakTable()) {
            const double v = analysis::overrideFor(row.match, overrides);
            if (v > 0)
                s.setValue(matchText(row), v);
        }
    }
    const analysis::PeakOverrides after = this->overrides();
    const bool same = std::equal(before.begin(), before.end(), after.begin(), after.end(),
                                 [](const auto &a, const auto &b) { return a.match == b.match && a.tflops == b.tflops; });
    if (!same)
        emit changed();
}

} // namespace lanescope
