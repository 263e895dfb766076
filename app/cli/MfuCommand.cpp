// lanescope-cli mfu --params N --tokens-per-s-per-gpu X (--peak-tflops Y | --gpu NAME) [--json]
// The MFU calculator without a trace: achieved TFLOPS = 6 x params x tokens/s per GPU.
#include "Commands.h"
#include "JsonWriter.h"

#include "analysis/Mfu.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("cli", s); }

} // namespace

int runMfu(const QStringList &argsIn)
{
    QStringList args = argsIn;
    bool json = false;
    double params = 0, tps = 0, peak = 0;
    QString gpu;
    auto bad = [](const QString &msg) {
        std::fprintf(stderr, "%s\n", qPrintable(tr("lanescope-cli mfu: %1").arg(msg)));
        std::fprintf(stderr, "%s\n",
                     qPrintable(tr("usage: lanescope-cli mfu --params N --tokens-per-s-per-gpu X (--peak-tflops Y | --gpu NAME) [--json]")));
        return BadUsage;
    };
    auto take = [&](double *out) {
        bool ok = false;
        if (args.isEmpty())
            return false;
        *out = QLocale::c().toDouble(args.takeFirst(), &ok);
        return ok && std::isfinite(*out) && *out > 0;
    };
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--json"))
            json = true;
        else if (a == QLatin1String("--params")) {
            if (!take(&params))
                return bad(tr("--params needs a positive number"));
        } else if (a == QLatin1String("--tokens-per-s-per-gpu")) {
            if (!take(&tps))
                return bad(tr("--tokens-per-s-per-gpu needs a positive number"));
        } else if (a == QLatin1String("--peak-tflops")) {
            if (!take(&peak))
                return bad(tr("--peak-tflops needs a positive number"));
        } else if (a == QLatin1String("--gpu") && !args.isEmpty()) {
            gpu = args.takeFirst();
        } else {
            return bad(tr("unexpected argument '%1'").arg(a));
        }
    }
    if (params <= 0 || tps <= 0)
        return bad(tr("--params and --tokens-per-s-per-gpu are required"));
    if (peak <= 0 && !gpu.isEmpty()) {
        if (const analysis::GpuPeak *p = analysis::peakForGpu(gpu))
            peak = p->tflops;
        else
            return bad(tr("no peak known for GPU '%1'; give --peak-tflops").arg(gpu));
    }
    if (peak <= 0)
        return bad(tr("--peak-tflops (or --gpu) is required"));
    const analysis::MfuResult r = analysis::computeMfu(params, tps, peak);
    if (json) {
        JsonWriter j;
        j.w.StartObject();
        j.key("params");
        j.w.Double(params);
        j.key("tokens_per_s_per_gpu");
        j.w.Double(r.tokensPerSPerGpu);
        j.key("achieved_tflops");
        j.w.Double(r.achievedTflops);
        j.key("peak_tflops");
        j.w.Double(r.peakTflops);
        j.key("mfu_pct");
        j.w.Double(r.mfuPct);
        j.w.EndObject();
        j.print();
    } else {
        std::printf("%s\n", qPrintable(tr("%1 params x %2 tokens/s/GPU x 6 = %3 TFLOPS; of %4 TFLOPS peak: MFU %5%")
                                           .arg(params, 0, 'g', 4)
                                           .arg(tps, 0, 'f', 1)
                                           .arg(r.achievedTflops, 0, 'f', 1)
                                           .arg(r.peakTflops, 0, 'f', 0)
                                           .arg(r.mfuPct, 0, 'f', 1)));
    }
    return Ok;
}

} // namespace lanescope::cli
