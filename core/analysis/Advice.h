#pragma once
// Advice with evidence: what to change, why the trace says so, and where in the trace to look.
// Each rule stays silent unless the trace shows its problem.
#include "analysis/Gaps.h"
#include "analysis/Memory.h"
#include "analysis/Mfu.h"
#include "analysis/Temporal.h"

namespace lanescope::analysis {

struct Advice
{
    QString id;       // stable: "fsdp_limit_all_gathers", "allocator_churn", "cpu_bound_launch",
                      // "dataloader", "low_mfu_busy_gpu"
    QString title;    // the change to make
    QString evidence; // the numbers behind it
    TimeRange where;  // the clearest instance in the trace (model time)
};

struct AdviceInputs
{
    const std::vector<Step> *steps = nullptr;
    const TemporalBreakdown *temporal = nullptr;
    const MemorySummary *memory = nullptr;
    const MfuResult *mfu = nullptr;
    // Gaps of every compute stream at a fine threshold (kAdviceGapNs), GEMM filter off.
    const std::vector<Gap> *gaps = nullptr;
    TimeNs analysedNs = 0;  // the time the shares are taken of (steps, else the GPU span)
    TimeNs hostWaitNs = 0;  // idle time below kAdviceGapNs where the next launch came after the stream ran dry
};

// The fine gap threshold the advice rules look at: long enough to be a stall, not launch jitter.
constexpr TimeNs kAdviceGapNs = 1'000'000; // 1 ms

std::vector<Advice> advise(const AdviceInputs &in);

} // namespace lanescope::analysis
