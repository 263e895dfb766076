// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/AnalysisPanels.h"

#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisCharts.h"
#include "widgets/analysis/CriticalPathPanel.h"
#include "widgets/analysis/LaunchPanel.h"
#include "widgets/analysis/ReplayGhostController.h"
#include "widgets/analysis/TimeSummaryPanel.h"
#include "widgets/view/Session.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope {

Session *AnalysisFeed::session() const { return m_session.data(); }

void AnalysisFeed::setSession(Session *session)
{
    if (session == m_session.data())
        return;
    m_session = session;
    emit sessionChanged();
}

TimeNs AnalysisFeed::origin() const { return m_trace ? m_trace->minTs : 0; }

void AnalysisFeed::show(std::shared_ptr<const Trace> trace, int run, AnalysisResultPtr result)
{
    m_trace = std::move(trace);
    m_run = run;
    m_result = std::move(result);
    emit changed();
}

namespace {

// The tab titles were the dock's strings before the panels registered themselves: same context.
QString dockText(const char *text) { return QCoreApplication::translate("lanescope::AnalysisDock", text); }

// The built-in kinds: one line each. The dock's own tabs (Gaps, MFU, Steps: they hold its
// settings controls) sit between them by panelorder.
std::vector<AnalysisPanelKind> builtInPanels()
{
    return {
        {QStringLiteral("advice"), panelorder::Advice, [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Advice")); }, nullptr,
         [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new AdviceList(feed, parent); }, nullptr},
        {QStringLiteral("launch"), panelorder::Launch, [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Launch")); },
         [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Why the GPU waits on the CPU: idle time by cause per stream, the launch queue, the slowest launches")); },
         [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new LaunchPanel(feed, parent); }, nullptr},
        {QStringLiteral("temporal"), panelorder::Breakdown, [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Breakdown")); }, nullptr,
         [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new BreakdownPanel(feed, parent); }, nullptr},
        {CriticalPathPass::staticKey(), panelorder::CriticalPath, [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Critical Path")); }, nullptr,
         [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new CriticalPathPanel(feed, parent); },
         [](Session *session) -> std::shared_ptr<OverlayPass> { return std::make_shared<CriticalPathPass>(session); }},
        {QStringLiteral("summaries"), panelorder::TimeSpent, [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Time spent")); },
         [] { return dockText(QT_TRANSLATE_NOOP("lanescope::AnalysisDock", "Where the time goes: per kernel, per CPU operator and per nn.Module, in the scope analysed")); },
         [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new TimeSummaryPanel(feed, parent); }, nullptr},
        // The ghost of a replayed step: an overlay only (the advice's "Show replayed step" and
        // Analysis > Replayed Step Ghost drive it through ReplayGhostController).
        {ReplayGhostPass::staticKey(), panelorder::Replay, nullptr, nullptr, nullptr,
         [](Session *session) -> std::shared_ptr<OverlayPass> { return std::make_shared<ReplayGhostPass>(session); }},
    };
}

std::vector<AnalysisPanelKind> &registered()
{
    static std::vector<AnalysisPanelKind> kinds = builtInPanels();
    return kinds;
}

} // namespace

std::vector<AnalysisPanelKind> analysisPanels()
{
    std::vector<AnalysisPanelKind> kinds = registered();
    std::stable_sort(kinds.begin(), kinds.end(), [](const AnalysisPanelKind &a, const AnalysisPanelKind &b) { return a.order < b.order; });
    return kinds;
}

void registerAnalysisPanel(AnalysisPanelKind kind)
{
    std::vector<AnalysisPanelKind> &kinds = registered();
    const auto same = std::find_if(kinds.begin(), kinds.end(), [&](const AnalysisPanelKind &k) { return k.key == kind.key; });
    if (same != kinds.end())
        *same = std::move(kind);
    else
        kinds.push_back(std::move(kind));
}

void installOverlayPasses(Session *session)
{
    if (!session)
        return;
    ViewState *state = session->state();
    for (const AnalysisPanelKind &k : registered())
        if (k.overlay && !state->overlayPass(k.key))
            if (std::shared_ptr<OverlayPass> pass = k.overlay(session))
                state->addOverlayPass(std::move(pass));
}

} // namespace lanescope
