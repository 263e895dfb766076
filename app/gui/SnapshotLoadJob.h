// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opens a PyTorch memory snapshot off the UI thread: reads the pickle (memsnap::openSnapshot, which
// refuses any opcode that would run code), analyses it per device and, where traces are shown,
// aligns it with them (memsnap::alignSnapshot; the first trace it aligns with wins, else the first
// trace's reason is kept). Given an already loaded snapshot it only aligns it (a trace opened after
// the snapshot). The result comes back to the owning thread through a queued call, as finished().
#include "widgets/memsnap/LoadedSnapshot.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <thread>
#include <vector>

namespace lanescope {

class SnapshotLoadJob : public QObject
{
    Q_OBJECT
public:
    struct Target
    {
        std::shared_ptr<const Trace> trace;
        QString label;
    };
    // path: the file to read; loaded: a snapshot read before (then only the alignment is done).
    SnapshotLoadJob(QString path, LoadedSnapshotPtr loaded, std::vector<Target> traces, QObject *parent = nullptr);
    ~SnapshotLoadJob() override; // waits for the worker; finished() is then not emitted

    void start();
    const QString &path() const { return m_path; }
    bool alignsOnly() const { return m_alignOnly; }
    // Once finished: the snapshot (null with error()), and where it sits on the traces given.
    const LoadedSnapshotPtr &result() const { return m_result; }
    const QString &error() const { return m_error; }
    const SnapshotPlacement &placement() const { return m_placement; }

signals:
    void finished();

private:
    QString m_path;
    bool m_alignOnly = false;
    std::vector<Target> m_traces;
    std::thread m_thread;
    LoadedSnapshotPtr m_result;
    QString m_error;
    SnapshotPlacement m_placement;
};

} // namespace lanescope
