// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/analysis/toy_measure/ToyMeasure.h"

#include "core/analysis/run/KernelClass.h"
#include "core/model/Trace.h"
#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <algorithm>
#include <string_view>

namespace lanescope::test {

using namespace analysis;

Measure toyMeasure()
{
    Measure m;
    m.key = "toy";
    m.needs = {"temporal"}; // reads the breakdown's activity count
    m.run = [](MeasureContext &c) {
        ToyResult r;
        r.activities = std::int64_t(c.result.temporal.activities);
        const Trace &t = c.trace;
        for (const Track &tr : t.tracks) {
            if (tr.kind != TrackKind::Gpu)
                continue;
            for (std::size_t i = 0; i < tr.size(); ++i) {
                const std::uint16_t cat = tr.catId[i];
                const CategoryClass cc = cat < t.categoryClass.size() ? t.categoryClass[cat] : CategoryClass::Other;
                if (!isGpuActivity(cc) || !(c.range.empty() || c.range.contains(tr.start[i])))
                    continue;
                r.longestNs = std::max<TimeNs>(r.longestNs, tr.dur[i]);
                if (cc == CategoryClass::Kernel) {
                    const std::string_view name = t.strings.view(tr.nameId[i]);
                    const char first = name.empty() ? '\0' : name.front();
                    r.letteredKernels += ((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z')) ? 1 : 0;
                }
            }
        }
        c.result.measures["toy"] = r;
    };
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) {
        const ToyResult *r = measureResult<ToyResult>(c.result, "toy");
        if (!r) {
            j.field("toy", nullptr);
            return;
        }
        j.object("toy", [&] {
            j.field("longest_activity_us", c.usDur(r->longestNs));
            j.field("activities", r->activities);
            j.field("lettered_kernels", r->letteredKernels);
        });
    };
    // Its part of a rank summary, exact, and the reader that is its inverse.
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        const ToyResult *r = measureResult<ToyResult>(a, "toy");
        o.obj("toy", [&] {
            o.i("longest_ns", r ? r->longestNs : 0);
            o.i("activities", r ? r->activities : 0);
            o.i("lettered_kernels", r ? r->letteredKernels : 0);
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        const summary::SummaryObj v = in.object(av, "toy");
        ToyResult r;
        r.longestNs = in.i64(v, "longest_ns", 0, 0, summary::kMaxNsInt);
        r.activities = in.i64(v, "activities", 0, 0);
        r.letteredKernels = in.i64(v, "lettered_kernels", 0, 0);
        a.measures["toy"] = r;
    };
    // A count that differs between runs of one model (the demo pair's tuned run has fewer, fused
    // kernels). Declared first, so the longest activity stays the catalogue's last figure.
    MeasureFigure n;
    n.key = "toy_lettered_kernels";
    n.label = QT_TRANSLATE_NOOP("figures", "Kernels named with a letter");
    n.description = QT_TRANSLATE_NOOP("figures", "Kernels in the analysed window whose name starts with a letter (a test's toy measure)");
    n.unit = FigureUnit::Count;
    n.extent = FigureExtent::Window;
    n.surfaces = InComparison | InMetricsTable;
    n.analyzePath = "toy.lettered_kernels";
    n.value = [](const AnalysisResult &a) -> std::optional<double> {
        const ToyResult *r = measureResult<ToyResult>(a, "toy");
        return r ? std::optional<double>(double(r->letteredKernels)) : std::nullopt;
    };
    m.figures.push_back(std::move(n));
    MeasureFigure f;
    f.key = "toy_longest_activity_us";
    f.label = QT_TRANSLATE_NOOP("figures", "Longest GPU activity");
    f.description = QT_TRANSLATE_NOOP("figures", "The longest kernel, copy or memset in the analysed window (a test's toy measure)");
    f.unit = FigureUnit::Us;
    f.extent = FigureExtent::Window;
    f.surfaces = InComparison | InMetricsTable | InRanks;
    f.analyzePath = "toy.longest_activity_us";
    f.value = [](const AnalysisResult &a) -> std::optional<double> {
        const ToyResult *r = measureResult<ToyResult>(a, "toy");
        return r && r->activities > 0 ? std::optional<double>(double(r->longestNs)) : std::nullopt;
    };
    m.figures.push_back(std::move(f));
    return m;
}

} // namespace lanescope::test
