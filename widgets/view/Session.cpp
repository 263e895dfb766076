// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/view/Session.h"

#include <algorithm>

namespace lanescope {

std::vector<analysis::Step> SessionRun::stepList() const
{
    if (steps)
        return *steps;
    if (analysis)
        return analysis->steps;
    return trace ? analysis::findSteps(*trace) : std::vector<analysis::Step>{};
}


Session::Session(QObject *parent)
    : QObject(parent)
    , m_state(new ViewState(this))
{
}

void Session::setRuns(std::vector<SessionRun> runs)
{
    runs.erase(std::remove_if(runs.begin(), runs.end(), [](const SessionRun &r) { return !r.trace; }), runs.end());
    for (SessionRun &r : runs) {
        if (!r.index)
            r.index = TraceViewIndex::build(*r.trace);
        if (!r.annotations)
            r.annotations = std::make_shared<annotations::AnnotationSet>();
    }
    m_runs = std::move(runs);
    m_state->setSelectedSlice(SliceRef());
    m_state->clearTimeRange();
    m_state->clearGap();
    m_state->setSearch(nullptr); // the matches were of the old traces
    updateSpan();
    emit runsReplaced();
    emit runsChanged();
    m_state->fitAll();
}

void Session::setTrace(std::shared_ptr<const Trace> trace, std::shared_ptr<const TraceViewIndex> index, const QString &label)
{
    std::vector<SessionRun> runs;
    if (trace) {
        SessionRun r;
        r.label = label;
        r.path = trace->path;
        r.trace = std::move(trace);
        r.index = std::move(index);
        runs.push_back(std::move(r));
    }
    setRuns(std::move(runs));
}

const Trace *Session::trace(int i) const { return i >= 0 && i < runCount() ? m_runs[std::size_t(i)].trace.get() : nullptr; }

const TraceViewIndex *Session::index(int i) const
{
    return i >= 0 && i < runCount() ? m_runs[std::size_t(i)].index.get() : nullptr;
}

void Session::setAnalysis(int run, std::shared_ptr<const analysis::AnalysisResult> result)
{
    if (run < 0 || run >= runCount())
        return;
    m_runs[std::size_t(run)].analysis = std::move(result);
    emit analysisChanged(run);
}

void Session::setSettings(const analysis::AnalysisSettings &settings)
{
    if (settings == m_settings)
        return;
    m_settings = settings;
    emit settingsChanged();
}

void Session::setOffset(int run, TimeNs offsetNs)
{
    if (run < 0 || run >= runCount() || m_runs[std::size_t(run)].offsetNs == offsetNs)
        return;
    m_runs[std::size_t(run)].offsetNs = offsetNs;
    updateSpan();
    emit offsetsChanged();
}

void Session::setLabel(int run, const QString &label)
{
    if (run < 0 || run >= runCount() || m_runs[std::size_t(run)].label == label)
        return;
    m_runs[std::size_t(run)].label = label;
    emit runRenamed(run); // a name only: nothing to measure again
}

void Session::clearRunRefs()
{
    m_state->setSelectedSlice(SliceRef());
    m_state->clearGap();
    m_state->setHighlight(nullptr);
    m_state->setSearch(nullptr); // its hits name runs by index too
}

void Session::moveRun(int from, int to)
{
    if (from < 0 || from >= runCount() || to < 0 || to >= runCount() || from == to)
        return;
    SessionRun r = std::move(m_runs[std::size_t(from)]);
    m_runs.erase(m_runs.begin() + from);
    m_runs.insert(m_runs.begin() + to, std::move(r));
    clearRunRefs();
    updateSpan();
    emit runMoved(from, to);
    emit runsChanged();
}

void Session::removeRun(int run)
{
    if (run < 0 || run >= runCount())
        return;
    m_runs.erase(m_runs.begin() + run);
    clearRunRefs();
    updateSpan();
    emit runRemoved(run);
    emit runsChanged();
}

annotations::AnnotationSet *Session::annotations(int run) const
{
    return run >= 0 && run < runCount() ? m_runs[std::size_t(run)].annotations.get() : nullptr;
}

const std::shared_ptr<annotations::AnnotationSet> &Session::annotationsPtr(int run) const
{
    static const std::shared_ptr<annotations::AnnotationSet> none;
    return run >= 0 && run < runCount() ? m_runs[std::size_t(run)].annotations : none;
}

void Session::setAnnotations(int run, std::shared_ptr<annotations::AnnotationSet> set)
{
    if (run < 0 || run >= runCount())
        return;
    m_runs[std::size_t(run)].annotations = set ? std::move(set) : std::make_shared<annotations::AnnotationSet>();
    emit annotationsChanged(run);
}

int Session::runOfAnnotations(const annotations::AnnotationSet *set) const
{
    for (int i = 0; i < runCount(); ++i)
        if (set && m_runs[std::size_t(i)].annotations.get() == set)
            return i;
    return -1;
}

void Session::notifyAnnotationsChanged(int run)
{
    if (run >= 0 && run < runCount())
        emit annotationsChanged(run);
}

void Session::updateSpan()
{
    double start = 0, end = 0;
    for (const SessionRun &r : m_runs) {
        start = std::min(start, double(r.offsetNs));
        end = std::max(end, double(r.trace->maxTs - r.base()));
    }
    m_state->setSpan(start, std::max(end, 1000.0));
}

} // namespace lanescope
