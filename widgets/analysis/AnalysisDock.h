// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The analysis dock: why the GPUs of one loaded trace sit idle and what to change. Runs core's
// analyze() off the UI thread whenever the trace or an option changes. A tab host: its own tabs
// (the gaps of the compute streams with their causes, the MFU panel, the steps: they hold its
// settings controls) and, among them by order, the panels registered in AnalysisPanels.cpp (the
// advice, launches, breakdown charts, critical path, time spent, ...), which follow the analysis
// shown through feed(). Navigation is asked for through signals; the window connects them to the
// timeline.
#include "core/analysis/run/AnalysisSettings.h"
#include "widgets/analysis/AnalysisRunner.h"
#include "widgets/view/ViewState.h" // Gap as a metatype

#include <QDockWidget>
#include <QPointer>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;
class QTreeWidget;

namespace lanescope {

class AdviceList;
class AnalysisFeed;
class GapFilterProxy;
class Session;
class BreakdownChart;
class CriticalPathPanel;
class GapHistogram;
class GapTableModel;
class LaunchPanel;
class MfuPanel;
class TimeSummaryPanel;
class SessionAnalyser;

class AnalysisDock : public QDockWidget
{
    Q_OBJECT
public:
    // Options typed into the controls wait this long before the analysis re-runs, so a spin box held
    // down or a number typed digit by digit runs it once.
    static constexpr int kRerunDelayMs = 200;
    static constexpr TimeNs kDefaultGapNs = 15'000'000; // the case study's FSDP signature: 15 ms
    static constexpr TimeNs kMinGapNs = 1'000;          // 1 µs

    explicit AnalysisDock(QWidget *parent = nullptr);
    ~AnalysisDock() override;

    // Follows a run of the session (the baseline, run 0, until the user picks another or selects a
    // slice of another). A rename or a reorder analyses nothing again. The settings controls (gap
    // threshold and kernels, HTA definition, MFU inputs) edit the session's settings
    // (Session::settings) and show them when someone else changes them.
    void setSession(Session *session);
    // The run analysed (a comparison's run selector); times in its signals are that run's model time.
    void setRun(int run);
    // The session's one analyser: the whole-trace analysis of the run is read from it (the dock
    // runs its own only for a step or a range, and writes none back). Without one (a dock on its
    // own), the dock analyses its run itself and shows it.
    void setSessionAnalyser(SessionAnalyser *analyser);
    int run() const { return m_run; }
    QComboBox *runBox() const { return m_runBox; }
    // Analyses the trace (null clears the dock). The step scope goes back to the whole trace. The
    // MFU panel restores the inputs remembered for the trace's file, and the session takes them;
    // with keepSessionSettings (another run of the same comparison) the session's stay: the runs
    // of a comparison are measured with one set of settings.
    void setTrace(std::shared_ptr<const Trace> trace, bool keepSessionSettings = false);
    const std::shared_ptr<const Trace> &trace() const { return m_trace; }

    // The latest finished analysis of the current trace and options; null before the first.
    const AnalysisResultPtr &result() const { return m_result; }
    // The options the controls stand for now: settings() on the scope picked (step, range, annotation).
    analysis::AnalysisOptions options() const;
    // The settings the controls stand for now; written into the session (when there is one) as the
    // analysis re-runs, so a held-down spin box changes them once.
    const analysis::AnalysisSettings &settings() const { return m_settings; }
    // True from an option change (or setTrace) until its result is shown.
    bool isBusy() const;
    const LatestRunner *runner() const;

    // The controls, programmatically (each re-runs the analysis).
    void setGapThresholdNs(TimeNs ns);
    TimeNs gapThresholdNs() const { return m_settings.gapThresholdNs; }
    void setGemmGapsOnly(bool on);
    bool gemmGapsOnly() const;
    void setStep(int stepNumber); // ProfilerStep#stepNumber only; -1: the whole trace
    int step() const;
    // GPU time as Holistic Trace Analysis counts it (GpuTimeDefinition::Hta) instead of ours.
    void setHtaDefinition(bool on);
    bool htaDefinition() const;

    // Emits gapActivated for the gap in this row of gapModel(), then gives the keyboard back to
    // the timeline (W/A/S/D/F/Esc keep working after a click in the table).
    void activateGap(int sourceRow);
    // Lists exactly the gaps advice item `index` of result() counts (Advice::listsGaps): its
    // threshold, every kernel, its cause and collective; shows the Gaps tab. False when it counts none.
    bool showAdviceGaps(int index);
    // The collective the table is limited to by an advice item (empty: none).
    QString gapCollectiveFilter() const;
    // The widget that gets the keyboard focus back after an activation; default: the timeline in
    // the window's central widget.
    void setFocusReturn(QWidget *w) { m_focusReturn = w; }

