// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/advice/Advice.h"

#include "core/analysis/advice/AdviceRule.h"
#include "core/analysis/measures/launches/LaunchEvents.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/Format.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

std::vector<TimeRange> merged(std::vector<TimeRange> v)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](const TimeRange &r) { return r.empty(); }), v.end());
    std::sort(v.begin(), v.end(), [](const TimeRange &a, const TimeRange &b) { return a.from < b.from; });
    std::vector<TimeRange> out;
    for (const TimeRange &r : v) {
        if (!out.empty() && r.from <= out.back().to)
            out.back().to = std::max(out.back().to, r.to);
        else
            out.push_back(r);
    }
    return out;
}

TimeNs totalLength(const std::vector<TimeRange> &disjoint)
{
    TimeNs t = 0;
    for (const TimeRange &r : disjoint)
        t += r.to - r.from;
    return t;
}

bool contains(const std::vector<std::string_view> &keys, std::string_view key)
{
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

} // namespace

TimeNs unionWithin(std::vector<TimeRange> intervals, std::vector<TimeRange> windows)
{
    const std::vector<TimeRange> a = merged(std::move(intervals)), w = merged(std::move(windows));
    TimeNs t = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < w.size()) {
        const TimeNs s = std::max(a[i].from, w[j].from), e = std::min(a[i].to, w[j].to);
        if (e > s)
            t += e - s;
        if (a[i].to < w[j].to)
            ++i;
        else
            ++j;
    }
    return t;
}

std::vector<TimeRange> subtractIntervals(std::vector<TimeRange> from, std::vector<TimeRange> minus)
{
    const std::vector<TimeRange> a = merged(std::move(from)), b = merged(std::move(minus));
    std::vector<TimeRange> out;
    std::size_t j = 0;
    for (TimeRange r : a) {
        while (j < b.size() && b[j].to <= r.from)
            ++j;
        for (std::size_t k = j; k < b.size() && b[k].from < r.to; ++k) {
            if (b[k].from > r.from)
                out.push_back(TimeRange{r.from, b[k].from});
            r.from = std::max(r.from, b[k].to);
        }
        if (r.to > r.from)
            out.push_back(r);
    }
    return out;
}

// --- AdviceContext ---------------------------------------------------------------------------

AdviceContext::AdviceContext(const AdviceInputs &in)
    : m_in(in)
{
    if (in.criticalPath && in.criticalPath->valid && in.criticalPath->lengthNs > 0)
        m_path = in.criticalPath;
    m_steps = in.steps ? int(in.steps->size()) : 0;
    m_perStep = std::max(1, m_steps); // "per step" minimums on a trace without steps: once
    // The time the advice takes its shares of (AdviceInputs::windows, or the GPU's busy span).
    std::vector<TimeRange> windows = in.windows;
    if (windows.empty() && in.temporal && in.temporal->span > 0)
        windows.push_back(TimeRange{in.temporal->spanStart, in.temporal->spanEnd});
    m_windows = merged(std::move(windows));
    m_analysedNs = totalLength(m_windows);
    m_idleWindows = in.computeBusy.empty() ? m_windows : subtractIntervals(m_windows, in.computeBusy);
    m_ofAnalysed = m_steps > 0 ? (m_steps == 1 ? Text::tr("of the analysed time (%n step, %1)", nullptr, m_steps)
                                               : Text::tr("of the analysed time (%n steps, %1)", nullptr, m_steps))
                                     .arg(formatDuration(m_analysedNs))
                               : Text::tr("of the analysed time (the GPU's busy span, %1)").arg(formatDuration(m_analysedNs));
}

const std::vector<std::string_view> &AdviceContext::measureKeys()
{
    // The measure catalogue's keys (run/Measure.h) of the results AdviceInputs holds.
    static const std::vector<std::string_view> keys{"temporal", "gaps", "mfu", "memory", "launch", "critical_path"};
    return keys;
}

bool AdviceContext::has(std::string_view key) const
{
    if (key == "temporal")
        return m_in.temporal != nullptr;
    if (key == "gaps")
        return m_in.gaps != nullptr;
    if (key == "mfu")
        return m_in.mfu != nullptr;
    if (key == "memory")
        return m_in.memory != nullptr;
    if (key == "launch") // the launch measure's three results
        return m_in.launchStats && m_in.idleBreakdown && m_in.queueLengths;
    if (key == "critical_path")
        return m_path != nullptr; // a path that could not be found is no path
    return false;
}

double AdviceContext::share(TimeNs t) const { return 100.0 * double(t) / double(std::max<TimeNs>(m_analysedNs, 1)); }

TimeRange AdviceContext::GapEvidence::longestRange() const
{
    return longest ? TimeRange{longest->start, longest->end()} : TimeRange{};
}

AdviceContext::GapEvidence AdviceContext::gapsOf(GapCause cause, const QString &collective) const
{
    GapEvidence e;
    for (const Gap &g : gaps()) {
        if (g.cause != cause || (!collective.isEmpty() && !g.collective.contains(collective, Qt::CaseInsensitive)))
            continue;
        ++e.count;
        e.intervals.push_back(TimeRange{g.start, g.end()});
        if (!e.longest || g.dur > e.longest->dur)
            e.longest = &g;
    }
    e.union_ = unionWithin(e.intervals, m_idleWindows);
    return e;
}

