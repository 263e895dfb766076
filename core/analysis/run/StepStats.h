// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Whether a change between two runs is larger than the step-to-step noise. Each run is a sample
// of per-step values (the analysed steps of all its ranks); the change of the median gets a 95 %
// confidence interval (percentile bootstrap over steps, seeded: the same inputs give the same
// interval) and a two-sided Mann-Whitney U test. QtCore only.
#include "core/model/Trace.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lanescope::analysis {

struct AnalysisOptions;

struct ChangeStats
{
    // median(run) - median(baseline), in the samples' unit, and its 95 % interval.
    std::optional<double> change, ci95Low, ci95High;
    std::optional<double> pValue; // Mann-Whitney U, two-sided
    // The interval excludes 0 and p < 0.05; unknown where either sample has fewer than 2 values.
    std::optional<bool> significant;
};

constexpr std::uint64_t kDefaultStatsSeed = 0x5eed5eedULL;
constexpr int kBootstrapIterations = 2000;
// Values of a sample looked at: the first this many (8 ranks x 12,500 steps).
constexpr std::size_t kMaxSampleValues = 100000;

double sampleMedian(std::vector<double> v); // 0 for an empty sample

// Two-sided p-value of the Mann-Whitney U test: exact (every arrangement counted) where the
// samples hold 40 values or fewer together and no value repeats, else the normal approximation
// with the tie and continuity corrections. std::nullopt where a sample is empty.
std::optional<double> mannWhitneyP(const std::vector<double> &a, const std::vector<double> &b);

// Percentile bootstrap of median(b) - median(a): each sample resampled with replacement
// `iterations` times from `seed`. std::nullopt where a sample has fewer than 2 values.
std::optional<std::pair<double, double>> medianChangeCi95(const std::vector<double> &a, const std::vector<double> &b,
                                                         std::uint64_t seed = kDefaultStatsSeed,
                                                         int iterations = kBootstrapIterations);

ChangeStats changeStats(const std::vector<double> &baseline, const std::vector<double> &run, std::uint64_t seed = kDefaultStatsSeed);

// The step-time sample of a run: the CPU duration in µs of every complete ProfilerStep of each
// trace given (a job's ranks; one trace for a single-trace run), at most kMaxSampleValues.
std::vector<double> stepTimeSampleUs(const std::vector<const Trace *> &traces);

// The compute-idle sample of a run: per complete step, the share (%) of its CPU span in which no
// GPU computed, as `analyze --step N` measures compute_idle_pct for that step alone (the GPU's
// computation clipped to the step's GPU span). Traces without GPU computation give none.
std::vector<double> computeIdlePctSample(const std::vector<const Trace *> &traces);

// The median of one sample and its 95 % interval (percentile bootstrap, seeded): what a run's
// figure is with its noise, for the trend across runs. std::nullopt where it has fewer than 2 values.
std::optional<std::pair<double, double>> medianCi95(const std::vector<double> &sample, std::uint64_t seed = kDefaultStatsSeed,
                                                    int iterations = kBootstrapIterations);

// The figures that vary by step, judged step by step, by their keys in the figure catalogue and
// the CLI's JSON; samples in the JSON's units (µs, %).
inline constexpr std::array<const char *, 5> kPerStepFigureKeys = {"step_time_us", "compute_idle_pct", "exposed_comm_us",
                                                                   "gap_total_us", "mfu_pct"};

// A run's per-step samples of every figure of kPerStepFigureKeys, over the complete steps of all
// its traces (a job's ranks), each at most kMaxSampleValues values.
struct StepSamples
{
    std::vector<double> stepTimeUs, computeIdlePct, exposedCommUs, gapTotalUs, mfuPct;
    const std::vector<double> *of(std::string_view key) const; // null for a key not judged per step
};

// The run's MFU as its analysis measured it at its step time (mfuPct at stepTimeUs): a step's MFU
// is that figure scaled by the step's length, the tokens of a step being the same in every step.
struct MfuAtStep
{
    double mfuPct = 0, stepTimeUs = 0;
};

// Per complete step of each trace: its CPU duration; the share of its CPU span no GPU computed in
// (computeIdlePctSample); its exposed communication (communication not overlapped by computation
// within its GPU span, as the run's exposed_comm_us counts it over the analysed window); the
// length of the listed gaps (options.gaps: threshold and kernels) that start in it, cut at its
// end; its MFU where `mfu` is given. GPU figures only for traces with GPU activity.
StepSamples stepSamples(const std::vector<const Trace *> &traces, const AnalysisOptions &options, std::optional<MfuAtStep> mfu = {});

// Each figure's change against the baseline (runs[0]) with its noise, per run (index 0 empty):
// the one judgement `compare --json` prints and the window's Metrics table and trend show.
using FigureChanges = std::map<std::string, ChangeStats, std::less<>>;
std::vector<FigureChanges> judgeRuns(const std::vector<StepSamples> &runs, std::uint64_t seed = kDefaultStatsSeed);

} // namespace lanescope::analysis
