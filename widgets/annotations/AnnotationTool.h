// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The timeline's annotation tools: Select edits what is there (and keeps the timeline's
// own pan, range and slice clicks where nothing is hit); the others draw one kind each.
#include <cstdint>

namespace lanescope {

enum class AnnotationTool : std::uint8_t { Select, Callout, Arrow, Rect, Range, Marker };

} // namespace lanescope
