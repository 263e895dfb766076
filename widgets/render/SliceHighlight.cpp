// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/SliceHighlight.h"

#include "core/analysis/compare/Compare.h"

namespace lanescope {

std::uint64_t SliceHighlight::total() const
{
    std::uint64_t n = 0;
    for (std::uint64_t c : counts)
        n += c;
    return n;
}

void indexHitsByDepth(SliceHighlight::TrackHits &hits, const Track &track)
{
    hits.byDepth.clear();
    for (std::uint32_t i : hits.slices) {
        const std::size_t d = track.depth[i];
        if (d >= hits.byDepth.size())
            hits.byDepth.resize(d + 1);
        hits.byDepth[d].push_back(i);
    }
}

std::shared_ptr<const SliceHighlight> buildSliceHighlight(const std::vector<const Trace *> &traces,
                                                          const QString &normalizedName, bool foldTemplates)
{
    auto h = std::make_shared<SliceHighlight>();
    h->name = normalizedName;
    h->foldTemplates = foldTemplates;
    h->runs.resize(traces.size());
    h->counts.assign(traces.size(), 0);
    for (std::size_t r = 0; r < traces.size(); ++r) {
        const Trace *t = traces[r];
        if (!t)
            continue;
        // Each distinct name once: a trace has far fewer names than slices.
        std::vector<char> match(t->strings.size(), 0);
        bool any = false;
        for (StringId id = 0; id < t->strings.size(); ++id)
            if (analysis::normalizedName(t->strings.view(id), foldTemplates) == normalizedName) {
                match[id] = 1;
                any = true;
            }
        if (!any)
            continue;
        auto &tracks = h->runs[r];
        tracks.resize(t->tracks.size());
        for (std::size_t k = 0; k < t->tracks.size(); ++k) {
            const Track &trk = t->tracks[k];
            SliceHighlight::TrackHits &hits = tracks[k];
            for (std::size_t i = 0; i < trk.size(); ++i)
                if (match[trk.nameId[i]]) {
                    hits.slices.push_back(std::uint32_t(i)); // starts are sorted: so are the hits
                    hits.maxDur = std::max(hits.maxDur, trk.dur[i]);
                }
            indexHitsByDepth(hits, trk);
            h->counts[r] += hits.slices.size();
        }
    }
    return h;
}

} // namespace lanescope
