// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/synth/DemoTrace.h"

#include "core/synth/TraceSynth.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

namespace lanescope::synth {
namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(DemoTrace)
};
// Bump when the generator's output changes, so an old cached demo is not reused.
constexpr int kDemoVersion = 1;
} // namespace

QString ensureDemoTrace(Scenario scenario, QString *error)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath() + QStringLiteral("/lanescope");
    dir += QStringLiteral("/demo");
    const QString path = QStringLiteral("%1/%2-v%3.pt.trace.json")
                             .arg(dir, QString::fromLatin1(scenarioName(scenario)))
                             .arg(kDemoVersion);
    if (QFileInfo::exists(path))
        return path;
    if (!QDir().mkpath(dir)) {
        *error = Text::tr("cannot create the demo folder %1").arg(dir);
        return QString();
    }
    SynthConfig config;
    config.scenario = scenario;
    const SynthOutput out = synthesize(config);
    const auto write = [error](const QString &file, const std::string &bytes) {
        QSaveFile f(file);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size())
            || !f.commit()) {
            *error = Text::tr("cannot write the demo trace %1: %2").arg(file, f.errorString());
            return false;
        }
        return true;
    };
    if (out.traces.empty() || !write(path, out.traces.front()))
        return QString();
    write(path.left(path.size() - 5) + QStringLiteral(".facts.json"), out.facts);
    return path;
}

bool readModelFacts(const QString &tracePath, ModelFacts *out)
{
    if (!tracePath.endsWith(QLatin1String(".json")))
        return false;
    QFile f(tracePath.left(tracePath.size() - 5) + QStringLiteral(".facts.json"));
    if (f.size() > (64 << 20) || !f.open(QIODevice::ReadOnly))
        return false;
    const QJsonObject config = QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("config")).toObject();
    ModelFacts m;
    m.params = config.value(QLatin1String("params")).toDouble();
    m.tokensPerStepPerGpu = config.value(QLatin1String("tokens_per_step_per_gpu")).toDouble();
    m.peakTflops = config.value(QLatin1String("peak_tflops")).toDouble();
    if (!(m.params > 0) || !(m.tokensPerStepPerGpu > 0))
        return false;
    *out = m;
    return true;
}

} // namespace lanescope::synth
