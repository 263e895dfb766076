// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A folder of rank traces as one run of a comparison (a baseline folder against an
// optimized folder). A comparison measures one timeline per run; a job has one per rank. The run is compared
// through one of its ranks, the same rank number in every folder so the timelines compare like
// with like (rank 0 unless the user names another; in a synchronous job every rank's step takes
// as long, the waits on a straggler included), and the job's own figures (its step, its gaps over
// every rank, the waits on stragglers) travel beside it (JobRunFigures).
#include "core/analysis/compare/Compare.h"
#include "core/analysis/job/Ranks.h"

#include <QString>

#include <cstddef>

namespace lanescope::analysis {

struct JobRunPick
{
    std::size_t index = 0; // into JobResult::ranks
    JobRunFigures figures;
    QString error;         // the rank asked for is not in the job
};

// wantRank < 0: the job's first rank (rank 0 of a distributed job).
JobRunPick pickJobRun(const JobResult &job, int wantRank = -1);

} // namespace lanescope::analysis
