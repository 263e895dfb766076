// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Loading from Python (Load.cpp): the GIL released while the core loads, a progress callback,
// Ctrl+C cancels and joins the load's threads; errors raise LoadError, FileNotFoundError, ValueError.
#include "python/src/PyTrace.h"

#include <memory>
#include <string>
#include <vector>

namespace lanescope::python {

std::shared_ptr<Trace> loadFile(const std::string &path, int threads, const py::object &progress);
// A folder of rank traces (files: its rank files, in rank order) as a job, within a memory budget.
py::dict loadRanks(const std::string &folder, const std::vector<std::string> &files, int threads, double budgetMb,
                   const py::object &progress);
// A profiler log_dir: its sessions, each with its rank files.
py::dict logDir(const std::string &folder);

} // namespace lanescope::python
