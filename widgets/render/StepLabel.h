// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The label of a ProfilerStep band under the time axis, fitted to its band: the whole name where it
// fits ("ProfilerStep#12"), else its number ("#12"), which is what tells the bands apart; nothing
// where not even that fits. A cut name ("ProfilerSte…") would read the same on every band.
#include <QFontMetrics>
#include <QString>

namespace lanescope {

inline QString stepBandLabel(const QString &name, const QFontMetrics &fm, int width)
{
    if (fm.horizontalAdvance(name) <= width)
        return name;
    const qsizetype hash = name.lastIndexOf(QLatin1Char('#'));
    if (hash >= 0 && hash + 1 < name.size()) {
        const QString number = name.mid(hash);
        return fm.horizontalAdvance(number) <= width ? number : QString();
    }
    // A step named otherwise (an annotation a trace marks its iterations with): cut at its end.
    return fm.elidedText(name, Qt::ElideRight, width);
}

} // namespace lanescope
