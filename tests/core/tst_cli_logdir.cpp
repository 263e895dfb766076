// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli on a profiler log_dir of several sessions: analyze LOGDIR analyses the latest and
// lists them all, compare LOGDIR compares each with the earliest and gives the figures comparing
// the two real folders gives; a folder of one session is analysed and refused by compare as before.
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

using namespace lanescope;

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
