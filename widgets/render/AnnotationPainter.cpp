// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/AnnotationPainter.h"

#include "core/annotations/Findings.h"
#include "core/annotations/LaneKey.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <unordered_map>
#include <map>
#include <tuple>
#include <unordered_set>

namespace lanescope {

using annotations::Annotation;
using annotations::Kind;

namespace {

constexpr double kFar = 1e6; // picture coordinates beyond this are pulled in (zoomed far in)
constexpr int kSummaryRows = 3; // a summary of gaps may sit this many label rows farther from its lane

double luminance(const QColor &c)
{
    auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

// Liang–Barsky: the part of segment a-b inside r; false when none.
bool clipLine(QPointF &a, QPointF &b, const QRectF &r)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF a0 = a;
    a = a0 + QPointF(dx, dy) * t0;
    b = a0 + QPointF(dx, dy) * t1;
    return true;
}

QRectF clampedInto(QRectF box, const QRectF &area)
{
    if (box.right() > area.right())
        box.moveRight(area.right());
    if (box.left() < area.left())
        box.moveLeft(area.left());
    if (box.bottom() > area.bottom())
        box.moveBottom(area.bottom());
    if (box.top() < area.top())
        box.moveTop(area.top());
    return box;
}

QPointF nearestOn(const QRectF &r, const QPointF &p)
{
    return QPointF(std::clamp(p.x(), r.left(), r.right()), std::clamp(p.y(), r.top(), r.bottom()));
}

QString labelText(const Annotation &a)
{
    if (!a.text.isEmpty() || a.kind != Kind::Range)
        return a.text;
    return TimeAxis::formatTime(double(std::abs(a.b.t - a.a.t))); // an unlabelled range says how long it is
}

} // namespace

AnnotationPainter::AnnotationPainter(const TimelineRenderer &renderer)
    : m_r(renderer)
{
    setFont(QFont());
}

void AnnotationPainter::setFont(const QFont &font)
{
    m_font = font;
    m_font.setPixelSize(12);
    m_labelSize.clear();
}

QColor AnnotationPainter::color(annotations::Color c) { return QColor::fromRgb(QRgb(0xFF000000u | annotations::colorRgb(c))); }

QColor AnnotationPainter::textColor(annotations::Color c)
{
    const double l = luminance(color(c));
    const QColor dark(0x20, 0x22, 0x26);
    const double onWhite = 1.05 / (l + 0.05), onDark = (l + 0.05) / (luminance(dark) + 0.05);
    return onWhite >= onDark ? QColor(Qt::white) : dark;
}

double AnnotationPainter::xOf(int run, TimeNs t) const
{
    const auto &runs = m_r.runs();
    if (run < 0 || run >= int(runs.size()) || !runs[std::size_t(run)].trace)
        return std::nan("");
    const double axisNs = m_r.relNs(run, runs[std::size_t(run)].trace->minTs + t);
    return std::clamp(TimelineRenderer::kHeaderWidth + m_r.axis().toPx(axisNs), -kFar, kFar);
}

bool AnnotationPainter::anchorPoint(int run, const annotations::Anchor &a, QPointF *out) const
{
    const LaneLayout *layout = m_r.layout();
    if (!layout || run < 0 || run >= int(m_r.runs().size()))
        return false;
    const double x = xOf(run, a.t);
    const int top = TimelineRenderer::kTopHeight - m_r.scrollY();
    auto headerCentre = [&](int group) { return top + layout->groups()[std::size_t(group)].y + LaneLayout::kGroupHeaderHeight / 2.0; };
    int device = -1;
    if (annotations::LaneKey::parseMemory(a.lane, &device)) {
        const int g = layout->groupOfDevice(run, device);
        if (g < 0)
            return false;
        const LaneGroup &grp = layout->groups()[std::size_t(g)];
        double y = grp.collapsed ? headerCentre(g) : m_r.memoryY(g, a.y);
        if (std::isnan(y)) // no curve for the device: the middle of its lanes
            y = top + grp.y + LaneLayout::kGroupHeaderHeight + grp.lanesHeight / 2.0;
        *out = QPointF(x, std::clamp(y, -kFar, kFar)); // a file may say 1e300 bytes: kept drawable
        return true;
    }
    const int lane = laneOf(run, a.lane);
    if (lane < 0)
        return false;
    const Lane &l = layout->lanes()[std::size_t(lane)];
    if (!layout->isLaneVisible(lane)) {
        *out = QPointF(x, headerCentre(l.group));
        return true;
    }
    const double laneTop = m_r.laneTop(lane);
    const double y = laneTop + LaneLayout::kLanePad + (std::isfinite(a.y) ? a.y : 0) * LaneLayout::kRowHeight;
    *out = QPointF(x, std::clamp(y, laneTop, laneTop + l.height));
    return true;
}

bool AnnotationPainter::labelPoint(int run, const annotations::Anchor &a, QPointF *out) const
{
    const LaneLayout *layout = m_r.layout();
    if (!layout || run < 0 || run >= int(m_r.runs().size()))
        return false;
    const int lane = laneOf(run, a.lane);
    if (lane < 0)
        return false;
    const Lane &l = layout->lanes()[std::size_t(lane)];
    double y = 0;
    if (!layout->isLaneVisible(lane))
        y = TimelineRenderer::kTopHeight - m_r.scrollY() + layout->groups()[std::size_t(l.group)].y + LaneLayout::kGroupHeaderHeight / 2.0;
    else
        y = m_r.laneTop(lane) + LaneLayout::kLanePad + (std::isfinite(a.y) ? a.y : 0) * LaneLayout::kRowHeight;
    *out = QPointF(xOf(run, a.t), std::clamp(y, -kFar, kFar));
    return true;
}

bool AnnotationPainter::labelAnchorAt(int run, QPointF at, annotations::Anchor *out) const
{
    const LaneLayout *layout = m_r.layout();
    if (!layout || run < 0 || run >= int(m_r.runs().size()) || !m_r.runs()[std::size_t(run)].trace)
        return false;
    int best = -1;
    double bestDistance = 0;
    for (int i = 0; i < int(layout->lanes().size()); ++i) {
        const Lane &l = layout->lanes()[std::size_t(i)];
        if (l.run != run || !layout->isLaneVisible(i))
            continue;
        const double top = m_r.laneTop(i), bottom = top + l.height;
        const double distance = at.y() < top ? top - at.y() : at.y() >= bottom ? at.y() - bottom + 1 : 0;
        if (best < 0 || distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
        if (distance == 0)
            break;
    }
    if (best < 0)
        return false;
    const Lane &l = layout->lanes()[std::size_t(best)];
    const double axisNs = m_r.axis().toNs(at.x() - TimelineRenderer::kHeaderWidth);
    out->t = TimeNs(std::llround(axisNs + double(m_r.runs()[std::size_t(run)].base) - double(m_r.runs()[std::size_t(run)].trace->minTs)));
    out->lane = l.key;
    out->y = (at.y() - m_r.laneTop(best) - LaneLayout::kLanePad) / LaneLayout::kRowHeight;
    return true;
}

QPointF AnnotationPainter::labelTopLeft(int run, const Annotation &a, QPointF point) const
{
    QPointF at;
    if (a.hasLabel && labelPoint(run, a.label, &at))
        return at;
    // No label anchor, or its lane is not shown (CPU lanes left out): the pixel offset from the point.
    return point + QPointF(std::clamp(a.labelDx, -kFar, kFar), std::clamp(a.labelDy, -kFar, kFar));
}

QRectF AnnotationPainter::runExtent(int run) const
{
    const LaneLayout *layout = m_r.layout();
    double top = 0, bottom = -1;
    const int origin = TimelineRenderer::kTopHeight - m_r.scrollY();
    for (const LaneGroup &g : layout->groups()) {
        if (g.run != run)
            continue;
        const double gt = origin + g.y, gb = gt + LaneLayout::kGroupHeaderHeight + (g.collapsed ? 0 : g.lanesHeight);
        if (bottom < top) {
            top = gt;
            bottom = gb;
        } else {
            top = std::min(top, gt);
            bottom = std::max(bottom, gb);
        }
    }
    return bottom < top ? QRectF() : QRectF(0, top, 1, bottom - top);
}

int AnnotationPainter::laneOf(int run, const QString &key) const
{
    if (!m_laneIndexed)
        return m_r.layout()->laneOfKey(run, key);
    const auto it = m_laneIndex.constFind(qMakePair(run, key));
    return it == m_laneIndex.cend() ? -1 : *it;
}

AnnotationPainter::LaneIndex::LaneIndex(const AnnotationPainter &painter)
    : m_p(painter)
{
    m_p.m_laneIndex.clear();
    if (const LaneLayout *layout = m_p.m_r.layout())
        for (int i = 0; i < int(layout->lanes().size()); ++i) {
            const Lane &l = layout->lanes()[std::size_t(i)];
            if (!m_p.m_laneIndex.contains(qMakePair(l.run, l.key))) // the first lane of a key, as laneOfKey() finds it
                m_p.m_laneIndex.insert(qMakePair(l.run, l.key), i);
        }
    m_p.m_laneIndexed = true;
}

AnnotationPainter::LaneIndex::~LaneIndex() { m_p.m_laneIndexed = false; }

AnnotationPainter::Shape AnnotationPainter::shape(int run, const Annotation &a) const { return shapeOf(run, a, true); }

AnnotationPainter::Shape AnnotationPainter::shapeOf(int run, const Annotation &a, bool withLabel) const
{
    Shape s;
    if (!m_r.layout())
        return s;
    switch (a.kind) {
    case Kind::Range: {
        const QRectF ext = runExtent(run);
        if (ext.isNull())
            return s;
        const double xa = xOf(run, a.a.t), xb = xOf(run, a.b.t);
        s.a = QPointF(xa, ext.top());
        s.b = QPointF(xb, ext.bottom());
        s.body = QRectF(QPointF(std::min(xa, xb), ext.top()), QPointF(std::max({xa, xb, std::min(xa, xb) + 2}), ext.bottom()));
        break;
    }
    case Kind::Marker: {
        if (!anchorPoint(run, a.a, &s.a))
            return s;
        const double xb = xOf(run, a.b.t);
        s.b = QPointF(xb, s.a.y());
        // The slice's row: the anchor is inside it (y = depth + 0.5); a collapsed lane's header.
        const int lane = laneOf(run, a.a.lane);
        double rowTop = s.a.y() - LaneLayout::kRowHeight / 2.0;
        if (lane >= 0 && m_r.layout()->isLaneVisible(lane))
            rowTop = m_r.laneTop(lane) + LaneLayout::kLanePad + std::floor(std::max(0.0, a.a.y)) * LaneLayout::kRowHeight;
        s.body = QRectF(QPointF(std::min(s.a.x(), xb), rowTop),
                        QPointF(std::max({s.a.x(), xb, std::min(s.a.x(), xb) + 2}), rowTop + LaneLayout::kRowHeight - 1));
        s.a.setY(rowTop); // the pin's tip sits on the slice's top edge
        break;
    }
    case Kind::Callout:
        if (!anchorPoint(run, a.a, &s.a))
            return s;
        s.b = s.a;
        s.body = QRectF(s.a - QPointF(kAnchorRadius, kAnchorRadius), QSizeF(2 * kAnchorRadius, 2 * kAnchorRadius));
        break;
    case Kind::Arrow:
    case Kind::Rect:
        if (!anchorPoint(run, a.a, &s.a) || !anchorPoint(run, a.b, &s.b))
            return s;
        s.body = QRectF(s.a, s.b).normalized();
        if (s.body.width() < 2)
            s.body.setWidth(2);
        if (s.body.height() < 2)
            s.body.setHeight(2);
        break;
    }
    s.visible = true;
    if (withLabel) {
        // A finding's label the last paint placed elsewhere than its first choice: where it is.
        const auto placed = a.finding ? m_placedAt.constFind(qMakePair(run, a.id)) : m_placedAt.cend();
        s.label = placed != m_placedAt.cend() ? *placed : labelRect(run, a, s.a, s.b, s.body);
    }
    return s;
}

annotations::AnnotationSet::Id AnnotationPainter::hitTest(int run, const annotations::AnnotationSet &set, QPointF pos,
                                                          double tolerance) const
{
    if (!m_r.layout())
        return 0;
    const LaneIndex index(*this);
    const auto &items = set.items();
    for (auto it = items.rbegin(); it != items.rend(); ++it) { // the last drawn is on top
        // Nowhere near pos in time: neither its shape nor its label can be under it. No layout.
        const double xa = xOf(run, it->a.t), xb = it->kind == Kind::Callout ? xa : xOf(run, it->b.t);
        const double reach = kLabelMaxWidth + 2 * kLabelPad + tolerance + (it->kind == Kind::Callout ? std::abs(it->labelDx) : 0);
        const bool anchoredLabel = it->kind == Kind::Callout && it->hasLabel; // its box may be anywhere in time
        if (!anchoredLabel && (std::max(xa, xb) < pos.x() - reach || std::min(xa, xb) > pos.x() + reach))
            continue;
        // A label the last paint() left out is not on screen: only a shown one is laid out here.
        const bool labelShown = !labelDropped(run, it->id);
        const Shape s = shapeOf(run, *it, labelShown);
        if (!s.visible)
            continue;
        if (labelShown && !s.label.isEmpty() && s.label.adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(pos))
            return it->id;
        bool hit = false;
        switch (it->kind) {
        case Kind::Callout: hit = QLineF(s.a, pos).length() <= kAnchorRadius + tolerance; break;
        case Kind::Arrow: {
            const QLineF l(s.a, s.b);
            const double len2 = l.dx() * l.dx() + l.dy() * l.dy();
            const double t = len2 > 0 ? std::clamp(((pos.x() - s.a.x()) * l.dx() + (pos.y() - s.a.y()) * l.dy()) / len2, 0.0, 1.0) : 0;
            hit = QLineF(s.a + QPointF(l.dx(), l.dy()) * t, pos).length() <= tolerance;
            break;
        }
        case Kind::Rect:
        case Kind::Range:
        case Kind::Marker: hit = s.body.adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(pos); break;
        }
        if (hit)
            return it->id;
    }
    return 0;
}

bool AnnotationPainter::labelDropped(int run, annotations::AnnotationSet::Id id) const
{
    return std::binary_search(m_droppedIds.begin(), m_droppedIds.end(), std::make_pair(run, id));
}

QSizeF AnnotationPainter::labelSize(const QString &text) const
{
    auto cached = m_labelSize.constFind(text);
    if (cached == m_labelSize.cend()) {
        const QFontMetricsF fm(m_font);
        const QRectF tb = fm.boundingRect(QRectF(0, 0, kLabelMaxWidth, 1e5), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
        if (m_labelSize.size() > kLabelSizeCache)
            m_labelSize.clear();
        cached = m_labelSize.insert(text, QSizeF(std::ceil(tb.width()) + 2 * kLabelPad, std::ceil(tb.height()) + 2 * kLabelPad));
    }
    return *cached;
}

QRectF AnnotationPainter::labelRect(int run, const Annotation &a, const QPointF &pa, const QPointF &pb, const QRectF &body) const
{
    Q_UNUSED(pb);
    const QString text = labelText(a);
    if (text.isEmpty())
        return {};
    const QSizeF size = labelSize(text);
    const QRectF lanes = m_r.lanesRect();
    QRectF box;
    switch (a.kind) {
    case Kind::Callout:
        box = QRectF(labelTopLeft(run, a, pa), size);
        // Beside its point while the point is in view, never cut by the picture's edge.
        return lanes.contains(pa) ? clampedInto(box, lanes) : box;
    case Kind::Rect:
        box = QRectF(QPointF(std::max(body.left(), lanes.left()), body.top() - 2 - size.height()), size);
        if (box.top() < lanes.top())
            box.moveTop(body.top() + 2);
        break;
    case Kind::Range: box = QRectF(QPointF(std::max(body.left(), lanes.left()) + 2, std::max(body.top(), lanes.top()) + 2), size); break;
    case Kind::Arrow:
        box = QRectF(QPointF(pa.x() - size.width() / 2, pa.y() - 6 - size.height()), size);
        if (box.top() < lanes.top())
            box.moveTop(pa.y() + 6);
        break;
    case Kind::Marker:
        box = QRectF(QPointF(pa.x() + 8, body.top() - 4 - size.height()), size);
        if (box.top() < lanes.top())
            box.moveTop(body.bottom() + 2);
        break;
    }
    // Kept in the picture horizontally while what it labels is.
    if (body.right() >= lanes.left() && body.left() <= lanes.right()) {
        if (box.right() > lanes.right())
            box.moveRight(lanes.right());
        if (box.left() < lanes.left())
            box.moveLeft(lanes.left());
    }
    return box;
}

std::vector<QRectF> AnnotationPainter::labelCandidates(int run, const Annotation &a, const Shape &s, QSizeF size) const
{
    std::vector<QRectF> out;
    const QRectF lanes = m_r.lanesRect();
    const double w = size.width(), h = size.height();
    // The part of what it labels in view, horizontally: the label must overlap it.
    const double vl = std::max(s.body.left(), lanes.left()), vr = std::min(s.body.right(), lanes.right());
    const auto inX = [&](double x) { return std::clamp(x, lanes.left(), std::max(lanes.left(), lanes.right() - w)); };
    const auto add = [&](double x, double y) {
        const QRectF box(inX(x), y, w, h);
        if (box.top() >= lanes.top() && box.bottom() <= lanes.bottom() && box.right() > vl && box.left() < vr)
            out.push_back(box);
    };
    switch (a.kind) {
    case Kind::Rect:
        if (vr < vl)
            break;
        // Above the gap, below it, then inside its top; each at the left, then the right, of the
        // part in view.
        for (const double y : {s.body.top() - 2 - h, s.body.bottom() + 2, s.body.top() + 2}) {
            add(vl, y);
            add(vr - w, y);
        }
        break;
    case Kind::Range: {
        if (vr < vl)
            break;
        // Rows down the part of its run in view (a comparison's ranges of nearby gaps stack).
        const double top = std::max(s.body.top(), lanes.top()) + 2, bottom = std::min(s.body.bottom(), lanes.bottom());
        for (int row = 0; row < 8 && top + row * (h + 2) + h <= bottom; ++row) {
            add(vl + 2, top + row * (h + 2));
            add(vr - 2 - w, top + row * (h + 2));
        }
        break;
    }
    case Kind::Callout: {
        if (a.hasLabel) { // placed by the user: there or nowhere
            out.push_back(labelRect(run, a, s.a, s.b, s.body));
            break;
        }
        if (!lanes.contains(s.a))
            break;
        const QPointF first = QPointF(a.labelDx, a.labelDy);
        for (const QPointF &d : {first, QPointF(-first.x() - w, first.y()), QPointF(first.x(), -first.y() - h),
                                 QPointF(-first.x() - w, -first.y() - h)})
            out.push_back(clampedInto(QRectF(s.a + d, size), lanes));
        break;
    }
    case Kind::Marker:
    case Kind::Arrow: {
        const QRectF first = labelRect(-1, a, s.a, s.b, s.body);
        out.push_back(first);
        break;
    }
    }
    return out;
}

void AnnotationPainter::paintShape(QPainter &p, const Annotation &a, const Shape &s) const
{
    const QColor c = color(a.color);
    const QPen pen = a.finding ? QPen(c, 1.5, Qt::DashLine) : QPen(c, 2);
    QColor fill = c;
    fill.setAlpha(a.finding ? 56 : 40);
    const QRectF far = m_r.lanesRect().adjusted(-50, -50, 50, 50);
    switch (a.kind) {
    case Kind::Callout: {
        // The leader line goes with the label (paintLabel): a finding's dropped label leaves no line.
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawEllipse(s.a, kAnchorRadius, kAnchorRadius);
        break;
    }
    case Kind::Arrow: {
        QPointF from = s.a, to = s.b;
        const QLineF whole(s.a, s.b);
        if (!clipLine(from, to, far))
            break;
        p.setPen(QPen(c, a.finding ? 1.5 : 2, a.finding ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap));
        p.drawLine(from, to);
        if (whole.length() > 0 && far.contains(s.b)) { // the head, when it is in view
            const QPointF u = (s.a - s.b) / whole.length(), n(-u.y(), u.x());
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawPolygon(QPolygonF({s.b, s.b + u * 11 + n * 5, s.b + u * 11 - n * 5}));
        }
        break;
    }
    case Kind::Rect: {
        const QRectF r = s.body.intersected(far);
        if (r.isEmpty())
            break;
        p.setPen(pen);
        p.setBrush(fill);
        p.drawRect(r);
        break;
    }
    case Kind::Range: {
        const QRectF r = s.body.intersected(far);
        if (r.isEmpty())
            break;
        QColor f = c;
        f.setAlpha(a.finding ? 40 : 30);
        p.fillRect(r, f);
        p.setPen(pen);
        if (s.body.left() >= far.left())
            p.drawLine(QPointF(s.body.left(), r.top()), QPointF(s.body.left(), r.bottom()));
        if (s.body.right() <= far.right())
            p.drawLine(QPointF(s.body.right(), r.top()), QPointF(s.body.right(), r.bottom()));
        break;
    }
    case Kind::Marker: {
        const QRectF r = s.body.intersected(far);
        if (!r.isEmpty()) {
            p.setPen(pen);
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(-1, -1, 1, 1));
        }
        // A pin pointing down at the slice's start.
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawPolygon(QPolygonF({s.a, s.a + QPointF(-6, -10), s.a + QPointF(6, -10)}));
        break;
    }
    }
    p.setBrush(Qt::NoBrush);
}

void AnnotationPainter::paintShapePlain(QPainter &p, const Annotation &a, const Shape &s, PlainBatch &batch) const
{
    const QRect far = QRectF(m_r.lanesRect()).adjusted(-2, -2, 2, 2).toAlignedRect();
    QRect r;
    switch (a.kind) {
    case Kind::Callout: r = QRect(QPoint(qRound(s.a.x()) - 2, qRound(s.a.y()) - 2), QSize(4, 4)); break;
    case Kind::Arrow: r = QRect(s.a.toPoint(), s.b.toPoint()); break; // not normalised: the direction counts
    default: r = s.body.toAlignedRect().intersected(far);
    }
    // One draw per kind, colour, style and pixel rectangle.
    const auto clampPx = [](int v) { return quint64(std::clamp(v, -32768, 32767) + 32768) & 0xffff; };
    const quint64 key = (((quint64(a.kind) << 4 | quint64(a.color)) << 1 | quint64(a.finding)) << 48) ^ (clampPx(r.left()) << 32)
        ^ (clampPx(r.top()) << 16) ^ clampPx(r.right()) ^ (clampPx(r.bottom()) << 24) ^ (clampPx(r.top()) << 40);
    if (!batch.footprints.insert(key).second)
        return;
    const QColor c = color(a.color);
    switch (a.kind) {
    case Kind::Callout: batch.spans[{QRgb(c.rgba()), r.top(), r.bottom()}].emplace_back(r.left(), r.right()); break;
    case Kind::Arrow: {
        QPointF from = s.a, to = s.b;
        if (!clipLine(from, to, QRectF(far)))
            break;
        p.setPen(QPen(c, 0));
        p.drawLine(from, to);
        break;
    }
    case Kind::Rect:
    case Kind::Marker:
    case Kind::Range: {
        if (r.isEmpty())
            break;
        QColor fill = c;
        fill.setAlpha(a.kind == Kind::Range ? (a.finding ? 40 : 30) : (a.finding ? 56 : 40));
        // A shape a few pixels wide is its outline: drawn solid, merged with its neighbours.
        const bool thin = r.width() <= 3 && a.kind != Kind::Range;
        batch.spans[{QRgb((thin ? c : fill).rgba()), r.top(), r.bottom()}].emplace_back(r.left(), r.right());
        if (!thin && a.kind != Kind::Range) {
            p.setPen(QPen(c, 0));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r);
        }
        break;
    }
    }
}

void AnnotationPainter::PlainBatch::flush(QPainter &p)
{
    // Each colour and row band: its spans merged, then one fill per run of touching spans. Qt's
    // raster engine hands each fill to its threads; tens of thousands of one-pixel fills spent
    // most of a crowded frame in those hand-offs.
    for (auto &[band, xs] : spans) {
        std::sort(xs.begin(), xs.end());
        const QColor colour = QColor::fromRgba(std::get<0>(band));
        int x0 = xs.front().first, x1 = xs.front().second;
        for (const auto &[a, b] : xs) {
            if (a > x1 + 1) {
                p.fillRect(QRect(QPoint(x0, std::get<1>(band)), QPoint(x1, std::get<2>(band))), colour);
                x0 = a;
                x1 = b;
            } else {
                x1 = std::max(x1, b);
            }
        }
        p.fillRect(QRect(QPoint(x0, std::get<1>(band)), QPoint(x1, std::get<2>(band))), colour);
    }
    spans.clear();
}

void AnnotationPainter::paintLabel(QPainter &p, const Annotation &a, const Shape &s) const
{
    const QColor c = color(a.color);
    if (a.kind == Kind::Callout) {
        // Leader line from the point to the nearest edge of the text box.
        QPointF from = s.a, to = nearestOn(s.label, s.a);
        if (clipLine(from, to, m_r.lanesRect().adjusted(-50, -50, 50, 50))) {
            p.setPen(QPen(c, a.finding ? 1.2 : 1.5));
            p.drawLine(from, to);
        }
    }
    if (a.finding) {
        QColor bg = QColor::fromRgbF(1 - 0.12 * (1 - c.redF()), 1 - 0.12 * (1 - c.greenF()), 1 - 0.12 * (1 - c.blueF()));
        p.setPen(QPen(c, 1, Qt::DashLine));
        p.setBrush(bg);
        p.drawRoundedRect(s.label.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        p.setPen(QColor(0x20, 0x22, 0x26));
    } else {
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawRoundedRect(s.label, 3, 3);
        p.setPen(textColor(a.color));
    }
    p.setBrush(Qt::NoBrush);
    p.setFont(m_font);
    p.drawText(s.label.adjusted(kLabelPad, kLabelPad, -kLabelPad, -kLabelPad), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
               labelText(a));
}

void AnnotationPainter::paint(QPainter &p, const std::vector<const annotations::AnnotationSet *> &sets) const { paint(p, sets, Draft()); }

void AnnotationPainter::paint(QPainter &p, const std::vector<const annotations::AnnotationSet *> &sets, const Draft &draft) const
{
    m_dropped = 0;
    m_summarised = 0;
    m_droppedIds.clear();
    m_placedAt.clear();
    m_shown.clear();
    m_summaries.clear();
    if (!m_r.layout())
        return;
    const LaneIndex index(*this);
    struct Drawn
    {
        int run;
        const Annotation *a;
        Shape s;          // without its label until the label is placed
        bool inView;      // its shape is in the window (else only its label may be)
    };
    std::vector<Drawn> drawn;
    const QRectF lanes = m_r.lanesRect(), view = lanes.adjusted(-1, -1, 1, 1);
    const auto consider = [&](int run, const Annotation &a) {
        // Far outside the window in time (zoomed in on a whole trace's findings): no layout. A
        // callout whose box is anchored on its own is looked at wherever its point is.
        const double xa = xOf(run, a.a.t), xb = a.kind == Kind::Callout ? xa : xOf(run, a.b.t);
        const double reach = kLabelMaxWidth + 2 * kLabelPad + (a.kind == Kind::Callout ? std::abs(a.labelDx) : 0);
        const bool anchoredLabel = a.kind == Kind::Callout && a.hasLabel;
        if (!anchoredLabel && (std::max(xa, xb) < lanes.left() - reach || std::min(xa, xb) > lanes.right() + reach))
            return;
        Shape s = shapeOf(run, a, false);
        if (!s.visible)
            return;
        const bool inView = s.body.united(QRectF(s.a, s.b).normalized()).intersects(view);
        drawn.push_back({run, &a, std::move(s), inView});
    };
    for (int run = 0; run < int(sets.size()) && run < int(m_r.runs().size()); ++run) {
        const bool drafting = draft.a && draft.run == run;
        if (sets[std::size_t(run)])
            for (const Annotation &a : sets[std::size_t(run)]->items())
                if (!(drafting && draft.replaces && a.id == draft.a->id)) // the one being moved: drawn as the draft
                    consider(run, a);
        if (drafting)
            consider(run, *draft.a); // on top while it is drawn or dragged
    }
    if (drawn.empty())
        return;

    // Which labels show. The user's, always, while there are at most kMaxLabels of them in the
    // window; then findings where there is room beside what they label, those that explain the most
    // in view first (gap rectangles before ranges before callouts, wider in view before narrower),
    // so a whole-trace picture of hundreds of findings labels its longest gaps, not its first ones,
    // and a zoomed-in one labels the gaps in view, not one that begins off to the left. Past
    // kMaxLabels user labels (a sidecar of 100,000 notes zoomed out) they are placed as findings
    // are, the topmost first, and at most kMaxLabels labels are laid out per frame: more could not
    // be read, and laying out every one made a frame take seconds.
    std::vector<bool> labelShown(drawn.size(), false), dropped(drawn.size(), false), summarised(drawn.size(), false);
    std::vector<std::size_t> users, findings;
    for (std::size_t k = 0; k < drawn.size(); ++k)
        (drawn[k].a->finding ? findings : users).push_back(k);
    const auto rank = [](Kind k) { return k == Kind::Rect ? 0 : k == Kind::Range ? 1 : k == Kind::Marker ? 2 : 3; };
    const auto widthInView = [&](std::size_t k) {
        const QRectF &b = drawn[k].s.body;
        return std::min(b.right(), lanes.right()) - std::max(b.left(), lanes.left());
    };
    std::stable_sort(findings.begin(), findings.end(), [&](std::size_t x, std::size_t y) {
        const int rx = rank(drawn[x].a->kind), ry = rank(drawn[y].a->kind);
        if (rx != ry)
            return rx < ry;
        return widthInView(x) > widthInView(y);
    });
    const bool crowded = users.size() > std::size_t(kMaxLabels);
    if (crowded)
        std::reverse(users.begin(), users.end()); // the topmost first

    // Placed labels by the kCell-px cells they cover: a collision test looks at its own cells only.
    constexpr double kCell = 64;
    constexpr double kNearRows = 300; // px: farther from the window, a shape's label cannot reach into it
    std::unordered_map<qint64, std::vector<QRectF>> placed;
    const auto cellsOf = [&](const QRectF &r, auto &&each) {
        const qint64 x0 = qint64(std::floor(r.left() / kCell)), x1 = qint64(std::floor(r.right() / kCell));
        const qint64 y0 = qint64(std::floor(r.top() / kCell)), y1 = qint64(std::floor(r.bottom() / kCell));
        for (qint64 y = y0; y <= y1; ++y)
            for (qint64 x = x0; x <= x1; ++x)
                if (each((y << 32) ^ (x & 0xffffffff)))
                    return true;
        return false;
    };
    const auto place = [&](const QRectF &r) {
        cellsOf(r, [&](qint64 cell) {
            placed[cell].push_back(r);
            return false;
        });
    };
    const auto covers = [&](const QRectF &r) {
        return cellsOf(r, [&](qint64 cell) {
            const auto it = placed.find(cell);
            return it != placed.end() && std::any_of(it->second.begin(), it->second.end(), [&](const QRectF &q) { return q.intersects(r); });
        });
    };
    int laidOut = 0;
    const auto drop = [&](std::size_t k) {
        dropped[k] = true;
        ++m_dropped;
        m_droppedIds.emplace_back(drawn[k].run, drawn[k].a->id);
    };
    // Whether k's label may be in the window: its shape is, or it is near enough (a callout's box
    // is anywhere its offset puts it; the others sit beside what they label).
    const auto mayShow = [&](std::size_t k) {
        const Drawn &d = drawn[k];
        return !labelText(*d.a).isEmpty()
            && (d.inView || d.a->kind == Kind::Callout || d.s.body.adjusted(0, -kNearRows, 0, kNearRows).intersects(view));
    };
    // The gaps (findings' rectangles) of each lane in view, and the "same region" ranges of each
    // run, left to right: a label may not reach over another gap of its lane or another range of
    // its run, or it would read as that one's.
    const auto spanKey = [&](const Drawn &d) { return std::make_pair(d.run, d.a->kind == Kind::Rect ? d.a->a.lane : QString()); };
    struct Spans
    {
        std::vector<std::pair<double, double>> lr; // sorted by left
        double widest = 0;
    };
    std::map<std::pair<int, QString>, Spans> spansOf;
    for (std::size_t k : findings)
        if ((drawn[k].a->kind == Kind::Rect || drawn[k].a->kind == Kind::Range) && drawn[k].inView) {
            Spans &s = spansOf[spanKey(drawn[k])];
            s.lr.emplace_back(drawn[k].s.body.left(), drawn[k].s.body.right());
            s.widest = std::max(s.widest, drawn[k].s.body.width());
        }
    for (auto &[key, spans] : spansOf)
        std::sort(spans.lr.begin(), spans.lr.end());
    const auto overAnotherGap = [&](std::size_t k, const QRectF &box) {
        const Drawn &d = drawn[k];
        if (d.a->kind != Kind::Rect && d.a->kind != Kind::Range)
            return false;
        const auto it = spansOf.find(spanKey(d));
        if (it == spansOf.end())
            return false;
        // Spans may overlap (a comparison's ranges of gaps close together): from the first that
        // can reach the box, every one that begins before its right edge.
        const auto &lr = it->second.lr;
        auto s = std::lower_bound(lr.begin(), lr.end(), box.left() - it->second.widest,
                                  [](const std::pair<double, double> &g, double x) { return g.first < x; });
        for (; s != lr.end() && s->first < box.right(); ++s)
            if (s->second > box.left() && (s->first != d.s.body.left() || s->second != d.s.body.right()))
                return true;
        return false;
    };
    // The first of the places that is free (for k, over no other gap of its lane); an empty
    // rectangle when none is.
    const auto firstFree = [&](const std::vector<QRectF> &places, std::size_t k = std::size_t(-1)) {
        for (const QRectF &r : places)
            if (r.intersects(view) && !covers(r.adjusted(-2, -2, 2, 2)) && (k == std::size_t(-1) || !overAnotherGap(k, r)))
                return r;
        return QRectF();
    };
    // Shows k's label at the first free place beside what it labels, else drops it.
    const auto placeUnlessCovered = [&](std::size_t k) {
        Drawn &d = drawn[k];
        if (!mayShow(k))
            return;
        if (laidOut >= kMaxLabels) {
            drop(k);
            return;
        }
        ++laidOut;
        const QRectF first = labelRect(d.run, *d.a, d.s.a, d.s.b, d.s.body);
        const std::vector<QRectF> places = d.a->finding ? labelCandidates(d.run, *d.a, d.s, first.size()) : std::vector<QRectF>{first};
        const QRectF at = firstFree(places, k);
        if (at.isEmpty()) {
            if (!first.intersects(view))
                return; // nothing of it would be in the window: not left out, just not here
            drop(k);
            return;
        }
        d.s.label = at;
        labelShown[k] = true;
        place(at);
        if (d.a->finding && at != first)
            m_placedAt.insert(qMakePair(d.run, d.a->id), at);
    };
    for (std::size_t k : users) {
        if (!crowded) {
            if (mayShow(k)) {
                drawn[k].s.label = labelRect(drawn[k].run, *drawn[k].a, drawn[k].s.a, drawn[k].s.b, drawn[k].s.body);
                ++laidOut;
                labelShown[k] = !drawn[k].s.label.isEmpty();
                if (labelShown[k])
                    place(drawn[k].s.label);
            }
            continue;
        }
        placeUnlessCovered(k);
    }
    for (const QRectF &r : m_reserved) // the marked gap's chip: no finding's label over it
        place(r);
    // The group header rows in view, across the picture: they name the run, the device and its GPU
    // ("resnet50-nw0-b · GPU 0 · Tesla V100…"), which a finding's label or summary must not cut.
    // The time axis and the lane headers lie outside lanesRect(), where no finding's label goes.
    std::vector<QRectF> headerRows;
    {
        const int origin = TimelineRenderer::kTopHeight - m_r.scrollY();
        for (const LaneGroup &g : m_r.layout()->groups()) {
            const QRectF row(0, origin + g.y, m_r.size().width(), LaneLayout::kGroupHeaderHeight);
            if (!g.hidden && row.intersects(view)) {
                headerRows.push_back(row);
                place(row);
            }
        }
    }
    const auto overHeader = [&](const QRectF &r) {
        return std::any_of(headerRows.begin(), headerRows.end(), [&](const QRectF &h) { return h.intersects(r); });
    };
    for (std::size_t k : findings)
        placeUnlessCovered(k);

    // Summaries of the findings in view whose labels were left out: per run, lane, colour and text
    // pattern for gaps (two or more: a single one stays marked without its label), per run and
    // colour for "same region" ranges (each: every such label shows or is counted). Each at one of
    // the places of the gaps or ranges it counts, the widest first.
    struct Group
    {
        std::vector<std::size_t> members; // in findings' order: widest in view first
    };
    std::map<std::tuple<int, int, QString, QString, int>, Group> groups; // (run, kind, lane, key, colour)
    for (std::size_t k : findings) {
        const Drawn &d = drawn[k];
        if (!dropped[k] || !d.inView || (d.a->kind != Kind::Rect && d.a->kind != Kind::Range))
            continue;
        const bool gap = d.a->kind == Kind::Rect;
        groups[{d.run, int(d.a->kind), gap ? d.a->a.lane : QString(),
                gap ? annotations::Findings::gapGroupKey(*d.a) : annotations::Findings::regionGroupKey(*d.a), int(d.a->color)}]
            .members.push_back(k);
    }
    // Where a summary goes when no place beside what it counts is free: the rows at the top of its
    // lane or run, at each member's x and then across the window. Free ones first; else the first
    // that covers no other summary and no group header; else the one covering the least of the
    // other summaries, off the headers where it can: drawn over what is there, never left out.
    std::vector<QRectF> summaryBoxes;
    const auto summaryFallback = [&](const std::vector<std::size_t> &members, QSizeF size) {
        const LaneLayout &layout = *m_r.layout();
        const int origin = TimelineRenderer::kTopHeight - m_r.scrollY();
        const double w = size.width(), h = size.height();
        const double maxX = std::max(lanes.left(), lanes.right() - w), maxY = std::max(lanes.top(), lanes.bottom() - h);
        std::vector<double> rows; // tops of the rows to try, in order
        const Drawn &first = drawn[members.front()];
        if (first.a->kind == Kind::Rect) {
            const int lane = laneOf(first.run, first.a->a.lane);
            if (lane >= 0 && layout.isLaneVisible(lane))
                rows.push_back(m_r.laneTop(lane) + 1);
            else if (lane >= 0) // its group collapsed: under the group's header row
                rows.push_back(origin + layout.groups()[std::size_t(layout.lanes()[std::size_t(lane)].group)].y + LaneLayout::kGroupHeaderHeight + 1);
        } else {
            const QRectF ext = runExtent(first.run);
            if (!ext.isNull())
                for (double y = ext.top() + LaneLayout::kGroupHeaderHeight + 1; y + h <= ext.bottom() && rows.size() < 8; y += h + 2)
                    rows.push_back(y);
        }
        rows.push_back(first.s.body.top()); // what it counts, whatever its layout
        // Kept on its run's lanes in view where they are tall enough for it.
        const QRectF ext = runExtent(first.run);
        double lo = lanes.top(), hi = maxY;
        if (!ext.isNull() && std::max(lo, ext.top()) <= std::min(hi, ext.bottom() - h)) {
            lo = std::max(lo, ext.top());
            hi = std::min(hi, ext.bottom() - h);
        }
        std::vector<QRectF> places;
        for (const double row : rows) {
            const double y = std::clamp(row, lo, hi);
            for (std::size_t k : members)
                places.emplace_back(std::clamp(std::max(drawn[k].s.body.left(), lanes.left()), lanes.left(), maxX), y, w, h);
            for (double x = lanes.left(); x <= maxX; x += std::max(16.0, w / 4))
                places.emplace_back(x, y, w, h);
        }
        const QRectF free = firstFree(places);
        if (!free.isEmpty())
            return free;
        // Crowded: over other labels and shapes, where it covers the least of the other summaries.
        QRectF best;
        double bestCover = std::numeric_limits<double>::max();
        for (const QRectF &r : places) {
            if (!r.intersects(view))
                continue;
            // A header covered weighs more than any overlap of summaries (at most the window's area).
            double cover = overHeader(r) ? double(m_r.size().width()) * m_r.size().height() : 0;
            for (const QRectF &q : summaryBoxes) {
                const QRectF i = q.intersected(r.adjusted(-2, -2, 2, 2));
                cover += i.isEmpty() ? 0 : i.width() * i.height();
            }
            if (cover < bestCover) {
                best = r;
                bestCover = cover;
                if (cover == 0)
                    break;
            }
        }
        return best;
    };
    std::deque<std::pair<Annotation, Shape>> summaries; // stable addresses for the drawing below
    // Not counted against kMaxLabels: at most one per lane, cause and run (bounded by the layout
    // in view), and a frame whose labels were all spent on single findings must still say what
    // it left out.
    int summaryCount = 0;
    for (auto &[key, g] : groups) {
        const bool gap = std::get<1>(key) == int(Kind::Rect);
        if (gap && g.members.size() < 2)
            continue;
        if (summaryCount++ >= kMaxLabels)
            break;
        const Annotation &like = *drawn[g.members.front()].a;
        Annotation summary;
        summary.kind = like.kind;
        summary.finding = true;
        summary.color = like.color;
        if (gap) {
            TimeNs shortest = std::numeric_limits<TimeNs>::max(), total = 0;
            for (std::size_t k : g.members) {
                const TimeNs dur = std::abs(drawn[k].a->b.t - drawn[k].a->a.t);
                shortest = std::min(shortest, dur);
                total += dur;
            }
            summary.text = annotations::Findings::gapSummary(like, int(g.members.size()), shortest, total);
        } else {
            QStringList tails;
            std::vector<std::size_t> byTime = g.members;
            std::sort(byTime.begin(), byTime.end(), [&](std::size_t x, std::size_t y) { return drawn[x].a->a.t < drawn[y].a->a.t; });
            for (std::size_t k : byTime)
                tails << annotations::Findings::regionTail(*drawn[k].a);
            summary.text = annotations::Findings::regionSummary(std::get<3>(key), tails);
        }
        const QSizeF size = labelSize(summary.text);
        std::vector<QRectF> places;
        for (std::size_t k : g.members) {
            const std::vector<QRectF> c = labelCandidates(drawn[k].run, *drawn[k].a, drawn[k].s, size);
            places.insert(places.end(), c.begin(), c.end());
        }
        // Crowded beside the gaps themselves (their lane's shown labels): a few rows farther above
        // or below, still over one of them.
        if (gap)
            for (int row = 1; row <= kSummaryRows; ++row)
                for (std::size_t k : g.members) {
                    const QRectF &b = drawn[k].s.body;
                    const double vl = std::max(b.left(), lanes.left()), vr = std::min(b.right(), lanes.right());
                    for (const double y : {b.top() - 2 - size.height() - row * (size.height() + 2), b.bottom() + 2 + row * (size.height() + 2)}) {
                        const QRectF box(std::clamp(vl, lanes.left(), std::max(lanes.left(), lanes.right() - size.width())), y, size.width(),
                                         size.height());
                        if (box.top() >= lanes.top() && box.bottom() <= lanes.bottom() && box.right() > vl - 1 && box.left() < vr + 1)
                            places.push_back(box);
                    }
                }
        // Over its own run's lanes only: in a comparison a summary above a run's first lane would
        // otherwise lie over the previous run's and read as its.
        const QRectF ext = runExtent(std::get<0>(key));
        places.erase(std::remove_if(places.begin(), places.end(),
                                    [&](const QRectF &r) { return !ext.isNull() && (r.top() < ext.top() || r.bottom() > ext.bottom()); }),
                     places.end());
        QRectF at = firstFree(places);
        if (at.isEmpty())
            at = summaryFallback(g.members, size);
        if (at.isEmpty())
            continue; // nothing it counts is in the window after all
        place(at);
        summaryBoxes.push_back(at);
        Shape s;
        s.visible = true;
        s.label = at;
        m_summaries.push_back({std::get<0>(key), summary.text, at, int(g.members.size())});
        summaries.emplace_back(std::move(summary), s);
        m_summarised += int(g.members.size());
        for (std::size_t k : g.members)
            summarised[k] = true;
    }
    std::sort(m_droppedIds.begin(), m_droppedIds.end()); // labelDropped() searches it
    // Out of the window, shape and label: not drawn.
    for (std::size_t k = 0; k < drawn.size(); ++k)
        if (!drawn[k].inView && !(labelShown[k] && drawn[k].s.label.intersects(view)))
            drawn[k].a = nullptr;
    const auto paintLabels = [&] {
        for (std::size_t k = 0; k < drawn.size(); ++k)
            if (labelShown[k] && drawn[k].a) {
                paintLabel(p, *drawn[k].a, drawn[k].s);
                m_shown << labelText(*drawn[k].a);
            }
        for (const auto &[a, s] : summaries) {
            paintLabel(p, a, s);
            m_shown << a.text;
        }
    };

    p.save();
    p.setClipRect(lanes);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    // Crowded (a sidecar of 100,000 notes zoomed out): each shape drawn plainly, without
    // antialiasing or dashes, and once per pixel footprint. Stroking 200,000 antialiased, dashed
    // outlines took tens of seconds a frame; what reaches the screen is a few pixels each anyway.
    std::size_t inView = 0;
    for (const Drawn &d : drawn)
        inView += d.a != nullptr;
    if (inView > std::size_t(kMaxShapes)) {
        p.setRenderHint(QPainter::Antialiasing, false);
        PlainBatch batch;
        batch.footprints.reserve(inView);
        for (std::size_t k = 0; k < drawn.size(); ++k)
            if (drawn[k].a)
                paintShapePlain(p, *drawn[k].a, drawn[k].s, batch);
        batch.flush(p);
        p.setRenderHint(QPainter::Antialiasing, true);
        paintLabels();
        p.restore();
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    // A finding's callout whose label is left out keeps its dot, one per few pixels: hundreds of
    // allocator bursts along a zoomed-out memory curve read as a dotted line, not a solid bar.
    QSet<qint64> dotCells;
    for (std::size_t k = 0; k < drawn.size(); ++k) {
        const Drawn &d = drawn[k];
        if (!d.a)
            continue;
        // A finding's "same region in <run>" range says something only with its label or a summary
        // that counts it: without, a whole-trace comparison would draw two dashed lines per
        // baseline gap over every later run.
        if (d.a->finding && d.a->kind == Kind::Range && !labelShown[k] && !summarised[k])
            continue;
        if (d.a->finding && d.a->kind == Kind::Callout && !labelShown[k]) {
            constexpr double cell = 3 * kAnchorRadius;
            const qint64 key = (qint64(std::floor(d.s.a.x() / cell)) << 32) ^ qint64(std::uint32_t(std::floor(d.s.a.y() / cell)));
            if (dotCells.contains(key))
                continue;
            dotCells.insert(key);
        }
        paintShape(p, *d.a, d.s);
    }
    paintLabels();
    p.restore();
}

} // namespace lanescope
