// SPDX-License-Identifier: GPL-3.0-or-later
// The model as Python reads it: the trace's info, its lanes, a lane's columns as numpy arrays that
// view the model, the string table, counters and memory series.
// pybind11 comes first: Python's headers name struct members `slots`, a macro in Qt's headers
// (the target also defines QT_NO_KEYWORDS).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/src/Model.h"

#include <QString>

#include <cstdint>
#include <string>

namespace lanescope::python {
namespace {
py::object idOrLabel(std::int64_t id, const QString &label)
{
    // Numeric ids stay numbers; a label ("stream 7" in old Kineto) stays text, as `info --json`.
    if (label.isEmpty())
        return py::int_(id);
    return py::str(str(label));
}
} // namespace

const Trace &modelOf(const PyTrace &t)
{
    if (!t.trace)
        throw py::value_error("this Trace holds no model");
    return *t.trace;
}

const Track &laneOf(const Trace &t, py::ssize_t lane)
{
    const auto n = py::ssize_t(t.tracks.size());
    if (lane < 0)
        lane += n;
    if (lane < 0 || lane >= n)
        throw py::index_error("lane " + std::to_string(lane) + " out of range (the trace has " + std::to_string(n) + " lanes)");
    return t.tracks[std::size_t(lane)];
}

// What `lanescope-cli info --json` prints, less the load's timing and the process's memory.
py::dict infoOf(const Trace &t)
{
    py::dict d;
    d["path"] = str(t.path);
    d["bytes"] = t.fileBytes;
    d["json_bytes"] = t.jsonBytes;
    d["events"] = t.eventCount;
    d["slices"] = t.sliceCount();
    d["flows"] = t.flows.size();
    d["malformed_events"] = t.malformedEvents;
    d["load_seconds"] = t.loadSeconds;
    d["threads_used"] = t.threadsUsed;
    d["rank"] = t.rank;
    d["world_size"] = t.worldSize;
    d["span_us"] = double(t.maxTs - t.minTs) / 1000.0;
    py::list devices;
    for (const DeviceInfo &dev : t.devices) {
        py::dict x;
        x["id"] = dev.id;
        x["name"] = str(dev.name);
        devices.append(x);
    }
    d["devices"] = devices;
    py::list tracks;
    for (const Track &tr : t.tracks) {
        py::dict x;
        x["kind"] = trackKindName(tr.kind);
        x["pid"] = idOrLabel(tr.pid, tr.pidLabel);
        x["tid"] = idOrLabel(tr.tid, tr.tidLabel);
        x["name"] = str(tr.name);
        x["events"] = tr.size();
        x["max_depth"] = tr.maxDepth;
        tracks.append(x);
    }
    for (const CounterSeries &c : t.counters) {
        py::dict x;
        x["kind"] = "counter";
        x["pid"] = c.pid;
        x["tid"] = 0;
        x["name"] = str(c.name);
        x["events"] = c.ts.size();
        tracks.append(x);
    }
    d["tracks"] = tracks;
    py::list warnings;
    for (const QString &w : t.warnings)
        warnings.append(str(w));
    d["warnings"] = warnings;
    d["truncated"] = t.truncated;
    return d;
}

py::list lanesOf(const Trace &t)
{
    py::list out;
    for (std::size_t i = 0; i < t.tracks.size(); ++i) {
        const Track &tr = t.tracks[i];
        py::dict x;
        x["lane"] = i;
        x["kind"] = trackKindName(tr.kind);
        x["pid"] = idOrLabel(tr.pid, tr.pidLabel);
        x["tid"] = idOrLabel(tr.tid, tr.tidLabel);
        x["name"] = str(tr.name);
        x["device"] = tr.device;
        x["stream"] = tr.kind == TrackKind::Gpu ? py::object(py::int_(tr.streamId())) : py::object(py::none());
        x["slices"] = tr.size();
        x["max_depth"] = tr.maxDepth;
        out.append(x);
    }
    return out;
}

// One lane's columns. start, name_id and cat_id view the model; the model holds a duration in four
// bytes and a depth in one (core/model/SliceColumns.h), with the rare value that does not fit
// beside the column, so dur and depth are widened into arrays of their own (one pass).
py::dict sliceColumns(const py::object &self, py::ssize_t lane)
{
    const Trace &t = modelOf(self.cast<const PyTrace &>());
    const Track &tr = laneOf(t, lane);
    const std::size_t n = tr.size();
    py::dict d;
    d["start"] = view(tr.start.data(), n, self);
    d["name_id"] = view(tr.nameId.data(), tr.nameId.size(), self);
    d["cat_id"] = view(tr.catId.data(), tr.catId.size(), self);
    py::array_t<std::int64_t> dur(py::ssize_t(tr.dur.size()));
    py::array_t<std::uint16_t> depth(py::ssize_t(tr.depth.size()));
    {
        auto *pd = dur.mutable_data();
        auto *pp = depth.mutable_data();
        py::gil_scoped_release release;
        for (std::size_t i = 0; i < tr.dur.size(); ++i)
            pd[i] = tr.dur[i];
        for (std::size_t i = 0; i < tr.depth.size(); ++i)
            pp[i] = tr.depth[i];
    }
    d["dur"] = dur;
    d["depth"] = depth;
    return d;
}

py::list stringsOf(const Trace &t)
{
    py::list out(t.strings.size());
    for (std::size_t i = 0; i < t.strings.size(); ++i) {
        const std::string_view s = t.strings.view(StringId(i));
        // The loader keeps names as the file spells them; a name that is not UTF-8 is replaced, not fatal.
        PyObject *o = PyUnicode_DecodeUTF8(s.data(), py::ssize_t(s.size()), "replace");
        if (!o)
            throw py::error_already_set();
        PyList_SET_ITEM(out.ptr(), py::ssize_t(i), o);
    }
    return out;
}

py::list categoriesOf(const Trace &t)
{
    py::list out;
    for (std::size_t i = 0; i < t.categories.size(); ++i)
        out.append(str(t.category(std::uint16_t(i))));
    return out;
}

py::list countersOf(const py::object &self)
{
    const Trace &t = modelOf(self.cast<const PyTrace &>());
    py::list out;
    for (const CounterSeries &c : t.counters) {
        py::dict x;
        x["pid"] = c.pid;
        x["name"] = str(c.name);
        x["ts"] = view(c.ts.data(), c.ts.size(), self);
        x["value"] = view(c.value.data(), c.value.size(), self);
        out.append(x);
    }
    return out;
}

// Memory counters ([memory] events): one structured view per device series.
py::list memoryOf(const py::object &self)
{
    const Trace &t = modelOf(self.cast<const PyTrace &>());
    static_assert(sizeof(MemorySample) == 32, "MemorySample is four int64");
    py::list out;
    for (const MemorySeries &m : t.memory) {
        py::dict x;
        x["device_type"] = m.deviceType;
        x["device"] = m.deviceId;
        x["totals_from_trace"] = m.totalsFromTrace;
        const std::size_t n = m.samples.size();
        const auto *base = reinterpret_cast<const std::int64_t *>(m.samples.data());
        // Four strided views of the samples' fields, no copy.
        const char *names[] = {"ts", "bytes", "allocated", "reserved"};
        for (int f = 0; f < 4; ++f) {
            static const std::int64_t none = 0;
            py::array_t<std::int64_t> a({py::ssize_t(n)}, {py::ssize_t(sizeof(MemorySample))}, n ? base + f : &none, self);
            py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
            x[names[f]] = a;
        }
        out.append(x);
    }
    return out;
}

} // namespace lanescope::python
