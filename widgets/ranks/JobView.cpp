// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ranks/JobView.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/render/Palette.h"
#include "widgets/render/TimeAxis.h"
#include "widgets/view/Session.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

constexpr int kMoreHeight = 18; // the "+N more ranks" line under rows that do not all fit

QColor stragglerColour() { return QColor(0xC6, 0x28, 0x28); }

QColor mixed(const QColor &a, const QColor &b, double f)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f), float(a.greenF() + (b.greenF() - a.greenF()) * f),
                            float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

} // namespace

// Busy dark, idle light: the gaps' Okabe-Ito colours (blue, orange, green, ...) stand apart from both.
QColor JobView::busyColour() { return QColor(0x2E, 0x34, 0x40); }
QColor JobView::idleColour() { return QColor(0xE4, 0xE7, 0xEB); }

JobView::JobView(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAutoFillBackground(true);
    setMinimumSize(kLabelWidth + 200, topOfRows() + 4 * kMinRowHeight);
}

void JobView::setSession(Session *session)
{
    if (Session *old = m_session.data()) {
        old->disconnect(this);
        if (m_state)
            m_state->disconnect(this);
    }
    m_session = session;
    m_state = session ? session->state() : nullptr;
    if (session) {
        connect(session, &Session::runsChanged, this, &JobView::rebuild);
        connect(session, &Session::offsetsChanged, this, &JobView::rebuild);
        connect(session->state(), &ViewState::windowChanged, this, qOverload<>(&QWidget::update));
    }
    rebuild();
}

void JobView::setJob(RanksResultPtr result)
{
    m_job = std::move(result);
    update();
}

void JobView::rebuild()
{
    // The compute streams are measured once per trace: a rank keeps its row when only the clock
    // offsets change.
    std::vector<Row> rows;
    const Session *s = m_session.data();
    for (int i = 0; s && i < s->runCount(); ++i) {
        const SessionRun &run = s->run(i);
        Row row;
        row.label = run.label;
        row.base = run.base();
        if (run.trace) {
            const bool same = i < int(m_rows.size()) && i < int(m_rowTraces.size()) && m_rowTraces[std::size_t(i)] == run.trace.get();
            row.busy = same ? std::move(m_rows[std::size_t(i)].busy) : analysis::computeBusy(*run.trace);
        }
        rows.push_back(std::move(row));
    }
    m_rows = std::move(rows);
    m_rowTraces.clear();
    for (int i = 0; s && i < s->runCount(); ++i)
        m_rowTraces.push_back(s->run(i).trace.get());
    m_hover = -1;
    update();
}

int JobView::rowHeight() const
{
    if (m_rows.empty())
        return kMaxRowHeight;
    const int room = height() - topOfRows();
    return std::clamp(room / int(m_rows.size()), kMinRowHeight, kMaxRowHeight);
}

int JobView::rowsShown() const
{
    const int n = int(m_rows.size()), h = rowHeight();
    const int room = height() - topOfRows();
    if (n * h <= room)
        return n;
    return std::max(0, (room - kMoreHeight) / h);
}

QRect JobView::rowRect(int row) const
{
    if (row < 0 || row >= rowsShown())
        return {};
    return QRect(0, topOfRows() + row * rowHeight(), width(), rowHeight());
}

QRect JobView::stripRect(int row) const
{
    const QRect r = rowRect(row);
    return r.isNull() ? r : QRect(kLabelWidth, r.top(), stripWidth(), r.height());
}

int JobView::rowAt(QPoint pos) const
{
    if (pos.y() < topOfRows())
        return -1;
    const int row = (pos.y() - topOfRows()) / rowHeight();
    return row < rowsShown() ? row : -1;
}

int JobView::stragglerRow() const
{
    if (!m_job)
        return -1;
    const analysis::JobResult &j = m_job->job;
    // The rank the others waited on most; without matched collectives, the slowest.
    const int rank = !j.stragglers.byRank.empty() ? j.stragglers.byRank.front().rank : j.job.slowestRank;
    if (rank < 0)
        return -1;
    for (int i = 0; i < int(j.ranks.size()) && i < rowCount(); ++i)
        if (j.ranks[std::size_t(i)].rank == rank)
            return i;
    return -1;
}

QString JobView::rowLabel(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    return row == stragglerRow() ? tr("%1 · straggler").arg(m_rows[std::size_t(row)].label) : m_rows[std::size_t(row)].label;
}

double JobView::xOf(const Row &row, TimeNs model) const
{
    const ViewState *v = m_state;
    return kLabelWidth + (double(model - row.base) - v->windowStart()) * stripWidth() / std::max(1.0, v->windowRange());
}

