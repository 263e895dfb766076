// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/AnalysisCharts.h"

#include "widgets/analysis/AnalysisPanels.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/ChartStyle.h"

#include "widgets/render/GapCauseStyle.h"
#include "widgets/analysis/GapTableModel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLocale>
#include <QPieSeries>
#include <QPieSlice>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <array>

namespace lanescope {

namespace {

QLabel *makeNote(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setContentsMargins(6, 2, 6, 2);
    return l;
}

QString gib(std::int64_t bytes) { return analysis::figure::gib(double(bytes)); }

} // namespace

BreakdownChart::BreakdownChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(makeChartView(m_chart, this, 180))
    , m_computeIdle(makeNote(this))
    , m_overlap(makeNote(this))
    , m_memory(makeNote(this))
{
    m_chart->setTitle(tr("GPU time"));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_computeIdle);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_overlap);
    layout->addWidget(m_memory);
    setResult(nullptr);
}

QString BreakdownChart::overlapText() const { return m_overlap->text(); }
QString BreakdownChart::memoryText() const { return m_memory->text(); }
QString BreakdownChart::computeIdleText() const { return m_computeIdle->text(); }

void BreakdownChart::setResult(const AnalysisResultPtr &result)
{
    m_chart->removeAllSeries();
    m_chart->setTitle(tr("GPU time"));
    if (!result || result->temporal.span <= 0) {
        m_overlap->setText(result ? tr("No GPU activity in the analysed time.") : QString());
        m_memory->clear();
        m_computeIdle->clear();
        return;
    }
    const auto &t = result->temporal;
    const QLocale locale;
    const analysis::ComputeIdle &ci = result->computeIdle;
    m_computeIdle->setText(tr("%1 (%2) %3. The pie below measures something else: all GPU activity (copies and "
                              "communication count as busy) over the GPU span, so its idle share differs by definition.")
                               .arg(GapTableModel::computeIdleFigure(ci), GapTableModel::durationText(ci.idleNs),
                                    GapTableModel::computeIdleScope(ci)));
    auto *series = new QPieSeries;
    struct Part
    {
        QString name;
        double pct;
        QColor color;
    };
    // Idle grey, compute green, non-compute (communication and copies not hidden under compute) amber.
    const std::array<Part, 3> parts = {{
        {tr("Compute"), t.computePct, QColor(0x2E, 0x7D, 0x32)},
        {tr("Non-compute"), t.nonComputePct, QColor(0xF9, 0xA8, 0x25)},
        {tr("All-GPU idle"), t.idlePct, QColor(0xB0, 0xBE, 0xC5)},
    }};
    for (const Part &p : parts) {
        // The legend carries the shares (the times are in the note beneath); the pie itself stays
        // unlabelled to fit a narrow dock.
        auto *slice = series->append(tr("%1 %2 %").arg(p.name, locale.toString(p.pct, 'f', 1)), std::max(0.0, p.pct));
        slice->setColor(p.color);
        slice->setBorderColor(p.color.darker(130));
    }
    series->setPieSize(0.9);
    m_chart->addSeries(series);
    m_chart->setTitle(t.communication > 0 ? tr("GPU time · comm–compute overlap %1 %").arg(locale.toString(t.commCompOverlapPct, 'f', 1))
                                          : tr("GPU time"));

    QString overlap = tr("Compute %1, non-compute %2, all-GPU idle %3 of a GPU span of %4 (GPU activities counted: %5).")
                          .arg(GapTableModel::durationText(t.compute), GapTableModel::durationText(t.nonCompute),
                               GapTableModel::durationText(t.idle), GapTableModel::durationText(t.span),
                               locale.toString(quint64(t.activities)));
    overlap += QLatin1Char(' ');
    if (t.communication > 0)
        overlap += tr("Communication overlapped by computation: %1 % of %2 of communication.")
                      .arg(locale.toString(t.commCompOverlapPct, 'f', 1), GapTableModel::durationText(t.communication));
    else
        overlap += tr("No communication kernels in the analysed time.");
    if (t.lastStepExcluded)
        overlap += QLatin1Char(' ') + tr("The last ProfilerStep is left out, as Holistic Trace Analysis does.");
    if (t.definition == analysis::GpuTimeDefinition::Hta)
        overlap += QLatin1Char(' ')
            + tr("HTA definition: every event carrying a stream counts as GPU time (%1 of them not device activity).")
                  .arg(locale.toString(quint64(t.streamEvents)));
    m_overlap->setText(overlap);

    const auto &m = result->memory;
    if (m.peakAllocated >= 0)
        m_memory->setText(tr("Memory: peak allocated %1, peak reserved %2; %3 cudaMalloc and %4 cudaFree calls.")
                              .arg(gib(m.peakAllocated), m.peakReserved >= 0 ? gib(m.peakReserved) : tr("unknown"))
                              .arg(m.mallocCalls)
                              .arg(m.freeCalls));
    else
        m_memory->setText(tr("Memory: the trace has no allocator events (profile_memory=True records them)."));
}

