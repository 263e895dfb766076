// lanescope-cli synth --scenario fsdp-baseline|fsdp-prefetch|fsdp-tuned -o OUT.json [options]
// Writes a deterministic synthetic Kineto trace (or one per rank) and a sidecar of known facts.
#include "Commands.h"
#include "JsonWriter.h"

#include "synth/TraceSynth.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSaveFile>

#include <cmath>
#include <cstdio>
#include <string>

namespace lanescope::cli {
namespace {

// lupdate files Text::tr() strings under the "cli" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

void usage(std::FILE *to)
{
    std::fputs(qPrintable(Text::tr("usage: lanescope-cli synth --scenario fsdp-baseline|fsdp-prefetch|fsdp-tuned -o OUT [options]\n"
                             "\n"
                             "  -o, --output PATH              trace file; with --ranks, the folder for rank-K.pt.trace.json\n"
                             "  --ranks N                      write ranks 0..N-1 (N <= --gpus)\n"
                             "  --seed S                       jitter seed (default 1); same seed, same bytes\n"
                             "  --straggler RANK               this rank computes 15% slower\n"
                             "  --params P                     model parameters (default 7e9)\n"
                             "  --layers L                     transformer layers (default 32)\n"
                             "  --hidden H                     hidden size (default 4096)\n"
                             "  --tokens-per-step-per-gpu N    tokens per step per GPU (default 8192)\n"
                             "  --gpus G                       world size (default 32: 4 nodes x 8 A100)\n"
                             "  --gemm-efficiency X            achieved fraction of bf16 peak on GEMMs (default 0.56)\n"
                             "  --internode-gbps Y             per-GPU inter-node bandwidth in Gbit/s (default 200)\n"
                             "  --facts PATH                   where the facts go (default OUT.facts.json, or DIR.facts.json\n"
                             "                                 beside the rank folder so trace tools reading the folder\n"
                             "                                 only see traces)\n"
                             "  --json                         print a JSON summary\n")),
               to);
}

bool writeFile(const QString &path, const std::string &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = f.errorString();
        return false;
    }
    if (f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

// "OUT.json" -> "OUT.facts.json"; "OUT.pt.trace.json" -> "OUT.pt.trace.facts.json".
QString factsPathFor(const QString &out, bool folder)
{
    QString base = out;
    while (folder && base.endsWith(QLatin1Char('/')) && base.size() > 1)
        base.chop(1);
    if (!folder && base.endsWith(QLatin1String(".json")))
        base.chop(5);
    return base + QStringLiteral(".facts.json");
}

} // namespace

int runSynth(const QStringList &argsIn)
{
    QStringList args = argsIn;
    synth::SynthConfig cfg;
    QString out, factsPath, scenario;
    bool json = false;
    auto bad = [](const QString &message) {
        std::fprintf(stderr, "%s\n", qPrintable(message));
        return BadUsage;
    };
    // Reads the value after an option into a number; false when missing or not a number.
    auto number = [&](const QString &opt, double *v) {
        if (args.isEmpty())
            return false;
        bool ok = false;
        *v = args.takeFirst().toDouble(&ok);
        return ok && std::isfinite(*v) && !opt.isEmpty();
    };
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        double v = 0;
        if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            usage(stdout);
            return Ok;
        } else if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("--scenario") && !args.isEmpty()) {
            scenario = args.takeFirst();
        } else if ((a == QLatin1String("-o") || a == QLatin1String("--output")) && !args.isEmpty()) {
            out = args.takeFirst();
        } else if (a == QLatin1String("--facts") && !args.isEmpty()) {
            factsPath = args.takeFirst();
        } else if (a == QLatin1String("--seed")) {
            bool ok = false;
            const QString s = args.isEmpty() ? QString() : args.takeFirst();
            cfg.seed = s.toULongLong(&ok);
            if (!ok)
                return bad(Text::tr("lanescope-cli synth: --seed needs a non-negative integer"));
        } else if (a == QLatin1String("--ranks")) {
            if (!number(a, &v) || v < 1 || v != std::floor(v))
                return bad(Text::tr("lanescope-cli synth: --ranks needs a positive integer"));
            cfg.ranksToWrite = int(v);
        } else if (a == QLatin1String("--straggler")) {
            if (!number(a, &v) || v < 0 || v != std::floor(v))
                return bad(Text::tr("lanescope-cli synth: --straggler needs a rank"));
            cfg.straggler = int(v);
        } else if (a == QLatin1String("--params")) {
            if (!number(a, &v) || v < 1e6 || v > 1e13)
                return bad(Text::tr("lanescope-cli synth: --params needs a number between 1e6 and 1e13"));
            cfg.params = v;
        } else if (a == QLatin1String("--layers")) {
            if (!number(a, &v) || v < 1 || v > 1024 || v != std::floor(v))
                return bad(Text::tr("lanescope-cli synth: --layers needs an integer between 1 and 1024"));
            cfg.layers = int(v);
        } else if (a == QLatin1String("--hidden")) {
            if (!number(a, &v) || v < 128 || v > 65536 || v != std::floor(v))
                return bad(Text::tr("lanescope-cli synth: --hidden needs an integer between 128 and 65536"));
            cfg.hidden = int(v);
        } else if (a == QLatin1String("--tokens-per-step-per-gpu")) {
            if (!number(a, &v) || v < 128 || v > 1e7)
                return bad(Text::tr("lanescope-cli synth: --tokens-per-step-per-gpu needs a number between 128 and 1e7"));
            cfg.tokensPerStepPerGpu = v;
            if (v < cfg.seqLen)
                cfg.seqLen = int(v);
        } else if (a == QLatin1String("--gpus")) {
            if (!number(a, &v) || v < 1 || v > 65536 || v != std::floor(v))
                return bad(Text::tr("lanescope-cli synth: --gpus needs a positive integer"));
            cfg.gpus = int(v);
        } else if (a == QLatin1String("--gemm-efficiency")) {
            if (!number(a, &v) || v <= 0 || v > 1)
                return bad(Text::tr("lanescope-cli synth: --gemm-efficiency needs a fraction in (0, 1]"));
            cfg.gemmEfficiency = v;
        } else if (a == QLatin1String("--internode-gbps")) {
            if (!number(a, &v) || v <= 0 || v > 1e5)
                return bad(Text::tr("lanescope-cli synth: --internode-gbps needs a positive number"));
            cfg.internodeGbps = v;
        } else {
            std::fprintf(stderr, "%s\n", qPrintable(Text::tr("lanescope-cli synth: unexpected argument '%1'").arg(a)));
            usage(stderr);
            return BadUsage;
        }
    }
    if (scenario.isEmpty() || out.isEmpty()) {
        usage(stderr);
        return BadUsage;
    }
    if (!synth::scenarioFromName(scenario, &cfg.scenario))
        return bad(Text::tr("lanescope-cli synth: unknown scenario '%1' (fsdp-baseline, fsdp-prefetch, fsdp-tuned)").arg(scenario));
    if (cfg.ranksToWrite > cfg.gpus)
        return bad(Text::tr("lanescope-cli synth: --ranks %1 exceeds --gpus %2").arg(cfg.ranksToWrite).arg(cfg.gpus));
    if (cfg.straggler >= cfg.gpus)
        return bad(Text::tr("lanescope-cli synth: --straggler %1 is not a rank of %2 GPUs").arg(cfg.straggler).arg(cfg.gpus));
    if (cfg.gpus < cfg.gpusPerNode)
        cfg.gpusPerNode = cfg.gpus;
    if (cfg.hidden % 128 != 0)
        return bad(Text::tr("lanescope-cli synth: --hidden must be a multiple of 128 (head size)"));
    if (synth::deriveShape(cfg).layerParams <= 0 || cfg.params <= synth::deriveShape(cfg).embeddingParams)
        return bad(Text::tr("lanescope-cli synth: --params is too small for the embedding of --hidden"));

    QElapsedTimer timer;
    timer.start();
    const synth::SynthOutput result = synth::synthesize(cfg);
    const double simulateSeconds = double(timer.nsecsElapsed()) / 1e9;

    const bool folder = cfg.ranksToWrite > 0;
    if (folder && !QDir().mkpath(out)) {
        std::fprintf(stderr, "%s\n", qPrintable(Text::tr("lanescope-cli synth: cannot create folder %1").arg(out)));
        return Unreadable;
    }
    if (factsPath.isEmpty())
        factsPath = factsPathFor(out, folder);
    QStringList files;
    qint64 totalBytes = 0;
    for (std::size_t k = 0; k < result.traces.size(); ++k) {
        const QString path = folder ? QDir(out).filePath(QStringLiteral("rank-%1.pt.trace.json").arg(k)) : out;
        QString error;
        if (!writeFile(path, result.traces[k], &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(Text::tr("lanescope-cli synth: cannot write %1: %2").arg(path, error)));
            return Unreadable;
        }
        files << path;
        totalBytes += qint64(result.traces[k].size());
    }
    QString error;
    if (!writeFile(factsPath, result.facts, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(Text::tr("lanescope-cli synth: cannot write %1: %2").arg(factsPath, error)));
        return Unreadable;
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;

    if (json) {
        JsonWriter j;
        auto &w = j.w;
        w.StartObject();
        j.key("scenario");
        w.String(synth::scenarioName(cfg.scenario));
        j.key("seed");
        w.Uint64(cfg.seed);
        j.key("files");
        w.StartArray();
        for (const QString &f : files)
            j.str(f);
        w.EndArray();
        j.key("facts");
        j.str(factsPath);
        j.key("bytes");
        w.Int64(totalBytes);
        j.key("simulate_seconds");
        w.Double(simulateSeconds);
        j.key("seconds");
        w.Double(seconds);
        w.EndObject();
        j.print();
    } else {
        for (const QString &f : files)
            std::printf("%s\n", qPrintable(Text::tr("wrote %1").arg(f)));
        std::printf("%s\n", qPrintable(Text::tr("wrote %1 (%2 MB of traces in %3 s)")
                                           .arg(factsPath)
                                           .arg(double(totalBytes) / 1e6, 0, 'f', 1)
                                           .arg(seconds, 0, 'f', 2)));
    }
    return Ok;
}

} // namespace lanescope::cli
