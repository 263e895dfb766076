// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/ReplayGhostController.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/measures/replay/Fixes.h"
#include "core/analysis/measures/replay/Replay.h"
#include "core/analysis/measures/replay/ReplayGraph.h"
#include "widgets/render/ReplayGhostOverlay.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <algorithm>

namespace lanescope {

namespace {

// What one request hands back: a ghost, or why there is none.
struct GhostResult
{
    std::shared_ptr<const ReplayGhost> ghost;
    QString message;
};

// The fixes of these advice ids, each change once ("launch_bound" and "cpu_bound_launch" are one).
std::vector<analysis::replay::Fix> fixesOf(const QStringList &ids)
{
    std::vector<analysis::replay::Fix> fixes;
    for (const QString &id : ids) {
        std::vector<analysis::replay::Fix> one;
        QString error;
        if (!analysis::replay::parseFixes(id, &one, &error) || one.empty())
            continue;
        const bool seen = std::any_of(fixes.begin(), fixes.end(), [&](const analysis::replay::Fix &f) { return f.kind == one.front().kind; });
        if (!seen)
            fixes.push_back(one.front());
    }
    return fixes;
}

} // namespace

ReplayGhostController::ReplayGhostController(Session *session, QObject *parent) : LatestRunner(parent), m_session(session)
{
    connect(session, &Session::analysisChanged, this, [this](int run) {
        if (run == m_run)
            refresh();
    });
    connect(session, &Session::runsChanged, this, &ReplayGhostController::refresh);
}

void ReplayGhostController::setRun(int run)
{
    if (run == m_run)
        return;
    m_run = run;
    refresh();
}

QStringList ReplayGhostController::replayableAdvice() const
{
    QStringList ids;
    if (m_run < 0 || m_run >= m_session->runCount() || !m_session->run(m_run).analysis)
        return ids;
    for (const analysis::Advice &a : m_session->run(m_run).analysis->advice)
        if (!fixesOf({a.id}).empty() && !ids.contains(a.id))
            ids << a.id;
    return ids;
}

void ReplayGhostController::setOnState(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    emit onChanged(on);
}

void ReplayGhostController::setOn(bool on)
{
    m_adviceId.clear();
    setOnState(on);
    refresh();
}

void ReplayGhostController::showAdvice(const QString &adviceId)
{
    m_adviceId = adviceId;
    setOnState(true);
    refresh();
}

void ReplayGhostController::refresh()
{
    if (!m_on) {
        submit(nullptr, nullptr); // drops what is in flight
        m_message.clear();
        ReplayGhostPass::of(m_session)->setGhost(nullptr);
        emit ghostReady();
        return;
    }
    const auto fail = [this](const QString &why) {
        submit(nullptr, nullptr);
        m_message = why;
        ReplayGhostPass::of(m_session)->setGhost(nullptr);
        emit ghostReady();
    };
    if (m_run < 0 || m_run >= m_session->runCount() || !m_session->run(m_run).trace || !m_session->run(m_run).analysis)
        return fail(tr("No analysis to replay yet."));
    const std::shared_ptr<const Trace> trace = m_session->run(m_run).trace;
    const std::shared_ptr<const analysis::AnalysisResult> result = m_session->run(m_run).analysis;
    if (!result->criticalPath.valid)
        return fail(tr("No step to replay: %1").arg(result->criticalPath.error));
    const QStringList shown = replayableAdvice();
    // The advice chosen, while the analysis still shows it; else every shown advice combined.
    const QStringList ids = !m_adviceId.isEmpty() && shown.contains(m_adviceId) ? QStringList{m_adviceId} : shown;
    const std::vector<analysis::replay::Fix> fixes = fixesOf(ids);
    if (fixes.empty())
        return fail(tr("No advice a replay can apply."));
    const analysis::CriticalPath &cp = result->criticalPath;
    const bool isStep = cp.scope == analysis::RangeKind::Step && !cp.step.name.isEmpty();
    const analysis::Step step = cp.step;
    const double mfuPct = result->mfu.valid && result->mfu.mfuPct > 0 ? result->mfu.mfuPct : -1;
    const int run = m_run;
    submit(
        [trace, step, isStep, fixes, mfuPct, run]() -> Result {
            auto out = std::make_shared<GhostResult>();
            const analysis::detail::EvidenceIndex index(*trace);
            const analysis::replay::ReplayGraph graph = isStep ? analysis::replay::buildReplayGraph(index, step)
                                                               : analysis::replay::buildReplayGraph(index, analysis::TimeRange{step.start, step.end()});
            auto w = std::make_shared<analysis::replay::WhatIf>(analysis::replay::whatIf(graph, fixes, mfuPct));
            if (!w->valid) {
                out->message = tr("The step cannot be replayed: %1").arg(w->error);
                return out;
            }
            auto ghost = std::make_shared<ReplayGhost>();
            ghost->run = run;
            ghost->whatIf = std::move(w);
            out->ghost = std::move(ghost);
            return out;
        },
        [](const QString &message) -> Result {
            auto out = std::make_shared<GhostResult>();
            out->message = tr("internal error in the replay: %1").arg(message);
            return out;
        });
}

void ReplayGhostController::deliver(const Result &result)
{
    const auto r = std::static_pointer_cast<const GhostResult>(result);
    if (!m_on)
        return;
    m_message = r->message;
    ReplayGhostPass::of(m_session)->setGhost(r->ghost);
    emit ghostReady();
}

std::shared_ptr<const ReplayGhost> ReplayGhostController::ghost() const { return ReplayGhostPass::ghostOf(m_session->state()); }

namespace {

class ReplayGhostDrawing : public OverlayDrawing
{
public:
    explicit ReplayGhostDrawing(std::shared_ptr<const ReplayGhost> ghost) : m_ghost(std::move(ghost)) {}
    void paint(QPainter &p, const TimelineRenderer &renderer) const override { paintReplayGhost(p, renderer, *m_ghost); }

private:
    std::shared_ptr<const ReplayGhost> m_ghost;
};

} // namespace

ReplayGhostPass::ReplayGhostPass(Session *session) : m_session(session) {}

std::shared_ptr<ReplayGhostPass> ReplayGhostPass::of(Session *session)
{
    auto pass = std::dynamic_pointer_cast<ReplayGhostPass>(session->state()->overlayPass(staticKey()));
    if (!pass) {
        pass = std::make_shared<ReplayGhostPass>(session);
        session->state()->addOverlayPass(pass);
    }
    return pass;
}

std::shared_ptr<const ReplayGhost> ReplayGhostPass::ghostOf(const ViewState *state)
{
    const auto pass = state ? std::dynamic_pointer_cast<ReplayGhostPass>(state->overlayPass(staticKey())) : nullptr;
    return pass ? pass->ghost() : nullptr;
}

void ReplayGhostPass::setGhost(std::shared_ptr<const ReplayGhost> ghost)
{
    if (ghost == m_ghost)
        return;
    m_ghost = std::move(ghost);
    if (Session *s = m_session.data())
        s->state()->overlayPassChanged();
}

std::shared_ptr<const OverlayDrawing> ReplayGhostPass::drawing() const
{
    if (!m_ghost)
        return nullptr;
    return std::make_shared<ReplayGhostDrawing>(m_ghost);
}

} // namespace lanescope
