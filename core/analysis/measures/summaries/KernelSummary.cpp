// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/summaries/KernelSummary.h"

#include "core/analysis/text/Names.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <QHash>

#include <algorithm>
#include <set>

namespace lanescope::analysis {

std::vector<KernelSummaryRow> kernelSummary(const Trace &t, const KernelSummaryOptions &options)
{
    struct Acc
    {
        KernelSummaryRow row;
        std::vector<TimeNs> durs;
        std::set<std::int64_t> streams;
    };
    std::vector<Acc> rows;
    QHash<QString, int> byName;          // the row of a (folded) name
    std::vector<int> rowOfId(t.strings.size(), -1); // interned name -> row, so names are spelled once
    const KernelClassifier classes(t);
    const TimeRange w = options.window;
    TimeNs all = 0;
    for (const Track &tr : t.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t c = tr.catId[i];
            const CategoryClass cc = c < t.categoryClass.size() ? t.categoryClass[c] : CategoryClass::Other;
            if (!isGpuActivity(cc) || (!w.empty() && !w.contains(tr.start[i])))
                continue;
            const StringId id = tr.nameId[i];
            int &r = rowOfId[id];
            if (r < 0) {
                const QString name = options.foldTemplates ? normalizedName(t.strings.view(id), true)
                                                           : QString::fromUtf8(t.strings.view(id).data(), int(t.strings.view(id).size()));
                auto it = byName.constFind(name);
                if (it == byName.constEnd()) {
                    Acc a;
                    a.row.name = name;
                    a.row.cls = classes.of(tr, i);
                    it = byName.insert(name, int(rows.size()));
                    rows.push_back(std::move(a));
                }
                r = *it;
            }
            Acc &a = rows[std::size_t(r)];
            const TimeNs d = tr.dur[i];
            if (a.durs.empty() || d > a.row.maxNs) {
                a.row.maxNs = d;
                a.row.longestTrack = std::uint32_t(&tr - t.tracks.data());
                a.row.longestSlice = std::uint32_t(i);
            }
            a.row.totalNs += d;
            a.durs.push_back(d);
            a.streams.insert(tr.streamId());
            all += d;
        }
    }
    std::vector<KernelSummaryRow> out;
    out.reserve(rows.size());
    for (Acc &a : rows) {
        KernelSummaryRow &r = a.row;
        std::sort(a.durs.begin(), a.durs.end());
        const std::size_t n = a.durs.size();
        r.count = std::int64_t(n);
        r.minNs = a.durs.front();
        r.maxNs = a.durs.back();
        r.meanNs = double(r.totalNs) / double(n);
        r.medianNs = medianOfSorted(a.durs);
        r.gpuTimePct = all > 0 ? 100.0 * double(r.totalNs) / double(all) : 0;
        r.streams.assign(a.streams.begin(), a.streams.end());
        out.push_back(std::move(r));
    }
    std::sort(out.begin(), out.end(), [](const KernelSummaryRow &a, const KernelSummaryRow &b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    return out;
}

namespace {

KernelLaunchShape shapeFrom(const EventDetails &d)
{
    KernelLaunchShape shape;
    if (!d.ok)
        return shape;
    const auto dims = [&](const char *key) {
        std::vector<std::int64_t> v;
        const QVariantList l = d.args.value(QLatin1String(key)).toList();
        for (const QVariant &x : l)
            if (v.size() < 3)
                v.push_back(x.toLongLong());
        return v;
    };
    shape.grid = dims("grid");
    shape.block = dims("block");
    if (const auto it = d.args.constFind(QStringLiteral("registers per thread")); it != d.args.constEnd())
        shape.registersPerThread = it->toLongLong();
    if (const auto it = d.args.constFind(QStringLiteral("shared memory")); it != d.args.constEnd())
        shape.sharedMemoryBytes = it->toLongLong();
    return shape;
}

} // namespace

KernelLaunchShape kernelLaunchShape(const Trace &t, std::uint32_t track, std::uint32_t slice)
{
    if (!t.source || track >= t.tracks.size() || slice >= t.tracks[track].size())
        return {};
    return shapeFrom(readEventDetails(t, t.tracks[track].fileOffset[slice]));
}

std::vector<KernelLaunchShape> kernelLaunchShapes(const Trace &t, const std::vector<KernelSummaryRow> &rows)
{
    std::vector<KernelLaunchShape> out(rows.size());
    if (!t.source)
        return out;
    std::vector<std::pair<std::uint64_t, std::size_t>> order; // file offset, row
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const KernelSummaryRow &r = rows[k];
        if (r.longestTrack < t.tracks.size() && r.longestSlice < t.tracks[r.longestTrack].size())
            order.emplace_back(t.tracks[r.longestTrack].fileOffset[r.longestSlice], k);
    }
    std::sort(order.begin(), order.end());
    SourceReader reader(*t.source);
    for (const auto &[offset, k] : order)
        out[k] = shapeFrom(readEventDetails(t, reader, offset, EventParts::ArgsOnly));
    return out;
}

} // namespace lanescope::analysis
