// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/text/Names.h"

#include <string>

namespace lanescope::analysis {

QString normalizedName(std::string_view n, bool foldTemplates)
{
    std::string out;
    out.reserve(n.size());
    constexpr std::string_view step = "ProfilerStep";
    std::size_t i = 0;
    if (n.substr(0, step.size()) == step) {
        std::size_t j = step.size();
        while (j < n.size() && n[j] == ' ')
            ++j;
        if (j < n.size() && n[j] == '#') {
            std::size_t k = j + 1;
            while (k < n.size() && n[k] == ' ')
                ++k;
            std::size_t d = k;
            while (d < n.size() && n[d] >= '0' && n[d] <= '9')
                ++d;
            if (d > k) {
                out = "ProfilerStep#N";
                i = d;
            }
        }
    }
    while (i < n.size()) {
        const char c = n[i];
        if (foldTemplates && c == '<') {
            // The matching '>' of a balanced pair; an unbalanced '<' ("operator<") stays as it is.
            int depth = 0;
            std::size_t k = i;
            for (; k < n.size(); ++k) {
                if (n[k] == '<')
                    ++depth;
                else if (n[k] == '>' && --depth == 0)
                    break;
            }
            if (k < n.size()) {
                out += "<...>";
                i = k + 1;
                continue;
            }
        }
        out += c;
        ++i;
    }
    return QString::fromUtf8(out.data(), int(out.size()));
}

} // namespace lanescope::analysis
