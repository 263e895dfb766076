// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli's one command-line parser, run as a process: --help generated per subcommand
// from its option list, the top-level list of subcommands, bad usage as exit 2 with exactly one
// line on stderr that names what was wrong, and every --json output exactly one JSON object.
#include "tests/CliRun.h"
#include "tests/core/TestUtil.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

using namespace lanescope::test;

namespace {

using Run = lanescope::test::CliRun;

Run cli(const QStringList &args) { return lanescope::test::runCli(args, {}, 120000); }

QStringList words(const char *s) { return QString::fromUtf8(s).split(QLatin1Char(' '), Qt::SkipEmptyParts); }

// One GEMM stream with a 10 µs gap, a launch, a memory sample and rank info: enough for every
// key of info and analyze.
const char *const kTrace = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85520809984}],
  "traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 10, "tid": 11, "ts": 100.000, "dur": 50.000},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 10, "tid": 11, "ts": 110.000, "dur": 5.000, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 120.000, "dur": 20.000, "args": {"correlation": 3}},
  {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 150.000, "dur": 20.000},
  {"ph": "i", "s": "t", "name": "[memory]", "pid": 10, "tid": 11, "ts": 101, "args": {"Device Type": 1, "Device Id": 0, "Bytes": 64, "Total Allocated": 64, "Total Reserved": 2097152}}
  ],
  "distributedInfo": {"backend": "nccl", "rank": 5, "world_size": 16}
})JSON";

} // namespace

