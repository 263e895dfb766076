// SPDX-License-Identifier: GPL-3.0-or-later
// The measure catalogue (core/analysis/run/Measure.h): the run order follows the needs and keeps
// the catalogue's order otherwise, a cycle, an unknown need, a taken key and a late registration
// are refused with a message; and a toy measure (tests/analysis/toy_measure/), added through its
// registration alone, runs after what it needs, writes its member into analysisJson() of a real
// trace and its part into the rank summary, and puts its figure into the figure catalogue and the
// comparison's metrics. On every shared trace the built-in measures' JSON is byte for byte what
// `lanescope-cli analyze --json` prints (one writer), and a rank summary, which the measures write
// and read part by part, reads back to the same bytes.
#include "core/analysis/compare/Compare.h"
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/AnalysisJson.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/job/RankSummaryJson.h"
#include "core/analysis/run/Measure.h"
#include "core/io/FolderLoad.h"
#include "core/parse/TraceLoader.h"

#include "tests/CliRun.h"
#include "tests/TestTraces.h"
#include "tests/analysis/toy_measure/ToyMeasure.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <string>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

Measure plain(const char *key, std::vector<std::string> needs = {})
{
    Measure m;
    m.key = key;
    m.needs = std::move(needs);
    m.run = [](MeasureContext &) {};
    return m;
}

QStringList keys(const std::vector<const Measure *> &v)
{
    QStringList out;
    for (const Measure *m : v)
        out << QString::fromStdString(m->key);
    return out;
}

QStringList words(const char *s)
{
    return QString::fromLatin1(s).split(QLatin1Char(' '));
}

int indexOf(const std::vector<const Measure *> &v, const std::string &key)
{
    for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i]->key == key)
            return int(i);
    return -1;
}

} // namespace

class TestMeasureCatalogue : public QObject
{
    Q_OBJECT

private slots:
    // Registration comes before anything uses the catalogue; the refused ones leave no trace.
    void initTestCase()
    {
        QString error;
        Measure unknown = plain("toy_unknown", {"no_such_measure"});
        QVERIFY(!registerMeasure(unknown, &error));
        QVERIFY2(error.contains(QLatin1String("no_such_measure")), qPrintable(error));
        error.clear();
        QVERIFY(!registerMeasure(plain("toy_self", {"toy_self"}), &error));
        QVERIFY2(error.contains(QLatin1String("toy_self")), qPrintable(error));
        error.clear();
        QVERIFY(!registerMeasure(plain("gaps"), &error)); // a built-in key
        QVERIFY2(error.contains(QLatin1String("gaps")), qPrintable(error));
        // The toy: one line.
        QVERIFY2(registerMeasure(test::toyMeasure(), &error), qPrintable(error));
    }

    void needsOrderTheRun_data()
    {
        QTest::addColumn<QStringList>("added"); // "key:need,need"
        QTest::addColumn<QStringList>("order");
        QTest::newRow("independent keep their order") << words("a b c") << words("a b c");
        QTest::newRow("a chain added backwards") << words("c:b b:a a") << words("a b c");
        QTest::newRow("one waits, the rest go on") << words("a:d b c d") << words("b c d a");
        QTest::newRow("two needs") << words("x:y,z z y") << words("z y x");
    }
    void needsOrderTheRun()
    {
        QFETCH(QStringList, added);
        QFETCH(QStringList, order);
        MeasureCatalogue c;
        for (const QString &spec : added) {
            const QStringList parts = spec.split(QLatin1Char(':'));
            std::vector<std::string> needs;
            if (parts.size() > 1)
                for (const QString &n : parts[1].split(QLatin1Char(',')))
                    needs.push_back(n.toStdString());
            QVERIFY(c.add(plain(qPrintable(parts[0]), needs)));
        }
        QString error;
        QCOMPARE(keys(c.runOrder(&error)), order);
        QVERIFY(error.isEmpty());
    }

    void refused_data()
    {
        QTest::addColumn<QStringList>("added");
        QTest::addColumn<QString>("said"); // a word of the message
        QTest::newRow("cycle of two") << words("a:b b:a") << QStringLiteral("cycle");
        QTest::newRow("cycle of three") << words("a:c b:a c:b d") << QStringLiteral("cycle");
        QTest::newRow("needs itself") << words("a:a") << QStringLiteral("itself");
        QTest::newRow("unknown need") << words("a b:nothing") << QStringLiteral("nothing");
    }
    void refused()
    {
        QFETCH(QStringList, added);
        QFETCH(QString, said);
        MeasureCatalogue c;
        for (const QString &spec : added) {
            const QStringList parts = spec.split(QLatin1Char(':'));
            std::vector<std::string> needs;
            if (parts.size() > 1)
                needs.push_back(parts[1].toStdString());
            QVERIFY(c.add(plain(qPrintable(parts[0]), needs)));
        }
        QString error;
        QVERIFY(c.runOrder(&error).empty());
        QVERIFY2(error.contains(said), qPrintable(error));
    }

