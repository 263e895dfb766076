#pragma once
// Runs analysis::compareTraces() off the UI thread for the comparison dock: every run analysed with
// the analysis dock's options, then the comparison. As AnalysisRunner: requests made while one is
// in flight are coalesced (only the latest runs next) and only the latest request's result is
// handed out. The traces are held by shared pointer for the run's duration, so removing a run
// from the session while it is analysed is safe.
#include "analysis/CompareTraces.h"

#include <QObject>

#include <memory>
#include <optional>
#include <thread>

namespace lanescope {

struct ComparisonInput
{
    std::vector<std::shared_ptr<const Trace>> traces;
    QStringList labels, paths;
    analysis::AnalysisOptions options;
    analysis::CompareOptions compare;
};

using ComparisonPtr = std::shared_ptr<const analysis::TracesComparison>;

class ComparisonRunner : public QObject
{
    Q_OBJECT
public:
    explicit ComparisonRunner(QObject *parent = nullptr);
    ~ComparisonRunner() override; // waits for a run in flight; its result is dropped

    void request(ComparisonInput input); // fewer than two traces: cancels, hands out nothing
    bool isBusy() const { return m_thread.joinable() || m_pending.has_value(); }

signals:
    void busyChanged(bool busy);
    void finished(const lanescope::ComparisonPtr &result);

private:
    struct Job
    {
        ComparisonInput input;
        quint64 generation = 0;
    };
    void start(Job job);
    void done(quint64 generation, const ComparisonPtr &result);

    std::thread m_thread;
    std::optional<Job> m_pending;
    quint64 m_generation = 0;
};

} // namespace lanescope
