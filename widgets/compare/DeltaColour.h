// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's one colouring of a change against the baseline: green where the run is better,
// red where worse, the table's own colour where neither. The metrics, the differences by name and
// the hardware rows all use it.
#include <QBrush>
#include <QColor>
#include <QVariant>

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

} // namespace lanescope
