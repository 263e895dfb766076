// SPDX-License-Identifier: GPL-3.0-or-later
// The native half of the Python module `lanescope` (python/lanescope/__init__.py is the other):
// the module's init, binding what its parts hold: loading (Load.cpp), the model's columns as numpy
// arrays that view the model (Model.cpp), one analysis and the replay (Analyze.cpp), and the rows
// of HTA's calls (Hta.cpp). Options are checked in Python; what arrives here is in range.
//
// pybind11 comes first: Python's headers name struct members `slots`, a macro in Qt's headers
// (the target also defines QT_NO_KEYWORDS).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/src/Analyze.h"
#include "python/src/Hta.h"
#include "python/src/Load.h"
#include "python/src/Model.h"
#include "python/src/PyTrace.h"

#include "core/analysis/measures/replay/Fixes.h"
#include "core/util/Parallel.h"

#include <exception>
#include <string>
#include <vector>

PYBIND11_MODULE(_lanescope, m)
{
    using namespace lanescope;
    using namespace lanescope::python;
    m.doc() = "Lanescope's native core: loading, the model's columns, one analysis. Use the lanescope package.";

    static py::exception<std::exception> loadError(m, "LoadError", PyExc_RuntimeError);
    g_loadError = loadError.ptr();
    m.attr("MAX_THREADS") = kMaxThreads;

    py::class_<PyTrace>(m, "Trace")
        .def_property_readonly("info", [](const PyTrace &t) { return infoOf(modelOf(t)); })
        .def_property_readonly("path", [](const PyTrace &t) { return str(modelOf(t).path); })
        .def_property_readonly("min_ts", [](const PyTrace &t) { return modelOf(t).minTs; })
        .def_property_readonly("max_ts", [](const PyTrace &t) { return modelOf(t).maxTs; })
        .def_property_readonly("rank", [](const PyTrace &t) { return modelOf(t).rank; })
        .def_property_readonly("world_size", [](const PyTrace &t) { return modelOf(t).worldSize; })
        .def("lanes", [](const PyTrace &t) { return lanesOf(modelOf(t)); })
        .def("slice_columns", &sliceColumns, py::arg("lane"))
        .def("strings", [](const PyTrace &t) { return stringsOf(modelOf(t)); })
        .def("categories", [](const PyTrace &t) { return categoriesOf(modelOf(t)); })
        .def("counters", &countersOf)
        .def("memory", &memoryOf)
        .def("model_bytes", [](const PyTrace &t) { return modelOf(t).modelBytes(); })
        .def("analyze",
             [](const PyTrace &t, double gapMs, bool gapKernelsAll, double params, double tokensPerStep, bool tokensGlobal,
                double samplesPerStep, double peakTflops, int step, std::optional<std::pair<double, double>> windowUs,
                const std::string &annotation, int instance, bool hta, bool opShapes, bool allFrames) {
                 AnalyzeArgs a;
                 a.gapMs = gapMs;
                 a.gapKernelsAll = gapKernelsAll;
                 a.params = params;
                 a.tokensPerStep = tokensPerStep;
                 a.tokensGlobal = tokensGlobal;
                 a.samplesPerStep = samplesPerStep;
                 a.peakTflops = peakTflops;
                 a.step = step;
                 a.windowUs = windowUs;
                 a.annotation = annotation;
                 a.instance = instance;
                 a.hta = hta;
                 a.opShapes = opShapes;
                 a.allFrames = allFrames;
                 return analyzeTrace(t, a);
             })
        .def("whatif", &whatIf)
        .def("hta_launch_rows", &htaLaunchRows)
        .def("hta_queue_series", &htaQueueSeries)
        .def("hta_activities", &htaActivities);

    m.def("fix_ids", [] {
        std::vector<std::string> ids;
        for (const QString &id : analysis::replay::fixIds())
            ids.push_back(str(id));
        return ids;
    });

    m.def("load_file", [](const std::string &path, int threads, const py::object &progress) {
        return PyTrace{loadFile(path, threads, progress)};
    });
    m.def("load_ranks", &loadRanks);
    m.def("log_dir", &logDir);
}
