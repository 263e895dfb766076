// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/annotations/Annotation.h"

#include <QCoreApplication>

namespace lanescope::annotations {

namespace {

struct ColorEntry
{
    const char *key;
    std::uint32_t rgb;
    const char *label;
};

// Relative luminance 0.19-0.28: contrast of at least 3:1 against white and against the #1E1F22 of
// a dark theme, for lines and boxes alike.
constexpr ColorEntry kColors[kColorCount] = {
    {"red", 0xE5484D, QT_TRANSLATE_NOOP("lanescope::annotations", "Red")},
    {"orange", 0xD9730D, QT_TRANSLATE_NOOP("lanescope::annotations", "Orange")},
    {"green", 0x2E9E4F, QT_TRANSLATE_NOOP("lanescope::annotations", "Green")},
    {"blue", 0x3B7FE0, QT_TRANSLATE_NOOP("lanescope::annotations", "Blue")},
    {"purple", 0xA461D8, QT_TRANSLATE_NOOP("lanescope::annotations", "Purple")},
    {"grey", 0x8A8F98, QT_TRANSLATE_NOOP("lanescope::annotations", "Grey")},
};

constexpr const char *kKinds[kKindCount] = {"callout", "arrow", "rect", "range", "marker"};

} // namespace

const char *kindKey(Kind kind) { return kKinds[std::size_t(kind) < std::size(kKinds) ? std::size_t(kind) : 0]; }

bool kindFromKey(const QString &key, Kind *out)
{
    for (int i = 0; i < kKindCount; ++i)
        if (key == QLatin1String(kKinds[i])) {
            *out = Kind(i);
            return true;
        }
    return false;
}

const char *colorKey(Color color) { return kColors[std::size_t(color) < std::size(kColors) ? std::size_t(color) : 0].key; }

bool colorFromKey(const QString &key, Color *out)
{
    for (int i = 0; i < kColorCount; ++i)
        if (key == QLatin1String(kColors[i].key)) {
            *out = Color(i);
            return true;
        }
    return false;
}

std::uint32_t colorRgb(Color color) { return kColors[std::size_t(color) < std::size(kColors) ? std::size_t(color) : 0].rgb; }

QString colorLabel(Color color)
{
    return QCoreApplication::translate("lanescope::annotations",
                                       kColors[std::size_t(color) < std::size(kColors) ? std::size_t(color) : 0].label);
}

} // namespace lanescope::annotations