    void keyRules()
    {
        MeasureCatalogue c;
        QString error;
        QVERIFY(c.add(plain("a"), &error));
        QVERIFY(!c.add(plain("a"), &error));
        QVERIFY2(error.contains(QLatin1String("'a'")), qPrintable(error));
        QVERIFY(!c.add(plain(""), &error));
        Measure noRun;
        noRun.key = "b";
        QVERIFY(!c.add(noRun, &error));
        QCOMPARE(keys(c.measures()), QStringList{QStringLiteral("a")});
    }

    // The built-in catalogue: every measure after the measures it needs, the toy last in the JSON
    // order and after "temporal" in the run; the refused ones absent.
    void builtinOrder()
    {
        const std::vector<const Measure *> all = measureCatalogue().measures();
        const std::vector<const Measure *> &run = measureRunOrder();
        QCOMPARE(run.size(), all.size());
        QCOMPARE(all.back()->key, std::string("toy"));
        for (const char *gone : {"toy_unknown", "toy_self"})
            QVERIFY2(!measureCatalogue().find(gone), gone);
        for (const Measure *m : run)
            for (const std::string &need : m->needs)
                QVERIFY2(indexOf(run, need) >= 0 && indexOf(run, need) < indexOf(run, m->key), qPrintable(QString::fromStdString(m->key + " needs " + need)));
        QVERIFY(indexOf(run, "toy") > indexOf(run, "temporal"));
        // The advice reads the critical path, the launches and the gaps.
        for (const char *need : {"critical_path", "launch", "gaps", "mfu"})
            QVERIFY2(indexOf(run, "advice") > indexOf(run, need), need);
    }

    void lateRegistrationRefused()
    {
        (void)measureCatalogue(); // in use from here on
        QString error;
        QVERIFY(!registerMeasure(plain("toy_late"), &error));
        QVERIFY2(error.contains(QLatin1String("toy_late")), qPrintable(error));
        QVERIFY(!measureCatalogue().find("toy_late"));
    }

