// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli COMMAND [options]: dispatches on the subcommand table (Commands.cpp); each
// subcommand parses the rest of the line with its own generated parser (CommandLine.h).
#include "app/cli/Commands.h"
#include "core/util/BuildInfo.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QLocale>
#include <QTranslator>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <sys/stat.h>
#include <unistd.h>
#include <memory>

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
    // A command that paints (export) needs a QGuiApplication, and never a display: it draws
    // offscreen unless QT_QPA_PLATFORM says otherwise. Every other command stays on QtCore.
    const Command *painting = nullptr;
    if (argc > 1) {
        const bool helpFirst = std::strcmp(argv[1], "help") == 0;
        const Command *c = findCommand(QString::fromLocal8Bit(argv[helpFirst && argc > 2 ? 2 : 1]));
        if (c && c->paints)
            painting = c;
    }
    std::unique_ptr<QCoreApplication> application;
    if (painting) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        // Without XDG_RUNTIME_DIR (a CI job, a cron script) QtGui warns on stderr and then uses
        // /tmp/runtime-$USER anyway; make that folder ourselves so an error stays one line.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
            const std::string dir = std::string(std::getenv("TMPDIR") && *std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp")
                + "/runtime-lanescope-" + std::to_string(::getuid());
            ::mkdir(dir.c_str(), 0700);
            struct stat st {};
            if (::stat(dir.c_str(), &st) == 0 && st.st_uid == ::getuid() && (st.st_mode & 0077) == 0)
                qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(dir));
        }
        application = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        application = std::make_unique<QCoreApplication>(argc, argv);
    }
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
        std::printf("lanescope-cli %s\n%s\n", LANESCOPE_VERSION, qPrintable(lanescope::libraryVersions()));
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