void AdviceContext::project(Advice &a, TimeNs explained) const
{
    a.explainedNs = explained;
    const MfuResult *mfu = m_in.mfu;
    if (!(mfu && mfu->stepS > 0 && m_steps > 0) || explained <= 0)
        return;
    a.stepS = mfu->stepS;
    a.projectedStepS = std::max(a.stepS - double(explained) / 1e9 / m_steps, 1e-9);
    QString gain;
    if (mfu->valid && mfu->mfuPct > 0) {
        a.mfuPct = mfu->mfuPct;
        a.projectedMfuPct = a.mfuPct * a.stepS / a.projectedStepS; // MFU scales with 1 / step time
        gain = Text::tr("without these waits: step %1 -> %2, MFU %3 -> %4 at most (an upper bound: something else may stall instead)")
                   .arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9), figure::pct(a.mfuPct),
                        figure::pct(a.projectedMfuPct));
    } else {
        gain = Text::tr("without these waits: step %1 -> %2 at most (an upper bound: something else may stall instead)")
                   .arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9));
    }
    a.boundTextAt = a.evidence.size();
    a.evidence += QStringLiteral("; ") + gain;
}

TimeNs AdviceContext::boundByPath(Advice &a, TimeNs explained, TimeNs onPath, const QString &what) const
{
    a.evidence += Text::tr("; the critical path of %1 spends %2 %3 (%4 of the step)")
                      .arg(m_path->step.name, formatDuration(onPath), what,
                           figure::pct(100.0 * double(onPath) / double(m_path->lengthNs)));
    return std::min(explained, onPath * TimeNs(m_perStep));
}

TimeNs AdviceContext::launchOnPath() const
{
    if (!m_path || !m_in.index)
        return 0;
    const detail::EvidenceIndex &ix = *m_in.index;
    TimeNs t = 0;
    for (const PathSegment &g : m_path->segments) {
        if (g.part == PathPart::LaunchDelay) {
            t += g.to - g.from;
        } else if (g.part == PathPart::Cpu && g.slice >= 0 && g.track < ix.trace.tracks.size()) {
            const Track &tr = ix.trace.tracks[g.track];
            if (std::size_t(g.slice) < tr.size() && (launchSetsOf(ix.trace.strings.view(tr.nameId[std::size_t(g.slice)])) & kLanescopeLaunch))
                t += g.to - g.from;
        }
    }
    return t;
}

void AdviceContext::listGaps(Advice &a, GapCause cause, int count, const QString &collective)
{
    a.listsGaps = true;
    a.gapCause = cause;
    a.gapCount = count;
    a.gapCollective = collective;
}

Advice AdviceRule::advice(QString title, QString evidence, TimeRange where) const
{
    const std::string_view i = id();
    return Advice{QString::fromLatin1(i.data(), qsizetype(i.size())), std::move(title), std::move(evidence), where};
}

// --- advise -----------------------------------------------------------------------------------

std::vector<Advice> advise(const AdviceInputs &in, const std::vector<const AdviceRule *> &rules)
{
    const AdviceContext context(in);
    std::vector<Advice> out;
    std::vector<std::string_view> spoke; // the ids of the rules that gave advice, in order
    for (const AdviceRule *rule : rules) {
        // A rule is asked only with every measure it needs (a caller that did not run one, or a
        // path that could not be found): skipped, it gives no advice and defers to no one.
        const std::vector<std::string_view> needs = rule->needs();
        if (!std::all_of(needs.begin(), needs.end(), [&](std::string_view k) { return context.has(k); }))
            continue;
        if (rule->onlyWhenNoneBefore() && !spoke.empty())
            continue;
        const std::vector<std::string_view> yields = rule->yieldsTo();
        if (std::any_of(spoke.begin(), spoke.end(), [&](std::string_view id) { return contains(yields, id); }))
            continue;
        if (std::optional<Advice> a = rule->evaluate(context)) {
            spoke.push_back(rule->id());
            out.push_back(std::move(*a));
        }
    }
    // Every piece of advice points somewhere: where no single gap stands for it, the analysed span.
    for (Advice &a : out)
        if (a.where.empty() && in.temporal)
            a.where = TimeRange{in.temporal->spanStart, in.temporal->spanEnd};
    // Largest projected gain first (the step time a fix takes off); advice without a projection
    // after, in the order the rules run.
    std::stable_sort(out.begin(), out.end(), [](const Advice &a, const Advice &b) {
        const double ga = a.projectedStepS > 0 ? a.stepS - a.projectedStepS : -1;
        const double gb = b.projectedStepS > 0 ? b.stepS - b.projectedStepS : -1;
        return ga > gb;
    });
    return out;
}

std::vector<Advice> advise(const AdviceInputs &in) { return advise(in, adviceRules()); }

ComputeIdle computeIdle(const AdviceInputs &in, const std::vector<Gap> &listedGaps)
{
    // The same windows and idle time the rules take their shares of.
    const AdviceContext context(in);
    ComputeIdle c;
    c.analysedNs = context.analysedNs();
    c.steps = context.steps();
    c.idleNs = totalLength(context.idleWindows());
    std::vector<TimeRange> gaps;
    gaps.reserve(listedGaps.size());
    for (const Gap &g : listedGaps)
        gaps.push_back(TimeRange{g.start, g.end()});
    c.inGapsNs = unionWithin(std::move(gaps), context.idleWindows());
    c.gaps = int(listedGaps.size());
    if (c.analysedNs > 0) {
        c.idlePct = 100.0 * double(c.idleNs) / double(c.analysedNs);
        c.inGapsPct = 100.0 * double(c.inGapsNs) / double(c.analysedNs);
    }
    return c;
}

} // namespace lanescope::analysis
