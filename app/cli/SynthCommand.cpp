// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli synth --scenario fsdp-baseline|fsdp-prefetch|fsdp-tuned -o OUT.json [options]
// Writes a deterministic synthetic Kineto trace (or one per rank) and a sidecar of known facts.
// With --cycles N, a profiler log_dir of N cycles (schedule(..., repeat=N)): one file per worker per
// cycle, named as tensorboard_trace_handler names them, with per-step noise and a known change
// of the compute between cycles, both in the facts.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"
#include "app/cli/OutputPaths.h"

#include "core/analysis/text/FigureText.h"
#include "core/synth/TraceSynth.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

CommandSpec synthArguments()
{
    const auto n = [](const char *s) { return QString::fromLatin1(s); };
    return {
        n("--scenario fsdp-baseline|fsdp-prefetch|fsdp-tuned -o OUT [options]"),
        {},
        {
            text({n("scenario")}, "NAME", QT_TRANSLATE_NOOP("cli", "fsdp-baseline, fsdp-prefetch or fsdp-tuned")),
            text({n("o"), n("output")}, "PATH", QT_TRANSLATE_NOOP("cli", "trace file; with --ranks, the folder for rank-K.pt.trace.json")),
            integer({n("ranks")}, "N", atLeast(1), QT_TRANSLATE_NOOP("cli", "write ranks 0..N-1 (N <= --gpus)"),
                    QT_TRANSLATE_NOOP("cli", "--ranks needs a positive integer")),
            unsignedInteger({n("seed")}, "S", QT_TRANSLATE_NOOP("cli", "jitter seed (default 1); same seed, same bytes"),
                            QT_TRANSLATE_NOOP("cli", "--seed needs a non-negative integer")),
            integer({n("straggler")}, "RANK", atLeast(0), QT_TRANSLATE_NOOP("cli", "this rank computes 15% slower"),
                    QT_TRANSLATE_NOOP("cli", "--straggler needs a rank")),
            number({n("clock-skew-us")}, "MAX", between(0, 1e9),
                   QT_TRANSLATE_NOOP("cli", "each rank's clock is off rank 0's by up to MAX µs (default 80); the facts say by how much"),
                   QT_TRANSLATE_NOOP("cli", "--clock-skew-us needs a number of microseconds")),
            number({n("params")}, "P", between(1e6, 1e13), QT_TRANSLATE_NOOP("cli", "model parameters (default 7e9)"),
                   QT_TRANSLATE_NOOP("cli", "--params needs a number between 1e6 and 1e13")),
            integer({n("layers")}, "L", between(1, 1024), QT_TRANSLATE_NOOP("cli", "transformer layers (default 32)"),
                    QT_TRANSLATE_NOOP("cli", "--layers needs an integer between 1 and 1024")),
            integer({n("hidden")}, "H", between(128, 65536), QT_TRANSLATE_NOOP("cli", "hidden size (default 4096)"),
                    QT_TRANSLATE_NOOP("cli", "--hidden needs an integer between 128 and 65536")),
            number({n("tokens-per-step-per-gpu")}, "N", between(128, 1e7),
                   QT_TRANSLATE_NOOP("cli", "tokens per step per GPU (default 8192)"),
                   QT_TRANSLATE_NOOP("cli", "--tokens-per-step-per-gpu needs a number between 128 and 1e7")),
            integer({n("gpus")}, "G", between(1, 65536), QT_TRANSLATE_NOOP("cli", "world size (default 32: 4 nodes x 8 A100)"),
                    QT_TRANSLATE_NOOP("cli", "--gpus needs a positive integer")),
            number({n("gemm-efficiency")}, "X", Range{0, 1, true, false},
                   QT_TRANSLATE_NOOP("cli", "achieved fraction of bf16 peak on GEMMs (default 0.56)"),
                   QT_TRANSLATE_NOOP("cli", "--gemm-efficiency needs a fraction in (0, 1]")),
            number({n("internode-gbps")}, "Y", Range{0, 1e5, true, false},
                   QT_TRANSLATE_NOOP("cli", "per-GPU inter-node bandwidth in Gbit/s (default 200)"),
                   QT_TRANSLATE_NOOP("cli", "--internode-gbps needs a positive number")),
            text({n("facts")}, "PATH",
                 QT_TRANSLATE_NOOP("cli", "where the facts go (default OUT.facts.json, or DIR.facts.json beside the rank folder so "
                                          "trace tools reading the folder only see traces)")),
            // A trace is held whole while it is written: 200 steps of the default 7B run are ~2 GB.
            integer({n("steps")}, "N", between(1, 200), QT_TRANSLATE_NOOP("cli", "profiled steps per trace (default 3)"),
                    QT_TRANSLATE_NOOP("cli", "--steps needs an integer between 1 and 200")),
            integer({n("cycles")}, "N", between(1, 10000),
                    QT_TRANSLATE_NOOP("cli", "write a profiler log_dir of N cycles into the folder OUT: one file per worker per cycle, "
                                             "named <worker>.<ms>.pt.trace.json as tensorboard_trace_handler names them"),
                    QT_TRANSLATE_NOOP("cli", "--cycles needs an integer between 1 and 10000")),
            number({n("cycle-change-pct")}, "PCT", between(-50, 100),
                   QT_TRANSLATE_NOOP("cli", "with --cycles: each cycle's compute takes PCT % longer than the one before (default 0)"),
                   QT_TRANSLATE_NOOP("cli", "--cycle-change-pct needs a percentage between -50 and 100")),
            number({n("step-noise-pct")}, "PCT", between(0, 50),
                   QT_TRANSLATE_NOOP("cli", "each step's compute varies by this standard deviation in % (default 0; 2 with --cycles)"),
                   QT_TRANSLATE_NOOP("cli", "--step-noise-pct needs a percentage between 0 and 50")),
            flag({n("json")}, QT_TRANSLATE_NOOP("cli", "print a JSON summary")),
        },
    };
}

