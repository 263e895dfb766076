// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/memsnap/SnapshotPlots.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/render/Palette.h"
#include "widgets/render/TimeAxis.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace figure = analysis::figure;

std::int64_t SnapTimeScale::us(double px) const
{
    const double f = std::clamp((px - left) / std::max(width, 1.0), 0.0, 1.0);
    return beginUs + std::int64_t(std::llround(f * double(endUs - beginUs)));
}

namespace {

// The snapshot's µs as the dock writes them: from the start of its window.
QString sinceStart(std::int64_t us, std::int64_t beginUs, double stepNs = 0)
{
    return TimeAxis::formatTime(double(us - beginUs) * 1000.0, stepNs);
}

} // namespace

// ---------------------------------------------------------------------------------------------

SnapshotPlot::SnapshotPlot(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SnapshotPlot::setData(LoadedSnapshotPtr snapshot, int device)
{
    m_snapshot = std::move(snapshot);
    m_history = m_snapshot ? m_snapshot->device(device) : nullptr;
    m_moment = m_history ? m_history->peakAllocatedAt : 0;
    dataChanged();
    update();
}

void SnapshotPlot::setMoment(std::int64_t us)
{
    if (us == m_moment)
        return;
    m_moment = us;
    update();
}

QRect SnapshotPlot::plotRect() const
{
    return QRect(kAxisWidth, 6, std::max(1, width() - kAxisWidth - kRightMargin), std::max(1, height() - 6 - bottomMargin()));
}

SnapTimeScale SnapshotPlot::scale() const
{
    SnapTimeScale s;
    if (m_history) {
        s.beginUs = m_history->beginUs;
        s.endUs = std::max(m_history->endUs, m_history->beginUs + 1);
    }
    const QRect r = plotRect();
    s.left = r.left();
    s.width = r.width();
    return s;
}

void SnapshotPlot::mousePressEvent(QMouseEvent *event)
{
    if (!m_history || event->button() != Qt::LeftButton || !plotRect().adjusted(-2, 0, 2, 0).contains(event->position().toPoint())) {
        QWidget::mousePressEvent(event);
        return;
    }
    const std::int64_t us = scale().us(event->position().x());
    setMoment(us);
    emit momentPicked(qint64(us));
}

void SnapshotPlot::mouseMoveEvent(QMouseEvent *event)
{
    // A drag with the button held scrubs the moment along.
    if (m_history && (event->buttons() & Qt::LeftButton)) {
        const std::int64_t us = scale().us(event->position().x());
        setMoment(us);
        emit momentPicked(qint64(us));
    }
    QWidget::mouseMoveEvent(event);
}

void SnapshotPlot::paintTimeAxis(QPainter &p) const
{
    if (!m_history)
        return;
    const QRect r = plotRect();
    const SnapTimeScale s = scale();
    const double spanNs = double(s.endUs - s.beginUs) * 1000.0;
    // Round steps (1, 2, 5 x 10^k ns) so about one label per 110 px.
    const int labels = std::max(1, r.width() / 110);
    const double raw = spanNs / labels;
    const double mag = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
    double step = mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (mag * m >= raw) {
            step = mag * m;
            break;
        }
    p.setPen(palette().color(QPalette::Text));
    const QFontMetrics fm(font());
    for (double ns = 0; ns <= spanNs + 0.5; ns += step) {
        const double x = r.left() + ns / std::max(spanNs, 1.0) * r.width();
        p.drawLine(QPointF(x, r.bottom() + 1), QPointF(x, r.bottom() + 4));
        const QString text = TimeAxis::formatTime(ns, step);
        const int w = fm.horizontalAdvance(text);
        const double tx = std::clamp(x - w / 2.0, double(r.left()) - 20, double(r.right() - w));
        p.drawText(QPointF(tx, r.bottom() + 4 + fm.ascent()), text);
    }
}

void SnapshotPlot::paintMoment(QPainter &p) const
{
    if (!m_history)
        return;
    const QRect r = plotRect();
    const double x = scale().x(std::clamp(m_moment, m_history->beginUs, m_history->endUs));
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
}

// ---------------------------------------------------------------------------------------------

MemoryTimeChart::MemoryTimeChart(QWidget *parent)
    : SnapshotPlot(parent)
{
    setMinimumHeight(70);
}

void MemoryTimeChart::dataChanged()
{
    m_axisTop = m_history ? figure::roundUpBytes(double(std::max<std::int64_t>({m_history->peakReserved, m_history->peakAllocated, 1})))
                          : 1.0;
}

double MemoryTimeChart::yOf(double bytes) const
{
    const QRect r = plotRect();
    return r.bottom() + 1 - bytes / m_axisTop * r.height();
}

memsnap::MemoryPoint MemoryTimeChart::valueAt(std::int64_t us) const
{
    if (!m_history || m_history->curve.empty())
        return {};
    const auto &c = m_history->curve;
    auto it = std::upper_bound(c.begin(), c.end(), us, [](std::int64_t t, const memsnap::MemoryPoint &pt) { return t < pt.timeUs; });
    if (it == c.begin())
        return c.front();
    return *(it - 1);
}

void MemoryTimeChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QRect r = plotRect();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
    if (!m_history || m_history->curve.empty())
        return;

    // Axis: 0 and the top, with a mid line.
    const QFontMetrics fm(font());
    p.setPen(palette().color(QPalette::Text));
    for (double f : {0.0, 0.5, 1.0}) {
        const double y = yOf(m_axisTop * f);
        const QString label = figure::bytesTick(m_axisTop * f);
        p.drawText(QRectF(0, y - fm.height() / 2.0, kAxisWidth - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, label);
        if (f > 0 && f < 1) {
            p.setPen(QPen(palette().color(QPalette::Mid), 0, Qt::DotLine));
            p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
            p.setPen(palette().color(QPalette::Text));
        }
    }

    // Per pixel column: the values in force at its left edge and every point inside it, as
    // lowest and highest (a step curve: a value holds until the next point).
    const SnapTimeScale s = scale();
    const int w = r.width();
    struct Column
    {
        double aLo, aHi, rLo, rHi;
        bool set = false;
    };
    std::vector<Column> cols(std::size_t(w) + 1);
    const auto &curve = m_history->curve;
    std::size_t i = 0;
    memsnap::MemoryPoint last = curve.front();
    for (int c = 0; c <= w; ++c) {
        const std::int64_t colEnd = s.us(r.left() + c + 1);
        Column col{double(last.allocated), double(last.allocated), double(last.reserved), double(last.reserved), true};
        while (i < curve.size() && (curve[i].timeUs < colEnd || c == w)) {
            last = curve[i++];
            col.aLo = std::min(col.aLo, double(last.allocated));
            col.aHi = std::max(col.aHi, double(last.allocated));
            col.rLo = std::min(col.rLo, double(last.reserved));
            col.rHi = std::max(col.rHi, double(last.reserved));
        }
        cols[std::size_t(c)] = col;
    }
    p.setClipRect(r);
    // Allocated: a filled area (its columns' highs), reserved: a line over it.
    QColor fill = Palette::memoryAllocated();
    fill.setAlpha(90);
    QPainterPath area(QPointF(r.left(), r.bottom() + 1));
    for (int c = 0; c < w; ++c)
        area.lineTo(QPointF(r.left() + c, yOf(cols[std::size_t(c)].aHi)));
    area.lineTo(QPointF(r.right() + 1, r.bottom() + 1));
    area.closeSubpath();
    p.fillPath(area, fill);
    auto drawSeries = [&](const QColor &colour, bool allocated) {
        p.setPen(QPen(colour, 1.5));
        QPointF prev;
        for (int c = 0; c < w; ++c) {
            const Column &col = cols[std::size_t(c)];
            const double lo = allocated ? col.aLo : col.rLo, hi = allocated ? col.aHi : col.rHi;
            const QPointF top(r.left() + c + 0.5, yOf(hi)), bottom(r.left() + c + 0.5, yOf(lo));
            if (c > 0)
                p.drawLine(prev, bottom);
            if (lo != hi)
                p.drawLine(bottom, top);
            prev = top;
        }
    };
    drawSeries(Palette::memoryReserved(), false);
    drawSeries(Palette::memoryAllocated(), true);

    // Fragmentation events: a downward triangle at the top of the plot; oom: a cross.
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(Palette::memorySpike());
    double lastX = -10;
    for (const memsnap::FragmentationEvent &e : m_history->fragmentation) {
        const double x = s.x(e.timeUs);
        if (x - lastX < 1.0)
            continue; // one mark per pixel
        lastX = x;
        const QPointF tri[3] = {{x - 4, double(r.top())}, {x + 4, double(r.top())}, {x, double(r.top()) + 7}};
        p.drawPolygon(tri, 3);
    }
    p.setPen(QPen(Palette::memorySpike(), 2));
    for (const memsnap::OomEvent &e : m_history->ooms) {
        const double x = s.x(e.timeUs), y = r.top() + 12;
        p.drawLine(QPointF(x - 4, y - 4), QPointF(x + 4, y + 4));
        p.drawLine(QPointF(x - 4, y + 4), QPointF(x + 4, y - 4));
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    paintMoment(p);
    p.setClipping(false);
    paintTimeAxis(p);

    // Legend, top right.
    const QString legend[2] = {tr("allocated"), tr("reserved")};
    const QColor colours[2] = {Palette::memoryAllocated(), Palette::memoryReserved()};
    int x = r.right() - 8;
    for (int k = 1; k >= 0; --k) {
        const int tw = fm.horizontalAdvance(legend[k]);
        x -= tw;
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QPoint(x, r.top() + 4 + fm.ascent()), legend[k]);
        x -= 18;
        p.fillRect(QRect(x, r.top() + 4 + fm.ascent() / 2, 14, 3), colours[k]);
        x -= 10;
    }
}

QString MemoryTimeChart::toolTipAt(QPoint pos) const
{
    if (!m_history || !plotRect().contains(pos))
        return {};
    const std::int64_t us = scale().us(pos.x());
    const memsnap::MemoryPoint v = valueAt(us);
    return tr("%1: allocated %2 · reserved %3")
        .arg(sinceStart(us, m_history->beginUs), figure::bytes(double(v.allocated)), figure::bytes(double(v.reserved)));
}

bool MemoryTimeChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(he->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    return SnapshotPlot::event(event);
}

// ---------------------------------------------------------------------------------------------

SegmentMap::SegmentMap(QWidget *parent)
    : SnapshotPlot(parent)
{
    setMinimumHeight(70);
}

QColor SegmentMap::freeColor() { return QColor(0xd9, 0xdc, 0xe1); }

QColor SegmentMap::stackColor(memsnap::StackId stack)
{
    // A stable hue per stack (Knuth's multiplicative hash), as memory_viz colours by stack; never
    // the free colour's grey.
    const std::uint32_t h = std::uint32_t(stack) * 2654435761u;
    return QColor::fromHsv(int(h % 360u), 150 + int((h >> 9) % 80u), 170 + int((h >> 17) % 60u));
}

void SegmentMap::dataChanged()
{
    layoutRegions();
    m_imageValid = false;
}

void SegmentMap::resizeEvent(QResizeEvent *event)
{
    layoutRegions();
    m_imageValid = false;
    SnapshotPlot::resizeEvent(event);
}

void SegmentMap::layoutRegions()
{
    m_regions.clear();
    if (!m_history)
        return;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    ranges.reserve(m_history->segments.size());
    for (const memsnap::SegmentSpan &seg : m_history->segments)
        if (seg.size > 0)
            ranges.emplace_back(seg.addr, seg.addr + std::uint64_t(seg.size));
    std::sort(ranges.begin(), ranges.end());
    // cudaMalloc places segments anywhere in the virtual address space: the gaps between them
    // are left out, except small ones (up to a 256th of the segments' bytes, at least 2 MiB, the
    // small pool's segment), which stay inside one region as empty space.
    std::uint64_t bytes = 0;
    for (const auto &rg : ranges)
        bytes += rg.second - rg.first;
    const std::uint64_t joinGap = std::max<std::uint64_t>(2ull << 20, bytes / 256);
    for (const auto &rg : ranges) {
        if (!m_regions.empty() && rg.first <= m_regions.back().end + joinGap)
            m_regions.back().end = std::max(m_regions.back().end, rg.second);
        else
            m_regions.push_back(Region{rg.first, rg.second, 0, 0});
    }
    if (m_regions.empty())
        return;
    // Heights: each region its share of what the minimum heights and the 1 px gaps leave; where
    // the regions are too many for that, shares of the height alone.
    const double h = plotRect().height();
    const double n = double(m_regions.size());
    const bool roomy = n * (kMinRegionPx + 1) <= h;
    const double gap = roomy ? 1.0 : 0.0;
    const double minPx = roomy ? kMinRegionPx : 0.0;
    double total = 0;
    for (const Region &rg : m_regions)
        total += double(rg.end - rg.start);
    const double spare = std::max(0.0, h - n * (minPx + gap));
    double y = 0;
    for (Region &rg : m_regions) {
        rg.top = y;
        rg.height = minPx + spare * double(rg.end - rg.start) / std::max(total, 1.0);
        y += rg.height + gap;
    }
}

int SegmentMap::regionOf(std::uint64_t addr) const
{
    auto it = std::upper_bound(m_regions.begin(), m_regions.end(), addr, [](std::uint64_t a, const Region &rg) { return a < rg.start; });
    if (it == m_regions.begin())
        return -1;
    --it;
    return addr < it->end ? int(it - m_regions.begin()) : -1;
}

double SegmentMap::yOfAddress(std::uint64_t addr) const
{
    const int k = regionOf(addr);
    if (k < 0)
        return std::numeric_limits<double>::quiet_NaN();
    const Region &rg = m_regions[std::size_t(k)];
    return plotRect().top() + rg.top + double(addr - rg.start) / double(rg.end - rg.start) * rg.height;
}

bool SegmentMap::addressAt(double y, std::uint64_t *from, std::uint64_t *to) const
{
    // The addresses under the pixel row at y: [from, to), at least one byte.
    const double py = std::floor(y) - plotRect().top();
    for (const Region &rg : m_regions) {
        if (py + 1 > rg.top && py < rg.top + std::max(rg.height, 1.0)) {
            const double span = double(rg.end - rg.start), h = std::max(rg.height, 1e-9);
            const double f0 = std::clamp((py - rg.top) / h, 0.0, 1.0), f1 = std::clamp((py + 1 - rg.top) / h, 0.0, 1.0);
            *from = rg.start + std::uint64_t(f0 * span);
            *to = std::max(*from + 1, rg.start + std::uint64_t(f1 * span));
            return true;
        }
    }
    return false;
}

void SegmentMap::render()
{
    const QRect r = plotRect();
    const qreal dpr = devicePixelRatioF();
    m_image = QImage(QSize(int(r.width() * dpr), int(r.height() * dpr)), QImage::Format_ARGB32_Premultiplied);
    m_image.setDevicePixelRatio(dpr);
    m_image.fill(palette().color(QPalette::Base));
    m_segmentsDrawn = m_blocksDrawn = 0;
    m_imageValid = true;
    if (!m_history)
        return;
    const SnapTimeScale s = scale();
    const int iw = m_image.width(), ih = m_image.height();
    // The span's pixel box in the image ([x0, x1) x [y0, y1), at least one pixel each way), false
    // when it misses the image or lies outside every region.
    auto box = [&](std::uint64_t addr, std::int64_t size, std::int64_t fromUs, std::int64_t toUs, QRect *out) {
        const int k = regionOf(addr);
        if (k < 0 || size <= 0)
            return false;
        const Region &rg = m_regions[std::size_t(k)];
        const double span = double(rg.end - rg.start);
        const double top = (rg.top + double(addr - rg.start) / span * rg.height) * dpr;
        const double bottom = (rg.top + double(std::min(addr + std::uint64_t(size), rg.end) - rg.start) / span * rg.height) * dpr;
        const double left = (s.x(fromUs) - r.left()) * dpr, right = (s.x(toUs) - r.left()) * dpr;
        int x0 = int(std::floor(left)), x1 = std::max(x0 + 1, int(std::ceil(right)));
        int y0 = int(std::floor(top)), y1 = std::max(y0 + 1, int(std::ceil(bottom)));
        x0 = std::max(x0, 0);
        y0 = std::max(y0, 0);
        x1 = std::min(x1, iw);
        y1 = std::min(y1, ih);
        if (x0 >= x1 || y0 >= y1)
            return false;
        *out = QRect(x0, y0, x1 - x0, y1 - y0);
        return true;
    };
    QRect b;
    std::vector<std::pair<QPoint, QRgb>> pixels; // blocks under one pixel: set after the painter is done
    {
        QPainter p(&m_image);
        p.scale(1 / dpr, 1 / dpr); // boxes are in image pixels
        const QColor free = freeColor();
        for (const memsnap::SegmentSpan &seg : m_history->segments)
            if (box(seg.addr, seg.size, seg.fromUs, seg.toUs, &b)) {
                p.fillRect(b, free);
                ++m_segmentsDrawn;
            }
        for (const memsnap::AllocationSpan &a : m_history->allocations) {
            if (!box(a.addr, a.size, a.fromUs, a.toUs, &b))
                continue;
            ++m_blocksDrawn;
            if (b.width() == 1 && b.height() == 1)
                pixels.emplace_back(b.topLeft(), stackColor(a.stack).rgb());
            else
                p.fillRect(b, stackColor(a.stack));
        }
    }
    for (const auto &[pt, rgb] : pixels)
        reinterpret_cast<QRgb *>(m_image.scanLine(pt.y()))[pt.x()] = rgb;
}

QImage SegmentMap::picture()
{
    if (!m_imageValid)
        render();
    return m_image;
}

void SegmentMap::paintEvent(QPaintEvent *)
{
    if (!m_imageValid)
        render();
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QRect r = plotRect();
    if (!m_history) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No segments"));
        return;
    }
    p.drawImage(r.topLeft(), m_image);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
    // Each region's start address and size beside it, where there is room.
    const QFontMetrics fm(font());
    p.setPen(palette().color(QPalette::Text));
    double lastBottom = -1e9;
    for (const Region &rg : m_regions) {
        const double y = r.top() + rg.top;
        if (rg.height < fm.height() * 0.9 || y < lastBottom)
            continue;
        const QString label = figure::bytesTick(double(rg.end - rg.start));
        p.drawText(QRectF(0, y, kAxisWidth - 6, fm.height()), Qt::AlignRight | Qt::AlignTop, label);
        lastBottom = y + fm.height();
    }
    paintMoment(p);
    paintTimeAxis(p);
}

