// SPDX-License-Identifier: GPL-3.0-or-later
// The rows of Holistic Trace Analysis' calls that the analyze JSON does not carry (launch rows, the
// device activities as HTA reads them, queue length series), for lanescope.hta.
// pybind11 comes first: Python's headers name struct members `slots`, a macro in Qt's headers
// (the target also defines QT_NO_KEYWORDS).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/src/Hta.h"

#include "core/analysis/run/Evidence.h"
#include "core/analysis/run/HtaKernelType.h"
#include "core/analysis/measures/launches/LaunchEvents.h"
#include "core/analysis/measures/queue/QueueLength.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lanescope::python {
namespace {
// HTA's kernel type of a device activity, as the temporal breakdown's HTA definition types it
// (core/analysis/run/HtaKernelType.h), in HTA's spelling.
const char *htaTypeName(const Trace &t, const Track &track, std::size_t slice)
{
    const std::string_view name = t.strings.view(track.nameId[slice]);
    const CategoryClass cat = track.catId[slice] < t.categoryClass.size() ? t.categoryClass[track.catId[slice]] : CategoryClass::Kernel;
    switch (analysis::htaDefinitionType(analysis::classifyKernel(name, cat), name)) {
    case analysis::HtaKernelType::Computation:
        return "COMPUTATION";
    case analysis::HtaKernelType::Communication:
        return "COMMUNICATION";
    case analysis::HtaKernelType::Memory:
        return "MEMORY";
    case analysis::HtaKernelType::Other:
        return "OTHER";
    }
    return "OTHER";
}
} // namespace

// Every device activity linked to a launch call under Holistic Trace Analysis' definitions (its
// launch statistics' calls: cudaLaunchKernel(ExC), cudaMemcpyAsync, cudaMemsetAsync), the rows of
// HTA's get_cuda_kernel_launch_stats, with the activity's correlation read back from the file:
// numpy arrays correlation, stream, call_name_id (the call's name, into the string table),
// cpu_duration, gpu_duration, launch_delay (µs, the activity's start less the call's end, not
// clipped; whole µs where HTA rounds).
py::dict htaLaunchRows(const PyTrace &self)
{
    const std::shared_ptr<const Trace> keep = self.trace;
    const Trace &t = modelOf(self);
    std::vector<analysis::LaunchedActivity> rows;
    std::vector<std::int64_t> streams;
    {
        py::gil_scoped_release release;
        const analysis::detail::EvidenceIndex index(t);
        analysis::LaunchOptions lo;
        lo.hta = true;
        const analysis::ActivityView view = analysis::launchedActivities(index, lo);
        for (const analysis::StreamActivities &s : view.streams)
            for (const analysis::LaunchedActivity &a : s.items)
                if (a.hasCall() && (a.sets & analysis::kHtaLaunchStats)) {
                    rows.push_back(a);
                    streams.push_back(s.stream);
                }
    }
    const auto n = py::ssize_t(rows.size());
    py::array_t<std::int64_t> correlation(n), stream(n);
    py::array_t<std::uint32_t> call(n);
    auto *pn = call.mutable_data();
    py::array_t<double> cpu(n), gpu(n), delay(n);
    auto *pc = correlation.mutable_data();
    auto *ps = stream.mutable_data();
    auto *pcpu = cpu.mutable_data();
    auto *pgpu = gpu.mutable_data();
    auto *pd = delay.mutable_data();
    QString error;
    {
        py::gil_scoped_release release;
        // The args in file order: one pass over a .json.gz.
        std::vector<std::size_t> order(rows.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        const auto offset = [&](std::size_t i) { return t.tracks[rows[i].track].fileOffset[rows[i].slice]; };
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return offset(a) < offset(b); });
        std::unique_ptr<SourceReader> reader;
        if (t.source)
            reader = std::make_unique<SourceReader>(*t.source);
        for (std::size_t i : order) {
            std::int64_t c = -1;
            if (reader) {
                const EventDetails d = readEventDetails(t, *reader, offset(i), EventParts::ArgsOnly);
                bool ok = false;
                const qint64 v = d.args.value(QStringLiteral("correlation")).toLongLong(&ok);
                if (ok)
                    c = v;
                else if (!d.ok && error.isEmpty())
                    error = d.error;
            }
            const analysis::LaunchedActivity &a = rows[i];
            pc[i] = c;
            ps[i] = streams[i];
            pn[i] = t.tracks[a.callTrack].nameId[a.callSlice];
            pcpu[i] = double(a.callEnd - a.callStart) / 1000.0;
            pgpu[i] = double(a.end - a.start) / 1000.0;
            pd[i] = double(a.start - a.callEnd) / 1000.0;
        }
    }
    if (!error.isEmpty())
        raiseLoadError(error);
    py::dict d;
    d["correlation"] = correlation;
    d["stream"] = stream;
    d["call_name_id"] = call;
    d["cpu_duration"] = cpu;
    d["gpu_duration"] = gpu;
    d["launch_delay"] = delay;
    return d;
}

