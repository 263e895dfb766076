// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli on a profiler log_dir of several sessions: analyze LOGDIR analyses the latest and
// lists them all, compare LOGDIR compares each with the earliest and gives the figures comparing
// the two real folders gives; a folder of one session is analysed and refused by compare as before.
// synth --cycles log_dirs against their known truth: a 5 % slower cycle over 20 steps is significant,
// two cycles of the same run are within noise, the median change and the exact p-value against the
// facts' own step durations (U counted here by its recursion, not the library's polynomial); a
// session folder with an unreadable file; two attempts with the same ranks and clocks.
#include "../CliRun.h"
#include "../TestTraces.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

using namespace lanescope;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Arrangements of m values of one sample and n of the other giving U = u: each arrangement ends
// with a value of the first (adding n to U: it exceeds all n) or of the second.
double arrangements(int m, int n, int u, std::map<std::tuple<int, int, int>, double> &memo)
{
    if (u < 0)
        return 0;
    if (m == 0 || n == 0)
        return u == 0 ? 1 : 0;
    const auto key = std::make_tuple(m, n, u);
    if (const auto it = memo.find(key); it != memo.end())
        return it->second;
    const double v = arrangements(m - 1, n, u - n, memo) + arrangements(m, n - 1, u, memo);
    memo[key] = v;
    return v;
}

// Two-sided exact Mann-Whitney p of distinct values.
double exactP(const std::vector<double> &a, const std::vector<double> &b)
{
    double u = 0;
    for (const double x : a)
        for (const double y : b)
            u += x > y ? 1 : 0;
    const int m = int(a.size()), n = int(b.size());
    std::map<std::tuple<int, int, int>, double> memo;
    double total = 0, below = 0, above = 0;
    for (int k = 0; k <= m * n; ++k) {
        const double c = arrangements(m, n, k, memo);
        total += c;
        if (k <= int(u))
            below += c;
        if (k >= int(u))
            above += c;
    }
    return std::min(1.0, 2 * std::min(below, above) / total);
}

} // namespace

class TestCliLogDir : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_nw0, m_nw2;
    QStringList m_nw2Names;

    static QJsonObject json(const test::CliRun &r)
    {
        const QJsonDocument d = QJsonDocument::fromJson(r.out);
        return d.object();
    }