namespace {

// A cycle's facts with its place in the log_dir: what --cycles writes for each cycle.
QJsonObject cycleFacts(int index, const synth::SynthConfig &cfg, const QStringList &files, qint64 stampMs, const std::string &facts)
{
    QJsonObject o;
    o.insert(QStringLiteral("cycle"), index);
    o.insert(QStringLiteral("seed"), QString::number(cfg.seed)); // a string: 64-bit seeds exceed a double's precision
    o.insert(QStringLiteral("compute_scale"), cfg.computeScale);
    o.insert(QStringLiteral("stamp_ms"), double(stampMs));
    o.insert(QStringLiteral("base_time_ns"), QString::number(synth::baseTimeNs(cfg)));
    o.insert(QStringLiteral("files"), QJsonArray::fromStringList(files));
    const QJsonObject inner = QJsonDocument::fromJson(QByteArray::fromStdString(facts)).object();
    // Rank 0's step durations, the sample a test compares cycles by.
    QJsonArray steps;
    const QJsonArray ranks = inner.value(QStringLiteral("ranks")).toArray();
    if (!ranks.isEmpty())
        for (const QJsonValue &s : ranks.first().toObject().value(QStringLiteral("steps")).toArray())
            steps.append(s.toObject().value(QStringLiteral("dur_us")));
    o.insert(QStringLiteral("rank0_step_dur_us"), steps);
    o.insert(QStringLiteral("facts"), inner);
    return o;
}

} // namespace

