// SPDX-License-Identifier: GPL-3.0-or-later
// Loading from Python: a file, a folder of ranks or a log_dir, with the GIL released, a progress
// callback and cancellation (Ctrl+C) that leaves nothing behind.
// pybind11 comes first: Python's headers name struct members `slots`, a macro in Qt's headers
// (the target also defines QT_NO_KEYWORDS).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/src/Load.h"

#include "core/io/FolderLoad.h"
#include "core/parse/TraceLoader.h"
#include "core/session/LogDir.h"

#include <QString>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace lanescope::python {
namespace {
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
} // namespace

PyObject *g_loadError = nullptr;

[[noreturn]] void raiseLoadError(const QString &message)
{
    PyErr_SetString(g_loadError, message.toUtf8().constData());
    throw py::error_already_set();
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

} // namespace lanescope::python