QString SegmentMap::toolTipAt(QPoint pos) const
{
    if (!m_history || !plotRect().contains(pos))
        return {};
    std::uint64_t a0 = 0, a1 = 0;
    if (!addressAt(pos.y(), &a0, &a1))
        return {};
    // A pixel spans a stretch of time and of addresses: the largest block under it is named.
    const SnapTimeScale s = scale();
    const std::int64_t t0 = s.us(pos.x()), t1 = std::max(t0 + 1, s.us(pos.x() + 1));
    const memsnap::MemorySnapshot &snap = *m_snapshot->snapshot;
    const memsnap::AllocationSpan *best = nullptr;
    for (const memsnap::AllocationSpan &a : m_history->allocations) {
        if (a.fromUs >= t1)
            break; // sorted by start
        if (a.toUs < t0 || a.addr >= a1 || a.addr + std::uint64_t(a.size) <= a0)
            continue;
        if (!best || a.size > best->size)
            best = &a;
    }
    if (best) {
        const memsnap::AllocationSpan &a = *best;
        QStringList lines;
        lines << tr("Block of %1 at 0x%2").arg(figure::bytes(double(a.size))).arg(a.addr, 0, 16);
        lines << tr("Alive %1 – %2%3")
                     .arg(a.before ? tr("before the window") : sinceStart(a.fromUs, s.beginUs),
                          a.after ? tr("the end") : sinceStart(a.toUs, s.beginUs),
                          a.stream ? tr(" · stream %1").arg(a.stream) : QString());
        const std::size_t depth = snap.stackDepth(a.stack);
        for (std::size_t k = 0; k < std::min<std::size_t>(depth, 12); ++k)
            lines << QStringLiteral("  ") + snap.frameText(snap.stackFrame(a.stack, k));
        if (depth > 12)
            lines << (depth - 12 == 1 ? tr("  … %n more frame", nullptr, 1) : tr("  … %n more frames", nullptr, int(depth - 12)));
        return lines.join(QLatin1Char('\n'));
    }
    for (const memsnap::SegmentSpan &seg : m_history->segments) {
        if (seg.fromUs > t1 || seg.toUs < t0 || seg.addr >= a1 || seg.addr + std::uint64_t(seg.size) <= a0)
            continue;
        return tr("Free space in a segment of %1 (%2 pool) at 0x%3")
            .arg(figure::bytes(double(seg.size)), seg.large ? tr("large") : tr("small"))
            .arg(seg.addr, 0, 16);
    }
    return {};
}

bool SegmentMap::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(he->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::PaletteChange)
        m_imageValid = false;
    return SnapshotPlot::event(event);
}

} // namespace lanescope
