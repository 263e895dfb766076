#pragma once
// Loads a folder of rank traces off the UI thread: core's loadFolder (parallel, under a
// memory budget, one progress), then each rank's view index, then the ranks' clocks measured on
// their matching collectives, so the window can put the ranks side by side on one clock as soon as
// they are shown. As TraceLoadJob: progress read from an atomic, the result handed back through a
// queued call as finished(), cancel honoured between files and inside each load.
#include "core/analysis/ClockAlign.h"
#include "core/io/FolderLoad.h"
#include "widgets/render/TraceViewIndex.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace lanescope {

struct FolderLoad
{
    FolderLoadResult folder;                                   // ranks in rank order
    std::vector<std::shared_ptr<const TraceViewIndex>> indices; // per rank
    analysis::ClockAlignment clocks;                           // per rank; offsets onto the lowest rank's clock
};

// The ranks' clocks as analyzeJob measures them (the same steps, collectives and matching), without
// the rest of the analysis: a fraction of a second per rank. Its warnings: the matching's, then the clocks'.
analysis::ClockAlignment measureRankClocks(const std::vector<RankFile> &ranks, int threads = 0);

class FolderLoadJob : public QObject
{
    Q_OBJECT
public:
    explicit FolderLoadJob(const QString &folder, QObject *parent = nullptr);
    // Cancels a running load and waits for it to stop; finished() is then not emitted.
    ~FolderLoadJob() override;

    void start();
    void cancel() { m_cancel.store(true); }
    bool isCancelRequested() const { return m_cancel.load(); }
    double progress() const { return m_progress.load(); } // 0..1
    const QString &folder() const { return m_folder; }
    // Set when finished() is emitted: folder.error says why nothing opened, folder.cancelled a cancel.
    const std::shared_ptr<const FolderLoad> &result() const { return m_result; }

signals:
    void finished(); // in the owning thread

private:
    QString m_folder;
    std::atomic<bool> m_cancel{false};
    std::atomic<double> m_progress{0.0};
    std::thread m_thread;
    std::shared_ptr<const FolderLoad> m_result;
};

} // namespace lanescope
