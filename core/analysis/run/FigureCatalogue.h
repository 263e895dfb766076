// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The catalogue of a run's figures: every figure a comparison, the Metrics table, the Ranks dock
// (and its outlier test) and the `compare` / `analyze DIR` JSON show, listed once with its key,
// label, unit, direction, scope and how its value is read. Those surfaces iterate this list; none
// keeps a list of its own, so a figure added to it appears on each of them with one key and one
// value. Each figure is declared by the measure that produces it (Measure.h: catalogueFigures, or
// a MeasureFigure), the job figures of a folder by job/JobFigures.cpp and the run's step time by
// FigureCatalogue.cpp; figureCatalogue() assembles them.
//
// Values. A getter returns the figure in its base unit, as RunFigures holds it: nanoseconds for
// times, percent, bytes, counts. The JSON writes it in its key's unit (jsonValue(): times in µs,
// the "_us" of the key); the Metrics table keeps the base unit and spells it (FigureText.h).
//
// Keys. Each figure has one key. Where older output spelled a figure another way (the listed gaps'
// total is "gap_total_us" in `compare` but was "gaps_total_us" per rank in `analyze DIR`), the
// other spelling is the figure's alias: output that carried it still writes it, beside the key
// (docs/cli-reference.md lists the aliases).
#include "core/analysis/run/RunFigures.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace lanescope::analysis {

struct JobRunFigures;
struct RankFigures;

// How a figure is counted and spelled. Ms and Us are both times held in ns (written in µs); they
// differ in how a table spells them (FigureText.h ms() or us()).
enum class FigureUnit : std::uint8_t { Ms, Pct, Count, Bytes, Tflops, TokensPerS, SamplesPerS, Us };

// What a figure was measured over.
enum class FigureExtent : std::uint8_t {
    Steps,  // the analysed steps: the median complete step, or the steps' spans
    Window, // the analysed window (the whole trace unless a window or step is analysed)
    Trace,  // the whole trace whatever was analysed (the memory counters)
};

// Where a figure is shown (bits of Figure::surfaces).
enum FigureSurface : unsigned {
    InComparison = 1u << 0,  // the comparison's metrics: `compare --json` deltas and text table
    InMetricsTable = 1u << 1, // the comparison dock's Metrics table
    InRanks = 1u << 2,       // a column of the Ranks dock, `analyze DIR`'s rank table, the outlier test
};

struct Figure
{
    const char *key = "";        // the JSON key ("step_time_us"), its unit included
    const char *alias = nullptr; // the same figure's older key where output used one, else null
    FigureUnit unit = FigureUnit::Count;
    bool higherIsBetter = false;
    FigureExtent extent = FigureExtent::Window;
    unsigned surfaces = 0;
    // Place in the catalogue, which is the comparison's order (the contract's keys first); -1:
    // after every figure with a place, in the measures' order.
    int order = -1;
    int tableOrder = -1; // row of the Metrics table (its own reading order); -1: not there
    int rankOrder = -1;  // column of the Ranks dock among the figures; -1: not there
    // Where `analyze --json` writes the same value ("temporal.idle_pct"), or null: not there.
    const char *analyzePath = nullptr;
    // A figure of one run (RunFigures), a job figure of a folder among a comparison's runs
    // (JobRunFigures; unknown for a run that is one trace), or neither.
    std::function<std::optional<double>(const RunFigures &)> value;
    std::function<std::optional<double>(const JobRunFigures &)> jobValue;
    // Rows that read "count × time" (the listed gaps of one cause): the count.
    std::function<std::optional<double>(const RunFigures &)> count;
    // The figure of one rank of a folder (RankFigures: the ranks' own measure of it).
    std::function<std::optional<double>(const RankFigures &)> rankValue;
    // Translated; the label may name the baseline's gap definition ("GEMM gaps ≥ 15 ms").
    std::function<QString(const FigureScope &)> label;
    std::function<QString()> description;
    int gapCause = -1; // a row of the listed gaps of one cause (GapCause), for the cause's own label
    int pathPart = -1; // a part of the critical path (PathPart)

    bool on(FigureSurface s) const { return (surfaces & s) != 0; }
    bool isJobFigure() const { return bool(jobValue); }
    bool isTime() const { return unit == FigureUnit::Ms || unit == FigureUnit::Us; }
    // A base-unit value in the key's unit (ns -> µs for times).
    double jsonValue(double base) const { return isTime() ? base / 1000.0 : base; }
    std::optional<double> jsonValue(const std::optional<double> &base) const
    {
        return base ? std::optional<double>(jsonValue(*base)) : std::nullopt;
    }
    // The key a rank's figure had in `analyze DIR` and its outlier lists: the alias where one exists.
    const char *rankKey() const { return alias ? alias : key; }
};

// A built-in figure as its measure declares it (Measure::catalogueFigures): key, unit, direction,
// extent, surfaces, its places (order, tableOrder, rankOrder) and `analyze --json` path; the
// caller adds the getters and the text.
Figure declareFigure(const char *key, FigureUnit unit, bool higherIsBetter, FigureExtent extent, unsigned surfaces, int order,
                     int tableOrder, int rankOrder, const char *analyzePath);
// A fixed label and description, each a QT_TRANSLATE_NOOP("figures", ...), translated when shown.
void setFigureText(Figure &f, const char *label, const char *description);

// Every figure, in the comparison's order: the contract's keys first (docs/architecture.md), then
// the rest of the comparison, the job figures of a folder last; figures of the Metrics table alone
// (the listed gaps by cause) after them.
const std::vector<Figure> &figureCatalogue();
// The figure of a key or an alias; null when none.
const Figure *findFigure(std::string_view key);
// The figures of one surface, in that surface's order (tableOrder, rankOrder, or the catalogue's).
const std::vector<const Figure *> &figuresOn(FigureSurface surface);

} // namespace lanescope::analysis
