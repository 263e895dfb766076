// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a finished load becomes: the session's runs. Every kind of load (a trace, a comparison, a
// folder shown as its ranks, a folder shown as its summary, a rank picked from a summary) goes
// through show(): the load's result is turned into one description (Shown: the runs, the files and
// folder they came from, the warnings, the status line) and put into the session along one path.
// The controller keeps what the window used to copy (the trace shown, the files, the folder and how
// it was opened, the warnings of the load); MainWindow only lays out the docks for the kind shown
// (the shown signal).
#include "app/gui/RunsLoadJob.h"
#include "widgets/view/Session.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>
#include <vector>

namespace lanescope {

class AnnotationAutosave;
class ComparisonDock;
class RanksDock;
class SessionAnalyser;

class RunController : public QObject
{
    Q_OBJECT
public:
    enum class Kind {
        Trace,      // one trace alone
        Comparison, // two or more runs on one axis, the first the baseline
        Ranks,      // a folder of rank traces, every rank a run
        Summary,    // a folder too large to hold: its summary in the Ranks dock, no run
        JobRank,    // one rank of a summary, picked by the user, alone
    };
    // A load, as the session now shows it.
    struct Shown
    {
        Kind kind = Kind::Trace;
        QString status;    // the status line
        int rankCount = 0; // Ranks and Summary: the folder's ranks
    };

    RunController(Session *session, SessionAnalyser *analyser, RanksDock *ranks, ComparisonDock *compare,
                  QObject *parent = nullptr);
    // The sidecars of runs just shown are loaded through it (their problems join the warnings).
    void setAnnotationAutosave(AnnotationAutosave *autosave) { m_autosave = autosave; }

    // Puts a finished load into the session; then shown, or failed / cancelled (nothing changed).
    // kept: the runs on screen the load's runs join (Compare With…).
    void show(const RunsLoadJob &job, const std::vector<SessionRun> &kept);
    // A summary's rank about to be loaded in place of the one shown: the session lets go of it.
    void releaseShownRank();
    // A synthetic trace knows its model: its MFU inputs go into the session's settings.
    void applyModelFacts(const QString &path);

    // What is shown: the first run's trace, its file, every file (a folder run as the folder), the
    // folder shown as ranks or summary (empty otherwise) and how it was opened.
    const std::shared_ptr<const Trace> &trace() const { return m_trace; }
    const QString &currentFile() const { return m_currentFile; }
    const QStringList &currentFiles() const { return m_currentFiles; }
    const QString &folder() const { return m_folder; }
    const FolderPlan &folderPlan() const { return m_folderPlan; }
    bool isFolderSummary() const;
    // What the loads and the alignment said, for the banner; the annotations' save problems join.
    const QStringList &warnings() const { return m_warnings; }
    void addWarning(const QString &warning);

    static QString rankLabel(const RankFile &file);

signals:
    void shown(const lanescope::RunController::Shown &shown);
    void failed(const QString &path, const QString &error);
    void cancelled(const QString &status);
    void warningsChanged();

private:
    void showRuns(const RunsLoadJob &job, const std::vector<SessionRun> &kept);
    void showTrace(const QString &path, std::shared_ptr<const Trace> trace, std::shared_ptr<const TraceViewIndex> index,
                   const QString &jobRank);
    void showComparison(std::vector<SessionRun> runs, const QStringList &notes);
    void showRanks(const RunsLoadJob &job);
    void showSummary(const RunsLoadJob &job);
    void showJobRank(const RunsLoadJob &job);
    QStringList attachAnnotations();

    Session *m_session; // the window's, as the docks
    SessionAnalyser *m_analyser;
    RanksDock *m_ranks;
    ComparisonDock *m_compare;
    AnnotationAutosave *m_autosave = nullptr;

    std::shared_ptr<const Trace> m_trace;
    QString m_currentFile;
    QStringList m_currentFiles;
    QString m_folder;
    FolderPlan m_folderPlan;
    QStringList m_warnings;
};

} // namespace lanescope