const std::vector<TimeNs> &GapHistogram::binEdges()
{
    // 1-3-10 steps: two bins per decade read as a log scale without a log axis, from launch jitter
    // (a few µs) up to whole-step stalls (seconds).
    static const std::vector<TimeNs> edges = [] {
        std::vector<TimeNs> e;
        for (TimeNs decade = 1'000; decade <= 1'000'000'000; decade *= 10) {
            e.push_back(decade);
            e.push_back(3 * decade);
        }
        e.push_back(10'000'000'000);
        return e;
    }();
    return edges;
}

int GapHistogram::binOf(TimeNs dur)
{
    const auto &e = binEdges();
    const auto it = std::upper_bound(e.begin(), e.end(), dur);
    return std::max(0, int(it - e.begin()) - 1); // below 1 µs: the first bin
}

QString GapHistogram::binLabel(int bin)
{
    const auto &e = binEdges();
    auto text = [](TimeNs ns) {
        using analysis::figure::TimeUnit; // the figures' units, as the gap table beside it
        if (ns >= 1'000'000'000)
            return analysis::figure::duration(double(ns / 1'000'000'000 * 1'000'000'000), TimeUnit::S, 0);
        if (ns >= 1'000'000)
            return analysis::figure::duration(double(ns / 1'000'000 * 1'000'000), TimeUnit::Ms, 0);
        return analysis::figure::duration(double(ns / 1'000 * 1'000), TimeUnit::Us, 0);
    };
    if (bin + 1 >= int(e.size()))
        return tr("≥ %1").arg(text(e.back()));
    // "10–30 ms": the unit once, after the upper edge.
    const QString lo = text(e[std::size_t(bin)]), hi = text(e[std::size_t(bin) + 1]);
    const QString unit = hi.section(QLatin1Char(' '), 1);
    if (lo.section(QLatin1Char(' '), 1) == unit)
        return tr("%1–%2").arg(lo.section(QLatin1Char(' '), 0, 0), hi);
    return tr("%1–%2").arg(lo, hi);
}

GapHistogram::GapHistogram(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(makeChartView(m_chart, this, 180))
{
    m_chart->setTitle(tr("Gap lengths"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void GapHistogram::setGaps(const std::vector<analysis::Gap> &gaps, TimeNs threshold)
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *a : m_chart->axes()) {
        m_chart->removeAxis(a);
        delete a;
    }
    m_counts.clear();
    m_firstBin = binOf(threshold);
    int lastBin = m_firstBin;
    for (const analysis::Gap &g : gaps)
        lastBin = std::max(lastBin, binOf(g.dur));
    const int bins = lastBin - m_firstBin + 1;
    m_counts.assign(std::size_t(bins), 0);
    std::array<std::vector<int>, GapCauseStyle::kCauseCount> byCause;
    for (auto &v : byCause)
        v.assign(std::size_t(bins), 0);
    for (const analysis::Gap &g : gaps) {
        const int b = std::max(0, binOf(g.dur) - m_firstBin);
        ++m_counts[std::size_t(b)];
        ++byCause[std::size_t(g.cause)][std::size_t(b)];
    }
    if (gaps.empty()) {
        m_chart->setTitle(tr("Gap lengths: no gaps listed"));
        return;
    }
    m_chart->setTitle(tr("Gap lengths (gaps listed: %1)").arg(gaps.size()));
    auto *series = new QStackedBarSeries;
    for (int c = 0; c < GapCauseStyle::kCauseCount; ++c) {
        const auto &v = byCause[std::size_t(c)];
        if (std::all_of(v.begin(), v.end(), [](int n) { return n == 0; }))
            continue;
        const auto cause = analysis::GapCause(c);
        auto *set = new QBarSet(GapCauseStyle::label(cause));
        set->setColor(GapCauseStyle::color(cause));
        set->setBorderColor(GapCauseStyle::color(cause).darker(130));
        for (int n : v)
            *set << n;
        series->append(set);
    }
    series->setBarWidth(0.9);
    m_chart->addSeries(series);
    QStringList labels;
    for (int b = m_firstBin; b <= lastBin; ++b)
        labels << binLabel(b);
    auto *x = new QBarCategoryAxis;
    x->append(labels);
    x->setTitleText(tr("gap length"));
    QFont small = x->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    x->setLabelsFont(small);
    auto *y = new QValueAxis;
    const int most = *std::max_element(m_counts.begin(), m_counts.end());
    // Whole numbers only: at most five ticks, a whole step apart.
    const int step = std::max(1, (most + 3) / 4);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(step);
    y->setRange(0, step * ((std::max(1, most) + step - 1) / step));
    y->setLabelFormat(QStringLiteral("%d"));
    y->setTitleText(tr("gaps"));
    y->setLabelsFont(small);
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

BreakdownPanel::BreakdownPanel(AnalysisFeed *feed, QWidget *parent)
    : QSplitter(Qt::Vertical, parent)
    , m_breakdown(new BreakdownChart(this))
    , m_histogram(new GapHistogram(this))
{
    setChildrenCollapsible(false);
    addWidget(m_breakdown);
    addWidget(m_histogram);
    setStretchFactor(0, 1);
    setStretchFactor(1, 1);
    connect(feed, &AnalysisFeed::changed, this, [this, feed] {
        const AnalysisResultPtr &r = feed->result();
        m_breakdown->setResult(r);
        if (r)
            m_threshold = r->options.gaps.minGap;
        m_histogram->setGaps(r ? r->gaps : std::vector<analysis::Gap>{}, m_threshold);
    });
}

} // namespace lanescope
