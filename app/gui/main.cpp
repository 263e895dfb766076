// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope: the desktop viewer. `lanescope [TRACE...|DIR] [--compare] [--gap-ms N] [--step N]` opens the
// traces at start (two or more are compared, the first as the baseline; a folder opens its rank traces
// as one job, or with --compare as runs of a comparison). CommandLine reads the options.
#include "app/gui/CommandLine.h"
#include "app/gui/MainWindow.h"
#include "app/gui/Preferences.h"
#include "app/gui/QuitSignals.h"

#include "widgets/AppStyle.h"
#include "widgets/analysis/AnalysisDock.h"
#include "core/synth/DemoTrace.h"
#include "core/util/BuildInfo.h"

#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QCommandLineParser>
#include <QIcon>
#include <QScreen>
#include <QLibraryInfo>
#include <QLocale>
#include <QStatusBar>
#include <QTranslator>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string_view>

namespace {

constexpr int kBadUsage = 2; // as lanescope-cli: bad usage exits 2 with one line on stderr

// True where Qt would find no window system: no X11 or Wayland display and no platform chosen.
// Qt then aborts with a page about platform plugins; one line saying what to do serves better.
bool noDisplay()
{
#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
#else
    return false;
#endif
}

// --help and --version print text only. They get a QCoreApplication, no window system at all, so
// they work over ssh, in a chroot or a CI job, and with a display that cannot be reached.
bool asksOnlyForText(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "--")
            return false; // what follows are file names
        if (a == "--gap-ms" || a == "--step") {
            ++i; // its value, whatever it reads
            continue;
        }
        if (a == "--help" || a == "-h" || a == "--help-all" || a == "--version" || a == "-v")
            return true;
    }
    return false;
}

int badUsage(const QString &message)
{
    std::fprintf(stderr, "lanescope: %s\n", qPrintable(message));
    return kBadUsage;
}

} // namespace

int main(int argc, char **argv)
{
    const bool textOnly = asksOnlyForText(argc, argv);
    if (!textOnly && noDisplay()) {
        std::fprintf(stderr,
            "lanescope: no display found (DISPLAY and WAYLAND_DISPLAY are unset); run it in a "
            "desktop session, or headless as: xvfb-run -s '-screen 0 1920x1080x24' %s "
            "(lanescope-cli works without one)\n",
            argc > 0 ? argv[0] : "lanescope");
        return 1;
    }
    const std::unique_ptr<QCoreApplication> app
        = textOnly ? std::make_unique<QCoreApplication>(argc, argv) : std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("Lanescope"));
    QCoreApplication::setOrganizationName(QStringLiteral("Lanescope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LANESCOPE_VERSION));
    if (!textOnly) // check boxes whose frame stands out on a dark palette (AppStyle.h)
        lanescope::installAppStyle();

    // Qt's own strings (dialog buttons, file dialog) and ours, both for the language chosen in
    // Preferences, else the user's locale.
    const QLocale uiLocale = lanescope::uiLocale();
    QTranslator qtTranslator;
    if (qtTranslator.load(uiLocale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(uiLocale, QStringLiteral("lanescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);

    QCommandLineParser parser;
    const lanescope::CommandLine cmd = lanescope::CommandLine::parse(QCoreApplication::arguments(), parser);
    if (!cmd.error.isEmpty())
        return badUsage(cmd.error);
    if (cmd.version) {
        std::printf("Lanescope %s\n%s\n", LANESCOPE_VERSION, qPrintable(lanescope::libraryVersions()));
        return 0;
    }
    if (cmd.help)
        parser.process(*app); // prints the help and exits 0
    if (textOnly) // cannot happen (asksOnlyForText skips option values); no window without a QApplication
        return badUsage(QCoreApplication::translate("main", "nothing to open"));
    const double gapNs = cmd.gapNs;
    const int stepNumber = cmd.step;

    QGuiApplication::setDesktopFileName(QStringLiteral("lanescope"));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/lanescope.svg")));

    lanescope::MainWindow window;
    lanescope::AnalysisDock *dock = window.analysisDock();
    if (gapNs > 0)
        dock->setGapThresholdNs(lanescope::TimeNs(std::llround(gapNs)));
    if (stepNumber >= 0) {
        // The step list is known once the first analysis of the loaded trace is in; pick the step then.
        QObject::connect(
            &window, &lanescope::MainWindow::loadFinished, dock,
            [&window, dock, stepNumber](bool ok) {
                if (!ok)
                    return;
                QObject::connect(
                    dock, &lanescope::AnalysisDock::analysisFinished, dock,
                    [&window, dock, stepNumber] {
                        if (dock->stepBox()->findData(stepNumber) >= 0)
                            dock->setStep(stepNumber);
                        else
                            window.statusBar()->showMessage(QCoreApplication::translate(
                                "main", "ProfilerStep#%1 is not in this trace: the whole trace is analysed.")
                                                                .arg(stepNumber));
                    },
                    Qt::SingleShotConnection);
            },
            Qt::SingleShotConnection);
    }
    // SIGTERM/SIGHUP quit as File > Quit does, so an edit inside the autosave's delay is kept.
    lanescope::QuitSignals quitSignals;
    if (const QScreen *screen = window.screen())
        window.fitToScreen(screen->availableGeometry());
    window.show();
    switch (cmd.open) {
    case lanescope::CommandLine::Open::Folder: window.openFolder(cmd.paths.first()); break;
    case lanescope::CommandLine::Open::Files: window.openFiles(cmd.paths); break; // the first is the baseline
    case lanescope::CommandLine::Open::Demo: window.openDemo(); break;        // the case study's three stages
    case lanescope::CommandLine::Open::Watch: window.watchFolder(cmd.paths.first()); break;
    case lanescope::CommandLine::Open::Nothing: break;
    }
    return QApplication::exec();
}
