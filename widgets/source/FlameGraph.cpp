// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/source/FlameGraph.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/render/Palette.h"
#include "widgets/timeline/DetailsHtml.h"

#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

using analysis::FrameOrigin;
using analysis::SourceFrame;

// Hues per origin: the user's code warm (one hue per file, so a file's frames read together),
// PyTorch blue, the standard library green, built-ins grey.
QColor originColour(FrameOrigin origin, const QString &file, bool dark)
{
    int hue = 0, sat = 0;
    switch (origin) {
    case FrameOrigin::User: hue = 12 + int(qHash(file) % 40); sat = 170; break; // red-orange to yellow
    case FrameOrigin::Torch: hue = 200 + int(qHash(file) % 25); sat = 120; break;
    case FrameOrigin::Stdlib: hue = 95 + int(qHash(file) % 40); sat = 90; break;
    case FrameOrigin::BuiltIn: hue = 0; sat = 0; break;
    }
    return QColor::fromHsl(hue, sat, dark ? 78 : 178);
}

} // namespace

FlameGraph::FlameGraph(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("flameGraph"));
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

TimeNs FlameGraph::weightOf(const SourceFrame &frame, Weight weight)
{
    return weight == Weight::Gpu ? frame.gpuNs : frame.cpuTotalNs;
}

void FlameGraph::setData(std::shared_ptr<const analysis::SourceLines> lines)
{
    m_lines = std::move(lines);
    const bool wasZoomed = m_zoom >= 0;
    m_zoom = -1;
    m_selected = -1;
    m_line = -1;
    invalidate();
    if (wasZoomed)
        emit zoomChanged(-1);
}

void FlameGraph::setWeight(Weight weight)
{
    if (weight == m_weight)
        return;
    m_weight = weight;
    invalidate();
}

void FlameGraph::zoomTo(int frame)
{
    if (!m_lines || frame < -1 || frame >= int(m_lines->frames.size()))
        frame = -1;
    if (frame == m_zoom)
        return;
    m_zoom = frame;
    invalidate();
    emit zoomChanged(frame);
}

void FlameGraph::setSelectedFrame(int frame)
{
    if (!m_lines || frame < -1 || frame >= int(m_lines->frames.size()))
        frame = -1;
    if (frame == m_selected)
        return;
    m_selected = frame;
    update();
}

void FlameGraph::setHighlightedLine(int line)
{
    if (!m_lines || line < -1 || line >= int(m_lines->lines.size()))
        line = -1;
    if (line == m_line)
        return;
    m_line = line;
    update();
}

void FlameGraph::invalidate()
{
    m_layoutWidth = -1;
    fitHeight();
    updateGeometry();
    update();
}

int FlameGraph::rowHeight() const { return fontMetrics().height() + 6; }

const std::vector<std::vector<FlameGraph::Box>> &FlameGraph::rows() const
{
    layout();
    return m_rows;
}

TimeNs FlameGraph::totalWeight() const
{
    layout();
    return m_total;
}

void FlameGraph::layout() const
{
    const int width = std::max(1, this->width());
    if (m_layoutWidth == width)
        return;
    m_layoutWidth = width;
    m_rows.clear();
    m_total = 0;
    if (!m_lines || m_lines->frames.empty())
        return;
    const std::vector<SourceFrame> &frames = m_lines->frames;
    const int n = int(frames.size());
    // The top row: the zoomed frame, else every root (a root's subtree ends where the next begins).
    std::vector<int> top;
    if (m_zoom >= 0) {
        top.push_back(m_zoom);
    } else {
        for (int i = 0; i < n; i = std::max(i + 1, frames[std::size_t(i)].subtreeEnd))
            top.push_back(i);
    }
    for (int f : top)
        m_total += weightOf(frames[std::size_t(f)], m_weight);
    if (m_total <= 0)
        return;
    const double scale = double(width) / double(m_total);

    // Siblings laid out left to right, costliest first; those narrower than a pixel become one
    // merged box and are not descended into. An explicit stack: stacks run thousands deep.
    struct Pending
    {
        std::vector<int> siblings; // sorted, costliest first
        double x0;
        int row;
    };
    const auto sorted = [&](std::vector<int> v) {
        std::stable_sort(v.begin(), v.end(), [&](int a, int b) {
            return weightOf(frames[std::size_t(a)], m_weight) > weightOf(frames[std::size_t(b)], m_weight);
        });
        return v;
    };
    const auto childrenOf = [&](int f) {
        std::vector<int> c;
        const int end = std::min(n, frames[std::size_t(f)].subtreeEnd);
        for (int k = f + 1; k < end; k = std::max(k + 1, frames[std::size_t(k)].subtreeEnd))
            c.push_back(k);
        return c;
    };
    std::vector<Pending> stack;
    stack.push_back({sorted(top), 0.0, 0});
    while (!stack.empty()) {
        Pending p = std::move(stack.back());
        stack.pop_back();
        if (p.row >= int(m_rows.size()))
            m_rows.resize(std::size_t(p.row) + 1);
        double x = p.x0;
        std::vector<Pending> below; // pushed in reverse so the leftmost is laid out first
        for (std::size_t k = 0; k < p.siblings.size(); ++k) {
            const int f = p.siblings[k];
            const double w = double(weightOf(frames[std::size_t(f)], m_weight)) * scale;
            if (w <= 0)
                break; // sorted: the rest weigh nothing
            if (w < 1.0) {
                // This one and every lighter sibling: one box.
                Box merged{x, x, f, 0};
                for (std::size_t j = k; j < p.siblings.size(); ++j) {
                    const double wj = double(weightOf(frames[std::size_t(p.siblings[j])], m_weight)) * scale;
                    if (wj <= 0)
                        break;
                    merged.x1 += wj;
                    ++merged.merged;
                }
                m_rows[std::size_t(p.row)].push_back(merged);
                break;
            }
            m_rows[std::size_t(p.row)].push_back(Box{x, x + w, f, 0});
            std::vector<int> children = childrenOf(f);
            if (!children.empty())
                below.push_back({sorted(std::move(children)), x, p.row + 1});
            x += w;
        }
        for (auto it = below.rbegin(); it != below.rend(); ++it)
            stack.push_back(std::move(*it));
    }
    // Rows are filled depth first, so a row's boxes come left to right.
}

