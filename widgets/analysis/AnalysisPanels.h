// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Analysis dock's panels and the timeline overlays they supply, registered once (hotspot's
// result pages, Qt Creator's supportedRenderPasses()). A kind names the measure it shows (its
// key), its tab title and place, a factory for its panel and, optionally, a factory for its
// overlay pass (widgets/render/OverlayPass.h). The dock is a tab host over the registered panels;
// every timeline view of a session draws the registered passes. Each panel subscribes to the
// analysis the dock shows (AnalysisFeed) in its own constructor, so a new panel or overlay is its
// own files and one line in the list of AnalysisPanels.cpp: no edit of the dock, the view state,
// the timeline or the window.
//
// Registration is explicit, one list in one place: a static library drops an object file nobody
// references, so self-registering globals would silently vanish. registerAnalysisPanel() adds a
// kind at run time (before the dock or the view that should show it is built).
#include "widgets/analysis/AnalysisRunner.h"
#include "widgets/render/OverlayPass.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QWidget;

namespace lanescope {

class Session;

// The analysis the Analysis dock shows, for its panels: the session's analysis of the run the
// dock follows for the whole trace, the dock's own for a step, a range or an annotation. Null
// result: none yet (a new trace, options changed and not measured yet) or no trace. Panels ask
// for navigation through it; the dock turns the requests into its signals.
class AnalysisFeed : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // The dock's session (null: a dock on its own).
    Session *session() const;
    void setSession(Session *session);
    const std::shared_ptr<const Trace> &trace() const { return m_trace; }
    int run() const { return m_run; }
    const AnalysisResultPtr &result() const { return m_result; }
    // The trace's first event (absolute ns): the origin panels show times from.
    TimeNs origin() const;

    // Shows this result of run `run`'s trace to every panel (null: clears them).
    void show(std::shared_ptr<const Trace> trace, int run, AnalysisResultPtr result);

signals:
    void sessionChanged();
    void changed();
    // A panel asks for this window of trace time (absolute model ns of run()) in the timeline.
    void rangeRequested(qint64 startNs, qint64 endNs);
    // A panel picked a slice of run()'s trace (a launch's kernel): select it in the timeline.
    void sliceRequested(quint32 track, quint32 slice);

private:
    QPointer<Session> m_session;
    std::shared_ptr<const Trace> m_trace;
    int m_run = 0;
    AnalysisResultPtr m_result;
};

struct AnalysisPanelKind
{
    QString key;   // the measure shown ("critical_path", "launch"); unique
    int order = 0; // tabs left to right by order
    std::function<QString()> title;   // the tab's text (tr(), asked when the tab is made)
    std::function<QString()> toolTip; // may be null
    // The panel, subscribed to `feed` in its constructor; null: the kind supplies an overlay only.
    // A panel that sets its windowTitle has its tab say it ("Advice (3)").
    std::function<QWidget *(AnalysisFeed *feed, QWidget *parent)> create;
    // The timeline overlay the kind supplies, made once per session; null: none. Its key() is `key`.
    std::function<std::shared_ptr<OverlayPass>(Session *session)> overlay;
};

// The dock's own tabs' places among the registered ones (they hold the dock's settings controls).
namespace panelorder {
constexpr int Gaps = 100, Advice = 200, Launch = 300, Breakdown = 400, CriticalPath = 500, Mfu = 600,
              TimeSpent = 700, Steps = 800, Replay = 900;
}

// Every registered kind, by order (the built-in list first, then those registered at run time).
std::vector<AnalysisPanelKind> analysisPanels();
// Adds a kind, or replaces the one of the same key.
void registerAnalysisPanel(AnalysisPanelKind kind);
// Adds each registered kind's overlay pass that the session's view state does not hold yet.
void installOverlayPasses(Session *session);

} // namespace lanescope
