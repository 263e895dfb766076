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

int main(int argc, char **argv)
{
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
    parser.addPositionalArgument(QApplication::translate("main", "trace"),
                                 QApplication::translate("main", "Trace file to open (.json or .json.gz)."),
                                 QApplication::translate("main", "[trace]"));
    QCommandLineOption demo(QStringLiteral("demo"),
                            QApplication::translate("main", "Open the built-in demo: the case study's FSDP baseline "
                                                            "run (7B model, 32 A100s), generated on first use."));
    parser.addOption(demo);
    parser.process(app);

    lanescope::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty()) {
        window.openFile(files.first());
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
