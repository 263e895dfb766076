// lanescope: the desktop viewer. `lanescope [TRACE]` opens TRACE at start.
#include "MainWindow.h"

#include "synth/DemoTrace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStatusBar>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>
#include <string_view>

namespace {

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

bool asksOnlyForText(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "--help" || a == "-h" || a == "--help-all" || a == "--version" || a == "-v")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    if (noDisplay()) {
        if (!asksOnlyForText(argc, argv)) {
            std::fprintf(stderr, "lanescope: no display found (DISPLAY and WAYLAND_DISPLAY are unset); run it in a "
                                 "desktop session, or headless as: xvfb-run -s '-screen 0 1920x1080x24' %s "
                                 "(lanescope-cli works without one)\n",
                         argc > 0 ? argv[0] : "lanescope");
            return 1;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen"); // --help and --version print text only
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Lanescope"));
    QApplication::setOrganizationName(QStringLiteral("Lanescope"));
    QApplication::setApplicationVersion(QStringLiteral(LANESCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("lanescope"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/lanescope.svg")));

    // Qt's own strings (dialog buttons, file dialog) and ours, both for the user's locale.
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("lanescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Native viewer for PyTorch Profiler (Kineto) traces."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QApplication::translate("main", "traces"),
                                 QApplication::translate("main", "Trace files to open (.json or .json.gz); two or more are "
                                                                 "compared, the first as the baseline."),
                                 QApplication::translate("main", "[traces...]"));
    QCommandLineOption demo(QStringLiteral("demo"),
                            QApplication::translate("main", "Open the built-in demo: the case study's FSDP baseline "
                                                            "run (7B model, 32 A100s), generated on first use."));
    parser.addOption(demo);
    parser.process(app);

    lanescope::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty()) {
        window.openFiles(files); // two or more: stacked and aligned, the first as the baseline
    } else if (parser.isSet(demo)) {
        QString error;
        const QString path = lanescope::synth::ensureDemoTrace(lanescope::synth::Scenario::Baseline, &error);
        if (path.isEmpty())
            window.statusBar()->showMessage(error);
        else
            window.openFile(path);
    }
    return QApplication::exec();
}
