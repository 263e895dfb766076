#include "Commands.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace {

void usage(std::FILE *to)
{
    std::fputs(qPrintable(QCoreApplication::translate(
                   "cli",
                   "usage: lanescope-cli COMMAND [options]\n"
                   "\n"
                   "commands:\n"
                   "  info TRACE [--json] [--threads N]   what the trace holds and how it loaded\n"
                   "  synth --scenario NAME -o OUT        write a deterministic synthetic FSDP trace\n"
                   "  analyze TRACE [--json] [options]    GPU idle gaps and causes, breakdown, MFU, memory, advice\n"
                   "  mfu --params N --tokens-per-s-per-gpu X --peak-tflops Y [--json]   the MFU calculator\n"
                   "\n"
                   "Exit codes: 0 success, 2 bad usage, 3 unreadable input.\n")),
               to);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lanescope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LANESCOPE_VERSION));
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("lanescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        usage(stderr);
        return lanescope::cli::BadUsage;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("-h") || command == QLatin1String("--help") || command == QLatin1String("help")) {
        usage(stdout);
        return lanescope::cli::Ok;
    }
    if (command == QLatin1String("--version")) {
        std::printf("lanescope-cli %s\n", LANESCOPE_VERSION);
        return lanescope::cli::Ok;
    }
    if (command == QLatin1String("info"))
        return lanescope::cli::runInfo(args);
    if (command == QLatin1String("synth"))
        return lanescope::cli::runSynth(args);
    if (command == QLatin1String("analyze"))
        return lanescope::cli::runAnalyze(args);
    if (command == QLatin1String("mfu"))
        return lanescope::cli::runMfu(args);
    std::fprintf(stderr, "%s\n",
                 qPrintable(QCoreApplication::translate("cli", "lanescope-cli: unknown command '%1'").arg(command)));
    usage(stderr);
    return lanescope::cli::BadUsage;
}