void JobView::paintRow(QPainter &p, int index, const QRect &strip) const
{
    const Row &row = m_rows[std::size_t(index)];
    const ViewState *v = m_state;
    const double nsPerPx = v->windowRange() / std::max(1, strip.width());
    const QRect band = strip.height() > 5 ? strip.adjusted(0, 1, 0, -1) : strip;
    if (!row.busy.busy.empty()) {
        // Idle from the stream's first activity to its last; each pixel column as busy as the
        // stream was in its time (a step of thousands of kernels reads as a shade, not a bar).
        const double x0 = std::max(double(strip.left()), xOf(row, row.busy.span.from));
        const double x1 = std::min(double(strip.right() + 1), xOf(row, row.busy.span.to));
        if (x1 > x0)
            p.fillRect(QRectF(x0, band.top(), x1 - x0, band.height()), idleColour());
        const int c0 = std::max(strip.left(), int(std::floor(x0))), c1 = std::min(strip.right(), int(std::ceil(x1)));
        for (int x = c0; x <= c1; ++x) {
            const double from = v->windowStart() + (x - strip.left()) * nsPerPx + double(row.base);
            const TimeNs a = TimeNs(std::floor(from)), b = TimeNs(std::ceil(from + nsPerPx));
            const TimeNs busy = analysis::busyWithin(row.busy.busy, a, b);
            if (busy <= 0)
                continue;
            const double f = std::min(1.0, double(busy) / std::max<double>(1, double(b - a)));
            p.fillRect(QRect(x, band.top(), 1, band.height()), mixed(idleColour(), busyColour(), std::max(0.35, f)));
        }
    }
    // The rank's listed gaps, in their causes' colours, over the idle.
    if (m_job && index < int(m_job->job.ranks.size()))
        for (const analysis::Gap &g : m_job->job.ranks[std::size_t(index)].analysis.gaps) {
            const double a = xOf(row, g.start), b = xOf(row, g.end());
            if (b < strip.left() || a > strip.right() + 1)
                continue;
            const double l = std::max(a, double(strip.left())), r = std::min(std::max(b, a + 1), double(strip.right() + 1));
            p.fillRect(QRectF(l, band.top(), r - l, band.height()), GapCauseStyle::color(g.cause));
        }
}

