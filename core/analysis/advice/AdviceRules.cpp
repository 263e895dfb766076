// SPDX-License-Identifier: GPL-3.0-or-later
// The registered advice rules, one line each. Registration is this explicit list rather than
// objects that register themselves: lanescope_core is a static library, and the linker leaves out
// an object file nothing refers to, a self-registering rule with it.
#include "core/analysis/advice/AdviceRule.h"

#include <algorithm>

// In the order they are asked. The order matters where a rule defers to those before it
// (AdviceRule::yieldsTo, onlyWhenNoneBefore) and between advice of equal gain (advise() sorts
// stably). Each names the function its file under rules/ defines.
#define LANESCOPE_ADVICE_RULES(X)                                                                                      \
    X(fsdpAllGathersRule)                                                                                              \
    X(allocatorChurnRule)                                                                                              \
    X(launchBoundRule)                                                                                                 \
    X(cpuBoundLaunchRule)                                                                                              \
    X(dataLoaderRule)                                                                                                  \
    X(queueStarvationRule)                                                                                             \
    X(syncOnCriticalPathRule)                                                                                          \
    X(lowMfuBusyGpuRule)

namespace lanescope::analysis {

#define LANESCOPE_DECLARE_RULE(name) const AdviceRule &name();
LANESCOPE_ADVICE_RULES(LANESCOPE_DECLARE_RULE)
#undef LANESCOPE_DECLARE_RULE

const std::vector<const AdviceRule *> &adviceRules()
{
#define LANESCOPE_LIST_RULE(name) &name(),
    static const std::vector<const AdviceRule *> rules{LANESCOPE_ADVICE_RULES(LANESCOPE_LIST_RULE)};
#undef LANESCOPE_LIST_RULE
    return rules;
}

std::vector<std::string_view> adviceRulesRead()
{
    std::vector<std::string_view> keys;
    for (const AdviceRule *rule : adviceRules())
        for (const std::vector<std::string_view> &list : {rule->needs(), rule->uses()})
            for (std::string_view k : list)
                if (std::find(keys.begin(), keys.end(), k) == keys.end())
                    keys.push_back(k);
    return keys;
}

} // namespace lanescope::analysis
