// SPDX-License-Identifier: GPL-3.0-or-later
// The native half of the Python module `lanescope` (python/lanescope/__init__.py is the other):
// loading with the GIL released, a progress callback and cancellation; the model's columns as
// numpy arrays that view the model; one analysis as the `analyze --json` object and the figure
// catalogue's figures. Options are checked in Python; what arrives here is in range.
//
// pybind11 comes first: Python's headers name struct members `slots`, a macro in Qt's headers
// (the target also defines QT_NO_KEYWORDS).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/AnalysisJson.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/run/KernelClass.h"
#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/measures/launches/LaunchEvents.h"
#include "core/analysis/measures/queue/QueueLength.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/measures/replay/Fixes.h"
#include "core/analysis/measures/replay/Replay.h"
#include "core/io/FolderLoad.h"
#include "core/io/SourceReader.h"
#include "core/model/Trace.h"
#include "core/parse/EventArgs.h"
#include "core/parse/TraceLoader.h"
#include "core/session/LogDir.h"
#include "core/util/Parallel.h"

#include <QByteArray>
#include <QString>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace py = pybind11;

namespace lanescope::python {
namespace {

QString qstr(const std::string &s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
std::string str(const QString &s) { return s.toStdString(); }

// The error a load raises (lanescope.LoadError, set up by the module init).
PyObject *g_loadError = nullptr;

[[noreturn]] void raiseLoadError(const QString &message)
{
    PyErr_SetString(g_loadError, message.toUtf8().constData());
    throw py::error_already_set();
}

// Runs `work(progress, cancel)` on a thread of its own while this (the Python) thread, without the
// GIL, waits for it; every 100 ms it takes the GIL back to check for signals (Ctrl+C) and to call
// `progress(fraction)`. An exception from either (KeyboardInterrupt included) cancels the work,
// waits for it to stop (its threads joined, what it built freed) and propagates.
template <typename Result, typename Work>
Result runCancellable(const py::object &progress, Work &&work)
{
    std::atomic<bool> cancel{false};
    std::atomic<double> fraction{0.0};
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::optional<Result> result;
    std::exception_ptr failure;
    std::thread worker([&] {
        try {
            result.emplace(work([&](double f) { fraction.store(f, std::memory_order_relaxed); }, &cancel));
        } catch (...) {
            failure = std::current_exception();
        }
        {
            std::lock_guard<std::mutex> lock(m);
            done = true;
        }
        cv.notify_all();
    });
    const auto stop = [&] {
        cancel.store(true);
        py::gil_scoped_release release;
        worker.join();
    };
    const bool report = progress && !progress.is_none();
    double reported = -1;
    for (;;) {
        bool finished = false;
        {
            py::gil_scoped_release release;
            std::unique_lock<std::mutex> lock(m);
            finished = cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; });
        }
        if (finished)
            break;
        if (PyErr_CheckSignals() != 0) {
            // The signal handler's exception (KeyboardInterrupt) is pending in this thread.
            stop();
            throw py::error_already_set();
        }
        const double f = fraction.load(std::memory_order_relaxed);
        if (report && f != reported) {
            try {
                progress(f);
            } catch (py::error_already_set &) {
                stop();
                throw;
            }
            reported = f;
        }
    }
    worker.join();
    if (failure)
        std::rethrow_exception(failure);
    if (report)
        progress(1.0);
    return std::move(*result);
}

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

py::object idOrLabel(std::int64_t id, const QString &label)
{
    // Numeric ids stay numbers; a label ("stream 7" in old Kineto) stays text, as `info --json`.
    if (label.isEmpty())
        return py::int_(id);
    return py::str(str(label));
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

struct AnalyzeArgs
{
    double gapMs = 15;
    bool gapKernelsAll = false;
    double params = 0, tokensPerStep = 0, samplesPerStep = 0, peakTflops = 0;
    bool tokensGlobal = false;
    int step = -1;
    std::optional<std::pair<double, double>> windowUs;
    std::string annotation;
    int instance = 0;
    bool hta = false;
    bool opShapes = false;
    bool allFrames = false;
};

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

// HTA's kernel type of a device activity as the temporal breakdown's HTA definition reads it
// (core/analysis/measures/temporal/Temporal.cpp): by class and name, communication only under an
// NCCL / RCCL / HCCL name, and a computation name with "Sync" in it "other".
const char *htaTypeName(const Trace &t, const Track &track, std::size_t slice)
{
    const std::string_view name = t.strings.view(track.nameId[slice]);
    const CategoryClass cat = track.catId[slice] < t.categoryClass.size() ? t.categoryClass[track.catId[slice]] : CategoryClass::Kernel;
    analysis::HtaKernelType k = analysis::htaKernelType(analysis::classifyKernel(name, cat), name);
    if (k == analysis::HtaKernelType::Communication && !analysis::isHtaCommunicationName(name))
        k = analysis::HtaKernelType::Computation;
    if (k == analysis::HtaKernelType::Computation && name.find("Sync") != std::string_view::npos)
        k = analysis::HtaKernelType::Other;
    switch (k) {
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

std::shared_ptr<Trace> loadFile(const std::string &path, int threads, const py::object &progress)
{
    const QString p = qstr(path);
    LoadResult r = runCancellable<LoadResult>(progress, [&](auto report, const std::atomic<bool> *cancel) {
        LoadOptions o;
        o.threads = threads;
        o.progress = report;
        o.cancel = cancel;
        return loadTrace(p, o);
    });
    if (r.cancelled)
        raiseLoadError(QStringLiteral("the load was cancelled"));
    if (!r.trace)
        raiseLoadError(r.error);
    return std::move(r.trace);
}

py::dict loadRanks(const std::string &folder, const std::vector<std::string> &files, int threads, double budgetMb,
                   const py::object &progress)
{
    const QString f = qstr(folder);
    QStringList list;
    for (const std::string &s : files)
        list << qstr(s);
    FolderLoadResult r = runCancellable<FolderLoadResult>(progress, [&](auto report, const std::atomic<bool> *cancel) {
        FolderLoadOptions o;
        o.threads = threads;
        o.memoryBudgetBytes = budgetMb > 0 ? std::uint64_t(budgetMb * 1024 * 1024) : 0;
        o.progress = report;
        o.cancel = cancel;
        o.files = list;
        return loadFolder(f, o);
    });
    if (r.cancelled)
        raiseLoadError(QStringLiteral("the load was cancelled"));
    if (!r.error.isEmpty())
        raiseLoadError(r.error);
    py::dict d;
    d["folder"] = str(r.folder);
    py::list ranks;
    for (RankFile &rf : r.ranks) {
        py::dict x;
        x["rank"] = rf.rank;
        x["rank_guessed"] = rf.rankGuessed;
        x["path"] = str(rf.path);
        x["trace"] = PyTrace{std::move(rf.trace)};
        ranks.append(x);
    }
    d["ranks"] = ranks;
    py::list rejected;
    for (const RejectedFile &x : r.rejected)
        rejected.append(py::make_tuple(str(x.path), str(x.reason)));
    d["rejected"] = rejected;
    py::list warnings;
    for (const QString &w : r.warnings)
        warnings.append(str(w));
    d["warnings"] = warnings;
    d["world_size"] = r.worldSize;
    d["backend"] = str(r.backend);
    d["ranks_guessed"] = r.ranksGuessed;
    d["load_seconds"] = r.loadSeconds;
    return d;
}

py::dict logDir(const std::string &folder)
{
    session::LogDirListing l;
    {
        py::gil_scoped_release release;
        l = session::listLogDir(qstr(folder));
    }
    py::dict d;
    d["folder"] = str(l.folder);
    d["error"] = str(l.error);
    py::list sessions;
    for (const session::LogSession &s : l.sessions) {
        py::dict x;
        x["label"] = str(s.label);
        x["folder"] = str(s.folder);
        x["start_ms"] = s.startMs;
        py::list files;
        for (const QString &p : s.files)
            files.append(str(p));
        x["files"] = files;
        x["world_size"] = s.worldSize;
        sessions.append(x);
    }
    d["sessions"] = sessions;
    py::list bad;
    for (const RejectedFile &x : l.bad)
        bad.append(py::make_tuple(str(x.path), str(x.reason)));
    d["bad"] = bad;
    return d;
}

} // namespace
} // namespace lanescope::python

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