namespace {

// --cycles: the log_dir OUT of `cycles` cycles, cycle k's compute scaled by (1 + changePct/100)^k
// and its seed the run's plus k (its own jitter and noise), each cycle starting 30 s after the
// previous one stopped (tensorboard_trace_handler stamps a file when its cycle stops).
int writeCycles(const Invocation &args, synth::SynthConfig cfg, int cycles, double changePct, const QString &out, QString factsPath)
{
    QElapsedTimer timer;
    timer.start();
    if (factsPath.isEmpty())
        factsPath = factsPathFor(out, true);
    const int written = std::max(1, cfg.ranksToWrite);
    const std::uint64_t seed = cfg.seed;
    if (!QDir().mkpath(out))
        return args.fail(Text::tr("cannot create folder %1").arg(out), Unreadable);
    synth::SynthConfig first = cfg;
    first.clockOffsetNs = 0;
    const std::int64_t base0 = synth::baseTimeNs(first);
    QJsonArray all;
    QStringList files;
    qint64 totalBytes = 0;
    std::int64_t offsetNs = 0;
    for (int c = 0; c < cycles; ++c) {
        cfg.seed = seed + std::uint64_t(c);
        cfg.computeScale = std::pow(1.0 + changePct / 100.0, c);
        // Every cycle on the clock of the run's first: its own seed would move its day.
        cfg.clockOffsetNs = 0;
        cfg.clockOffsetNs = offsetNs + base0 - synth::baseTimeNs(cfg);
        const synth::SynthOutput result = synth::synthesize(cfg);
        const qint64 stopMs = (synth::baseTimeNs(cfg) + result.durationNs) / 1000000;
        QStringList cycleFiles;
        for (int k = 0; k < written && std::size_t(k) < result.traces.size(); ++k) {
            // <worker>.<ms>.pt.trace.json, worker = host_pid; a worker's files a few ms apart.
            const QString name = QStringLiteral("node%1_%2.%3.pt.trace.json").arg(k / std::max(1, cfg.gpusPerNode)).arg(40000 + k).arg(stopMs + k);
            const QString path = QDir(out).filePath(name);
            if (QFileInfo::exists(path))
                return args.fail(Text::tr("%1 exists already: synth --cycles writes into a new or empty folder").arg(path));
            QString error;
            if (!writeFile(path, result.traces[std::size_t(k)], &error))
                return args.fail(Text::tr("cannot write %1: %2").arg(path, error), Unreadable);
            cycleFiles << path;
            totalBytes += qint64(result.traces[std::size_t(k)].size());
        }
        files += cycleFiles;
        all.append(cycleFacts(c, cfg, cycleFiles, stopMs, result.facts));
        offsetNs += result.durationNs + 30'000'000'000LL;
    }
    QJsonObject facts;
    facts.insert(QStringLiteral("scenario"), QString::fromLatin1(synth::scenarioName(cfg.scenario)));
    facts.insert(QStringLiteral("cycles"), cycles);
    facts.insert(QStringLiteral("steps_per_cycle"), cfg.activeSteps);
    facts.insert(QStringLiteral("cycle_change_pct"), changePct);
    facts.insert(QStringLiteral("step_noise_pct"), cfg.stepNoise * 100);
    facts.insert(QStringLiteral("change"), QStringLiteral("cycle k's compute kernels take (1 + cycle_change_pct/100)^k of cycle 0's time; "
                                                          "each step's compute x (1 + step_noise_pct/100 x z), z ~ N(0, 1)"));
    facts.insert(QStringLiteral("cycle_facts"), all);
    QString error;
    if (!writeFile(factsPath, QJsonDocument(facts).toJson(QJsonDocument::Indented).toStdString(), &error))
        return args.fail(Text::tr("cannot write %1: %2").arg(factsPath, error), Unreadable);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("scenario", synth::scenarioName(cfg.scenario));
            j.field("seed", seed);
            j.field("cycles", cycles);
            j.array("files", [&] {
                for (const QString &f : files)
                    j.value(f);
            });
            j.field("facts", factsPath);
            j.field("bytes", totalBytes);
            j.field("seconds", seconds);
        });
    } else {
        const QString what = cycles == 1 ? Text::tr("wrote %n cycle", nullptr, cycles) : Text::tr("wrote %n cycles", nullptr, cycles);
        std::printf("%s\n", qPrintable(Text::tr("%1 into %3 (%2 worker files each), facts in %4 (%5 in %6 s)")
                                           .arg(what)
                                           .arg(written)
                                           .arg(out, factsPath, analysis::figure::bytes(double(totalBytes)))
                                           .arg(seconds, 0, 'f', 2)));
    }
    return Ok;
}

} // namespace