// Every device activity (kernel, copy, memset) as Holistic Trace Analysis reads the trace: its
// rounding to whole µs where the file has fractions, the activities launched from the last
// ProfilerStep left out. Numpy arrays stream, start and end (ns), name_id, and kernel_type (HTA's).
py::dict htaActivities(const PyTrace &self)
{
    const std::shared_ptr<const Trace> keep = self.trace;
    const Trace &t = modelOf(self);
    std::vector<std::int64_t> stream;
    std::vector<TimeNs> start, end;
    std::vector<StringId> name;
    std::vector<const char *> type;
    {
        py::gil_scoped_release release;
        const analysis::detail::EvidenceIndex index(t);
        analysis::LaunchOptions lo;
        lo.hta = true;
        const analysis::ActivityView view = analysis::launchedActivities(index, lo);
        for (const analysis::StreamActivities &s : view.streams)
            for (const analysis::LaunchedActivity &a : s.items) {
                stream.push_back(s.stream);
                start.push_back(a.start);
                end.push_back(a.end);
                name.push_back(t.tracks[a.track].nameId[a.slice]);
                type.push_back(htaTypeName(t, t.tracks[a.track], a.slice));
            }
    }
    py::dict d;
    d["stream"] = py::array_t<std::int64_t>(py::ssize_t(stream.size()), stream.data());
    d["start"] = py::array_t<std::int64_t>(py::ssize_t(start.size()), start.data());
    d["end"] = py::array_t<std::int64_t>(py::ssize_t(end.size()), end.data());
    d["name_id"] = py::array_t<std::uint32_t>(py::ssize_t(name.size()), name.data());
    py::list types(type.size());
    for (std::size_t i = 0; i < type.size(); ++i)
        types[i] = py::str(type[i]);
    d["kernel_type"] = types;
    return d;
}

// Each stream's launch queue length over time under Holistic Trace Analysis' definitions (+1 at a
// launch call's start, -1 at its activity's start): [(stream, ts ns, length)], streams with a launch.
py::list htaQueueSeries(const PyTrace &self)
{
    const std::shared_ptr<const Trace> keep = self.trace;
    const Trace &t = modelOf(self);
    std::vector<std::pair<std::int64_t, std::vector<analysis::QueuePoint>>> series;
    {
        py::gil_scoped_release release;
        const analysis::detail::EvidenceIndex index(t);
        analysis::LaunchOptions lo;
        lo.hta = true;
        const analysis::ActivityView view = analysis::launchedActivities(index, lo);
        for (const analysis::StreamActivities &s : view.streams) {
            std::vector<analysis::QueuePoint> points = analysis::queueSeries(s, lo);
            if (!points.empty())
                series.emplace_back(s.stream, std::move(points));
        }
    }
    py::list out;
    for (const auto &[stream, points] : series) {
        py::array_t<std::int64_t> ts(py::ssize_t(points.size()));
        py::array_t<std::int32_t> length(py::ssize_t(points.size()));
        for (std::size_t i = 0; i < points.size(); ++i) {
            ts.mutable_data()[i] = points[i].ts;
            length.mutable_data()[i] = points[i].length;
        }
        out.append(py::make_tuple(stream, ts, length));
    }
    return out;
}

} // namespace lanescope::python
