// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/SnapshotLoadJob.h"

#include <QCoreApplication>
#include <QMetaObject>

#include <exception>
#include <new>

namespace lanescope {

SnapshotLoadJob::SnapshotLoadJob(QString path, LoadedSnapshotPtr loaded, std::vector<Target> traces, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
    , m_alignOnly(loaded != nullptr)
    , m_traces(std::move(traces))
    , m_result(std::move(loaded))
{
}

SnapshotLoadJob::~SnapshotLoadJob()
{
    if (m_thread.joinable())
        m_thread.join();
    // A queued finished() still in the event queue goes with this object.
}

void SnapshotLoadJob::start()
{
    Q_ASSERT(!m_thread.joinable());
    m_thread = std::thread([this] {
        // Everything the core may throw (out of memory above all) ends as the job's error: a
        // snapshot never takes the window down.
        try {
            if (!m_result) {
                memsnap::SnapshotResult read = memsnap::openSnapshot(m_path);
                if (!read.snapshot) {
                    m_error = read.error.isEmpty() ? QCoreApplication::translate("SnapshotLoadJob", "not a memory snapshot") : read.error;
                } else {
                    auto loaded = std::make_shared<LoadedSnapshot>();
                    loaded->path = m_path;
                    loaded->snapshot = std::move(read.snapshot);
                    loaded->analysis = memsnap::analyzeSnapshot(*loaded->snapshot);
                    loaded->advice = memsnap::fragmentationAdvice(loaded->analysis, *loaded->snapshot);
                    m_result = std::move(loaded);
                }
            }
            if (m_result) {
                for (const Target &t : m_traces) {
                    if (!t.trace)
                        continue;
                    SnapshotPlacement p;
                    p.tried = true;
                    p.trace = t.trace;
                    p.traceLabel = t.label;
                    p.alignment = memsnap::alignSnapshot(*m_result->snapshot, *t.trace);
                    if (!m_placement.tried || (p.alignment.aligned && !m_placement.alignment.aligned))
                        m_placement = p; // the first trace's answer, unless a later one aligns
                    if (p.alignment.aligned)
                        break;
                }
            }
        } catch (const std::bad_alloc &) {
            if (!m_alignOnly)
                m_result = nullptr;
            m_error = QCoreApplication::translate("SnapshotLoadJob", "out of memory while reading the snapshot");
        } catch (const std::exception &e) {
            if (!m_alignOnly)
                m_result = nullptr;
            m_error = QString::fromLocal8Bit(e.what());
        }
        QMetaObject::invokeMethod(this, [this] { emit finished(); }, Qt::QueuedConnection);
    });
}

} // namespace lanescope
