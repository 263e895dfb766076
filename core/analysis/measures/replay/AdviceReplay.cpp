// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/replay/AdviceReplay.h"

#include "core/analysis/text/FigureText.h"
#include "core/analysis/measures/replay/Replay.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis::replay {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

} // namespace

bool replayAdvice(std::vector<Advice> &advice, const detail::EvidenceIndex &index, const Step &step, double mfuPct,
                  double runStepS)
{
    // One fix per advice that names one; one replay graph for all of them.
    std::vector<Fix> fixes;
    std::vector<int> fixOf(advice.size(), -1);
    for (std::size_t k = 0; k < advice.size(); ++k) {
        std::vector<Fix> one;
        QString error;
        if (!parseFixes(advice[k].id, &one, &error))
            continue;
        fixOf[k] = int(fixes.size());
        fixes.push_back(one.front());
    }
    if (fixes.empty())
        return true;
    const ReplayGraph graph = buildReplayGraph(index, step);
    const WhatIf w = whatIf(graph, fixes, mfuPct);
    if (!w.valid || w.stepNs <= 0)
        return false;

    struct Kept
    {
        Advice advice;
        TimeNs gain = -1; // -1: not replayed
    };
    std::vector<Kept> kept;
    for (std::size_t k = 0; k < advice.size(); ++k) {
        if (fixOf[k] < 0) {
            kept.push_back({advice[k], -1});
            continue;
        }
        const FixProjection &p = w.fixes[std::size_t(fixOf[k])];
        if (100.0 * double(p.gainNs) < kAdviceReplayMinGainPct * double(w.stepNs))
            continue; // the replay gains too little to show
        Advice a = advice[k];
        // The replayed step's relative gain, applied to the run's step time (the same step when
        // runStepS is not given).
        const double ratio = double(p.projectedNs) / double(w.stepNs);
        a.stepS = runStepS > 0 ? runStepS : double(w.stepNs) / 1e9;
        a.projectedStepS = std::max(a.stepS * ratio, 1e-9);
        a.mfuPct = mfuPct > 0 ? mfuPct : 0;
        a.projectedMfuPct = mfuPct > 0 ? mfuPct * a.stepS / a.projectedStepS : 0; // MFU scales with 1 / step time
        QStringList parts;
        for (int j = 0; j < kPathParts; ++j)
            if (p.removedPartsNs[std::size_t(j)] > 0)
                parts << Text::tr("%1 %2").arg(pathPartLabel(PathPart(j)), figure::ms(double(p.removedPartsNs[std::size_t(j)])));
        // The replay's projection replaces the arithmetic bound the rule wrote.
        if (a.boundTextAt >= 0 && a.boundTextAt <= a.evidence.size())
            a.evidence.truncate(a.boundTextAt);
        a.boundTextAt = -1;
        a.projectionReplayed = true;
        a.evidence += (a.evidence.isEmpty() ? QString() : QStringLiteral("; ")) +
            Text::tr("replayed on %1 with the fix: step %2 -> %3; it removes from the critical path: %4")
                .arg(w.step.name, figure::ms(double(w.stepNs)), figure::ms(double(p.projectedNs)),
                     parts.isEmpty() ? Text::tr("nothing") : parts.join(QStringLiteral(", ")));
        kept.push_back({std::move(a), p.gainNs});
    }
    std::stable_sort(kept.begin(), kept.end(), [](const Kept &a, const Kept &b) {
        if ((a.gain >= 0) != (b.gain >= 0))
            return a.gain >= 0;
        return a.gain > b.gain;
    });
    advice.clear();
    for (Kept &k : kept)
        advice.push_back(std::move(k.advice));
    return true;
}

} // namespace lanescope::analysis::replay
