// SPDX-License-Identifier: GPL-3.0-or-later
// The documents' lanescope-cli examples stay true: every line starting `lanescope-cli` in the ```sh
// blocks of docs/cli-reference.md, and of the README (README.zh_CN.md shows the same), is run, in order, in an empty folder (the
// examples make their own traces with `lanescope-cli synth` first) and must exit 0; every
// subcommand of `lanescope-cli --help` has an example in the CLI reference. The README's first
// commands name scripts of the repository, and CI (.ci/run) runs the README's test command.
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

// The `./path ...` command lines of the ```sh blocks: the README's "build and open", "build and test".
QStringList scriptLines(const QString &markdown)
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
        if (inSh && line.startsWith(QLatin1String("./")))
            out << QProcess::splitCommand(line.section(QLatin1String(" #"), 0, 0)).value(0);
    }
    return out;
}

QString readDocument(const QString &relative)
{
    QFile f(QDir(QStringLiteral(LANESCOPE_SOURCE_DIR)).filePath(relative));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

} // namespace

class TestReadme : public QObject
{
    Q_OBJECT

    QStringList m_lines; // the CLI reference's examples

private slots:
    void initTestCase()
    {
        const QString reference = readDocument(QStringLiteral("docs/cli-reference.md"));
        QVERIFY2(!reference.isEmpty(), "docs/cli-reference.md");
        m_lines = exampleLines(reference);
        QVERIFY2(m_lines.size() >= 10, "the CLI reference's ```sh blocks hold the lanescope-cli examples");
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
            QVERIFY2(shown.contains(c), qPrintable(QStringLiteral("no example of lanescope-cli %1 in docs/cli-reference.md").arg(c)));
    }

    // The README's two first commands are scripts of this repository, and CI runs its test command.
    void readmeCommandsExist()
    {
        const QStringList scripts = scriptLines(readDocument(QStringLiteral("README.md")));
        QVERIFY2(scripts.contains(QStringLiteral("./scripts/run.sh")), qPrintable(scripts.join(QLatin1Char(' '))));
        QVERIFY2(scripts.contains(QStringLiteral("./scripts/test.sh")), qPrintable(scripts.join(QLatin1Char(' '))));
        const QDir root(QStringLiteral(LANESCOPE_SOURCE_DIR));
        for (const QString &script : scripts) {
            const QFileInfo info(root.filePath(script));
            QVERIFY2(info.isFile() && info.isExecutable(), qPrintable(script));
        }
        // .ci/run: "exec ./scripts/test.sh", the README's command and nothing else.
        const QString ci = readDocument(QStringLiteral(".ci/run"));
        static const QRegularExpression exec(QStringLiteral("^exec (\\S+)\\s*$"), QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = exec.match(ci);
        QVERIFY2(m.hasMatch(), qPrintable(ci));
        QCOMPARE(m.captured(1), QStringLiteral("./scripts/test.sh"));
    }

    void examplesRun_data()
    {
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("docs/cli-reference.md") << m_lines;
        const QStringList readme = exampleLines(readDocument(QStringLiteral("README.md")));
        QVERIFY2(readme.size() >= 5, "the README shows half a dozen lanescope-cli lines in a ```sh block");
        QTest::newRow("README.md") << readme;
        // The Chinese README shows the same commands.
        QCOMPARE(exampleLines(readDocument(QStringLiteral("README.zh_CN.md"))), readme);
    }

    void examplesRun()
    {
        QFETCH(QStringList, lines);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString &line : lines) {
            const QStringList args = argumentsOf(line);
#ifndef LANESCOPE_CLI_REPORT
            // A build without the GUI (the sanitizer preset) has no report writer: export --report
            // refuses there by design, so its example is left out, said in the log.
            if (args.contains(QLatin1String("--report"))) {
                qInfo("skipped in a build without the GUI's report writer: %s", qPrintable(line));
                continue;
            }
#endif
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
