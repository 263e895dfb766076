// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/CompareCharts.h"
#include "widgets/compare/NameDiffModel.h"
#include "widgets/analysis/ChartStyle.h"

#include "widgets/render/GapCauseStyle.h"

#include "core/analysis/text/FigureText.h"
#include "core/analysis/compare/Compare.h"
#include "core/io/InputFile.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QSaveFile>
#include <QScatterSeries>
#include <QHorizontalStackedBarSeries>
#include <QSvgGenerator>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>

namespace lanescope {

namespace {

QString signedMs(double ns)
{
    const QString v = QLocale().toString(std::abs(ns) / 1e6, 'f', 1);
    return (ns > 0 ? QStringLiteral("+") : ns < 0 ? QStringLiteral("−") : QString()) + v;
}

void clearChart(QChart *chart)
{
    chart->removeAllSeries();
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        chart->removeAxis(a);
        delete a;
    }
}

} // namespace

QString WaterfallChart::partLabel(const QString &name)
{
    analysis::GapCause cause;
    if (GapCauseStyle::fromKey(name, &cause) && name == GapCauseStyle::key(cause))
        // Not the listed gaps of the Metrics table: the waterfall counts every compute-stream gap of
        // a millisecond or more (Compare.h), and says so.
        return tr("%1 gaps ≥ %2").arg(GapCauseStyle::label(cause), analysis::figure::threshold(analysis::kAdviceGapNs));
    if (name == QLatin1String("compute"))
        return tr("Compute");
    if (name == QLatin1String("communication_memory"))
        return tr("Comm./memory");
    if (name == QLatin1String("idle_short"))
        return tr("Short idle");
    return name;
}

QString WaterfallChart::shortPartLabel(const QString &name)
{
    static const std::pair<const char *, const char *> kShort[] = {
        {"compute", QT_TR_NOOP("Compute")},         {"comm_wait", QT_TR_NOOP("Comm. wait")},
        {"dataloader", QT_TR_NOOP("Data loader")},  {"allocator", QT_TR_NOOP("Allocator")},
        {"sync", QT_TR_NOOP("Sync")},               {"host_launch", QT_TR_NOOP("Launch")},
        {"other", QT_TR_NOOP("Other gaps")},        {"communication_memory", QT_TR_NOOP("Comm./mem.")},
        {"idle_short", QT_TR_NOOP("Short idle")},
    };
    for (const auto &k : kShort)
        if (name == QLatin1String(k.first))
            return tr(k.second);
    return name;
}

WaterfallChart::WaterfallChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
{
    m_view = makeChartView(m_chart, this, 220);
    m_run = new QComboBox(this);
    m_run->setToolTip(tr("The run whose step time is explained against the baseline's"));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setToolTip(tr("Each run's median complete step is cut into disjoint time: computation kernels first, "
                             "then compute-stream gaps of 1 ms or more by cause, then other GPU activity, then the "
                             "short idle left. The parts' deltas add up exactly to the step-time delta."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_run);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_summary);
    connect(m_run, &QComboBox::currentIndexChanged, this, &WaterfallChart::rebuild);
}

void WaterfallChart::setComparison(const analysis::ComparisonResult *result)
{
    const int keep = m_run->currentIndex();
    m_waterfall = result ? result->waterfall : std::vector<analysis::Waterfall>();
    m_run->blockSignals(true);
    m_run->clear();
    for (const analysis::Waterfall &w : m_waterfall)
        m_run->addItem(tr("%1 against the baseline").arg(w.label));
    m_run->setCurrentIndex(keep >= 0 && keep < m_run->count() ? keep : 0);
    m_run->blockSignals(false);
    m_run->setVisible(m_waterfall.size() > 1);
    rebuild();
}

void WaterfallChart::setRun(int run) { m_run->setCurrentIndex(run - 1); }

int WaterfallChart::run() const { return m_run->currentIndex() + 1; }

QString WaterfallChart::summary() const { return m_summary->text(); }

QString WaterfallChart::title() const { return m_chart->title(); }

