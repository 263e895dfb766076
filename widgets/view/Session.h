// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The runs on screen and the one view state they share. A run is a loaded trace with its label,
// its view index (shared, immutable), its analysis result once there is one, and a time offset
// that moves it on the common axis (alignment on a step, or a clock correction). MainWindow hands
// the session to every view, dock and exporter instead of giving each the trace. The session also
// owns how the runs are measured (analysis::AnalysisSettings): the docks edit the settings here and
// every consumer (the analyser, the comparison, the ranks, the exports) reads them from here.
//
// The axis: time 0 is each run's first event; a run's offset adds to its times, so
// axis = absolute - (minTs - offset) = absolute - base().
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/AnalysisSettings.h"
#include "core/annotations/AnnotationSet.h"
#include "core/io/FolderLoad.h"
#include "widgets/render/TraceViewIndex.h"
#include "widgets/view/ViewState.h"

#include <QObject>

#include <memory>
#include <vector>

namespace lanescope {

struct SessionRun
{
    QString label;
    QString path;
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const TraceViewIndex> index;              // built from trace when absent
    std::shared_ptr<const analysis::AnalysisResult> analysis; // null until analysed
    TimeNs offsetNs = 0;
    // The trace's ProfilerSteps as found at load (session::LoadedRun::steps): the alignment reads
    // them instead of finding them again on the UI thread. Null: not known (stepsOf finds them).
    std::shared_ptr<const std::vector<analysis::Step>> steps;
    // What the user drew on this run. Shared, so a run copied into a new comparison
    // keeps its drawings and its undo history; setRuns gives every run one (empty when absent).
    std::shared_ptr<annotations::AnnotationSet> annotations;
    // A folder of rank traces as one run of a comparison: every rank of the job, and
    // the folder. trace, index and path are then those of the rank the run is compared through
    // (its annotations are that rank's too); the comparison measures the job from these ranks.
    std::shared_ptr<const std::vector<RankFile>> job;
    QString folder;
    TimeNs base() const { return trace ? trace->minTs - offsetNs : 0; }
    // The steps: as found at load, else the analysis', else found now.
    std::vector<analysis::Step> stepList() const;
};

class Session : public QObject
{
    Q_OBJECT
public:
    explicit Session(QObject *parent = nullptr);

    // Replaces the runs (an index is built here for any run that comes without one), resets the
    // view state (selection, range, gap) and fits the window to the new span.
    void setRuns(std::vector<SessionRun> runs);
    void setTrace(std::shared_ptr<const Trace> trace, std::shared_ptr<const TraceViewIndex> index = {},
                  const QString &label = {});
    void clear() { setRuns({}); }

    int runCount() const { return int(m_runs.size()); }
    const SessionRun &run(int i) const { return m_runs[std::size_t(i)]; }
    const Trace *trace(int i) const;
    const TraceViewIndex *index(int i) const;
    TimeNs base(int i) const { return i >= 0 && i < runCount() ? run(i).base() : 0; }

    void setAnalysis(int run, std::shared_ptr<const analysis::AnalysisResult> result);
    void setOffset(int run, TimeNs offsetNs);

    // Editing the comparison: the window stays where it is; the selection, range and gap mark
    // (which name runs by index) are cleared when runs move or go. Run 0 is the baseline.
    void setLabel(int run, const QString &label);
    void moveRun(int from, int to);
    void removeRun(int run);

    ViewState *state() const { return m_state; }

    // How every run is measured (gap threshold and kernels, MFU inputs, GPU-time definition, ...).
    // setSettings emits settingsChanged only when the new settings measure differently.
    const analysis::AnalysisSettings &settings() const { return m_settings; }
    void setSettings(const analysis::AnalysisSettings &settings);

    // The run's annotations (null when there is no such run). Whoever edits them calls
    // notifyAnnotationsChanged(run) afterwards (widgets/annotations' undo commands do).
    annotations::AnnotationSet *annotations(int run) const;
    const std::shared_ptr<annotations::AnnotationSet> &annotationsPtr(int run) const;
    void setAnnotations(int run, std::shared_ptr<annotations::AnnotationSet> set); // null: an empty one
    int runOfAnnotations(const annotations::AnnotationSet *set) const;            // -1 when no run has it
    void notifyAnnotationsChanged(int run);

signals:
    // What changed, one signal each: the runs replaced (new traces: what to measure changed), a run
    // moved or removed (each run keeps its trace and analysis: nothing to measure again).
    void runsReplaced();
    void runMoved(int from, int to);
    void runRemoved(int run);
    // After any of those three: the list of runs changed (views that redraw every run listen here).
    void runsChanged();
    // Only a run's label changed: views show the new name, nothing is measured again.
    void runRenamed(int run);
    void analysisChanged(int run);
    void offsetsChanged();
    void annotationsChanged(int run); // a run's annotations were edited or replaced
    // The settings measure differently now: whoever measures the runs measures them again.
    void settingsChanged();

private:
    void updateSpan();
    void clearRunRefs();

    std::vector<SessionRun> m_runs;
    ViewState *m_state;
    analysis::AnalysisSettings m_settings;
};

} // namespace lanescope
