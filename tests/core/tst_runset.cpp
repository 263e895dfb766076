// SPDX-License-Identifier: GPL-3.0-or-later
// Opening runs one way (session/RunSet.h): the label rule, folders detected, every run loaded at
// once unless the memory budget says otherwise, steps found once at load, one run's failure
// reported under its label without losing the others, progress that ends at 1, a cancel.
#include "core/session/RunSet.h"

#include "core/synth/TraceSynth.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <mutex>

using namespace lanescope;

class TestRunSet : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_a, m_b, m_job;

    static bool write(const QString &path, const std::string &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
    }

private slots:
    void initTestCase()
    {
        synth::SynthConfig c;
        c.layers = 4;
        c.scenario = synth::Scenario::Baseline;
        m_a = m_dir.filePath(QStringLiteral("a.pt.trace.json"));
        QVERIFY(write(m_a, synth::synthesize(c).traces.at(0)));
        c.scenario = synth::Scenario::Tuned;
        m_b = m_dir.filePath(QStringLiteral("b.json"));
        QVERIFY(write(m_b, synth::synthesize(c).traces.at(0)));
        m_job = m_dir.filePath(QStringLiteral("job"));
        QVERIFY(QDir().mkpath(m_job));
        c.ranksToWrite = 2;
        const synth::SynthOutput job = synth::synthesize(c);
        for (std::size_t r = 0; r < job.traces.size(); ++r)
            QVERIFY(write(QDir(m_job).filePath(QStringLiteral("rank%1.json").arg(r)), job.traces[r]));
    }

    void labels_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QStringList>("given");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("a b a") << QStringList{QStringLiteral("x/a.json"), QStringLiteral("b.json.gz"), QStringLiteral("y/a.pt.trace.json")}
                               << QStringList{} << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a (2)")};
        QTest::newRow("a a a") << QStringList{QStringLiteral("1/a.json"), QStringLiteral("2/a.json"), QStringLiteral("3/a.json")}
                               << QStringList{} << QStringList{QStringLiteral("a"), QStringLiteral("a (2)"), QStringLiteral("a (3)")};
        QTest::newRow("given, one empty") << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json")}
                                          << QStringList{QStringLiteral("base"), QString()}
                                          << QStringList{QStringLiteral("base"), QStringLiteral("b")};
        QTest::newRow("given twice") << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json")}
                                     << QStringList{QStringLiteral("run"), QStringLiteral("run")}
                                     << QStringList{QStringLiteral("run"), QStringLiteral("run (2)")};
        QTest::newRow("folder with a slash") << QStringList{QStringLiteral("runs/job/")} << QStringList{} << QStringList{QStringLiteral("job")};
    }
    void labels()
    {
        QFETCH(QStringList, paths);
        QFETCH(QStringList, given);
        QFETCH(QStringList, expected);
        const std::vector<session::RunSource> s = session::runSources(paths, given);
        QCOMPARE(int(s.size()), expected.size());
        for (int i = 0; i < expected.size(); ++i)
            QCOMPARE(s[std::size_t(i)].label, expected.at(i));
    }

    void loadsEveryRunAtOnce()
    {
        std::vector<double> seen;
        std::mutex lock;
        session::RunLoadOptions o;
        o.progress = [&](double p) {
            std::lock_guard<std::mutex> g(lock);
            seen.push_back(p);
        };
        const session::RunSet set = session::loadRuns(session::runSources({m_a, m_b, m_job}), o);
        QVERIFY2(set.ok(), qPrintable(set.firstError()));
        QCOMPARE(set.runs.size(), std::size_t(3));
        QCOMPARE(set.concurrency, 3); // small files under the default budget: all at once
        QVERIFY(!set.runs[0].source.isFolder && set.runs[2].source.isFolder);
        for (const session::LoadedRun &r : set.runs) {
            QVERIFY(r.trace);
            QCOMPARE(r.steps.size(), std::size_t(3)); // found at load
        }
        QVERIFY(set.runs[2].ranks && set.runs[2].ranks->size() == 2);
        QCOMPARE(set.runs[2].trace.get(), set.runs[2].ranks->front().trace.get()); // compared through rank 0
        QVERIFY(!seen.empty());
        QCOMPARE(seen.back(), 1.0);
        const analysis::Alignment a = session::alignRunSet(set);
        QCOMPARE(a.runs.size(), std::size_t(3));
        QVERIFY(a.error.isEmpty());
    }

    void budgetSerialises()
    {
        session::RunLoadOptions o;
        o.memoryBudgetBytes = 1; // less than any run's estimate: one at a time, each still loads
        const session::RunSet set = session::loadRuns(session::runSources({m_a, m_b}), o);
        QVERIFY(set.ok());
        QCOMPARE(set.concurrency, 1);
    }

    void folderJobFigures()
    {
        analysis::AnalysisOptions ao;
        session::RunLoadOptions o;
        o.job = &ao;
        o.rank = 1;
        const session::RunSet set = session::loadRuns(session::runSources({m_job}), o);
        QVERIFY2(set.ok(), qPrintable(set.firstError()));
        QVERIFY(set.runs[0].job);
        QCOMPARE(set.runs[0].job->rank, 1);
        QCOMPARE(set.runs[0].job->ranks, 2);
        QCOMPARE(set.runs[0].trace.get(), set.runs[0].ranks->at(1).trace.get());
        // A folder opened alone loads its ranks side by side within the budget, not one at a time
        // (its largest file's estimate was once all the budget it was given).
        QCOMPARE(set.runs[0].concurrency, std::min(2, std::max(1, QThread::idealThreadCount())));
    }

    void oneFailureKeepsTheOthers()
    {
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(write(bad, "{\"not\": \"a trace\"}"));
        const session::RunSet set = session::loadRuns(session::runSources({m_a, bad, m_dir.filePath(QStringLiteral("missing.json"))}));
        QVERIFY(!set.ok());
        QVERIFY(set.runs[0].trace);
        QVERIFY(!set.runs[1].trace && !set.runs[1].error.isEmpty());
        QVERIFY(!set.runs[2].trace && !set.runs[2].error.isEmpty());
        QCOMPARE(set.errors().size(), 2);
    }

    void cancelled()
    {
        std::atomic<bool> cancel{true};
        session::RunLoadOptions o;
        o.cancel = &cancel;
        const session::RunSet set = session::loadRuns(session::runSources({m_a, m_b}), o);
        QVERIFY(set.cancelled);
        QVERIFY(!set.ok());
        QVERIFY(set.errors().isEmpty()); // a cancel is not an error
    }
};

QTEST_GUILESS_MAIN(TestRunSet)
#include "tst_runset.moc"
