// SPDX-License-Identifier: GPL-3.0-or-later
// The job's own figures (FigureCatalogue.h) of a folder run (a job of rank traces) among a
// comparison's runs: the figures of the measures are the rank's it is compared through, these the
// job's (JobRunFigures, Compare.h). Unknown for a run that is one trace.
#include "core/analysis/compare/Compare.h"
#include "core/analysis/run/FigureCatalogue.h"

#include <QCoreApplication>

#include <vector>

namespace lanescope::analysis {

std::vector<Figure> jobFigures()
{
    using U = FigureUnit;
    using E = FigureExtent;
    using Value = std::optional<double>;
    constexpr unsigned kBoth = InComparison | InMetricsTable;
    std::vector<Figure> out;
    {
        Figure &f = out.emplace_back(declareFigure("job_step_time_us", U::Ms, false, E::Steps, kBoth, 27, 33, -1, nullptr));
        f.jobValue = [](const JobRunFigures &j) { return j.jobStepTimeNs; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Job step time"),
                      QT_TRANSLATE_NOOP("figures", "A folder of rank traces: the median job step, from the first rank's start to the last rank's end"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("job_gap_total_us", U::Ms, false, E::Window, kBoth, 28, 34, -1, nullptr));
        f.jobValue = [](const JobRunFigures &j) { return Value(double(j.jobGapTotalNs)); };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Job GEMM gaps, total"),
                      QT_TRANSLATE_NOOP("figures", "A folder of rank traces: the listed gaps of every rank, summed"));
    }
    {
        Figure &f = out.emplace_back(declareFigure("straggler_wait_us_per_step", U::Ms, false, E::Steps, kBoth, 29, 35, -1, nullptr));
        f.jobValue = [](const JobRunFigures &j) { return j.stragglerWaitPerStepNs; };
        setFigureText(f, QT_TRANSLATE_NOOP("figures", "Waits on stragglers"),
                      QT_TRANSLATE_NOOP("figures", "A folder of rank traces: per step, every rank's wait at a collective for the last rank to arrive, summed"));
    }
    return out;
}

} // namespace lanescope::analysis
