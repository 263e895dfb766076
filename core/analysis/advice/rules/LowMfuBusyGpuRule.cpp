// SPDX-License-Identifier: GPL-3.0-or-later
// Busy GPU, low MFU: the time goes to work that is not the model's GEMMs (recomputation, unfused
// elementwise kernels). No idle time to take out: no projection, and no fix to replay.
#include "core/analysis/advice/AdviceRule.h"
#include "core/analysis/text/Format.h"

#include <QCoreApplication>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

class LowMfuBusyGpuRule final : public AdviceRule
{
public:
    std::string_view id() const override { return "low_mfu_busy_gpu"; }
    std::vector<std::string_view> needs() const override { return {"mfu", "temporal"}; }

    std::optional<Advice> evaluate(const AdviceContext &c) const override
    {
        namespace M = AdviceMinimum;
        const MfuResult &mfu = *c.inputs().mfu;
        const TemporalBreakdown &temporal = *c.inputs().temporal;
        if (!mfu.valid || temporal.span <= 0 || mfu.mfuPct >= M::kLowMfuPct || temporal.computePct < M::kBusyComputePct)
            return std::nullopt;
        return advice(Text::tr("GPU busy but MFU low: reduce recomputation (selective activation checkpointing) and fuse elementwise kernels (torch.compile)"),
                      Text::tr("the GPU computes %1 of its busy span (%2), yet MFU is %3 (%4 of %5 TFLOPS)")
                          .arg(figure::pct(temporal.computePct), formatDuration(temporal.span), figure::pct(mfu.mfuPct))
                          .arg(mfu.achievedTflops, 0, 'f', 1)
                          .arg(mfu.peakTflops, 0, 'f', 0),
                      TimeRange{temporal.spanStart, temporal.spanEnd});
    }
};

} // namespace

const AdviceRule &lowMfuBusyGpuRule()
{
    static const LowMfuBusyGpuRule rule;
    return rule;
}

} // namespace lanescope::analysis
