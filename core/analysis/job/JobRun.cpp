// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/job/JobRun.h"

#include <QCoreApplication>

namespace lanescope::analysis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

} // namespace

JobRunPick pickJobRun(const JobResult &job, int wantRank)
{
    JobRunPick pick;
    const int want = wantRank >= 0 ? wantRank : job.ranks.empty() ? -1 : job.ranks.front().rank;
    bool found = false;
    for (std::size_t i = 0; i < job.ranks.size() && !found; ++i)
        if (job.ranks[i].rank == want) {
            pick.index = i;
            found = true;
        }
    if (!found && wantRank >= 0) {
        QStringList ranks;
        for (const RankFigures &r : job.ranks)
            ranks << QString::number(r.rank);
        pick.error = Text::tr("rank %1 is not in the job (its ranks: %2)").arg(wantRank).arg(ranks.join(QStringLiteral(", ")));
        return pick;
    }
    JobRunFigures &f = pick.figures;
    f.ranks = int(job.ranks.size());
    f.worldSize = job.job.worldSize;
    f.rank = job.ranks.empty() ? -1 : job.ranks[pick.index].rank;
    f.slowestRank = job.job.slowestRank;
    f.jobStepTimeNs = job.job.stepTimeNs;
    if (job.stragglers.steps > 0 && !job.stragglers.events.empty())
        f.stragglerWaitPerStepNs = double(job.stragglers.totalWaitNs) / double(job.stragglers.steps);
    f.jobGapTotalNs = job.job.gapTotalNs;
    f.jobGapCount = job.job.gapCount;
    return pick;
}

} // namespace lanescope::analysis
