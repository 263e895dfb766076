// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An advice rule is an object: it declares its id (the advice id of `analyze --json` and the fix
// `whatif --fix` replays), the measures it needs (their keys in the measure catalogue,
// run/Measure.h) and how it judges them (evaluate()). advise() (Advice.h) is a loop over the
// registered rules (adviceRules(), one line per rule in AdviceRules.cpp) plus the ordering every
// rule shares. Each rule lives in its own file under advice/rules/.
#include "core/analysis/advice/Advice.h"

#include <optional>
#include <string_view>
#include <vector>

namespace lanescope::analysis {

// What the rules read: the measures' results (AdviceInputs) and the figures every rule shares,
// computed once (the analysed windows and their compute idle, the denominator of the shares and
// its words, the projection of a fix).
class AdviceContext
{
public:
    explicit AdviceContext(const AdviceInputs &in);

    // The measure keys (run/Measure.h) whose results a context can hold, and whether it holds one:
    // "temporal", "gaps", "mfu", "memory", "launch" (the launch statistics, the idle breakdown and
    // the queue lengths), "critical_path" (a valid path). A rule that needs a key the context
    // lacks is not asked (advise()).
    static const std::vector<std::string_view> &measureKeys();
    bool has(std::string_view key) const;

    const AdviceInputs &inputs() const { return m_in; }
    // The gaps at the advice's threshold (kAdviceGapNs, every kernel); empty without "gaps".
    const std::vector<Gap> &gaps() const { return m_in.gaps ? *m_in.gaps : m_noGaps; }
    // The critical path where it is known (valid, not empty), else nullptr.
    const CriticalPath *path() const { return m_path; }

    int steps() const { return m_steps; }     // the steps analysed, 0 without steps
    int perStep() const { return m_perStep; } // "per step" minimums multiply by this: steps, at least 1
    // The time the shares are taken of (AdviceInputs::windows, or the GPU's busy span), merged.
    const std::vector<TimeRange> &windows() const { return m_windows; }
    TimeNs analysedNs() const { return m_analysedNs; }
    // Where a stall costs anything: inside the analysed time, while the GPU computed nothing.
    const std::vector<TimeRange> &idleWindows() const { return m_idleWindows; }
    // Percent of the analysed time.
    double share(TimeNs t) const;
    // The denominator, said with every share: "of the analysed time (2 steps, 200.00 ms)".
    const QString &ofAnalysed() const { return m_ofAnalysed; }

    // The gaps of `cause` (and, where collective is not empty, waiting on a collective whose name
    // contains it): how many, the union of their intervals inside the idle windows, the longest.
    struct GapEvidence
    {
        int count = 0;
        TimeNs union_ = 0;
        const Gap *longest = nullptr;
        std::vector<TimeRange> intervals;
        TimeRange longestRange() const;
    };
    GapEvidence gapsOf(GapCause cause, const QString &collective = {}) const;

    // What taking `explained` out of every step is worth (an upper bound): sets explainedNs, and
    // with steps and a step time the projected step (and MFU), and appends the bound's sentence
    // to the evidence (Advice::boundTextAt, which a replay replaces).
    void project(Advice &a, TimeNs explained) const;
    // Where the critical path is known, a rule explains no more of the steps than the path spends
    // on what its fix removes (`onPath` in its one step, taken as every step's), and says so in
    // the evidence ("the critical path of STEP spends T WHAT"). Returns the bounded time; call
    // only with path() set.
    TimeNs boundByPath(Advice &a, TimeNs explained, TimeNs onPath, const QString &what) const;
    // The path's time in launching: its launch-delay part and its CPU time inside the calls that
    // enqueue GPU work (what CUDA graphs take away). 0 without the path or the evidence index.
    TimeNs launchOnPath() const;

    // Marks the advice as listing its gaps in the dock's gap table (Advice::listsGaps).
    static void listGaps(Advice &a, GapCause cause, int count, const QString &collective = {});

private:
    const AdviceInputs &m_in;
    const std::vector<Gap> m_noGaps;
    const CriticalPath *m_path = nullptr;
    int m_steps = 0, m_perStep = 1;
    std::vector<TimeRange> m_windows, m_idleWindows;
    TimeNs m_analysedNs = 0;
    QString m_ofAnalysed;
};

class AdviceRule
{
public:
    virtual ~AdviceRule() = default;
    // The advice id it gives ("dataloader"): stable, the key of `analyze --json`'s advice and of
    // `whatif --fix` (replay/Fixes.h), which replays the advice's fix by this id.
    virtual std::string_view id() const = 0;
    // The measure keys (AdviceContext::measureKeys()) without which the rule has nothing to judge:
    // where one is missing the rule is not asked.
    virtual std::vector<std::string_view> needs() const = 0;
    // Keys it reads where they are there and does without otherwise (the critical path that
    // bounds a projection).
    virtual std::vector<std::string_view> uses() const { return {}; }
    // Ids of rules registered before it that give the same remedy for a more specific diagnosis:
    // where one of them spoke, this rule is not asked.
    virtual std::vector<std::string_view> yieldsTo() const { return {}; }
    // A catch-all: asked only where no rule registered before it spoke.
    virtual bool onlyWhenNoneBefore() const { return false; }
    // The advice, where the context shows the rule's problem with at least its evidence minimum
    // (AdviceMinimum); nothing otherwise.
    virtual std::optional<Advice> evaluate(const AdviceContext &context) const = 0;

protected:
    // An advice of this rule's id.
    Advice advice(QString title, QString evidence, TimeRange where) const;
};

// The registered rules in the order they are asked (AdviceRules.cpp).
const std::vector<const AdviceRule *> &adviceRules();
// Every measure key the registered rules need or use, once each, in the order first named: what
// the advice reads.
std::vector<std::string_view> adviceRulesRead();

// advise() over the given rules: each asked in turn unless a need is missing, a rule it yields to
// spoke, or it is a catch-all after one spoke; then every advice points somewhere and the
// advice is ordered by projected gain. advise(in) is advise(in, adviceRules()).
std::vector<Advice> advise(const AdviceInputs &in, const std::vector<const AdviceRule *> &rules);

} // namespace lanescope::analysis
