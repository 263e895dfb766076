#pragma once
// Loads one trace off the UI thread, and builds its view index there too. The loader runs on its own std::thread; progress is read by the
// UI from an atomic (polled, so a fast loader never floods the event loop), and the result comes
// back to the thread that owns the job through a queued call, as the finished() signal.
#include "parse/TraceLoader.h"
#include "render/TraceViewIndex.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <thread>

namespace lanescope {

class TraceLoadJob : public QObject
{
    Q_OBJECT
public:
    explicit TraceLoadJob(const QString &path, QObject *parent = nullptr);
    // Cancels a running load and waits for the loader to stop; finished() is then not emitted.
    ~TraceLoadJob() override;

    void start();
    void cancel() { m_cancel.store(true); }
    bool isCancelRequested() const { return m_cancel.load(); }
    bool isRunning() const { return m_running; }
    double progress() const { return m_progress.load(); } // 0..1
    const QString &path() const { return m_path; }
    // What the timeline needs to draw the loaded trace, built on the loader thread too; set when
    // finished() is emitted with a trace.
    const std::shared_ptr<const TraceViewIndex> &index() const { return m_index; }

signals:
    // In the owning thread. result.trace is null on failure (then result.error says why).
    void finished(const lanescope::LoadResult &result);

private:
    QString m_path;
    std::atomic<bool> m_cancel{false};
    std::atomic<double> m_progress{0.0};
    std::thread m_thread;
    std::shared_ptr<const TraceViewIndex> m_index;
    bool m_running = false;
};

} // namespace lanescope
