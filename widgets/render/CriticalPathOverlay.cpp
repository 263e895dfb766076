// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/CriticalPathOverlay.h"

#include "widgets/render/TimelineRenderer.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace lanescope {

QColor criticalPathColor(analysis::PathPart part)
{
    switch (part) {
    case analysis::PathPart::Cpu: return QColor(0xE6, 0x7E, 0x22);           // orange
    case analysis::PathPart::GpuCompute: return QColor(0x27, 0xAE, 0x60);    // green
    case analysis::PathPart::Communication: return QColor(0x8E, 0x44, 0xAD); // purple
    case analysis::PathPart::LaunchDelay: return QColor(0xF1, 0xC4, 0x0F);   // yellow
    case analysis::PathPart::Sync: return QColor(0xE7, 0x4C, 0x3C);          // red
    case analysis::PathPart::Idle: return QColor(0x95, 0xA5, 0xA6);          // grey
    }
    return Qt::gray;
}

void paintCriticalPath(QPainter &p, const TimelineRenderer &r, const CriticalPathMark &mark)
{
    const LaneLayout *layout = r.layout();
    if (!mark.path || !mark.path->valid || !layout || mark.run < 0 || mark.run >= int(r.runs().size()))
        return;
    const analysis::CriticalPath &cp = *mark.path;
    const Trace *trace = r.runs()[std::size_t(mark.run)].trace;
    if (!trace)
        return;
    const int left = TimelineRenderer::kHeaderWidth;
    const double width = r.size().width() - left;
    const TimeAxis &axis = r.axis();
    // The window in the run's model time; segments are sorted and contiguous.
    const TimeNs from = r.absNs(mark.run, axis.start), to = r.absNs(mark.run, axis.end());
    auto first = std::lower_bound(cp.segments.begin(), cp.segments.end(), from,
                                  [](const analysis::PathSegment &s, TimeNs t) { return s.to < t; });

    struct Mark
    {
        QRectF rect;
        int part;
    };
    std::vector<Mark> marks;
    struct Tie
    {
        QPointF a, b;
        int part;
    };
    std::vector<Tie> ties;
    auto laneOf = [&](std::uint32_t track) {
        const int lane = layout->laneOfTrack(mark.run, track);
        return lane >= 0 && layout->isLaneVisible(lane) ? lane : -1;
    };
    for (auto it = first; it != cp.segments.end() && it->from <= to; ++it) {
        const analysis::PathSegment &s = *it;
        const double x0 = left + axis.toPx(r.relNs(mark.run, s.from));
        const double x1 = std::max(x0 + 1.0, left + axis.toPx(r.relNs(mark.run, s.to)));
        if (x1 < left - 2 || x0 > left + width + 2)
            continue;
        const int lane = laneOf(s.track);
        if (s.fromTrack != s.track) {
            // A launch or a synchronisation: from the lane it leaves to the lane it reaches.
            const int fromLane = laneOf(s.fromTrack);
            if (lane >= 0 && fromLane >= 0) {
                const QRect a = r.laneRect(fromLane), b = r.laneRect(lane);
                ties.push_back({QPointF(x0, a.center().y()), QPointF(x1, b.center().y()), int(s.part)});
            }
            continue;
        }
        if (lane < 0)
            continue;
        const QRect lr = r.laneRect(lane);
        const Track &tr = trace->tracks[s.track];
        QRectF rect;
        if (s.slice >= 0 && std::size_t(s.slice) < tr.size()) {
            const int depth = std::min<int>(tr.depth[std::size_t(s.slice)], layout->lanes()[std::size_t(lane)].rows - 1);
            const double y = lr.top() + LaneLayout::kLanePad + depth * LaneLayout::kRowHeight;
            rect = QRectF(QPointF(x0, y), QPointF(x1, y + LaneLayout::kRowHeight - 1));
        } else {
            // Time the path spends on no slice of the lane (a gap of the stream): a band through it.
            const double y = lr.top() + LaneLayout::kLanePad + LaneLayout::kRowHeight / 2.0 - 2;
            rect = QRectF(QPointF(x0, y), QPointF(x1, y + 4));
        }
        if (!marks.empty() && marks.back().part == int(s.part) && marks.back().rect.top() == rect.top()
            && rect.left() <= marks.back().rect.right() + 1)
            marks.back().rect.setRight(std::max(marks.back().rect.right(), rect.right()));
        else
            marks.push_back({rect, int(s.part)});
    }
    if (marks.empty() && ties.empty())
        return;
    p.save();
    p.setClipRect(QRect(left, TimelineRenderer::kTopHeight, int(width), r.size().height() - TimelineRenderer::kTopHeight));
    p.setBrush(Qt::NoBrush);
    // Dark under colour, as the highlight: the path reads on every slice colour.
    for (int part = 0; part < analysis::kPathParts; ++part) {
        std::vector<QRectF> rects;
        for (const Mark &m : marks)
            if (m.part == part)
                rects.push_back(m.rect);
        if (rects.empty())
            continue;
        p.setPen(QPen(QColor(0, 0, 0, 200), 4));
        p.drawRects(rects.data(), int(rects.size()));
        p.setPen(QPen(criticalPathColor(analysis::PathPart(part)), 2));
        p.drawRects(rects.data(), int(rects.size()));
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const Tie &t : ties) {
        p.setPen(QPen(criticalPathColor(analysis::PathPart(t.part)), 1.5, Qt::DashLine));
        p.drawLine(t.a, t.b);
    }
    p.restore();
}

} // namespace lanescope