    // The toy's member in analysisJson() of a real trace, its value the result's, and the built-in
    // members byte for byte the CLI's.
    void toyInAnalysisJson()
    {
        LANESCOPE_REQUIRE_TRACE(path, "a100-2rank-nccl.json.gz");
        const LoadResult loaded = loadTrace(path);
        QVERIFY2(loaded.trace, qPrintable(loaded.error));
        const AnalysisResult a = analyze(*loaded.trace);
        const test::ToyResult *toy = measureResult<test::ToyResult>(a, "toy");
        QVERIFY(toy);
        QVERIFY(toy->activities > 0);
        QCOMPARE(toy->activities, std::int64_t(a.temporal.activities));
        QVERIFY(toy->longestNs > 0);

        const QByteArray json = analysisJson(*loaded.trace, a);
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(json, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QVERIFY(o.value(QStringLiteral("toy")).isObject());
        const QJsonObject t = o.value(QStringLiteral("toy")).toObject();
        QCOMPARE(t.value(QStringLiteral("longest_activity_us")).toDouble(), double(toy->longestNs) / 1000.0);
        QCOMPARE(t.value(QStringLiteral("activities")).toInteger(), toy->activities);
        QVERIFY(o.contains(QStringLiteral("temporal")) && o.contains(QStringLiteral("critical_path")));

        // Without the toy, the object is the CLI's (which has no toy): the same writer.
        AnalysisJsonOptions noToy;
        noToy.omit = {"toy"};
        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(analysisJson(*loaded.trace, a, noToy) + '\n', cli.out);
    }

    // On every shared trace, the built-in measures' members are byte for byte what the CLI prints.
    void cliIsAnalysisJson_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList real = test::realTraceFiles();
        if (real.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(test::tracesDir())));
        const QDir dir(test::tracesDir());
        for (const QString &p : real)
            QTest::newRow(qPrintable(dir.relativeFilePath(p))) << p;
    }
    void cliIsAnalysisJson()
    {
        QFETCH(QString, path);
        const LoadResult loaded = loadTrace(path);
        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        if (!loaded.trace) {
            QVERIFY(cli.exitCode != 0); // the CLI cannot read it either
            QSKIP(qPrintable(QStringLiteral("not a loadable trace: %1").arg(loaded.error)));
        }
        QCOMPARE(cli.exitCode, 0);
        AnalysisJsonOptions noToy;
        noToy.omit = {"toy"};
        const QByteArray core = analysisJson(*loaded.trace, analyze(*loaded.trace), noToy) + '\n';
        QVERIFY2(core == cli.out, qPrintable(QStringLiteral("%1 bytes from analysisJson(), %2 from the CLI").arg(core.size()).arg(cli.out.size())));
    }

    // The rank summary is written by the measures (Measure::writeSummary) and read back by them:
    // on every shared trace, a summary read back and written again is the same bytes, each
    // measure's part included, and the toy's result comes back as it was.
    void summaryRoundTrip_data() { cliIsAnalysisJson_data(); }
    void summaryRoundTrip()
    {
        QFETCH(QString, path);
        const LoadResult loaded = loadTrace(path);
        if (!loaded.trace)
            QSKIP(qPrintable(QStringLiteral("not a loadable trace: %1").arg(loaded.error)));
        RankFile file;
        file.path = path;
        file.trace = loaded.trace;
        file.rank = 0;
        const RankSummary s = summarizeRank(file);
        const std::string written = rankSummaryToJson(s);
        RankSummary back;
        QString error;
        QVERIFY2(rankSummaryFromJson(QByteArray::fromStdString(written), &back, &error), qPrintable(error));
        QCOMPARE(rankSummaryToJson(back), written);
        // Every measure that has a part wrote it.
        const QJsonObject analysis = QJsonDocument::fromJson(QByteArray::fromStdString(written)).object().value(QStringLiteral("analysis")).toObject();
        for (const Measure *m : measureCatalogue().measures())
            if (m->writeSummary)
                QVERIFY2(analysis.contains(QString::fromStdString(m->key)), m->key.c_str());
        const test::ToyResult *toy = measureResult<test::ToyResult>(s.figures.analysis, "toy");
        const test::ToyResult *toyBack = measureResult<test::ToyResult>(back.figures.analysis, "toy");
        QVERIFY(toy && toyBack);
        QCOMPARE(toyBack->longestNs, toy->longestNs);
        QCOMPARE(toyBack->activities, toy->activities);
        // Its figure as a rank's (the Ranks dock's column), from the analysis and from the summary.
        const std::optional<double> rank = rankFigure(s.figures, "toy_longest_activity_us");
        QCOMPARE(rank, rankFigure(back.figures, "toy_longest_activity_us"));
        if (toy->activities > 0)
            QCOMPARE(rank, std::optional<double>(double(toy->longestNs) / 1000.0));
        else
            QVERIFY(!rank);
    }

    // The toy's figure: in the figure catalogue (the Metrics table's rows, after the others), in
    // the run's figures, and in the comparison's metrics of two real runs with its delta.
    void toyFigureInComparison()
    {
        LANESCOPE_REQUIRE_TRACE(basePath, "compare-small-base.json.gz");
        LANESCOPE_REQUIRE_TRACE(testPath, "compare-small-test.json.gz");
        const Figure *f = findFigure("toy_longest_activity_us");
        QVERIFY(f);
        QVERIFY(f->on(InComparison) && f->on(InMetricsTable) && f->on(InRanks));
        QCOMPARE(f->label(FigureScope{}), QStringLiteral("Longest GPU activity"));
        QCOMPARE(figuresOn(InMetricsTable).back(), f);
        QCOMPARE(figuresOn(InRanks).back(), f);
        QVERIFY(std::find(outlierFigures().begin(), outlierFigures().end(), std::string("toy_longest_activity_us")) != outlierFigures().end());

        const LoadResult base = loadTrace(basePath), other = loadTrace(testPath);
        QVERIFY2(base.trace && other.trace, qPrintable(base.error + other.error));
        const AnalysisResult a = analyze(*base.trace), b = analyze(*other.trace);
        const test::ToyResult *ta = measureResult<test::ToyResult>(a, "toy"), *tb = measureResult<test::ToyResult>(b, "toy");
        QVERIFY(ta && tb && ta->activities > 0 && tb->activities > 0);
        QCOMPARE(a.figures.measureFigures.at("toy_longest_activity_us"), double(ta->longestNs));

        const ComparisonResult c = compareRuns({CompareRun{QStringLiteral("base"), basePath, base.trace.get(), &a},
                                                CompareRun{QStringLiteral("test"), testPath, other.trace.get(), &b}});
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.deltas.size(), std::size_t(1));
        const auto &metrics = c.deltas[0].metrics;
        const auto it = std::find_if(metrics.begin(), metrics.end(), [](const MetricDelta &m) {
            return std::string(m.key) == "toy_longest_activity_us";
        });
        QVERIFY(it != metrics.end());
        // The key's unit: µs, as every time in the JSON.
        QVERIFY(it->value && it->delta);
        QCOMPARE(*it->value, double(tb->longestNs) / 1000.0);
        QCOMPARE(*it->delta, double(tb->longestNs) / 1000.0 - double(ta->longestNs) / 1000.0);
    }
};

QTEST_GUILESS_MAIN(TestMeasureCatalogue)
#include "tst_measurecatalogue.moc"