void WaterfallChart::rebuild()
{
    clearChart(m_chart);
    const int k = m_run->currentIndex();
    if (k < 0 || k >= int(m_waterfall.size())) {
        m_chart->setTitle(tr("Step-time waterfall"));
        m_summary->setText(tr("No waterfall: the runs need complete ProfilerSteps and GPU activity."));
        return;
    }
    const analysis::Waterfall &w = m_waterfall[std::size_t(k)];
    m_chart->setTitle(tr("Step time: baseline %1 → %2 %3")
                          .arg(analysis::figure::stepTime(w.fromNs), w.label, analysis::figure::stepTime(w.toNs)));
    // A floating bar per part: an invisible base up to the lower end, then the rise or the fall.
    auto *base = new QBarSet(QString());
    base->setColor(Qt::transparent);
    base->setBorderColor(Qt::transparent);
    auto *total = new QBarSet(tr("Step time"));
    total->setColor(QColor(0x45, 0x6E, 0xB0));
    auto *up = new QBarSet(tr("Slower"));
    up->setColor(QColor(0xD3, 0x4A, 0x3A));
    auto *down = new QBarSet(tr("Faster"));
    down->setColor(QColor(0x3A, 0x9A, 0x5B));
    QStringList categories;
    QStringList sentence;
    struct Bar
    {
        QString category;
        double base, total, up, down;
    };
    std::vector<Bar> barsInOrder;
    auto bar = [&](const QString &cat, double b, double t, double u, double d) { barsInOrder.push_back({cat, b, t, u, d}); };
    bar(tr("baseline"), 0, w.fromNs, 0, 0);
    double level = w.fromNs;
    std::vector<analysis::WaterfallPart> parts = w.parts;
    // Largest change first in the sentence; the bars keep the parts' fixed order.
    for (const analysis::WaterfallPart &p : w.parts) {
        const double next = level + p.deltaNs;
        // A part whose change reads "±0.0" (under 0.05 ms, as the sentence leaves it out) adds no
        // bar: a red or green sliver would call nothing slower or faster.
        if (std::abs(p.deltaNs) < 0.05e6) {
            level = next;
            continue;
        }
        const QString name = shortPartLabel(QString::fromLatin1(p.name));
        bar(QStringLiteral("%1 %2").arg(name, signedMs(p.deltaNs)), std::min(level, next), 0, std::max(0.0, p.deltaNs),
            std::max(0.0, -p.deltaNs));
        level = next;
    }
    std::stable_sort(parts.begin(), parts.end(),
                     [](const analysis::WaterfallPart &a, const analysis::WaterfallPart &b) { return std::abs(a.deltaNs) > std::abs(b.deltaNs); });
    for (const analysis::WaterfallPart &p : parts)
        if (std::abs(p.deltaNs) >= 0.05e6) { // under 0.05 ms reads as 0.0 in the sentence
            // Beside the measured change, what the baseline's replay projected for this cause's fix.
            if (p.projectedDeltaNs)
                sentence << tr("%1 %2 ms (the baseline's replay with %3 projected %4 ms)")
                                .arg(partLabel(QString::fromLatin1(p.name)), signedMs(p.deltaNs), p.projectedBy, signedMs(*p.projectedDeltaNs));
            else
                sentence << tr("%1 %2 ms").arg(partLabel(QString::fromLatin1(p.name)), signedMs(p.deltaNs));
        }
    bar(w.label, 0, w.toNs, 0, 0);
    // A horizontal bar chart lists its categories from the bottom up: the baseline goes in last so
    // that it stands on top, the run at the bottom.
    for (auto it = barsInOrder.rbegin(); it != barsInOrder.rend(); ++it) {
        categories << it->category;
        *base << it->base / 1e6;
        *total << it->total / 1e6;
        *up << it->up / 1e6;
        *down << it->down / 1e6;
    }
    // Bars lie on their side: each part's label ("Comm. wait −1,035.3") reads whole on the left,
    // however many parts share the height; upright bars a fifth of the width cut them.
    auto *series = new QHorizontalStackedBarSeries;
    series->append(base);
    series->append(total);
    series->append(up);
    series->append(down);
    series->setBarWidth(0.7);
    m_chart->addSeries(series);
    auto *partAxis = new QBarCategoryAxis;
    partAxis->append(categories);
    auto *value = new QValueAxis;
    value->setTitleText(tr("ms per step"));
    value->setLabelFormat(QStringLiteral("%.0f"));
    value->setMin(0);
    value->setMax(std::max({w.fromNs, w.toNs, level}) / 1e6 * 1.08);
    value->applyNiceNumbers();
    m_chart->addAxis(partAxis, Qt::AlignLeft);
    m_chart->addAxis(value, Qt::AlignBottom);
    series->attachAxis(partAxis);
    series->attachAxis(value);
    // The invisible base has no entry in the legend.
    const auto markers = m_chart->legend()->markers(series);
    if (!markers.isEmpty())
        markers.first()->setVisible(false);
    m_summary->setText(tr("%1 ms: %2").arg(signedMs(w.toNs - w.fromNs), sentence.join(tr(", "))) + QLatin1Char('\n')
                       + tr("Gaps here are every compute-stream idle of %1 or more, between any kernels: more than the "
                            "Metrics table's listed GEMM gaps.")
                             .arg(analysis::figure::threshold(analysis::kAdviceGapNs)));
}

ThroughputChart::ThroughputChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
{
    m_view = makeChartView(m_chart, this, 220);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);
}

