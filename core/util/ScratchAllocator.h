// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Allocator for the loader's large scratch arrays (the scan's records, the merge's sort buffers):
// blocks of 4 MiB and more are mapped on their own and marked for transparent huge pages. A 1 GB
// trace writes some 400 MB of such records once and frees them after the merge; in 4 KiB pages
// that is 100,000 page faults, a tenth of the load's time spent in the kernel (perf),
// where 2 MiB pages take 200. Debian's kernels enable THP only where asked ("madvise"), which is
// what this does; elsewhere the hint is ignored and the block is an ordinary mapping. Only for
// memory freed once the load ends: a huge page rounds a block up to 2 MiB of resident memory.
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace lanescope {

template <typename T>
struct ScratchAllocator
{
    using value_type = T;
    static constexpr std::size_t kMappedFrom = std::size_t(4) << 20;

    ScratchAllocator() = default;
    template <typename U>
    ScratchAllocator(const ScratchAllocator<U> &) noexcept
    {
    }

    T *allocate(std::size_t n)
    {
        if (n > std::size_t(-1) / sizeof(T))
            throw std::bad_alloc();
        const std::size_t bytes = n * sizeof(T);
#if defined(__linux__)
        if (bytes >= kMappedFrom) {
            void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED)
                throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
            madvise(p, bytes, MADV_HUGEPAGE);
#endif
            return static_cast<T *>(p);
        }
#endif
        return static_cast<T *>(::operator new(bytes));
    }
    void deallocate(T *p, std::size_t n) noexcept
    {
        const std::size_t bytes = n * sizeof(T);
#if defined(__linux__)
        if (bytes >= kMappedFrom) {
            munmap(p, bytes);
            return;
        }
#endif
        ::operator delete(p);
    }
    template <typename U>
    bool operator==(const ScratchAllocator<U> &) const noexcept
    {
        return true;
    }
    template <typename U>
    bool operator!=(const ScratchAllocator<U> &) const noexcept
    {
        return false;
    }
};

template <typename T>
using ScratchVector = std::vector<T, ScratchAllocator<T>>;

// n elements left uninitialised (trivial types only), for arrays filled in parallel: each thread
// first touches, and so faults in, its own part. Also a .json.gz's 9 MB pieces of text
// (StreamedArray): mapped on their own, they do not go through malloc, whose threshold for mapping
// a block on its own rises to the largest such block freed (glibc); once it had risen to 9 MB, the
// model's columns were carved from the worker threads' heaps instead, and one load in 25 of the
// 1 GB tile's .json.gz kept 3 MB more resident than the others (22.1 bytes an event, not 21.4).
template <typename T>
class ScratchArray
{
    static_assert(std::is_trivially_default_constructible_v<T> && std::is_trivially_destructible_v<T>);

public:
    ScratchArray() = default; // empty: data() is null
    explicit ScratchArray(std::size_t n) : m_p(ScratchAllocator<T>().allocate(n)), m_n(n) {}
    ~ScratchArray()
    {
        if (m_p)
            ScratchAllocator<T>().deallocate(m_p, m_n);
    }
    ScratchArray(ScratchArray &&o) noexcept : m_p(std::exchange(o.m_p, nullptr)), m_n(std::exchange(o.m_n, 0)) {}
    ScratchArray &operator=(ScratchArray &&o) noexcept
    {
        std::swap(m_p, o.m_p);
        std::swap(m_n, o.m_n);
        return *this;
    }
    ScratchArray(const ScratchArray &) = delete;
    ScratchArray &operator=(const ScratchArray &) = delete;
    T &operator[](std::size_t i) { return m_p[i]; }
    const T &operator[](std::size_t i) const { return m_p[i]; }
    T *data() { return m_p; }
    const T *data() const { return m_p; }
    std::size_t size() const { return m_n; }

private:
    T *m_p = nullptr;
    std::size_t m_n = 0;
};

} // namespace lanescope
