// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The physics of the synthetic FSDP run: what a 7B-parameter decoder-only model costs on A100s.
// Pure functions of a configuration, so tests and the sidecar facts can recompute every figure.
// Units: FLOPs, bytes, seconds, nanoseconds (TimeNs) where a timeline is concerned.
#include <QString>

#include <cstdint>

namespace lanescope::synth {

enum class Scenario { Baseline, Prefetch, Tuned };

// "fsdp-baseline" etc.; false for an unknown name.
bool scenarioFromName(const QString &name, Scenario *out);
const char *scenarioName(Scenario s);

// What each scenario changes in the same run.
struct ScenarioTraits
{
    bool limitAllGathers = true; // FSDP limit_all_gathers=True: AG(l+1) waits for layer l's compute
    bool allocatorChurn = true;  // fragmented caching allocator: cudaFree/cudaMalloc inside the step
    bool fusedKernels = false;   // torch.compile: norms, RoPE, SwiGLU as single Triton kernels
    bool optimizerItem = true;   // a scalar .item() in the optimizer syncs the CPU with the GPU
};
ScenarioTraits traitsOf(Scenario s);

struct SynthConfig
{
    Scenario scenario = Scenario::Baseline;
    std::uint64_t seed = 1;
    int ranksToWrite = 0;   // 0: one file (rank 0); N: rank-0..N-1 files
    int straggler = -1;     // rank whose compute runs slower (thermal throttling), -1 none
    double stragglerSlowdown = 1.15;
    // Clock skew between the ranks' hosts: each rank but 0 draws its offset in [-max, +max] µs
    // (NTP-disciplined hosts: tens of microseconds; skewed ones: milliseconds).
    double clockSkewMaxUs = 80;

    // Model (case study: LLaMA-style 7B) and cluster (4 nodes x 8 A100 SXM4 80GB).
    double params = 7e9;
    int layers = 32;
    int hidden = 4096;
    int seqLen = 4096;
    int vocab = 32000;
    double tokensPerStepPerGpu = 8192; // 2 sequences of 4096 per GPU per step
    int gpus = 32;
    int gpusPerNode = 8;
    // Achieved fraction of the bf16 tensor-core peak on the model's GEMMs, averaged over forward,
    // data- and weight-gradient shapes (~175 TFLOPS on A100; large square cuBLAS GEMMs reach more,
    // the skinny backward ones less). With it the tuned scenario lands at ~47% MFU.
    double gemmEfficiency = 0.56;
    // Per-GPU inter-node bandwidth in Gbit/s: one 200 Gb/s HDR InfiniBand NIC per A100, the
    // usual DGX/HGX A100 layout. Ring collectives across nodes are bound by it.
    double internodeGbps = 200;

    // Profiler schedule(wait=1, warmup=1, active=3): steps 0 and 1 are not recorded, so the trace
    // holds ProfilerStep#2..#4.
    int activeSteps = 3;
    int firstRecordedStep = 2;

    // One profiling cycle of a log_dir (synth --cycles): each step's compute kernels take
    // computeScale x (1 + stepNoise x z) of their time, z a standard normal draw per step shared by
    // the ranks (SplitMix64::normal, seeded by seed and the step's number), and the trace's clocks
    // start clockOffsetNs later. The defaults change nothing: the same bytes as without.
    double computeScale = 1.0;
    double stepNoise = 0;
    std::int64_t clockOffsetNs = 0;
};

// The factor a step's compute takes under the configuration's noise and scale (SynthConfig).
double stepComputeFactor(const SynthConfig &c, int stepNumber);
// The trace's baseTimeNanoseconds (ns since the epoch): the seed's day, plus clockOffsetNs.
std::int64_t baseTimeNs(const SynthConfig &c);

// GPU figures (A100 SXM4 80GB datasheet).
constexpr double kPeakBf16Tflops = 312.0; // dense bf16 tensor-core peak
constexpr double kHbmGBps = 2039.0;       // HBM2e bandwidth
constexpr double kHbmEfficiency = 0.80;   // achieved by PyTorch's vectorized elementwise kernels
constexpr double kFlashEfficiencyRatio = 0.80; // flash attention reaches ~80% of the GEMM rate
constexpr double kNcclHopLatencySeconds = 8e-6; // per ring step, LL protocol, across IB

// Shapes derived from (params, layers, hidden): FFN width chosen so the layer parameter count
// matches, with SwiGLU (three hidden x ffn matrices) as in LLaMA.
struct ModelShape
{
    int hidden = 0;
    int ffn = 0;                  // rounded to a multiple of 256
    int heads = 0;                // head dim 128
    double embeddingParams = 0;   // token embedding + untied LM head
    double layerParams = 0;       // attention 4 h^2 + MLP 3 h ffn (norm weights neglected)
    double layerBytesBf16 = 0;    // what one layer's AllGather assembles (2 bytes/param)
};
ModelShape deriveShape(const SynthConfig &c);

// FLOPs of one matrix multiply of a [tokens x in] activation with an [in x out] weight.
double gemmFlops(double tokens, double in, double out);
// Seconds for those FLOPs on one GPU at the configured efficiency.
double gemmSeconds(double flops, const SynthConfig &c);
// Causal flash attention forward FLOPs: 4 * tokens * seq * hidden halved by the causal mask.
double flashForwardFlops(double tokens, double seq, double hidden);
double flashSeconds(double flops, const SynthConfig &c);
// Seconds for a memory-bound kernel touching `bytes` of HBM.
double memoryBoundSeconds(double bytes);
// Ring AllGather / ReduceScatter of `bytes` (the full, unsharded size) over `world` GPUs: each
// GPU moves (world-1)/world of it over its NIC, plus one hop latency per ring step.
double ringCollectiveSeconds(double bytes, int world, double gbps);
// Model FLOPs per token for training (forward + backward): the usual 6 x parameters.
double modelFlopsPerToken(double params);
// MFU in percent from tokens per second per GPU.
double mfuPercent(double params, double tokensPerSecondPerGpu, double peakTflops);

inline std::int64_t toNs(double seconds) { return std::int64_t(seconds * 1e9 + 0.5); }

} // namespace lanescope::synth
