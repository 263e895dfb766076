// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A measure is one unit of the analysis of a trace (the temporal breakdown, the gaps, the MFU, the
// critical path, ...), registered once: its key (the member of `analyze --json` it owns), the
// measures it needs, how it runs on one trace, how its result is written to JSON and the figures
// it adds to the figure catalogue, and its part of a rank summary. analyze() resolves what is
// analysed (the window, the steps) once, then runs the catalogue's measures in their run order;
// analysisJson() writes their members in the catalogue's order. docs/architecture.md ("Where to
// add things": a measure) says step by step what a new one takes.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/AnalysisRange.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/run/LaunchedDeviceTime.h"

#include <QString>

#include <any>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lanescope {
class JsonWriter;
}
namespace lanescope::analysis::summary {
class SummaryOut;
class SummaryIn;
struct SummaryObj;
} // namespace lanescope::analysis::summary

namespace lanescope::analysis {

// What a measure runs on: the trace, the options, the evidence index, what analyze() resolved
// once for every measure, and the result being filled (each measure fills its own part; a measure
// reads the parts of those it needs).
struct MeasureContext
{
    MeasureContext(const Trace &t, const AnalysisOptions &o, const detail::EvidenceIndex &ix, AnalysisResult &r)
        : trace(t), options(o), index(ix), result(r)
    {
    }

    const Trace &trace;
    const AnalysisOptions &options;
    const detail::EvidenceIndex &index;
    AnalysisResult &result;

    TimeRange range;                  // the analysed window (model time); empty: the whole trace
    std::vector<Step> stepsInScope;   // the steps inside it (all of them for the whole trace)
    // The complete steps the step time is the median of (Steps.h measuredSteps()).
    std::vector<Step> measured;
    // The measured steps' CPU spans, each stretched to the next one's start: the time counts and
    // shares are of (without steps: empty, the analysed window).
    std::vector<TimeRange> scope;
    AnalysisRange annotated;          // --annotation's instance, when one is analysed
    // Where a step's operators ran (its CPU span) or the annotation's; else the analysed window.
    TimeRange cpuRange;

    // Each activity's launched device time, built on first use and shared by the measures that
    // attribute GPU time to CPU events (summaries, source lines, operators' efficiency).
    const detail::LaunchedDeviceTime &launched();

private:
    std::unique_ptr<detail::LaunchedDeviceTime> m_launched;
};

// What a measure's JSON writer is given: the trace (its first event is the origin of the "_us"
// times that are instants), the finished result and the output's options.
struct AnalysisJsonOptions
{
    std::size_t top = SIZE_MAX; // rows of the longer lists (summaries, source lines, ...) written
    bool allFrames = false;     // source lines of every Python frame, not "my code only"
    const MeasuredFlops *flops = nullptr; // --measure-flops: the operators' flops args, summed
    std::vector<std::string> omit;        // measures whose members are left out (by key)
};

struct MeasureJsonContext
{
    const Trace &trace;
    const AnalysisResult &result;
    const AnalysisJsonOptions &options;
    TimeNs origin = 0; // the trace's first event

    // An instant in µs from the trace's first event; a duration in µs.
    double us(TimeNs t) const { return double(t - origin) / 1000.0; }
    static double usDur(TimeNs t) { return double(t) / 1000.0; }
};

// A figure a measure adds to the figure catalogue (FigureCatalogue.h): it reaches the comparison's
// metrics, the Metrics table and `compare --json` through the catalogue alone. Its value is read
// from the finished result and kept in RunFigures::measureFigures under its key.
struct MeasureFigure
{
    std::string key;                 // the JSON key, its unit included ("toy_total_us")
    const char *label = "";          // QT_TRANSLATE_NOOP("figures", ...): translated when shown
    const char *description = "";    // the same
    FigureUnit unit = FigureUnit::Count;
    bool higherIsBetter = false;
    FigureExtent extent = FigureExtent::Window;
    // Where it is shown (FigureSurface bits). InRanks: a column of the Ranks dock and of
    // `analyze DIR`'s ranks, and a figure of the outlier test, read from each rank's analysis; a
    // merge of summaries reads it from the part the measure wrote (writeSummary), so a figure on
    // InRanks needs one.
    unsigned surfaces = InComparison | InMetricsTable;
    std::string analyzePath;         // where analyze --json writes the same value ("toy.total_us"), or empty
    std::function<std::optional<double>(const AnalysisResult &)> value; // in the base unit (ns for times)
};

struct Measure
{
    std::string key;                // the analyze --json member it owns ("gaps"); unique
    std::vector<std::string> needs; // keys of the measures whose results it reads
    std::function<void(MeasureContext &)> run;
    // Writes its members into the open analyze object; none: it writes nothing.
    std::function<void(JsonWriter &, const MeasureJsonContext &)> writeJson;
    std::vector<MeasureFigure> figures;
    // Figures read from the run's figures (RunFigures, and a rank's RankFigures) rather than from
    // the result alone, declared whole (FigureCatalogue.h declareFigure()): the built-in measures'.
    // figureCatalogue() takes them by their order, before every MeasureFigure.
    std::vector<Figure> catalogueFigures;
    // Its part of a rank summary (job/RankSummaryJson.h, written with run/SummaryJson.h): what the
    // job's figures need of its result, exactly (integers as integers), as member `key` of the
    // summary's "analysis" object; and the reader that is its inverse, given that object (a member
    // left out reads as the result's default). None: the measure is not in a summary.
    std::function<void(summary::SummaryOut &, const AnalysisResult &)> writeSummary;
    std::function<void(summary::SummaryIn &, const summary::SummaryObj &, AnalysisResult &)> readSummary;
};

// An ordered set of measures. The order they are added in is the order of their members in the
// JSON; the run order puts each measure after those it needs, else keeps that order.
class MeasureCatalogue
{
public:
    // Adds m at the end. Refuses (false, *error says why) an empty or repeated key, or a measure
    // without run(); needs are checked by runOrder() (a need may be added after its user).
    bool add(Measure m, QString *error = nullptr);
    // The measures in the order added.
    std::vector<const Measure *> measures() const;
    const Measure *find(std::string_view key) const;
    // Each measure after the measures it needs (Kahn's algorithm, the earliest added first among
    // the ready ones). Empty, with *error saying which, when a need names no measure or the needs
    // form a cycle.
    std::vector<const Measure *> runOrder(QString *error = nullptr) const;

private:
    std::vector<std::unique_ptr<const Measure>> m_measures; // never moved: figures point at keys
};

// The catalogue analyze() runs: the built-in measures (core/analysis/measures/Measures.cpp), then
// those registerMeasure() added. Its first use fixes it.
const MeasureCatalogue &measureCatalogue();
// measureCatalogue()'s run order, computed once.
const std::vector<const Measure *> &measureRunOrder();
// Adds a measure to the catalogue, after the built-in ones. Only before the catalogue's first use
// (the first analysis, figure catalogue or JSON): false, with *error saying why, after it, for a
// key already taken, or when its needs name no measure or make a cycle.
bool registerMeasure(Measure m, QString *error = nullptr);

// The result a measure without a member of AnalysisResult keeps under its key, or null.
template <class T>
const T *measureResult(const AnalysisResult &r, const std::string &key)
{
    const auto it = r.measures.find(key);
    return it == r.measures.end() ? nullptr : std::any_cast<T>(&it->second);
}

} // namespace lanescope::analysis
