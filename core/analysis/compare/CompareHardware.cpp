// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/compare/CompareHardware.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace lanescope::analysis {

std::optional<double> HardwareDiffRow::delta(std::size_t run) const
{
    if (run >= values.size() || !values[run] || !values[0])
        return std::nullopt;
    return *values[run] - *values[0];
}

std::optional<double> HardwareDiffRow::pct(std::size_t run) const
{
    const std::optional<double> d = delta(run);
    if (!d || *values[0] == 0)
        return std::nullopt;
    return 100.0 * *d / std::abs(*values[0]);
}

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

HardwareDiffRow newRow(const char *kind, const QString &name, const char *unit, std::size_t runs)
{
    HardwareDiffRow r;
    r.kind = kind;
    r.name = name;
    r.unit = unit;
    r.values.assign(runs, std::nullopt);
    r.count.assign(runs, 0);
    r.weight.assign(runs, 0);
    return r;
}

// A kind's rows, by the most GPU time (or bytes) any run spent on them.
template <class Key>
std::vector<HardwareDiffRow> byWeight(std::map<Key, HardwareDiffRow> &keyed)
{
    std::vector<HardwareDiffRow> rows;
    for (auto &[key, r] : keyed)
        rows.push_back(std::move(r));
    const auto weight = [](const HardwareDiffRow &r) { return *std::max_element(r.weight.begin(), r.weight.end()); };
    std::stable_sort(rows.begin(), rows.end(), [&](const HardwareDiffRow &a, const HardwareDiffRow &b) { return weight(a) > weight(b); });
    return rows;
}

// Median busbw per collective kind, over the kernels that have one (the by_type rows split the
// kind by message size too; a tuned run often changes the bucket size, so the kind is the row).
std::vector<HardwareDiffRow> collectiveRows(const std::vector<const AnalysisResult *> &runs)
{
    std::map<int, HardwareDiffRow> byKind;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        std::map<int, std::vector<double>> busbw;
        std::map<int, double> time;
        for (const CollectiveTransfer &k : runs[i]->collectives.kernels) {
            if (k.busbwGBps < 0)
                continue;
            busbw[int(k.kind)].push_back(k.busbwGBps);
            time[int(k.kind)] += double(k.dur);
        }
        for (auto &[kind, v] : busbw) {
            auto it = byKind.find(kind);
            if (it == byKind.end())
                it = byKind.emplace(kind, newRow("collective_busbw", QString::fromLatin1(collectiveKindName(CollectiveKind(kind))),
                                                 "GB/s", runs.size())).first;
            it->second.values[i] = median(v);
            it->second.count[i] = std::int64_t(v.size());
            it->second.weight[i] = time[kind];
        }
    }
    return byWeight(byKind);
}

// Achieved TFLOPS per operator, shapes and dtype: OpsEfficiency's rows as they are.
std::vector<HardwareDiffRow> opRows(const std::vector<const AnalysisResult *> &runs)
{
    std::map<QString, HardwareDiffRow> byKey;
    for (std::size_t i = 0; i < runs.size(); ++i)
        for (const OpEfficiencyRow &o : runs[i]->opsEfficiency.ops) {
            if (o.achievedTflops < 0)
                continue;
            const QString key = QStringLiteral("%1 %2 %3").arg(o.name, o.shapes, o.dtype);
            auto it = byKey.find(key);
            if (it == byKey.end())
                it = byKey.emplace(key, newRow("op_tflops", key, "TFLOPS", runs.size())).first;
            it->second.values[i] = o.achievedTflops;
            it->second.count[i] = o.count;
            it->second.weight[i] = double(o.gpuNs);
        }
    return byWeight(byKey);
}

// Bytes alive at each run's peak, per owner (a run whose [memory] events carry no addresses has
// no owners: no values).
std::vector<HardwareDiffRow> memoryRows(const std::vector<const AnalysisResult *> &runs)
{
    std::map<QString, HardwareDiffRow> byOwner;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const MemoryOwners &m = runs[i]->memoryOwners;
        if (!m.addresses || m.peakBytes < 0)
            continue;
        for (const MemoryOwnerRow &o : m.aliveAtPeak) {
            const QString key = o.key();
            auto it = byOwner.find(key);
            if (it == byOwner.end()) {
                it = byOwner.emplace(key, newRow("memory_owner_peak", key, "bytes", runs.size())).first;
                it->second.higherIsBetter = false;
            }
            it->second.values[i] = double(it->second.values[i].value_or(0) + double(o.bytes));
            it->second.count[i] += o.count;
            it->second.weight[i] += double(o.bytes);
        }
    }
    // A run that has owners but not this one holds none of it at its peak: 0, not unknown.
    for (auto &[key, r] : byOwner)
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (!r.values[i] && runs[i]->memoryOwners.addresses && runs[i]->memoryOwners.peakBytes >= 0)
                r.values[i] = 0.0;
    return byWeight(byOwner);
}

} // namespace

std::vector<HardwareDiffRow> hardwareDiffs(const std::vector<const AnalysisResult *> &runs)
{
    std::vector<HardwareDiffRow> rows = collectiveRows(runs);
    for (HardwareDiffRow &r : opRows(runs))
        rows.push_back(std::move(r));
    for (HardwareDiffRow &r : memoryRows(runs))
        rows.push_back(std::move(r));
    return rows;
}

} // namespace lanescope::analysis
