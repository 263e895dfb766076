// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli mfu --params N --tokens-per-s-per-gpu X (--peak-tflops Y | --gpu NAME) [--json]
// The MFU calculator without a trace: achieved TFLOPS = 6 x params x tokens/s per GPU.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"
#include "app/cli/MfuText.h"

#include "core/analysis/measures/mfu/Mfu.h"

#include <QCoreApplication>

#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

} // namespace

CommandSpec mfuArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("--params N --tokens-per-s-per-gpu X (--peak-tflops Y | --gpu NAME) [--json]"),
        {},
        {
            number({n("params")}, "N", aboveAtMost(0, kMaxParams), QT_TRANSLATE_NOOP("cli", "model parameters (e.g. 7e9)"),
                   QT_TRANSLATE_NOOP("cli", "--params needs a positive number")),
            number({n("tokens-per-s-per-gpu")}, "X", aboveAtMost(0, kMaxTokens), QT_TRANSLATE_NOOP("cli", "tokens per second per GPU"),
                   QT_TRANSLATE_NOOP("cli", "--tokens-per-s-per-gpu needs a positive number")),
            number({n("peak-tflops")}, "Y", aboveAtMost(0, kMaxTflops), QT_TRANSLATE_NOOP("cli", "the GPU's peak TFLOPS"),
                   QT_TRANSLATE_NOOP("cli", "--peak-tflops needs a positive number")),
            text({n("gpu")}, "NAME", QT_TRANSLATE_NOOP("cli", "take the peak from the table for this GPU (e.g. \"NVIDIA A100-SXM4-80GB\")")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print one JSON object")),
        },
    };
}

int runMfu(const Invocation &args)
{
    const double params = args.number("params", 0), tps = args.number("tokens-per-s-per-gpu", 0);
    double peak = args.number("peak-tflops", 0);
    const QString gpu = args.text("gpu");
    if (params <= 0 || tps <= 0)
        return args.fail(tr("--params and --tokens-per-s-per-gpu are required"));
    const bool userPeak = peak > 0;
    if (peak <= 0 && !gpu.isEmpty()) {
        if (const analysis::GpuPeak *p = analysis::peakForGpu(gpu))
            peak = p->tflops;
        else
            return args.fail(tr("no peak known for GPU '%1'; give --peak-tflops").arg(gpu));
    }
    if (peak <= 0)
        return args.fail(tr("--peak-tflops (or --gpu) is required"));
    const analysis::MfuResult r = analysis::computeMfu(params, tps, peak);
    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("params", params);
            j.field("tokens_per_s_per_gpu", r.tokensPerSPerGpu);
            j.field("achieved_tflops", r.achievedTflops);
            j.field("peak_tflops", r.peakTflops);
            j.field("mfu_pct", r.mfuPct);
        });
    } else {
        std::printf("%s\n", qPrintable(tr("%1 params x %2 tokens/s/GPU x 6 = %3 TFLOPS; of %4 TFLOPS peak (%5): MFU %6%")
                                           .arg(params, 0, 'g', 4)
                                           .arg(tps, 0, 'f', 1)
                                           .arg(significantText(r.achievedTflops), plainNumberText(r.peakTflops),
                                                peakSourceText(userPeak, gpu))
                                           .arg(r.mfuPct, 0, 'f', 1)));
    }
    return Ok;
}

} // namespace lanescope::cli
