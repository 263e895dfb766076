// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/FigureCatalogue.h"

#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/Measure.h"

#include <QCoreApplication>

#include <algorithm>
#include <climits>
#include <string>

namespace lanescope::analysis {

// job/JobFigures.cpp: the job figures of a folder run, declared on the job side.
std::vector<Figure> jobFigures();

namespace {

using Value = std::optional<double>;

bool findIn(const std::vector<Figure> &figures, const char *key)
{
    return std::any_of(figures.begin(), figures.end(),
                       [&](const Figure &g) { return std::string_view(key) == g.key || (g.alias && std::string_view(key) == g.alias); });
}

// The figures of the run itself rather than of one measure: the step time, the median of the
// measured steps that analyze() resolves before any measure runs (RunFigures computes it).
std::vector<Figure> runLevelFigures()
{
    std::vector<Figure> out;
    Figure &f = out.emplace_back(declareFigure("step_time_us", FigureUnit::Ms, false, FigureExtent::Steps,
                                               InComparison | InMetricsTable | InRanks, 0, 0, 0, nullptr));
    f.value = [](const RunFigures &m) { return m.stepTimeNs; };
    f.rankValue = [](const RankFigures &r) { return r.stepTimeNs; };
    setFigureText(f, QT_TRANSLATE_NOOP("figures", "Step time"),
                  QT_TRANSLATE_NOOP("figures", "Median CPU duration of the complete ProfilerSteps (the last step of two or more is left "
                                               "out: the profiler closes it at its stop)"));
    return out;
}

std::vector<Figure> build()
{
    // Each measure declares its figures (Measure::catalogueFigures), the job side its own; their
    // places (Figure::order) make the catalogue's order, the comparison's, whichever declares
    // them: the contract's keys first (docs/architecture.md), then the rest of the comparison,
    // the job figures of a folder, and the figures of the Metrics table alone (the listed gaps by
    // cause) last.
    std::vector<Figure> out = runLevelFigures();
    const auto take = [&](std::vector<Figure> figures) {
        for (Figure &f : figures) {
            // A key the catalogue has already (the run's figure or another measure's) keeps its first figure.
            if (!findIn(out, f.key) && !(f.alias && findIn(out, f.alias)))
                out.push_back(std::move(f));
        }
    };
    for (const Measure *m : measureCatalogue().measures())
        take(m->catalogueFigures);
    take(jobFigures());
    // A figure without a place goes after those with one, in the order taken.
    std::stable_sort(out.begin(), out.end(), [](const Figure &a, const Figure &b) {
        const auto place = [](const Figure &f) { return f.order < 0 ? INT_MAX : f.order; };
        return place(a) < place(b);
    });
    const auto add = [&](const char *key, FigureUnit unit, bool higher, FigureExtent extent, unsigned surfaces, int tableOrder,
                         int rankOrder, const char *analyzePath) -> Figure & {
        out.push_back(declareFigure(key, unit, higher, extent, surfaces, -1, tableOrder, rankOrder, analyzePath));
        return out.back();
    };
    // The figures the measures add (Measure.h, MeasureFigure), in the measure catalogue's order,
    // after every figure above in the Metrics table; RunFigures::measureFigures holds their values.
    // Their key and path point into the catalogue's measures, which never move.
    int tableOrder = 0, rankOrder = 0;
    for (const Figure &f : out) {
        tableOrder = std::max(tableOrder, f.tableOrder + 1);
        rankOrder = std::max(rankOrder, f.rankOrder + 1);
    }
    for (const Measure *m : measureCatalogue().measures()) {
        for (const MeasureFigure &mf : m->figures) {
            // A key the catalogue has already (a figure above or another measure's) keeps its first figure.
            if (mf.key.empty() || !mf.value || findIn(out, mf.key.c_str()))
                continue;
            const unsigned surfaces = mf.surfaces & (InComparison | InMetricsTable | InRanks);
            Figure &f = add(mf.key.c_str(), mf.unit, mf.higherIsBetter, mf.extent, surfaces,
                            (surfaces & InMetricsTable) ? tableOrder++ : -1, (surfaces & InRanks) ? rankOrder++ : -1,
                            mf.analyzePath.empty() ? nullptr : mf.analyzePath.c_str());
            const std::string key = mf.key;
            f.value = [key](const RunFigures &run) {
                const auto it = run.measureFigures.find(key);
                return it == run.measureFigures.end() ? std::nullopt : Value(it->second);
            };
            // A rank's value from its own analysis (read back from its summary in a merge).
            if (surfaces & InRanks)
                f.rankValue = [value = mf.value](const RankFigures &r) { return value(r.analysis); };
            setFigureText(f, mf.label, mf.description);
        }
    }
    return out;
}

} // namespace

Figure declareFigure(const char *key, FigureUnit unit, bool higherIsBetter, FigureExtent extent, unsigned surfaces, int order,
                     int tableOrder, int rankOrder, const char *analyzePath)
{
    Figure f;
    f.key = key;
    f.unit = unit;
    f.higherIsBetter = higherIsBetter;
    f.extent = extent;
    f.surfaces = surfaces;
    f.order = order;
    f.tableOrder = tableOrder;
    f.rankOrder = rankOrder;
    f.analyzePath = analyzePath;
    return f;
}

void setFigureText(Figure &f, const char *label, const char *description)
{
    // Looked up under "figures", the context lupdate files them under (as FigureText.cpp's).
    f.label = [label](const FigureScope &) { return QCoreApplication::translate("figures", label); };
    f.description = [description] { return QCoreApplication::translate("figures", description); };
}

const std::vector<Figure> &figureCatalogue()
{
    static const std::vector<Figure> figures = build();
    return figures;
}

const Figure *findFigure(std::string_view key)
{
    for (const Figure &f : figureCatalogue())
        if (key == f.key || (f.alias && key == f.alias))
            return &f;
    return nullptr;
}

const std::vector<const Figure *> &figuresOn(FigureSurface surface)
{
    const auto make = [](FigureSurface s) {
        std::vector<const Figure *> v;
        for (const Figure &f : figureCatalogue())
            if (f.on(s))
                v.push_back(&f);
        if (s == InMetricsTable)
            std::stable_sort(v.begin(), v.end(), [](const Figure *a, const Figure *b) { return a->tableOrder < b->tableOrder; });
        else if (s == InRanks)
            std::stable_sort(v.begin(), v.end(), [](const Figure *a, const Figure *b) { return a->rankOrder < b->rankOrder; });
        return v;
    };
    static const std::vector<const Figure *> comparison = make(InComparison), table = make(InMetricsTable), ranks = make(InRanks);
    return surface == InMetricsTable ? table : surface == InRanks ? ranks : comparison;
}

} // namespace lanescope::analysis
