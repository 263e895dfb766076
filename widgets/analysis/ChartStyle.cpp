// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/ChartStyle.h"

#include <QChart>
#include <QChartView>
#include <QAbstractAxis>
#include <QGraphicsLayout>
#include <QLegend>
#include <QPalette>

namespace lanescope {

QChartView *makeChartView(QChart *chart, QWidget *parent, int minimumHeight)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(minimumHeight);
    return view;
}

void applyChartPalette(QChart *chart, const QPalette &palette)
{
    chart->setBackgroundBrush(palette.brush(QPalette::Base));
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(palette.brush(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    QColor grid = palette.color(QPalette::Mid);
    QColor minor = grid;
    minor.setAlpha(90);
    for (QAbstractAxis *a : chart->axes()) {
        a->setLabelsColor(palette.color(QPalette::Text));
        a->setTitleBrush(palette.brush(QPalette::Text));
        a->setLinePenColor(palette.color(QPalette::Mid));
        a->setGridLineColor(grid);
        a->setMinorGridLineColor(minor);
    }
}

} // namespace lanescope
