// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/RunAlignment.h"

#include "widgets/view/Session.h"

namespace lanescope {

namespace {
std::vector<std::vector<analysis::Step>> stepsOf(const Session &session)
{
    std::vector<std::vector<analysis::Step>> steps;
    for (int i = 0; i < session.runCount(); ++i) {
        const SessionRun &r = session.run(i);
        steps.push_back(r.stepList()); // found at load: not again here
    }
    return steps;
}
} // namespace

analysis::Alignment alignSession(Session &session, const analysis::AlignOptions &options)
{
    const std::vector<std::vector<analysis::Step>> steps = stepsOf(session);
    std::vector<const Trace *> traces;
    std::vector<const std::vector<analysis::Step> *> stepPtrs;
    for (int i = 0; i < session.runCount(); ++i) {
        traces.push_back(session.trace(i));
        stepPtrs.push_back(&steps[std::size_t(i)]);
    }
    analysis::Alignment a = analysis::alignRuns(traces, stepPtrs, options);
    if (a.error.isEmpty())
        for (int i = 0; i < session.runCount() && i < int(a.runs.size()); ++i)
            session.setOffset(i, a.runs[std::size_t(i)].offsetNs);
    return a;
}

int commonCompleteSteps(const Session &session)
{
    int n = -1;
    for (const auto &s : stepsOf(session)) {
        const int c = int(analysis::completeSteps(s).size());
        n = n < 0 ? c : std::min(n, c);
    }
    return std::max(n, 0);
}

} // namespace lanescope
