// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a gap cause looks to people: its translated label, a one-line description and its colour.
// The analysis dock's table, its histogram and (through the stable key the dock emits) the timeline
// highlight use the same colour for the same cause.
#include "core/analysis/measures/gaps/Gaps.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace lanescope {

class GapCauseStyle
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::GapCauseStyle)
public:
    static constexpr int kCauseCount = int(analysis::GapCause::Other) + 1;

    static QString key(analysis::GapCause cause);   // "comm_wait", ... (the CLI's spelling, stable)
    static bool fromKey(const QString &key, analysis::GapCause *out);
    static QString label(analysis::GapCause cause); // "Communication wait", translated (short: a table column)
    static QString description(analysis::GapCause cause);
    static QColor color(analysis::GapCause cause);

    // The same by key, for receivers of AnalysisDock::gapActivated (unknown keys read as "other").
    static QString labelForKey(const QString &key);
    static QColor colorForKey(const QString &key);
};

} // namespace lanescope
