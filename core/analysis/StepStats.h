// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Whether a change between two runs is larger than the step-to-step noise. Each run is a sample
// of per-step values (the analysed steps of all its ranks); the change of the median gets a 95 %
// confidence interval (percentile bootstrap over steps, seeded: the same inputs give the same
// interval) and a two-sided Mann-Whitney U test. QtCore only.
#include "core/model/Trace.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace lanescope::analysis {

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

} // namespace lanescope::analysis
