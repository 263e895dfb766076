#pragma once
// Runs core's analyze() off the UI thread, one run at a time. Requests made while a run is in flight
// are coalesced: only the latest is run next, and a result is only handed out if no newer request
// was made since, so a fast-typing user never sees stale numbers. The result crosses threads as an
// immutable shared value through a queued call.
#include "analysis/Analysis.h"

#include <QObject>

#include <memory>
#include <optional>
#include <thread>

namespace lanescope {

using AnalysisResultPtr = std::shared_ptr<const analysis::AnalysisResult>;

class AnalysisRunner : public QObject
{
    Q_OBJECT
public:
    explicit AnalysisRunner(QObject *parent = nullptr);
    // Waits for a run in flight (analyze() cannot be interrupted; it takes well under a second on the
    // large traces); its result is dropped.
    ~AnalysisRunner() override;

    // Analyses `trace` with `options`; a null trace cancels what is pending and hands out nothing.
    void request(std::shared_ptr<const Trace> trace, const analysis::AnalysisOptions &options);
    bool isBusy() const { return m_thread.joinable() || m_pending.has_value(); }

signals:
    void busyChanged(bool busy);
    // In the runner's thread, for the latest request only.
    void finished(const lanescope::AnalysisResultPtr &result);

private:
    struct Job
    {
        std::shared_ptr<const Trace> trace;
        analysis::AnalysisOptions options;
        quint64 generation = 0;
    };
    void start(Job job);
    void done(quint64 generation, const AnalysisResultPtr &result);

    std::thread m_thread;
    std::optional<Job> m_pending;
    quint64 m_generation = 0;
};

} // namespace lanescope
