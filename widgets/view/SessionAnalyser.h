// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one writer of the runs' analyses in the window: every run of the session analysed on the whole
// trace under the current measures (gap threshold and filter, MFU inputs, GPU-time definition), off
// the UI thread, the latest request only (LatestRunner), and put into the session
// (Session::setAnalysis). The Analysis dock shows a run's analysis from here (it runs its own only
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

    // The measures every run is analysed with (range and step are ignored: whole traces).
    void setMeasures(const analysis::AnalysisOptions &options);
    const analysis::AnalysisOptions &measures() const { return m_measures; }
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
    void analyseMissing();

    QPointer<Session> m_session;
    analysis::AnalysisOptions m_measures;
    bool m_measuresSet = false;
    bool m_allRuns = true;
    int m_focus = 0;
};

} // namespace lanescope
