// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The merge's join of flow ends to flow starts: (category, id) -> the slice a flow leaves from.
// Kineto numbers its flows with correlation ids, which count up in each category ("ac2g",
// "fwdbwd"), in one run per profiling session: such a category gets a direct-indexed table of
// pages of 4096 ids, only for the pages its ids fall in, so registering and finding walk the
// table nearly in order instead of missing the cache once a lookup in a hash map larger than it. A
// hash map holds the categories whose ids are scattered (other tools, hashed ids) and every
// category when a file has more than kMaxCategories of them.
#include "core/util/FlatHashMap.h"

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <utility>
#include <vector>

namespace lanescope::parse {

class FlowStarts
{
    static constexpr int kPageBits = 12;
    static constexpr std::uint64_t kPageMask = (std::uint64_t(1) << kPageBits) - 1;
    static constexpr std::size_t kMaxCategories = 16;
    static constexpr std::size_t kMaxPages = std::size_t(1) << 14; // 512 MiB of slots at most

public:
    using Where = std::pair<std::uint32_t, std::uint32_t>; // (track, slice)

    // Which pages the starts' ids fall in, per category: taken for each chunk of the file on its
    // own thread, then handed to plan() together.
    class Census
    {
    public:
        void see(std::uint32_t cat, std::uint64_t id)
        {
            Count *c = count(cat);
            if (!c) {
                ++m_other;
                return;
            }
            ++c->n;
            const std::uint64_t page = id >> kPageBits;
            if (c->scattered || page == c->lastPage)
                return;
            c->lastPage = page;
            c->pages.insert(page);
            if (c->pages.size() > kMaxPages) {
                c->scattered = true;
                std::unordered_set<std::uint64_t>().swap(c->pages);
            }
        }

    private:
        friend class FlowStarts;
        struct Count
        {
            std::uint32_t cat = 0;
            std::uint64_t n = 0;
            std::uint64_t lastPage = UINT64_MAX;
            bool scattered = false;
            std::unordered_set<std::uint64_t> pages;
        };
        Count *count(std::uint32_t cat)
        {
            if (m_last < m_counts.size() && m_counts[m_last].cat == cat)
                return &m_counts[m_last];
            for (std::size_t i = 0; i < m_counts.size(); ++i)
                if (m_counts[i].cat == cat)
                    return &m_counts[m_last = i];
            if (m_counts.size() == kMaxCategories)
                return nullptr;
            m_counts.emplace_back();
            m_counts.back().cat = cat;
            return &m_counts[m_last = m_counts.size() - 1];
        }
        std::vector<Count> m_counts;
        std::size_t m_last = 0;
        std::uint64_t m_other = 0; // starts of categories past kMaxCategories
    };

    // Sizes the tables from every chunk's census; then insert / find.
    void plan(const std::vector<Census> &census)
    {
        std::uint64_t sparse = 0;
        bool tooMany = false;
        std::vector<std::unordered_set<std::uint64_t>> pages;
        std::vector<bool> scattered;
        for (const Census &c : census) {
            sparse += c.m_other;
            tooMany |= c.m_other > 0;
            for (const Census::Count &k : c.m_counts) {
                Range *r = range(k.cat);
                if (!r && m_ranges.size() < kMaxCategories) {
                    m_ranges.emplace_back();
                    m_ranges.back().cat = k.cat;
                    pages.emplace_back();
                    scattered.push_back(false);
                    r = &m_ranges.back();
                }
                if (!r) {
                    tooMany = true;
                    sparse += k.n;
                    continue;
                }
                const std::size_t ri = std::size_t(r - m_ranges.data());
                r->count += k.n;
                scattered[ri] = scattered[ri] || k.scattered;
                if (!scattered[ri])
                    pages[ri].insert(k.pages.begin(), k.pages.end());
                if (pages[ri].size() > kMaxPages)
                    scattered[ri] = true;
            }
        }
        for (std::size_t ri = 0; ri < m_ranges.size(); ++ri) {
            Range &r = m_ranges[ri];
            // Paged when its slots cost at most ~8 a start (64 bytes, about what the hash map's
            // slots cost at its load factor and rounding): ids counting up, with a few gaps.
            const std::uint64_t slotCount = std::uint64_t(pages[ri].size()) << kPageBits;
            r.paged = !tooMany && !scattered[ri] && r.count > 0 && slotCount <= 8 * r.count + (std::uint64_t(1) << 16);
            if (!r.paged) {
                sparse += r.count;
                continue;
            }
            r.pages.assign(pages[ri].begin(), pages[ri].end());
            std::sort(r.pages.begin(), r.pages.end());
            r.table.assign(std::size_t(slotCount), Where{kNone, 0});
        }
        m_sparse = FlatHashMap<Where>(std::size_t(sparse) + 16);
    }
    void insert(std::uint32_t cat, std::uint64_t id, Where w)
    {
        if (Range *r = range(cat); r && r->paged) {
            if (Where *slot = r->slot(id)) {
                *slot = w;
                return;
            }
        }
        m_sparse(id, cat) = w;
    }
    // The start registered for (cat, id), or nullptr. Safe to call from several threads at once
    // (between inserts): it changes nothing.
    Where *find(std::uint32_t cat, std::uint64_t id)
    {
        if (Range *r = range(cat); r && r->paged)
            if (Where *w = r->slot(id))
                return w->first != kNone ? w : nullptr;
        return m_sparse.find(id, cat); // also a paged category's id on a page no start was seen on
    }
    // Asks the memory for (cat, id)'s slot ahead of an insert or find: a join over a table larger
    // than the caches waits on one miss a lookup otherwise.
    void prefetch(std::uint32_t cat, std::uint64_t id)
    {
        if (Range *r = range(cat); r && r->paged) {
            if (Where *w = r->slot(id))
                __builtin_prefetch(w);
            return;
        }
        m_sparse.prefetch(id, cat);
    }

private:
    static constexpr std::uint32_t kNone = UINT32_MAX; // a free slot (no track has this index)
    struct Range
    {
        std::uint32_t cat = 0;
        std::uint64_t count = 0;
        bool paged = false;
        std::vector<std::uint64_t> pages; // sorted; page k's ids are table[k << kPageBits ...]
        std::vector<Where> table;
        Where *slot(std::uint64_t id)
        {
            const std::uint64_t page = id >> kPageBits;
            const auto it = std::lower_bound(pages.begin(), pages.end(), page);
            if (it == pages.end() || *it != page)
                return nullptr;
            return &table[(std::size_t(it - pages.begin()) << kPageBits) | std::size_t(id & kPageMask)];
        }
    };
    // No cache of the last hit: find() runs on several threads at once.
    Range *range(std::uint32_t cat)
    {
        for (Range &r : m_ranges)
            if (r.cat == cat)
                return &r;
        return nullptr;
    }

    std::vector<Range> m_ranges;
    FlatHashMap<Where> m_sparse;
};

} // namespace lanescope::parse
