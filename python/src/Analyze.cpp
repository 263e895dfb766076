// SPDX-License-Identifier: GPL-3.0-or-later
// One analysis from Python: the `analyze --json` object and the figure catalogue's figures; a step
// replayed with fixes as `whatif --json` prints it.
// pybind11 comes first: Python's headers name struct members `slots`, a macro in Qt's headers
// (the target also defines QT_NO_KEYWORDS).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/src/Analyze.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/AnalysisJson.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/measures/replay/Fixes.h"
#include "core/analysis/measures/replay/Replay.h"

#include <QByteArray>
#include <QString>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lanescope::python {
namespace {
const char *unitName(analysis::FigureUnit u)
{
    switch (u) {
    case analysis::FigureUnit::Ms:
    case analysis::FigureUnit::Us:
        return "us"; // held in ns, written in µs as the key says
    case analysis::FigureUnit::Pct:
        return "pct";
    case analysis::FigureUnit::Count:
        return "count";
    case analysis::FigureUnit::Bytes:
        return "bytes";
    case analysis::FigureUnit::Tflops:
        return "tflops";
    case analysis::FigureUnit::TokensPerS:
        return "tokens_per_s";
    case analysis::FigureUnit::SamplesPerS:
        return "samples_per_s";
    }
    return "";
}

const char *extentName(analysis::FigureExtent e)
{
    switch (e) {
    case analysis::FigureExtent::Steps:
        return "steps";
    case analysis::FigureExtent::Window:
        return "window";
    case analysis::FigureExtent::Trace:
        return "trace";
    }
    return "";
}

// The catalogue's figures of one run, in its order: key, value in the key's unit (None: unknown),
// unit, scope, and where `analyze --json` writes the same value.
py::list figuresOf(const analysis::AnalysisResult &r)
{
    py::list out;
    for (const analysis::Figure &f : analysis::figureCatalogue()) {
        if (!f.value)
            continue; // a job figure of a folder: not a figure of one trace
        py::dict x;
        x["key"] = f.key;
        const std::optional<double> v = f.jsonValue(f.value(r.figures));
        x["value"] = v ? py::object(py::float_(*v)) : py::object(py::none());
        x["unit"] = unitName(f.unit);
        x["scope"] = extentName(f.extent);
        x["higher_is_better"] = f.higherIsBetter;
        x["analyze_path"] = f.analyzePath ? py::object(py::str(f.analyzePath)) : py::object(py::none());
        x["label"] = str(f.label ? f.label(r.figures.scope) : QString());
        out.append(x);
    }
    return out;
}

py::dict projectionOf(const analysis::replay::FixProjection &p)
{
    py::dict d;
    d["id"] = str(p.id);
    d["projected_step_us"] = double(p.projectedNs) / 1000.0;
    d["projected_mfu_pct"] = p.projectedMfuPct;
    d["projected_peak_bytes"] = p.projectedPeakBytes;
    py::dict parts;
    for (int k = 0; k < analysis::kPathParts; ++k)
        parts[analysis::pathPartName(analysis::PathPart(k))] = double(p.removedPartsNs[std::size_t(k)]) / 1000.0;
    d["removed_parts_us"] = parts;
    return d;
}
} // namespace

