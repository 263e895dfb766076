// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Work off the UI thread whose newest request is the only one that matters: the analysis dock's
// analysis, the comparison, the ranks of a folder. One request runs at a time; requests made while
// one is in flight are coalesced (only the latest runs next), and a result is handed out only if
// no newer request was made since, so a fast-typing user never sees stale numbers. Results cross
// threads as immutable shared values through a queued call. The typed runners derive from it and
// turn the result into their own signal in deliver().
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <thread>

namespace lanescope {

class LatestRunner : public QObject
{
    Q_OBJECT
public:
    explicit LatestRunner(QObject *parent = nullptr);
    // Waits for the run in flight (none can be interrupted; each takes about a second on the
    // largest traces); its result is dropped.
    ~LatestRunner() override;

    bool isBusy() const { return m_thread.joinable() || m_pending.has_value(); }
    // Requests made so far (tests count them: a rename must make none).
    quint64 requests() const { return m_generation; }

signals:
    void busyChanged(bool busy);

protected:
    using Result = std::shared_ptr<const void>;
    using Work = std::function<Result()>;
    // `failed` makes the result of a run whose work threw (by design nothing throws; out of memory
    // might): the user reads the message instead of losing the window. Null work cancels what is
    // pending and hands out nothing.
    void submit(Work work, std::function<Result(const QString &message)> failed);
    // On the UI thread, for the latest request only.
    virtual void deliver(const Result &result) = 0;

private:
    struct Job
    {
        Work work;
        std::function<Result(const QString &)> failed;
        quint64 generation = 0;
    };
    void start(Job job);
    void done(quint64 generation, const Result &result);

    std::thread m_thread;
    std::optional<Job> m_pending;
    quint64 m_generation = 0;
};

} // namespace lanescope
