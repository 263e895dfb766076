// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the application's charts look (the analysis dock's and the comparison's): no animation, thin
// margins, square corners, antialiased, and a minimum height to stay readable in a narrow dock.
class QChart;
class QChartView;
class QWidget;

namespace lanescope {

QChartView *makeChartView(QChart *chart, QWidget *parent, int minimumHeight);

} // namespace lanescope
