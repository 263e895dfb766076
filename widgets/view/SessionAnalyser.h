// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one writer of the runs' analyses in the window: every run of the session analysed on the whole
// trace under the session's settings (Session::settings: gap threshold and filter, MFU inputs,
// GPU-time definition), off the UI thread, the latest request only (LatestRunner), and put into the
// session (Session::setAnalysis). New runs and changed settings arriving in the same turn of the
// event loop (a load: the runs, then the MFU inputs of the file) make one request, not two. The Analysis dock shows a run's analysis from here (it runs its own only
// for a step or a range, which it does not write back), the comparison compares these, the export's
// headline and the report read them. A rename or a reorder analyses nothing: a run keeps its
// analysis; runs that are new, or measures that changed, are analysed again.
#include "core/analysis/run/Analysis.h"
#include "widgets/analysis/LatestRunner.h"

#include <QPointer>

namespace lanescope {

class Session;

class SessionAnalyser : public LatestRunner
{
    Q_OBJECT
public:
    explicit SessionAnalyser(Session *session, QObject *parent = nullptr);

    // The options every run is analysed with: the session's settings on whole traces.
    analysis::AnalysisOptions measures() const;
    // Every run (a trace, a comparison), or only the run the Analysis dock shows (the ranks of a
    // folder: the Ranks dock measures the job itself, each rank need not be analysed twice).
    void setAllRuns(bool all);
    void setFocusRun(int run);
    // Whether run `run` of the session holds an analysis of its whole trace under the measures.
    bool serves(int run) const;
    bool servesAll() const;

signals:
    void analysed(); // the session holds this request's analyses

protected:
    void deliver(const Result &result) override;

private:
    void scheduleAnalysis(); // analyseMissing once the event loop turns
    void analyseMissing();

    QPointer<Session> m_session;
    bool m_scheduled = false;
    bool m_allRuns = true;
    int m_focus = 0;
};

} // namespace lanescope
