// SPDX-License-Identifier: GPL-3.0-or-later
// "Open in editor" (EditorLauncher): the path map from a trace's paths to this machine's, the
// command template split into a program and arguments (never a shell), the defaults, and a real
// run: a recording script written by the test appends the arguments it was started with to a
// file, which must name the mapped file and the line.
#include "widgets/source/EditorLauncher.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;
using namespace Qt::StringLiterals;

namespace {

// A script that appends each of its arguments, one per line, to `log`.
QString writeRecorder(const QTemporaryDir &dir, const QString &name, const QString &log)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QStringLiteral("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '%1'; done\n").arg(log).toUtf8());
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

QStringList readLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

// Sets an environment variable for one scope, restoring what it was.
struct EnvGuard
{
    QByteArray name, old;
    bool had;
    EnvGuard(const char *n, const QByteArray &value)
        : name(n)
        , old(qgetenv(n))
        , had(qEnvironmentVariableIsSet(n))
    {
        if (value.isNull())
            qunsetenv(n);
        else
            qputenv(n, value);
    }
    ~EnvGuard()
    {
        if (had)
            qputenv(name.constData(), old);
        else
            qunsetenv(name.constData());
    }
};

} // namespace

class TestEditorLauncher : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings in a test location
        QCoreApplication::setOrganizationName(QStringLiteral("lanescope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_editorlauncher"));
    }

    void pathMap_data()
    {
        QTest::addColumn<QString>("map");
        QTest::addColumn<QString>("traceFile");
        QTest::addColumn<QString>("expected");
        const QString home = QDir::homePath();
        QTest::newRow("no map") << QString() << u"/workspace/model.py"_s << u"/workspace/model.py"_s;
        QTest::newRow("prefix") << u"/workspace/ -> /home/me/src/"_s << u"/workspace/app/model.py"_s << u"/home/me/src/app/model.py"_s;
        QTest::newRow("home") << u"/workspace/ -> ~/src/"_s << u"/workspace/model.py"_s << home + u"/src/model.py"_s;
        QTest::newRow("other prefix") << u"/workspace/ -> ~/src/"_s << u"/opt/model.py"_s << u"/opt/model.py"_s;
        QTest::newRow("longest wins") << u"/w/ -> /a/\n/w/deep/ -> /b/"_s << u"/w/deep/x.py"_s << u"/b/x.py"_s;
        QTest::newRow("longest wins, any order") << u"/w/deep/ -> /b/\n/w/ -> /a/"_s << u"/w/other/x.py"_s << u"/a/other/x.py"_s;
        QTest::newRow("malformed lines skipped") << u"nothing here\n -> /x/\n/w/ -> \n/w/ -> /c/"_s << u"/w/x.py"_s << u"/c/x.py"_s;
    }
    void pathMap()
    {
        QFETCH(QString, map);
        QFETCH(QString, traceFile);
        QFETCH(QString, expected);
        const EditorLauncher l(EditorSettings{QString(), EditorSettings::parsePathMap(map)});
        QCOMPARE(l.mappedPath(traceFile), expected);
    }

    void pathMapRoundTripsThroughSettings()
    {
        EditorSettings s;
        s.command = QStringLiteral("gvim +{line} {file}");
        s.pathMap = EditorSettings::parsePathMap(QStringLiteral("/workspace/ -> ~/src/\n/data/ -> /mnt/data/"));
        QCOMPARE(int(s.pathMap.size()), 2);
        s.save();
        QCOMPARE(EditorSettings::load(), s);
        // Bounded whatever is stored.
        QString many;
        for (int k = 0; k < 1000; ++k)
            many += QStringLiteral("/p%1/ -> /q%1/\n").arg(k);
        QCOMPARE(int(EditorSettings::parsePathMap(many).size()), EditorSettings::kMaxMappings);
        QSettings().remove(QStringLiteral("editor"));
    }

    // Offered only where the mapped file exists.
    void localFileOnlyWhenItExists()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("src/app")));
        QFile f(dir.filePath(QStringLiteral("src/app/model.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const EditorLauncher l(EditorSettings{QString(), {{QStringLiteral("/workspace/"), dir.filePath(QStringLiteral("src/"))}}});
        QCOMPARE(l.localFile(QStringLiteral("/workspace/app/model.py")), QFileInfo(f).absoluteFilePath());
        QVERIFY(l.localFile(QStringLiteral("/workspace/app/missing.py")).isEmpty());
        QVERIFY(l.localFile(QStringLiteral("/workspace/app")).isEmpty()); // a folder is no file
        QVERIFY(l.localFile(QStringLiteral("model.py")).isEmpty());       // relative: not this machine's
        QVERIFY(l.localFile(QString()).isEmpty());
        QString error;
        QVERIFY(!l.open(QStringLiteral("/workspace/app/missing.py"), 3, &error));
        QVERIFY2(error.contains(QStringLiteral("missing.py")), qPrintable(error));
    }

    void commandSplitting_data()
    {
        QTest::addColumn<QString>("tmpl");
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("arguments");
        const QString file = u"/home/me/my src/model.py"_s;
        QTest::newRow("code") << u"code --goto {file}:{line}"_s << u"code"_s << QStringList{u"--goto"_s, file + u":42"_s};
        QTest::newRow("editor style") << u"gvim +{line} {file}"_s << u"gvim"_s << QStringList{u"+42"_s, file};
        QTest::newRow("quoted program") << u"\"/opt/my editor/bin/ed\" {file} --line={line}"_s << u"/opt/my editor/bin/ed"_s
                                        << QStringList{file, u"--line=42"_s};
        // Shell syntax is an argument like any other: nothing runs through a shell.
        QTest::newRow("no shell") << u"kate {file}; rm -rf x"_s << u"kate"_s << QStringList{file + u";"_s, u"rm"_s, u"-rf"_s, u"x"_s};
        QTest::newRow("desktop") << u""_s << u""_s << QStringList{file};
    }
    void commandSplitting()
    {
        QFETCH(QString, tmpl);
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        const EditorLauncher::Command c = EditorLauncher::command(tmpl, u"/home/me/my src/model.py"_s, 42);
        QVERIFY(c.error.isEmpty());
        QCOMPARE(c.program, program);
        QCOMPARE(c.arguments, arguments);
    }

    void environmentEditor()
    {
        const EnvGuard visual("VISUAL", "gvim -f");
        EditorLauncher::Command c = EditorLauncher::command(QStringLiteral("$VISUAL +{line} {file}"), QStringLiteral("/a.py"), 7);
        QCOMPARE(c.program, QStringLiteral("gvim"));
        QCOMPARE(c.arguments, (QStringList{QStringLiteral("-f"), QStringLiteral("+7"), QStringLiteral("/a.py")}));
        const EnvGuard editor("EDITOR", QByteArray());
        c = EditorLauncher::command(QStringLiteral("$EDITOR +{line} {file}"), QStringLiteral("/a.py"), 7);
        QVERIFY(c.program.isEmpty());
        QVERIFY2(c.error.contains(QStringLiteral("EDITOR")), qPrintable(c.error));
    }

    // The default: VS Code where it is on the PATH, else a windowed $VISUAL / $EDITOR, else the
    // desktop's handler.
    void defaults()
    {
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        const EnvGuard path("PATH", bin.path().toLocal8Bit());
        {
            const EnvGuard visual("VISUAL", "vim");
            const EnvGuard editor("EDITOR", "nano");
            QVERIFY(EditorLauncher::defaultCommand().isEmpty()); // terminal editors: no terminal here
        }
        {
            const EnvGuard visual("VISUAL", QByteArray());
            const EnvGuard editor("EDITOR", "kate");
            QCOMPARE(EditorLauncher::defaultCommand(), QStringLiteral("$EDITOR +{line} {file}"));
        }
        {
            const EnvGuard visual("VISUAL", "/usr/bin/gvim --nofork");
            const EnvGuard editor("EDITOR", "kate");
            QCOMPARE(EditorLauncher::defaultCommand(), QStringLiteral("$VISUAL +{line} {file}"));
        }
        writeRecorder(bin, QStringLiteral("code"), bin.filePath(QStringLiteral("unused")));
        QCOMPARE(EditorLauncher::defaultCommand(), QStringLiteral("code --goto {file}:{line}"));
        // The stored command wins over the default.
        QCOMPARE(EditorLauncher(EditorSettings{QStringLiteral("kate -l {line} {file}"), {}}).commandTemplate(),
                 QStringLiteral("kate -l {line} {file}"));
        QCOMPARE(EditorLauncher(EditorSettings{}).commandTemplate(), QStringLiteral("code --goto {file}:{line}"));
    }

    // A real start: the recording script receives the mapped file and the line.
    void recordingScript_data()
    {
        QTest::addColumn<QString>("tmpl");
        QTest::addColumn<QStringList>("expected"); // %F: the local file, %L: the line
        QTest::newRow("code style") << u"{rec} --goto {file}:{line}"_s << QStringList{u"--goto"_s, u"%F:%L"_s};
        QTest::newRow("editor style") << u"{rec} +{line} {file}"_s << QStringList{u"+%L"_s, u"%F"_s};
        QTest::newRow("via $VISUAL") << u"$VISUAL +{line} {file}"_s << QStringList{u"+%L"_s, u"%F"_s};
    }
    void recordingScript()
    {
        QFETCH(QString, tmpl);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.filePath(QStringLiteral("argv.txt"));
        const QString rec = writeRecorder(dir, QStringLiteral("rec.sh"), log);
        QVERIFY(!rec.isEmpty());
        // The trace was recorded under /workspace; the file is here under "my src" (a space).
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("my src/pkg")));
        const QString local = dir.filePath(QStringLiteral("my src/pkg/train.py"));
        QFile py(local);
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.close();
        const EnvGuard visual("VISUAL", (QLatin1Char('"') + rec + QLatin1Char('"')).toLocal8Bit());
        tmpl.replace(QStringLiteral("{rec}"), QLatin1Char('"') + rec + QLatin1Char('"'));
        const EditorLauncher l(EditorSettings{tmpl, {{QStringLiteral("/workspace/"), dir.filePath(QStringLiteral("my src/"))}}});
        QString error;
        QVERIFY2(l.open(QStringLiteral("/workspace/pkg/train.py"), 1234, &error), qPrintable(error));
        for (QString &e : expected)
            e.replace(QStringLiteral("%F"), QFileInfo(local).absoluteFilePath()).replace(QStringLiteral("%L"), QStringLiteral("1234"));
        QTRY_COMPARE_WITH_TIMEOUT(readLines(log), expected, 10000);
    }

    void unstartableProgram()
    {
        QTemporaryDir dir;
        QFile py(dir.filePath(QStringLiteral("a.py")));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.close();
        const EditorLauncher l(EditorSettings{dir.filePath(QStringLiteral("no-such-editor")) + QStringLiteral(" {file}"), {}});
        QString error;
        QVERIFY(!l.open(QFileInfo(py).absoluteFilePath(), 1, &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-editor")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestEditorLauncher)
#include "tst_editorlauncher.moc"
