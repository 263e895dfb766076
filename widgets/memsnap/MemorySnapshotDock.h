// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Memory Snapshot dock: a PyTorch memory snapshot (torch.cuda.memory._dump_snapshot()) shown
// per device: its figures (peaks, segment_alloc / segment_free counts, fragmentation), allocated and
// reserved over time, the segment map, the allocations alive at a moment grouped by stack (at the
// peak of allocated bytes until a click on a picture moves the moment), the cudaMalloc / cudaFree
// events with their requests and the fragmentation events with the core's advice, and where the
// snapshot sits on the trace shown (or why it could not be aligned). It is handed finished values;
// the window loads them (app/gui/SnapshotController).
#include "widgets/memsnap/LoadedSnapshot.h"

#include <QDockWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace lanescope {

class AliveStackModel;
class MemoryTimeChart;
class SegmentEventModel;
class SegmentMap;

class MemorySnapshotDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit MemorySnapshotDock(QWidget *parent = nullptr);

    // While the file is read: its name over a busy bar (the reader reports no fraction).
    void setLoading(const QString &path);
    bool isLoading() const { return m_loading; }
    // The reader's message, in the dock; what was shown before is cleared.
    void setError(const QString &path, const QString &message);
    void setSnapshot(LoadedSnapshotPtr snapshot);
    const LoadedSnapshotPtr &snapshot() const { return m_snapshot; }
    void setPlacement(const SnapshotPlacement &placement);
    // The aligned trace's steps on the snapshot's clock (their starts in µs, sorted, and names):
    // the fragmentation is summed per step (memsnap::fragmentationFigures). Empty: the window.
    void setSteps(std::vector<std::int64_t> startsUs, QStringList names);
    const std::vector<memsnap::FragmentationFigure> &fragmentationFigures() const { return m_figures; }
    const SnapshotPlacement &placement() const { return m_placement; }

    int device() const { return m_device; }
    void setDevice(int device);
    // The moment shown (snapshot µs): the alive table, the cache state line, the pictures' line.
    // Several actions often share one µs, so the moment is also a position in the device's
    // actions (memsnap::positionAt: the state after every action at or before the time); the
    // peak and an event's row set the position exactly.
    std::int64_t moment() const { return m_moment; }
    std::uint32_t position() const { return m_position; }
    void setMoment(std::int64_t us);
    void setPosition(std::uint32_t position, std::int64_t us);
    // Allocated and reserved at the position shown.
    memsnap::MemoryPoint momentValue() const;

    QString summaryText() const;
    QString statusText() const;    // loading or the error; empty otherwise
    QString alignmentText() const;
    QString momentText() const;
    QString adviceText() const;

    MemoryTimeChart *chart() const { return m_chart; }
    SegmentMap *segmentMap() const { return m_map; }
    AliveStackModel *aliveModel() const { return m_alive; }
    SegmentEventModel *eventModel() const { return m_events; }
    QTableView *aliveTable() const { return m_aliveView; }
    QTableView *eventTable() const { return m_eventView; }
    QTabWidget *tabs() const { return m_tabs; }

signals:
    void momentChanged(int device, qint64 us);
    // A row of the cudaMalloc / cudaFree table picked: its time, for the timeline to show it.
    void eventPicked(int device, qint64 us);
    void snapshotShown();

private:
    void showDevice();
    void updateMoment();
    void activateEvent(const QModelIndex &proxyIndex);

    LoadedSnapshotPtr m_snapshot;
    SnapshotPlacement m_placement;
    int m_device = -1;
    std::int64_t m_moment = 0;
    std::uint32_t m_position = 0;
    bool m_loading = false;
    QString m_eventNote; // the fragmentation / oom text of the event row picked, until the moment moves
    std::vector<std::int64_t> m_stepStarts;
    QStringList m_stepNames;
    std::vector<memsnap::FragmentationFigure> m_figures;
    void updateAdvice();

    QComboBox *m_deviceBox;
    QLabel *m_summary, *m_status, *m_alignment, *m_momentLabel, *m_advice;
    QProgressBar *m_busy;
    QWidget *m_content;
    MemoryTimeChart *m_chart;
    SegmentMap *m_map;
    QTabWidget *m_tabs;
    AliveStackModel *m_alive;
    SegmentEventModel *m_events;
    QSortFilterProxyModel *m_aliveProxy, *m_eventProxy;
    QTableView *m_aliveView, *m_eventView;
};

} // namespace lanescope
