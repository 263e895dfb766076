// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the figure-catalogue suites share (tests/analysis/tst_figurecatalogue,
// tests/gui/tst_figuresurfaces): the MFU inputs that make every MFU figure known, the demo trio
// and its rank folders written by lanescope-cli synth, and reading a figure out of the CLI's JSON.
#include "core/analysis/run/Analysis.h"
#include "tests/CliRun.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <QTemporaryDir>

#include <optional>

namespace lanescope::test {

// MFU inputs, so the MFU figures are known wherever a trace has steps: a 7B model, 8,192 tokens per
// step per GPU (the synthetic job's own).
constexpr double kFigureParams = 7e9, kFigureTokensPerStep = 8192;

inline QStringList mfuArgs()
{
    return {QStringLiteral("--params"), QString::number(kFigureParams, 'g', 17), QStringLiteral("--tokens-per-step"),
            QString::number(kFigureTokensPerStep, 'g', 17)};
}

inline analysis::AnalysisOptions mfuOptions()
{
    analysis::AnalysisOptions o;
    o.mfu.params = kFigureParams;
    o.mfu.tokensPerStep = kFigureTokensPerStep;
    return o;
}

// The demo trio's scenarios; synthTrio writes each as DIR/NAME.json and a folder of four ranks
// DIR/NAME-ranks. Returns what went wrong, empty on success.
inline QStringList demoScenarios()
{
    return {QStringLiteral("fsdp-baseline"), QStringLiteral("fsdp-prefetch"), QStringLiteral("fsdp-tuned")};
}

inline QString synthTrio(const QTemporaryDir &dir)
{
    for (const QString &s : demoScenarios()) {
        const CliRun one = runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), s, QStringLiteral("-o"),
                                   dir.filePath(s + QStringLiteral(".json"))});
        if (one.exitCode != 0)
            return QString::fromUtf8(one.err);
        const CliRun ranks = runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), s, QStringLiteral("--ranks"),
                                     QStringLiteral("4"), QStringLiteral("-o"), dir.filePath(s + QStringLiteral("-ranks"))});
        if (ranks.exitCode != 0)
            return QString::fromUtf8(ranks.err);
    }
    return {};
}

// The value at a dotted path ("temporal.idle_pct") of a JSON object; undefined where absent.
inline QJsonValue at(const QJsonObject &o, const char *path)
{
    QJsonValue v = o;
    for (const QString &p : QString::fromLatin1(path).split(QLatin1Char('.'))) {
        if (!v.isObject())
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(p);
    }
    return v;
}

// A figure as JSON carries it: a number, or null where unknown.
inline std::optional<double> number(const QJsonValue &v)
{
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

inline QString show(const std::optional<double> &v) { return v ? QString::number(*v, 'g', 17) : QStringLiteral("unknown"); }

// lanescope-cli ARGS as one JSON object; false with why where it exits non-zero or prints no object.
inline bool runJson(const QStringList &args, QJsonObject *out, QString *why)
{
    const CliRun r = runCli(args);
    if (r.exitCode != 0) {
        *why = QStringLiteral("lanescope-cli %1: exit %2: %3").arg(args.join(QLatin1Char(' '))).arg(r.exitCode).arg(QString::fromUtf8(r.err));
        return false;
    }
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
    if (!d.isObject()) {
        *why = QStringLiteral("lanescope-cli %1: not a JSON object: %2").arg(args.join(QLatin1Char(' ')), e.errorString());
        return false;
    }
    *out = d.object();
    return true;
}

} // namespace lanescope::test
