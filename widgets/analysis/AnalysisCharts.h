// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The dock's two charts (Qt Charts): where the GPU's time went (idle / compute / non-compute, with
// the communication-computation overlap and memory figures beneath), and how long the listed gaps
// are (counts in 1-3-10 bins, stacked by cause in the cause colours).
#include "widgets/analysis/AnalysisRunner.h"

#include <QSplitter>
#include <QWidget>

class QChart;
class QChartView;
class QLabel;

namespace lanescope {

class AnalysisFeed;

class BreakdownChart : public QWidget
{
    Q_OBJECT
public:
    explicit BreakdownChart(QWidget *parent = nullptr);
    void setResult(const AnalysisResultPtr &result); // null clears
    QChartView *chartView() const { return m_view; }
    QString overlapText() const;
    QString memoryText() const;
    // Compute idle (the figure the dock's header leads with) and how it differs from the pie's idle.
    QString computeIdleText() const;

private:
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_computeIdle;
    QLabel *m_overlap;
    QLabel *m_memory;
};

class GapHistogram : public QWidget
{
    Q_OBJECT
public:
    // Bin edges in ns: 1, 3, 10, 30 ... µs up to 10 s; the last bin is open-ended.
    static const std::vector<TimeNs> &binEdges();
    static int binOf(TimeNs dur);
    static QString binLabel(int bin);

    explicit GapHistogram(QWidget *parent = nullptr);
    // The gaps of the table; the bins shown start at the one holding `threshold`.
    void setGaps(const std::vector<analysis::Gap> &gaps, TimeNs threshold);
    QChartView *chartView() const { return m_view; }
    // Shown counts per bin (all causes), from the first shown bin; for tests.
    const std::vector<int> &counts() const { return m_counts; }
    int firstBin() const { return m_firstBin; }

private:
    QChart *m_chart;
    QChartView *m_view;
    std::vector<int> m_counts;
    int m_firstBin = 0;
};

// The dock's Breakdown tab: the two charts one above the other, following the dock's analysis.
class BreakdownPanel : public QSplitter
{
    Q_OBJECT
public:
    explicit BreakdownPanel(AnalysisFeed *feed, QWidget *parent = nullptr);
    BreakdownChart *breakdown() const { return m_breakdown; }
    GapHistogram *histogram() const { return m_histogram; }

private:
    BreakdownChart *m_breakdown;
    GapHistogram *m_histogram;
    TimeNs m_threshold = analysis::GapOptions{}.minGap; // the last result's: a cleared histogram keeps its bins
};

} // namespace lanescope