    // Parts, for tests and for the window's layout.
    QTabWidget *tabs() const { return m_tabs; }
    // What the registered panels follow (AnalysisPanels.h): the analysis shown, its trace and run.
    AnalysisFeed *feed() const { return m_feed; }
    TimeSummaryPanel *timeSummary() const { return m_summary; }
    QTableView *gapView() const { return m_gapView; }
    GapTableModel *gapModel() const { return m_gapModel; }
    QSortFilterProxyModel *gapProxy() const { return m_gapProxy; }
    QDoubleSpinBox *gapThresholdBox() const { return m_threshold; }
    QComboBox *gapUnitBox() const { return m_unit; }
    QComboBox *stepBox() const { return m_stepBox; }
    QCheckBox *htaBox() const { return m_hta; }
    // What the analysis cannot show (AnalysisResult::warnings), above everything; hidden when none.
    QLabel *warningsLabel() const { return m_warnings; }
    QTreeWidget *stepList() const { return m_steps; }
    BreakdownChart *breakdownChart() const { return m_breakdown; }
    GapHistogram *gapHistogram() const { return m_histogram; }
    MfuPanel *mfuPanel() const { return m_mfu; }
    AdviceList *adviceList() const { return m_advice; }
    LaunchPanel *launchPanel() const { return m_launch; }
    CriticalPathPanel *criticalPathPanel() const { return m_criticalPath; }
    QString statusText() const;

public slots:
    // Limits the analysis to a window of trace time (absolute model ns, as the timeline's range);
    // from >= to goes back to the whole trace.
    void setAnalysisRange(qint64 fromNs, qint64 toNs);
    // Analyses the annotation this CPU slice of the trace is (a double-click on it in the
    // timeline): its name and instance (AnalysisRange.h), the Critical Path tab shown; a
    // ProfilerStep slice picks its step. False (nothing changes) for a slice that is no CPU slice.
    bool setAnalysisSlice(quint32 track, quint32 slice);

signals:
    // The user picked a gap of run `run` (the run the dock analyses): the value itself, so the
    // timeline draws it on its track with the slice that explains it.
    void gapActivated(int run, const lanescope::analysis::Gap &gap);
    // Show this window of trace time (absolute model ns of run()): an advice item's evidence, a step.
    void rangeRequested(qint64 startNs, qint64 endNs);
    // A launch picked in the Launch tab: its kernel, a slice of run `run`.
    void launchActivated(int run, quint32 track, quint32 slice);
    void analysisFinished();
    void busyChanged(bool busy);

private:
    void buildGapTab(QWidget *tab);
    void updateRunBox();
    void scheduleRerun();
    void runNow();
    void showResult(const AnalysisResultPtr &result);
    void clearViews();
    void fillSteps();
    void updateBusy();
    void thresholdEdited();
    void unitChanged();
    void updateGapDetails();
    void setGapFilter(const QString &causeKey, const QString &collective);
    void returnFocus();
    void updateGapTabText();
    QString headlineText(const analysis::AnalysisResult &r) const;
    double unitNs() const;
    // The settings: the controls' edits go into m_settings, m_settings into the session (commit);
    // the session's, set by someone else, into m_settings and the controls (followSession).
    void commitSettings();
    void followSession();
    void showSettings(const analysis::AnalysisSettings &settings);
    analysis::AnalysisSettings m_settings;
    bool m_showingSettings = false; // the MFU panel is being written: its inputsChanged is ours

    std::shared_ptr<const Trace> m_trace;
    QPointer<Session> m_session;
    int m_run = 0;                         // the session's run analysed
    QPointer<SessionAnalyser> m_analyser;
    bool delegates() const; // the analyser measures what the dock shows (whole trace)
    void takeSessionAnalysis();
    QComboBox *m_runBox = nullptr;
    QLabel *m_runLabel = nullptr;
    AnalysisResultPtr m_result;
    analysis::AnalysisOptions m_requested; // what the result in flight was asked with
    analysis::TimeRange m_range;           // setAnalysisRange
    // setAnalysisSlice: the annotation's name and instance, and how the step box says it.
    struct SelectedAnnotation
    {
        QString name;
        int instance = 0;
        QString label;
    } m_annotation;
    void addAnnotationItem(); // the step box entry for m_annotation, selected
    const Trace *m_stepsOf = nullptr;      // the trace the step list was filled for
    bool m_wasBusy = false;

    AnalysisRunner *m_runner;
    QTimer *m_rerun;

    QComboBox *m_stepBox;
    QCheckBox *m_hta;
    QLabel *m_warnings;
    QProgressBar *m_busy;
    QLabel *m_status;
    QTabWidget *m_tabs;
    AnalysisFeed *m_feed = nullptr;
    QWidget *m_gapTab;
    LaunchPanel *m_launch = nullptr;

    QDoubleSpinBox *m_threshold;
    QComboBox *m_unit;
    QCheckBox *m_gemmOnly;
    QComboBox *m_causeFilter;
    QTableView *m_gapView;
    GapTableModel *m_gapModel;
    QSortFilterProxyModel *m_gapProxy;
    GapFilterProxy *m_gapFilter;
    QLabel *m_collectiveNote;
    QPointer<QWidget> m_focusReturn;
    QLabel *m_gapDetails;

    BreakdownChart *m_breakdown = nullptr;
    GapHistogram *m_histogram = nullptr;
    QTreeWidget *m_steps;
    QLabel *m_stepSummary;
    MfuPanel *m_mfu;
    TimeSummaryPanel *m_summary = nullptr;
    AdviceList *m_advice = nullptr;
    CriticalPathPanel *m_criticalPath = nullptr;
};

} // namespace lanescope
