// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/AnalysisJson.h"

#include "core/model/Trace.h"
#include "core/util/JsonWriter.h"

#include <algorithm>

namespace lanescope::analysis {

void writeAnalysisMembers(JsonWriter &j, const Trace &trace, const AnalysisResult &result, const AnalysisJsonOptions &options)
{
    const MeasureJsonContext c{trace, result, options, trace.minTs};
    for (const Measure *m : measureCatalogue().measures())
        if (m->writeJson && std::find(options.omit.begin(), options.omit.end(), m->key) == options.omit.end())
            m->writeJson(j, c);
}

QByteArray analysisJson(const Trace &trace, const AnalysisResult &result, const AnalysisJsonOptions &options)
{
    JsonWriter j;
    return j.bytes([&] { writeAnalysisMembers(j, trace, result, options); });
}

} // namespace lanescope::analysis
