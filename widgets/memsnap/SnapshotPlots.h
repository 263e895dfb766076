// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The two pictures of a device's snapshot history, on one time axis (the snapshot's window, its
// time_us, left to right): MemoryTimeChart, allocated and reserved bytes over time with the
// fragmentation and oom events marked, and SegmentMap, the address space of the segments over
// time (each segment a band, its blocks drawn in their stack's colour, free space inside a segment
// left as a hole). A click on either picks the moment the Memory Snapshot dock shows.
//
// Drawing is bounded by the picture, not the snapshot: the chart keeps each pixel column's lowest
// and highest values, the map is painted once per (data, size) into an image where a block under a
// pixel sets that pixel only (blocks never overlap in address and time, so the painted area is at
// most the picture's plus one pixel per block).
#include "widgets/memsnap/LoadedSnapshot.h"

#include <QImage>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace lanescope {

// The axis both pictures share: the window [beginUs, endUs] over the plot's width.
struct SnapTimeScale
{
    std::int64_t beginUs = 0, endUs = 1;
    double left = 0, width = 1;
    double x(std::int64_t us) const { return left + double(us - beginUs) / double(endUs - beginUs) * width; }
    std::int64_t us(double px) const;
};

class SnapshotPlot : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kAxisWidth = 64;  // the value / address labels left of both plots
    static constexpr int kRightMargin = 8;

    explicit SnapshotPlot(QWidget *parent = nullptr);
    // The snapshot and the device shown (null: nothing).
    void setData(LoadedSnapshotPtr snapshot, int device);
    const memsnap::DeviceHistory *history() const { return m_history; }
    // The moment marked (snapshot µs); a click moves it and says so with momentPicked.
    void setMoment(std::int64_t us);
    std::int64_t moment() const { return m_moment; }
    QRect plotRect() const;
    SnapTimeScale scale() const;

signals:
    void momentPicked(qint64 us);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    virtual void dataChanged() {}
    virtual int bottomMargin() const { return 18; }
    void paintTimeAxis(QPainter &p) const; // tick labels under the plot
    void paintMoment(QPainter &p) const;

    LoadedSnapshotPtr m_snapshot;
    const memsnap::DeviceHistory *m_history = nullptr;
    std::int64_t m_moment = 0;
};

class MemoryTimeChart : public SnapshotPlot
{
    Q_OBJECT
public:
    explicit MemoryTimeChart(QWidget *parent = nullptr);
    double axisTopBytes() const { return m_axisTop; }
    double yOf(double bytes) const;
    // The values in force at us (the last point at or before it).
    memsnap::MemoryPoint valueAt(std::int64_t us) const;
    QSize sizeHint() const override { return {480, 150}; }
    QString toolTipAt(QPoint pos) const;

protected:
    void dataChanged() override;
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    double m_axisTop = 1;
};

class SegmentMap : public SnapshotPlot
{
    Q_OBJECT
public:
    explicit SegmentMap(QWidget *parent = nullptr);
    QSize sizeHint() const override { return {480, 220}; }

    // The address space laid out top to bottom: the segments' address ranges merged where they
    // overlap or lie close (a range reused by a later segment is one region; far gaps between
    // cudaMalloc's placements are left out), in address order, each region a share of the height
    // proportional to its size, at least kMinRegionPx where the height allows.
    static constexpr double kMinRegionPx = 3;
    struct Region
    {
        std::uint64_t start = 0, end = 0; // [start, end)
        double top = 0, height = 0;       // in the plot, from its top
    };
    const std::vector<Region> &regions() const { return m_regions; }
    // y in the widget of an address (NaN outside every region).
    double yOfAddress(std::uint64_t addr) const;
    // The picture as last painted (the plot only, at the widget's size); segmentsDrawn: the
    // segments that covered at least one pixel of it, blocksDrawn likewise.
    QImage picture();
    int segmentsDrawn() const { return m_segmentsDrawn; }
    int blocksDrawn() const { return m_blocksDrawn; }
    static QColor freeColor();
    static QColor stackColor(memsnap::StackId stack);
    // What the pointer is over: a block (size, stack, life) or free space in a segment.
    QString toolTipAt(QPoint pos) const;

protected:
    void dataChanged() override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

private:
    void layoutRegions();
    void render();
    int regionOf(std::uint64_t addr) const; // -1: none
    bool addressAt(double y, std::uint64_t *from, std::uint64_t *to) const;

    std::vector<Region> m_regions;
    QImage m_image;
    bool m_imageValid = false;
    int m_segmentsDrawn = 0, m_blocksDrawn = 0;
};

} // namespace lanescope
