// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/StepStats.h"

#include "core/analysis/advice/Advice.h"
#include "core/analysis/run/Analysis.h"
#include "core/analysis/measures/gaps/Gaps.h"
#include "core/analysis/run/Steps.h"
#include "core/analysis/measures/temporal/Temporal.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace lanescope::analysis {

double sampleMedian(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const std::size_t h = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(h), v.end());
    if (v.size() % 2)
        return v[h];
    const double upper = v[h];
    const double lower = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(h));
    return (lower + upper) / 2;
}

namespace {

// The number of arrangements of m + n distinct values giving each U (0..m*n): the coefficients of
// the Gaussian binomial [m+n choose m]. Exact in doubles while m + n <= 40 (C(40,20) < 2^53).
std::vector<double> uDistribution(int m, int n)
{
    std::vector<double> c(1, 1.0);
    c.resize(std::size_t(m) * std::size_t(n) + 1, 0.0);
    // prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i), each step an exact polynomial.
    for (int i = 1; i <= m; ++i) {
        const std::size_t up = std::size_t(n + i), down = std::size_t(i);
        for (std::size_t k = c.size(); k-- > up;)
            c[k] -= c[k - up];
        for (std::size_t k = down; k < c.size(); ++k)
            c[k] += c[k - down];
    }
    return c;
}

} // namespace

std::optional<double> mannWhitneyP(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.empty() || b.empty())
        return std::nullopt;
    const std::size_t n1 = std::min(a.size(), kMaxSampleValues), n2 = std::min(b.size(), kMaxSampleValues);
    std::vector<std::pair<double, int>> all;
    all.reserve(n1 + n2);
    for (std::size_t i = 0; i < n1; ++i)
        all.push_back({a[i], 0});
    for (std::size_t i = 0; i < n2; ++i)
        all.push_back({b[i], 1});
    std::sort(all.begin(), all.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    // Average ranks over ties; the tie term sum(t^3 - t).
    double rankSumA = 0, ties = 0;
    bool tied = false;
    for (std::size_t i = 0; i < all.size();) {
        std::size_t j = i;
        while (j < all.size() && all[j].first == all[i].first)
            ++j;
        const double t = double(j - i), avg = (double(i + 1) + double(j)) / 2;
        for (std::size_t k = i; k < j; ++k)
            if (all[k].second == 0)
                rankSumA += avg;
        if (j - i > 1) {
            tied = true;
            ties += t * t * t - t;
        }
        i = j;
    }
    const double m = double(n1), n = double(n2);
    const double u = rankSumA - m * (m + 1) / 2; // U of the first sample
    if (!tied && n1 + n2 <= 40) {
        const std::vector<double> c = uDistribution(int(n1), int(n2));
        double total = 0, below = 0, above = 0;
        const auto uk = std::size_t(std::llround(u));
        for (std::size_t k = 0; k < c.size(); ++k) {
            total += c[k];
            if (k <= uk)
                below += c[k];
            if (k >= uk)
                above += c[k];
        }
        return std::min(1.0, 2 * std::min(below, above) / total);
    }
    const double nn = m + n;
    const double var = m * n / 12 * ((nn + 1) - ties / (nn * (nn - 1)));
    if (var <= 0)
        return 1.0; // every value the same
    const double z = std::max(0.0, std::abs(u - m * n / 2) - 0.5) / std::sqrt(var);
    return std::min(1.0, std::erfc(z / std::sqrt(2.0)));
}

std::optional<std::pair<double, double>> medianChangeCi95(const std::vector<double> &a, const std::vector<double> &b,
                                                         std::uint64_t seed, int iterations)
{
    if (a.size() < 2 || b.size() < 2 || iterations < 1)
        return std::nullopt;
    const std::size_t n1 = std::min(a.size(), kMaxSampleValues), n2 = std::min(b.size(), kMaxSampleValues);
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pickA(0, n1 - 1), pickB(0, n2 - 1);
    std::vector<double> ra(n1), rb(n2);
    std::vector<double> diffs(static_cast<std::size_t>(iterations));
    for (double &d : diffs) {
        for (double &x : ra)
            x = a[pickA(rng)];
        for (double &x : rb)
            x = b[pickB(rng)];
        d = sampleMedian(rb) - sampleMedian(ra);
    }
    std::sort(diffs.begin(), diffs.end());
    // The 2.5th and 97.5th percentiles, by the nearest rank.
    const auto at = [&](double q) {
        const auto k = std::size_t(std::clamp<double>(std::ceil(q * double(diffs.size())) - 1, 0, double(diffs.size() - 1)));
        return diffs[k];
    };
    return std::make_pair(at(0.025), at(0.975));
}

ChangeStats changeStats(const std::vector<double> &baseline, const std::vector<double> &run, std::uint64_t seed)
{
    ChangeStats s;
    if (baseline.empty() || run.empty())
        return s;
    s.change = sampleMedian(run) - sampleMedian(baseline);
    const auto ci = medianChangeCi95(baseline, run, seed);
    if (!ci)
        return s; // one step: no spread to judge the change against
    s.ci95Low = ci->first;
    s.ci95High = ci->second;
    s.pValue = mannWhitneyP(baseline, run);
    s.significant = (ci->first > 0 || ci->second < 0) && s.pValue && *s.pValue < 0.05;
    return s;
}

