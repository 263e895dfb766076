// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the application's charts look (the analysis dock's and the comparison's): no animation, thin
// margins, square corners, antialiased, and a minimum height to stay readable in a narrow dock.
class QChart;
class QChartView;
class QPalette;
class QWidget;

namespace lanescope {

QChartView *makeChartView(QChart *chart, QWidget *parent, int minimumHeight);
// The chart's background, title, legend, axes and grid in the palette's colours (the dark theme's
// too), keeping the series' own; call again on a palette change.
void applyChartPalette(QChart *chart, const QPalette &palette);

} // namespace lanescope
