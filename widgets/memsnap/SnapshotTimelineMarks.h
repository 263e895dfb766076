// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A memory snapshot's events drawn on the timeline of the trace it was aligned with
// (memsnap::alignSnapshot): on the device's memory band (or under its lanes when the band is off),
// each segment_alloc (cudaMalloc) an upward mark, each segment_free (cudaFree) a downward one, each
// fragmentation event a red diamond with a line through the device's lanes, and the Memory
// Snapshot dock's moment as a dashed line. A transparent layer over the timeline's viewport: it
// reads the view's geometry (window, memory band, lanes) and never takes a mouse event; marks closer
// than a pixel share one mark, so the cost is bounded by the width.
#include "widgets/memsnap/LoadedSnapshot.h"

#include <QWidget>

#include <vector>

namespace lanescope {

class TimelineView;

class SnapshotTimelineMarks : public QWidget
{
    Q_OBJECT
public:
    explicit SnapshotTimelineMarks(TimelineView *view);

    // Drawn only where the placement is aligned; null or not aligned draws nothing.
    void setSnapshot(LoadedSnapshotPtr snapshot, const SnapshotPlacement &placement);
    // The dock's moment (snapshot µs, of the device the alignment matched).
    void setMoment(std::int64_t us);

    enum class Kind { SegmentAlloc, SegmentFree, Fragmentation, Oom };
    struct Mark
    {
        Kind kind = Kind::SegmentAlloc;
        QPointF at;             // viewport coordinates
        std::int64_t timeUs = 0; // snapshot µs of the first event under it
        int count = 1;          // events sharing the pixel
        int index = -1;         // the first event's index (segmentEvents, fragmentation or ooms)
    };
    // What the last paint drew (tests read it).
    const std::vector<Mark> &marks() const { return m_marks; }
    int markCount(Kind kind) const;
    // The timeline group the marks are drawn on, -1 when none could be found.
    int group() const;
    static QColor fragmentationColor();
    QString toolTipAt(QPoint viewportPos) const;
    // Computes marks() for the view as it is now (paintEvent calls it too).
    void layoutMarks();

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int runOfTrace() const;
    TimelineView *m_view; // the overlay is a child of its viewport: it goes with the view
    LoadedSnapshotPtr m_snapshot;
    SnapshotPlacement m_placement;
    std::int64_t m_moment = -1;
    bool m_hasMoment = false;
    std::vector<Mark> m_marks;
    double m_momentX = -1, m_bandTop = 0, m_bandBottom = 0, m_lanesTop = 0;
};

} // namespace lanescope
