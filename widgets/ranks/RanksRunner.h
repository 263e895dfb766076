// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs analysis::analyzeJob() off the UI thread for the Ranks dock: every rank analysed
// with the analysis dock's options, the clocks, the stragglers, the job figures; then, for each
// straggler collective, where its call lies on every rank (what a click on the row shows). As
// the other runners (LatestRunner): only the latest request is run next and handed out; the traces
// are held by shared pointer.
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"

#include "widgets/analysis/LatestRunner.h"

#include <memory>

namespace lanescope {

struct RanksInput
{
    std::vector<RankFile> ranks; // in rank order (the session's run order)
    analysis::JobOptions options;
};

// One rank's call of a matched collective, on that rank's own clock.
struct CollectiveSpan
{
    int rankIndex = -1; // index into the ranks (= the session's run)
    std::uint32_t track = 0, slice = 0;
    TimeNs start = 0, end = 0;
};

struct RanksResult
{
    analysis::JobResult job;
    std::vector<std::vector<CollectiveSpan>> eventSpans; // per job.stragglers.events entry
    QString error;
};
using RanksResultPtr = std::shared_ptr<const RanksResult>;

// The calls of each straggler event, found by the matched collective it was computed from.
std::vector<std::vector<CollectiveSpan>> stragglerSpans(const analysis::JobResult &job);

class RanksRunner : public LatestRunner
{
    Q_OBJECT
public:
    using LatestRunner::LatestRunner;

    void request(RanksInput input); // no rank: cancels, hands out nothing

signals:
    void finished(const lanescope::RanksResultPtr &result);

protected:
    void deliver(const Result &result) override;
};

} // namespace lanescope