std::vector<double> stepTimeSampleUs(const std::vector<const Trace *> &traces)
{
    std::vector<double> out;
    for (const Trace *t : traces) {
        if (!t)
            continue;
        for (const Step &s : completeSteps(findSteps(*t))) {
            if (out.size() >= kMaxSampleValues)
                return out;
            out.push_back(double(s.dur) / 1000.0);
        }
    }
    return out;
}

std::vector<double> computeIdlePctSample(const std::vector<const Trace *> &traces)
{
    std::vector<double> out;
    for (const Trace *t : traces) {
        if (!t)
            continue;
        const std::vector<TimeRange> busy = computeIntervals(*t); // once per trace, clipped per step below
        if (busy.empty())
            continue;
        for (const Step &s : completeSteps(findSteps(*t))) {
            if (out.size() >= kMaxSampleValues)
                return out;
            if (s.dur <= 0)
                continue;
            const TimeRange gpu = s.gpuRange();
            const TimeRange within{std::max(s.start, gpu.from), std::min(s.end(), gpu.to)};
            const TimeNs computed = within.to > within.from ? unionWithin(busy, {within}) : 0;
            out.push_back(100.0 * double(s.dur - computed) / double(s.dur));
        }
    }
    return out;
}

std::optional<std::pair<double, double>> medianCi95(const std::vector<double> &sample, std::uint64_t seed, int iterations)
{
    if (sample.size() < 2 || iterations < 1)
        return std::nullopt;
    const std::size_t n = std::min(sample.size(), kMaxSampleValues);
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, n - 1);
    std::vector<double> r(n), medians(static_cast<std::size_t>(iterations));
    for (double &m : medians) {
        for (double &x : r)
            x = sample[pick(rng)];
        m = sampleMedian(r);
    }
    std::sort(medians.begin(), medians.end());
    const auto at = [&](double q) {
        const auto k = std::size_t(std::clamp<double>(std::ceil(q * double(medians.size())) - 1, 0, double(medians.size() - 1)));
        return medians[k];
    };
    return std::make_pair(at(0.025), at(0.975));
}

const std::vector<double> *StepSamples::of(std::string_view key) const
{
    if (key == "step_time_us")
        return &stepTimeUs;
    if (key == "compute_idle_pct")
        return &computeIdlePct;
    if (key == "exposed_comm_us")
        return &exposedCommUs;
    if (key == "gap_total_us")
        return &gapTotalUs;
    if (key == "mfu_pct")
        return &mfuPct;
    return nullptr;
}

StepSamples stepSamples(const std::vector<const Trace *> &traces, const AnalysisOptions &options, std::optional<MfuAtStep> mfu)
{
    StepSamples out;
    out.stepTimeUs = stepTimeSampleUs(traces);
    out.computeIdlePct = computeIdlePctSample(traces);
    if (mfu && mfu->mfuPct > 0 && mfu->stepTimeUs > 0)
        for (const double us : out.stepTimeUs)
            if (us > 0)
                out.mfuPct.push_back(mfu->mfuPct * mfu->stepTimeUs / us);
    for (const Trace *t : traces) {
        if (!t || out.exposedCommUs.size() >= kMaxSampleValues)
            continue;
        const std::vector<Step> steps = completeSteps(findSteps(*t));
        if (steps.empty() || computeIntervals(*t).empty())
            continue; // no GPU computation: no GPU figure per step
        // The listed gaps once over every step's CPU span, then each gap to the step it starts in.
        GapOptions go = options.gaps;
        go.range = {};
        go.windows.clear();
        for (const Step &s : steps)
            go.windows.push_back({s.start, s.end()});
        std::vector<double> gapUs(steps.size(), 0.0);
        for (const Gap &g : findGaps(*t, go)) {
            const auto it = std::upper_bound(steps.begin(), steps.end(), g.start, [](TimeNs v, const Step &s) { return v < s.start; });
            if (it != steps.begin() && (it - 1)->end() > g.start)
                gapUs[std::size_t(it - steps.begin() - 1)] += double(g.dur) / 1000.0;
        }
        for (std::size_t k = 0; k < steps.size() && out.exposedCommUs.size() < kMaxSampleValues; ++k) {
            TemporalOptions to;
            to.range = steps[k].gpuRange();
            to.htaCompatible = options.htaCompatible;
            to.definition = options.definition;
            const TemporalBreakdown tb = temporalBreakdown(*t, to);
            out.exposedCommUs.push_back(double(tb.communication - tb.overlap) / 1000.0);
            out.gapTotalUs.push_back(gapUs[k]);
        }
    }
    return out;
}

std::vector<FigureChanges> judgeRuns(const std::vector<StepSamples> &runs, std::uint64_t seed)
{
    std::vector<FigureChanges> out(runs.size());
    for (std::size_t i = 1; i < runs.size(); ++i)
        for (const char *key : kPerStepFigureKeys)
            out[i][key] = changeStats(*runs[0].of(key), *runs[i].of(key), seed);
    return out;
}

} // namespace lanescope::analysis
