// SPDX-License-Identifier: GPL-3.0-or-later
// Every lanescope-cli command that writes a file refuses an output that is one of its inputs or
// another of its outputs (app/cli/OutputPaths.h): the same path, a symlink, a hard link; exit 2,
// one line on stderr, nothing written and the input byte-identical afterwards.
#include "tests/CliRun.h"
#include "tests/core/TestUtil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace lanescope::test;

class tst_CliOutputs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refused_data();
    void refused();
    void distinctOutputsStillWrite();
    void notARegularFile_data();
    void notARegularFile();
};

namespace {

const char *const kTrace = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85520809984}],
  "traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 10, "tid": 11, "ts": 100.000, "dur": 50.000},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 10, "tid": 11, "ts": 110.000, "dur": 5.000, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 120.000, "dur": 20.000, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 150.000, "dur": 20.000}
  ],
  "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 1}
})JSON";

const char *const kSidecar = R"JSON({"format": "lanescope-annotations", "version": 1, "annotations": []})JSON";

// How the clashing output names the protected file.
enum Via { Same, Symlink, Hardlink, New };

// What stands where an output is asked for, none of which a writer may replace or write through.
enum Kind { Fifo, Device, LinkToFile, DanglingLink, Folder };

// lstat's file type of path; 0 when nothing is there.
mode_t typeOf(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

void tst_CliOutputs::initTestCase() { QVERIFY(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH))); }

void tst_CliOutputs::refused_data()
{
    // args: %T the trace (t.json), %S its sidecar, %L the clashing name (made by `via` from
    // `target`, a path relative to the folder); `target` must be byte-identical afterwards (or,
    // for New, must not exist).
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("via");
    QTest::addColumn<QString>("link");

    const QString t = QStringLiteral("t.json");
    const auto row = [&](const char *name, const QStringList &args, const QString &target, Via via, const QString &link) {
        QTest::newRow(name) << args << target << int(via) << link;
    };
    const QString a = QStringLiteral("analyze"), e = QStringLiteral("export"), s = QStringLiteral("synth");
    const QStringList synth = {s, QStringLiteral("--scenario"), QStringLiteral("fsdp-baseline"), QStringLiteral("--gpus"),
                               QStringLiteral("2"), QStringLiteral("--layers"), QStringLiteral("1")};

    row("analyze --summary TRACE", {a, QStringLiteral("%T"), QStringLiteral("--summary"), QStringLiteral("%T")}, t, Same, t);
    row("analyze --summary symlink", {a, QStringLiteral("%T"), QStringLiteral("--summary"), QStringLiteral("%L")}, t, Symlink,
        QStringLiteral("s.json"));
    row("analyze --summary hard link", {a, QStringLiteral("%T"), QStringLiteral("--summary"), QStringLiteral("%L")}, t, Hardlink,
        QStringLiteral("s.json"));
    row("analyze --summary ./TRACE", {a, QStringLiteral("%T"), QStringLiteral("--summary"), QStringLiteral("%L")}, t, Same,
        QStringLiteral("sub/../t.json"));

    row("export -o TRACE", {e, QStringLiteral("%T"), QStringLiteral("-o"), QStringLiteral("%T")}, t, Same, t);
    row("export -o symlink", {e, QStringLiteral("%T"), QStringLiteral("-o"), QStringLiteral("%L")}, t, Symlink,
        QStringLiteral("p.png"));
    row("export -o hard link", {e, QStringLiteral("%T"), QStringLiteral("-o"), QStringLiteral("%L")}, t, Hardlink,
        QStringLiteral("p.png"));
    row("export -o sidecar link", {e, QStringLiteral("%T"), QStringLiteral("-o"), QStringLiteral("%L")},
        QStringLiteral("t.json.lanescope.json"), Symlink, QStringLiteral("p.svg"));
    row("export -o --annotations", {e, QStringLiteral("%T"), QStringLiteral("--annotations"), QStringLiteral("n.png"), QStringLiteral("-o"),
                                    QStringLiteral("%L")},
        QStringLiteral("n.png"), Hardlink, QStringLiteral("p.png"));
    row("export -o --compare", {e, QStringLiteral("%T"), QStringLiteral("--compare"), QStringLiteral("%L"), QStringLiteral("-o"),
                                QStringLiteral("%L")},
        t, Symlink, QStringLiteral("c.pdf"));

    row("synth -o TRACE --facts TRACE", synth + QStringList{QStringLiteral("-o"), QStringLiteral("%T"), QStringLiteral("--facts"), QStringLiteral("%T")},
        t, Same, t);
    row("synth --facts symlink to -o", synth + QStringList{QStringLiteral("-o"), QStringLiteral("%T"), QStringLiteral("--facts"), QStringLiteral("%L")},
        t, Symlink, QStringLiteral("f.json"));
    row("synth --facts hard link to -o", synth + QStringList{QStringLiteral("-o"), QStringLiteral("%T"), QStringLiteral("--facts"), QStringLiteral("%L")},
        t, Hardlink, QStringLiteral("f.json"));
    row("synth two new outputs equal", synth + QStringList{QStringLiteral("-o"), QStringLiteral("%L"), QStringLiteral("--facts"), QStringLiteral("new/../%L")},
        QStringLiteral("n.json"), New, QStringLiteral("n.json"));
    row("synth --ranks: facts on a rank file",
        synth + QStringList{QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("-o"), QStringLiteral("%L"), QStringLiteral("--facts"),
                            QStringLiteral("%L/rank-1.pt.trace.json")},
        QStringLiteral("ranks"), New, QStringLiteral("ranks"));
}

