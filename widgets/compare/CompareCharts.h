// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's two charts (Qt Charts). The waterfall walks from the baseline's step time to
// one run's: a bar per part of the step (compute, idle by gap cause, communication/memory, short
// idle) rising or falling by that part's delta, so the bars end exactly at the run's step time.
// The throughput chart is the case study's "three stages" figure: tokens/s per GPU as bars and MFU
// as a line on a second axis, one category per run; without MFU inputs, the median step time.
#include "core/analysis/compare/Compare.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;

namespace lanescope {

class WaterfallChart : public QWidget
{
    Q_OBJECT
public:
    explicit WaterfallChart(QWidget *parent = nullptr);
    void setComparison(const analysis::ComparisonResult *result); // null clears
    void setRun(int run);     // the run (1..) whose waterfall is shown
    int run() const;
    QChartView *chartView() const { return m_view; }
    // "−148.2 ms: comm_wait gaps −140.0 ms, allocator −9.0 ms, compute +1.0 ms" for the shown run.
    QString summary() const;
    QString title() const; // the chart's title: both step times
    static QString partLabel(const QString &name);      // "Communication wait gaps"
    static QString shortPartLabel(const QString &name); // "Comm. wait": under a bar

private:
    void rebuild();
    QChart *m_chart;
    QChartView *m_view;
    QComboBox *m_run;
    QLabel *m_summary;
    std::vector<analysis::Waterfall> m_waterfall;
};

class ThroughputChart : public QWidget
{
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget *parent = nullptr);
    void setComparison(const analysis::ComparisonResult *result);
    QChartView *chartView() const { return m_view; }
    bool showsThroughput() const { return m_throughput; }

private:
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_note;
    bool m_throughput = false;
};

// Writes a chart as PNG (2× pixels) or SVG by the file's suffix, atomically. False with *error.
bool writeChart(QChartView *view, const QString &path, QString *error);

} // namespace lanescope
