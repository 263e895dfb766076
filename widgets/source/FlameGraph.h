// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Python call paths of a run as an icicle (a flame graph growing down): a row per stack depth,
// each frame as wide as its inclusive GPU time launched or CPU time (the weight, selectable), its
// callees below it, costliest first. Painted with QPainter from analysis::SourceLines::frames; the
// layout is computed once per (data, weight, zoom, width) and bounded: callees narrower than a pixel
// are merged into one box per caller and not descended into, so a million frames cost at most a
// box per pixel and row. Hover: the frame's figures; click: select (frameClicked); double click:
// zoom into the frame (it takes the whole width on the top row), on the top row or the background:
// zoom out one level; Esc: the whole graph.
#include "core/analysis/measures/source_lines/SourceLines.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace lanescope {

class FlameGraph : public QWidget
{
    Q_OBJECT
public:
    enum class Weight { Gpu, Cpu };

    explicit FlameGraph(QWidget *parent = nullptr);

    // The frames drawn (null or empty: none); zoom and selection are reset.
    void setData(std::shared_ptr<const analysis::SourceLines> lines);
    const analysis::SourceLines *data() const { return m_lines.get(); }
    void setWeight(Weight weight);
    Weight weight() const { return m_weight; }
    static TimeNs weightOf(const analysis::SourceFrame &frame, Weight weight);

    // The frame drawn across the whole width on the top row; -1: the whole graph.
    void zoomTo(int frame);
    int zoomFrame() const { return m_zoom; }
    void setSelectedFrame(int frame); // outlined; -1 none
    int selectedFrame() const { return m_selected; }
    // Every frame of this line of data()->lines outlined (a row picked in the table); -1 none.
    void setHighlightedLine(int line);
    int highlightedLine() const { return m_line; }

    // One box of the layout at the current width: frames [x0, x1) in pixels on row `row`; merged > 0:
    // that many callees of one caller, each narrower than a pixel, drawn as one (frame: the first).
    struct Box
    {
        double x0 = 0, x1 = 0;
        int frame = -1;
        int merged = 0;
    };
    // The boxes of each row, left to right (the layout for the current width).
    const std::vector<std::vector<Box>> &rows() const;
    // The weight the whole width stands for (the zoomed frame's, else every root's).
    TimeNs totalWeight() const;
    int rowHeight() const;
    int frameAt(const QPoint &pos) const; // -1: background or a merged box
    const Box *boxAt(const QPoint &pos) const;
    QString toolTipFor(const Box &box) const; // plain text
    QString emptyText() const;                // what is painted when there is nothing to draw

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void frameClicked(int frame);
    void frameDoubleClicked(int frame); // after zooming into it
    void zoomChanged(int frame);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void invalidate();
    void layout() const;
    void fitHeight();
    QColor fill(const Box &box) const;

    std::shared_ptr<const analysis::SourceLines> m_lines;
    Weight m_weight = Weight::Gpu;
    int m_zoom = -1;
    int m_selected = -1;
    int m_line = -1;
    mutable std::vector<std::vector<Box>> m_rows;
    mutable int m_layoutWidth = -1; // the width m_rows is for; -1 stale
    mutable TimeNs m_total = 0;
};

} // namespace lanescope
