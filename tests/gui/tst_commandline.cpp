// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope's command line: `lanescope [FILES... | DIR] [--compare] [--gap-ms N] [--step N]`
// read by CommandLine::parse, the function main() uses; what each form opens and each bad form's message.
#include "app/gui/CommandLine.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

Q_DECLARE_METATYPE(lanescope::CommandLine::Open)

namespace {

CommandLine parse(const QStringList &args)
{
    QCommandLineParser parser;
    return CommandLine::parse(QStringList{QStringLiteral("lanescope")} + args, parser);
}

bool touch(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write("{}") == 2;
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_a, m_b, m_runs, m_empty;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_a = m_dir.filePath(QStringLiteral("a.pt.trace.json"));
        m_b = m_dir.filePath(QStringLiteral("b.pt.trace.json.gz"));
        QVERIFY(touch(m_a) && touch(m_b));
        // A folder of runs: name order with numbers as numbers (run-2 before run-10), the synthetic
        // generator's sidecar and other files left out.
        m_runs = m_dir.filePath(QStringLiteral("runs"));
        m_empty = m_dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(m_runs) && QDir().mkpath(m_empty));
        for (const char *n : {"run-10.json", "run-2.json", "run-2.facts.json", "notes.txt"})
            QVERIFY(touch(QDir(m_runs).filePath(QLatin1String(n))));
    }

    void opens_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<CommandLine::Open>("open");
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<bool>("compare");
        const QString r2 = QDir(m_dir.filePath(QStringLiteral("runs"))).filePath(QStringLiteral("run-2.json"));
        const QString r10 = QDir(m_dir.filePath(QStringLiteral("runs"))).filePath(QStringLiteral("run-10.json"));
        const QString runs = m_dir.filePath(QStringLiteral("runs"));
        using O = CommandLine::Open;
        QTest::newRow("nothing") << QStringList{} << O::Nothing << QStringList{} << false;
        QTest::newRow("demo") << QStringList{QStringLiteral("--demo")} << O::Demo << QStringList{} << false;
        QTest::newRow("one file") << QStringList{m_a} << O::Files << QStringList{m_a} << false;
        QTest::newRow("two files compared") << QStringList{m_a, m_b} << O::Files << QStringList{m_a, m_b} << false;
        QTest::newRow("files win over demo") << QStringList{m_a, QStringLiteral("--demo")} << O::Files << QStringList{m_a} << false;
        QTest::newRow("folder: ranks of a job") << QStringList{runs} << O::Folder << QStringList{runs} << false;
        // Among other traces or folders, a folder is one run of the comparison (a job).
        QTest::newRow("file and folder: a job run") << QStringList{m_a, runs} << O::Files << QStringList{m_a, runs} << false;
        QTest::newRow("two folders: two job runs") << QStringList{runs, runs} << O::Files << QStringList{runs, runs} << false;
        QTest::newRow("--compare two files") << QStringList{QStringLiteral("--compare"), m_a, m_b} << O::Files
                                             << QStringList{m_a, m_b} << true;
        QTest::newRow("--compare a folder: its traces as runs")
            << QStringList{runs, QStringLiteral("--compare")} << O::Files << QStringList{r2, r10} << true;
        QTest::newRow("--compare file then folder")
            << QStringList{QStringLiteral("--compare"), m_a, runs} << O::Files << QStringList{m_a, r2, r10} << true;
        QTest::newRow("-- then a name like an option")
            << QStringList{QStringLiteral("--"), QStringLiteral("--compare")} << O::Files << QStringList{QStringLiteral("--compare")} << false;
    }
    void opens()
    {
        QFETCH(QStringList, args);
        QFETCH(CommandLine::Open, open);
        QFETCH(QStringList, paths);
        QFETCH(bool, compare);
        const CommandLine c = parse(args);
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.open, open);
        QCOMPARE(c.paths, paths);
        QCOMPARE(c.compare, compare);
        QCOMPARE(c.gapNs, -1.0);
        QCOMPARE(c.step, -1);
    }

    void options()
    {
        const CommandLine c = parse({m_a, QStringLiteral("--gap-ms"), QStringLiteral("2.5"), QStringLiteral("--step"),
                                     QStringLiteral("4"), QStringLiteral("--gap-ms=0.25")});
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.gapNs, 250'000.0); // the last value counts, as in lanescope-cli
        QCOMPARE(c.step, 4);
        QVERIFY(parse({QStringLiteral("--version")}).version);
        QVERIFY(parse({QStringLiteral("--help"), m_a}).help);
        QVERIFY(parse({QStringLiteral("-h")}).help);
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message"); // a part of the one line for stderr
        const QString runs = m_dir.filePath(QStringLiteral("runs"));
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")}
                                        << QStringLiteral("Unknown option 'frobnicate'");
        QTest::newRow("--gap-ms word") << QStringList{QStringLiteral("--gap-ms"), QStringLiteral("x")}
                                       << QStringLiteral("--gap-ms: 'x' is not a number");
        QTest::newRow("--gap-ms too small") << QStringList{QStringLiteral("--gap-ms=0.0001")}
                                            << QStringLiteral("from 0.001 up");
        QTest::newRow("--gap-ms nan") << QStringList{QStringLiteral("--gap-ms=nan")} << QStringLiteral("'nan'");
        QTest::newRow("--gap-ms no value") << QStringList{QStringLiteral("--gap-ms")} << QStringLiteral("gap-ms");
        QTest::newRow("--step negative") << QStringList{QStringLiteral("--step=-1")} << QStringLiteral("not a step number");
        QTest::newRow("--compare one file") << QStringList{QStringLiteral("--compare"), m_a}
                                            << QStringLiteral("needs two traces or more");
        QTest::newRow("--compare nothing") << QStringList{QStringLiteral("--compare")}
                                           << QStringLiteral("needs two traces or more");
        QTest::newRow("--compare missing file")
            << QStringList{QStringLiteral("--compare"), m_a, m_dir.filePath(QStringLiteral("nope.json"))}
            << QStringLiteral("nope.json: no such file or folder");
        QTest::newRow("--compare empty folder") << QStringList{QStringLiteral("--compare"), m_a, m_empty}
                                                << QStringLiteral("a folder with no trace in it");
    }
    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CommandLine c = parse(args);
        QVERIFY2(c.error.contains(message), qPrintable(c.error));
        QCOMPARE(c.open, CommandLine::Open::Nothing); // nothing opened on bad usage
        QVERIFY(c.paths.isEmpty());
    }

    // --watch DIR: the folder alone, watched; a file, or traces beside it, is bad usage.
    void watch()
    {
        const CommandLine c = parse({QStringLiteral("--watch"), m_runs});
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.open, CommandLine::Open::Watch);
        QCOMPARE(c.paths, QStringList{m_runs});
        QVERIFY(parse({QStringLiteral("--watch"), m_a}).error.contains(QLatin1String("is not a folder")));
        const CommandLine both = parse({QStringLiteral("--watch"), m_runs, m_a});
        QVERIFY(both.error.contains(QLatin1String("opens its folder alone")));
        QCOMPARE(both.open, CommandLine::Open::Nothing);
    }

    void helpNamesEveryOption()
    {
        QCommandLineParser parser;
        CommandLine::parse({QStringLiteral("lanescope")}, parser);
        const QString help = parser.helpText();
        for (const char *o : {"--compare", "--demo", "--watch <DIR>", "--gap-ms <N>", "--step <N>", "--version", "--help"})
            QVERIFY2(help.contains(QLatin1String(o)), o);
        QVERIFY(help.contains(QLatin1String("not ranks of one job")));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
