// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the parts of the native module share: the Trace as Python holds it, the string helpers,
// the load error, and a numpy array that views the model without a copy.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/model/Trace.h"

#include <QString>

#include <memory>
#include <string>

namespace py = pybind11;

namespace lanescope::python {

inline QString qstr(const std::string &s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
inline std::string str(const QString &s) { return s.toStdString(); }

// The error a load raises (lanescope.LoadError, set up by the module init).
extern PyObject *g_loadError;
[[noreturn]] void raiseLoadError(const QString &message);

// A read-only numpy array over `n` values at `data`, owned by `base` (the Python Trace object):
// no copy, and the trace lives as long as any array over it.
template <typename T>
py::array view(const T *data, std::size_t n, const py::handle &base)
{
    static const T none{};
    py::array_t<T> a({py::ssize_t(n)}, {py::ssize_t(sizeof(T))}, n ? data : &none, base);
    py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return std::move(a);
}

// A Trace as Python holds it: the model, shared, so that analyses and arrays keep it.
struct PyTrace
{
    std::shared_ptr<const Trace> trace;
};

const Trace &modelOf(const PyTrace &t);
// A lane by index (negative: from the end); IndexError out of range.
const Track &laneOf(const Trace &t, py::ssize_t lane);

} // namespace lanescope::python
