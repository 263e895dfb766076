// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/RooflineChart.h"

#include "widgets/analysis/ChartStyle.h"
#include "widgets/analysis/TimeSummaryModels.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace lanescope {

namespace {
// The breakdown chart's compute green and non-compute amber (AnalysisCharts.cpp), grey for unknown.
const QColor kComputeColor(0x2E, 0x7D, 0x32), kMemoryColor(0xF9, 0xA8, 0x25), kUnknownColor(0x90, 0xA4, 0xAE);
const QColor kHbmRoofColor(0x1E, 0x88, 0xE5), kPeakRoofColor(0xE5, 0x39, 0x35);
// The other dtypes' roofs (fp8, fp4, ...), dashed: purple, brown, teal, then again.
const QColor kOtherRoofColors[] = {QColor(0x8E, 0x24, 0xAA), QColor(0x6D, 0x4C, 0x41), QColor(0x00, 0x89, 0x7B)};
} // namespace

RooflineChart::RooflineChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(makeChartView(m_chart, this, 220))
    , m_note(new QLabel(this))
    , m_x(new QLogValueAxis(this))
    , m_y(new QLogValueAxis(this))
{
    setObjectName(QStringLiteral("rooflineChart"));
    m_chart->setTitle(tr("Roofline"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    for (QLogValueAxis *a : {m_x, m_y}) {
        a->setBase(10);
        a->setLabelFormat(QStringLiteral("%g"));
        a->setMinorTickCount(-1); // the log axis' own minor ticks: 2 ... 9 between decades
    }
    m_x->setTitleText(tr("FLOPs per byte"));
    m_y->setTitleText(tr("TFLOPS"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_note->setObjectName(QStringLiteral("rooflineNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps at the dock's width
    m_note->setMinimumWidth(1);
    m_note->setContentsMargins(6, 2, 6, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);
    applyChartPalette(m_chart, palette());
    rebuild();
}

void RooflineChart::setData(const analysis::OpsEfficiency &e, std::vector<analysis::OpEfficiencyRow> rows)
{
    m_e.peaks = e.peaks;
    m_e.dominantDtype = e.dominantDtype;
    m_e.dominantPeakTflops = e.dominantPeakTflops;
    m_e.roofs = e.roofs;
    m_rows = std::move(rows);
    rebuild();
}

int RooflineChart::pointCount() const
{
    int n = 0;
    for (const auto &[series, rows] : m_points)
        n += int(rows.size());
    return n;
}

QString RooflineChart::noteText() const { return m_note->text(); }

QString RooflineChart::pointText(std::size_t i) const
{
    if (i >= m_rows.size())
        return {};
    const analysis::OpEfficiencyRow &r = m_rows[i];
    const QLocale locale;
    const auto orUnknown = [&](double v, int decimals) { return v < 0 ? tr("unknown") : locale.toString(v, 'f', decimals); };
    return tr("%1 %2 (%3), %4 calls\n%5 TFLOPS at %6 FLOP/byte, %7 TB/s\n%8 % of peak, %9 % of roofline (%10)")
        .arg(r.name, r.shapes, r.dtype, locale.toString(qlonglong(r.count)), orUnknown(r.achievedTflops, 1),
             orUnknown(r.intensity, 1), orUnknown(r.achievedTBps, 3), orUnknown(r.pctOfPeak, 1), orUnknown(r.pctOfRoofline, 1),
             boundText(r.bound));
}

void RooflineChart::rebuild()
{
    m_chart->removeAllSeries();
    m_points.clear();
    m_memoryRoof = m_computeRoof = nullptr;
    m_computeRoofs.clear();
    const QLocale locale;
    const double peak = m_e.dominantPeakTflops, hbm = m_e.peaks.hbmTBps;
    const bool roofs = peak > 0 && hbm > 0;
    const double ridge = roofs ? peak / hbm : -1;
    // The dominant roof, then the other dtypes' (their peaks known).
    std::vector<analysis::OpsEfficiency::Roof> computeRoofs;
    if (roofs) {
        computeRoofs.push_back({m_e.dominantDtype, peak, 0});
        for (const analysis::OpsEfficiency::Roof &r : m_e.roofs)
            if (r.tflops > 0 && r.tflops != peak)
                computeRoofs.push_back(r);
    }
    double highest = peak;
    for (const auto &r : computeRoofs)
        highest = std::max(highest, r.tflops);

    // The points, one series per bound (the legend names the colours).
    QScatterSeries *bySeries[3] = {};
    const auto seriesFor = [&](analysis::Bound b) {
        QScatterSeries *&s = bySeries[int(b)];
        if (!s) {
            s = new QScatterSeries;
            s->setName(b == analysis::Bound::Compute ? tr("Compute-bound")
                           : b == analysis::Bound::Memory ? tr("Memory-bound")
                                                          : tr("Bound unknown"));
            const QColor c = b == analysis::Bound::Compute ? kComputeColor : b == analysis::Bound::Memory ? kMemoryColor : kUnknownColor;
            s->setColor(c);
            s->setBorderColor(c.darker(140));
            s->setMarkerSize(9);
            m_points.emplace_back(s, std::vector<std::size_t>());
        }
        return s;
    };
    double xLo = std::numeric_limits<double>::max(), xHi = 0, yLo = std::numeric_limits<double>::max(), yHi = 0;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const analysis::OpEfficiencyRow &r = m_rows[i];
        if (!(r.intensity > 0) || !(r.achievedTflops > 0))
            continue; // no place on a log-log chart
        QScatterSeries *s = seriesFor(r.bound);
        s->append(r.intensity, r.achievedTflops);
        for (auto &[series, rows] : m_points)
            if (series == s)
                rows.push_back(i);
        xLo = std::min(xLo, r.intensity);
        xHi = std::max(xHi, r.intensity);
        yLo = std::min(yLo, r.achievedTflops);
        yHi = std::max(yHi, r.achievedTflops);
    }
    if (roofs) {
        for (const auto &r : computeRoofs) {
            xLo = std::min(xLo, r.tflops / hbm);
            xHi = std::max(xHi, r.tflops / hbm);
        }
        yHi = std::max(yHi, highest);
    }
    if (xHi <= 0) { // nothing to draw: a decade either side of 1
        xLo = yLo = 0.1;
        xHi = yHi = 10;
    }
    // A factor of 4 across and 2 up and down around the data, so the points do not sit on the
    // frame; the memory roof enters at the left edge.
    xLo /= 4;
    xHi *= 4;
    if (roofs)
        yLo = std::min(yLo, xLo * hbm);
    yLo /= 2;
    yHi *= 2;
    // Whole decades, so each axis has at least two labels (a log axis labels its powers of ten).
    const auto down = [](double v) { return std::pow(10.0, std::floor(std::log10(v))); };
    const auto up = [](double v) { return std::pow(10.0, std::ceil(std::log10(v))); };
    xLo = down(xLo);
    xHi = up(xHi);
    yLo = down(yLo);
    yHi = up(yHi);
    if (roofs) {
        // The memory roof from where it enters the chart up to the highest ridge point, then each
        // compute roof flat from its own ridge point.
        const double x0 = std::max(xLo, yLo / hbm);
        m_memoryRoof = new QLineSeries;
        m_memoryRoof->setName(tr("Memory %1 TB/s").arg(locale.toString(hbm, 'g', 4)));
        m_memoryRoof->append(x0, x0 * hbm);
        m_memoryRoof->append(highest / hbm, highest);
        m_memoryRoof->setPen(QPen(kHbmRoofColor, 2));
        m_chart->addSeries(m_memoryRoof);
        m_memoryRoof->attachAxis(m_x);
        m_memoryRoof->attachAxis(m_y);
        for (std::size_t i = 0; i < computeRoofs.size(); ++i) {
            const auto &r = computeRoofs[i];
            auto *s = new QLineSeries;
            s->setName(tr("%1 peak %2 TFLOPS").arg(r.dtype, locale.toString(r.tflops, 'g', 5)));
            s->append(r.tflops / hbm, r.tflops);
            s->append(xHi, r.tflops);
            QPen pen(i == 0 ? kPeakRoofColor : kOtherRoofColors[(i - 1) % std::size(kOtherRoofColors)], 2);
            if (i > 0)
                pen.setStyle(Qt::DashLine);
            s->setPen(pen);
            m_chart->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
            m_computeRoofs.push_back(s);
        }
        m_computeRoof = m_computeRoofs.front();
    }
    for (auto &[series, rows] : m_points) {
        m_chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
        QScatterSeries *s = series;
        connect(s, &QScatterSeries::hovered, this, [this, s](const QPointF &p, bool state) { pointHovered(s, p, state); });
    }
    m_x->setRange(xLo, xHi);
    m_y->setRange(yLo, yHi);
    applyChartPalette(m_chart, palette()); // the new series' legend entries

    const int drawn = pointCount();
    QString note;
    if (m_rows.empty())
        note = tr("No operator counted from its shapes to draw.");
    else if (!roofs)
        note = tr("No roofs: the GPU's peak for %1 or its memory bandwidth is not known (Edit > Preferences > GPU table).")
                   .arg(m_e.dominantDtype.isEmpty() ? tr("this type") : m_e.dominantDtype);
    else
        note = tr("Roofs of the %1 operators: peak %2 TFLOPS, memory %3 TB/s, ridge point at %4 FLOP/byte.")
                   .arg(m_e.dominantDtype, locale.toString(peak, 'g', 5), locale.toString(hbm, 'g', 4), locale.toString(ridge, 'f', 1));
    if (computeRoofs.size() > 1) {
        QStringList others;
        for (std::size_t i = 1; i < computeRoofs.size(); ++i)
            others << tr("%1 %2 TFLOPS").arg(computeRoofs[i].dtype, locale.toString(computeRoofs[i].tflops, 'g', 5));
        note += QLatin1Char(' ') + tr("Other roofs: %1.").arg(others.join(QStringLiteral(", ")));
    }
    if (drawn < int(m_rows.size()))
        note += QLatin1Char(' ') + tr("%1 of %2 rows drawn (the others have no GPU time or no bytes).")
                                      .arg(locale.toString(drawn), locale.toString(qlonglong(m_rows.size())));
    m_note->setText(note);
}

void RooflineChart::pointHovered(QScatterSeries *series, const QPointF &point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    for (const auto &[s, rows] : m_points) {
        if (s != series)
            continue;
        const QList<QPointF> points = s->points();
        for (int k = 0; k < points.size() && k < int(rows.size()); ++k)
            if (points[k] == point) {
                QToolTip::showText(QCursor::pos(), pointText(rows[std::size_t(k)]), m_view);
                return;
            }
    }
}

void RooflineChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyChartPalette(m_chart, palette()); // the dark theme and back
}

} // namespace lanescope