void JobView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const Palette::Chrome &chrome = Palette::chrome(Palette::schemeFor(palette().color(QPalette::Window)));
    p.fillRect(rect(), chrome.background);
    if (!m_session || !m_state || m_rows.empty()) {
        p.setPen(chrome.label);
        p.drawText(rect(), Qt::AlignCenter, tr("Open a folder of rank traces to see the job, one row per rank"));
        return;
    }
    const ViewState *v = m_state;
    // The ruler: the session's window, as the timeline's.
    TimeAxis axis = v->axisFor(stripWidth());
    p.fillRect(QRect(0, 0, width(), kRulerHeight), chrome.rulerBg);
    QFont small = font();
    small.setPixelSize(11);
    p.setFont(small);
    const double step = axis.tickStep(90);
    for (const TimeAxis::Tick &t : axis.ticks(90)) {
        const int x = kLabelWidth + int(std::lround(t.px));
        p.setPen(t.labelled ? chrome.label : chrome.minorTick);
        p.drawLine(x, t.labelled ? 10 : 17, x, kRulerHeight - 1);
        if (t.labelled)
            p.drawText(QRect(x + 3, 0, 120, 14), Qt::AlignLeft | Qt::AlignVCenter, TimeAxis::formatTime(t.ns, step));
    }
    p.setPen(chrome.label);
    p.drawText(QRect(6, 0, kLabelWidth - 12, kRulerHeight), Qt::AlignLeft | Qt::AlignVCenter,
               rowCount() == 1 ? tr("%n rank", nullptr, 1) : tr("%n ranks", nullptr, rowCount()));

    // The legend: what the colours mean, the causes only where a row has them.
    int x = 6;
    const int ly = kRulerHeight + kLegendHeight / 2;
    const auto item = [&](const QColor &c, const QString &text) {
        p.fillRect(QRect(x, ly - 5, 14, 10), c);
        p.setPen(chrome.label);
        const int w = p.fontMetrics().horizontalAdvance(text);
        p.drawText(QRect(x + 18, kRulerHeight, w + 4, kLegendHeight), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += 18 + w + 16;
    };
    item(busyColour(), tr("compute stream busy"));
    item(idleColour(), tr("idle"));
    bool causes[GapCauseStyle::kCauseCount] = {};
    if (m_job)
        for (const analysis::RankFigures &r : m_job->job.ranks)
            for (const analysis::Gap &g : r.analysis.gaps)
                causes[int(g.cause)] = true;
    for (int c = 0; c < GapCauseStyle::kCauseCount; ++c)
        if (causes[c])
            item(GapCauseStyle::color(analysis::GapCause(c)), GapCauseStyle::label(analysis::GapCause(c)));
    const int straggler = stragglerRow();
    if (straggler >= 0)
        item(stragglerColour(), tr("straggler"));

    // The rows.
    const int shown = rowsShown(), h = rowHeight();
    QFont label = font();
    label.setPixelSize(std::clamp(h - 2, 7, 12));
    for (int i = 0; i < shown; ++i) {
        const QRect r = rowRect(i), strip = stripRect(i);
        if (i % 2 == 1)
            p.fillRect(r, chrome.laneAlt);
        if (i == m_hover)
            p.fillRect(QRect(0, r.top(), kLabelWidth, r.height()), palette().color(QPalette::Highlight).lighter(170));
        const bool isStraggler = i == straggler;
        if (isStraggler) {
            p.fillRect(QRect(0, r.top(), 4, r.height()), stragglerColour());
            QColor tint = stragglerColour();
            tint.setAlpha(40);
            p.fillRect(QRect(4, r.top(), kLabelWidth - 4, r.height()), tint);
        }
        label.setBold(isStraggler);
        p.setFont(label);
        p.setPen(isStraggler ? stragglerColour() : chrome.label);
        p.drawText(QRect(8, r.top(), kLabelWidth - 12, r.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(label).elidedText(rowLabel(i), Qt::ElideRight, kLabelWidth - 12));
        p.save();
        p.setClipRect(strip);
        paintRow(p, i, strip);
        p.restore();
        if (isStraggler) {
            p.setPen(QPen(stragglerColour(), 1));
            p.drawRect(strip.adjusted(0, 0, -1, -1));
        }
    }
    p.setPen(chrome.border);
    p.drawLine(kLabelWidth - 1, kRulerHeight, kLabelWidth - 1, topOfRows() + shown * h);
    if (shown < rowCount()) {
        p.setPen(chrome.label);
        p.setFont(small);
        p.drawText(QRect(8, topOfRows() + shown * h, width() - 16, kMoreHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   rowCount() - shown == 1 ? tr("+%n more rank: make the window taller", nullptr, 1)
                                           : tr("+%n more ranks: make the window taller", nullptr, rowCount() - shown));
    }
}

QString JobView::tooltipOf(int row) const
{
    const Row &r = m_rows[std::size_t(row)];
    QStringList lines{rowLabel(row)};
    if (r.busy.track < 0) {
        lines << tr("no compute stream");
    } else {
        const TimeNs span = r.busy.span.to - r.busy.span.from;
        lines << tr("compute stream busy %1 of its %2").arg(analysis::figure::pct(span > 0 ? 100.0 * double(r.busy.busyNs) / double(span) : 0),
                                                            analysis::figure::ms(double(span)));
    }
    if (m_job && row < int(m_job->job.ranks.size())) {
        const analysis::RankFigures &f = m_job->job.ranks[std::size_t(row)];
        lines << (f.gapCount == 1 ? tr("%n listed gap, %1", nullptr, f.gapCount) : tr("%n listed gaps, %1", nullptr, f.gapCount))
                     .arg(analysis::figure::ms(double(f.gapTotalNs)));
    }
    lines << tr("Click to open its lanes");
    return lines.join(QLatin1Char('\n'));
}

bool JobView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(e);
        const int row = rowAt(help->pos());
        if (row >= 0)
            QToolTip::showText(help->globalPos(), tooltipOf(row), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void JobView::mousePressEvent(QMouseEvent *event)
{
    const int row = rowAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && row >= 0)
        emit rankActivated(row);
}

void JobView::mouseMoveEvent(QMouseEvent *event)
{
    const int row = rowAt(event->position().toPoint());
    setCursor(row >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    if (row != m_hover) {
        m_hover = row;
        update();
    }
}

void JobView::wheelEvent(QWheelEvent *event)
{
    if (!m_session || !m_state || m_rows.empty())
        return;
    const double px = event->position().x() - kLabelWidth;
    const double steps = event->angleDelta().y() / 120.0;
    if (px < 0 || steps == 0)
        return;
    m_state->zoomAbout(stripWidth(), px, std::pow(0.8, steps));
    event->accept();
}

} // namespace lanescope
