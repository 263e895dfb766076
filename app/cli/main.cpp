// lanescope-cli COMMAND [options]: dispatches on the subcommand table (Commands.cpp); each
// subcommand parses the rest of the line with its own generated parser (CommandLine.h).
#include "Commands.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace {

using namespace lanescope::cli;

// lupdate files Text::tr() strings under the "cli" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

// `lanescope-cli --help`: one line per row of the table.
QString overview()
{
    int width = 0;
    for (const Command &c : commands())
        width = std::max(width, int(std::strlen(c.name)));
    QString list;
    for (const Command &c : commands())
        list += QStringLiteral("  %1  %2\n").arg(QLatin1String(c.name), -width).arg(QCoreApplication::translate("cli", c.summary));
    return Text::tr("usage: lanescope-cli COMMAND [options]\n"
                    "\n"
                    "commands:\n"
                    "%1"
                    "\n"
                    "lanescope-cli COMMAND --help lists the options of a command.\n"
                    "Exit codes: 0 success, 2 bad usage, 3 unreadable input.\n")
        .arg(list);
}

} // namespace

int main(int argc, char **argv)
{
    // Every command so far needs only QtCore. One that paints (export) needs a QGuiApplication
    // instead: look the command up in argv[1] before this line and construct accordingly.
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lanescope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LANESCOPE_VERSION));
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("lanescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        printErrorLine(Text::tr("usage: lanescope-cli COMMAND [options] (lanescope-cli --help lists the commands)"));
        return BadUsage;
    }
    QString name = args.takeFirst();
    if (name == QLatin1String("-h") || name == QLatin1String("--help") || (name == QLatin1String("help") && args.isEmpty())) {
        std::fputs(qPrintable(overview()), stdout);
        return Ok;
    }
    if (name == QLatin1String("--version")) {
        std::printf("lanescope-cli %s\n", LANESCOPE_VERSION);
        return Ok;
    }
    const bool help = name == QLatin1String("help"); // `help COMMAND` is `COMMAND --help`
    if (help)
        name = args.takeFirst();
    if (const Command *c = findCommand(name)) {
        if (help) {
            std::fputs(qPrintable(commandHelp(*c)), stdout);
            return Ok;
        }
        return runCommand(*c, args);
    }
    printErrorLine(Text::tr("lanescope-cli: unknown command '%1' (lanescope-cli --help lists the commands)").arg(name));
    return BadUsage;
}
