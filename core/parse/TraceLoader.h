// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Loads a Kineto / Chrome trace file into a Trace: maps it, parses traceEvents in parallel chunks
// with RapidJSON's SAX reader, and merges the chunks into the columnar model.
#include "core/model/Trace.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace lanescope {

struct LoadOptions
{
    int threads = 0;                          // 0: one per core; at most kMaxThreads (util/Parallel.h)
    std::function<void(double)> progress;     // 0..1, called from the loading threads
    const std::atomic<bool> *cancel = nullptr;
};

struct LoadResult
{
    std::shared_ptr<Trace> trace; // null on failure
    QString error;                // one line, for the user
    bool cancelled = false;
};

LoadResult loadTrace(const QString &path, const LoadOptions &options = {});
LoadResult loadTrace(std::shared_ptr<MappedSource> source, const LoadOptions &options = {});

} // namespace lanescope
