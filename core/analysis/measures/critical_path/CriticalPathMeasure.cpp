// SPDX-License-Identifier: GPL-3.0-or-later
// The critical path as a measure (Measure.h): "critical_path" of the step analysed alone, else of
// the median-length complete step analysed; of the annotation analysed; without a complete step in
// the analysed window, of the window.
#include "core/analysis/run/AnalysisJson.h"

#include "core/analysis/run/SummaryJson.h"
#include "core/util/JsonWriter.h"

#include <QCoreApplication>

#include <array>
#include <string>

namespace lanescope::analysis {

void writeCriticalPathJson(JsonWriter &j, const CriticalPath &cp, bool full, TimeNs origin)
{
    const auto us = [origin](TimeNs t) { return double(t - origin) / 1000.0; };
    const auto usDur = [](TimeNs t) { return double(t) / 1000.0; };
    if (!cp.valid) {
        j.field("critical_path", nullptr);
        // Why there is none, where the analysis says (an addition: a step over the event bound).
        if (!cp.error.isEmpty())
            j.field("critical_path_error", cp.error);
        return;
    }
    j.object("critical_path", [&] {
        j.field("step", cp.step.name);
        // Which step (an addition to the contract's keys): "analysed" (the one step the analysis
        // is of) or "median" (the median-length complete step).
        j.field("step_choice", cp.medianStep ? "median" : "analysed");
        if (full) {
            // What the path is over (additions): "step", "window" (no step in the window) or
            // "annotation" (--annotation NAME --instance K; "step" is then NAME), and its CPU span.
            j.field("scope", rangeKindName(cp.scope));
            if (cp.scope == RangeKind::Annotation) {
                j.field("annotation", cp.step.name);
                j.field("instance", cp.instance);
                j.field("instances", cp.instances);
            }
            j.field("from_us", us(cp.step.start));
            j.field("to_us", us(cp.step.end()));
        }
        j.field("length_us", usDur(cp.lengthNs));
        j.object("parts_us", [&] {
            for (int k = 0; k < kPathParts; ++k)
                j.field(pathPartName(PathPart(k)), usDur(cp.partsNs[std::size_t(k)]));
        });
        if (!full)
            return;
        // The same in integer nanoseconds (an addition): these add up to length_ns exactly.
        j.field("length_ns", cp.lengthNs);
        j.object("parts_ns", [&] {
            for (int k = 0; k < kPathParts; ++k)
                j.field(pathPartName(PathPart(k)), cp.partsNs[std::size_t(k)]);
        });
        j.field("summary", criticalPathSentence(cp));
    });
}

namespace {

// The key and `analyze --json` path strings of the parts' figures ("critical_path_cpu_us",
// "critical_path.parts_us.cpu"): built once and never moved, so a Figure can point into them.
const std::array<std::string, kPathParts> &pathPartKeys()
{
    static const std::array<std::string, kPathParts> k = [] {
        std::array<std::string, kPathParts> out;
        for (int p = 0; p < kPathParts; ++p)
            out[std::size_t(p)] = std::string("critical_path_") + pathPartName(PathPart(p)) + "_us";
        return out;
    }();
    return k;
}

const std::array<std::string, kPathParts> &pathPartPaths()
{
    static const std::array<std::string, kPathParts> k = [] {
        std::array<std::string, kPathParts> out;
        for (int p = 0; p < kPathParts; ++p)
            out[std::size_t(p)] = std::string("critical_path.parts_us.") + pathPartName(PathPart(p));
        return out;
    }();
    return k;
}

// The critical path of one step per run (the median complete step, or the step analysed) as
// figures (FigureCatalogue.h): its parts, which add up to that step's length.
std::vector<Figure> criticalPathFigures()
{
    using Value = std::optional<double>;
    std::vector<Figure> out;
    for (int p = 0; p < kPathParts; ++p) {
        const auto part = PathPart(p);
        Figure &f = out.emplace_back(declareFigure(pathPartKeys()[std::size_t(p)].c_str(), FigureUnit::Ms, false, FigureExtent::Steps,
                                                   InComparison | InMetricsTable, 21 + p, 27 + p, -1, pathPartPaths()[std::size_t(p)].c_str()));
        f.pathPart = p;
        f.value = [p](const RunFigures &m) {
            return m.criticalPathNs ? Value(double((*m.criticalPathNs)[std::size_t(p)])) : std::nullopt;
        };
        f.label = [part](const FigureScope &) { return QCoreApplication::translate("figures", "  critical path: %1").arg(pathPartLabel(part)); };
        f.description = [part] {
            return QCoreApplication::translate("figures", "Time the critical path of the run's step (its step: the median complete one, or "
                                                          "the one analysed) spends as %1; the six parts add up to that step's length")
                .arg(pathPartLabel(part));
        };
    }
    return out;
}

} // namespace

Measure criticalPathMeasure()
{
    Measure m;
    m.key = "critical_path";
    m.run = [](MeasureContext &c) {
        AnalysisResult &r = c.result;
        bool medianStep = false;
        if (!c.options.annotation.isEmpty()) {
            r.criticalPath = criticalPath(c.index, c.annotated);
        } else if (const Step *s = criticalPathStep(c.measured, c.options.step, &medianStep)) {
            r.criticalPath = criticalPath(c.index, *s);
            r.criticalPath.medianStep = medianStep;
        } else if (!c.options.range.empty()) {
            // A window without a complete step in it (or a trace without steps): the window's path.
            r.criticalPath = criticalPath(c.index, resolveRange(c.trace, r.steps, RangeRequest{-1, c.options.range, {}, 0}));
        }
    };
    // Null without steps.
    m.writeJson = [](JsonWriter &j, const MeasureJsonContext &c) { writeCriticalPathJson(j, c.result.criticalPath, true, c.origin); };
    // The path's figures (not its segments: a summary holds no timeline).
    m.writeSummary = [](summary::SummaryOut &o, const AnalysisResult &a) {
        o.obj("critical_path", [&] {
            const CriticalPath &cp = a.criticalPath;
            o.b("valid", cp.valid);
            o.b("median_step", cp.medianStep);
            o.s("step_name", cp.step.name);
            o.i("step_number", cp.step.number);
            o.i("step_start", cp.step.start);
            o.i("step_dur", cp.step.dur);
            o.i("length_ns", cp.lengthNs);
            for (int k = 0; k < kPathParts; ++k)
                o.i(pathPartName(PathPart(k)), cp.partsNs[std::size_t(k)]);
        });
    };
    m.readSummary = [](summary::SummaryIn &in, const summary::SummaryObj &av, AnalysisResult &a) {
        const summary::SummaryObj cv = in.object(av, "critical_path");
        CriticalPath &cp = a.criticalPath;
        cp.valid = in.boolean(cv, "valid");
        cp.medianStep = in.boolean(cv, "median_step");
        cp.step.name = in.text(cv, "step_name");
        cp.step.number = in.i32(cv, "step_number", -1);
        cp.step.start = in.i64(cv, "step_start");
        cp.step.dur = in.i64(cv, "step_dur", 0, 0);
        cp.lengthNs = in.i64(cv, "length_ns", 0, 0);
        TimeNs sum = 0;
        for (int k = 0; k < kPathParts; ++k) {
            cp.partsNs[std::size_t(k)] = in.i64(cv, pathPartName(PathPart(k)), 0, 0, cp.lengthNs);
            sum += cp.partsNs[std::size_t(k)];
        }
        if (sum != cp.lengthNs) // parts that do not add up are not a path
            cp = CriticalPath{};
    };
    m.catalogueFigures = criticalPathFigures();
    return m;
}

} // namespace lanescope::analysis