void FlameGraph::fitHeight()
{
    layout();
    // Tall enough for every row: a scroll area around the graph scrolls the deep stacks.
    const int wanted = std::max(minimumSizeHint().height(), int(m_rows.size()) * rowHeight() + 2);
    if (minimumHeight() != wanted)
        setMinimumHeight(wanted);
}

QSize FlameGraph::sizeHint() const { return {600, std::max(200, int(m_rows.size()) * rowHeight() + 2)}; }
QSize FlameGraph::minimumSizeHint() const { return {120, 3 * rowHeight()}; }

const FlameGraph::Box *FlameGraph::boxAt(const QPoint &pos) const
{
    layout();
    const int row = pos.y() / rowHeight();
    if (pos.y() < 0 || row >= int(m_rows.size()))
        return nullptr;
    const std::vector<Box> &boxes = m_rows[std::size_t(row)];
    const double x = pos.x() + 0.5;
    auto it = std::upper_bound(boxes.begin(), boxes.end(), x, [](double v, const Box &b) { return v < b.x0; });
    if (it == boxes.begin())
        return nullptr;
    --it;
    // A box under a pixel wide still answers on its pixel.
    return x < std::max(it->x1, it->x0 + 1.0) ? &*it : nullptr;
}

int FlameGraph::frameAt(const QPoint &pos) const
{
    const Box *b = boxAt(pos);
    return b && b->merged == 0 ? b->frame : -1;
}

QString FlameGraph::emptyText() const
{
    if (!m_lines || m_lines->frames.empty())
        return tr("No Python frames: record the trace with with_stack=True to see which lines of Python launch the GPU's work.");
    if (totalWeight() <= 0)
        return m_weight == Weight::Gpu ? tr("No GPU time was launched from inside a Python frame: weigh the frames by CPU time.")
                                       : tr("The Python frames take no CPU time.");
    return {};
}

QString FlameGraph::toolTipFor(const Box &box) const
{
    namespace figure = analysis::figure;
    if (!m_lines || box.frame < 0 || box.frame >= int(m_lines->frames.size()))
        return {};
    const TimeNs total = totalWeight();
    const auto share = [total](TimeNs v) { return figure::pct(total > 0 ? 100.0 * double(v) / double(total) : 0); };
    if (box.merged > 0) {
        const double w = box.x1 - box.x0;
        const TimeNs ns = total > 0 && width() > 0 ? TimeNs(std::llround(w / width() * double(total))) : 0;
        const QString text = box.merged == 1
            ? tr("%Ln frame narrower than a pixel: %1 (%2 of the width). Double-click the frame above to zoom in.", nullptr, box.merged)
            : tr("%Ln frames, each narrower than a pixel: %1 together (%2 of the width). Double-click the frame above to zoom in.",
                 nullptr, box.merged);
        return text.arg(figure::ms(double(ns)), share(ns));
    }
    const analysis::SourceFrame &f = m_lines->frames[std::size_t(box.frame)];
    const analysis::SourceLine *l = f.line >= 0 && f.line < int(m_lines->lines.size()) ? &m_lines->lines[std::size_t(f.line)] : nullptr;
    QStringList text;
    text << (l ? l->function : QString());
    if (l && !l->file.isEmpty())
        text << l->location();
    text << tr("Calls: %1").arg(QLocale().toString(qlonglong(f.calls)));
    text << tr("GPU time launched: %1 (self %2)").arg(figure::ms(double(f.gpuNs)), figure::ms(double(f.gpuSelfNs)));
    text << tr("CPU time: %1 (self %2)").arg(figure::ms(double(f.cpuTotalNs)), figure::ms(double(f.cpuSelfNs)));
    text << tr("%1 of the width").arg(share(weightOf(f, m_weight)));
    return text.join(QLatin1Char('\n'));
}

