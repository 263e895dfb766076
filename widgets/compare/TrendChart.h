// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The trend across the comparison's runs (Qt Charts): for the figure picked, each run's median per
// step in run order (a log_dir's sessions in time order, the baseline first) with the 95 % interval
// of that median as a band, from the comparison dock's step-noise measurement (StepNoiseRunner.h).
#include "widgets/compare/StepNoiseRunner.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;

namespace lanescope {

class TrendChart : public QWidget
{
    Q_OBJECT
public:
    explicit TrendChart(QWidget *parent = nullptr);
    void setNoise(const StepNoisePtr &noise); // null clears
    // The figure shown, by its key (analysis::kPerStepFigureKeys); false for a key not offered.
    bool setFigure(const QString &key);
    QString figure() const;
    QComboBox *figureBox() const { return m_figure; }
    QChartView *chartView() const { return m_view; }
    QString summary() const; // the sentence under the chart
    // The points drawn (median, low, high per run, in the axis' unit): tests read them.
    std::vector<TrendPoint> points() const { return m_points; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    QChart *m_chart;
    QChartView *m_view;
    QComboBox *m_figure;
    QLabel *m_summary;
    StepNoisePtr m_noise;
    std::vector<TrendPoint> m_points;
};

} // namespace lanescope