private slots:
    void initTestCase()
    {
        LANESCOPE_REQUIRE_TRACE(nw0, "torch-cpu-2rank-nw0");
        LANESCOPE_REQUIRE_TRACE(nw2, "torch-cpu-2rank-nw2");
        m_nw0 = nw0;
        m_nw2 = nw2;
        for (const QString &d : {nw0, nw2})
            for (const QString &n : QDir(d).entryList(QDir::Files, QDir::Name)) {
                QVERIFY(QFile::copy(QDir(d).filePath(n), m_dir.filePath(n)));
                if (d == nw2)
                    m_nw2Names << n;
            }
        QCOMPARE(m_nw2Names.size(), 2);
    }

    void analyzeListsSessions()
    {
        const test::CliRun r = test::runCli({QStringLiteral("analyze"), m_dir.path(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonArray sessions = o.value(QLatin1String("sessions")).toArray();
        QCOMPARE(sessions.size(), 2);
        QStringList starts;
        for (const QJsonValue &v : sessions) {
            const QJsonObject s = v.toObject();
            QCOMPARE(s.value(QLatin1String("files")).toArray().size(), 2);
            QCOMPARE(s.value(QLatin1String("ranks")).toArray(), (QJsonArray{0, 1}));
            QVERIFY(!s.value(QLatin1String("label")).toString().isEmpty());
            starts << s.value(QLatin1String("start")).toString();
        }
        // ISO 8601 UTC, the earlier attempt's earliest file stamp (1796110519831 ms) first.
        QCOMPARE(starts.at(0), QDateTime::fromMSecsSinceEpoch(1796110519831, Qt::UTC).toString(Qt::ISODateWithMs));
        QVERIFY(starts.at(0) < starts.at(1));
        // The latest session is the one analysed: its two ranks, nw2's files, nothing of nw0's.
        QCOMPARE(o.value(QLatin1String("session")).toString(), sessions.at(1).toObject().value(QLatin1String("label")).toString());
        const QJsonArray ranks = o.value(QLatin1String("ranks")).toArray();
        QCOMPARE(ranks.size(), 2);
        for (const QJsonValue &v : ranks)
            QVERIFY(m_nw2Names.contains(QFileInfo(v.toObject().value(QLatin1String("path")).toString()).fileName()));

        // The text lists them too.
        const test::CliRun t = test::runCli({QStringLiteral("analyze"), m_dir.path()});
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(t.out.contains("2 sessions in this log_dir"), t.out.constData());
    }

    void oneSessionAsBefore()
    {
        const test::CliRun r = test::runCli({QStringLiteral("analyze"), m_nw0, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QVERIFY(!o.contains(QLatin1String("sessions")));
        QVERIFY(!o.contains(QLatin1String("session")));
        QCOMPARE(o.value(QLatin1String("ranks")).toArray().size(), 2);
        // compare needs two runs: a folder of one session is not two.
        QCOMPARE(test::runCli({QStringLiteral("compare"), m_nw0}).exitCode, 2);
    }

    void compareSessions()
    {
        const test::CliRun r = test::runCli({QStringLiteral("compare"), m_dir.path(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonArray runs = o.value(QLatin1String("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        for (const QJsonValue &v : runs)
            QCOMPARE(v.toObject().value(QLatin1String("job")).toObject().value(QLatin1String("ranks")).toInt(), 2);
        // The same comparison as the two real folders given apart: baseline nw0, then nw2.
        const test::CliRun apart = test::runCli({QStringLiteral("compare"), m_nw0, m_nw2, QStringLiteral("--json")});
        QCOMPARE(apart.exitCode, 0);
        const QJsonObject a = json(apart);
        const auto stepTime = [](const QJsonObject &x) {
            return x.value(QLatin1String("deltas")).toArray().at(0).toObject().value(QLatin1String("step_time_us")).toObject();
        };
        QCOMPARE(stepTime(o).value(QLatin1String("value")).toDouble(), stepTime(a).value(QLatin1String("value")).toDouble());
        QCOMPARE(stepTime(o).value(QLatin1String("delta")).toDouble(), stepTime(a).value(QLatin1String("delta")).toDouble());
        QVERIFY(stepTime(o).value(QLatin1String("delta")).toDouble() < 0); // num_workers=2 is faster
        // --labels name the sessions.
        const test::CliRun l = test::runCli({QStringLiteral("compare"), m_dir.path(), QStringLiteral("--labels"), QStringLiteral("before,after"),
                                             QStringLiteral("--json")});
        QCOMPARE(l.exitCode, 0);
        QCOMPARE(json(l).value(QLatin1String("runs")).toArray().at(1).toObject().value(QLatin1String("label")).toString(), QStringLiteral("after"));
        QCOMPARE(test::runCli({QStringLiteral("compare"), m_dir.path(), QStringLiteral("--labels"), QStringLiteral("one")}).exitCode, 2);
    }

    // The step time's delta says whether it is beyond the noise; the other figures say null.
    void deltasWithNoise()
    {
        const test::CliRun r = test::runCli({QStringLiteral("compare"), m_dir.path(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject d = json(r).value(QLatin1String("deltas")).toArray().at(0).toObject();
        const QJsonObject st = d.value(QLatin1String("step_time_us")).toObject();
        const double lo = st.value(QLatin1String("ci95_low")).toDouble(), hi = st.value(QLatin1String("ci95_high")).toDouble();
        const double p = st.value(QLatin1String("p_value")).toDouble();
        QVERIFY(lo <= hi);
        QVERIFY(p > 0 && p <= 1);
        QCOMPARE(st.value(QLatin1String("significant")).toBool(), (hi < 0 || lo > 0) && p < 0.05);
        QVERIFY(st.value(QLatin1String("significant")).toBool()); // -130 ms over 4 steps against 4, all apart
        // The CPU-only attempts have no GPU computation: no compute-idle sample either.
        for (const QString &k : {QStringLiteral("idle_pct"), QStringLiteral("job_step_time_us"), QStringLiteral("compute_idle_pct")})
            for (const char *f : {"ci95_low", "ci95_high", "p_value", "significant"}) {
                QVERIFY2(d.value(k).toObject().contains(QLatin1String(f)), f);
                QVERIFY(d.value(k).toObject().value(QLatin1String(f)).isNull());
            }
        // One aligned step: nothing to judge.
        const test::CliRun one = test::runCli({QStringLiteral("compare"), m_dir.path(), QStringLiteral("--step"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(one.exitCode, 0);
        const QJsonObject st1 = json(one).value(QLatin1String("deltas")).toArray().at(0).toObject().value(QLatin1String("step_time_us")).toObject();
        QVERIFY(st1.value(QLatin1String("p_value")).isNull());
        QVERIFY(st1.value(QLatin1String("significant")).isNull());
        // ... and --fail-if-slower says it does not judge it, rather than passing in silence.
        const test::CliRun slower = test::runCli({QStringLiteral("compare"), m_nw2, m_nw0, QStringLiteral("--step"), QStringLiteral("1"),
                                                  QStringLiteral("--fail-if-slower"), QStringLiteral("5")});
        QCOMPARE(slower.exitCode, 0);
        QVERIFY2(slower.err.contains("does not judge it"), slower.err.constData());
    }

    // On a GPU pair the compute idle per step is judged too (the resnet50 DataLoader pair: 5 steps each).
    void computeIdleJudged()
    {
        LANESCOPE_REQUIRE_TRACE(base, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(opt, "resnet50-dataloader-optimized.pt.trace.json.gz");
        const test::CliRun r = test::runCli({QStringLiteral("compare"), base, opt, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject d = json(r).value(QLatin1String("deltas")).toArray().at(0).toObject();
        for (const QString &k : {QStringLiteral("step_time_us"), QStringLiteral("compute_idle_pct")}) {
            const QJsonObject m = d.value(k).toObject();
            QVERIFY2(m.value(QLatin1String("p_value")).isDouble(), qPrintable(k));
            QVERIFY(m.value(QLatin1String("ci95_low")).toDouble() <= m.value(QLatin1String("ci95_high")).toDouble());
            QCOMPARE(m.value(QLatin1String("significant")).toBool(),
                     (m.value(QLatin1String("ci95_high")).toDouble() < 0 || m.value(QLatin1String("ci95_low")).toDouble() > 0)
                         && m.value(QLatin1String("p_value")).toDouble() < 0.05);
        }
    }

    // synth --cycles: the known change between cycles, over 20 complete steps of 2 % noise.
    void synthCycles_data()
    {
        QTest::addColumn<QString>("seed");
        QTest::addColumn<QString>("changePct");
        QTest::addColumn<bool>("significant");
        for (const char *seed : {"1", "2", "3"}) {
            QTest::addRow("seed %s, 5 %% slower", seed) << QString::fromLatin1(seed) << QStringLiteral("5") << true;
            QTest::addRow("seed %s, the same run", seed) << QString::fromLatin1(seed) << QStringLiteral("0") << false;
        }
    }

    void synthCycles()
    {
        QFETCH(QString, seed);
        QFETCH(QString, changePct);
        QFETCH(bool, significant);
        QTemporaryDir dir;
        const QString logDir = dir.filePath(QStringLiteral("log_dir"));
        // A small model keeps the step GPU-bound (the change is in the compute) and the files small.
        const test::CliRun w = test::runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-tuned"), QStringLiteral("-o"), logDir,
                                             QStringLiteral("--cycles"), QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("21"),
                                             QStringLiteral("--cycle-change-pct"), changePct, QStringLiteral("--layers"), QStringLiteral("2"),
                                             QStringLiteral("--params"), QStringLiteral("7e8"), QStringLiteral("--gpus"), QStringLiteral("1"),
                                             QStringLiteral("--seed"), seed, QStringLiteral("--json")});
        QCOMPARE(w.exitCode, 0);
        const QJsonObject written = json(w);
        QCOMPARE(written.value(QLatin1String("files")).toArray().size(), 2);
        for (const QJsonValue &f : written.value(QLatin1String("files")).toArray())
            QVERIFY2(QFileInfo(f.toString()).fileName().contains(QRegularExpression(QStringLiteral("^node0_\\d+\\.\\d{13}\\.pt\\.trace\\.json$"))),
                     qPrintable(f.toString()));
        QFile factsFile(written.value(QLatin1String("facts")).toString());
        QVERIFY(factsFile.open(QIODevice::ReadOnly));
        const QJsonObject facts = QJsonDocument::fromJson(factsFile.readAll()).object();
        QCOMPARE(facts.value(QLatin1String("cycles")).toInt(), 2);
        QCOMPARE(facts.value(QLatin1String("cycle_change_pct")).toDouble(), changePct.toDouble());
        const QJsonArray cycles = facts.value(QLatin1String("cycle_facts")).toArray();
        QCOMPARE(cycles.at(1).toObject().value(QLatin1String("compute_scale")).toDouble(), 1 + changePct.toDouble() / 100);
        // The facts' steps, the last left out as the step time leaves it out.
        std::vector<double> steps[2];
        for (int c = 0; c < 2; ++c) {
            for (const QJsonValue &d : cycles.at(c).toObject().value(QLatin1String("rank0_step_dur_us")).toArray())
                steps[c].push_back(d.toDouble());
            QCOMPARE(int(steps[c].size()), 21);
            steps[c].pop_back();
        }

        const test::CliRun r = test::runCli({QStringLiteral("compare"), logDir, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QLatin1String("runs")).toArray().size(), 2);
        const QJsonObject st = o.value(QLatin1String("deltas")).toArray().at(0).toObject().value(QLatin1String("step_time_us")).toObject();
        const double lo = st.value(QLatin1String("ci95_low")).toDouble(), hi = st.value(QLatin1String("ci95_high")).toDouble();
        const double p = st.value(QLatin1String("p_value")).toDouble();
        const double change = median(steps[1]) - median(steps[0]);
        qInfo("seed %s, %s %%: median %.1f -> %.1f ms (%+.2f %%), 95 %% CI [%.2f, %.2f] ms, p %.3g", qPrintable(seed), qPrintable(changePct),
              median(steps[0]) / 1000, median(steps[1]) / 1000, 100 * change / median(steps[0]), lo / 1000, hi / 1000, p);
        QCOMPARE(st.value(QLatin1String("significant")).toBool(), significant);
        QVERIFY(lo <= change + 0.01 && change - 0.01 <= hi); // the interval holds the facts' change of the median
        QVERIFY2(std::abs(p - exactP(steps[0], steps[1])) < 1e-9, qPrintable(QString::number(exactP(steps[0], steps[1]))));
        if (significant) {
            QVERIFY(lo > 0);
            QVERIFY(change > 0.03 * median(steps[0])); // the compute is most of a step: most of the 5 % shows
        } else {
            QVERIFY(lo <= 0 && 0 <= hi);
        }
        // --fail-if-slower judges the synthetic change as a CI job would.
        const test::CliRun gate = test::runCli({QStringLiteral("compare"), logDir, QStringLiteral("--fail-if-slower"), QStringLiteral("2")});
        QCOMPARE(gate.exitCode, significant ? 1 : 0);
    }

    void synthCyclesBadUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("too many files") << QStringList{QStringLiteral("--cycles"), QStringLiteral("5000"), QStringLiteral("--ranks"), QStringLiteral("4"),
                                                       QStringLiteral("--gpus"), QStringLiteral("4")}
                                        << QStringLiteral("more than 10,000 files");
        QTest::newRow("change without cycles") << QStringList{QStringLiteral("--cycle-change-pct"), QStringLiteral("5")} << QStringLiteral("needs --cycles");
        QTest::newRow("no cycles") << QStringList{QStringLiteral("--cycles"), QStringLiteral("0")} << QStringLiteral("--cycles needs");
        QTest::newRow("steps") << QStringList{QStringLiteral("--cycles"), QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("201")}
                               << QStringLiteral("--steps needs");
        QTest::newRow("noise") << QStringList{QStringLiteral("--cycles"), QStringLiteral("2"), QStringLiteral("--step-noise-pct"), QStringLiteral("-1")}
                               << QStringLiteral("--step-noise-pct needs");
    }

    void synthCyclesBadUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("log_dir"));
        const test::CliRun r = test::runCli(QStringList{QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-tuned"),
                                                        QStringLiteral("-o"), out}
                                            + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFileInfo::exists(out)); // nothing written
    }

    // A session folder with a file that is no trace: listed as bad, the session compared without it.
    void sessionWithUnreadableFile()
    {
        QTemporaryDir dir;
        for (const auto &[from, sub] : {std::pair<QString, QString>{m_nw0, QStringLiteral("a")}, {m_nw2, QStringLiteral("b")}}) {
            QVERIFY(QDir(dir.path()).mkdir(sub));
            for (const QString &n : QDir(from).entryList(QDir::Files, QDir::Name))
                QVERIFY(QFile::copy(QDir(from).filePath(n), dir.filePath(sub + QLatin1Char('/') + n)));
        }
        QFile junk(dir.filePath(QStringLiteral("a/vm_1.1796110519999.pt.trace.json.gz")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("\x1f\x8b this is no gzip stream");
        junk.close(); // compare lists once, without waiting for files to settle
        const test::CliRun r = test::runCli({QStringLiteral("compare"), dir.path(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray runs = json(r).value(QLatin1String("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs.at(0).toObject().value(QLatin1String("label")).toString(), QStringLiteral("a"));
        for (const QJsonValue &v : runs)
            QCOMPARE(v.toObject().value(QLatin1String("job")).toObject().value(QLatin1String("ranks")).toInt(), 2);
    }

    // Two attempts with the same ranks and the same clocks (a copy in two sub-folders): two sessions,
    // each job its own two ranks, nothing aligned across them; the same figures, within noise.
    void overlappingAttempts()
    {
        QTemporaryDir dir;
        for (const QString &sub : {QStringLiteral("first"), QStringLiteral("again")}) {
            QVERIFY(QDir(dir.path()).mkdir(sub));
            for (const QString &n : QDir(m_nw0).entryList(QDir::Files, QDir::Name))
                QVERIFY(QFile::copy(QDir(m_nw0).filePath(n), dir.filePath(sub + QLatin1Char('/') + n)));
        }
        const test::CliRun r = test::runCli({QStringLiteral("compare"), dir.path(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonArray runs = o.value(QLatin1String("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        for (const QJsonValue &v : runs)
            QCOMPARE(v.toObject().value(QLatin1String("job")).toObject().value(QLatin1String("ranks")).toInt(), 2);
        const QJsonObject st = o.value(QLatin1String("deltas")).toArray().at(0).toObject().value(QLatin1String("step_time_us")).toObject();
        QCOMPARE(st.value(QLatin1String("delta")).toDouble(), 0.0);
        QCOMPARE(st.value(QLatin1String("significant")).toBool(), false);
    }

    void failIfSlower_data()
    {
        QTest::addColumn<bool>("reversed"); // the faster attempt as baseline: the other is slower
        QTest::addColumn<QString>("pct");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("slower by more") << true << QStringLiteral("10") << 1;
        QTest::newRow("slower by less") << true << QStringLiteral("1000") << 0;
        QTest::newRow("faster") << false << QStringLiteral("0") << 0;
    }

    void failIfSlower()
    {
        QFETCH(bool, reversed);
        QFETCH(QString, pct);
        QFETCH(int, exitCode);
        const QStringList runs = reversed ? QStringList{m_nw2, m_nw0} : QStringList{m_nw0, m_nw2};
        const test::CliRun r = test::runCli(QStringList{QStringLiteral("compare")} + runs + QStringList{QStringLiteral("--fail-if-slower"), pct});
        QCOMPARE(r.exitCode, exitCode);
        if (exitCode == 1) {
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(r.err.contains("slower than") && r.err.contains("--fail-if-slower"), r.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliLogDir)
#include "tst_cli_logdir.moc"