QColor FlameGraph::fill(const Box &box) const
{
    const bool dark = Palette::schemeFor(palette().color(QPalette::Window)) == Palette::Scheme::Dark;
    if (box.merged > 0)
        return dark ? QColor(0x55, 0x57, 0x5c) : QColor(0xc8, 0xc8, 0xcc);
    const analysis::SourceFrame &f = m_lines->frames[std::size_t(box.frame)];
    const analysis::SourceLine *l = f.line >= 0 && f.line < int(m_lines->lines.size()) ? &m_lines->lines[std::size_t(f.line)] : nullptr;
    return originColour(l ? l->origin : FrameOrigin::BuiltIn, l ? l->file : QString(), dark);
}

void FlameGraph::paintEvent(QPaintEvent *event)
{
    layout();
    QPainter p(this);
    const QColor base = palette().color(QPalette::Base);
    p.fillRect(event->rect(), base);
    const QString empty = emptyText();
    if (!empty.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, empty);
        return;
    }
    const int rh = rowHeight();
    const int firstRow = std::max(0, event->rect().top() / rh);
    const int lastRow = std::min(int(m_rows.size()) - 1, event->rect().bottom() / rh);
    const QFontMetrics fm = fontMetrics();
    const bool dark = Palette::schemeFor(palette().color(QPalette::Window)) == Palette::Scheme::Dark;
    const QColor darkText(0x1a, 0x1a, 0x1a), lightText(0xf2, 0xf2, 0xf2);
    const double left = event->rect().left() - 1, right = event->rect().right() + 1;
    QRectF selectedRect;
    for (int row = firstRow; row <= lastRow; ++row) {
        const std::vector<Box> &boxes = m_rows[std::size_t(row)];
        auto it = std::upper_bound(boxes.begin(), boxes.end(), left, [](double v, const Box &b) { return v < b.x1; });
        for (; it != boxes.end() && it->x0 <= right; ++it) {
            const Box &b = *it;
            // At least a pixel wide, the one-pixel gap between neighbours kept where there is room.
            const double w = std::max(1.0, b.x1 - b.x0);
            const QRectF r(b.x0, row * rh, w > 3 ? w - 1 : w, rh - 1);
            const QColor c = fill(b);
            p.fillRect(r, c);
            if (b.merged == 0 && b.frame == m_selected)
                selectedRect = r;
            if (b.merged == 0 && m_line >= 0 && m_lines->frames[std::size_t(b.frame)].line == m_line) {
                // The line picked in the table: each of its frames framed.
                p.setPen(QPen(palette().color(QPalette::Highlight), 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(r.adjusted(1, 1, -1, -1));
            }
            if (b.merged > 0 || r.width() < 24)
                continue;
            const analysis::SourceFrame &f = m_lines->frames[std::size_t(b.frame)];
            const analysis::SourceLine *l = f.line >= 0 && f.line < int(m_lines->lines.size()) ? &m_lines->lines[std::size_t(f.line)] : nullptr;
            const QString name = l ? l->function : QString();
            // The file's name and the line beside the function where they fit: "forward" is many lines.
            const QString where = l && !l->file.isEmpty()
                ? QStringLiteral("%1 · %2:%3").arg(name, l->file.mid(l->file.lastIndexOf(QLatin1Char('/')) + 1)).arg(l->line)
                : name;
            const QString label = fm.horizontalAdvance(where) <= int(r.width()) - 6 ? where : fm.elidedText(name, Qt::ElideRight, int(r.width()) - 6);
            if (label.isEmpty() || label == QStringLiteral("…"))
                continue;
            p.setPen(Palette::contrastRatio(c, darkText) >= Palette::contrastRatio(c, lightText) ? darkText : lightText);
            p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
        }
    }
    if (!selectedRect.isNull()) {
        p.setPen(QPen(dark ? QColor(0xff, 0xe0, 0x40) : QColor(0x10, 0x10, 0x10), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(selectedRect.adjusted(1, 1, -1, -1));
    }
}

void FlameGraph::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitHeight();
}

void FlameGraph::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int f = frameAt(event->position().toPoint());
    setSelectedFrame(f);
    if (f >= 0)
        emit frameClicked(f);
}

void FlameGraph::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_lines)
        return QWidget::mouseDoubleClickEvent(event);
    const int f = frameAt(event->position().toPoint());
    if (f < 0 || f == m_zoom) {
        // The background or the zoomed frame itself: one level out.
        zoomTo(m_zoom >= 0 ? m_lines->frames[std::size_t(m_zoom)].parent : -1);
        return;
    }
    zoomTo(f);
    emit frameDoubleClicked(f);
}

void FlameGraph::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_zoom >= 0) {
        zoomTo(-1);
        return;
    }
    QWidget::keyPressEvent(event);
}

bool FlameGraph::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Box *b = boxAt(help->pos());
        if (b)
            QToolTip::showText(help->globalPos(), details::tooltipText(toolTipFor(*b)), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void FlameGraph::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_layoutWidth = -1;
        fitHeight();
        update();
    }
    QWidget::changeEvent(event);
}

} // namespace lanescope
