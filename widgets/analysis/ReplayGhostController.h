// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which replay the timeline's ghost shows (widgets/render/ReplayGhostOverlay.h), and computing it
// off the UI thread (LatestRunner): the analysed run's critical-path step (the step its advice is
// measured on) replayed with one advice's fix ("Show replayed step" on an advice), or with every
// shown advice's fix combined (Analysis > Replayed Step Ghost). The result goes to the session's
// overlay pass (ReplayGhostPass), which every view and picture export of the session draws. A new analysis of the
// run replays again with the same choice (the combination where the chosen advice is gone).
#include "widgets/analysis/LatestRunner.h"
#include "widgets/render/OverlayPass.h"

#include <QPointer>
#include <QString>

#include <memory>

namespace lanescope {

class Session;
class ViewState;
struct ReplayGhost;

// The ghost over the lanes (ReplayGhostOverlay.h): the replay the controller last computed; null:
// none drawn.
class ReplayGhostPass : public OverlayPass
{
public:
    static QString staticKey() { return QStringLiteral("replay"); }
    explicit ReplayGhostPass(Session *session);
    // The session's pass (added to its view state on first use).
    static std::shared_ptr<ReplayGhostPass> of(Session *session);
    // The ghost a view state's pass draws; null without one.
    static std::shared_ptr<const ReplayGhost> ghostOf(const ViewState *state);

    const std::shared_ptr<const ReplayGhost> &ghost() const { return m_ghost; }
    void setGhost(std::shared_ptr<const ReplayGhost> ghost);

    QString key() const override { return staticKey(); }
    int z() const override { return ReplayGhostZ; }
    std::shared_ptr<const OverlayDrawing> drawing() const override;

private:
    QPointer<Session> m_session;
    std::shared_ptr<const ReplayGhost> m_ghost;
};

class ReplayGhostController : public LatestRunner
{
    Q_OBJECT
public:
    explicit ReplayGhostController(Session *session, QObject *parent = nullptr);

    bool isOn() const { return m_on; }
    // The fix ids replayed (one advice's, or every shown advice's joined by ","); empty: combined.
    QString adviceId() const { return m_adviceId; }
    // The run whose analysis is replayed (the Analysis dock's).
    void setRun(int run);
    int run() const { return m_run; }
    // The ghost drawn now (ReplayGhostPass); null: none.
    std::shared_ptr<const ReplayGhost> ghost() const;
    // Why the last request drew no ghost (no analysis, no step, no advice a replay can apply);
    // empty when it drew one.
    QString message() const { return m_message; }

    // The advice ids of `run`'s analysis a replay can apply, in the advice's order.
    QStringList replayableAdvice() const;

public slots:
    void setOn(bool on);                       // on: every shown advice combined
    void showAdvice(const QString &adviceId);  // on: that advice's fix only
    void refresh();                            // the run's analysis changed: replay again

signals:
    void onChanged(bool on);
    // A ghost was drawn (or cleared: null), or none could be (message()).
    void ghostReady();

protected:
    void deliver(const Result &result) override;

private:
    void setOnState(bool on);

    Session *m_session;
    int m_run = 0;
    bool m_on = false;
    QString m_adviceId;
    QString m_message;
};

} // namespace lanescope
