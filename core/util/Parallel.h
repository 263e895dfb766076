#pragma once
// Splits [0, n) into one contiguous range per thread and runs fn(begin, end) on each; the calling
// thread takes the first range. For the loader's embarrassingly parallel passes.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace lanescope {

template <typename Fn>
void parallelRanges(std::size_t n, int threads, Fn fn)
{
    const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(std::max(1, threads)), n / 4096 + 1));
    std::vector<std::thread> pool;
    for (std::size_t p = 1; p < parts; ++p)
        pool.emplace_back([&, p] { fn(n * p / parts, n * (p + 1) / parts); });
    fn(std::size_t(0), n / parts);
    for (auto &t : pool)
        t.join();
}

// Runs fn(i) for every i in [0, n) on up to `threads` threads, handing out indices one at a time
// (for a few large, uneven items such as chunks or tracks).
template <typename Fn>
void parallelEach(std::size_t n, int threads, Fn fn)
{
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;)
            fn(i);
    };
    const std::size_t extra = std::min<std::size_t>(std::size_t(std::max(1, threads)), n) - (n ? 1 : 0);
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < extra; ++t)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
}

} // namespace lanescope
