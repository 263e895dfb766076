// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pixel checks of rendered frames: how many pixels of exactly one colour a region holds.
#include <QColor>
#include <QImage>
#include <QRect>

namespace lanescope::test {

// Pixels of exactly this colour inside `area` (clipped to the image).
inline int countColour(const QImage &img, const QColor &c, const QRect &area)
{
    int n = 0;
    const QRect r = area.intersected(img.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += img.pixelColor(x, y) == c ? 1 : 0;
    return n;
}

} // namespace lanescope::test
