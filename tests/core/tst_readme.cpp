// The README's lanescope-cli examples stay true (issue 14): every line starting `lanescope-cli` in
// its ```sh blocks is run, in order, in an empty folder (the examples make their own traces with
// `lanescope-cli synth` first) and must exit 0; every subcommand of `lanescope-cli --help` has one.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// The `lanescope-cli ...` lines of the ```sh fenced blocks (a ```text block is a synopsis, not run).
QStringList exampleLines(const QString &markdown)
{
    QStringList out;
    bool inSh = false, inFence = false;
    for (const QString &raw : markdown.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("```"))) {
            inSh = !inFence && line == QLatin1String("```sh");
            inFence = !inFence;
            continue;
        }
        if (inSh && line.startsWith(QLatin1String("lanescope-cli ")))
            out << line;
    }
    return out;
}

// A line's arguments: shell words (double quotes kept together), a trailing "# comment" dropped.
QStringList argumentsOf(const QString &line)
{
    QString l = line;
    const qsizetype hash = l.indexOf(QLatin1String(" #"));
    if (hash >= 0)
        l.truncate(hash);
    QStringList words = QProcess::splitCommand(l);
    words.removeFirst(); // lanescope-cli
    return words;
}

} // namespace

class TestReadme : public QObject
{
    Q_OBJECT

    QStringList m_lines;

private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(LANESCOPE_README_PATH));
        QVERIFY2(f.open(QIODevice::ReadOnly), LANESCOPE_README_PATH);
        m_lines = exampleLines(QString::fromUtf8(f.readAll()));
        QVERIFY2(m_lines.size() >= 10, "the README's ```sh blocks hold the lanescope-cli examples");
    }

    void parsesFences()
    {
        const QString md = QStringLiteral("```text\nlanescope-cli info TRACE\n```\n```sh\n  lanescope-cli info a.json  # what it holds\n"
                                          "./build.sh\n```\nlanescope-cli outside\n```sh\nlanescope-cli mfu --gpu \"NVIDIA A100\"\n```\n");
        const QStringList lines = exampleLines(md);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(argumentsOf(lines[0]), (QStringList{QStringLiteral("info"), QStringLiteral("a.json")}));
        QCOMPARE(argumentsOf(lines[1]), (QStringList{QStringLiteral("mfu"), QStringLiteral("--gpu"), QStringLiteral("NVIDIA A100")}));
    }

    void everyCommandHasAnExample()
    {
        QProcess help;
        help.start(QStringLiteral(LANESCOPE_CLI_PATH), {QStringLiteral("--help")});
        QVERIFY(help.waitForFinished(60000));
        const QString text = QString::fromUtf8(help.readAllStandardOutput());
        // "commands:" then one "  name  what it does" line each.
        const QString list = text.section(QLatin1String("commands:"), 1).section(QLatin1String("\n\n"), 0, 0);
        QSet<QString> commands;
        static const QRegularExpression row(QStringLiteral("^  (\\S+)\\s"), QRegularExpression::MultilineOption);
        for (auto it = row.globalMatch(list); it.hasNext();)
            commands.insert(it.next().captured(1));
        QVERIFY2(commands.size() >= 7, qPrintable(text));
        QSet<QString> shown;
        for (const QString &l : m_lines)
            shown.insert(argumentsOf(l).value(0));
        for (const QString &c : commands)
            QVERIFY2(shown.contains(c), qPrintable(QStringLiteral("no README example of lanescope-cli %1").arg(c)));
    }

    void examplesRun()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString &line : m_lines) {
            const QStringList args = argumentsOf(line);
            QProcess p;
            p.setWorkingDirectory(dir.path());
            p.start(QStringLiteral(LANESCOPE_CLI_PATH), args);
            QVERIFY2(p.waitForFinished(300000), qPrintable(line));
            const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                     qPrintable(QStringLiteral("%1\n  exit %2: %3").arg(line).arg(p.exitCode()).arg(err)));
            // What an example writes is there afterwards.
            const qsizetype o = args.indexOf(QLatin1String("-o"));
            if (o >= 0 && o + 1 < args.size())
                QVERIFY2(QFileInfo::exists(QDir(dir.path()).filePath(args[o + 1])), qPrintable(line));
            const qsizetype s = args.indexOf(QLatin1String("--summary"));
            if (s >= 0 && s + 1 < args.size())
                QVERIFY2(QFileInfo(QDir(dir.path()).filePath(args[s + 1])).size() > 0, qPrintable(line));
            qInfo("ok: %s", qPrintable(line));
        }
    }
};

QTEST_GUILESS_MAIN(TestReadme)
#include "tst_readme.moc"
