// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison dock: what changed between the baseline (run 0) and each later run, and
// why. The runs (rename in place, reorder, remove, add), the alignment, then four tabs: the metrics
// table with deltas, the step-time waterfall, throughput and MFU per run, and the differences by
// kernel, operator and gap cause, whose rows outline their slices in every run's lanes. It follows
// the session: every change of runs or offsets, and every change of its settings (gap threshold,
// MFU inputs: Session::settings), re-runs the comparison off the UI thread.
#include "core/analysis/compare/CompareTraces.h"
#include "core/session/LogDir.h"
#include "widgets/compare/ComparisonRunner.h"
#include "widgets/compare/StepNoiseRunner.h"

#include <QDockWidget>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace lanescope {

class SourceDiffPanel;

class SessionAnalyser;

class CompactTable;
class MetricsTableModel;
class HardwareDiffModel;
class NameDiffModel;
class Session;
class ThroughputChart;
class TrendChart;
class WaterfallChart;

class ComparisonDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ComparisonDock(QWidget *parent = nullptr);
    ~ComparisonDock() override;

    void setSession(Session *session);
    // The session's one analyser: whole traces are compared from its analyses (the dock waits for
    // them and writes none).
    void setSessionAnalyser(SessionAnalyser *analyser);

    const analysis::TracesComparison *comparison() const { return m_result.get(); }
    bool isBusy() const;
    const LatestRunner *runner() const;
    QString statusText() const;

    MetricsTableModel *metricsModel() const { return m_metrics; }
    NameDiffModel *kernelModel() const { return m_kernels; }
    NameDiffModel *operatorModel() const { return m_ops; }
    NameDiffModel *gapModel() const { return m_gaps; }
    QTableView *kernelView() const { return m_kernelView; }
    SourceDiffPanel *sourceDiff() const { return m_sourceDiff; } // Differences' "Python lines"
    QTableView *operatorView() const { return m_opView; }
    QTableView *gapView() const { return m_gapView; }
    HardwareDiffModel *hardwareModel() const { return m_hardware; }
    QCheckBox *countsBox() const { return m_counts; }
    WaterfallChart *waterfall() const { return m_waterfall; }
    ThroughputChart *throughput() const { return m_throughput; }
    QListWidget *runList() const { return m_runList; }
    QTabWidget *tabs() const { return m_tabs; }
    QComboBox *alignBox() const { return m_align; }
    QCheckBox *foldTemplatesBox() const { return m_fold; }

    // Outlines the slices of the row's name in every run (Kernels and Operators rows).
    void highlightRow(NameDiffModel *model, int sourceRow);

    // A log_dir's sessions (earliest first), each checked where it takes part in the comparison; an
    // empty list hides the session list. The user's ticks come back as logSessionsPicked.
    void setLogSessions(const std::vector<session::LogSession> &sessions, const std::vector<bool> &checked);
    const std::vector<session::LogSession> &logSessions() const { return m_logSessions; }
    QListWidget *sessionList() const { return m_sessionList; }
    // A line above the runs saying what is watched and when its last session arrived; empty hides it.
    void setWatchNote(const QString &text);
    QString watchNote() const;
    TrendChart *trend() const { return m_trend; }
    const StepNoiseRunner *noiseRunner() const { return m_noiseRunner; }

signals:
    // The sessions of setLogSessions() the user ticked, by index, earliest first.
    void logSessionsPicked(const QList<int> &sessions);
    void addRunRequested();
    void comparisonFinished();
    void warningsChanged(const QStringList &warnings);

private:
    QWidget *buildRunsBox();
    QWidget *buildDiffTab();
    QTableView *makeDiffView(NameDiffModel *model, QSortFilterProxyModel **proxy);
    void fillRuns();
    void fillAlign();
    void applyAlignment();
    void rerun();
    void showResult(const ComparisonPtr &result);
    void measureNoise(const analysis::TracesComparison &result);
    void moveSelected(int delta);
    void removeSelected();
    void runRenamed(QListWidgetItem *item);
    void exportChart(int which);

    QPointer<Session> m_session;
    ComparisonRunner *m_runner;
    StepNoiseRunner *m_noiseRunner;
    TrendChart *m_trend;
    QListWidget *m_sessionList;
    QLabel *m_watchNote;
    std::vector<session::LogSession> m_logSessions;
    analysis::AnalysisOptions options() const; // the session's settings, on whole traces
    ComparisonPtr m_result;
    QPointer<SessionAnalyser> m_analyser;
    bool m_waiting = false; // a whole-trace comparison waiting for the analyser
    void relabel(int run); // the result in hand with run's new label

    QLabel *m_warnings;
    QListWidget *m_runList;
    QToolButton *m_up, *m_down, *m_remove, *m_add;
    QComboBox *m_align;
    QComboBox *m_scope;
    QCheckBox *m_fold;
    QTabWidget *m_tabs;
    MetricsTableModel *m_metrics;
    QTableView *m_metricsView;
    WaterfallChart *m_waterfall;
    ThroughputChart *m_throughput;
    NameDiffModel *m_kernels, *m_ops, *m_gaps;
    QSortFilterProxyModel *m_kernelProxy = nullptr, *m_opProxy = nullptr, *m_gapProxy = nullptr;
    QTableView *m_kernelView, *m_opView, *m_gapView;
    HardwareDiffModel *m_hardware = nullptr;
    QSortFilterProxyModel *m_hardwareProxy = nullptr;
    QTableView *m_hardwareView = nullptr;
    QLineEdit *m_filter;
    QCheckBox *m_perStep;
    QCheckBox *m_counts = nullptr;
    QLabel *m_keyLegend = nullptr;
    CompactTable *m_compact = nullptr;
    QLabel *m_highlightStatus;
    SourceDiffPanel *m_sourceDiff = nullptr;
    QLabel *m_status;
    bool m_filling = false;
};

} // namespace lanescope