// One analysis: (the analyze JSON as bytes, the figures). The options are those of `analyze`.
py::tuple analyzeTrace(const PyTrace &self, const AnalyzeArgs &a)
{
    const std::shared_ptr<const Trace> keep = self.trace;
    const Trace &t = modelOf(self);
    analysis::AnalysisOptions opt;
    opt.gaps.minGap = TimeNs(std::llround(a.gapMs * 1e6));
    opt.gaps.kernels = a.gapKernelsAll ? analysis::GapKernels::All : analysis::GapKernels::Gemm;
    opt.mfu.params = a.params;
    opt.mfu.tokensPerStep = a.tokensPerStep;
    opt.mfu.tokensGlobal = a.tokensGlobal;
    if (a.samplesPerStep > 0) {
        opt.mfu.tokensPerStep = a.samplesPerStep;
        opt.mfu.items = analysis::StepItems::Samples;
    }
    opt.mfu.peakTflops = a.peakTflops;
    opt.step = a.step;
    if (a.windowUs) {
        opt.range = {t.minTs + TimeNs(std::llround(a.windowUs->first * 1000)), t.minTs + TimeNs(std::llround(a.windowUs->second * 1000))};
        if (a.windowUs->first > 0 && opt.range.from >= t.maxTs)
            throw py::value_error("the window starts after the trace ends (" + std::to_string(double(t.maxTs - t.minTs) / 1000.0) + " µs)");
    }
    opt.annotation = qstr(a.annotation);
    opt.instance = a.instance;
    if (a.hta)
        opt.definition = analysis::GpuTimeDefinition::Hta;
    opt.opsByInputShapes = a.opShapes;

    analysis::AnalysisResult r;
    QByteArray json;
    {
        py::gil_scoped_release release;
        r = analysis::analyze(t, opt);
        // The analyze object as the core writes it for every surface: the tables are its rows.
        if (r.error.isEmpty()) {
            analysis::AnalysisJsonOptions jo;
            jo.allFrames = a.allFrames;
            json = analysis::analysisJson(t, r, jo);
        }
    }
    if (!r.error.isEmpty())
        throw py::value_error(str(r.error));
    return py::make_tuple(py::bytes(json.constData(), std::size_t(json.size())), figuresOf(r));
}

// One step replayed with fixes, as `lanescope-cli whatif --json` prints it: the step (step >= 0:
// ProfilerStep#step, else the median complete one), MFU where params and tokens are given.
py::dict whatIf(const PyTrace &self, const std::string &fixText, int step, double params, double tokensPerStep, bool tokensGlobal,
                double peakTflops)
{
    const std::shared_ptr<const Trace> keep = self.trace;
    const Trace &t = modelOf(self);
    std::vector<analysis::replay::Fix> fixes;
    QString error;
    if (!analysis::replay::parseFixes(qstr(fixText), &fixes, &error))
        throw py::value_error(str(error));
    analysis::replay::WhatIf w;
    double mfuPct = -1;
    {
        py::gil_scoped_release release;
        const analysis::detail::EvidenceIndex index(t);
        const std::vector<analysis::Step> measured = analysis::measuredSteps(index.steps, index.steps);
        const analysis::Step *chosen = nullptr;
        if (step >= 0) {
            for (const analysis::Step &s : index.steps)
                if (s.number == step)
                    chosen = &s;
            if (!chosen)
                error = QStringLiteral("no ProfilerStep#%1 in the trace").arg(step);
        } else {
            chosen = analysis::criticalPathStep(measured, -1, nullptr);
            if (!chosen)
                error = QStringLiteral("no ProfilerStep in the trace");
        }
        if (chosen) {
            const analysis::replay::ReplayGraph graph = analysis::replay::buildReplayGraph(index, *chosen);
            if (params > 0 && !measured.empty()) {
                analysis::MfuInputs in;
                in.params = params;
                in.tokensPerStep = tokensPerStep;
                in.tokensGlobal = tokensGlobal;
                in.peakTflops = peakTflops;
                const analysis::MfuResult m = analysis::mfuFromTrace(t, measured, in);
                if (m.valid && m.mfuPct > 0)
                    mfuPct = m.mfuPct;
            }
            w = analysis::replay::whatIf(graph, fixes, mfuPct);
            if (!w.valid)
                error = w.error;
        }
    }
    if (!error.isEmpty())
        throw py::value_error(str(error));
    py::dict d;
    d["step"] = str(w.step.name);
    d["step_us"] = double(w.stepNs) / 1000.0;
    d["replayed_step_us"] = double(w.replayedNs) / 1000.0;
    d["mfu_pct"] = mfuPct;
    d["peak_bytes"] = w.peakBytes;
    py::list rows;
    for (const auto &p : w.fixes)
        rows.append(projectionOf(p));
    d["fixes"] = rows;
    d["combined"] = projectionOf(w.combined);
    py::list warnings;
    for (const QString &x : w.warnings)
        warnings.append(str(x));
    d["warnings"] = warnings;
    return d;
}

} // namespace lanescope::python
