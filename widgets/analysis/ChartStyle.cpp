// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/ChartStyle.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>

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

} // namespace lanescope
