// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/RunController.h"

#include "app/gui/OpenController.h"
#include "core/synth/DemoTrace.h"
#include "core/util/TraceName.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/RunAlignment.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/view/SessionAnalyser.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

namespace lanescope {

RunController::RunController(Session *session, SessionAnalyser *analyser, RanksDock *ranks, ComparisonDock *compare, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_analyser(analyser)
    , m_ranks(ranks)
    , m_compare(compare)
{
    // Runs that are no longer the folder's (the Ranks dock, connected first, has cleared itself):
    // the folder is gone, and the comparison, detached while it was shown, follows the runs again.
    connect(session, &Session::runsChanged, this, [this] {
        if (m_folder.isEmpty() || m_ranks->hasRanks())
            return;
        m_folder.clear();
        m_compare->setSession(m_session);
    });
}

QString RunController::rankLabel(const RankFile &file)
{
    return file.rankGuessed ? tr("rank %1 (guessed)").arg(file.rank) : tr("rank %1").arg(file.rank);
}

bool RunController::isFolderSummary() const { return !m_folder.isEmpty() && m_ranks->isSummary(); }

void RunController::addWarning(const QString &warning)
{
    m_warnings << warning;
    emit warningsChanged();
}

QStringList RunController::attachAnnotations() { return m_autosave ? m_autosave->attach() : QStringList(); }

void RunController::applyModelFacts(const QString &path)
{
    synth::ModelFacts facts;
    if (!synth::readModelFacts(path, &facts))
        return;
    // The figures as the MFU panel holds them typed: 6 and 10 significant digits, the peak in tenths.
    analysis::AnalysisSettings settings = m_session->settings();
    settings.mfu.params = QString::number(facts.params, 'g', 6).toDouble();
    settings.mfu.tokensPerStep = QString::number(facts.tokensPerStepPerGpu, 'g', 10).toDouble();
    settings.mfu.tokensGlobal = false;
    if (facts.peakTflops > 0)
        settings.mfu.peakTflops = QString::number(facts.peakTflops, 'f', 1).toDouble();
    m_session->setSettings(settings); // the Analysis dock's MFU panel shows them
}

void RunController::releaseShownRank()
{
    m_trace.reset();
    m_session->setRuns({});
}

void RunController::show(const RunsLoadJob &job, const std::vector<SessionRun> &kept)
{
    switch (job.kind()) {
    case RunsLoadJob::Kind::JobRank: showJobRank(job); return;
    case RunsLoadJob::Kind::Folder: showRanks(job); return;
    case RunsLoadJob::Kind::Runs: showRuns(job, kept); return;
    }
}

void RunController::showRuns(const RunsLoadJob &job, const std::vector<SessionRun> &kept)
{
    const session::RunSet &set = job.result();
    if (set.cancelled || job.isCancelRequested()) {
        // What was shown before stays: cancelling changes nothing.
        const QString what = job.sources().size() == 1 ? QFileInfo(job.sources().front().path).fileName() : tr("the comparison");
        emit cancelled(tr("Loading %1 was cancelled.").arg(what));
        return;
    }
    if (kept.empty() && set.runs.size() == 1 && !set.runs.front().source.isFolder) {
        const session::LoadedRun &r = set.runs.front();
        if (!r.trace) {
            emit failed(r.source.path, r.error);
            return;
        }
        showTrace(r.source.path, r.trace, job.indexes().front(), {});
        return;
    }
    std::vector<SessionRun> runs = kept;
    QStringList notes;
    for (std::size_t i = 0; i < set.runs.size(); ++i) {
        const session::LoadedRun &r = set.runs[i];
        if (!r.trace) {
            notes << tr("%1: %2").arg(r.source.label, r.error);
            continue;
        }
        SessionRun run;
        run.label = r.source.label; // "baseline", "tuned"
        run.path = r.source.path;
        run.trace = r.trace;
        run.index = job.indexes()[i];
        run.steps = std::make_shared<const std::vector<analysis::Step>>(r.steps); // found at load
        if (r.source.isFolder && r.ranks) {
            // A folder as one run: compared through its first rank (rank 0), the same rank of every
            // folder, as lanescope-cli compare does; the comparison dock measures the whole job from
            // the ranks the run keeps.
            run.folder = QDir::cleanPath(QFileInfo(r.source.path).absoluteFilePath());
            run.job = r.ranks;
            int rank = -1;
            for (const RankFile &f : *r.ranks)
                if (f.trace == r.trace) {
                    run.path = f.path;
                    rank = f.rank;
                }
            const int ranks = int(r.ranks->size());
            notes << (ranks == 1 ? tr("%1: a job of %n rank, shown and compared through rank %2; the Job rows of the "
                                      "Metrics table measure every rank",
                                      nullptr, ranks)
                                 : tr("%1: a job of %n ranks, shown and compared through rank %2; the Job rows of the "
                                      "Metrics table measure every rank",
                                      nullptr, ranks))
                         .arg(r.source.label)
                         .arg(rank);
        }
        for (const QString &w : r.warnings)
            notes << tr("%1: %2").arg(r.source.label, w);
        runs.push_back(std::move(run));
    }
    showComparison(std::move(runs), notes);
}

// jobRank: one rank of the folder shown as its summary (its label "rank N"; the folder stays the
// recent entry and what Reload opens).
void RunController::showTrace(const QString &path, std::shared_ptr<const Trace> trace, std::shared_ptr<const TraceViewIndex> index,
                              const QString &jobRank)
{
    m_trace = std::move(trace);
    m_currentFile = path;
    if (jobRank.isEmpty()) {
        m_currentFiles = {path};
        OpenController::addRecentFile(path);
    } // a rank of a summary: the folder's ranks stay watched, the folder the recent entry
    m_analyser->setAllRuns(true);
    // Labelled as a comparison would label it, so Compare With… keeps a named baseline.
    m_session->setTrace(m_trace, std::move(index), jobRank.isEmpty() ? traceBaseName(path) : jobRank);
    applyModelFacts(path);
    m_warnings = m_trace->warnings;
    m_warnings += attachAnnotations();

    const Trace &t = *m_trace;
    QStringList parts;
    if (!jobRank.isEmpty())
        parts << tr("%1 of %2 (the other ranks summarised only)").arg(jobRank, QDir(m_folder).dirName());
    if (t.rank >= 0)
        parts << (t.worldSize > 0 ? tr("Rank %1/%2").arg(t.rank).arg(t.worldSize) : tr("Rank %1").arg(t.rank));
    const std::vector<const DeviceInfo *> gpus = t.tracedDevices(); // not the node's other GPUs
    if (!gpus.empty()) {
        const int more = int(gpus.size()) - 1;
        parts << (more == 1  ? tr("%1 (+%n more GPU)", nullptr, more).arg(gpus[0]->name)
                  : more > 1 ? tr("%1 (+%n more GPUs)", nullptr, more).arg(gpus[0]->name)
                             : gpus[0]->name);
    }
    const QLocale locale;
    parts << tr("%1 events").arg(locale.toString(quint64(t.eventCount)));
    parts << tr("loaded in %1 s").arg(locale.toString(t.loadSeconds, 'f', 2));
    if (!t.warnings.isEmpty())
        parts << (t.warnings.size() == 1 ? tr("%n warning", nullptr, 1) : tr("%n warnings", nullptr, int(t.warnings.size())));
    Shown what;
    what.kind = jobRank.isEmpty() ? Kind::Trace : Kind::JobRank;
    what.status = parts.join(QStringLiteral(" · "));
    emit shown(what);
}

// The runs come labelled apart from each other by the run set's rule (session::runSources).
void RunController::showComparison(std::vector<SessionRun> runs, const QStringList &notes)
{
    if (runs.empty()) {
        emit failed(tr("the comparison"), notes.join(QStringLiteral("; ")));
        return;
    }
    m_trace = runs.front().trace;
    m_currentFile = runs.front().path;
    m_currentFiles.clear();
    QStringList warnings = notes;
    for (const SessionRun &r : runs) {
        m_currentFiles << (r.folder.isEmpty() ? r.path : r.folder); // a folder run reopens as the folder
        for (const QString &w : r.trace->warnings)
            warnings << tr("%1: %2").arg(r.label, w);
    }
    m_currentFiles.removeDuplicates(); // a log_dir's sessions reopen as the log_dir
    m_analyser->setAllRuns(true);        // every run of the comparison, for its table and headline
    m_session->setRuns(std::move(runs)); // the timeline stacks them; the dock shows the baseline
    // Aligned on the first complete step by position: runs number their steps differently.
    const analysis::Alignment alignment = alignSession(*m_session, analysis::AlignOptions{});
    warnings += alignment.warnings;
    m_session->state()->fitAll();
    OpenController::addRecentFile(m_currentFiles.join(QLatin1Char('\n')));
    applyModelFacts(m_currentFile);
    warnings += attachAnnotations();
    m_warnings = warnings;
    const int n = m_session->runCount();
    Shown what;
    what.kind = Kind::Comparison;
    what.status = alignment.position >= 0
        ? tr("Comparing %n runs, aligned on their complete step %1", nullptr, n).arg(alignment.position + 1)
        : tr("Comparing %n runs, aligned on their starts", nullptr, n);
    emit shown(what);
}

void RunController::showRanks(const RunsLoadJob &job)
{
    const QString folder = job.sources().front().path;
    const session::RunSet &set = job.result();
    if (set.cancelled || job.isCancelRequested()) {
        // What was shown before stays: cancelling changes nothing.
        emit cancelled(tr("Loading the folder %1 was cancelled.").arg(QDir(folder).dirName()));
        return;
    }
    const session::LoadedRun &loaded = set.runs.front();
    if (job.plan().summary && job.summary() && loaded.ranks && !loaded.ranks->empty()) {
        showSummary(job);
        return;
    }
    if (!loaded.trace || !loaded.ranks || loaded.ranks->empty()) {
        QString why = loaded.error;
        if (why.isEmpty())
            why = loaded.warnings.isEmpty() ? tr("no rank trace in it") : loaded.warnings.join(QStringLiteral("; "));
        emit failed(folder, why);
        return;
    }
    const std::vector<RankFile> &ranks = *loaded.ranks;
    const analysis::ClockAlignment clocks = loaded.clocks ? *loaded.clocks : analysis::ClockAlignment{};

    // The previous folder goes first, so the new runs are not taken for the end of a folder.
    m_ranks->clear();
    m_folder.clear();
    std::vector<SessionRun> runs;
    QStringList paths, warnings = loaded.warnings;
    warnings += clocks.warnings;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const RankFile &r = ranks[i];
        SessionRun run;
        run.label = rankLabel(r);
        run.path = r.path;
        run.trace = r.trace;
        run.index = i < job.rankIndexes().size() ? job.rankIndexes()[i] : nullptr;
        paths << r.path;
        for (const QString &w : r.trace->warnings)
            warnings << tr("%1: %2").arg(run.label, w);
        runs.push_back(std::move(run));
    }
    m_trace = runs.front().trace;
    m_currentFile = paths.first();
    m_currentFiles = paths;
    m_compare->setSession(nullptr); // ranks of one job are not a comparison: no comparison run over them
    m_analyser->setAllRuns(false);  // the Ranks dock measures the job: only the rank the dock shows
    m_session->setRuns(std::move(runs));
    m_folder = folder; // after setRuns: the runsChanged of the old runs has cleared the previous folder
    m_folderPlan = job.plan();
    applyModelFacts(m_currentFile); // MFU inputs of a synthetic job, before its analysis starts
    m_ranks->setRanks(ranks, clocks); // measured with the session's settings; applies the clock offsets
    m_session->state()->fitAll();
    OpenController::addRecentFile(folder);
    warnings += attachAnnotations(); // each rank's drawings, from the sidecar beside its file
    m_warnings = warnings;

    const QLocale locale;
    std::uint64_t events = 0;
    for (const RankFile &r : ranks)
        events += r.trace->eventCount;
    const int rankCount = int(ranks.size());
    Shown what;
    what.kind = Kind::Ranks;
    what.rankCount = rankCount;
    what.status = (rankCount == 1 ? tr("%n rank of %1 loaded in %2 s (%3 events, %4 at once)", nullptr, rankCount)
                                   : tr("%n ranks of %1 loaded in %2 s (%3 events, %4 at once)", nullptr, rankCount))
                       .arg(QDir(folder).dirName())
                       .arg(locale.toString(set.loadSeconds, 'f', 2))
                       .arg(locale.toString(quint64(events)))
                       .arg(loaded.concurrency);
    emit shown(what);
}

void RunController::showSummary(const RunsLoadJob &job)
{
    const QString folder = job.sources().front().path;
    const session::LoadedRun &loaded = job.result().runs.front();
    const std::vector<RankFile> &ranks = *loaded.ranks;
    const RanksResultPtr result = job.summary();
    // What was shown goes first (its models too): the folder's summary replaces it.
    m_ranks->clear();
    m_folder.clear();
    m_trace.reset();
    m_compare->setSession(nullptr); // ranks of one job are not a comparison
    m_analyser->setAllRuns(true);   // the rank picked, when one is, is analysed as a trace alone
    m_session->setRuns({});
    m_folder = folder;
    m_folderPlan = job.plan();
    m_ranks->setSummary(ranks, result); // what the summary was measured with: the session's settings
    QStringList paths;
    for (const RankFile &r : ranks)
        paths << r.path;
    m_currentFile = paths.first();
    m_currentFiles = paths;
    OpenController::addRecentFile(folder);
    m_warnings = loaded.warnings + result->job.warnings;

    std::uint64_t events = 0;
    for (const RankFile &r : ranks)
        events += r.events;
    const QLocale locale;
    const int rankCount = int(ranks.size());
    Shown what;
    what.kind = Kind::Summary;
    what.rankCount = rankCount;
    what.status = (rankCount == 1 ? tr("%n rank of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept", nullptr, rankCount)
                                   : tr("%n ranks of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept", nullptr, rankCount))
                       .arg(QDir(folder).dirName())
                       .arg(locale.toString(job.result().loadSeconds, 'f', 2))
                       .arg(locale.toString(quint64(events)))
                       .arg(loaded.concurrency);
    emit shown(what);
}

void RunController::showJobRank(const RunsLoadJob &job)
{
    const session::RunSource &source = job.sources().front();
    const session::RunSet &set = job.result();
    if (set.cancelled || job.isCancelRequested()) {
        emit cancelled(tr("Loading the timeline of %1 was cancelled.").arg(source.label));
        return;
    }
    const session::LoadedRun &r = set.runs.front();
    if (!r.trace || !m_ranks->isSummary()) {
        emit failed(source.path, r.error);
        return;
    }
    showTrace(source.path, r.trace, job.indexes().front(), source.label);
}

} // namespace lanescope