class tst_CliParser : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_trace;

    // TRACE, OUT in test data stand for the small trace and a fresh output path.
    QStringList expand(const QStringList &args)
    {
        QStringList r;
        for (const QString &a : args) {
            if (a == QLatin1String("TRACE"))
                r << m_trace;
            else if (a == QLatin1String("OUT"))
                r << m_dir.filePath(QStringLiteral("out-%1.json").arg(++m_outputs));
            else if (a == QLatin1String("OUTDIR"))
                r << m_dir.filePath(QStringLiteral("ranks-%1").arg(++m_outputs));
            else
                r << a;
        }
        return r;
    }
    int m_outputs = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH)));
        QVERIFY(m_dir.isValid());
        m_trace = m_dir.filePath(QStringLiteral("small.json"));
        QVERIFY(writeFile(m_trace, kTrace));
    }

    // `lanescope-cli --help`: one line per subcommand, and each of them answers --help.
    void overview()
    {
        const Run r = cli({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QString text = QString::fromUtf8(r.out);
        QVERIFY(text.startsWith(QLatin1String("usage: lanescope-cli COMMAND")));
        QStringList listed;
        static const QRegularExpression line(QStringLiteral("^  ([a-z]+)  +\\S.*$"), QRegularExpression::MultilineOption);
        for (auto it = line.globalMatch(text); it.hasNext();)
            listed << it.next().captured(1);
        for (const char *c : {"info", "synth", "analyze", "mfu"})
            QVERIFY2(listed.contains(QLatin1String(c)), c);
        QCOMPARE(listed.removeDuplicates(), qsizetype(0));
        for (const QString &c : std::as_const(listed)) {
            const Run h = cli({c, QStringLiteral("--help")});
            QCOMPARE(h.exitCode, 0);
            QVERIFY2(h.out.startsWith("usage: lanescope-cli " + c.toUtf8() + ' '), h.out.constData());
        }
        // -h and help are the same thing.
        QCOMPARE(cli({QStringLiteral("-h")}).out, r.out);
        QCOMPARE(cli({QStringLiteral("help")}).out, r.out);
    }

    // `lanescope-cli COMMAND --help` lists every option of the command (the contract's, and the
    // ones the tests and scripts use), on stdout, exit 0 — also without the arguments the
    // command would otherwise need.
    void commandHelp_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("info") << QStringLiteral("info") << words("--json --threads <N> TRACE");
        QTest::newRow("analyze") << QStringLiteral("analyze")
                                 << words("--gap-ms <X> --gap-kernels <gemm|all> --params <N> --tokens-per-step <N> --tokens-global "
                                          "--peak-tflops <X> --step <N> --from-us <A> --to-us <B> --measure-flops --hta --threads <N> "
                                          "--json TRACE");
        QTest::newRow("mfu") << QStringLiteral("mfu") << words("--params <N> --tokens-per-s-per-gpu <X> --peak-tflops <Y> --gpu <NAME> --json");
        QTest::newRow("synth") << QStringLiteral("synth")
                               << words("--scenario <NAME> -o, --output <PATH> --ranks <N> --seed <S> --straggler <RANK> --params <P> "
                                        "--layers <L> --hidden <H> --tokens-per-step-per-gpu <N> --gpus <G> --gemm-efficiency <X> "
                                        "--internode-gbps <Y> --facts <PATH> --json");
    }
    void commandHelp()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, options);
        for (const QStringList &args : {QStringList{command, QStringLiteral("--help")}, QStringList{command, QStringLiteral("-h")},
                                        QStringList{QStringLiteral("help"), command}}) {
            const Run r = cli(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.err.isEmpty(), r.err.constData());
            const QString text = QString::fromUtf8(r.out);
            QVERIFY2(text.startsWith(QStringLiteral("usage: lanescope-cli %1 ").arg(command)), qPrintable(text));
            for (const QString &o : std::as_const(options))
                QVERIFY2(text.contains(o), qPrintable(o + QLatin1String(" not in:\n") + text));
            QVERIFY(text.contains(QLatin1String("-h, --help")));
            // Every option line says what it does.
            static const QRegularExpression bare(QStringLiteral("^  -[^ ]*( <[^>]+>)?$"), QRegularExpression::MultilineOption);
            QVERIFY2(!bare.match(text).hasMatch(), qPrintable(text));
        }
    }

    // Bad usage: exit 2, nothing on stdout, exactly one line on stderr that contains `names`.
    // Values are refused before the trace is opened (a.json does not exist: 3 would mean the
    // parser let it through).
    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("names");
        const auto row = [](const char *name, const char *args, const char *names) {
            QTest::newRow(name) << words(args) << QString::fromUtf8(names);
        };
        row("no arguments", "", "usage: lanescope-cli");
        row("unknown command", "frobnicate", "frobnicate");
        row("help for an unknown command", "help frobnicate", "frobnicate");
        // Unknown options, in each subcommand and spelling.
        row("info unknown option", "info a.json --frobnicate", "--frobnicate");
        row("analyze unknown option", "analyze a.json --frobnicate", "--frobnicate");
        row("analyze unknown option=value", "analyze a.json --frob=3", "--frob");
        row("analyze single-dash unknown", "analyze a.json -x", "-x");
        row("mfu unknown option", "mfu --params 7e9 --frobnicate", "--frobnicate");
        row("synth unknown option", "synth --scenario fsdp-tuned -o OUT --frobnicate", "--frobnicate");
        row("unknown before a bad value", "analyze a.json --nope --gap-ms abc", "--nope");
        // A value missing at the end of the line.
        row("info --threads", "info a.json --threads", "--threads");
        row("analyze --gap-ms", "analyze a.json --gap-ms", "--gap-ms");
        row("analyze --gap-kernels", "analyze a.json --gap-kernels", "--gap-kernels");
        row("mfu --params", "mfu --params", "--params");
        row("mfu --gpu", "mfu --params 7e9 --tokens-per-s-per-gpu 2200 --gpu", "--gpu");
        row("synth -o", "synth --scenario fsdp-tuned -o", "-o");
        row("synth --seed", "synth --scenario fsdp-tuned -o OUT --seed", "--seed");
        // Values that are not what the option takes.
        row("gap-ms abc", "analyze a.json --gap-ms abc", "--gap-ms");
        row("gap-ms=abc", "analyze a.json --gap-ms=abc", "--gap-ms");
        row("gap-ms negative", "analyze a.json --gap-ms -1", "--gap-ms");
        row("gap-ms inf", "analyze a.json --gap-ms inf", "--gap-ms");
        row("gap-ms nan", "analyze a.json --gap-ms nan", "--gap-ms");
        row("gap-ms group separator", "analyze a.json --gap-ms 1,000", "--gap-ms");
        row("gap-ms overflows", "analyze a.json --gap-ms 1e400", "--gap-ms");
        row("gap-kernels GEMM", "analyze a.json --gap-kernels GEMM", "--gap-kernels");
        row("info threads -1", "info a.json --threads -1", "--threads");
        row("info threads fraction", "info a.json --threads 1.5", "--threads");
        row("info threads beyond int", "info a.json --threads 1e99", "--threads");
        row("info threads takes the next option", "info a.json --threads --json", "--threads");
        row("analyze threads -1", "analyze a.json --threads -1", "--threads");
        row("analyze step fraction", "analyze a.json --step 2.5", "--step");
        row("analyze params zero", "analyze a.json --params 0 --tokens-per-step 8", "--params");
        row("analyze peak negative", "analyze a.json --peak-tflops -5", "--peak-tflops");
        row("analyze to-us text", "analyze a.json --from-us 1 --to-us later", "--to-us");
        row("mfu params text", "mfu --params lots", "--params");
        row("mfu tokens zero", "mfu --params 7e9 --tokens-per-s-per-gpu 0", "--tokens-per-s-per-gpu");
        // Beyond their ranges, before any arithmetic (6 x 1e300 x 1e300 FLOP/s was printed as null).
        row("mfu params 1e300", "mfu --params 1e300 --tokens-per-s-per-gpu 2200 --peak-tflops 1", "--params");
        row("mfu tokens 1e300", "mfu --params 7e9 --tokens-per-s-per-gpu 1e300 --peak-tflops 1", "--tokens-per-s-per-gpu");
        row("synth ranks 0", "synth --scenario fsdp-tuned -o OUT --ranks 0", "--ranks");
        row("synth layers 1025", "synth --scenario fsdp-tuned -o OUT --layers 1025", "--layers");
        row("synth hidden fraction", "synth --scenario fsdp-tuned -o OUT --hidden 2.5", "--hidden");
        row("synth seed negative", "synth --scenario fsdp-tuned -o OUT --seed -1", "--seed");
        row("synth gemm-efficiency 0", "synth --scenario fsdp-tuned -o OUT --gemm-efficiency 0", "--gemm-efficiency");
        row("synth gemm-efficiency 1.5", "synth --scenario fsdp-tuned -o OUT --gemm-efficiency 1.5", "--gemm-efficiency");
        row("synth internode-gbps 0", "synth --scenario fsdp-tuned -o OUT --internode-gbps 0", "--internode-gbps");
        // A flag given a value.
        row("flag with a value", "info a.json --json=yes", "--json");
        // Positional arguments: one too many, or missing.
        row("analyze two traces", "analyze a.json b.json", "b.json");
        row("mfu positional", "mfu extra --params 7e9", "extra");
        row("synth positional", "synth extra --scenario fsdp-tuned -o OUT", "extra");
        row("info without a trace", "info --json", "usage: lanescope-cli info TRACE");
        row("analyze without a trace", "analyze --json", "usage: lanescope-cli analyze TRACE");
        row("synth without -o", "synth --scenario fsdp-tuned", "usage: lanescope-cli synth");
        row("synth without anything", "synth", "usage: lanescope-cli synth");
        // Checks across options, after parsing: still one line.
        row("params without tokens", "analyze a.json --params 7e9", "--tokens-per-step");
        row("from without to", "analyze a.json --from-us 5", "--to-us");
        row("mfu without peak", "mfu --params 7e9 --tokens-per-s-per-gpu 2200", "--peak-tflops");
        row("mfu unknown gpu", "mfu --params 7e9 --tokens-per-s-per-gpu 2200 --gpu Abacus", "Abacus");
        row("synth unknown scenario", "synth --scenario nope -o OUT", "nope");
        row("synth ranks beyond gpus", "synth --scenario fsdp-tuned -o OUT --ranks 64", "--ranks");
    }
    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, names);
        const Run r = cli(expand(args));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
        QVERIFY2(QString::fromLocal8Bit(r.err).contains(names), r.err.constData());
    }

    // Every --json output is exactly one JSON object on one line, stderr empty.
    void jsonOutput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("keys"); // some keys it must have
        QTest::newRow("info") << words("info TRACE --json") << words("bytes events tracks warnings truncated anon_rss_bytes");
        QTest::newRow("info --threads=1") << words("info TRACE --json --threads=1") << words("threads_used");
        QTest::newRow("analyze") << words("analyze TRACE --json") << words("temporal steps gaps mfu memory advice");
        QTest::newRow("analyze, every option")
            << words("analyze TRACE --json --gap-ms 0.001 --gap-kernels all --params 7e9 --tokens-per-step 8192 --tokens-global "
                     "--peak-tflops 989 --from-us 0 --to-us 100 --measure-flops --threads 1")
            << words("temporal gaps mfu");
        QTest::newRow("mfu") << words("mfu --params 7e9 --tokens-per-s-per-gpu 2200 --peak-tflops 312 --json") << words("mfu_pct");
        // The largest inputs the options take still give finite figures (6 x 1e15 x 1e12 FLOP/s).
        QTest::newRow("mfu at the ranges' ends") << words("mfu --params 1e15 --tokens-per-s-per-gpu 1e12 --peak-tflops 1e6 --json")
                                                 << words("achieved_tflops mfu_pct");
        QTest::newRow("synth") << words("synth --scenario fsdp-tuned -o OUT --layers 2 --seed 3 --json") << words("files facts bytes");
        QTest::newRow("synth ranks") << words("synth --scenario fsdp-baseline --output OUTDIR --ranks 2 --gpus 2 --layers 1 --json")
                                     << words("files facts");
    }
    void jsonOutput()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, keys);
        const Run r = cli(expand(args));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY2(r.out.endsWith('\n') && r.out.count('\n') == 1, r.out.left(500).constData());
        QJsonParseError e;
        const QJsonDocument d = QJsonDocument::fromJson(r.out, &e); // trailing text is an error too
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        QVERIFY(d.isObject());
        for (const QString &k : std::as_const(keys))
            QVERIFY2(d.object().contains(k), qPrintable(k));
        if (qstrcmp(QTest::currentDataTag(), "mfu at the ranges' ends") == 0)
            QVERIFY(d.object().value(QStringLiteral("achieved_tflops")).isDouble());
        if (qstrcmp(QTest::currentDataTag(), "info --threads=1") == 0)
            QCOMPARE(d.object().value(QStringLiteral("threads_used")).toInt(), 1);
        if (qstrcmp(QTest::currentDataTag(), "synth ranks") == 0)
            QCOMPARE(d.object().value(QStringLiteral("files")).toArray().size(), 2);
    }

    // The spellings QCommandLineParser adds mean the same as the ones documented.
    void spellings()
    {
        const Run spaced = cli({QStringLiteral("analyze"), m_trace, QStringLiteral("--json"), QStringLiteral("--gap-ms"), QStringLiteral("0.001"),
                                QStringLiteral("--gap-kernels"), QStringLiteral("all")});
        const Run joined = cli({QStringLiteral("analyze"), m_trace, QStringLiteral("--json"), QStringLiteral("--gap-ms=0.001"),
                                QStringLiteral("--gap-kernels=all")});
        QCOMPARE(spaced.exitCode, 0);
        QCOMPARE(joined.out, spaced.out);
        QVERIFY(!QJsonDocument::fromJson(spaced.out).object().value(QStringLiteral("gaps")).toArray().isEmpty());
        // The last of a repeated option counts.
        const Run twice = cli({QStringLiteral("analyze"), m_trace, QStringLiteral("--json"), QStringLiteral("--gap-ms"), QStringLiteral("abc"),
                               QStringLiteral("--gap-ms"), QStringLiteral("0.001")});
        QCOMPARE(twice.exitCode, 2); // ... but every one is checked
        const Run last = cli({QStringLiteral("analyze"), m_trace, QStringLiteral("--json"), QStringLiteral("--gap-ms"), QStringLiteral("100"),
                              QStringLiteral("--gap-ms"), QStringLiteral("0.001"), QStringLiteral("--gap-kernels"), QStringLiteral("all")});
        QCOMPARE(last.out, spaced.out);
        // After --, everything is positional: a trace may be called --json.
        const QString dashed = m_dir.filePath(QStringLiteral("--json"));
        QVERIFY(writeFile(dashed, kTrace));
        QProcess p;
        p.setWorkingDirectory(m_dir.path());
        p.start(QStringLiteral(LANESCOPE_CLI_PATH), {QStringLiteral("info"), QStringLiteral("--json"), QStringLiteral("--"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(QStringLiteral("events")).toInt(), 5);
    }
};

QTEST_GUILESS_MAIN(tst_CliParser)
#include "tst_cli_parser.moc"