void ThroughputChart::setComparison(const analysis::ComparisonResult *result)
{
    clearChart(m_chart);
    m_throughput = false;
    if (!result || result->runs.empty()) {
        m_note->clear();
        return;
    }
    const auto &runs = result->runs;
    m_throughput = std::all_of(runs.begin(), runs.end(), [](const analysis::RunMetrics &m) { return m.tokensPerSPerGpu && m.mfuPct; });
    // Samples per step given for every run (a model that is no transformer): samples/s, no MFU.
    const bool samples = !m_throughput
        && std::all_of(runs.begin(), runs.end(), [](const analysis::RunMetrics &m) { return m.samplesPerSPerGpu.has_value(); });
    QStringList labels, categories;
    for (const analysis::RunMetrics &m : runs)
        labels << m.label;
    // Long labels as the keys the dock's tables use ("A", "B"; the dock's key line names them).
    for (int i = 0; i < labels.size(); ++i)
        categories << NameDiffModel::runKey(i, labels);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    m_chart->addAxis(x, Qt::AlignBottom);
    auto *bars = new QBarSeries;
    auto *set = new QBarSet(m_throughput ? tr("Tokens/s per GPU") : samples ? tr("Samples/s per GPU") : tr("Median step time (ms)"));
    set->setColor(QColor(0x45, 0x6E, 0xB0));
    double top = 0;
    for (const analysis::RunMetrics &m : runs) {
        const double v = m_throughput ? *m.tokensPerSPerGpu : samples ? *m.samplesPerSPerGpu : m.stepTimeNs.value_or(0) / 1e6;
        *set << v;
        top = std::max(top, v);
    }
    bars->append(set);
    bars->setLabelsVisible(true);
    bars->setLabelsFormat(QStringLiteral("@value"));
    bars->setLabelsPrecision(4);
    m_chart->addSeries(bars);
    auto *y = new QValueAxis;
    y->setTitleText(set->label());
    y->setMin(0);
    y->setMax(std::max(top * 1.15, 1.0));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->applyNiceNumbers();
    m_chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(x);
    bars->attachAxis(y);
    if (m_throughput) {
        m_chart->setTitle(tr("Throughput and MFU per run"));
        auto *line = new QLineSeries;
        line->setName(tr("MFU (%)"));
        auto *dots = new QScatterSeries;
        dots->setName(QString());
        dots->setMarkerSize(9);
        double mfuTop = 0;
        for (int i = 0; i < int(runs.size()); ++i) {
            // One decimal: the point label prints the value as it is.
            const double mfu = std::round(*runs[std::size_t(i)].mfuPct * 10) / 10;
            line->append(i, mfu);
            dots->append(i, mfu);
            mfuTop = std::max(mfuTop, *runs[std::size_t(i)].mfuPct);
        }
        line->setPointLabelsVisible(true);
        line->setPointLabelsFormat(QStringLiteral("@yPoint %"));
        line->setPointLabelsClipping(false);
        QPen pen(QColor(0xE0, 0x8A, 0x1E), 2.5);
        line->setPen(pen);
        dots->setColor(QColor(0xE0, 0x8A, 0x1E));
        m_chart->addSeries(line);
        m_chart->addSeries(dots);
        auto *y2 = new QValueAxis;
        y2->setTitleText(tr("MFU (%)"));
        y2->setMin(0);
        y2->setMax(std::max(10.0, std::ceil(mfuTop * 1.25 / 5) * 5));
        y2->setLabelFormat(QStringLiteral("%.0f"));
        m_chart->addAxis(y2, Qt::AlignRight);
        // The line's x runs over category indices; a hidden value axis maps them onto the bars.
        auto *xi = new QValueAxis;
        xi->setRange(-0.5, double(runs.size()) - 0.5);
        xi->setVisible(false);
        m_chart->addAxis(xi, Qt::AlignBottom);
        for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(line), static_cast<QAbstractSeries *>(dots)}) {
            s->attachAxis(xi);
            s->attachAxis(y2);
        }
        const auto markers = m_chart->legend()->markers(dots);
        if (!markers.isEmpty())
            markers.first()->setVisible(false);
        m_note->setText(tr("Tokens/s per GPU and MFU at each run's median step time (Analysis dock's MFU inputs)."));
    } else if (samples) {
        m_chart->setTitle(tr("Throughput per run"));
        m_note->setText(tr("Samples/s per GPU at each run's median step time (Analysis dock's MFU panel, with samples). "
                           "MFU is offered for tokens only: its 6 × parameters rule is a dense transformer's."));
    } else {
        m_chart->setTitle(tr("Median step time per run"));
        m_note->setText(tr("Enter the model's parameters and tokens per step in the Analysis dock's MFU panel to see "
                           "tokens/s and MFU per run here."));
    }
}

bool writeChart(QChartView *view, const QString &path, QString *error)
{
    // Only a regular file is replaced (never a FIFO, a device, nor a link's target).
    if (const QString why = io::notAReplaceableOutput(path); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    const QSize size = view->size().expandedTo(QSize(800, 450));
    if (QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(view->chart()->title());
        QPainter p(&svg);
        view->render(&p, QRectF(QPointF(0, 0), size), view->rect());
    } else {
        QImage img(size * 2, QImage::Format_ARGB32_Premultiplied);
        img.setDevicePixelRatio(2);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            p.setRenderHint(QPainter::Antialiasing);
            view->render(&p, QRectF(QPointF(0, 0), size), view->rect());
        }
        if (!img.save(&file, "PNG")) {
            if (error)
                *error = QObject::tr("could not encode the PNG");
            file.cancelWriting();
            return false;
        }
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace lanescope
