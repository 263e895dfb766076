// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/synth/SynthModel.h"

#include "core/synth/SplitMix64.h"

#include <algorithm>

namespace lanescope::synth {

bool scenarioFromName(const QString &name, Scenario *out)
{
    if (name == QLatin1String("fsdp-baseline"))
        *out = Scenario::Baseline;
    else if (name == QLatin1String("fsdp-prefetch"))
        *out = Scenario::Prefetch;
    else if (name == QLatin1String("fsdp-tuned"))
        *out = Scenario::Tuned;
    else
        return false;
    return true;
}

const char *scenarioName(Scenario s)
{
    switch (s) {
    case Scenario::Baseline: return "fsdp-baseline";
    case Scenario::Prefetch: return "fsdp-prefetch";
    case Scenario::Tuned: return "fsdp-tuned";
    }
    return "?";
}

ScenarioTraits traitsOf(Scenario s)
{
    ScenarioTraits t;
    switch (s) {
    case Scenario::Baseline: t = {true, true, false, true}; break;
    case Scenario::Prefetch: t = {false, true, false, true}; break;  // limit_all_gathers=False + prefetch
    case Scenario::Tuned: t = {false, false, true, false}; break;    // + max_split_size_mb:512 + compile + no .item() in the step
    }
    return t;
}

double stepComputeFactor(const SynthConfig &c, int stepNumber)
{
    if (c.stepNoise <= 0)
        return c.computeScale;
    SplitMix64 g(SplitMix64::mix(c.seed, 0x40153ULL + std::uint64_t(std::max(0, stepNumber))));
    // Never below a tenth: a draw six deviations out must not make a step's compute vanish.
    return c.computeScale * std::max(0.1, 1.0 + c.stepNoise * g.normal());
}

std::int64_t baseTimeNs(const SynthConfig &c)
{
    return 1717400000000000000LL + std::int64_t(c.seed % 1000) * 1000000000LL + c.clockOffsetNs;
}

ModelShape deriveShape(const SynthConfig &c)
{
    ModelShape s;
    s.hidden = c.hidden;
    s.heads = c.hidden / 128 > 0 ? c.hidden / 128 : 1;
    s.embeddingParams = 2.0 * double(c.vocab) * c.hidden; // embedding + untied lm_head
    double perLayer = (c.params - s.embeddingParams) / c.layers;
    const double attention = 4.0 * double(c.hidden) * c.hidden;
    double ffn = (perLayer - attention) / (3.0 * c.hidden);
    if (ffn < 256)
        ffn = 256;
    s.ffn = int((ffn + 128) / 256) * 256;
    s.layerParams = attention + 3.0 * double(c.hidden) * s.ffn;
    s.layerBytesBf16 = 2.0 * s.layerParams;
    return s;
}

double gemmFlops(double tokens, double in, double out) { return 2.0 * tokens * in * out; }

double gemmSeconds(double flops, const SynthConfig &c)
{
    return flops / (kPeakBf16Tflops * 1e12 * c.gemmEfficiency);
}

double flashForwardFlops(double tokens, double seq, double hidden) { return 2.0 * tokens * seq * hidden; }

double flashSeconds(double flops, const SynthConfig &c)
{
    return flops / (kPeakBf16Tflops * 1e12 * c.gemmEfficiency * kFlashEfficiencyRatio);
}

double memoryBoundSeconds(double bytes) { return 2e-6 + bytes / (kHbmGBps * 1e9 * kHbmEfficiency); }

double ringCollectiveSeconds(double bytes, int world, double gbps)
{
    if (world <= 1)
        return 5e-6;
    const double bytesPerSecond = gbps / 8.0 * 1e9;
    return double(world - 1) / world * bytes / bytesPerSecond + (world - 1) * kNcclHopLatencySeconds;
}

double modelFlopsPerToken(double params) { return 6.0 * params; }

double mfuPercent(double params, double tokensPerSecondPerGpu, double peakTflops)
{
    return 100.0 * modelFlopsPerToken(params) * tokensPerSecondPerGpu / (peakTflops * 1e12);
}

} // namespace lanescope::synth
