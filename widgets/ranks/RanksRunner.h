#pragma once
// Runs analysis::analyzeJob() off the UI thread for the Ranks dock (issue 15): every rank analysed
// with the analysis dock's options, the clocks, the stragglers, the job figures; then, for each
// straggler collective, where its call lies on every rank (what a click on the row shows). As
// ComparisonRunner: requests made while one is in flight are coalesced (only the latest runs next)
// and only the latest request's result is handed out; the traces are held by shared pointer.
#include "analysis/Ranks.h"
#include "io/FolderLoad.h"

#include <QObject>

#include <memory>
#include <optional>
#include <thread>

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

class RanksRunner : public QObject
{
    Q_OBJECT
public:
    explicit RanksRunner(QObject *parent = nullptr);
    ~RanksRunner() override; // waits for a run in flight; its result is dropped

    void request(RanksInput input); // no rank: cancels, hands out nothing
    bool isBusy() const { return m_thread.joinable() || m_pending.has_value(); }

signals:
    void busyChanged(bool busy);
    void finished(const lanescope::RanksResultPtr &result);

private:
    struct Job
    {
        RanksInput input;
        quint64 generation = 0;
    };
    void start(Job job);
    void done(quint64 generation, const RanksResultPtr &result);

    std::thread m_thread;
    std::optional<Job> m_pending;
    quint64 m_generation = 0;
};

} // namespace lanescope
