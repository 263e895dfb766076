// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opens runs off the UI thread: a trace, a comparison, the runs Compare With… adds, each a trace or
// a folder of rank traces compared through one rank. session::loadRuns() loads them all at once (as
// `lanescope-cli compare` does), then each run's view index is built on the same thread. Progress is
// read by the UI from an atomic (polled, so a fast loader never floods the event loop), and the
// result comes back to the thread that owns the job through a queued call, as finished().
#include "widgets/render/TraceViewIndex.h"
#include "core/session/RunSet.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace lanescope {

class RunsLoadJob : public QObject
{
    Q_OBJECT
public:
    // ranksView: one folder shown as its ranks side by side (every rank's view index built, the
    // ranks' clocks measured); otherwise each run's trace is indexed.
    explicit RunsLoadJob(std::vector<session::RunSource> sources, bool ranksView = false, QObject *parent = nullptr);
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
    bool isRanksView() const { return m_ranksView; }
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
    bool m_ranksView = false;
    bool m_running = false;
};

} // namespace lanescope
