// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/SnapshotController.h"

#include "app/gui/SnapshotLoadJob.h"
#include "widgets/memsnap/MemorySnapshotDock.h"
#include "widgets/memsnap/SnapshotTimelineMarks.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>

namespace lanescope {

SnapshotController::SnapshotController(QMainWindow *window, Session *session, TimelineView *timeline)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_timeline(timeline)
    , m_dock(new MemorySnapshotDock(window))
    , m_marks(new SnapshotTimelineMarks(timeline))
{
    // Under the timeline, the window's width for the time axis: a tab beside the legend where
    // the window has one there.
    // (tabbed when first shown: a hidden tab would still weigh on the window's minimum size).
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    // New traces on screen: the snapshot is aligned with them again (a moved or renamed run
    // keeps its trace, and its placement).
    connect(m_session, &Session::runsReplaced, this, &SnapshotController::realign);
    connect(m_session, &Session::runRemoved, this, &SnapshotController::realign);
    connect(m_dock, &MemorySnapshotDock::momentChanged, this, [this](int device, qint64 us) {
        if (m_dock->placement().aligned() && device == m_dock->placement().alignment.device)
            m_marks->setMoment(us);
    });
    connect(m_timeline, &TimelineView::selectionChanged, this, &SnapshotController::momentFromSelection);
    // An event picked in the dock: the timeline of the aligned trace brings it into view (its
    // zoom kept), where the marks show it.
    connect(m_dock, &MemorySnapshotDock::eventPicked, this, [this](int device, qint64 us) {
        const SnapshotPlacement &p = m_dock->placement();
        if (!p.aligned() || device != p.alignment.device)
            return;
        for (int r = 0; r < m_session->runCount(); ++r) {
            if (m_session->run(r).trace != p.trace)
                continue;
            const double t = double(p.alignment.toTraceNs(us));
            const double from = m_timeline->visibleStartNs(r), to = m_timeline->visibleEndNs(r);
            if (t < from || t > to)
                m_timeline->setVisibleRange(t - (to - from) / 2, t + (to - from) / 2, r);
            return;
        }
    });
}

SnapshotController::~SnapshotController() = default; // the job is a child: its destructor joins

bool SnapshotController::isSnapshotFile(const QString &path)
{
    // torch.cuda.memory._dump_snapshot() writes whatever name it is given; "snapshot.pickle" is
    // the documented one, and memory_viz asks for .pickle files.
    return path.endsWith(QLatin1String(".pickle"), Qt::CaseInsensitive) && !QFileInfo(path).isDir();
}

QStringList SnapshotController::takeSnapshots(const QStringList &paths)
{
    QStringList rest, snapshots;
    for (const QString &p : paths)
        (isSnapshotFile(p) ? snapshots : rest) << p;
    if (!snapshots.isEmpty()) {
        open(snapshots.first());
        if (snapshots.size() > 1)
            emit status((snapshots.size() == 2 ? tr("One memory snapshot at a time: %1 opened, %n other left out", nullptr, 1)
                                               : tr("One memory snapshot at a time: %1 opened, %n others left out", nullptr, int(snapshots.size() - 1)))
                            .arg(QFileInfo(snapshots.first()).fileName()));
    }
    return rest;
}

bool SnapshotController::isLoading() const { return m_job && !m_job->alignsOnly(); }

bool SnapshotController::hasSnapshot() const { return m_dock->snapshot() != nullptr || isLoading(); }

namespace {
std::vector<SnapshotLoadJob::Target> targetsOf(const Session &session)
{
    std::vector<SnapshotLoadJob::Target> out;
    for (int i = 0; i < session.runCount(); ++i)
        if (session.run(i).trace)
            out.push_back({session.run(i).trace, session.run(i).label});
    return out;
}
} // namespace

void SnapshotController::open(const QString &path)
{
    m_pendingAlign = false;
    m_dock->setLoading(path);
    showDock();
    emit status(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    start(new SnapshotLoadJob(path, nullptr, targetsOf(*m_session), this));
}

void SnapshotController::showDock()
{
    const bool first = !m_dock->isVisible();
    if (first && !m_tabbed) {
        m_tabbed = true;
        auto *legend = m_window->findChild<QDockWidget *>(QStringLiteral("legendDock"));
        if (legend && legend->isVisible() && !legend->isFloating() && m_window->dockWidgetArea(legend) == Qt::BottomDockWidgetArea)
            m_window->tabifyDockWidget(legend, m_dock);
    }
    m_dock->show();
    m_dock->raise();
    // Its pictures need height: the first time, half the window (the timeline keeps the rest).
    // Once the dock is laid out: sized while it is being shown, the layout would undo it.
    if (first && !m_dock->isFloating())
        QTimer::singleShot(0, m_dock, [this] { m_window->resizeDocks({m_dock}, {m_window->height() / 2}, Qt::Vertical); });
}

void SnapshotController::realign()
{
    if (isLoading()) {
        m_pendingAlign = true; // the load aligns with the traces it was given: look again after it
        return;
    }
    const LoadedSnapshotPtr snap = m_dock->snapshot();
    if (!snap)
        return;
    start(new SnapshotLoadJob(snap->path, snap, targetsOf(*m_session), this));
}

void SnapshotController::start(SnapshotLoadJob *job)
{
    delete m_job; // the newest request wins: an older one is waited for and forgotten
    m_job = job;
    connect(job, &SnapshotLoadJob::finished, this, [this, job] { onFinished(job); });
    job->start();
}

void SnapshotController::placeOnDock(const SnapshotPlacement &placement)
{
    m_dock->setPlacement(placement);
    // The aligned trace's ProfilerSteps on the snapshot's clock: the fragmentation per step.
    std::vector<std::int64_t> starts;
    QStringList names;
    if (placement.aligned()) {
        for (int r = 0; r < m_session->runCount(); ++r) {
            if (m_session->run(r).trace != placement.trace)
                continue;
            std::vector<analysis::Step> steps = m_session->run(r).stepList();
            std::sort(steps.begin(), steps.end(), [](const analysis::Step &a, const analysis::Step &b) { return a.start < b.start; });
            for (const analysis::Step &st : steps) {
                starts.push_back(placement.alignment.toSnapshotUs(st.start));
                names << st.name;
            }
            break;
        }
    }
    m_dock->setSteps(std::move(starts), names);
}

void SnapshotController::onFinished(SnapshotLoadJob *job)
{
    if (job != m_job)
        return;
    m_job = nullptr;
    job->deleteLater();
    if (job->alignsOnly()) {
        if (job->result() != m_dock->snapshot())
            return; // another snapshot came since
        placeOnDock(job->placement());
        m_marks->setSnapshot(job->result(), job->placement());
        emit alignmentFinished();
        return;
    }
    if (!job->result()) {
        m_dock->setError(job->path(), job->error());
        m_marks->setSnapshot(nullptr, {});
        emit status(tr("%1 could not be opened").arg(QFileInfo(job->path()).fileName()));
        emit loadFinished(false);
        return;
    }
    m_dock->setSnapshot(job->result());
    placeOnDock(job->placement());
    m_marks->setSnapshot(job->result(), job->placement());
    showDock();
    emit status(tr("Memory snapshot %1 opened").arg(QFileInfo(job->path()).fileName()));
    emit loadFinished(true);
    emit alignmentFinished();
    if (m_pendingAlign) {
        m_pendingAlign = false;
        realign();
    }
}

void SnapshotController::momentFromSelection(SliceRef ref)
{
    // A slice picked on the timeline of the trace the snapshot is aligned with: the dock shows
    // the allocator's state at the slice's start. (A cleared selection, as when the window
    // closes, asks nothing.)
    if (!ref.isValid())
        return;
    const SnapshotPlacement &p = m_dock->placement();
    if (!p.aligned() || ref.run < 0 || ref.run >= m_session->runCount() || m_session->run(ref.run).trace != p.trace)
        return;
    const Trace &t = *p.trace;
    if (ref.track >= t.tracks.size() || ref.slice >= t.tracks[ref.track].size())
        return;
    if (m_dock->device() != p.alignment.device)
        m_dock->setDevice(p.alignment.device);
    m_dock->setMoment(p.alignment.toSnapshotUs(t.tracks[ref.track].start[ref.slice]));
}

} // namespace lanescope
