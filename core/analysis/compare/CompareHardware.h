// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How well each run uses the hardware, side by side: the rows of the comparison's "Hardware use"
// differences and of `compare --json` "hardware". Each row is one figure the runs' analyses
// measured (AnalysisResult: collectives, opsEfficiency, memoryOwners), never recomputed here:
//  - "collective_busbw": per collective kind, the median bus bandwidth (GB/s, nccl-tests') over
//    that kind's kernels whose size and group are known, so "the tuned run reaches 180 GB/s on
//    all-gather instead of 95" is one row. Higher is better.
//  - "op_tflops": per counted operator, shapes and dtype (OpsEfficiency's rows: GEMMs, attention),
//    the achieved TFLOPS. Higher is better. Keyed by the three, so a shape that changed is two rows.
//  - "memory_owner_peak": per owner of the memory at its peak (MemoryOwners' alive_at_peak: the op,
//    "[before trace]", "[no op]"), the bytes it holds there. Lower is better: "the peak fell by
//    2 GiB, of which the all-gathered parameters 1.5" is a row per owner.
// A run without the figure (no such collective, shape not run) has no value there.
#include "core/analysis/run/Analysis.h"

#include <QString>

#include <optional>
#include <vector>

namespace lanescope::analysis {

struct HardwareDiffRow
{
    const char *kind = "";    // "collective_busbw", "op_tflops", "memory_owner_peak"
    QString name;             // "allgather"; "aten::mm [[4096,4096],[4096,4096]] bf16"
    const char *unit = "";    // "GB/s", "TFLOPS", "bytes"
    bool higherIsBetter = true;
    std::vector<std::optional<double>> values; // per run
    std::vector<std::int64_t> count;           // per run: kernels or calls measured
    std::vector<double> weight;                // per run: its GPU time (ns) or bytes, the sort key
    // value less the baseline's, and that as a percentage of |baseline|; unknown where either is.
    std::optional<double> delta(std::size_t run) const;
    std::optional<double> pct(std::size_t run) const;
};

// The rows of every kind, each kind's rows by the largest GPU time any run spent on them.
std::vector<HardwareDiffRow> hardwareDiffs(const std::vector<const AnalysisResult *> &runs);

} // namespace lanescope::analysis
