#include "core/analysis/KernelSummary.h"

#include "core/analysis/Compare.h" // normalizedName

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

} // namespace lanescope::analysis
