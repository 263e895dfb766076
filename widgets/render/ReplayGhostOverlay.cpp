// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/ReplayGhostOverlay.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/render/TimelineRenderer.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::ReplayGhost)
};

// Blue outline over a pale fill: reads on every slice colour, and apart from the critical path's
// part colours (which may be drawn at the same time).
const QColor kGhostLine(0x15, 0x65, 0xC0);
const QColor kGhostFill(0x90, 0xCA, 0xF9, 90);

} // namespace

QColor replayGhostLineColor() { return kGhostLine; }

QString replayGhostLabel(const analysis::replay::WhatIf &w)
{
    if (!w.valid)
        return {};
    namespace figure = analysis::figure;
    QString ids = w.combined.id;
    ids.replace(QLatin1Char(','), QStringLiteral(", "));
    return Text::tr("replayed: %1 → %2 (%3)").arg(figure::stepTime(double(w.stepNs)), figure::stepTime(double(w.combined.projectedNs)), ids);
}

ReplayGhostGeometry replayGhostGeometry(const TimelineRenderer &r, const ReplayGhost &ghost)
{
    ReplayGhostGeometry g;
    const LaneLayout *layout = r.layout();
    if (!ghost.whatIf || !ghost.whatIf->valid || !layout || ghost.run < 0 || ghost.run >= int(r.runs().size()))
        return g;
    const analysis::replay::WhatIf &w = *ghost.whatIf;
    const Trace *trace = r.runs()[std::size_t(ghost.run)].trace;
    if (!trace)
        return g;
    const int left = TimelineRenderer::kHeaderWidth;
    const double right = r.size().width();
    const TimeAxis &axis = r.axis();
    auto xOf = [&](TimeNs t) { return left + axis.toPx(r.relNs(ghost.run, t)); };
    const double endX = xOf(w.step.start + w.combined.projectedNs);
    g.endX = endX;
    g.measuredEndX = xOf(w.step.start + w.stepNs);
    g.endVisible = endX >= left && endX <= right;

    // The last box per (lane, row): an activity that starts within a pixel of its end widens it
    // instead of adding a box (a row's activities come in stream order, so its boxes move right),
    // so a run of back-to-back kernels reads as one outlined span, and the boxes are bounded by
    // the picture's width per row.
    struct Last
    {
        int lane, row;
        std::size_t box; // index in g.boxes
    };
    std::vector<Last> last;
    for (std::size_t k = 0; k < w.activities.size(); ++k) {
        const analysis::replay::ProjectedActivity &a = w.activities[k];
        const double x0 = xOf(a.projectedStart);
        const double x1 = std::max(x0 + 1.0, xOf(a.projectedEnd));
        const double m0 = xOf(a.start);
        const bool moved = std::abs(x0 - m0) > kReplayGhostTiePx;
        const bool boxShown = x1 >= left && x0 <= right;
        const bool tieShown = moved && std::max(x0, m0) >= left && std::min(x0, m0) <= right;
        if ((!boxShown && !tieShown) || a.track >= trace->tracks.size())
            continue;
        const int lane = layout->laneOfTrack(ghost.run, a.track);
        if (lane < 0 || !layout->isLaneVisible(lane))
            continue;
        const Track &tr = trace->tracks[a.track];
        const int rows = std::max(1, layout->lanes()[std::size_t(lane)].rows);
        const int row = a.slice < tr.size() ? std::min<int>(tr.depth[a.slice], rows - 1) : 0;
        const QRect lr = r.laneRect(lane);
        const double y = lr.top() + LaneLayout::kLanePad + row * LaneLayout::kRowHeight;
        if (tieShown) {
            // One line per pixel row and column pair: many kernels moved alike draw it once.
            const double ym = y + LaneLayout::kRowHeight / 2.0;
            const QLineF tie(QPointF(m0, ym), QPointF(x0, ym));
            if (g.ties.empty() || std::floor(g.ties.back().x1()) != std::floor(m0) || std::floor(g.ties.back().x2()) != std::floor(x0)
                || g.ties.back().y1() != ym)
                g.ties.push_back(tie);
        }
        if (!boxShown)
            continue;
        auto it = std::find_if(last.begin(), last.end(), [&](const Last &l) { return l.lane == lane && l.row == row; });
        if (it != last.end()) {
            QRectF &prev = g.boxes[it->box].rect;
            if (x0 <= prev.right() + 1.0 && x0 >= prev.left()) {
                prev.setRight(std::max(prev.right(), x1));
                continue;
            }
        }
        g.boxes.push_back({QRectF(QPointF(x0, y + 1), QPointF(x1, y + LaneLayout::kRowHeight - 2)), k});
        if (it == last.end())
            last.push_back({lane, row, g.boxes.size() - 1});
        else
            it->box = g.boxes.size() - 1;
    }
    return g;
}

void paintReplayGhost(QPainter &p, const TimelineRenderer &r, const ReplayGhost &ghost)
{
    const ReplayGhostGeometry g = replayGhostGeometry(r, ghost);
    const QString label = ghost.whatIf ? replayGhostLabel(*ghost.whatIf) : QString();
    if (g.boxes.empty() && g.ties.empty() && !g.endVisible)
        return;
    const int left = TimelineRenderer::kHeaderWidth;
    const int width = r.size().width() - left, height = r.size().height() - TimelineRenderer::kTopHeight;
    p.save();
    p.setClipRect(QRect(left, TimelineRenderer::kTopHeight, width, height));
    if (!g.ties.empty()) {
        p.setPen(QPen(kGhostLine, 1));
        p.drawLines(g.ties.data(), int(g.ties.size()));
    }
    if (!g.boxes.empty()) {
        std::vector<QRectF> rects;
        rects.reserve(g.boxes.size());
        for (const ReplayGhostGeometry::Box &b : g.boxes)
            rects.push_back(b.rect);
        p.setBrush(kGhostFill);
        p.setPen(QPen(kGhostLine, 1));
        p.drawRects(rects.data(), int(rects.size()));
    }
    if (g.endVisible) {
        // The replayed step's end through the lanes, and what it is worth beside it.
        p.setPen(QPen(kGhostLine, 1.5, Qt::DashLine));
        p.drawLine(QPointF(g.endX, TimelineRenderer::kTopHeight), QPointF(g.endX, r.size().height()));
        if (!label.isEmpty()) {
            const QFontMetricsF fm(p.font());
            const double tw = fm.horizontalAdvance(label) + 8, th = fm.height() + 4;
            // Right of the mark where it fits, else left of it.
            double x = g.endX + 4;
            if (x + tw > r.size().width())
                x = std::max<double>(left, g.endX - 4 - tw);
            const QRectF box(x, TimelineRenderer::kTopHeight + 2, tw, th);
            p.setPen(QPen(kGhostLine, 1));
            p.setBrush(QColor(255, 255, 255, 230));
            p.drawRect(box);
            p.setPen(QColor(0x0D, 0x47, 0xA1));
            p.drawText(box, Qt::AlignCenter, label);
        }
    }
    p.restore();
}

} // namespace lanescope
