// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers for the loader's parallel passes. Work that throws on any thread (std::bad_alloc on
// a trace too big for memory) is not allowed to terminate the process: every thread is joined and
// the first exception is rethrown on the calling thread, where the loader reports it.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace lanescope {

// The most threads one load or analysis starts, whatever is asked (LoadOptions, FolderLoadOptions,
// JobOptions, every --threads): far past the cores of any machine that runs this, far below where
// the system refuses new threads ("Resource temporarily unavailable").
constexpr int kMaxThreads = 256;

// A thread count asked for (0 or less: one per core) within [1, kMaxThreads].
inline int threadCount(int requested)
{
    const int n = requested > 0 ? requested : int(std::max(1u, std::thread::hardware_concurrency()));
    return std::min(n, kMaxThreads);
}

// Runs body(k) for k in [0, count): k = 0 on the calling thread, the others on threads of their own.
template <typename Body>
void runOnThreads(std::size_t count, Body body)
{
    std::exception_ptr first;
    std::mutex lock;
    auto guarded = [&](std::size_t k) {
        try {
            body(k);
        } catch (...) {
            std::lock_guard<std::mutex> g(lock);
            if (!first)
                first = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    try {
        for (std::size_t k = 1; k < count; ++k)
            pool.emplace_back(guarded, k);
    } catch (...) { // could not start a thread: do that share here
        std::lock_guard<std::mutex> g(lock);
        if (!first)
            first = std::current_exception();
    }
    if (count > 0)
        guarded(0);
    for (auto &t : pool)
        t.join();
    if (first)
        std::rethrow_exception(first);
}

// Splits [0, n) into one contiguous range per thread and runs fn(begin, end) on each.
template <typename Fn>
void parallelRanges(std::size_t n, int threads, Fn fn)
{
    const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(threadCount(std::max(1, threads))), n / 4096 + 1));
    runOnThreads(parts, [&](std::size_t p) { fn(n * p / parts, n * (p + 1) / parts); });
}

// Runs fn(i) for every i in [0, n) on up to `threads` threads, handing out indices one at a time
// (for a few large, uneven items such as chunks or tracks).
template <typename Fn>
void parallelEach(std::size_t n, int threads, Fn fn)
{
    std::atomic<std::size_t> next{0};
    const std::size_t workers = std::min<std::size_t>(std::size_t(threadCount(std::max(1, threads))), n);
    runOnThreads(workers, [&](std::size_t) {
        for (std::size_t i; (i = next.fetch_add(1)) < n;)
            fn(i);
    });
}

} // namespace lanescope
