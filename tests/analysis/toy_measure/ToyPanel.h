// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The toy measure's panel (ToyMeasure.h), registered with registerAnalysisPanel(toyPanelKind())
// (widgets/analysis/AnalysisPanels.h): a tab of the Analysis dock that reads the toy's result out of
// the analysis the dock shows (AnalysisResult::measures, measureResult<ToyResult>()). It uses the
// widgets library, so only the window's tests build it; the measure itself needs the core alone.
#include "widgets/analysis/AnalysisPanels.h"

namespace lanescope::test {

// Key "toy" (the measure's), the last tab; its panel is a QLabel named "toyPanel".
AnalysisPanelKind toyPanelKind();

// What the panel says for a result: empty for none, "no toy result" for one without the toy.
QString toyPanelText(const analysis::AnalysisResult *result);

} // namespace lanescope::test
