// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opening runs, one way for every caller: the window (a trace, a comparison, Compare With…),
// `lanescope-cli compare` and `lanescope-cli export --compare`. A run is a trace or a folder of
// rank traces (one job, compared through one of its ranks); loadRuns() loads them all at once
// under one memory budget, labels them by one rule (uniqueRunLabels), finds each run's steps once
// and hands back immutable values. QtCore only.
#include "core/analysis/job/ClockAlign.h"
#include "core/analysis/compare/Compare.h"
#include "core/analysis/job/Ranks.h"
#include "core/analysis/run/Steps.h"
#include "core/io/FolderLoad.h"
#include "core/model/Trace.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace lanescope::session {

struct RunSource
{
    QString path;
    bool isFolder = false;
    QString label; // resolved by runSources(): never empty there
    // A folder run that is one session of a log_dir (LogDir.h): its files alone; empty: the whole folder.
    QStringList files;
};

// paths (and the user's labels, one per path or none) -> sources, folders detected, labels made
// unique by the comparison's rule ("a b a" -> "a", "b", "a (2)").
std::vector<RunSource> runSources(const QStringList &paths, const QStringList &labels = {});

struct RunLoadOptions
{
    int threads = 0; // parser threads in all, shared out among the runs loading at once; 0: one per core
    // Transient memory the loads running at once may take together (io/FolderLoad.h's
    // estimatedLoadBytes per file); 0: defaultMemoryBudget(). One run always loads, however big.
    std::uint64_t memoryBudgetBytes = 0;
    // A folder run: the rank it is compared through (-1: its first). With `job` set, the job is
    // analysed under those options and its figures (JobRunFigures) come with the run.
    int rank = -1;
    const analysis::AnalysisOptions *job = nullptr;
    // A folder opened alone, shown as its ranks side by side: their clocks measured too (LoadedRun::clocks).
    bool rankClocks = false;
    // A folder too large to hold (the window's summary mode): analyzeFolder() instead of every
    // rank kept, under `job`'s options (the defaults without), with the job's clocks aligned; the
    // run then has LoadedRun::summary and ranks whose traces are null, and no trace.
    bool summaryOnly = false;
    std::function<void(double)> progress; // 0..1 over every run (by file bytes), any thread
    const std::atomic<bool> *cancel = nullptr;
};

struct LoadedRun
{
    RunSource source;
    std::shared_ptr<Trace> trace; // a folder: the rank the run is compared through
    // A folder: every rank of its job (trace is one of them), and the job's figures when asked.
    std::shared_ptr<const std::vector<RankFile>> ranks;
    std::optional<analysis::JobRunFigures> job;
    std::optional<analysis::ClockAlignment> clocks; // a folder with RunLoadOptions::rankClocks
    std::shared_ptr<analysis::JobResult> summary; // a folder with RunLoadOptions::summaryOnly
    std::vector<analysis::Step> steps; // found once, here
    QStringList warnings;              // the folder's (files left out, guessed ranks)
    QString error;                     // this run could not be loaded (trace is null)
    int concurrency = 1;               // a folder: most of its files loaded at once
};

struct RunSet
{
    std::vector<LoadedRun> runs; // in the sources' order, failed ones included (error set)
    bool cancelled = false;
    double loadSeconds = 0;
    int concurrency = 0; // most runs that loaded at once
    QString firstError() const;
    QStringList errors() const; // "label: why", one per run that failed
    bool ok() const { return !cancelled && firstError().isEmpty(); }
};

RunSet loadRuns(const std::vector<RunSource> &sources, const RunLoadOptions &options = {});

// A folder's job without holding it: each rank summarised (analysis::summarizeRank) on the thread
// that loaded it, the moment it has loaded, and its model released (FolderLoadOptions::keepTraces
// false), then the summaries in rank order reduced (analysis::reduceJob). The folder costs one model
// per load running at once, never the sum of its ranks. `lanescope-cli analyze DIR` and the window's
// summary mode both call it: one computation of the job's figures. *loaded: the folder as loaded
// (ranks with null traces, rejected files, warnings; error or cancelled set: the result is empty).
// load.onLoaded and load.keepTraces are set here.
analysis::JobResult analyzeFolder(const QString &folder, FolderLoadOptions load, const analysis::JobOptions &options,
                                  FolderLoadResult *loaded);

// The runs on one time axis (analysis::alignRuns over the steps found at load); failed runs left out.
analysis::Alignment alignRunSet(const RunSet &set, const analysis::AlignOptions &options = {});

} // namespace lanescope::session
