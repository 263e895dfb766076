// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A tiny seeded PRNG (Steele, Lea & Flood's SplitMix64) for the trace synthesizer. Our own, not
// <random>'s distributions, whose output differs between standard libraries: the same seed must give
// the same bytes on every platform. Only integer arithmetic and exact double scaling are used.
#include <cstdint>

namespace lanescope::synth {

class SplitMix64
{
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1): the top 53 bits scaled exactly.
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
    // Uniform in [lo, hi).
    double range(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    // Uniform integer in [lo, hi] (the modulo bias is irrelevant at these ranges).
    std::int64_t between(std::int64_t lo, std::int64_t hi)
    {
        return lo + std::int64_t(next() % std::uint64_t(hi - lo + 1));
    }
    // Multiplicative jitter 1 +- rel, roughly bell-shaped (mean of three uniforms), never a
    // transcendental function so results are bit-identical everywhere.
    double jitter(double rel)
    {
        const double u = (uniform() + uniform() + uniform()) / 3.0; // in [0, 1), peaked at 0.5
        return 1.0 + rel * (2.0 * u - 1.0);
    }

    // A standard normal draw, approximately: the sum of twelve uniforms less six (Irwin-Hall; mean
    // 0, variance 1, within +-6), bit-identical everywhere like jitter().
    double normal()
    {
        double sum = 0;
        for (int k = 0; k < 12; ++k)
            sum += uniform();
        return sum - 6.0;
    }

    // A derived, independent stream (per rank, per purpose).
    static std::uint64_t mix(std::uint64_t a, std::uint64_t b)
    {
        SplitMix64 g(a ^ (b * 0xd1b54a32d192ed03ULL));
        return g.next();
    }

private:
    std::uint64_t m_state;
};

} // namespace lanescope::synth
