// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opens runs off the UI thread: a trace, a comparison, the runs Compare With… adds, each a trace or
// a folder of rank traces compared through one rank. session::loadRuns() loads them all at once (as
// `lanescope-cli compare` does), then each run's view index is built on the same thread. Progress is
// read by the UI from an atomic (polled, so a fast loader never floods the event loop), and the
// result comes back to the thread that owns the job through a queued call, as finished().
#include "widgets/ranks/RanksRunner.h"
#include "widgets/render/TraceViewIndex.h"
#include "core/session/RunSet.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace lanescope {

// How a folder opened alone is shown: every rank's timeline side by side, or, where the ranks would
// not fit in memory together, the job's summary alone (session::analyzeFolder: each rank summarised
// as it loads and released, as `lanescope-cli analyze DIR` does), a rank's timeline loaded when the
// user picks it (RunsLoadJob::Kind::JobRank).
struct FolderPlan
{
    bool summary = false;
    std::uint64_t shownBytes = 0;  // every rank's estimatedShownBytes together
    std::uint64_t budgetBytes = 0; // what the window may keep of a folder (OpenController::folderBudget)
    int files = 0;
};

class RunsLoadJob : public QObject
{
    Q_OBJECT
public:
    enum class Kind {
        Runs,    // traces or a comparison: each run's trace indexed
        Folder,  // one folder shown as its ranks side by side (every rank's view index built, the
                 // ranks' clocks measured), or as its summary where it is too large (plan())
        JobRank, // one rank of a folder shown as its summary: a trace, loaded and indexed as Runs
    };
    explicit RunsLoadJob(std::vector<session::RunSource> sources, Kind kind = Kind::Runs, QObject *parent = nullptr);
    // Kind::Folder, before start(): what the window may keep of the folder (0: every rank, however
    // large) and the options a summary is measured with (the Ranks dock's).
    void setFolderBudget(std::uint64_t bytes, const analysis::AnalysisOptions &options);
    // Cancels a running load and waits for the loader to stop; finished() is then not emitted.
    ~RunsLoadJob() override;

    void start();
    void cancel() { m_cancel.store(true); }
    bool isCancelRequested() const { return m_cancel.load(); }
    bool isRunning() const { return m_running; }
    double progress() const { return m_progress.load(); } // 0..1
    const std::vector<session::RunSource> &sources() const { return m_sources; }
    // Set when finished() is emitted: the runs (failed ones with their error), and per run the
    // view index of its trace (null where it failed).
    const session::RunSet &result() const { return m_result; }
    const std::vector<std::shared_ptr<const TraceViewIndex>> &indexes() const { return m_indexes; }
    Kind kind() const { return m_kind; }
    bool isRanksView() const { return m_kind == Kind::Folder; }
    // Kind::Folder, once finished: how it was opened, and with a summary the job's figures (the
    // run's LoadedRun::summary, with the straggler collectives' calls).
    const FolderPlan &plan() const { return m_plan; }
    const RanksResultPtr &summary() const { return m_summary; }
    // With ranksView: per rank of the folder (its run's LoadedRun::ranks order), its view index.
    const std::vector<std::shared_ptr<const TraceViewIndex>> &rankIndexes() const { return m_rankIndexes; }

signals:
    void finished(); // in the owning thread

private:
    std::vector<session::RunSource> m_sources;
    std::atomic<bool> m_cancel{false};
    std::atomic<double> m_progress{0.0};
    std::thread m_thread;
    session::RunSet m_result;
    std::vector<std::shared_ptr<const TraceViewIndex>> m_indexes;
    std::vector<std::shared_ptr<const TraceViewIndex>> m_rankIndexes;
    Kind m_kind = Kind::Runs;
    FolderPlan m_plan;
    analysis::AnalysisOptions m_summaryOptions;
    RanksResultPtr m_summary;
    bool m_running = false;
};

} // namespace lanescope
