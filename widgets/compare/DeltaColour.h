// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's one colouring of a change against the baseline: green where the run is better,
// red where worse, the table's own colour where neither. The metrics, the differences by name and
// the hardware rows all use it. Neither: a change that reads as zero where it is shown ("−0.00 GiB":
// readsAsZero), and a figure that is not better or worse by nature (a critical-path part: time the
// path leaves one part for goes to another).
#include <QBrush>
#include <QColor>
#include <QString>
#include <QVariant>

#include <algorithm>

namespace lanescope {

// better: > 0 better than the baseline, < 0 worse, 0 no colour (Qt::ForegroundRole's value).
inline QVariant deltaForeground(int better)
{
    if (better > 0)
        return QBrush(QColor(0x1B, 0x7F, 0x3A));
    if (better < 0)
        return QBrush(QColor(0xC6, 0x28, 0x28));
    return {};
}

// Whether a change, as the table spells its size ("0.00 GiB", "0.0 ms"), has no digit but zeros:
// then it is no change at that precision, however many per cent of a small baseline it is.
inline bool readsAsZero(const QString &shownMagnitude)
{
    return std::none_of(shownMagnitude.begin(), shownMagnitude.end(), [](QChar c) { return c.digitValue() > 0; });
}

} // namespace lanescope
