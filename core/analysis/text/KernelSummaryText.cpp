// SPDX-License-Identifier: GPL-3.0-or-later
// The words of the kernel summary (measures/summaries/KernelSummary.h): a launch's shape as the
// Time spent panel shows it ("grid 120×1×1, block 256×1×1, 32 registers/thread"). Declared beside
// the shape in KernelSummary.h.
#include "core/analysis/measures/summaries/KernelSummary.h"

#include <QCoreApplication>
#include <QStringList>

namespace lanescope::analysis {

QString launchShapeText(const KernelLaunchShape &s)
{
    const auto dims = [](const std::vector<std::int64_t> &v) {
        QStringList parts;
        for (std::int64_t x : v)
            parts << QString::number(x);
        return parts.join(QChar(0x00D7));
    };
    QStringList out;
    if (!s.grid.empty())
        out << QCoreApplication::translate("analysis", "grid %1").arg(dims(s.grid));
    if (!s.block.empty())
        out << QCoreApplication::translate("analysis", "block %1").arg(dims(s.block));
    if (s.registersPerThread >= 0)
        out << QCoreApplication::translate("analysis", "%1 registers/thread").arg(s.registersPerThread);
    if (s.sharedMemoryBytes >= 0)
        out << QCoreApplication::translate("analysis", "%1 KiB shared").arg(double(s.sharedMemoryBytes) / 1024.0, 0, 'f', 1); // CUPTI's static shared memory, bytes
    return out.join(QStringLiteral(", "));
}

} // namespace lanescope::analysis