void tst_CliOutputs::refused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, target);
    QFETCH(int, via);
    QFETCH(QString, link);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    QVERIFY(writeFile(trace, kTrace));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("t.json.lanescope.json")), kSidecar));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("n.png")), "not a picture, an input"));
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("sub")));
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("new")));
    const QString targetPath = dir.filePath(target), linkPath = dir.filePath(link);
    if (via == Symlink)
        QVERIFY(QFile::link(targetPath, linkPath));
    if (via == Hardlink)
        QCOMPARE(::link(QFile::encodeName(targetPath).constData(), QFile::encodeName(linkPath).constData()), 0);
    const QByteArray before = via == New ? QByteArray() : readAll(targetPath);
    QVERIFY(via == New || !before.isEmpty());

    for (QString &arg : args) {
        arg.replace(QLatin1String("%T"), trace);
        arg.replace(QLatin1String("%S"), dir.filePath(QStringLiteral("t.json.lanescope.json")));
        if (arg.startsWith(QLatin1String("new/../%L")))
            arg = dir.filePath(QStringLiteral("new/../") + link);
        else if (arg.startsWith(QLatin1String("%L")))
            arg.replace(QLatin1String("%L"), linkPath);
        else if (arg == QLatin1String("n.png"))
            arg = dir.filePath(arg);
    }
    const CliRun r = runCli(args, {}, 120000);
    QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("exit %1: %2 %3").arg(r.exitCode).arg(QString::fromUtf8(r.out), QString::fromUtf8(r.err))));
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
    // An output that is a link is refused as such before its target is compared (either way the
    // input is untouched).
    QVERIFY2(r.err.contains("same file") || r.err.contains("is the input") || r.err.contains("symbolic link"), r.err.constData());
    QVERIFY(r.out.isEmpty());
    if (via == New)
        QVERIFY2(!QFileInfo::exists(targetPath) || QDir(targetPath).isEmpty(), qPrintable(targetPath));
    else
        QCOMPARE(readAll(targetPath), before);
    // Nothing else written beside it either (the facts, a summary under another name).
    const QStringList left = QDir(dir.path()).entryList(QDir::Files);
    for (const QString &f : left)
        QVERIFY2(f == QLatin1String("t.json") || f == QLatin1String("t.json.lanescope.json") || f == QLatin1String("n.png") || f == link,
                 qPrintable(f));
}

// The check refuses clashes only: distinct outputs beside the input are written as before.
void tst_CliOutputs::distinctOutputsStillWrite()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    QVERIFY(writeFile(trace, kTrace));
    const CliRun r = runCli({QStringLiteral("analyze"), trace, QStringLiteral("--summary"), dir.filePath(QStringLiteral("s.json"))}, {}, 120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("s.json"))).size() > 0);
    QCOMPARE(readAll(trace), QByteArray(kTrace));
}

