// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The roofline of the operators' efficiency (analysis::OpsEfficiency): log-log, arithmetic intensity
// (FLOPs per byte) across, achieved TFLOPS up; the memory roof (intensity x HBM bandwidth) rising
// to the ridge point, the compute roof of the dominant dtype flat after it and one of each other
// dtype counted (fp8 and fp4 GEMMs beside bf16 ones, each at its own peak); one point per operator,
// shapes and dtype, coloured by the roof that bounds it, named in its hover tooltip. Only draws
// what the analysis measured: rows without intensity or GPU time have no point, a GPU without a
// table row no roofs (the note says so).
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"

#include <QWidget>

#include <vector>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace lanescope {

class RooflineChart : public QWidget
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget *parent = nullptr);

    // `rows`: the ones to draw (the table's, after its filter); `e` gives the roofs.
    void setData(const analysis::OpsEfficiency &e, std::vector<analysis::OpEfficiencyRow> rows);

    // For tests and the tooltip: the points drawn, each with its row.
    int pointCount() const;
    const std::vector<analysis::OpEfficiencyRow> &rows() const { return m_rows; }
    QLineSeries *memoryRoof() const { return m_memoryRoof; }
    QLineSeries *computeRoof() const { return m_computeRoof; } // the dominant dtype's
    const std::vector<QLineSeries *> &computeRoofs() const { return m_computeRoofs; } // every dtype's, dominant first
    QChart *chart() const { return m_chart; }
    QString noteText() const;
    // The tooltip of the point of row `row` (of rows()).
    QString pointText(std::size_t row) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void pointHovered(QScatterSeries *series, const QPointF &point, bool state);

    analysis::OpsEfficiency m_e;       // the roofs (its rows unused)
    std::vector<analysis::OpEfficiencyRow> m_rows;
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_note;
    QLogValueAxis *m_x, *m_y;
    QLineSeries *m_memoryRoof = nullptr, *m_computeRoof = nullptr;
    std::vector<QLineSeries *> m_computeRoofs;
    // Per scatter series, the row of each of its points, in order.
    std::vector<std::pair<QScatterSeries *, std::vector<std::size_t>>> m_points;
};

} // namespace lanescope
