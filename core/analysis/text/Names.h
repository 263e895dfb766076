// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How names are spelled where runs and summaries group events by name.
#include <QString>

#include <string_view>

namespace lanescope::analysis {

// A name as the differences and the summaries count it: "ProfilerStep#17" -> "ProfilerStep#N";
// with foldTemplates, every balanced <...> -> <...>
// ("vectorized_elementwise_kernel<4, add<float> >(int)" -> "vectorized_elementwise_kernel<...>(int)").
QString normalizedName(std::string_view name, bool foldTemplates = false);

} // namespace lanescope::analysis