// An output path that holds a FIFO, a device node, a symbolic link (to a file or to nothing) or
// a folder is refused, exit 2 with one line naming it, and left as it was: a writer that renames
// its temporary file into place would turn /dev/null into a regular file for the whole system.
void tst_CliOutputs::notARegularFile_data()
{
    QTest::addColumn<QStringList>("args"); // %T the trace, %O the output under test
    QTest::addColumn<int>("kind");
    const QString a = QStringLiteral("analyze"), e = QStringLiteral("export"), s = QStringLiteral("synth");
    const QStringList synth = {s, QStringLiteral("--scenario"), QStringLiteral("fsdp-baseline"), QStringLiteral("--gpus"),
                               QStringLiteral("2"), QStringLiteral("--layers"), QStringLiteral("1")};
    const struct
    {
        const char *name;
        QStringList args;
    } commands[] = {
        {"analyze --summary", {a, QStringLiteral("%T"), QStringLiteral("--summary"), QStringLiteral("%O")}},
        {"export -o", {e, QStringLiteral("%T"), QStringLiteral("-o"), QStringLiteral("%O.png")}},
        {"synth -o", synth + QStringList{QStringLiteral("-o"), QStringLiteral("%O")}},
        {"synth --facts", synth + QStringList{QStringLiteral("-o"), QStringLiteral("new.json"), QStringLiteral("--facts"), QStringLiteral("%O")}},
    };
    const struct
    {
        const char *name;
        Kind kind;
    } kinds[] = {{"FIFO", Fifo}, {"device", Device}, {"link to a file", LinkToFile}, {"dangling link", DanglingLink}, {"folder", Folder}};
    for (const auto &c : commands)
        for (const auto &k : kinds)
            QTest::addRow("%s: %s", c.name, k.name) << c.args << int(k.kind);
}

void tst_CliOutputs::notARegularFile()
{
    QFETCH(QStringList, args);
    QFETCH(int, kind);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    QVERIFY(writeFile(trace, kTrace));
    const QString victim = dir.filePath(QStringLiteral("victim.txt"));
    QVERIFY(writeFile(victim, "someone else's file"));
    // The output's name: export needs a picture suffix, the rest take it as given.
    const bool picture = args.contains(QStringLiteral("%O.png"));
    const QString out = dir.filePath(picture ? QStringLiteral("out.png") : QStringLiteral("out.json"));
    const QByteArray outName = QFile::encodeName(out);
    mode_t want = 0;
    switch (Kind(kind)) {
    case Fifo:
        QCOMPARE(::mkfifo(outName.constData(), 0600), 0);
        want = S_IFIFO;
        break;
    case Device:
        // A private copy of /dev/null's node (character device 1:3): never the real one, which a
        // failing run would replace for everyone. Making it needs root and CAP_MKNOD.
        if (::mknod(outName.constData(), S_IFCHR | 0600, makedev(1, 3)) != 0)
            QSKIP("cannot make a device node here (needs root and CAP_MKNOD)");
        want = S_IFCHR;
        break;
    case LinkToFile:
        QVERIFY(QFile::link(victim, out));
        want = S_IFLNK;
        break;
    case DanglingLink:
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere.json")), out));
        want = S_IFLNK;
        break;
    case Folder:
        QVERIFY(QDir(dir.path()).mkpath(QFileInfo(out).fileName()));
        want = S_IFDIR;
        break;
    }
    for (QString &arg : args) {
        if (arg == QLatin1String("%T"))
            arg = trace;
        else if (arg.startsWith(QLatin1String("%O")))
            arg = out;
        else if (arg == QLatin1String("new.json"))
            arg = dir.filePath(arg);
    }
    const CliRun r = runCli(args, {}, 120000);
    QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("exit %1: %2 %3").arg(r.exitCode).arg(QString::fromUtf8(r.out), QString::fromUtf8(r.err))));
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
    QVERIFY2(r.err.contains(outName), r.err.constData());
    QVERIFY(r.out.isEmpty());
    QCOMPARE(typeOf(out), want);
    QCOMPARE(readAll(victim), QByteArray("someone else's file"));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("nowhere.json"))));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("new.json"))));
}

QTEST_GUILESS_MAIN(tst_CliOutputs)
#include "tst_cli_outputs.moc"