int runSynth(const Invocation &args)
{
    synth::SynthConfig cfg;
    const QString out = args.text("output"), scenario = args.text("scenario");
    QString factsPath = args.text("facts");
    cfg.seed = args.unsignedInteger("seed", cfg.seed);
    cfg.ranksToWrite = args.integer("ranks", cfg.ranksToWrite);
    cfg.straggler = args.integer("straggler", cfg.straggler);
    cfg.clockSkewMaxUs = args.number("clock-skew-us", cfg.clockSkewMaxUs);
    cfg.params = args.number("params", cfg.params);
    cfg.layers = args.integer("layers", cfg.layers);
    cfg.hidden = args.integer("hidden", cfg.hidden);
    if (args.isSet("tokens-per-step-per-gpu")) {
        cfg.tokensPerStepPerGpu = args.number("tokens-per-step-per-gpu", cfg.tokensPerStepPerGpu);
        if (cfg.tokensPerStepPerGpu < cfg.seqLen)
            cfg.seqLen = int(cfg.tokensPerStepPerGpu);
    }
    cfg.gpus = args.integer("gpus", cfg.gpus);
    cfg.gemmEfficiency = args.number("gemm-efficiency", cfg.gemmEfficiency);
    cfg.internodeGbps = args.number("internode-gbps", cfg.internodeGbps);
    cfg.activeSteps = args.integer("steps", cfg.activeSteps);
    const int cycles = args.integer("cycles", 0);
    const double changePct = args.number("cycle-change-pct", 0);
    cfg.stepNoise = args.number("step-noise-pct", cycles > 0 ? 2.0 : 0.0) / 100.0;
    if (cycles == 0 && args.isSet("cycle-change-pct"))
        return args.fail(Text::tr("--cycle-change-pct needs --cycles"));
    if (scenario.isEmpty() || out.isEmpty())
        return args.usageError();
    // One file per worker per cycle: at most 10,000 files in all.
    if (cycles > 0 && qint64(cycles) * std::max(1, cfg.ranksToWrite) > 10000)
        return args.fail(Text::tr("--cycles %1 of %2 ranks would write more than 10,000 files").arg(cycles).arg(std::max(1, cfg.ranksToWrite)));
    if (!synth::scenarioFromName(scenario, &cfg.scenario))
        return args.fail(Text::tr("unknown scenario '%1' (fsdp-baseline, fsdp-prefetch, fsdp-tuned)").arg(scenario));
    if (cfg.ranksToWrite > cfg.gpus)
        return args.fail(Text::tr("--ranks %1 exceeds --gpus %2").arg(cfg.ranksToWrite).arg(cfg.gpus));
    if (cfg.straggler >= cfg.gpus)
        return args.fail(Text::tr("--straggler %1 is not a rank of %2 GPUs").arg(cfg.straggler).arg(cfg.gpus));
    if (cfg.gpus < cfg.gpusPerNode)
        cfg.gpusPerNode = cfg.gpus;
    if (cfg.hidden % 128 != 0)
        return args.fail(Text::tr("--hidden must be a multiple of 128 (head size)"));
    if (synth::deriveShape(cfg).layerParams <= 0 || cfg.params <= synth::deriveShape(cfg).embeddingParams)
        return args.fail(Text::tr("--params is too small for the embedding of --hidden"));

    // A step as the model times it (the GEMMs at --gemm-efficiency, each layer's AllGather and
    // ReduceScatter over --internode-gbps): at most an hour, or the trace's times (three steps and
    // more) leave what its own analyzer reads, and the simulation's nanoseconds overflow.
    // `--gemm-efficiency 1e-12` would make a step of 35 years.
    {
        constexpr double kMaxStepSeconds = 3600;
        const double stepS = synth::gemmSeconds(synth::modelFlopsPerToken(cfg.params) * cfg.tokensPerStepPerGpu, cfg)
            + 3.0 * cfg.layers * synth::ringCollectiveSeconds(synth::deriveShape(cfg).layerBytesBf16, cfg.gpus, cfg.internodeGbps);
        if (!(stepS <= kMaxStepSeconds))
            return args.fail(Text::tr("--gemm-efficiency %1 and --internode-gbps %2 make a step of about %3 s; at most %4 s makes a "
                                      "trace Lanescope can read")
                                 .arg(cfg.gemmEfficiency)
                                 .arg(cfg.internodeGbps)
                                 .arg(stepS, 0, 'g', 3)
                                 .arg(kMaxStepSeconds));
    }

    QElapsedTimer timer;
    timer.start();
    if (cycles > 0)
        return writeCycles(args, cfg, cycles, changePct, out, factsPath);
    const synth::SynthOutput result = synth::synthesize(cfg);
    const double simulateSeconds = double(timer.nsecsElapsed()) / 1e9;

    const bool folder = cfg.ranksToWrite > 0;
    if (factsPath.isEmpty())
        factsPath = factsPathFor(out, folder);
    // Every file it will write, checked before the first is: the facts must not replace a trace.
    std::vector<NamedPath> outputs;
    for (std::size_t k = 0; k < result.traces.size(); ++k)
        outputs.push_back({folder ? QDir(out).filePath(QStringLiteral("rank-%1.pt.trace.json").arg(k)) : out, QStringLiteral("-o")});
    outputs.push_back({factsPath, QStringLiteral("--facts")});
    if (const int rc = refuseOutputClash(args, {}, outputs); rc != Ok)
        return rc;
    if (folder && !QDir().mkpath(out))
        return args.fail(Text::tr("cannot create folder %1").arg(out), Unreadable);
    QStringList files;
    qint64 totalBytes = 0;
    for (std::size_t k = 0; k < result.traces.size(); ++k) {
        const QString path = outputs[k].path;
        QString error;
        if (!writeFile(path, result.traces[k], &error))
            return args.fail(Text::tr("cannot write %1: %2").arg(path, error), Unreadable);
        files << path;
        totalBytes += qint64(result.traces[k].size());
    }
    QString error;
    if (!writeFile(factsPath, result.facts, &error))
        return args.fail(Text::tr("cannot write %1: %2").arg(factsPath, error), Unreadable);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;

    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("scenario", synth::scenarioName(cfg.scenario));
            j.field("seed", cfg.seed);
            j.array("files", [&] {
                for (const QString &f : files)
                    j.value(f);
            });
            j.field("facts", factsPath);
            j.field("bytes", totalBytes);
            j.field("simulate_seconds", simulateSeconds);
            j.field("seconds", seconds);
        });
    } else {
        for (const QString &f : files)
            std::printf("%s\n", qPrintable(Text::tr("wrote %1").arg(f)));
        std::printf("%s\n", qPrintable(Text::tr("wrote %1 (%2 of traces in %3 s)")
                                           .arg(factsPath)
                                           .arg(analysis::figure::bytes(double(totalBytes)))
                                           .arg(seconds, 0, 'f', 2)));
    }
    return Ok;
}

} // namespace lanescope::cli
