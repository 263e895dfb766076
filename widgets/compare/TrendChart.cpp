// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/TrendChart.h"

#include "widgets/analysis/ChartStyle.h"

#include "core/analysis/run/FigureCatalogue.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

// The samples' unit (StepStats.h: µs or %) to the axis': times in ms.
double scaleOf(std::string_view key) { return key == "step_time_us" || key == "exposed_comm_us" || key == "gap_total_us" ? 1e-3 : 1.0; }

QString axisTitle(std::string_view key)
{
    if (key == "step_time_us")
        return TrendChart::tr("Step time (ms)");
    if (key == "compute_idle_pct")
        return TrendChart::tr("Compute-stream idle (%)");
    if (key == "exposed_comm_us")
        return TrendChart::tr("Exposed communication per step (ms)");
    if (key == "gap_total_us")
        return TrendChart::tr("Listed gaps per step (ms)");
    return TrendChart::tr("MFU (%)");
}

} // namespace

TrendChart::TrendChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
{
    m_view = makeChartView(m_chart, this, 220);
    m_chart->legend()->setVisible(false);
    m_figure = new QComboBox(this);
    m_figure->setToolTip(tr("The figure followed across the runs, each run's steps of every rank"));
    for (const char *key : analysis::kPerStepFigureKeys) {
        const analysis::Figure *f = analysis::findFigure(key);
        m_figure->addItem(f ? f->label(analysis::FigureScope{}) : QString::fromLatin1(key), QString::fromLatin1(key));
    }
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_figure);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_summary);
    connect(m_figure, &QComboBox::currentIndexChanged, this, &TrendChart::rebuild);
    applyChartPalette(m_chart, palette());
    rebuild();
}

void TrendChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyChartPalette(m_chart, palette());
    QWidget::changeEvent(event);
}

void TrendChart::setNoise(const StepNoisePtr &noise)
{
    m_noise = noise;
    rebuild();
}

bool TrendChart::setFigure(const QString &key)
{
    const int i = m_figure->findData(key);
    if (i < 0)
        return false;
    m_figure->setCurrentIndex(i);
    return true;
}

QString TrendChart::figure() const { return m_figure->currentData().toString(); }

QString TrendChart::summary() const { return m_summary->text(); }

void TrendChart::rebuild()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *a : m_chart->axes()) {
        m_chart->removeAxis(a);
        delete a;
    }
    m_points.clear();
    const QByteArray keyBytes = figure().toLatin1();
    const std::string_view key(keyBytes.constData(), std::size_t(keyBytes.size()));
    m_chart->setTitle(axisTitle(key));
    if (!m_noise || m_noise->trend.size() < 2) {
        m_summary->setText(tr("No trend: it needs two runs or more with complete ProfilerSteps."));
        return;
    }
    const double scale = scaleOf(key);
    auto *median = new QLineSeries;
    median->setName(tr("Median per step"));
    auto *dots = new QScatterSeries;
    dots->setMarkerSize(8);
    auto *upper = new QLineSeries, *lower = new QLineSeries;
    QStringList categories;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    int known = 0;
    for (std::size_t i = 0; i < m_noise->trend.size(); ++i) {
        categories << m_noise->labels.value(int(i), QString::number(i + 1));
        const auto it = m_noise->trend[i].find(key);
        TrendPoint p = it == m_noise->trend[i].end() ? TrendPoint{} : it->second;
        for (std::optional<double> *v : {&p.median, &p.low, &p.high})
            if (*v)
                **v *= scale;
        m_points.push_back(p);
        if (!p.median)
            continue;
        ++known;
        const double x = double(i);
        median->append(x, *p.median);
        dots->append(x, *p.median);
        upper->append(x, p.high.value_or(*p.median));
        lower->append(x, p.low.value_or(*p.median));
        lo = std::min({lo, *p.median, p.low.value_or(*p.median)});
        hi = std::max({hi, *p.median, p.high.value_or(*p.median)});
    }
    if (known == 0) {
        delete median;
        delete dots;
        delete upper;
        delete lower;
        m_summary->setText(tr("No run has this figure per step (GPU figures need GPU activity; MFU needs the MFU inputs)."));
        return;
    }
    auto *band = new QAreaSeries(upper, lower);
    band->setName(tr("95 % interval of the median"));
    QColor fill = palette().color(QPalette::Highlight);
    fill.setAlpha(60);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
    QPen line(palette().color(QPalette::Highlight));
    line.setWidthF(2);
    median->setPen(line);
    dots->setColor(palette().color(QPalette::Highlight));
    dots->setBorderColor(palette().color(QPalette::Highlight));
    m_chart->addSeries(band);
    m_chart->addSeries(median);
    m_chart->addSeries(dots);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    x->setRange(categories.first(), categories.last());
    // Session labels are dates and times: slanted where several would run into each other.
    if (categories.size() > 3)
        x->setLabelsAngle(-30);
    auto *y = new QValueAxis;
    const double pad = hi > lo ? (hi - lo) * 0.15 : std::max(std::abs(hi) * 0.05, 0.5);
    y->setRange(std::max(0.0, lo - pad), hi + pad);
    y->applyNiceNumbers();
    y->setTitleText(axisTitle(key));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : m_chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    applyChartPalette(m_chart, palette());
    // The last run against the baseline, in words: the verdict the Metrics table greys or not.
    const int last = int(m_noise->trend.size()) - 1;
    const analysis::ChangeStats *c = m_noise->change(last, key);
    QString verdict;
    if (c && c->significant)
        verdict = *c->significant ? tr("%1 differs from the baseline beyond the step-to-step noise (p = %2).")
                                        .arg(m_noise->labels.value(last))
                                        .arg(c->pValue.value_or(1), 0, 'g', 2)
                                  : tr("%1 is within the step-to-step noise of the baseline (p = %2).")
                                        .arg(m_noise->labels.value(last))
                                        .arg(c->pValue.value_or(1), 0, 'g', 2);
    m_summary->setText(tr("Each run's median over the complete steps of all its ranks, in run order; the band is the 95 % "
                          "interval of that median (bootstrap over steps). %1")
                           .arg(verdict));
}

} // namespace lanescope
