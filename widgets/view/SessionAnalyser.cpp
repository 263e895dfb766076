// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/view/SessionAnalyser.h"

#include "core/util/Parallel.h"
#include "widgets/view/Session.h"

#include <memory>
#include <vector>

namespace lanescope {

namespace {

// What one request hands back: for each run analysed, its trace (to find it again, wherever the
// run has moved since) and its analysis.
struct Analysed
{
    std::vector<std::shared_ptr<const Trace>> traces;
    std::vector<std::shared_ptr<const analysis::AnalysisResult>> results;
};

} // namespace

SessionAnalyser::SessionAnalyser(Session *session, QObject *parent)
    : LatestRunner(parent)
    , m_session(session)
{
    // Only new runs need measuring: a run moved or removed keeps its analysis. New settings make
    // every run's analysis stale (serves() compares with them).
    connect(session, &Session::runsReplaced, this, &SessionAnalyser::scheduleAnalysis);
    connect(session, &Session::settingsChanged, this, &SessionAnalyser::scheduleAnalysis);
}

analysis::AnalysisOptions SessionAnalyser::measures() const
{
    const Session *s = m_session.data();
    return s ? s->settings().options() : analysis::AnalysisOptions{};
}

void SessionAnalyser::scheduleAnalysis()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_scheduled = false;
            analyseMissing();
        },
        Qt::QueuedConnection);
}

void SessionAnalyser::setAllRuns(bool all)
{
    if (m_allRuns == all)
        return;
    m_allRuns = all;
    scheduleAnalysis();
}

void SessionAnalyser::setFocusRun(int run)
{
    if (m_focus == run)
        return;
    m_focus = run;
    if (!m_allRuns)
        scheduleAnalysis();
}

bool SessionAnalyser::serves(int run) const
{
    const Session *s = m_session.data();
    if (!s || run < 0 || run >= s->runCount())
        return false;
    const auto &a = s->run(run).analysis;
    return a && analysis::servesWholeTrace(*a, s->settings().options());
}

bool SessionAnalyser::servesAll() const
{
    const Session *s = m_session.data();
    if (!s)
        return false;
    for (int i = 0; i < s->runCount(); ++i)
        if ((m_allRuns || i == m_focus) && !serves(i))
            return false;
    return true;
}

void SessionAnalyser::analyseMissing()
{
    Session *s = m_session.data();
    if (!s)
        return;
    auto traces = std::make_shared<std::vector<std::shared_ptr<const Trace>>>();
    for (int i = 0; i < s->runCount(); ++i)
        if ((m_allRuns || i == m_focus) && !serves(i) && s->run(i).trace)
            traces->push_back(s->run(i).trace);
    if (traces->empty()) {
        submit(nullptr, nullptr); // nothing to measure: a request in flight is stale now
        emit analysed();
        return;
    }
    const analysis::AnalysisOptions measures = s->settings().options();
    submit(
        [traces, measures]() -> Result {
            auto out = std::make_shared<Analysed>();
            out->traces = *traces;
            out->results.resize(traces->size());
            runOnThreads(traces->size(), [&](std::size_t k) {
                out->results[k] = std::make_shared<const analysis::AnalysisResult>(analysis::analyze(*(*traces)[k], measures));
            });
            return out;
        },
        [traces](const QString &message) -> Result {
            auto out = std::make_shared<Analysed>();
            auto r = std::make_shared<analysis::AnalysisResult>();
            r->error = tr("internal error in the analysis: %1").arg(message);
            out->traces = *traces;
            out->results.assign(traces->size(), r);
            return out;
        });
}

void SessionAnalyser::deliver(const Result &result)
{
    Session *s = m_session.data();
    const auto *a = static_cast<const Analysed *>(result.get());
    if (!s || !a)
        return;
    for (std::size_t k = 0; k < a->traces.size(); ++k)
        for (int i = 0; i < s->runCount(); ++i)
            if (s->run(i).trace == a->traces[k])
                s->setAnalysis(i, a->results[k]);
    emit analysed();
}

} // namespace lanescope
