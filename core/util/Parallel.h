#pragma once
// Splits [0, n) into one contiguous range per thread and runs fn(begin, end) on each; the calling
// thread takes the first range. For the loader's embarrassingly parallel passes.
#include <algorithm>
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

} // namespace lanescope
