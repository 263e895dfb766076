// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The model as Python reads it (Model.cpp). `self` is the Python Trace object where an array views
// the model: the array keeps it alive.
#include "python/src/PyTrace.h"

namespace lanescope::python {

// What `lanescope-cli info --json` prints, less the load's timing and the process's memory.
py::dict infoOf(const Trace &t);
py::list lanesOf(const Trace &t);
// One lane's columns: start, name_id and cat_id view the model; dur and depth are widened copies
// (the model holds them narrower, core/model/SliceColumns.h).
py::dict sliceColumns(const py::object &self, py::ssize_t lane);
py::list stringsOf(const Trace &t);
py::list categoriesOf(const Trace &t);
py::list countersOf(const py::object &self);
// Memory counters ([memory] events): one structured view per device series.
py::list memoryOf(const py::object &self);

} // namespace lanescope::python
