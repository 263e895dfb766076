// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Whether each change of the comparison is beyond the step-to-step noise, measured off the UI thread
// for the comparison dock: every run's per-step samples of the figures that vary by step, each
// change against the baseline with its 95 % interval and p-value (analysis::judgeRuns, the one
// judgement `lanescope-cli compare --json` prints), and each run's median with its interval for the
// trend across runs. The latest request only (LatestRunner).
#include "core/analysis/run/StepStats.h"
#include "core/analysis/run/Analysis.h"
#include "core/io/FolderLoad.h"
#include "widgets/analysis/LatestRunner.h"

#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lanescope {

struct StepNoiseInput
{
    QStringList labels;
    // Per run: the traces its steps are taken from (a job's ranks, else its trace alone).
    std::vector<std::vector<std::shared_ptr<const Trace>>> traces;
    std::vector<std::optional<analysis::MfuAtStep>> mfu; // per run; unset: no MFU sample
    analysis::AnalysisOptions options;
};

// A run's median of one figure's per-step sample and the 95 % interval of that median.
struct TrendPoint
{
    std::optional<double> median, low, high;
};

struct StepNoise
{
    QStringList labels; // the runs judged, in order (index 0 the baseline)
    std::vector<analysis::StepSamples> samples;
    std::vector<analysis::FigureChanges> changes;                 // per run; index 0 empty
    std::vector<std::map<std::string, TrendPoint, std::less<>>> trend; // per run, by figure key
    // The change of `key` for run `run` (>= 1), null where none was judged.
    const analysis::ChangeStats *change(int run, std::string_view key) const;
    // The baseline's median per step of `key` (0 where it has no sample).
    double baselineMedian(std::string_view key) const;
};
using StepNoisePtr = std::shared_ptr<const StepNoise>;

// The judgement itself, on the calling thread (the runner's work; tests call it directly).
StepNoise measureStepNoise(const StepNoiseInput &input);

class StepNoiseRunner : public LatestRunner
{
    Q_OBJECT
public:
    using LatestRunner::LatestRunner;
    void request(StepNoiseInput input); // fewer than two runs: cancels, hands out nothing

signals:
    void finished(const lanescope::StepNoisePtr &noise);

protected:
    void deliver(const Result &result) override;
};

} // namespace lanescope
